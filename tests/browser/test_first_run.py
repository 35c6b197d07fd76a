"""A new user's first run, from a fresh clone: ``./dev run`` sets up, says each step, and
its JupyterLab prints nothing alarming; the demo runs in the browser and is saved, and
``git status`` stays clean; switching ``./dev`` commands installs nothing again, and
``./dev book`` is as quiet.

The clone holds the repository's files as they are now (tracked ones and new ones not
ignored), committed in a new repository, and nothing else: no ``.venv``, no
``node_modules``. It needs npm's registry and PyPI, as a new user does (a few minutes).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from servers import free_port, open_notebook, wait_for_jupyter

pytestmark = [pytest.mark.browser, pytest.mark.clone]

ROOT = Path(__file__).parent.parent.parent
TOKEN = "rummy-learn-first-run"
# what must never appear in ./dev run's output: stack traces (Python and Node), JupyterLab
# failing its build check, and any warning or error line
ALARMING = re.compile(
    r"Traceback|^\s+at \S.*:\d+:\d+\)?$|Could not determine|^\[[WE] |\bwarn(ing)?\b|\berror\b",
    re.M | re.I,
)

STEPS = [  # what the first ./dev run says it does, one line per step (the first 40 characters)
    "dev: installing the widgets' front-end p",
    "dev: creating the Python environment .ve",
    "dev: installing the Python packages for ",
    "dev: building rummy-learn into .venv/ (t",
    "dev: the kit's Jupyter settings into .ve",
]


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    folder = tmp_path_factory.mktemp("first-run") / "rummy-learn"
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, check=True).stdout  # fmt: skip
    for name in filter(None, listed.decode().split("\0")):
        if (ROOT / name).is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, folder / name)
    git = ["git", "-c", "user.name=rummy-learn", "-c", "user.email=test@example.invalid"]
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "a fresh clone"]):
        subprocess.run([*git, *command], cwd=folder, check=True)
    return folder


def environment(clone: Path) -> dict[str, str]:
    """A new user's environment: no virtualenv active, Jupyter's folders of their own."""
    home = clone.parent / "jupyter"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PIP_C"))}
    env["PATH"] = os.pathsep.join(
        p for p in env["PATH"].split(os.pathsep) if not p.startswith(str(ROOT))
    )
    env["PYTHON"] = getattr(sys, "_base_executable", sys.executable)
    for name in ("CONFIG", "DATA", "RUNTIME"):
        env[f"JUPYTER_{name}_DIR"] = str(home / name.lower())
    return env


def dev(clone: Path, *args: str) -> str:
    done = subprocess.run(["./dev", *args], cwd=clone, env=environment(clone),
                          capture_output=True, text=True, timeout=1200, check=False)  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout + done.stderr


def setup_lines(output: str) -> list[str]:
    """The steps ./dev took, without the line about the learner's copy of the lessons."""
    return [line for line in output.splitlines()
            if line.startswith("dev: ") and "copy of the lessons" not in line]  # fmt: skip


def installed(clone: Path) -> dict[str, int]:
    """When each installed distribution, compiled catalog and built script was last written."""
    made = [*clone.glob(".venv/lib/python*/site-packages/*.dist-info/RECORD"),
            *clone.glob("rummy_learn/i18n/locale/*/LC_MESSAGES/*.mo"),
            clone / "rummy_learn" / "widgets" / "static" / "widget.js"]  # fmt: skip
    return {str(path.relative_to(clone)): path.stat().st_mtime_ns for path in made}


@contextlib.contextmanager
def dev_run(clone: Path, log: Path, *options: str) -> Iterator[str]:
    """``./dev run`` in the clone, its output in ``log``; yields its URL, stops it after."""
    port = free_port()
    command = ["./dev", "run", "--no-browser", f"--ServerApp.port={port}",
               "--ServerApp.port_retries=0", f"--IdentityProvider.token={TOKEN}",
               *options]  # fmt: skip
    with log.open("w") as out:
        server = subprocess.Popen(command, cwd=clone, env=environment(clone), stdout=out,
                                  stderr=subprocess.STDOUT, start_new_session=True)  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for_jupyter(url, TOKEN, server, log, seconds=1200)  # the first run installs
        yield url
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)


