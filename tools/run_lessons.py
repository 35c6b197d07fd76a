"""Run lesson notebooks and store their outputs (what nbval compares a fresh run with).

.venv/bin/python tools/run_lessons.py                       # every lesson of every language
.venv/bin/python tools/run_lessons.py lessons/de/02-sets.ipynb

Each notebook runs in its own folder. The widgets' state is not stored in the file (the
book runs the notebooks itself and keeps the state in its pages), so the files stay small;
no timings are kept and widget ids follow their place, so an unchanged lesson run again
leaves git with nothing to show. The kit in ``.venv/`` is rebuilt first where its catalogs
or front end changed (as ``./dev`` does), so the lessons never show stale messages.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

TOOLS = Path(__file__).resolve().parent
LESSONS = TOOLS.parent / "lessons"


def run(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=False,
                            record_timing=False,
                            resources={"metadata": {"path": str(path.parent)}})  # fmt: skip
    client.execute()
    nb.metadata.pop("widgets", None)
    steady_widget_ids(nb, path.name)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}  # fmt: skip
    nbformat.validate(nb)
    nbformat.write(nb, path)


def steady_widget_ids(nb: nbformat.NotebookNode, name: str) -> None:
    """Give each widget output an id made from its place, so that running a notebook again
    changes nothing in git (the state the ids pointed to is not stored anyway)."""
    for n, cell in enumerate(nb.cells):
        for m, output in enumerate(cell.get("outputs", [])):
            view = output.get("data", {}).get("application/vnd.jupyter.widget-view+json")
            if view:
                view["model_id"] = hashlib.md5(f"{name}:{n}:{m}".encode()).hexdigest()


def rebuild_if_stale() -> None:
    """Rebuild the kit in ``.venv/`` if a catalog or the front end changed since its build
    (``tools/dev_setup.py``'s own check): a lesson shows the messages of the ``.mo`` files."""
    sys.path.insert(0, str(TOOLS))
    import dev_setup

    venv = dev_setup.ROOT / ".venv"
    if (venv / "bin" / "python").exists():
        dev_setup.run(dev_setup.plan(dev_setup.ROOT, venv, []))


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or sorted(LESSONS.glob("[a-z][a-z]/*.ipynb"))
    rebuild_if_stale()
    for path in paths:
        run(path)
        print(f"ran {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
