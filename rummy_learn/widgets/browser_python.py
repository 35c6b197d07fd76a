"""Python for a page with no kernel: Pyodide and the kit's wheels, copied beside the page.

A static page (the book, ``rummy-learn export``) runs the widgets' logic in the reader's
browser. :func:`copy_browser_python` puts into a site's script folder, under
``rummy-python/<digest>/``:

- Pyodide's core (``pyodide.mjs``, its WebAssembly, the standard library), from the npm
  package the kit's build copied into the package (pinned by ``package-lock.json``), with
  a lock file that lists no package, so that nothing is ever fetched from a CDN;
- the kit's own wheel, built now from the installed package (the rules core, the widgets'
  logic, the catalogs and the card template; not the anywidget classes, the Sphinx
  extension or the command line, which a page does not run);
- the wheels of what the logic needs besides: Jinja2 (pure Python, from PyPI) and
  MarkupSafe, from the installed, pinned versions. MarkupSafe's C speedups are left out:
  it then runs its own pure-Python code, as it does wherever they cannot be built.

The folder's name is a digest of every file in it, so that a server may let browsers keep
the files for good, and a new kit gets a new folder. Nothing here is loaded until a learner
first acts on a widget that needs Python.

>>> sorted(BROWSER_PACKAGES)
['jinja2', 'markupsafe']
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import zipfile
from importlib import metadata
from pathlib import Path
from typing import Any

import rummy_learn

__all__ = ["BROWSER_PACKAGES", "PYODIDE", "browser_config", "copy_browser_python", "kit_wheel"]

PYODIDE = Path(__file__).parent / "static" / "pyodide"
BROWSER_PACKAGES = {"jinja2": "Jinja2", "markupsafe": "MarkupSafe"}
"""What the widgets' logic imports besides the kit (module name: distribution name)."""

_KIT = Path(rummy_learn.__file__).parent
_LEFT_OUT = ("widgets", "sphinxext", "cli")  # the kernel's, the book's and the shell's
_KEPT = {".py", ".mo", ".j2", ".css", ".json", ".yaml", ".txt"}
_STAMP = (2026, 1, 1, 0, 0, 0)  # every file's date in a wheel: the same bytes every build


def _wheel(name: str, version: str, files: dict[str, bytes]) -> bytes:
    """A pure-Python wheel of ``files`` (path in the wheel: content), the same bytes each time."""
    info = f"{name}-{version}.dist-info"
    files = {
        **files,
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode(),
        f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: rummy-learn\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n",
    }
    files[f"{info}/RECORD"] = "".join(f"{path},,\n" for path in [*files, f"{info}/RECORD"]).encode()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(files):
            archive.writestr(zipfile.ZipInfo(path, _STAMP), files[path], zipfile.ZIP_DEFLATED)
    return out.getvalue()


def kit_wheel() -> bytes:
    """The kit's wheel for the browser, from the installed package."""
    files = {}
    for path in sorted(_KIT.rglob("*")):
        relative = path.relative_to(_KIT)
        if (
            path.is_file()
            and path.suffix in _KEPT
            and relative.parts[0] not in _LEFT_OUT
            and "__pycache__" not in relative.parts
        ):
            files[f"rummy_learn/{relative.as_posix()}"] = path.read_bytes()
    return _wheel("rummy_learn", rummy_learn.__version__, files)


def package_wheel(module: str) -> bytes:
    """An installed package's Python files as a pure wheel (compiled speedups left out)."""
    dist = metadata.distribution(BROWSER_PACKAGES[module])
    files = {}
    for entry in dist.files or []:
        parts = entry.parts
        if parts[0] == module and entry.suffix in (".py", ".typed") and "__pycache__" not in parts:
            files["/".join(parts)] = Path(str(entry.locate())).read_bytes()
    return _wheel(dist.metadata["Name"].lower(), dist.version, files)


def _pyodide_version() -> str:
    data = json.loads((PYODIDE / "package.json").read_text(encoding="utf-8"))
    return str(data["version"])


def copy_browser_python(folder: Path) -> dict[str, Any]:
    """Put Pyodide and the wheels into ``folder/rummy-python/<digest>/``; its settings for
    the page (:func:`browser_config`: the folder, relative to ``folder``, and the wheels)."""
    if not (PYODIDE / "pyodide.asm.wasm").exists():
        raise FileNotFoundError(f"Pyodide is missing from {PYODIDE}: build the kit again")
    wheels = {f"rummy_learn-{rummy_learn.__version__}-py3-none-any.whl": kit_wheel()}
    for module in BROWSER_PACKAGES:
        dist = metadata.distribution(BROWSER_PACKAGES[module])
        wheels[f"{module}-{dist.version}-py3-none-any.whl"] = package_wheel(module)
    core = sorted(p for p in PYODIDE.iterdir() if p.is_file())
    digest = hashlib.sha256()
    for path in core:
        digest.update(path.name.encode() + str(path.stat().st_size).encode())
    for name, data in sorted(wheels.items()):
        digest.update(name.encode() + hashlib.sha256(data).digest())
    name = f"{_pyodide_version()}-{digest.hexdigest()[:12]}"
    target = folder / "rummy-python" / name
    if not (target / "done").exists():
        shutil.rmtree(folder / "rummy-python", ignore_errors=True)  # one Python per site
        target.mkdir(parents=True)
        for path in core:
            shutil.copy(path, target / path.name)
        for file, data in wheels.items():
            (target / file).write_bytes(data)
        (target / "done").write_text(name, encoding="utf-8")
    return browser_config(f"rummy-python/{name}/", list(wheels))


def browser_config(path: str, wheels: list[str]) -> dict[str, Any]:
    """What the page's loader reads: the folder (relative to the scripts) and the wheels.

    >>> browser_config("rummy-python/x/", ["a.whl"])
    {'folder': 'rummy-python/x/', 'wheels': ['a.whl']}
    """
    return {"folder": path, "wheels": wheels}
