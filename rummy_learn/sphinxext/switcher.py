"""A language switcher on every page: links to the same page in the other languages.

Set ``rummy_language_switch`` to the sites' languages and names, in order, e.g.
``{"ru": "Русский", "bg": "Български", "de": "Deutsch"}``. The sites are expected side
by side (``../ru/``, ``../bg/``, ``../de/``), each built from its own language's pages
with the same page names.

>>> html = switcher_html("lessons/sets", "bg", {"ru": "Русский", "bg": "Български"})
>>> 'href="../../ru/lessons/sets.html"' in html, '<span aria-current="page" lang="bg">' in html
(True, True)
>>> '<nav class="rl-languages" aria-label="Език">' in html  # named in the page's language
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sphinx.application import Sphinx

from rummy_learn.i18n import text

from .page import page_language, render

__all__ = ["add_switcher", "switcher_html"]


def switcher_html(pagename: str, current: str, languages: Mapping[str, str]) -> str:
    """The switcher for one page (HTML, autoescaped)."""
    up = "../" * (pagename.count("/") + 1)
    links = [(lang, name, f"{up}{lang}/{pagename}.html") for lang, name in languages.items()]
    label = text("ui.language", current)
    return render("switcher.html.j2", links=links, current=current, label=label).strip()


def add_switcher(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Put the switcher at the top of every page's body."""
    languages = app.config.rummy_language_switch
    if languages and "body" in context:
        nav = switcher_html(pagename, page_language(app.config), languages)
        context["body"] = nav + context["body"]
