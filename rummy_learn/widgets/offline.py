"""The scripts that draw widgets in a page with no kernel, served by the page's own site.

A page of widgets needs require.js, the html-manager (``embed-amd.js`` and its fonts) and
anywidget's front end. The kit ships the first two (from npm, built into the package) and
takes the third from the installed ``anywidget``; nothing comes from a CDN.

>>> sorted(OFFLINE_SCRIPTS)
['embed-amd.js', 'require.js', 'rummy-widgets.js']
"""

from __future__ import annotations

import shutil
from pathlib import Path

import anywidget

__all__ = ["OFFLINE_SCRIPTS", "REQUIRE_PATHS", "copy_offline_scripts"]

VENDOR = Path(__file__).parent / "static" / "vendor"
ANYWIDGET_AMD = Path(anywidget.__file__).parent / "nbextension" / "index.js"

REQUIRE_PATHS = """\
// rummy-learn: the html-manager asks require.js for "anywidget", which lies beside this file.
(function () {
  var here = document.currentScript.src.replace(/[^/]*$/, "");
  require.config({ paths: { anywidget: here + "anywidget" } });
})();
"""
"""Sets require.js's path for anywidget, so that pages in any folder find the local copy."""

OFFLINE_SCRIPTS = ("require.js", "rummy-widgets.js", "embed-amd.js")
"""The scripts a page loads, in this order, from the folder :func:`copy_offline_scripts` fills."""


def copy_offline_scripts(folder: Path) -> None:
    """Put require.js, the html-manager, anywidget's front end and its path into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for file in VENDOR.iterdir():
        shutil.copy(file, folder / file.name)
    shutil.copy(ANYWIDGET_AMD, folder / "anywidget.js")  # the html-manager asks require.js for it
    (folder / "rummy-widgets.js").write_text(REQUIRE_PATHS, encoding="utf-8")
