"""A learner's quiz progress on the links of a Sphinx site, and pages that print cleanly."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from servers import static_server
from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace

pytestmark = pytest.mark.browser


def site(tmp_path: Path, language: str = "de", progress: bool = True) -> Path:
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir(parents=True)
    (src / "conf.py").write_text(
        f"extensions = ['rummy_learn.sphinxext']\nlanguage = {language!r}\n"
        f"rummy_progress = {progress}\n",
        encoding="utf-8",
    )
    (src / "index.rst").write_text(
        "Kurs\n====\n\n.. toctree::\n\n   lektion\n   andere\n", encoding="utf-8"
    )
    for name in ("lektion", "andere"):
        (src / f"{name}.rst").write_text(f"{name.title()}\n=======\n\nText.\n", encoding="utf-8")
    with docutils_namespace():
        Sphinx(str(src), str(src), str(out), str(tmp_path / "doctrees"), "html",
               status=None, warning=io.StringIO(), warningiserror=True).build()  # fmt: skip
    return out


def test_the_pages_link_the_script_with_words_in_their_language(tmp_path: Path) -> None:
    out = site(tmp_path, "ru")
    html = (out / "index.html").read_text(encoding="utf-8")
    assert 'src="_static/rummy-progress.js' in html
    assert 'data-done="пройдено: верно {right} из {total}"' in html
    assert 'href="_static/rummy-learn-print.css' in html and 'media="print"' in html
    assert {"rummy-progress.js", "rummy-progress.css", "rummy-learn-print.css"} <= {
        p.name for p in (out / "_static").iterdir()
    }
    off = site(tmp_path / "off", "ru", progress=False)
    assert "rummy-progress" not in (off / "index.html").read_text(encoding="utf-8")


def test_answered_quizzes_are_marked_on_the_links_and_nothing_else(tmp_path: Path, page) -> None:
    out = site(tmp_path)
    with static_server(out) as url:
        page.goto(f"{url}/index.html")
        assert page.locator(".rl-progress").count() == 0  # nothing answered yet
        progress = {
            "/lektion.html": {"answered": 6, "right": 5, "total": 6},
            "/andere.html": {"answered": 2, "right": 2, "total": 6},
            "/elsewhere.html": {"answered": "<img src=x onerror=alert(1)>", "total": 6},
        }
        page.evaluate("p => localStorage.setItem('rummy-learn:progress', p)", json.dumps(progress))
        page.reload()
        done = page.locator("a[href='lektion.html']").first
        assert done.locator(".rl-progress").inner_text() == "✓"
        assert "erledigt: 5 von 6 richtig" in done.inner_text()  # the words, for screen readers
        partly = page.locator("a[href='andere.html']").first
        assert partly.locator(".rl-progress").inner_text() == "2/6"
        assert "2 von 6 beantwortet" in partly.inner_text()
        assert page.locator("img").count() == 0
        page.evaluate("localStorage.setItem('rummy-learn:progress', 'not json')")
        page.reload()  # a broken value marks nothing and breaks nothing
        assert page.locator(".rl-progress").count() == 0
