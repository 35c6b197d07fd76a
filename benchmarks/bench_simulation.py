"""Benchmark: bot rounds per second per variant, and the long invariant check.

    .venv/bin/python benchmarks/bench_simulation.py                 # rounds/s, 4 greedy bots
    .venv/bin/python benchmarks/bench_simulation.py --check 10000   # 10,000 rounds per preset

Every move of every round is checked: no card lost or doubled. Every round must end,
and Rummy Palace rounds with a winner must settle to zero. Target: at least 10
rounds/s with 4 greedy bots. The check runs the presets on all cores side by side.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from rummy_learn.simulate import simulate
from rummy_learn.variants import PRESETS, preset

sys.path.insert(0, str(Path(__file__).parent))
from report import record


def throughput(rounds: int, players: int) -> None:
    print(f"{'variant':<9} {'rounds':>6} {'rounds/s':>9} {'avg turns':>9}  ends")
    speeds = []
    for name in PRESETS:
        report = simulate(preset(name), players, rounds, seed=1, bots="greedy")
        speeds.append(report.rounds_per_second)
        ends = ", ".join(f"{k} {v}" for k, v in sorted(report.ends.items()))
        print(
            f"{name:<9} {report.rounds:>6} {report.rounds_per_second:>9.1f}"
            f" {report.average_turns:>9.1f}  {ends}"
        )
    record("bench_simulation.py", f"{min(speeds):.0f} to {max(speeds):.0f} rounds/s")


def _check_one(
    args: tuple[str, int, int, str],
) -> tuple[str, int, float, dict[str, int], bool, bool]:
    name, rounds, players, bots = args
    report = simulate(preset(name), players, rounds, seed=10_000, bots=bots)
    return (
        name,
        report.rounds,
        report.seconds,
        dict(report.ends),
        report.all_accounted,
        report.zero_sum,
    )


def check(rounds: int, players: int, bots: str) -> int:
    jobs = [(name, rounds, players, bots) for name in PRESETS]
    start = time.perf_counter()
    bad = 0
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for name, done, seconds, ends, accounted, zero_sum in pool.map(_check_one, jobs):
            ok = accounted and zero_sum and sum(ends.values()) == done
            bad += not ok
            verdict = "ok" if ok else "FAILED"
            print(f"{name:<9} {done} rounds in {seconds:.0f} s ({done / seconds:.1f}/s),"
                  f" ends {ends}, cards accounted: {accounted}, zero-sum: {zero_sum}: {verdict}",
                  flush=True)  # fmt: skip
    print(f"all presets in {time.perf_counter() - start:.0f} s")
    return 1 if bad else 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=50, help="rounds per variant for rounds/s")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--check", type=int, default=0, metavar="N", help="the long check: N rounds per preset"
    )
    parser.add_argument("--bots", default="greedy", choices=("greedy", "mixed", "random"))
    args = parser.parse_args()
    if args.check:
        return check(args.check, args.players, args.bots)
    throughput(args.rounds, args.players)
    return 0


if __name__ == "__main__":
    sys.exit(main())
