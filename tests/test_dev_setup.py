"""./dev installs only what a command lacks (tools/dev_setup.py), on a copy of the project's
settings with a stand-in for pip and npm that does what they would leave behind."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import dev_setup
import pytest

ROOT = Path(__file__).parent.parent
COMMANDS = {"run": "notebook", "tour": "notebook", "test": "test", "book": "book",
            "bench": "test,bench"}  # fmt: skip


@pytest.fixture
def project(tmp_path):
    """A project tree with the real pyproject, pins, lock file and settings, and a small
    catalog and front end (what the build is made from)."""
    for name in ("pyproject.toml", "constraints.txt", "package-lock.json", "hatch_build.py"):
        shutil.copy(ROOT / name, tmp_path / name)
    shutil.copytree(ROOT / "binder", tmp_path / "binder")
    po = tmp_path / "rummy_learn" / "i18n" / "locale" / "de" / "LC_MESSAGES" / "rummy_learn.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid "x"\nmsgstr "y"\n', encoding="utf-8")
    (tmp_path / "widgets" / "src").mkdir(parents=True)
    (tmp_path / "widgets" / "src" / "index.js").write_text("export default {};\n")
    return tmp_path


class Installer:
    """Stands in for npm, venv and pip: records each step and leaves what it would."""

    def __init__(self, root: Path) -> None:
        self.root, self.venv, self.done = root, root / ".venv", []

    def __call__(self, step: dev_setup.Step) -> None:
        self.done.append(step.name)
        if step.name == "venv":
            (self.venv / "bin").mkdir(parents=True)
            (self.venv / "bin" / "python").touch()
        elif step.name == "build":  # what the build hook writes: newer than every stamp
            later = (self.venv / "bin" / "python").stat().st_mtime + 3600
            (self.venv / "lib/python3.11/site-packages/rummy_learn-0.1.0.dist-info").mkdir(
                parents=True, exist_ok=True
            )
            static = self.root / "rummy_learn" / "widgets" / "static" / "widget.js"
            static.parent.mkdir(parents=True, exist_ok=True)
            for made in [static, *self.root.glob("rummy_learn/i18n/locale/*/*/*.po")]:
                made = made.with_suffix(".mo") if made.suffix == ".po" else made
                made.write_text("built")
                os.utime(made, (later, later))
        for target, content in step.writes.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)

    def command(self, name: str) -> list[str]:
        """Set up for a ./dev command; the steps it took."""
        self.done = []
        dev_setup.run(dev_setup.plan(self.root, self.venv, COMMANDS[name].split(",")), self)
        return self.done


def test_a_fresh_clone_is_set_up_once_and_switching_commands_installs_nothing(project):
    installer = Installer(project)
    assert installer.command("test") == [
        "npm", "venv", "extras book, notebook, test", "build", "settings"
    ]  # fmt: skip
    for name in ("run", "tour", "book", "test", "run"):  # the compiled catalogs are newer now
        assert installer.command(name) == [], name
    settings = sorted(p.relative_to(project / ".venv").as_posix()
                      for p in (project / ".venv").rglob("*.json"))  # fmt: skip
    assert settings == ["etc/jupyter/jupyter_lab_config.json",
                        "etc/jupyter/jupyter_server_config.json",
                        "share/jupyter/lab/settings/overrides.json"]  # fmt: skip


def test_each_command_installs_only_the_extra_it_lacks(project):
    installer = Installer(project)
    assert installer.command("run") == ["npm", "venv", "extras notebook", "build", "settings"]
    assert installer.command("book") == ["extras book"]
    assert installer.command("test") == ["extras test"]
    assert installer.command("bench") == ["extras bench"]
    assert installer.command("tour") == []


def test_a_changed_catalog_rebuilds_the_kit_but_installs_no_packages(project):
    installer = Installer(project)
    installer.command("test")
    po = next(project.glob("rummy_learn/i18n/locale/*/*/*.po"))
    po.write_text(po.read_text() + 'msgid "z"\nmsgstr "w"\n', encoding="utf-8")
    assert installer.command("run") == ["build"]
    assert installer.command("test") == []


def test_changed_pins_install_again_and_a_changed_lock_file_runs_npm(project):
    installer = Installer(project)
    installer.command("run")
    with (project / "constraints.txt").open("a") as pins:
        pins.write("example-package==1.0\n")
    assert installer.command("run") == ["extras notebook"]
    lock = json.loads((project / "package-lock.json").read_text())
    lock["version"] = "0.0.1"
    (project / "package-lock.json").write_text(json.dumps(lock))
    assert installer.command("tour") == ["npm", "build"]  # the lock file pins the build too


def test_a_changed_glossary_rebuilds_the_kit(project):
    """The build copies lessons/glossary.yaml into the package (rummy-learn new-book)."""
    (project / "lessons").mkdir()
    (project / "lessons" / "glossary.yaml").write_text("joker: {}\n", encoding="utf-8")
    installer = Installer(project)
    installer.command("run")
    (project / "lessons" / "glossary.yaml").write_text("joker: {ru: джокер}\n", encoding="utf-8")
    assert installer.command("tour") == ["build"]


def test_a_changed_front_end_build_rebuilds_the_kit(project):
    """package.json says how esbuild builds the front end (minified, since issue 10)."""
    (project / "package.json").write_text('{"scripts": {"build": "esbuild"}}\n')
    installer = Installer(project)
    installer.command("run")
    (project / "package.json").write_text('{"scripts": {"build": "esbuild --minify"}}\n')
    assert installer.command("tour") == ["build"]


def test_a_removed_build_output_is_built_again(project):
    installer = Installer(project)
    installer.command("run")
    (project / "rummy_learn" / "widgets" / "static" / "widget.js").unlink()
    assert installer.command("run") == ["build"]


def test_each_step_says_what_it_does_in_one_line(project, capsys):
    Installer(project).command("test")
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 5
    assert all(line.startswith("dev: ") for line in lines)
    assert "npm ci" in lines[0] and "constraints.txt" in lines[2] and "catalogs" in lines[3]
    assert "for book, notebook, test (" in lines[2]


def test_a_step_that_fails_says_which_and_leaves_no_stamp(project, capsys):
    step = dev_setup.Step("extras x", "installing x", ["false"], {project / "stamp": "abc"})
    with pytest.raises(SystemExit, match=r"this step failed .*: installing x"):
        dev_setup.run([step])
    assert not (project / "stamp").exists()


def test_the_extras_an_extra_names_come_with_it():
    pyproject = dev_setup.read_pyproject(ROOT)
    assert dev_setup.extras_needed(pyproject, ["test"]) == ["book", "notebook", "test"]
    assert dev_setup.extras_needed(pyproject, ["test", "bench"]) == [
        "bench", "book", "notebook", "test"
    ]  # fmt: skip
    with pytest.raises(SystemExit, match="no extra named 'nope'"):
        dev_setup.extras_needed(pyproject, ["nope"])


def test_the_examples_in_the_tools_docstrings():
    import doctest

    import lesson_copy

    for module in (dev_setup, lesson_copy):
        failed, tried = doctest.testmod(module)
        assert failed == 0 and tried > 0, module.__name__


def test_run_lessons_rebuilds_a_stale_kit_before_running(monkeypatch, tmp_path):
    """Lesson writers edit a catalog, then run their notebooks: the kit is rebuilt first, or the
    notebooks would store the old ``.mo`` files' messages."""
    import run_lessons

    done: list[object] = []
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / "bin" / "python").touch()
    monkeypatch.setattr(dev_setup, "ROOT", tmp_path)
    monkeypatch.setattr(dev_setup, "plan", lambda root, venv, want: [("plan", root, venv, want)])
    monkeypatch.setattr(dev_setup, "run", lambda steps: done.append(("setup", steps)))
    monkeypatch.setattr(run_lessons, "run", lambda path: done.append(("run", path.name)))
    run_lessons.main(["lessons/de/01-game.ipynb"])
    assert done == [
        ("setup", [("plan", tmp_path, tmp_path / ".venv", [])]),
        ("run", "01-game.ipynb"),
    ]
    done.clear()
    (tmp_path / ".venv" / "bin" / "python").unlink()  # no ./dev environment: nothing to rebuild
    run_lessons.main(["lessons/de/01-game.ipynb"])
    assert done == [("run", "01-game.ipynb")]
