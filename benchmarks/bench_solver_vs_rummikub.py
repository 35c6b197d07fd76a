"""Benchmark: our exact solver against rummikub-solver (MILP), rack by rack, side by side.

Both find the most cards that can be melded from a random rack, under one rule set
both can express: two 52-card decks and 2 jokers (106 cards, as Rummikub's 104
tiles and 2 jokers), the ace low only, no limit on jokers per meld. rummikub-solver
never puts a joker in a group of four or at the end of a run longer than three,
so our rules switch those places off too (``joker_set_max``, ``end_joker_run_max``).
Every rack must give the same optimum; the script prints the times and exits 1 on
any disagreement.

    ./dev bench                       # this and the other benchmarks
    .venv/bin/python benchmarks/bench_solver_vs_rummikub.py [--racks N] [--sizes 14 ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

from rummikub_solver import RuleSet, SolverMode

from rummy_learn.cards import Card
from rummy_learn.decks import build_deck
from rummy_learn.rules import DeckTier
from rummy_learn.solver import Objective, Solver
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


def theirs(rack: list[Card]) -> tuple[int, float]:
    state = RUMMIKUB.new_game()
    state.add_rack(*(tile(c) for c in rack))
    start = time.perf_counter()
    solution = RUMMIKUB.solve(state, SolverMode.TILE_COUNT)
    return (len(solution.tiles) if solution else 0), time.perf_counter() - start


def ours(rack: list[Card]) -> tuple[int, float]:
    solver = Solver(RULES, Objective.CARDS)  # nothing remembered from other racks
    start = time.perf_counter()
    best = solver.best(rack)
    return best.cards_melded, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--racks", type=int, default=100)
    parser.add_argument("--sizes", type=int, nargs="+", default=[14])
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    shoe = list(build_deck(RULES, 2))
    rng = random.Random(args.seed)
    ours([*shoe[:14]])  # warm both up (rule tables, set lists)
    theirs([*shoe[:14]])
    failures, figures = 0, []
    print(f"{'cards':>5} {'racks':>5} {'same':>5} {'ours p50 ms':>11} {'p95':>7}"
          f" {'theirs p50 ms':>13} {'p95':>7} {'speed-up p50':>12}")  # fmt: skip
    for size in args.sizes:
        mine, other, same = [], [], 0
        for _ in range(args.racks):
            rack = rng.sample(shoe, size)
            count_ours, t_ours = ours(rack)
            count_theirs, t_theirs = theirs(rack)
            mine.append(t_ours * 1000)
            other.append(t_theirs * 1000)
            if count_ours == count_theirs:
                same += 1
            else:
                failures += 1
                print(
                    f"  differ on {' '.join(map(str, rack))}:"
                    f" ours {count_ours}, theirs {count_theirs}"
                )
        p50_ours, p50_theirs = statistics.median(mine), statistics.median(other)
        print(f"{size:>5} {args.racks:>5} {same:>5} {p50_ours:>11.2f} {_p95(mine):>7.2f}"
              f" {p50_theirs:>13.2f} {_p95(other):>7.2f}"
              f" {p50_theirs / p50_ours:>11.1f}×")  # fmt: skip
        figures.append(f"{size} cards: ours p50 {p50_ours:.2f} ms, p95 {_p95(mine):.1f} ms; MILP "
                       f"p50 {p50_theirs:.1f} ms, p95 {_p95(other):.1f} ms "
                       f"({p50_theirs / p50_ours:.0f}× at p50, {_p95(other) / _p95(mine):.1f}× "
                       "at p95)")  # fmt: skip
    record("bench_solver_vs_rummikub.py", "; ".join(figures))
    return 1 if failures else 0


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


if __name__ == "__main__":
    sys.exit(main())
