"""The book: three language sites and a landing page, built offline with warnings as errors."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urldefrag

import pytest

ROOT = Path(__file__).parent.parent
LANGUAGES = ("ru", "bg", "de")
TRACKS = {"ru": {"palace"}, "bg": {"rami40", "rami51"}, "de": {"romme"}}


COURSE = ["01-game", "02-cards", "03-sets", "04-runs", "05-jokers", "06-turn", "07-opening",
          "08-scoring", "09-variants", "10-round"]  # fmt: skip
LESSONS = [f"{name}.html" for name in COURSE]
TEACHER = [f"teacher/{name}.html" for name in ["index", "notes", *COURSE]] + [
    f"teacher/handouts/{name}.html" for name in COURSE
]


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


def test_every_language_has_the_lessons_the_guide_and_the_glossary(site: Path) -> None:
    for lang in LANGUAGES:  # beyond these, each course has its own pages (a handout or two)
        assert {"index.html", "glossary.html", *LESSONS, *TEACHER} <= pages(site, lang), lang


def test_each_lesson_shows_checked_examples_and_the_glossary_the_same_terms(site: Path) -> None:
    for lang in LANGUAGES:  # each track has its own examples, written for its own game
        shown = [page for page in LESSONS if ids(site, lang, page, "example")]
        assert len(shown) >= 7, (lang, shown)
    # each glossary is in its own language's alphabetical order: compare the sets; every site
    # has its own games' terms, and one that lists the other games' terms (not ":others: none")
    # has every term of the kit's glossary
    import yaml

    data = yaml.safe_load((ROOT / "lessons" / "glossary.yaml").read_text(encoding="utf-8"))
    every = {f"term-{t['id'].replace('_', '-')}" for t in data}
    for lang in LANGUAGES:
        terms = set(ids(site, lang, "glossary.html", "term"))
        own = {f"term-{t['id'].replace('_', '-')}" for t in data
               if not t.get("games") or set(t["games"]) & TRACKS[lang]}  # fmt: skip
        assert own <= terms <= every, (lang, own - terms, terms - every)
        page = (ROOT / "lessons" / lang / "glossary.md").read_text(encoding="utf-8")
        if ":others: none" not in page:
            assert terms == every, (lang, every - terms)


@pytest.mark.parametrize(
    ("lang", "own", "other"),
    [("ru", "term-knock", "term-rauben"), ("bg", "term-turn-limit", "term-knock"),
     ("de", "term-rauben", "term-turn-limit")],
)  # fmt: skip
def test_each_glossary_puts_its_own_games_terms_first(
    site: Path, lang: str, own: str, other: str
) -> None:
    html = (site / lang / "glossary.html").read_text(encoding="utf-8")
    heading = re.search(r'class="[^"]*\brl-other\b', html)  # the other games' terms' heading
    page = (ROOT / "lessons" / lang / "glossary.md").read_text(encoding="utf-8")
    if ":others: none" in page:  # the other games' terms are left out
        assert heading is None and f'id="{own}"' in html and f'id="{other}"' not in html
        return
    assert heading, lang
    other_games = heading.start()
    assert html.index(f'id="{own}"') < other_games < html.index(f'id="{other}"')


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_teachers_guide_is_off_the_pupils_menu_and_search(site: Path, lang: str) -> None:
    """Pupils on their own screens find no answer key in the menu or the search; the guide is
    reached from its own address (the landing page and the start page link it)."""
    for page in ["index.html", *LESSONS, "glossary.html"]:
        html = (site / lang / page).read_text(encoding="utf-8")
        menu = re.search(r'<nav class="bd-links bd-docs-nav".*?</nav>', html, re.S)
        assert menu and len(re.findall(r'href="\d\d-', menu.group(0))) >= len(COURSE) - 1, page
        assert "teacher/" not in menu.group(0), page
    assert 'href="teacher/index.html"' in (site / lang / "index.html").read_text(encoding="utf-8")
    searched = (site / lang / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(searched[searched.index("(") + 1 : searched.rindex(")")])
    teacher = {n for n, doc in enumerate(index["docnames"]) if doc.startswith("teacher/")}
    assert len(teacher) >= 2 * len(COURSE)  # listed, but with no title and no word
    assert all(not index["titles"][n] for n in teacher)
    found = {
        n for docs in index["terms"].values() for n in ([docs] if isinstance(docs, int) else docs)
    }
    assert found and not found & teacher


def test_the_teachers_guide_gives_every_answer(site: Path) -> None:
    for lang in LANGUAGES:
        for page in LESSONS:
            html = (site / lang / "teacher" / page).read_text(encoding="utf-8")
            assert html.count('class="rl-answer simple"') >= 6, (lang, page)


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


def test_the_glossarys_examples_are_in_the_sites(site: Path) -> None:
    from rummy_learn.glossary import load_glossary

    wanted = {e for term in load_glossary(ROOT / "lessons" / "glossary.yaml").values()
              for e in term.examples}  # fmt: skip
    assert wanted
    html = "".join(
        (site / lang / name).read_text(encoding="utf-8")
        for lang in LANGUAGES
        for name in pages(site, lang)
    )
    assert {e for e in wanted if f'id="example-{e}"' not in html} == set()


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
    html = (site / "bg" / "09-variants.html").read_text(encoding="utf-8")
    nav = re.search(r'<nav class="rl-languages".*?</nav>', html)
    assert nav
    assert re.findall(r'href="([^"]+)"', nav.group(0)) == [
        "../ru/09-variants.html",
        "../de/09-variants.html",
    ]
    assert '<span aria-current="page" lang="bg">Български</span>' in nav.group(0)


@pytest.mark.parametrize(("lang", "words"), [("ru", "Поиск"), ("bg", "Търсене"), ("de", "Suchen")])
def test_the_theme_speaks_the_sites_language(site: Path, lang: str, words: str) -> None:
    html = (site / lang / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}"' in html
    assert words in html
    lesson = (site / lang / "03-sets.html").read_text(encoding="utf-8")
    english = ["Back to top", "Color mode", "System Settings", "previous page", "next page",
               "Skip to main content", "On this page", "Link to this heading",
               'title="Search"', "Show code cell", "Click to show"]  # fmt: skip
    assert [w for w in english if w in lesson] == []  # book/<lang>/locale fills Sphinx's gaps


def test_the_landing_page_leads_to_the_three_sites(site: Path) -> None:
    html = (site / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'href="([^"]+)"', html) == [  # each site, then its teacher's guide
        page for lang in LANGUAGES for page in (f"{lang}/index.html", f"{lang}/teacher/index.html")
    ]
    assert "<script" not in html
    assert len(COURSE) == 10 and all(n in html for n in ("Десять", "Десет", "Zehn"))
    assert "румми" not in html  # the Russian players' word is «рамми» (issue 9)
    import yaml

    for lang in LANGUAGES:  # each site's title, from its _config.yml
        config = yaml.safe_load((ROOT / "book" / lang / "_config.yml").read_text("utf-8"))
        assert config["title"] in html


@pytest.mark.parametrize("page", ["05-jokers.ipynb", "08-scoring.ipynb"])
def test_a_wrong_example_stops_the_book(tmp_path: Path, page: str) -> None:
    lessons = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", lessons)
    path = lessons / "de" / page
    text = path.read_text(encoding="utf-8")
    found = re.search(r":points: (\d+)", text)
    assert found, f"{page} has no example with points"
    points = int(found[1])
    path.write_text(text.replace(found[0], f":points: {points + 1}", 1), "utf-8")
    said = f"the core counts {points} points, the example expects {points + 1}"
    command = [sys.executable, str(ROOT / "book" / "build.py"), "--lang", "de",
               "--out", str(tmp_path / "out"), "--lessons", str(lessons)]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode != 0
    first = done.stderr.splitlines()[0]  # the cause comes first, not a traceback
    assert said in first and "example '" in first
    where = f"{page}, cell " if page.endswith(".ipynb") else f"{page}:"
    assert where in first  # a notebook's place as its cell and line
    assert not (tmp_path / "out" / "de").exists()
