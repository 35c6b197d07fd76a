"""Pages that show the widgets with no kernel and no network: for classrooms and the book.

A notebook is run, its widgets' state is kept, and it is written as HTML next to the
scripts that draw widgets in a page (require.js, the html-manager and anywidget's front
end) and the Python the widgets run in the reader's browser (Pyodide and the kit's wheel,
:mod:`rummy_learn.widgets.browser_python`), all served from the page's own folder.

The page uses the kit's template (``templates/rummy-export``, JupyterLab's look with colours
that pass WCAG AA): its title is the notebook's first heading, and its ``lang`` is the
language most of its widgets speak (or the one asked for).

What cannot be done is an :class:`ExportError` with one line that says why: a notebook
that is not one, a cell that fails, a folder that is a file.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError
from nbconvert import HTMLExporter

from rummy_learn.i18n.printable import printable
from rummy_learn.language import LANGUAGES
from rummy_learn.render import CSS
from rummy_learn.render.script_data import script_json
from rummy_learn.widgets.myst_cells import plain_markdown
from rummy_learn.widgets.offline import copy_offline_scripts

__all__ = [
    "ExportError",
    "copy_offline_scripts",
    "export_html",
    "notebook_language",
    "notebook_title",
]

TEMPLATES = Path(__file__).parent / "templates"
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


class ExportError(ValueError):
    """A notebook that cannot be written as a page; the message is one line."""


def notebook_title(nb: Any) -> str | None:
    """The first heading of the notebook's Markdown cells, as plain text (None if there is none).

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(
    ...     "Intro\\n\\n## `Hand`: *select* and [sort](#x)")])
    >>> notebook_title(nb)
    'Hand: select and sort'
    """
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        found = _HEADING.search(cell.source)
        if found:
            words = _LINK.sub(r"\1", found.group(1))
            return re.sub(r"[`*_]", "", words).strip() or None
    return None


def notebook_language(nb: Any, default: str = "en") -> str:
    """The language most of the notebook's stored widgets speak (their ``lang``), else the one
    its code sets (``rummy_learn.set_language("de")``), else ``default``.

    >>> nb = nbformat.v4.new_notebook(metadata={"widgets": {
    ...     "application/vnd.jupyter.widget-state+json": {"state": {
    ...         "a": {"state": {"lang": "de"}}, "b": {"state": {"lang": "de"}},
    ...         "c": {"state": {"lang": "ru"}}}}}})
    >>> notebook_language(nb)
    'de'
    """
    widgets = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    langs = Counter(
        model.get("state", {}).get("lang")
        for model in widgets.get("state", {}).values()
        if isinstance(model, dict)
    )
    spoken = [(n, lang) for lang, n in langs.most_common() if lang in LANGUAGES]
    if spoken:
        return str(spoken[0][1])
    for cell in nb.cells:  # not run yet: the language its code sets, if it sets one
        found = _SET_LANGUAGE.search(cell.source) if cell.cell_type == "code" else None
        if found and found.group(1) in LANGUAGES:
            return found.group(1)
    return default


_SET_LANGUAGE = re.compile(r"set_language\(\s*[\"']([a-z]{2})[\"']\s*\)")


def export_html(
    notebook: Path,
    folder: Path,
    *,
    execute: bool = True,
    timeout: int = 120,
    lang: str | None = None,
    theme: str = "light",
) -> Path:
    """Run ``notebook`` and write it as ``folder/<name>.html`` that works offline, in
    JupyterLab's ``light`` or ``dark`` theme."""
    if theme not in ("light", "dark"):
        raise ExportError(f"unknown theme {printable(str(theme))!r}; choose light or dark")
    if lang is not None and lang not in LANGUAGES:
        raise ExportError(f"unknown language {lang!r}; choose one of: {', '.join(LANGUAGES)}")
    if folder.exists() and not folder.is_dir():
        raise ExportError(f"{printable(str(folder))} is a file, not a folder for the page")
    try:
        nb = nbformat.read(notebook, as_version=4)  # type: ignore[no-untyped-call]
    except (ValueError, UnicodeDecodeError, KeyError, TypeError, AttributeError) as err:
        reason = printable(str(err).splitlines()[0] if str(err) else type(err).__name__, 80)
        raise ExportError(f"{printable(str(notebook))} is not a notebook: {reason}") from err
    except OSError as err:
        raise ExportError(f"cannot read {printable(str(notebook))}: {err.strerror}") from err
    if execute:
        folder_of = {"metadata": {"path": str(notebook.parent)}}
        client = NotebookClient(nb, timeout=timeout, kernel_name="python3", store_widget_state=True,
                                resources=folder_of)  # fmt: skip
        try:
            client.execute()
        except CellExecutionError as err:
            cell = _failed_cell(nb)
            said = printable(f"{err.ename}: {err.evalue}", 120)
            raise ExportError(f"cell {cell} of {printable(notebook.name)} failed: {said}") from err
        except CellTimeoutError as err:
            raise ExportError(f"a cell of {printable(notebook.name)} ran past {timeout} s") from err
        except DeadKernelError as err:
            raise ExportError(f"the kernel died while running {printable(notebook.name)}") from err
    nb.metadata["title"] = notebook_title(nb) or notebook.stem
    page_lang = lang or notebook_language(nb)
    written = [cell.source for cell in nb.cells if cell.cell_type == "markdown"]
    for cell in nb.cells:  # the book's MyST (cards, term links, boxes) in plain Markdown
        if cell.cell_type == "markdown":
            cell.source = plain_markdown(cell.source, page_lang)
    plain = [cell.source for cell in nb.cells if cell.cell_type == "markdown"]
    # the widgets' state in the page holds no "<": a "<!--<script>" in a widget's text
    # cannot hide the rest of the page (nbconvert's own escape leaves that open)
    exporter = HTMLExporter(  # type: ignore[no-untyped-call]
        template_name="rummy-export",
        extra_template_basedirs=[str(TEMPLATES)],
        filters={"escape_html_script": script_json},
        theme=theme,
    )
    exporter.language_code = page_lang
    exporter.require_js_url = "require.js"
    exporter.widget_renderer_url = "embed-amd.js"
    exporter.mathjax_url = ""
    drawn = {"rummy_cards_css": CSS} if plain != written else {}  # cards drawn: their style
    body, _resources = exporter.from_notebook_node(nb, resources=drawn)
    try:
        copy_offline_scripts(folder)
        page = folder / (notebook.stem + ".html")
        page.write_text(body, encoding="utf-8")
    except OSError as err:
        where = printable(str(err.filename or folder))
        raise ExportError(f"cannot write the page into {where}: {err.strerror}") from err
    return page


def _failed_cell(nb: nbformat.NotebookNode) -> int:
    """The number (from 1, counting every cell) of the first cell with an error output."""
    for number, cell in enumerate(nb.cells, start=1):
        if any(out.get("output_type") == "error" for out in cell.get("outputs", [])):
            return number
    return 0
