"""A learner's progress on the table of contents, and pages that print cleanly.

With ``rummy_progress`` (on by default) every HTML page loads ``rummy-progress.js``, which
marks the links to pages whose quizzes the reader has answered (kept in the reader's own
browser by the Quiz widget; nothing leaves the machine), and ``rummy-learn-print.css``,
which prints a page on A4 without the navigation (the theme's sidebars, header and footer,
the language switcher, buttons).

>>> progress_words("de")["data-done"]
'erledigt: {right} von {total} richtig'
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from rummy_learn.i18n import text

from .page import page_language

__all__ = [
    "PRINT_CSS",
    "PROGRESS_CSS",
    "PROGRESS_JS",
    "add_progress",
    "copy_progress",
    "progress_words",
]

STATIC = Path(__file__).parent / "static"
PROGRESS_JS = "rummy-progress.js"
PRINT_CSS = "rummy-learn-print.css"
PROGRESS_CSS = "rummy-progress.css"


def progress_words(lang: str) -> dict[str, str]:
    """The script's words in ``lang``, as ``data-*`` attributes of its ``<script>``."""
    return {"data-done": text("progress.done", lang), "data-partly": text("progress.partly", lang)}


def add_progress(app: Sphinx) -> None:
    """Link the script and the print style sheet from every HTML page."""
    if app.builder.format != "html" or not app.config.rummy_progress:
        return
    words: dict[str, Any] = progress_words(page_language(app.config))
    app.add_js_file(PROGRESS_JS, **words)
    app.add_css_file(PROGRESS_CSS)
    app.add_css_file(PRINT_CSS, media="print")


def copy_progress(app: Sphinx, error: Exception | None) -> None:
    """Put the two files into the site's ``_static``."""
    if error is not None or app.builder.format != "html" or not app.config.rummy_progress:
        return
    static = Path(app.outdir, "_static")
    static.mkdir(parents=True, exist_ok=True)
    for name in (PROGRESS_JS, PROGRESS_CSS, PRINT_CSS):
        shutil.copyfile(STATIC / name, static / name)
