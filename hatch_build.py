"""Build hook: compile the gettext catalogs (.po → .mo) with Babel, copy the kit's glossary
into the package (``lessons/glossary.yaml`` → ``rummy_learn/cli/glossary.yaml``, for
``rummy-learn new-book``), and build the widgets' front end (``widgets/`` →
``rummy_learn/widgets/static``) with esbuild, with Pyodide's core beside it (from its npm
package) for pages with no kernel.

Runs for wheels and editable installs alike, so an installed kit needs neither Babel nor
Node.js. Building from a source tree needs Node.js (``npm``) for the front end.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

LOCALE = Path("rummy_learn") / "i18n" / "locale"
STATIC = Path("rummy_learn") / "widgets" / "static"
GLOSSARY = Path("rummy_learn") / "cli" / "glossary.yaml"
# Pyodide's core from its npm package (pinned in package-lock.json): what a page with no
# kernel loads to run the widgets' Python in the reader's browser
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)


class CatalogBuildHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        root = Path(self.root)
        for po_path in sorted((root / LOCALE).glob("*/LC_MESSAGES/*.po")):
            with po_path.open("rb") as handle:
                catalog = read_po(handle)
            mo_path = po_path.with_suffix(".mo")
            with mo_path.open("wb") as handle:
                write_mo(handle, catalog, use_fuzzy=False)
            build_data["artifacts"].append(str(mo_path.relative_to(root)))
        self._glossary(root, build_data)
        self._front_end(root, build_data)

    def _glossary(self, root: Path, build_data: dict[str, Any]) -> None:
        """The kit's glossary inside the package, for ``rummy-learn new-book``."""
        source = root / "lessons" / "glossary.yaml"
        if source.exists():  # a source tree; an sdist's build has it too
            shutil.copy(source, root / GLOSSARY)
        build_data["artifacts"].append(str(GLOSSARY))

    def _front_end(self, root: Path, build_data: dict[str, Any]) -> None:
        """Build the widgets' front end when its sources are here (a source tree)."""
        if (root / "package.json").exists():
            npm = shutil.which("npm")
            if npm is None:
                raise RuntimeError("building rummy-learn's widgets needs Node.js (npm) on the PATH")
            if not (root / "node_modules").exists():
                subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root, check=True)
            subprocess.run([npm, "run", "build"], cwd=root, check=True)
            self._vendor(root)
        for built in (
            "widget.js",
            "widget.css",
            "vendor/require.js",
            "vendor/embed-amd.js",
            *(f"pyodide/{name}" for name in PYODIDE_FILES),
        ):
            if not (root / STATIC / built).exists():
                raise RuntimeError(f"the widgets' front end is missing: {STATIC / built}")
        build_data["artifacts"].append(str(STATIC) + "/")

    def _vendor(self, root: Path) -> None:
        """The scripts a page needs to show widgets offline, from the npm packages (no CDN)."""
        vendor = root / STATIC / "vendor"
        vendor.mkdir(parents=True, exist_ok=True)
        modules = root / "node_modules"
        shutil.copy(modules / "requirejs" / "require.js", vendor / "require.js")
        for file in (modules / "@jupyter-widgets" / "html-manager" / "dist").iterdir():
            if file.name == "embed-amd.js" or file.suffix in (".woff2", ".woff"):
                shutil.copy(file, vendor / file.name)
        pyodide = root / STATIC / "pyodide"
        pyodide.mkdir(parents=True, exist_ok=True)
        for name in PYODIDE_FILES:
            if name == "pyodide-lock.json":  # the core only: no package to fetch from a CDN
                lock = json.loads((modules / "pyodide" / name).read_text(encoding="utf-8"))
                text = json.dumps({"info": lock["info"], "packages": {}})
                (pyodide / name).write_text(text, encoding="utf-8")
            else:
                shutil.copy(modules / "pyodide" / name, pyodide / name)
