"""Benchmark: ``hint`` on hands every variant allows, as the largest hand it can deal.

    .venv/bin/python benchmarks/bench_hint.py [--hands N] [--seed S]

For every preset, alone and with each of its table options, ``--hands`` random hands of the
largest size the variant deals (:func:`~rummy_learn.limits.largest_hand`: 14 cards, 22 with
``knock``) drawn from its largest shoe, and a few hard ones: every joker the shoe holds with
neighbouring ranks in every suit, or in two suits, or two decks' copies of one suit. Each
hand is solved as ``rummy-learn hint`` solves it (most points, the command's time budget),
with the solver's tables made afresh for each hand, as a new process has them ("fresh"),
and again with the tables kept ("kept": a notebook's second hint). It prints the p50, p99
and the slowest, and how many answers were cut by the time budget (the safety net).
Target: p99 ≤ 50 ms on random hands, and the budget never reached.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from report import record

from rummy_learn.cards import Card
from rummy_learn.cli.melds import HINT_BUDGET
from rummy_learn.decks import build_deck
from rummy_learn.limits import largest_hand
from rummy_learn.rules import Rules
from rummy_learn.solver import Objective, Solver, SolverCache
from rummy_learn.variants import PRESETS, OptionConflictError, options_for, preset

TARGET_MS = 50.0


def variants() -> Iterator[tuple[str, Rules]]:
    """Every preset, alone and with each option it takes."""
    for name in PRESETS:
        for option in (None, *options_for(name)):
            try:
                rules = preset(name, [option] if option else [])
            except OptionConflictError:
                continue
            yield (f"{name} {option}" if option else name), rules


def hard_hands(rules: Rules) -> Iterator[tuple[str, list[Card]]]:
    """Every joker of the shoe, then natural cards packed as tight as the variant allows."""
    shoe = build_deck(rules, rules.max_players)
    size = largest_hand(rules)
    jokers = [c for c in shoe if c.is_joker][:size]
    naturals = [c for c in shoe if not c.is_joker]
    room = size - len(jokers)
    first = [c for c in naturals if c.copy == 0]
    by_rank = sorted(first, key=lambda c: (int(c.rank or 0), c.suit.index if c.suit else 0))
    two_suits = sorted((c for c in first if c.suit and c.suit.index < 2),
                       key=lambda c: (int(c.rank or 0), c.suit.index if c.suit else 0))  # fmt: skip
    one_suit = sorted((c for c in naturals if c.suit and c.suit.index == 2),
                      key=lambda c: (int(c.rank or 0), c.copy or 0))  # fmt: skip
    yield "ranks in every suit", [*jokers, *by_rank[:room]]
    yield "two suits", [*jokers, *two_suits[:room]]
    yield "copies of one suit", [*jokers, *one_suit[:room]]


def hint_time(hand: list[Card], rules: Rules, cache: SolverCache | None) -> tuple[float, bool]:
    solver = Solver(rules, Objective.POINTS, cache)
    gc.collect()  # the tables of earlier hands are not this hint's garbage (a new process has none)
    start = time.perf_counter()
    found = solver.best(hand, budget=HINT_BUDGET)
    return (time.perf_counter() - start) * 1000, found.proven


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=30, help="random hands per variant")
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    load = os.getloadavg()[0]
    fresh: list[float] = []
    kept: list[float] = []
    by_size: dict[int, list[float]] = {}
    slowest: tuple[float, str] = (0.0, "")
    hard: list[tuple[float, str]] = []
    cut, cut_hard = 0, 0
    for label, rules in variants():
        shoe = list(build_deck(rules, rules.max_players))
        size = largest_hand(rules)
        cache = SolverCache()
        for _ in range(args.hands):
            hand = rng.sample(shoe, size)
            ms, proven = hint_time(hand, rules, SolverCache())
            fresh.append(ms)
            by_size.setdefault(size, []).append(ms)
            slowest = max(slowest, (ms, f"{label}: {' '.join(map(str, sorted(hand)))}"))
            cut += not proven
            ms, proven = hint_time(hand, rules, cache)
            kept.append(ms)
            cut += not proven
        for kind, hand in hard_hands(rules):
            ms, proven = hint_time(hand, rules, SolverCache())
            hard.append((ms, f"{label}, {len(hand)} cards, {kind}"))
            cut_hard += not proven
    end = os.getloadavg()[0]
    worst, worst_label = max(hard)
    print(f"{len(fresh)} random hands: {len(PRESETS)} presets, alone and with each option")
    rows = [("fresh tables", fresh), ("tables kept", kept)]
    rows += [(f"{size} cards, fresh", times) for size, times in sorted(by_size.items())]
    for name, times in rows:
        p50, p99 = statistics.median(times), statistics.quantiles(times, n=100)[-1]
        print(f"  {name:<18} p50 {p50:6.2f} ms   p99 {p99:6.1f} ms   slowest {max(times):6.1f} ms")
    print(f"  the slowest: {slowest[1]}")
    hard_p50 = statistics.median(ms for ms, _ in hard)
    print(f"{len(hard)} hard hands (every joker, tight ranks): p50 {hard_p50:.1f} ms, slowest "
          f"{worst:.0f} ms ({worst_label})")  # fmt: skip
    print(f"cut by the {HINT_BUDGET:.0f} s budget: {cut} random hands, {cut_hard} hard hands;"
          f" load average {load:.1f} at the start, {end:.1f} at the end ({os.cpu_count()} "
          "cores)")  # fmt: skip
    p99 = statistics.quantiles(fresh, n=100)[-1]
    verdict = "ok" if p99 <= TARGET_MS and not cut + cut_hard else "MISSED"
    print(f"p99 {p99:.1f} ms (target ≤ {TARGET_MS:.0f} ms), budget never reached: {verdict}")
    sizes = ", ".join(
        f"{size} cards p99 {statistics.quantiles(times, n=100)[-1]:.0f} ms"
        for size, times in sorted(by_size.items())
    )
    record(
        "bench_hint.py",
        f"random hands: p50 {statistics.median(fresh):.1f} ms, p99 {p99:.0f} ms ({sizes}), "
        f"p99 {statistics.quantiles(kept, n=100)[-1]:.0f} ms with the tables kept; hard hands: "
        f"p50 {hard_p50:.0f} ms, slowest {worst:.0f} ms; budget reached by {cut} random and "
        f"{cut_hard} of {len(hard)} hard hands; load {load:.1f}-{end:.1f}",
    )
    return 0 if verdict == "ok" else 1


if __name__ == "__main__":
    sys.exit(main())
