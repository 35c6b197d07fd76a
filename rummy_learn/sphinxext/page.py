"""What the extension's pages share: the page's language, option lists, the templates."""

from __future__ import annotations

from typing import Any

from rummy_learn.i18n import LANGUAGES

__all__ = ["page_language", "render", "word_list"]


def page_language(config: Any) -> str:
    """The kit's language for a Sphinx project: its ``language``, else English.

    >>> from types import SimpleNamespace
    >>> page_language(SimpleNamespace(language="bg")), page_language(SimpleNamespace(language="fr"))
    ('bg', 'en')
    """
    lang = (getattr(config, "language", None) or "en").split("_")[0].lower()
    return lang if lang in LANGUAGES else "en"


def word_list(argument: str | None) -> list[str]:
    """A directive option's list of words, split at spaces or commas.

    >>> word_list("opening_40, knock"), word_list(None)
    (['opening_40', 'knock'], [])
    """
    return (argument or "").replace(",", " ").split()


def render(template: str, **values: Any) -> str:
    """One of the extension's templates, autoescaped."""
    from rummy_learn.render import jinja_environment

    return jinja_environment(__package__ or "").get_template(template).render(**values)
