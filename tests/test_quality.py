"""The project's own checks: ruff, mypy (strict on the package), and the core's imports."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
BIN = Path(sys.executable).parent


def tool(name, *args):
    return subprocess.run(
        [str(BIN / name), *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_check():
    result = tool("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format():
    result = tool("ruff", "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict():
    result = tool("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


CORE = sorted(
    f"rummy_learn.{path.stem}"
    for path in (ROOT / "rummy_learn").glob("*.py")
    if path.stem != "__init__"
)


@pytest.mark.parametrize("module", ["rummy_learn", "rummy_learn.cli", *CORE])
def test_core_imports_no_jupyter_or_jinja(module):
    """Every module of the core (the drawing is imported by ``_repr_html_`` only when drawn)."""
    code = (
        f"import sys, {module}; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'jupyter', 'ipywidgets', 'IPython', 'jinja2', 'anywidget', 'traitlets', 'babel'}); "
        "print(bad); sys.exit(bool(bad))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
