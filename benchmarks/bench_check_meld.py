"""Benchmark: microseconds per check_meld, by meld size and jokers (prints a table).

Typical melds: runs of 3 to 13 cards and sets of 3 or 4, with 0 to 2 jokers in
random places, some broken by one wrong card, under every preset. Target: median
≤ 50 µs per check on the project's machine.

    .venv/bin/python benchmarks/bench_check_meld.py [--seed N] [--per-cell N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from rummy_learn.cards import RANKS, SUITS, Card, Rank
from rummy_learn.melds import check_meld
from rummy_learn.variants import PRESETS, preset

sys.path.insert(0, str(Path(__file__).parent))
from report import record


def typical_meld(rng: random.Random, size: int, jokers: int) -> list[Card]:
    suit = rng.choice(SUITS)
    if size <= 4 and rng.random() < 0.5:
        rank = rng.choice(RANKS)
        cards = [Card(rank, s) for s in rng.sample(SUITS, size)]
    else:
        start = rng.randint(1, 14 - size + (size < 13))
        cards = [Card(Rank((start - 1 + i) % 13 + 1), suit) for i in range(size)]
    for i in rng.sample(range(size), jokers):
        cards[i] = Card.joker()
    if rng.random() < 0.2:  # one wrong card
        i = rng.randrange(size)
        cards[i] = Card(rng.choice(RANKS), rng.choice(SUITS))
    rng.shuffle(cards)
    return cards


def measure(cards: list[Card], rules, loops: int) -> float:
    start = time.perf_counter()
    for _ in range(loops):
        check_meld(cards, rules)
    return (time.perf_counter() - start) / loops * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--per-cell", type=int, default=60, help="melds per size and joker count")
    parser.add_argument("--loops", type=int, default=50, help="checks timed per meld")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rules = [preset(name) for name in PRESETS] + [
        preset("palace", ["cyclic_runs", "strict_groups"])
    ]
    every: list[float] = []
    print(f"{'cards':>5} {'jokers':>6} {'melds':>6} {'valid':>6} {'median µs':>10} {'p95 µs':>8}")
    for size in range(3, 14):
        for jokers in range(3):
            if jokers >= size:
                continue
            times, valid = [], 0
            for _ in range(args.per_cell):
                meld, rule = typical_meld(rng, size, jokers), rng.choice(rules)
                valid += check_meld(meld, rule).valid
                times.append(measure(meld, rule, args.loops))
            every += times
            p95 = statistics.quantiles(times, n=20)[-1]
            print(f"{size:>5} {jokers:>6} {len(times):>6} {valid:>6} "
                  f"{statistics.median(times):>10.1f} {p95:>8.1f}")  # fmt: skip
    p95 = statistics.quantiles(every, n=20)[-1]
    print(f"\nall {len(every)} melds: median {statistics.median(every):.1f} µs, p95 {p95:.1f} µs,"
          f" max {max(every):.1f} µs (target: median ≤ 50 µs)")  # fmt: skip
    record("bench_check_meld.py", f"median {statistics.median(every):.0f} µs, p95 {p95:.0f} µs")


if __name__ == "__main__":
    main()
