"""Benchmark: seconds to build the book, from nothing and again unchanged (prints a table).

The first build runs every lesson notebook of the three languages; the second finds
them all in Jupyter Book's execution cache. Targets: full build ≤ 180 s on the
project's 2-core machine, and the unchanged rebuild much faster.

    .venv/bin/python benchmarks/bench_book.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from report import record

BUILD = Path(__file__).resolve().parent.parent / "book" / "build.py"


def build(out: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, str(BUILD), "--out", str(out)], check=True,
                   capture_output=True, text=True)  # fmt: skip
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "html"
        full = build(out)
        again = build(out)
    print("book build (ru, bg, de)      seconds   target")
    print(f"  from nothing (runs all)    {full:7.1f}   ≤ 180")
    print(f"  unchanged (cache)          {again:7.1f}   much less ({full / again:.1f}× faster)")
    record("bench_book.py", f"{full:.0f} s from nothing, {again:.0f} s unchanged")


if __name__ == "__main__":
    main()
