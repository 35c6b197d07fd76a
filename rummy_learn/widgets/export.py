"""Pages that show the widgets with no kernel and no network: for classrooms and the book.

A notebook is run, its widgets' state is kept, and it is written as HTML next to the
scripts that draw widgets in a page (require.js, the html-manager and anywidget's front
end), all served from the page's own folder. Each ``MeldBuilder`` then checks selections
with the verdicts Python precomputed.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter

from rummy_learn.widgets.offline import copy_offline_scripts

__all__ = ["copy_offline_scripts", "export_html"]


def export_html(notebook: Path, folder: Path, *, execute: bool = True, timeout: int = 120) -> Path:
    """Run ``notebook`` and write it as ``folder/<name>.html`` that works offline."""
    nb = nbformat.read(notebook, as_version=4)  # type: ignore[no-untyped-call]
    if execute:
        folder_of = {"metadata": {"path": str(notebook.parent)}}
        client = NotebookClient(nb, timeout=timeout, kernel_name="python3", store_widget_state=True,
                                resources=folder_of)  # fmt: skip
        client.execute()
    exporter = HTMLExporter(template_name="lab")  # type: ignore[no-untyped-call]
    exporter.require_js_url = "require.js"
    exporter.widget_renderer_url = "embed-amd.js"
    exporter.mathjax_url = ""
    body, _resources = exporter.from_notebook_node(nb)
    copy_offline_scripts(folder)
    page = folder / (notebook.stem + ".html")
    page.write_text(body, encoding="utf-8")
    return page
