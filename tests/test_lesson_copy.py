"""./dev run's copy of the lessons (tools/lesson_copy.py): the learner's changes are kept,
the kit's new versions arrive where the learner changed nothing, lessons/ is never written."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import lesson_copy
import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook, new_output

ROOT = Path(__file__).parent.parent


@pytest.fixture
def lessons(tmp_path):
    source = tmp_path / "lessons"
    files = {"de/01-karten.md": "Karten", "ru/01-karty.md": "Карты",
             "exercises/first.yaml": "a: 1", "README.md": "für Autoren"}  # fmt: skip
    for name, text in files.items():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text(text, encoding="utf-8")
    (source / "de" / ".ipynb_checkpoints").mkdir()
    (source / "de" / ".ipynb_checkpoints" / "01-karten-checkpoint.md").write_text("old")
    return source


def snapshot(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8")
            for p in folder.rglob("*") if p.is_file()}  # fmt: skip


def test_the_first_run_copies_every_lesson_file_and_leaves_the_source_alone(lessons, tmp_path):
    before = snapshot(lessons)
    done = lesson_copy.refresh(lessons, tmp_path / "mine")
    assert sorted(done.copied) == ["README.md", "de/01-karten.md", "exercises/first.yaml",
                                   "ru/01-karty.md"]  # fmt: skip
    assert (tmp_path / "mine" / "ru" / "01-karty.md").read_text(encoding="utf-8") == "Карты"
    assert not (tmp_path / "mine" / "de" / ".ipynb_checkpoints").exists()
    assert snapshot(lessons) == before


def test_a_learners_change_is_kept_and_an_untouched_file_follows_the_kit(lessons, tmp_path):
    mine = tmp_path / "mine"
    lesson_copy.refresh(lessons, mine)
    (mine / "de" / "01-karten.md").write_text("meine Notizen", encoding="utf-8")
    (lessons / "de" / "01-karten.md").write_text("Karten, neu", encoding="utf-8")
    (lessons / "ru" / "01-karty.md").write_text("Карты, новое", encoding="utf-8")
    (lessons / "bg" / "01-karti.md").parent.mkdir()
    (lessons / "bg" / "01-karti.md").write_text("Карти", encoding="utf-8")
    done = lesson_copy.refresh(lessons, mine)
    assert done.kept == ["de/01-karten.md"]
    assert done.updated == ["ru/01-karty.md"]
    assert done.copied == ["bg/01-karti.md"]
    assert (mine / "de" / "01-karten.md").read_text(encoding="utf-8") == "meine Notizen"
    assert (mine / "ru" / "01-karty.md").read_text(encoding="utf-8") == "Карты, новое"
    again = lesson_copy.refresh(lessons, mine)  # nothing new: only the kept file is named
    assert (again.copied, again.updated, again.kept) == ([], [], ["de/01-karten.md"])


def test_a_deleted_copy_comes_back_and_a_change_the_kit_did_not_touch_is_not_reported(
    lessons, tmp_path
):
    mine = tmp_path / "mine"
    lesson_copy.refresh(lessons, mine)
    (mine / "README.md").unlink()
    (mine / "ru" / "01-karty.md").write_text("мои заметки", encoding="utf-8")
    done = lesson_copy.refresh(lessons, mine)
    assert (done.copied, done.updated, done.kept) == (["README.md"], [], [])


def test_a_damaged_record_keeps_every_file_that_differs(lessons, tmp_path):
    mine = tmp_path / "mine"
    lesson_copy.refresh(lessons, mine)
    (mine / lesson_copy.RECORD).write_text("[not a record")
    (lessons / "ru" / "01-karty.md").write_text("Карты, новое", encoding="utf-8")
    done = lesson_copy.refresh(lessons, mine)
    assert done.kept == ["ru/01-karty.md"]
    assert json.loads((mine / lesson_copy.RECORD).read_text())  # written again, readable


def test_copied_notebooks_are_trusted_and_the_command_says_where_the_copy_is(tmp_path):
    source, mine = tmp_path / "lessons", tmp_path / "mine"
    source.mkdir()
    notebook = new_notebook(cells=[new_code_cell("1 + 1", outputs=[
        new_output("display_data", data={"text/html": "<b>2</b>"})])])  # fmt: skip
    nbformat.write(notebook, source / "demo.ipynb")
    env_data = tmp_path / "data"  # not there yet, as for a new account
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "lesson_copy.py"), str(source), str(mine)],
        capture_output=True, text=True, check=True,
        env={"JUPYTER_DATA_DIR": str(env_data), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert done.stdout == (
        f"dev: your own copy of the lessons is {mine}/ ({source}/ stays as committed, "
        "1 file new or updated)\n"
    )
    from nbformat.sign import NotebookNotary

    notary = NotebookNotary(data_dir=str(env_data))  # the database the tool wrote
    assert notary.check_signature(nbformat.read(mine / "demo.ipynb", as_version=4))
    unsigned = new_notebook(cells=[new_code_cell("2", outputs=notebook.cells[0].outputs)])
    assert not notary.check_signature(unsigned)  # the check can fail


def test_no_source_is_a_clear_error(tmp_path):
    with pytest.raises(SystemExit, match="there are no lessons at"):
        lesson_copy.refresh(tmp_path / "nothing", tmp_path / "mine")
