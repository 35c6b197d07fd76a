"""``export`` answers in one line, and a widget's text cannot break an exported or built page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest
from test_sphinxext import notebook_site

from rummy_learn.cli import main
from rummy_learn.render.script_data import WIDGET_STATE

HOSTILE = "<!--<script>"


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def notebook(path: Path, *sources: str) -> Path:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])
    nbformat.write(nb, path)
    return path


def test_export_of_a_file_that_is_not_a_notebook_is_one_line(capsys, tmp_path):
    bad = tmp_path / "notes.ipynb"
    bad.write_text("this is not JSON", encoding="utf-8")
    code, out, err = run(capsys, "export", str(bad), str(tmp_path / "site"))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "notes.ipynb is not a notebook" in err
    bad.write_text("[1, 2]", encoding="utf-8")
    code, out, err = run(capsys, "export", str(bad), str(tmp_path / "site"))
    assert code == 2 and err.count("\n") == 1 and "not a notebook" in err


def test_export_into_a_file_is_one_line(capsys, tmp_path):
    page = notebook(tmp_path / "page.ipynb", "1 + 1")
    taken = tmp_path / "site"
    taken.write_text("a file", encoding="utf-8")
    code, _out, err = run(capsys, "export", str(page), str(taken))
    assert code == 2 and err.count("\n") == 1 and "is a file, not a folder" in err


def test_export_of_a_failing_cell_is_one_line(capsys, tmp_path):
    page = notebook(tmp_path / "page.ipynb", "x = 1", "raise ValueError('no such card')")
    code, _out, err = run(capsys, "export", str(page), str(tmp_path / "site"))
    assert code == 2 and err.count("\n") == 1
    assert "cell 2 of page.ipynb failed: ValueError: no such card" in err


def _state_script(page: str) -> str:
    found = re.findall(rf'<script type="{re.escape(WIDGET_STATE)}">(.*?)</script>', page, re.S)
    assert len(found) == 1
    return found[0]


def test_an_exported_page_holds_a_widget_whose_text_opens_a_comment(tmp_path):
    """The audit: a quiz prompt holding ``<!--<script>`` hid every widget after it."""
    from rummy_learn.widgets.export import export_html

    quiz = ("from rummy_learn.widgets import Hand, Quiz\n"
            "Quiz([{'kind': 'valid', 'variant': 'romme', 'cards': '7♠ 8♠ 9♠',"
            f" 'prompt': {{'en': {HOSTILE!r}}}}}], lang='en')")  # fmt: skip
    page = export_html(notebook(tmp_path / "quiz.ipynb", quiz, "Hand('Q♥ 7♠', lang='en')"),
                       tmp_path / "site")  # fmt: skip
    body = _state_script(page.read_text(encoding="utf-8"))
    assert "<" not in body
    states = [m["state"] for m in json.loads(body.replace("\\/", "/"))["state"].values()]
    assert any(e.get("prompt") == HOSTILE for s in states for e in s.get("exercises", []))
    assert any(s.get("kind") == "hand" for s in states)  # the widget after it is in the page


def test_a_built_notebook_page_holds_a_widget_whose_text_opens_a_comment(tmp_path):
    body = _state_script(notebook_site(tmp_path, {"prompt": HOSTILE}))
    assert "<" not in body
    assert json.loads(body)["state"]["0" * 32]["state"]["prompt"] == HOSTILE


@pytest.fixture(autouse=True)
def _quiet_kernel(monkeypatch):
    """The exported notebooks' kernel must not look for a display."""
    monkeypatch.setenv("MPLBACKEND", "Agg")


def test_export_writes_jupyterlabs_dark_look_when_asked(capsys, tmp_path):
    page = notebook(tmp_path / "page.ipynb", "1 + 1")
    code, out, _err = run(capsys, "export", str(page), str(tmp_path / "dark"), "--theme", "dark")
    assert code == 0
    dark = Path(out.strip()).read_text(encoding="utf-8")
    assert 'data-jp-theme-light="false"' in dark
    code, out, _err = run(capsys, "export", str(page), str(tmp_path / "light"))
    assert 'data-jp-theme-light="true"' in Path(out.strip()).read_text(encoding="utf-8")
    from rummy_learn.widgets.export import ExportError, export_html

    with pytest.raises(ExportError, match="unknown theme 'sepia'; choose light or dark"):
        export_html(page, tmp_path / "x", theme="sepia")
