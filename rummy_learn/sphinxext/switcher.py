"""A language switcher on every page: links to the same page in the other languages.

Set ``rummy_language_switch`` to the sites' languages and names, in order, e.g.
``{"ru": "Русский", "bg": "Български", "de": "Deutsch"}``. The sites are expected side
by side (``../ru/``, ``../bg/``, ``../de/``), each built from its own language's pages.
Where the sources lie side by side too (``lessons/ru``, ``lessons/bg``), a page that
another language does not have links to that site's start page instead.

>>> html = switcher_html("lessons/sets", "bg", {"ru": "Русский", "bg": "Български"})
>>> 'href="../../ru/lessons/sets.html"' in html, '<span aria-current="page" lang="bg">' in html
(True, True)
>>> '<nav class="rl-languages" aria-label="Език">' in html  # named in the page's language
True
>>> 'href="../../ru/index.html"' in switcher_html("a/b", "bg", {"ru": "Ru"}, {"ru": "index"})
True
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from rummy_learn.i18n import text

from .page import page_language, render

__all__ = ["add_switcher", "switcher_html"]


def switcher_html(
    pagename: str,
    current: str,
    languages: Mapping[str, str],
    instead: Mapping[str, str] | None = None,
) -> str:
    """The switcher for one page (HTML, autoescaped); ``instead`` names, per language, the
    page to link to where that language has no page of this name (its start page)."""
    up = "../" * (pagename.count("/") + 1)
    instead = instead or {}
    links = [
        (lang, name, f"{up}{lang}/{instead.get(lang, pagename)}.html")
        for lang, name in languages.items()
    ]
    label = text("ui.language", current)
    return render("switcher.html.j2", links=links, current=current, label=label).strip()


def add_switcher(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Put the switcher at the top of every page's body."""
    languages = app.config.rummy_language_switch
    if languages and "body" in context:
        current = page_language(app.config)
        here = Path(app.srcdir)
        instead = {  # a page of ours (not one Sphinx makes, like search) another site lacks
            lang: app.config.root_doc
            for lang in languages
            if lang != current
            and has_page(here, pagename)
            and not has_page(here.parent / lang, pagename)
        }
        nav = switcher_html(pagename, current, languages, instead)
        context["body"] = nav + context["body"]


def has_page(site: Path, pagename: str) -> bool:
    """Whether another language's sources, side by side with these, have this page (True
    when they are not side by side: the page is then assumed to be there).

    >>> has_page(Path("/nowhere/ru"), "glossary")
    True
    """
    if not site.is_dir():
        return True
    folder = (site / pagename).parent
    name = Path(pagename).name
    return folder.is_dir() and any(p.stem == name for p in folder.iterdir() if p.is_file())
