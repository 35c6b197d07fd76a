"""Benchmark: the bots' ladder. Two-player rounds per preset, each deal played twice (the
same seed with the seats swapped), for hard against medium and medium against easy.

    .venv/bin/python benchmarks/bench_ladder.py                  # 50 deals (100 rounds) a pair
    .venv/bin/python benchmarks/bench_ladder.py --deals 500      # the 1,000 rounds of the goal
    .venv/bin/python benchmarks/bench_ladder.py --presets romme,rami51 --jobs 2
    .venv/bin/python benchmarks/bench_ladder.py --pairs hard/medium --seed 51 --deals 200

Prints, per preset and pair, the stronger level's share of the rounds won (a round with no
winner counts for neither), the illegal moves (the engine refuses them: must be 0), and
the time per move of each level (p50, p95, max, over every move of the run). Goals: hard
wins ≥ 60% against medium, medium ≥ 75% against easy, no illegal move, hard ≤ 200 ms a
move. Run with one job for the times: jobs side by side share the cores.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from rummy_learn.actions import Action
from rummy_learn.bots import Bot
from rummy_learn.engine import Round
from rummy_learn.game import round_dealer
from rummy_learn.levels import make_level_bots
from rummy_learn.refusals import IllegalMove
from rummy_learn.simulate import play_round
from rummy_learn.variants import PRESETS, preset
from rummy_learn.view import PlayerView

sys.path.insert(0, str(Path(__file__).parent))
from report import record

PAIRS = (("hard", "medium"), ("medium", "easy"))
GOALS = {("hard", "medium"): 0.60, ("medium", "easy"): 0.75}


class Timed(Bot):
    """A bot whose every move is timed; ``slowest`` keeps its slowest move and where it was."""

    def __init__(
        self, bot: Bot, times: list[float], slowest: list[tuple[float, str]], seed: int
    ) -> None:
        self.bot, self.times, self.slowest, self.seed = bot, times, slowest, seed

    def choose(self, view: PlayerView) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(view)
        took = time.perf_counter() - start
        self.times.append(took)
        if not self.slowest or took > self.slowest[0][0]:
            jokers = sum(c.is_joker for c in view.hand)
            opened = "opened" if view.has_opened else "not opened"
            where = (f"seed {self.seed}, turn {view.turn}, {len(view.hand)} cards "
                     f"({jokers} jokers), {type(action).__name__}, {opened}")  # fmt: skip
            self.slowest[:] = [(took, where)]
        return action

    def knock(self, view: PlayerView) -> bool:
        return self.bot.knock(view)


def play_pair(job: tuple[str, str, str, int, int]) -> dict[str, object]:
    """``deals`` deals of ``variant``, each with the seats both ways."""
    variant, strong, weak, first, deals = job
    rules = preset(variant)
    wins: Counter[str] = Counter()
    times: dict[str, list[float]] = defaultdict(list)
    slowest: dict[str, list[tuple[float, str]]] = defaultdict(list)
    illegal = rounds = 0
    for seed in range(first, first + deals):
        for seats in ((strong, weak), (weak, strong)):
            game = Round(rules, 2, seed=seed, dealer=round_dealer(rules, seed, 2))
            bots = make_level_bots(seats, rules, seed)
            timed: list[Bot] = [
                Timed(b, times[level], slowest[level], seed)
                for b, level in zip(bots, seats, strict=True)
            ]
            rounds += 1
            try:
                play_round(game, timed)
            except IllegalMove:
                illegal += 1
                continue
            winner = game.outcome.winner if game.outcome else None
            if winner is not None:
                wins[seats[winner]] += 1
    return {"variant": variant, "pair": (strong, weak), "rounds": rounds, "wins": dict(wins),
            "illegal": illegal, "times": dict(times),
            "slowest": {level: (took, f"{variant}, {where}")
                        for level, [(took, where)] in slowest.items()}}  # fmt: skip


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=50, help="deals per preset and pair")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--presets", default=",".join(PRESETS), help="presets, by commas")
    parser.add_argument("--jobs", type=int, default=1, help="processes side by side")
    parser.add_argument(
        "--pairs", default=",".join(f"{s}/{w}" for s, w in PAIRS), help="e.g. hard/medium"
    )
    args = parser.parse_args()
    presets = [p.strip() for p in args.presets.split(",") if p.strip()]
    pairs = [tuple(p.strip().split("/")) for p in args.pairs.split(",") if p.strip()]
    if not pairs or any(p not in PAIRS for p in pairs):
        parser.error(f"--pairs: choose among {', '.join(f'{s}/{w}' for s, w in PAIRS)}")
    jobs = [(v, s, w, args.seed, args.deals) for v in presets for s, w in pairs]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(play_pair, jobs))
    print(f"{'preset':<9} {'pair':<15} {'rounds':>6} {'won':>6}  goal  illegal")
    times: dict[str, list[float]] = defaultdict(list)
    slowest: dict[str, tuple[float, str]] = {}
    shares: dict[tuple[str, str], list[float]] = defaultdict(list)
    illegal = total = 0
    for result in results:
        strong, weak = result["pair"]  # type: ignore[misc]
        wins: dict[str, int] = result["wins"]  # type: ignore[assignment]
        decided = sum(wins.values())
        share = wins.get(strong, 0) / decided if decided else 0.0
        goal = GOALS[(strong, weak)]
        shares[(strong, weak)].append(share)
        illegal += result["illegal"]  # type: ignore[operator]
        total += result["rounds"]  # type: ignore[operator]
        for level, values in result["times"].items():  # type: ignore[attr-defined]
            times[level] += values
        for level, (took, where) in result["slowest"].items():  # type: ignore[attr-defined]
            if level not in slowest or took > slowest[level][0]:
                slowest[level] = (took, where)
        verdict = "ok" if share >= goal else "MISS"
        print(f"{result['variant']:<9} {strong + '/' + weak:<15} {result['rounds']:>6}"
              f" {share:>6.1%}  {verdict:<5} {result['illegal']}")  # fmt: skip
    print(f"\n{total:,} rounds in {time.perf_counter() - start:.0f} s; illegal moves: {illegal}")
    print(f"{'level':<7} {'moves':>7} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7}")
    for level in ("easy", "medium", "hard"):
        values = times.get(level, [])
        print(
            f"{level:<7} {len(values):>7} {percentile(values, 0.5) * 1000:>7.1f}"
            f" {percentile(values, 0.95) * 1000:>7.1f} {max(values, default=0) * 1000:>7.1f}"
        )
    for level, (took, where) in sorted(slowest.items()):
        print(f"slowest {level} move: {took * 1000:.0f} ms ({where})")
    ladder = ", ".join(f"{s} vs {w} {min(v):.1%} to {max(v):.1%}" for (s, w), v in shares.items())
    hard = times.get("hard", [])
    record("bench_ladder.py", f"{ladder} (per preset, {args.deals * 2} rounds each); illegal "
           f"moves {illegal}; hard p95 {percentile(hard, 0.95) * 1000:.0f} ms a move")  # fmt: skip
    return 0 if illegal == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