def test_dev_run_from_a_fresh_clone_is_quiet_and_leaves_git_status_clean(clone, page):
    log = clone.parent / "dev-run.log"
    with dev_run(clone, log) as url:
        open_notebook(page, url, TOKEN, "widgets.ipynb")  # as ./dev run opens it, and run it
        page.wait_for_selector(".rl-w-game .rl-w-hand [data-card]", timeout=120_000)
        page.wait_for_selector(".rl-w-quiz", timeout=60_000)
        page.wait_for_function(  # every cell has run: no "[*]" left, every prompt numbered
            "() => [...document.querySelectorAll('.jp-InputArea-prompt')]"
            ".every(p => /\\[\\d+\\]/.test(p.textContent) || !p.textContent.trim())",
            timeout=120_000,
        )
        assert page.locator("[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
        assert page.locator(".jp-OutputArea-output .jp-RenderedText[data-mime-type"
                            "='application/vnd.jupyter.error']").count() == 0  # fmt: skip
        # no news prompt, no update notice
        toasts = page.locator(".jp-Notification-Toast, .Toastify__toast").all_text_contents()
        page.locator(".jp-NotebookPanel").first.click()
        page.keyboard.press("Control+s")  # the learner saves the notebook with its outputs
        page.wait_for_function(
            "() => !document.querySelector('.jp-mod-current.jp-mod-dirty')", timeout=30_000
        )
    output = log.read_text()
    steps = [line[:40] for line in setup_lines(output)]
    status = subprocess.run(["git", "status", "--porcelain", "--ignored=no"], cwd=clone,
                            capture_output=True, text=True, check=True).stdout  # fmt: skip
    problems = {
        "alarming output": [m.group(0) for m in ALARMING.finditer(output)],
        "notifications": toasts,
        "git status": status.splitlines(),
        "setup steps": [] if steps == STEPS else steps,
    }
    assert not any(problems.values()), f"{problems}\n{output[-6000:]}"
    saved = clone / "my-lessons" / "widgets.ipynb"  # the learner's work is in their copy
    assert any(cell.get("outputs") for cell in json.loads(saved.read_text())["cells"])


def test_switching_dev_commands_installs_nothing_again(clone):
    dev(clone, "run", "--version")  # set up for run (done already when the test above ran)
    before = installed(clone)
    assert setup_lines(dev(clone, "tour", "--lang", "de")) == []
    assert installed(clone) == before
    output = dev(clone, "book", "--lang", "de")  # the book's packages are new
    after_book = installed(clone)
    assert {k: v for k, v in after_book.items() if k in before} == before  # nothing rebuilt
    lines = setup_lines(output)
    assert lines == ["dev: installing the Python packages for book (pinned by constraints.txt)"]
    assert not ALARMING.findall(output), output  # ./dev book is as quiet as ./dev run
    assert "de: built in" in output
    status = subprocess.run(["git", "status", "--porcelain"], cwd=clone, capture_output=True,
                            text=True, check=True).stdout  # fmt: skip
    assert status == "", status
    for command in (["run", "--version"], ["tour"], ["book", "--help"], ["run", "--version"]):
        assert setup_lines(dev(clone, *command)) == [], command
        assert installed(clone) == after_book, command


def test_a_teacher_serves_the_room_on_an_address_of_their_choice(clone):
    """./dev run listens on 127.0.0.1 unless told otherwise, as the README's room set-up does."""
    log = clone.parent / "dev-run-room.log"
    with dev_run(clone, log, "--ServerApp.ip=0.0.0.0") as url:
        port = url.rsplit(":", 1)[1]
    assert f"http://0.0.0.0:{port}/lab" in log.read_text()
