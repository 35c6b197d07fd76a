"""What the extension's pages share: the page's language and the Jinja2 templates."""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

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


@cache
def _environment() -> Environment:
    return Environment(
        loader=PackageLoader("rummy_learn.sphinxext", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render(template: str, **values: Any) -> str:
    """One of the extension's templates, autoescaped."""
    return _environment().get_template(template).render(**values)
