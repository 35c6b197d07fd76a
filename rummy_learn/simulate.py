"""Rounds played by bots, with the invariants checked at every step.

>>> from rummy_learn.variants import preset
>>> report = simulate(preset("rami40"), players=3, rounds=2, seed=1)
>>> report.rounds, report.all_accounted, sum(report.ends.values()), report.stuck
(2, True, 2, 0)
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from rummy_learn.actions import Knock
from rummy_learn.bots import Bot, GreedyBot, RandomBot
from rummy_learn.engine import Round
from rummy_learn.legality import is_legal
from rummy_learn.refusals import NoLegalMove
from rummy_learn.rules import Rules, Settlement
from rummy_learn.view import Phase

__all__ = ["InvariantBroken", "SimulationReport", "make_bots", "play_round", "simulate"]


class InvariantBroken(AssertionError):
    """A card was lost or doubled, or a bot chose an illegal move."""


def play_round(game: Round, bots: list[Bot], *, check: bool = True) -> int:
    """Play ``game`` to its end with ``bots``; returns the number of moves made.

    A player with no legal move raises :class:`~rummy_learn.refusals.NoLegalMove`.
    """
    moves = 0
    while game.phase is not Phase.OVER:
        view = game.view(game.current)
        if view.knock_open:
            for step in range(1, game.players):
                player = (game.current + step) % game.players
                knocker = game.view(player)
                if is_legal(knocker, Knock(player)) and bots[player].knock(knocker):
                    game.apply(Knock(player))
                    moves += 1
                    break
            if game.outcome is not None:  # a knock can empty the stock
                break
            view = game.view(game.current)
        game.apply(bots[game.current].choose(view))
        moves += 1
        if check and not game.cards_accounted():
            raise InvariantBroken(f"cards lost or doubled after move {moves} (seed {game.seed})")
    return moves


@dataclass
class SimulationReport:
    """What a batch of simulated rounds did."""

    variant: str
    players: int
    rounds: int = 0
    seconds: float = 0.0
    ends: Counter[str] = field(default_factory=Counter)
    turns: int = 0
    moves: int = 0
    all_accounted: bool = True
    stuck: int = 0  # rounds in which a player to move had no legal move (must be 0)
    zero_sum: bool = True  # every round with a winner settled to zero (zero-sum variants only)

    @property
    def rounds_per_second(self) -> float:
        """Throughput."""
        return self.rounds / self.seconds if self.seconds else 0.0

    @property
    def average_turns(self) -> float:
        """Turns (discards) per round."""
        return self.turns / self.rounds if self.rounds else 0.0


def make_bots(kind: str, rules: Rules, players: int, seed: int) -> list[Bot]:
    """``players`` bots: ``greedy``, ``random``, or ``mixed`` (greedy and random by turns)."""
    if kind == "greedy":
        return [GreedyBot(rules) for _ in range(players)]
    if kind == "random":
        return [RandomBot(seed * 31 + p) for p in range(players)]
    if kind == "mixed":
        return [
            GreedyBot(rules) if p % 2 == 0 else RandomBot(seed * 31 + p) for p in range(players)
        ]
    raise ValueError(f"unknown bot kind {kind!r}; choose greedy, random or mixed")


def simulate(
    rules: Rules,
    players: int = 4,
    rounds: int = 10,
    seed: int = 0,
    *,
    bots: str = "greedy",
    check: bool = True,
    progress: Callable[[int], None] | None = None,
) -> SimulationReport:
    """Play ``rounds`` rounds (the dealer rotating) and report what happened.

    A round that sticks (a player to move with no legal move) is counted in ``stuck``
    and the next round is played.
    """
    report = SimulationReport(rules.variant, players)
    start = time.perf_counter()
    for number in range(rounds):
        game = Round(rules, players, seed=seed + number, dealer=number % players)
        report.rounds += 1
        try:
            report.moves += play_round(
                game, make_bots(bots, rules, players, seed + number), check=check
            )
        except NoLegalMove:
            report.stuck += 1
        report.turns += game.view(0).turn
        report.all_accounted &= game.cards_accounted()
        outcome = game.outcome
        if outcome is not None:
            report.ends[outcome.reason.value] += 1
            if rules.settlement is Settlement.ZERO_SUM and outcome.winner is not None:
                report.zero_sum &= sum(outcome.scores) == 0
        if progress is not None:
            progress(number + 1)
    report.seconds = time.perf_counter() - start
    return report
