"""The kit's languages and the default one (Russian, Bulgarian, German, English).

It lives in the core (no I/O) so that reading cards follows the same default as
the messages do.

>>> set_language("bg"); get_language()
'bg'
>>> set_language("en")
"""

from __future__ import annotations

__all__ = ["LANGUAGES", "check_language", "get_language", "set_language"]

LANGUAGES: tuple[str, ...] = ("ru", "bg", "de", "en")
"""The languages of the kit: Russian, Bulgarian, German, and English."""

_state = {"language": "en"}


def check_language(lang: str) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`, else a ``ValueError`` naming the valid ones."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of: {', '.join(LANGUAGES)}")
    return lang


def set_language(lang: str) -> None:
    """Make ``lang`` the default language of everything the kit reads and says."""
    _state["language"] = check_language(lang)


def get_language() -> str:
    """The default language (``en`` until :func:`set_language` is called)."""
    return _state["language"]
