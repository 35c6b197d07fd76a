"""Benchmark: our exact solver against rummikub-solver (MILP), rack by rack, side by side.

Both find the most cards that can be melded from a random rack, under one rule set
both can express: two 52-card decks and 2 jokers (106 cards, as Rummikub's 104
tiles and 2 jokers), the ace low only, no limit on jokers per meld. rummikub-solver
never puts a joker in a group of four or at the end of a run longer than three,
so our rules switch those places off too (``joker_set_max``, ``end_joker_run_max``).

For each size, both first solve ``--warmup`` racks that are not timed: rummikub-solver
builds its model once; ours fills the tables of moves it keeps for the rule set, as a
kernel does while it plays (a round of a Game asks the solver about 85 times, so the 200
racks are two or three rounds' worth). Then the ``--racks`` timed racks, each solved by both,
one after the other. Every rack must give the same optimum; the script prints the table and
exits 1 on any disagreement. Each call is timed as ``timeit`` times: the young garbage
collected before it, no collection during it (see ``quiet``). The last two columns time
ours with tables made afresh for each rack, as a new process has them.

    ./dev bench                       # this and the other benchmarks
    .venv/bin/python benchmarks/bench_solver_vs_rummikub.py [--racks N] [--sizes 14 ...]
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from rummikub_solver import RuleSet, SolverMode

from rummy_learn.cards import Card
from rummy_learn.decks import build_deck
from rummy_learn.rules import DeckTier
from rummy_learn.solver import Objective, Solver, SolverCache
from rummy_learn.variants import preset

sys.path.insert(0, str(Path(__file__).parent))
from report import record

RULES = replace(
    preset("rummy40"),
    deck_tiers=(DeckTier(2, 2, 2),),
    ace_high=False,
    low_ace_points=1,
    max_jokers_per_meld=None,
    min_naturals=1,
    jokers_fewer_than_naturals=False,
    adjacent_jokers_from=3,
    joker_set_max=3,
    end_joker_run_max=3,
)
RUMMIKUB = RuleSet(numbers=13, repeats=2, colours=4, jokers=2, min_len=3, min_initial_value=1)
JOKER_TILE = RUMMIKUB.tile_count  # the last tile number is the joker


def tile(card: Card) -> int:
    """Rummikub's tile number: colour by suit, number by rank (ace = 1)."""
    if card.rank is None or card.suit is None:
        return JOKER_TILE
    return card.suit.index * 13 + int(card.rank)


def quiet() -> None:
    """Before a timed call: the other solver's garbage collected, and no collection during
    the call (as ``timeit`` times). Only the young generations: a full collection also
    empties CPython's free lists of tuples, lists and dicts, which costs the next Python
    call a third of a millisecond that no call in a running kernel pays."""
    gc.collect(1)
    gc.disable()


def theirs(rack: list[Card]) -> tuple[int, float]:
    state = RUMMIKUB.new_game()
    state.add_rack(*(tile(c) for c in rack))
    quiet()
    start = time.perf_counter()
    solution = RUMMIKUB.solve(state, SolverMode.TILE_COUNT)
    took = time.perf_counter() - start
    gc.enable()
    return (len(solution.tiles) if solution else 0), took


def ours(rack: list[Card], cache: SolverCache | None = None) -> tuple[int, float]:
    solver = Solver(RULES, Objective.CARDS, cache)  # the rule set's tables; nothing of a rack
    quiet()
    start = time.perf_counter()
    best = solver.best(rack)
    took = time.perf_counter() - start
    gc.enable()
    return best.cards_melded, took


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--racks", type=int, default=40)
    parser.add_argument("--sizes", type=int, nargs="+", default=[14, 20, 27, 34])
    parser.add_argument("--warmup", type=int, default=200, help="untimed racks per size")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    shoe = list(build_deck(RULES, 2))
    rng, warm = random.Random(args.seed), random.Random(args.seed + 1)
    load = os.getloadavg()[0]
    failures, figures = 0, []
    print(f"{args.warmup} untimed racks of each size first")
    print("| cards | racks | same optimum | ours p50 | p95 | MILP p50 | p95 | speed-up p50 | p95 "
          "| ours, fresh tables p50 | p95 |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for size in args.sizes:
        for _ in range(args.warmup):
            rack = warm.sample(shoe, size)
            ours(rack)
            theirs(rack)
        mine, other, fresh, same = [], [], [], 0
        for _ in range(args.racks):
            rack = rng.sample(shoe, size)
            count_theirs, t_theirs = theirs(rack)
            count_ours, t_ours = ours(rack)
            fresh.append(ours(rack, SolverCache())[1] * 1000)
            mine.append(t_ours * 1000)
            other.append(t_theirs * 1000)
            if count_ours == count_theirs:
                same += 1
            else:
                failures += 1
                cards = " ".join(map(str, rack))
                print(f"  differ on {cards}: ours {count_ours}, theirs {count_theirs}")
        row = Row(size, statistics.median(mine), _p95(mine), statistics.median(other), _p95(other))
        print(f"| {size} | {args.racks} | {same} of {args.racks} | {row.ours:.2f} ms "
              f"| {row.ours95:.2f} ms | {row.milp:.1f} ms | {row.milp95:.1f} ms "
              f"| {row.milp / row.ours:.0f}× | {row.milp95 / row.ours95:.1f}× "
              f"| {statistics.median(fresh):.2f} ms | {_p95(fresh):.2f} ms |",
              flush=True)  # fmt: skip
        figures.append(
            f"{size} cards: ours p50 {row.ours:.2f} ms, p95 {row.ours95:.2f} ms; MILP p50 "
            f"{row.milp:.1f} ms, p95 {row.milp95:.1f} ms ({row.milp / row.ours:.0f}× at p50, "
            f"{row.milp95 / row.ours95:.1f}× at p95; fresh tables p50 "
            f"{statistics.median(fresh):.2f} ms, p95 {_p95(fresh):.2f} ms)"
        )
    end = os.getloadavg()[0]
    verdict = "same optimum on every rack" if not failures else f"{failures} racks differ"
    print(f"\nLoad average {load:.1f} at the start, {end:.1f} at the end ({os.cpu_count()} "
          f"cores); {verdict}.")  # fmt: skip
    record(
        "bench_solver_vs_rummikub.py",
        f"{args.warmup} racks of warm-up; {'; '.join(figures)}; {verdict}; "
        f"load {load:.1f}-{end:.1f}",
    )
    return 1 if failures else 0


class Row(NamedTuple):
    """A size's medians and 95th percentiles, ms."""

    size: int
    ours: float
    ours95: float
    milp: float
    milp95: float


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


if __name__ == "__main__":
    sys.exit(main())
