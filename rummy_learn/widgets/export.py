"""Pages that show the widgets with no kernel and no network: for classrooms and the book.

A notebook is run, its widgets' state is kept, and it is written as HTML next to the
scripts that draw widgets in a page (require.js, the html-manager and anywidget's front
end), all served from the page's own folder. Each ``MeldBuilder`` then checks selections
with the verdicts Python precomputed.

What cannot be done is an :class:`ExportError` with one line that says why: a notebook
that is not one, a cell that fails, a folder that is a file.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError
from nbconvert import HTMLExporter

from rummy_learn.i18n.printable import printable
from rummy_learn.render.script_data import script_json
from rummy_learn.widgets.offline import copy_offline_scripts

__all__ = ["ExportError", "copy_offline_scripts", "export_html"]


class ExportError(ValueError):
    """A notebook that cannot be written as a page; the message is one line."""


def export_html(notebook: Path, folder: Path, *, execute: bool = True, timeout: int = 120) -> Path:
    """Run ``notebook`` and write it as ``folder/<name>.html`` that works offline."""
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
    # the widgets' state in the page holds no "<": a "<!--<script>" in a widget's text
    # cannot hide the rest of the page (nbconvert's own escape leaves that open)
    exporter = HTMLExporter(template_name="lab", filters={"escape_html_script": script_json})  # type: ignore[no-untyped-call]
    exporter.require_js_url = "require.js"
    exporter.widget_renderer_url = "embed-amd.js"
    exporter.mathjax_url = ""
    body, _resources = exporter.from_notebook_node(nb)
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
