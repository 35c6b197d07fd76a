"""The scripts that draw widgets in a page with no kernel, served by the page's own site.

A page of widgets needs require.js, the html-manager (``embed-amd.js`` and its fonts) and
anywidget's front end. The kit ships the first two (from npm, built into the package) and
takes the third from the installed ``anywidget``; nothing comes from a CDN. Beside them
lies the Python the widgets run in the reader's browser
(:mod:`rummy_learn.widgets.browser_python`); ``rummy-widgets.js`` tells the widgets where.

>>> sorted(OFFLINE_SCRIPTS)
['embed-amd.js', 'require.js', 'rummy-widgets.js']
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import anywidget

from rummy_learn.widgets.browser_python import copy_browser_python

__all__ = ["OFFLINE_SCRIPTS", "REQUIRE_PATHS", "copy_offline_scripts"]

VENDOR = Path(__file__).parent / "static" / "vendor"
ANYWIDGET_AMD = Path(anywidget.__file__).parent / "nbextension" / "index.js"

REQUIRE_PATHS = """\
// rummy-learn: the html-manager asks require.js for "anywidget", which lies beside this file;
// the widgets find the Python they run in the reader's browser beside it too (loaded on first use).
(function () {
  var here = document.currentScript.src.replace(/[^/]*$/, "");
  require.config({ paths: { anywidget: here + "anywidget" } });
  var python = PYTHON;
  python.base = here + python.folder;
  window.rummyLearnPython = python;
})();
"""
"""Sets require.js's path for anywidget, so that pages in any folder find the local copy, and
where the widgets' Python lies (``PYTHON``: see :mod:`rummy_learn.widgets.browser_python`)."""

OFFLINE_SCRIPTS = ("require.js", "rummy-widgets.js", "embed-amd.js")
"""The scripts a page loads, in this order, from the folder :func:`copy_offline_scripts` fills."""


def copy_offline_scripts(folder: Path) -> None:
    """Put require.js, the html-manager, anywidget's front end, its path and the widgets'
    Python (Pyodide and the kit's wheels) into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for file in VENDOR.iterdir():
        shutil.copy(file, folder / file.name)
    shutil.copy(ANYWIDGET_AMD, folder / "anywidget.js")  # the html-manager asks require.js for it
    python = json.dumps(copy_browser_python(folder))
    (folder / "rummy-widgets.js").write_text(REQUIRE_PATHS.replace("PYTHON", python, 1),
                                             encoding="utf-8")  # fmt: skip
