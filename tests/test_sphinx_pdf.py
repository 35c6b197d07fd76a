"""A lesson page as a PDF through XeLaTeX, where the machine has TeX.

TeX is not part of ``./dev test`` (about 270 MB from Debian): the README says which
packages make a PDF, and without them this test is skipped; the ``.tex`` itself is
checked in ``test_sphinx_builders``.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from sphinx_project import GLOSSARY, sphinx_build

LESSON = Path(__file__).parent.parent / "lessons" / "de" / "03-sets.ipynb"
TOOLS = ("xelatex", "latexmk", "xindy", "make")

pytestmark = pytest.mark.skipif(
    not all(shutil.which(tool) for tool in TOOLS),
    reason="no TeX here: apt-get install texlive-xetex latexmk xindy ... (see the README)",
)


def test_a_lesson_page_builds_as_a_pdf_with_xelatex(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(LESSON, src / "lesson.ipynb")
    (src / "conf.py").write_text(
        "extensions = ['myst_nb', 'rummy_learn.sphinxext']\nlanguage = 'de'\n"
        f"root_doc = 'lesson'\nnb_execution_mode = 'off'\nrummy_glossary = {str(GLOSSARY)!r}\n"
        "latex_engine = 'xelatex'\n"
        "latex_documents = [('lesson', 'lesson.tex', 'Sätze', 'rummy-learn', 'howto')]\n"
        "suppress_warnings = ['myst.xref_missing', 'ref.doc', 'mystnb.unknown_mime_type']\n",
        encoding="utf-8",
    )
    out = tmp_path / "latex"
    sphinx_build(src, out, "latex", warnings_are_errors=False)
    done = subprocess.run(["make", "-C", str(out)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert (out / "lesson.pdf").read_bytes().startswith(b"%PDF")
    assert "Missing character" not in (out / "lesson.log").read_text(errors="replace")
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(out / "lesson.pdf"), "-"], capture_output=True,
                              text=True, check=True).stdout  # fmt: skip
        assert "Deutsches Rommé" in text and "Gültiger Satz: 30 Punkte" in text
