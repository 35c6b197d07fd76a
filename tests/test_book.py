"""The book: three language sites and a landing page, built offline with warnings as errors."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urldefrag

import pytest

ROOT = Path(__file__).parent.parent
LANGUAGES = ("ru", "bg", "de")


LESSONS = [f"{n:02d}-{name}.html" for n, name in enumerate(
    ["cards", "sets", "runs", "jokers", "opening", "turn", "scoring", "variants", "round"], 1
)]  # fmt: skip


@pytest.fixture(scope="module")
def site(built_book: Path) -> Path:
    return built_book


def pages(site: Path, lang: str) -> set[str]:
    """The site's pages (the theme's own files under _static are not pages)."""
    found = (p.relative_to(site / lang) for p in (site / lang).rglob("*.html"))
    return {p.as_posix() for p in found if p.parts[0] != "_static"}


def ids(site: Path, lang: str, page: str, prefix: str) -> list[str]:
    html = (site / lang / page).read_text(encoding="utf-8")
    return re.findall(rf'id="({prefix}-[^"]+)"', html)


def test_every_language_has_the_same_pages(site: Path) -> None:
    ru = pages(site, "ru")
    assert {"index.html", "glossary.html", *LESSONS} <= ru
    assert all(pages(site, lang) == ru for lang in LANGUAGES)


def test_the_same_examples_and_terms_in_every_language(site: Path) -> None:
    for page in ["index.html", *LESSONS]:
        examples = {lang: sorted(ids(site, lang, page, "example")) for lang in LANGUAGES}
        assert examples["ru"], page  # each language orders its lesson its own way
        assert examples["bg"] == examples["de"] == examples["ru"], page
    assert ids(site, "ru", "index.html", "example") == ["example-kings", "example-gap"]
    # each glossary is in its own language's alphabetical order: compare the sets
    terms = {lang: sorted(ids(site, lang, "glossary.html", "term")) for lang in LANGUAGES}
    assert len(terms["ru"]) >= 45 and terms["bg"] == terms["de"] == terms["ru"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_links_terms_and_holds_widgets_and_a_quiz(site: Path, lang: str) -> None:
    for page in LESSONS:
        html = (site / lang / page).read_text(encoding="utf-8")
        assert (
            len(re.findall(r'class="rl-term reference internal" href="glossary.html#term-', html))
            >= 3
        ), page
        assert 'type="application/vnd.jupyter.widget-view+json"' in html, page
        assert '"_anywidget_id": "rummy_learn.widgets.quiz.Quiz"' in html, page
        assert '"_static/require.js"' in html and "cdn." not in html.split("<body")[0], page


def test_the_glossarys_examples_are_in_every_site(site: Path) -> None:
    from rummy_learn.glossary import load_glossary

    wanted = {e for term in load_glossary(ROOT / "lessons" / "glossary.yaml").values()
              for e in term.examples}  # fmt: skip
    assert wanted
    for lang in LANGUAGES:
        html = "".join(
            (site / lang / name).read_text(encoding="utf-8") for name in pages(site, lang)
        )
        assert {e for e in wanted if f'id="example-{e}"' not in html} == set(), lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_local_link_resolves(site: Path, lang: str) -> None:
    for name in sorted(pages(site, lang)):
        page = site / lang / name
        html = page.read_text(encoding="utf-8")
        for link in re.findall(r'(?:href|src)="([^"]+)"', html):
            target, anchor = urldefrag(link)
            target = unquote(target.split("?")[0])
            if re.match(r"[a-z]+:", target):
                continue
            where = (page.parent / target).resolve() if target else page
            assert where.exists(), f"{page.name}: {link}"
            if anchor and where.suffix == ".html":
                assert f'id="{anchor}"' in where.read_text(encoding="utf-8"), f"{page.name}: {link}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_nothing_is_loaded_from_the_network(site: Path, lang: str) -> None:
    for name in pages(site, lang):
        html = (site / lang / name).read_text(encoding="utf-8")
        assert not re.findall(r'<(?:script|link|img)[^>]+(?:src|href)="(?:https?:)?//', html), name


def test_each_page_links_to_itself_in_the_other_languages(site: Path) -> None:
    html = (site / "bg" / "08-variants.html").read_text(encoding="utf-8")
    nav = re.search(r'<nav class="rl-languages".*?</nav>', html)
    assert nav
    assert re.findall(r'href="([^"]+)"', nav.group(0)) == [
        "../ru/08-variants.html",
        "../de/08-variants.html",
    ]
    assert '<span aria-current="page" lang="bg">Български</span>' in nav.group(0)


@pytest.mark.parametrize(("lang", "words"), [("ru", "Поиск"), ("bg", "Търсене"), ("de", "Suchen")])
def test_the_theme_speaks_the_sites_language(site: Path, lang: str, words: str) -> None:
    html = (site / lang / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}"' in html
    assert words in html
    lesson = (site / lang / "02-sets.html").read_text(encoding="utf-8")
    english = ["Back to top", "Color mode", "System Settings", "previous page", "next page",
               "Skip to main content", "On this page", "Link to this heading",
               'title="Search"', "Show code cell", "Click to show"]  # fmt: skip
    assert [w for w in english if w in lesson] == []  # book/<lang>/locale fills Sphinx's gaps


def test_the_landing_page_leads_to_the_three_sites(site: Path) -> None:
    html = (site / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'href="([^"]+)"', html) == [f"{lang}/index.html" for lang in LANGUAGES]
    assert "<script" not in html
    for title in ("Румми: учимся играть", "Рами: учим се да играем", "Rommé lernen"):
        assert title in html  # each site's title, from its _config.yml


@pytest.mark.parametrize(("page", "points"), [("index.md", 30), ("04-jokers.ipynb", 21)])
def test_a_wrong_example_stops_the_book(tmp_path: Path, page: str, points: int) -> None:
    right, wrong = f":points: {points}", f":points: {points + 1}"
    said = f"the core counts {points} points, the example expects {points + 1}"
    lessons = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", lessons)
    path = lessons / "de" / page
    text = path.read_text(encoding="utf-8")
    assert right in text
    path.write_text(text.replace(right, wrong, 1), "utf-8")
    command = [sys.executable, str(ROOT / "book" / "build.py"), "--lang", "de",
               "--out", str(tmp_path / "out"), "--lessons", str(lessons)]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode != 0
    first = done.stderr.splitlines()[0]  # the cause comes first, not a traceback
    assert said in first and "example '" in first
    where = "04-jokers.ipynb, cell " if page.endswith(".ipynb") else "index.md:"
    assert where in first  # a notebook's place as its cell and line
    assert not (tmp_path / "out" / "de").exists()
