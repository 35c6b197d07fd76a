"""The kit's languages and the default one (Russian, Bulgarian, German, English).

It lives in the core (no I/O) so that reading cards follows the same default as
the messages do. The default is English, or ``RUMMY_LEARN_LANGUAGE`` when it names one of
the languages: a book's Sphinx extension sets it for the notebooks' kernels, so that the
widgets in a book speak the book's language.

>>> set_language("bg"); get_language()
'bg'
>>> set_language("en")
"""

from __future__ import annotations

import os

__all__ = ["LANGUAGES", "check_language", "get_language", "set_language"]

LANGUAGES: tuple[str, ...] = ("ru", "bg", "de", "en")
"""The languages of the kit: Russian, Bulgarian, German, and English."""


def _default() -> str:
    wanted = os.environ.get("RUMMY_LEARN_LANGUAGE", "")
    return wanted if wanted in LANGUAGES else "en"


_state = {"language": _default()}


def check_language(lang: str) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`, else a ``ValueError`` naming the valid ones."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of: {', '.join(LANGUAGES)}")
    return lang


def set_language(lang: str) -> None:
    """Make ``lang`` the default language of everything the kit reads and says."""
    _state["language"] = check_language(lang)


def get_language() -> str:
    """The default language (``en``, or ``RUMMY_LEARN_LANGUAGE``, until :func:`set_language`)."""
    return _state["language"]
