"""The language switcher links a page to itself in the other sites, and to a site's start
page where that site has no such page (the courses are not translations of one another)."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

from rummy_learn.sphinxext.switcher import add_switcher

LANGUAGES = {"ru": "Русский", "bg": "Български", "de": "Deutsch"}


SOURCES = {
    "ru": ["index.md", "teacher/sheet.md", "a.ipynb"],
    "bg": ["index.md", "a.md"],
    "de": ["index.md", "a.ipynb"],
}


def links(tmp_path: Path, pagename: str) -> dict[str, str]:
    """The ru page's switcher links, by language, with the sites' sources side by side."""
    for lang, pages in SOURCES.items():
        for page in pages:
            (tmp_path / lang / page).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / lang / page).write_text("# x\n", encoding="utf-8")
    config = SimpleNamespace(rummy_language_switch=LANGUAGES, language="ru", root_doc="index")
    app = SimpleNamespace(config=config, srcdir=str(tmp_path / "ru"))
    context = {"body": "<p>page</p>"}
    add_switcher(app, pagename, "page.html", context, None)  # type: ignore[arg-type]
    assert context["body"].endswith("<p>page</p>")
    return {lang: href for href, lang in re.findall(r'<a href="([^"]+)" hreflang="(\w+)"',
                                                      context["body"])}  # fmt: skip


def test_a_page_every_site_has_links_to_itself(tmp_path: Path) -> None:
    assert links(tmp_path, "a") == {"bg": "../bg/a.html", "de": "../de/a.html"}


def test_a_page_another_site_lacks_links_to_its_start_page(tmp_path: Path) -> None:
    assert links(tmp_path, "teacher/sheet") == {
        "bg": "../../bg/index.html",
        "de": "../../de/index.html",
    }


def test_a_page_sphinx_makes_links_to_itself(tmp_path: Path) -> None:
    assert links(tmp_path, "search") == {"bg": "../bg/search.html", "de": "../de/search.html"}
