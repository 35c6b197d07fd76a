"""What the extension's pages share: the page's language and the Jinja2 templates."""

from __future__ import annotations

from typing import Any

from rummy_learn.i18n import LANGUAGES

__all__ = ["page_language", "render"]


def page_language(config: Any) -> str:
    """The kit's language for a Sphinx project: its ``language``, else English.

    >>> from types import SimpleNamespace
    >>> page_language(SimpleNamespace(language="bg")), page_language(SimpleNamespace(language="fr"))
    ('bg', 'en')
    """
    lang = (getattr(config, "language", None) or "en").split("_")[0].lower()
    return lang if lang in LANGUAGES else "en"


def render(template: str, **values: Any) -> str:
    """One of the extension's templates, autoescaped."""
    from rummy_learn.render import jinja_environment

    return jinja_environment(__package__ or "").get_template(template).render(**values)
