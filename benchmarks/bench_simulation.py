"""Benchmark: bot rounds per second per variant, and the long invariant check.

    .venv/bin/python benchmarks/bench_simulation.py                 # rounds/s, 4 greedy bots
    .venv/bin/python benchmarks/bench_simulation.py --check 10000 --bots mixed
    .venv/bin/python benchmarks/bench_simulation.py --check 1000 --bots greedy,random,mixed

Every move of every round is checked: no card lost or doubled. Every round must end
(no round may stick: a player to move always has a legal move), and Rummy Palace
rounds with a winner must settle to zero. The check ends with "stuck 0, every card
accounted for" when all of that held. Target: at least 10 rounds/s with 4 greedy
bots. The check runs the presets (and kinds of bots) on all cores side by side.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from rummy_learn.simulate import SimulationReport, simulate
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


def _check_one(args: tuple[str, int, int, str]) -> SimulationReport:
    name, rounds, players, bots = args
    return simulate(preset(name), players, rounds, seed=10_000, bots=bots)


def check(rounds: int, players: int, kinds: list[str]) -> int:
    jobs = [(name, rounds, players, bots) for bots in kinds for name in PRESETS]
    start = time.perf_counter()
    stuck, accounted, bad = 0, True, 0
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for (_, _, _, bots), report in zip(jobs, pool.map(_check_one, jobs), strict=True):
            ended = sum(report.ends.values())
            ok = report.all_accounted and report.zero_sum and ended == report.rounds
            stuck += report.stuck
            accounted &= report.all_accounted
            bad += not ok
            rate = report.rounds / report.seconds if report.seconds else 0.0
            print(f"{report.variant:<9} {bots:<6} {report.rounds} rounds in {report.seconds:.0f} s"
                  f" ({rate:.1f}/s), ends {dict(report.ends)}, stuck {report.stuck},"
                  f" cards accounted: {report.all_accounted}, zero-sum: {report.zero_sum}:"
                  f" {'ok' if ok else 'FAILED'}", flush=True)  # fmt: skip
    seconds = time.perf_counter() - start
    print(f"all presets in {seconds:.0f} s")
    cards = "every card accounted for" if accounted else "CARDS LOST OR DOUBLED"
    print(f"stuck {stuck}, {cards}")
    record("bench_simulation.py", f"stuck {stuck}, {cards}: {len(jobs) * rounds:,} rounds in"
           f" {seconds / 60:.0f} min, {bad} preset runs failed")  # fmt: skip
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
    parser.add_argument(
        "--bots",
        default="greedy",
        help="greedy, random or mixed, or several separated by commas (the check only)",
    )
    args = parser.parse_args()
    kinds = [kind.strip() for kind in args.bots.split(",") if kind.strip()]
    unknown = [kind for kind in kinds if kind not in ("greedy", "random", "mixed")]
    if unknown or not kinds:
        parser.error(f"--bots: choose greedy, random or mixed, not {', '.join(unknown)!r}")
    if args.check:
        return check(args.check, args.players, kinds)
    throughput(args.rounds, args.players)
    return 0


if __name__ == "__main__":
    sys.exit(main())
