"""The book ``rummy-learn new-book`` writes, built by Jupyter Book with its default theme
settings, in a real browser: no console error, no failed request, the widget drawn."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from servers import static_server

from rummy_learn.cli import main

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def new_book_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    book = tmp_path_factory.mktemp("new-book") / "book"
    assert main(["new-book", str(book), "--lang", "bg"]) == 0
    jupyter_book = str(Path(sys.executable).with_name("jupyter-book"))
    done = subprocess.run([jupyter_book, "build", str(book), "--warningiserror"],
                          capture_output=True, text=True, check=False, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    with static_server(book / "_build" / "html") as url:
        yield url


@pytest.mark.parametrize("name", ["intro.html", "widgets.html", "glossary.html"])
def test_the_new_books_pages_load_without_errors(page, new_book_url: str, name: str) -> None:
    errors: list[str] = []
    failed: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    page.goto(f"{new_book_url}/{name}")
    page.wait_for_load_state("networkidle")
    if name == "widgets.html":
        page.locator(".rl-w-card").first.wait_for(timeout=30_000)
        assert "Събери комбинация" in page.content()
    assert errors == [] and failed == [], (errors, failed)
