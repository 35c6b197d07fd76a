"""Pages that show the widgets with no kernel and no network: for classrooms and the book.

A notebook is run, its widgets' state is kept, and it is written as HTML next to the
scripts that draw widgets in a page (require.js, the html-manager and anywidget's front
end), all served from the page's own folder. Each ``MeldBuilder`` then checks selections
with the verdicts Python precomputed.

The page uses the kit's template (``templates/rummy-export``, JupyterLab's look with colours
that pass WCAG AA): its title is the notebook's first heading, and its ``lang`` is the
language most of its widgets speak (or the one asked for).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter

from rummy_learn.language import LANGUAGES
from rummy_learn.widgets.offline import copy_offline_scripts

__all__ = ["copy_offline_scripts", "export_html", "notebook_language", "notebook_title"]

TEMPLATES = Path(__file__).parent / "templates"
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


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
    """The language most of the notebook's stored widgets speak (their ``lang``), else ``default``.

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
    return spoken[0][1] if spoken else default


def export_html(
    notebook: Path,
    folder: Path,
    *,
    execute: bool = True,
    timeout: int = 120,
    lang: str | None = None,
) -> Path:
    """Run ``notebook`` and write it as ``folder/<name>.html`` that works offline."""
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of: {', '.join(LANGUAGES)}")
    nb = nbformat.read(notebook, as_version=4)  # type: ignore[no-untyped-call]
    if execute:
        folder_of = {"metadata": {"path": str(notebook.parent)}}
        client = NotebookClient(nb, timeout=timeout, kernel_name="python3", store_widget_state=True,
                                resources=folder_of)  # fmt: skip
        client.execute()
    nb.metadata["title"] = notebook_title(nb) or notebook.stem
    exporter = HTMLExporter(  # type: ignore[no-untyped-call]
        template_name="rummy-export", extra_template_basedirs=[str(TEMPLATES)]
    )
    exporter.language_code = lang or notebook_language(nb)
    exporter.require_js_url = "require.js"
    exporter.widget_renderer_url = "embed-amd.js"
    exporter.mathjax_url = ""
    body, _resources = exporter.from_notebook_node(nb)
    copy_offline_scripts(folder)
    page = folder / (notebook.stem + ".html")
    page.write_text(body, encoding="utf-8")
    return page
