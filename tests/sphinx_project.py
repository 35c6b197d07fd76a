"""A small Sphinx project for the extension's tests: written, built, and its output read."""

from __future__ import annotations

import io
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace

GLOSSARY = Path(__file__).parent.parent / "lessons" / "glossary.yaml"


def write_project(src: Path, pages: dict[str, str], language: str = "de", conf: str = "") -> Path:
    """``conf.py`` with the kit's glossary, the pages (``.md`` by MyST, else reST), and
    a glossary page; returns the source folder."""
    src.mkdir(parents=True, exist_ok=True)
    (src / "conf.py").write_text(
        "extensions = ['myst_parser', 'rummy_learn.sphinxext']\n"
        f"language = {language!r}\nrummy_glossary = {str(GLOSSARY)!r}\n" + conf,
        encoding="utf-8",
    )
    for name, text in pages.items():
        (src / name).write_text(text, encoding="utf-8")
    if not any(name.startswith("glossary.") for name in pages):
        (src / "glossary.rst").write_text(":orphan:\n\nGlossary\n========\n\n.. rummy-glossary::\n")
    return src


def sphinx_build(
    src: Path, out: Path, builder: str = "html", *, warnings_are_errors: bool = True,
    fresh: bool = True, parallel: int = 0, status: io.StringIO | None = None,
) -> str:  # fmt: skip
    """Build ``src`` into ``out`` with ``builder``; returns the warnings."""
    warnings = io.StringIO()
    with docutils_namespace():  # each build registers its nodes afresh
        app = Sphinx(str(src), str(src), str(out), str(out.parent / f"{out.name}-doctrees"),
                     builder, status=status, warning=warnings, freshenv=fresh,
                     warningiserror=warnings_are_errors, parallel=parallel)  # fmt: skip
        app.build()
    return warnings.getvalue()
