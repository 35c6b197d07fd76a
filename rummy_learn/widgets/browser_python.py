"""Python for a page with no kernel: Pyodide and the kit's wheels, copied beside the page.

A static page (the book, ``rummy-learn export``) runs the widgets' logic in the reader's
browser. :func:`copy_browser_python` puts into a site's script folder, under
``rummy-python/<digest>/``:

- Pyodide's core (``pyodide.mjs``, its WebAssembly, the standard library), from the npm
  package the kit's build copied into the package (pinned by ``package-lock.json``), with
  a lock file that lists no package, so that nothing is ever fetched from a CDN;
- the kit's own wheel, built now from the installed package: the rules core, the widgets'
  logic and the catalogs; not the anywidget classes, the Sphinx extension or the command
  line, which a page does not run. It carries every card's drawing in each language, made
  now by the kit's one card template (:mod:`rummy_learn.render.deck`), so that the logic
  needs no package besides the kit in the browser: no Jinja2 to download and import there
  (in Pyodide, importing Jinja2 took longer than starting the kit).

The folder's name is a digest of every file in it, so that a server may let browsers keep
the files for good, and a new kit gets a new folder. Nothing here is loaded until a learner
first acts on a widget that needs Python.

>>> wheel = zipfile.ZipFile(io.BytesIO(kit_wheel()))
>>> "rummy_learn/render/drawn/de.json" in wheel.namelist()
True
>>> [name for name in wheel.namelist() if name.startswith(("rummy_learn/widgets/", "jinja2"))]
[]
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import zipfile
from pathlib import Path
from typing import Any

import rummy_learn
from rummy_learn.language import LANGUAGES
from rummy_learn.render.deck import DRAWN, deck_drawings

__all__ = ["PYODIDE", "browser_config", "copy_browser_python", "kit_wheel"]

PYODIDE = Path(__file__).parent / "static" / "pyodide"

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
    for lang in LANGUAGES:  # every card drawn now, so that the browser needs no Jinja2
        drawings = json.dumps(deck_drawings(lang), ensure_ascii=False, separators=(",", ":"))
        files[f"rummy_learn/render/{DRAWN}/{lang}.json"] = drawings.encode()
    return _wheel("rummy_learn", rummy_learn.__version__, files)


def _pyodide_version() -> str:
    data = json.loads((PYODIDE / "package.json").read_text(encoding="utf-8"))
    return str(data["version"])


def copy_browser_python(folder: Path) -> dict[str, Any]:
    """Put Pyodide and the wheels into ``folder/rummy-python/<digest>/``; its settings for
    the page (:func:`browser_config`: the folder, relative to ``folder``, and the wheels)."""
    if not (PYODIDE / "pyodide.asm.wasm").exists():
        raise FileNotFoundError(f"Pyodide is missing from {PYODIDE}: build the kit again")
    wheels = {f"rummy_learn-{rummy_learn.__version__}-py3-none-any.whl": kit_wheel()}
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
