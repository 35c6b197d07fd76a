"""``rummy-learn new-book``: a minimal Jupyter Book that builds offline at once, whose
widgets speak the book's language, and whose wrong example stops it with one line."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from rummy_learn.cli import main


def jupyter_book(book: Path) -> subprocess.CompletedProcess[str]:
    command = [str(Path(sys.executable).with_name("jupyter-book")), "build", str(book),
               "--warningiserror", "--nitpick"]  # fmt: skip
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=600)


def test_the_new_book_builds_offline_and_stops_on_a_wrong_example_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = tmp_path / "buch"
    assert main(["new-book", str(book), "--lang", "de"]) == 0
    assert "jupyter-book build" in capsys.readouterr().out
    done = jupyter_book(book)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    html = book / "_build" / "html"
    intro = (html / "intro.html").read_text(encoding="utf-8")
    assert 'id="example-kings"' in intro and "Gültiger Satz: 30 Punkte" in intro
    assert 'href="glossary.html#term-set"' in intro and "Rami 51" in intro
    widgets = (html / "widgets.html").read_text(encoding="utf-8")
    assert "G\\u00fcltiger Satz: 27 Punkte" in widgets  # the widget speaks the book's language
    assert not [s for s in re.findall(r'<script[^>]*src="([^"]+)"', widgets) if "//" in s]
    assert 'id="term-set"' in (html / "glossary.html").read_text(encoding="utf-8")

    page = book / "intro.md"
    page.write_text(page.read_text(encoding="utf-8").replace(":points: 30", ":points: 33"))
    done = jupyter_book(book)
    assert done.returncode == 1
    said = done.stdout + done.stderr
    assert "Traceback" not in said
    line = f"rummy-learn example: {page}:5: example 'kings': the core counts 30 points, the "
    assert said.count(line + "example expects 33\n") == 1


def test_new_book_refuses_a_folder_that_is_not_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "x.md").write_text("mine")
    assert main(["new-book", str(tmp_path)]) == 2
    assert "is not empty" in capsys.readouterr().err
