"""The book theme's few English labels, said in the page's language.

sphinx-book-theme writes some labels in English whatever the book's language: the side
navigation's ``aria-label="Main"``, the print table of contents' ``aria-label="Page"``, and
the titles of the two sidebar buttons. A screen reader reads them out on every Russian,
Bulgarian and German page. The theme offers no setting for them, so the HTML builder's
template rendering is wrapped: each label, exactly as the theme writes it, is replaced by
the kit's message for it.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from sphinx.application import Sphinx

from rummy_learn.i18n import text

from .page import page_language

__all__ = ["relabel", "theme_labels", "translate_theme_labels"]

_THEME_LABELS = {
    'aria-label="Main"': ("aria-label", "book.nav_label"),
    'aria-label="Page"': ("aria-label", "book.page_contents_label"),
    'title="Toggle primary sidebar"': ("title", "book.toggle_nav"),
    'title="Toggle secondary sidebar"': ("title", "book.toggle_page_contents"),
}


def theme_labels(lang: str) -> dict[str, str]:
    """Each English attribute the theme writes, and what it becomes in ``lang``.

    >>> theme_labels("de")['aria-label="Main"']
    'aria-label="Inhalt des Kurses"'
    """
    return {
        english: f'{attribute}="{escape(text(key, lang), quote=True)}"'
        for english, (attribute, key) in _THEME_LABELS.items()
    }


def relabel(page: str, labels: dict[str, str]) -> str:
    """``page`` with each of the theme's English labels replaced.

    >>> relabel('<nav aria-label="Main">', theme_labels("ru"))
    '<nav aria-label="Содержание курса">'
    """
    for english, said in labels.items():
        page = page.replace(english, said)
    return page


def translate_theme_labels(app: Sphinx) -> None:
    """Wrap the HTML builder's page rendering so the theme's labels are translated."""
    templates = getattr(app.builder, "templates", None)
    if templates is None or app.builder.format != "html":
        return
    labels = theme_labels(page_language(app.config))
    render: Callable[[str, dict[str, Any]], str] = templates.render

    def render_translated(template: str, context: dict[str, Any]) -> str:
        return relabel(render(template, context), labels)

    templates.render = render_translated
