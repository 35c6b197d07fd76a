"""A learner's own copy of a folder of lessons: running them leaves the repository as committed.

    python3 tools/lesson_copy.py SOURCE COPY      # ./dev run: lessons/ -> my-lessons/

``./dev run`` opens JupyterLab on the copy (an ignored folder), so the outputs a learner
saves, JupyterLab's checkpoints and anything a lesson writes stay out of the tracked files.
Each run brings the copy up to date with the source, file by file:

- a file the copy lacks is copied (a new lesson, or one the learner deleted to start over);
- a file the learner has not changed follows the source when the source changes;
- a file the learner changed is kept, and a line says when the source changed it too.

What was copied is recorded in ``COPY/.kit-copy.json`` (each file's hash), which is how a
learner's change is told apart from an old version. Hidden files and folders of the source
(``.ipynb_checkpoints``) and build folders (``_build``, ``__pycache__``) are left out.
The notebooks it copies are marked trusted (``jupyter trust``): they are the kit's own,
and JupyterLab would otherwise warn about each one it opens.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

RECORD = ".kit-copy.json"
SKIPPED = {"_build", "__pycache__", "jupyter_execute"}


@dataclass
class Refreshed:
    """What a refresh did, by path relative to the copy."""

    copied: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # the learner's, though the source changed


def lesson_files(source: Path) -> list[str]:
    """The files of ``source`` a learner gets, as sorted relative POSIX paths.

    >>> import tempfile
    >>> source = Path(tempfile.mkdtemp())
    >>> for name in ("de/01.ipynb", "de/.ipynb_checkpoints/01.ipynb", "_build/a.html", "x.md"):
    ...     (source / name).parent.mkdir(parents=True, exist_ok=True)
    ...     _ = (source / name).write_text("{}")
    >>> lesson_files(source)
    ['de/01.ipynb', 'x.md']
    """
    found = []
    for path in source.rglob("*"):
        parts = path.relative_to(source).parts
        if path.is_file() and not any(p.startswith(".") or p in SKIPPED for p in parts):
            found.append(path.relative_to(source).as_posix())
    return sorted(found)


def refresh(source: Path, copy: Path) -> Refreshed:
    """Bring ``copy`` up to date with ``source``, keeping every change the learner made."""
    if not source.is_dir():
        raise SystemExit(f"there are no lessons at {source}")
    record_path = copy / RECORD
    record: dict[str, str] = {}
    if record_path.exists():
        try:
            loaded = json.loads(record_path.read_text(encoding="utf-8"))
            record = {k: v for k, v in loaded.items() if isinstance(v, str)}
        except (ValueError, AttributeError):
            record = {}  # a damaged record: every differing file counts as the learner's
    done = Refreshed()
    for name in lesson_files(source):
        original, mine = source / name, copy / name
        new = _hash(original)
        if not mine.exists():
            done.copied.append(name)
        elif _hash(mine) == new:
            record[name] = new
            continue
        elif record.get(name) == _hash(mine):  # untouched since the kit copied it
            done.updated.append(name)
        else:
            if record.get(name) != new:
                done.kept.append(name)
            continue
        mine.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(original, mine)
        record[name] = new
    copy.mkdir(parents=True, exist_ok=True)
    record_path.write_text(json.dumps(record, indent=0, sort_keys=True), encoding="utf-8")
    return done


def trust_notebooks(copy: Path, names: list[str]) -> int:
    """Sign these notebooks of the copy (just copied from the kit); returns how many."""
    if not any(name.endswith(".ipynb") for name in names):
        return 0
    try:
        import nbformat
        from nbformat.sign import NotebookNotary
    except ImportError:  # no Jupyter here: nothing to trust
        return 0
    notary, signed = NotebookNotary(), 0
    Path(notary.data_dir).mkdir(parents=True, exist_ok=True)  # a new account may lack it
    for name in names:
        if name.endswith(".ipynb"):
            notebook = nbformat.read(copy / name, as_version=4)
            if not notary.check_signature(notebook):
                notary.sign(notebook)
                signed += 1
    return signed


def _hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    source, copy = Path(argv[0]), Path(argv[1])
    done = refresh(source, copy)
    trust_notebooks(copy, done.copied + done.updated)
    fresh = len(done.copied) + len(done.updated)
    news = f", {fresh} file{'s' * (fresh != 1)} new or updated" if fresh else ""
    print(f"dev: your own copy of the lessons is {copy}/ ({source}/ stays as committed{news})")
    for name in done.kept:
        print(f"dev: kept your changes to {copy / name}; the kit has a newer version "
              f"({source / name}): delete your copy to get it")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
