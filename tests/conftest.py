"""Shared fixtures for the tests."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _english_by_default():
    """Every test starts with the kit's default language."""
    from rummy_learn.i18n import set_language

    set_language("en")
    yield
    set_language("en")


@pytest.fixture(scope="session")
def built_book(tmp_path_factory: pytest.TempPathFactory):
    """The book in all three languages, built once for the book and browser tests."""
    import subprocess
    import sys
    from pathlib import Path

    out = tmp_path_factory.mktemp("book")
    build = Path(__file__).parent.parent / "book" / "build.py"
    done = subprocess.run([sys.executable, str(build), "--out", str(out)],
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return out
