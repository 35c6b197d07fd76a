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


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("book")
    done = subprocess.run([sys.executable, str(ROOT / "book" / "build.py"), "--out", str(out)],
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def pages(site: Path, lang: str) -> set[str]:
    """The site's pages (the theme's own files under _static are not pages)."""
    found = (p.relative_to(site / lang) for p in (site / lang).rglob("*.html"))
    return {p.as_posix() for p in found if p.parts[0] != "_static"}


def test_every_language_has_the_same_pages(site: Path) -> None:
    ru = pages(site, "ru")
    assert {"index.html", "variants.html", "glossary.html"} <= ru
    assert all(pages(site, lang) == ru for lang in LANGUAGES)


def test_the_same_examples_and_terms_in_every_language(site: Path) -> None:
    def ids(lang: str, page: str, prefix: str) -> list[str]:
        html = (site / lang / page).read_text(encoding="utf-8")
        return re.findall(rf'id="({prefix}-[^"]+)"', html)

    examples = {lang: ids(lang, "index.html", "example") for lang in LANGUAGES}
    terms = {lang: ids(lang, "glossary.html", "term") for lang in LANGUAGES}
    assert examples["ru"] == ["example-kings", "example-gap"]
    assert examples["bg"] == examples["de"] == examples["ru"]
    assert len(terms["ru"]) >= 45 and terms["bg"] == terms["de"] == terms["ru"]


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
    html = (site / "bg" / "variants.html").read_text(encoding="utf-8")
    nav = re.search(r'<nav class="rl-languages".*?</nav>', html)
    assert nav
    assert re.findall(r'href="([^"]+)"', nav.group(0)) == [
        "../ru/variants.html",
        "../de/variants.html",
    ]
    assert '<span aria-current="page" lang="bg">Български</span>' in nav.group(0)


@pytest.mark.parametrize(("lang", "words"), [("ru", "Поиск"), ("bg", "Търсене"), ("de", "Suchen")])
def test_the_theme_speaks_the_sites_language(site: Path, lang: str, words: str) -> None:
    html = (site / lang / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}"' in html
    assert words in html


def test_the_landing_page_leads_to_the_three_sites(site: Path) -> None:
    html = (site / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'href="([^"]+)"', html) == [f"{lang}/index.html" for lang in LANGUAGES]
    assert "<script" not in html
    for title in ("Румми: учимся играть", "Рами: учим се да играем", "Rommé lernen"):
        assert title in html  # each site's title, from its _config.yml


def test_a_wrong_example_stops_the_book(tmp_path: Path) -> None:
    lessons = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", lessons)
    page = lessons / "de" / "index.md"
    page.write_text(page.read_text(encoding="utf-8").replace(":points: 30", ":points: 31"), "utf-8")
    command = [sys.executable, str(ROOT / "book" / "build.py"), "--lang", "de",
               "--out", str(tmp_path / "out"), "--lessons", str(lessons)]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode != 0
    assert "the core counts 30 points, the example expects 31" in done.stdout + done.stderr
    assert not (tmp_path / "out" / "de").exists()
