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
from typing import Any

from rummy_learn.actions import action_text
from rummy_learn.bots import Bot, drive_bots
from rummy_learn.engine import Round
from rummy_learn.game import round_dealer
from rummy_learn.levels import level_name, make_level_bots
from rummy_learn.refusals import NoLegalMove
from rummy_learn.rules import Rules, Settlement

__all__ = [
    "InvariantBroken",
    "SimulationReport",
    "make_bots",
    "play_round",
    "playthrough",
    "seat_levels",
    "simulate",
]


class InvariantBroken(AssertionError):
    """A card was lost or doubled, or a bot chose an illegal move."""


def play_round(game: Round, bots: list[Bot], *, check: bool = True) -> int:
    """Play ``game`` to its end with ``bots``; returns the number of moves made.

    A player with no legal move raises :class:`~rummy_learn.refusals.NoLegalMove`.
    """
    moves = 0
    for moves, _move in enumerate(drive_bots(game, bots), start=1):
        if check and not game.cards_accounted():
            raise InvariantBroken(f"cards lost or doubled after move {moves} (seed {game.seed})")
    return moves


def playthrough(game: Round) -> list[dict[str, Any]]:
    """The round's moves again, each with every legal move where it was made (as OpenSpiel's
    playthroughs record them): a change in what the rules allow shows in a diff.

    >>> from rummy_learn.actions import DrawStock
    >>> from rummy_learn.variants import preset
    >>> game = Round(preset("rami40"), players=2, seed=7)
    >>> game.apply(DrawStock())
    >>> [(step["legal"], step["move"]) for step in playthrough(game)]
    [(['draw_stock', 'take_discard'], 'draw_stock')]
    """
    replay = game.copy()
    for _ in game.moves:
        replay.undo()
    steps = []
    for move in game.moves:
        steps.append(
            {
                "turn": replay.state.turns,
                "player": replay.current,
                "phase": replay.phase.value,
                "legal": [action_text(action) for action in replay.legal_actions()],
                "move": action_text(move.action),
            }
        )
        replay.apply(move.action)
    return steps


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
    seats: list[str] = field(default_factory=list)  # the level (or bot) of each seat
    wins: list[int] = field(default_factory=list)  # rounds won, per seat
    penalties: list[int] = field(default_factory=list)  # hand points left at the end, per seat

    def level_wins(self) -> dict[str, int]:
        """Rounds won per level (a level at several seats: their sum)."""
        wins = dict.fromkeys(self.seats, 0)
        for level, won in zip(self.seats, self.wins, strict=True):
            wins[level] += won
        return wins

    def level_penalties(self) -> dict[str, float]:
        """The average penalty a seat of each level was left with at the end of a round."""
        totals, seats = dict.fromkeys(self.seats, 0), dict.fromkeys(self.seats, 0)
        for level, points in zip(self.seats, self.penalties, strict=True):
            totals[level] += points
            seats[level] += 1
        return {level: totals[level] / (seats[level] * self.rounds or 1) for level in totals}

    @property
    def rounds_per_second(self) -> float:
        """Throughput."""
        return self.rounds / self.seconds if self.seconds else 0.0

    @property
    def average_turns(self) -> float:
        """Turns (discards) per round."""
        return self.turns / self.rounds if self.rounds else 0.0


def seat_levels(kind: str, players: int) -> list[str]:
    """The bot of each seat: one level for all (``hard``), one per seat in order
    (``hard,medium``), or ``mixed`` (medium and random by turns). Old names are aliases
    (:data:`~rummy_learn.levels.ALIASES`); a wrong name or count raises ``ValueError``.

    >>> seat_levels("greedy", 2), seat_levels("hard,easy", 2), seat_levels("mixed", 3)
    (['medium', 'medium'], ['hard', 'easy'], ['medium', 'random', 'medium'])
    """
    if kind.strip().lower() == "mixed":
        return ["medium" if p % 2 == 0 else "random" for p in range(players)]
    names = [level_name(name) for name in kind.split(",")]
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise ValueError(f"{len(names)} bot levels for {players} players: give one per seat")
    return names


def make_bots(kind: str, rules: Rules, players: int, seed: int) -> list[Bot]:
    """``players`` bots as :func:`seat_levels` reads ``kind``, seeded by ``seed`` and the seat."""
    return make_level_bots(seat_levels(kind, players), rules, seed)


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
    """Play ``rounds`` rounds (dealt as :func:`~rummy_learn.game.round_dealer` says) and report.

    A round that sticks (a player to move with no legal move) is counted in ``stuck``
    and the next round is played.
    """
    seats = seat_levels(bots, players)
    report = SimulationReport(
        rules.variant, players, seats=seats, wins=[0] * players, penalties=[0] * players
    )
    start = time.perf_counter()
    for number in range(rounds):
        game = Round(
            rules, players, seed=seed + number, dealer=round_dealer(rules, number, players)
        )
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
            if outcome.winner is not None:
                report.wins[outcome.winner] += 1
            for seat, points in enumerate(outcome.hand_points):
                report.penalties[seat] += points
            if rules.settlement is Settlement.ZERO_SUM and outcome.winner is not None:
                report.zero_sum &= sum(outcome.scores) == 0
        if progress is not None:
            progress(number + 1)
    report.seconds = time.perf_counter() - start
    return report
