"""``./dev bench``: run every benchmark, then print the README's table of figures.

    .venv/bin/python benchmarks/report.py

Each benchmark prints its own table as it runs, and hands its headline figures to
``record()``. When all have run, this prints the table the README shows: the machine, the
date and the machine's load, then for each benchmark what it measures and how, its goal,
and what it measured. Paste it over the README's table to keep the README true.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
RECORD = "RUMMY_BENCH_RECORD"  # the file record() appends to, set while report.py runs


@dataclass(frozen=True)
class Benchmark:
    script: str
    args: tuple[str, ...]
    how: str  # what it measures, and how
    goal: str

    @property
    def command(self) -> str:
        return " ".join(("benchmarks/" + self.script, *self.args))

    @property
    def key(self) -> str:
        """What the script's ``record()`` files its figures under: the script and its args."""
        return " ".join((self.script, *self.args))


BENCHMARKS = (
    Benchmark("bench_check_meld.py", (),
              "µs per `check_meld`: 1,980 typical melds (3 to 13 cards, 0 to 2 jokers, every "
              "preset, a fifth with a wrong card), each timed over 50 calls in one process",
              "median ≤ 50 µs"),
    Benchmark("bench_solver_vs_rummikub.py", (),
              "ms to find the most cards melded from 40 random racks of 14, 20, 27 and 34 "
              "cards, ours and rummikub-solver's MILP side by side on the same racks in one run, "
              "after 200 untimed racks of each size (the tables a kernel has after two or three "
              "rounds of a Game), same optimum required on every rack, each call timed as "
              "timeit does (no garbage collection during it); p50 and p95 per rack size, and "
              "ours with fresh tables (a new process)",
              "ahead at every size; 14 cards: ≥ 20× at p50, ≥ 10× at p95; 34 cards: ≥ 2× at "
              "p50, even at p95"),
    Benchmark("bench_hint.py", (),
              "ms for `hint`'s search (most points, its 1 s budget) on 30 random hands of the "
              "largest size each variant deals (every preset, alone and with each option; 22 "
              "cards with `knock`), with the solver's tables made afresh for each hand as a new "
              "process has them; and on hard hands (every joker of the shoe, tight ranks)",
              "p99 ≤ 50 ms; the budget never reached"),
    Benchmark("bench_simulation.py", (),
              "rounds per second of whole rounds with 4 greedy bots, 50 rounds per preset, "
              "one core",
              "≥ 10 rounds/s"),
    Benchmark("bench_simulation.py", ("--check", "10000", "--bots", "mixed"),
              "the long invariant check: 10,000 rounds per preset, 4 players, medium and random "
              "bots by turns, every card checked after every move; the presets side by side on "
              "every core (about an hour on 2 cores)",
              "stuck 0; every card accounted for; every round ends; Rummy Palace zero-sum"),
    Benchmark("bench_ladder.py", (),
              "the bots' ladder: 2-player rounds per preset, each of 50 deals played with the "
              "seats both ways, hard against medium and medium against easy: the stronger "
              "level's share of the rounds won, illegal moves, ms a move per level (one core)",
              "hard ≥ 60% against medium, medium ≥ 75% against easy; no illegal move; hard "
              "≤ 200 ms a move"),
    Benchmark("bench_cli.py", (),
              "seconds for every command, as a new process, on its hardest inputs and on "
              "inputs it refuses (100,000-character words, 216 cards, 22 cards with 6 jokers)",
              "every command ≤ 2 s"),
    Benchmark("bench_book.py", (),
              "seconds to build the book in three languages (`book/build.py`): from nothing "
              "(every lesson run), then unchanged (Jupyter Book's execution cache)",
              "≤ 180 s from nothing"),
    Benchmark("bench_widgets_browser.py", (),
              "ms from a click on a card to the verdict in the page and on screen (the next "
              "frame) in Chromium, 58 clicks 250 ms apart: in JupyterLab with Python answering "
              "(static=False) and as lessons make it (its table first), and in an exported "
              "page (the precomputed table); RSS of a kernel holding a Game of 6 players",
              "kernel on screen p95 ≤ 50 ms; the tables in the page p95 ≤ 16 ms (the next "
              "frame); a kernel ≤ 100 MB"),
    Benchmark("bench_static_python.py", (),
              "an exported page with a 14-card MeldBuilder and a Game in Chromium, their Python "
              "in the browser (Pyodide): the bytes the page carries for it before first use; "
              "first click → first verdict with a new browser profile (cold) and the page opened "
              "again (warm), median of 3; click → verdict once loaded, 58 clicks; the folder a "
              "site gains",
              "< 50 KB; cold ≤ 4 s, warm ≤ 1.5 s; p95 ≤ 50 ms"),
    Benchmark("bench_classroom.py", (),
              "ms from a widget's comm message to the kernel's idle answer: 30 kernels on one "
              "Jupyter server, each with a Game and a MeldBuilder, each learner making a move "
              "every 2 s for 2 minutes over the server's websocket (no browser); RSS of the "
              "server and its kernels",
              "p95 ≤ 250 ms; no failed move; RSS ≤ 3 GB"),
)  # fmt: skip
HEADER = "| benchmark | what it measures, and how | goal | measured |\n|---|---|---|---|"


def record(script: str, figures: str) -> None:
    """Hand a benchmark's headline figures to ``report.py`` (nothing when run alone), filed
    under the script and the arguments it was run with."""
    path = os.environ.get(RECORD)
    if path:
        run_as = sys.argv[1:] if Path(sys.argv[0]).name == script else []
        key = " ".join((script, *run_as))
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps({"script": key, "figures": figures}) + "\n")


def machine(load: tuple[float, float], when: datetime.date) -> str:
    """The line above the table: the date, the machine, its load during the run."""
    cpu = "an unknown CPU"
    if Path("/proc/cpuinfo").exists():
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return (f"Measured by `./dev bench` on {when.isoformat()}: {cpu}, {os.cpu_count()} cores, "
            f"{memory:.0f} GB, {platform.system()} {platform.release()}, Python "
            f"{platform.python_version()}; load average {load[0]:.1f} at the start and "
            f"{load[1]:.1f} at the end.")  # fmt: skip


def table(figures: dict[str, str]) -> str:
    """The README's table, one row per benchmark, with the figures each recorded."""
    rows = [HEADER]
    for bench in BENCHMARKS:
        measured = figures.get(bench.key, "not measured (the benchmark failed)")
        rows.append(f"| `{bench.command}` | {bench.how} | {bench.goal} | {measured} |")
    return "\n".join(rows)


def main() -> int:
    start_load = os.getloadavg()[0]
    failed = []
    with tempfile.TemporaryDirectory() as folder:
        records = Path(folder) / "figures.jsonl"
        records.touch()
        env = {**os.environ, RECORD: str(records)}
        for bench in BENCHMARKS:
            print(f"\n== {bench.command}", flush=True)
            done = subprocess.run([sys.executable, str(HERE / bench.script), *bench.args],
                                  env=env, check=False)  # fmt: skip
            if done.returncode:
                failed.append(bench.command)
        lines = records.read_text(encoding="utf-8").splitlines()
        figures = {r["script"]: r["figures"] for r in map(json.loads, lines)}
    print("\n" + machine((start_load, os.getloadavg()[0]), datetime.date.today()) + "\n")
    print(table(figures))
    for command in failed:
        print(f"\n{command} failed: see its output above")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
