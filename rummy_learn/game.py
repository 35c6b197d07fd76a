"""A game of several rounds: running totals, the dealer passing on, players dropping out.

>>> from rummy_learn.variants import preset
>>> match = Match(preset("scala40"), players=3)
>>> match.record((0, 60, 45)); match.record((30, 50, 0))
>>> match.totals, match.out, match.over
([30, 110, 45], [1], False)
>>> match.seats
[0, 2]
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_learn.engine import DEFAULT_TURN_CAP, Round
from rummy_learn.rules import Rules, Settlement

__all__ = ["Match", "round_dealer"]


def round_dealer(rules: Rules, number: int, players: int, first: int = 0) -> int:
    """Who deals round ``number`` (from 0) of rounds between the same players.

    >>> from rummy_learn.variants import preset
    >>> from dataclasses import replace
    >>> [round_dealer(preset("romme"), n, 3) for n in range(4)]
    [0, 1, 2, 0]
    >>> [round_dealer(replace(preset("romme"), dealer_rotates=False), n, 3) for n in range(4)]
    [0, 0, 0, 0]
    """
    return (first + number) % players if rules.dealer_rotates else first


class Match:
    """Rounds of one variant between the same players, with the variant's settlement.

    Round scores are added to each player's total. Under ``PENALTY`` settlement the
    lowest total leads, and a player whose total reaches ``elimination_score`` is out
    (Scala 40: 101); under ``ZERO_SUM`` (Rummy Palace) the highest total leads. The
    match is over after ``rounds`` rounds (if given) or when one player is left.
    """

    def __init__(
        self, rules: Rules, players: int, *, seed: int = 0, rounds: int | None = None
    ) -> None:
        if not rules.min_players <= players <= rules.max_players:
            raise ValueError(
                f"{rules.variant} is played by {rules.min_players} to {rules.max_players}"
            )
        self.rules = rules
        self.players = players
        self.seed = seed
        self.rounds = rounds
        self.totals = [0] * players
        self.out: list[int] = []
        self.played = 0
        self.dealer = 0  # a player number, not a seat

    @property
    def seats(self) -> list[int]:
        """The players still in the match, in seating order."""
        return [p for p in range(self.players) if p not in self.out]

    @property
    def over(self) -> bool:
        """True when the rounds are played or only one player is left."""
        return len(self.seats) < max(2, self.rules.min_players) or (
            self.rounds is not None and self.played >= self.rounds
        )

    @property
    def leader(self) -> int:
        """The player ahead: the lowest total (penalty), or the highest (zero-sum)."""
        if self.rules.settlement is Settlement.ZERO_SUM:
            return max(self.seats, key=lambda p: self.totals[p])
        return min(self.seats, key=lambda p: self.totals[p])

    def new_round(self, turn_cap: int = DEFAULT_TURN_CAP) -> Round:
        """The next round between the players still in; its seat ``i`` is player ``seats[i]``."""
        if self.over:
            raise ValueError("the match is over")
        seats = self.seats
        dealer_seat = seats.index(self.dealer) if self.dealer in seats else 0
        return Round(self.rules, len(seats), seed=self.seed * 1009 + self.played,
                     dealer=dealer_seat, turn_cap=turn_cap)  # fmt: skip

    def record(self, scores: Sequence[int]) -> None:
        """Book a round's scores (one per seat, as :meth:`new_round`'s round gave them)."""
        seats = self.seats
        if len(scores) != len(seats):
            raise ValueError(f"{len(scores)} scores for {len(seats)} players")
        for seat, score in enumerate(scores):
            self.totals[seats[seat]] += score
        self.played += 1
        limit = self.rules.elimination_score
        if limit is not None and self.rules.settlement is Settlement.PENALTY:
            self.out += [p for p in seats if self.totals[p] >= limit]
        remaining = self.seats
        if remaining and (self.rules.dealer_rotates or self.dealer not in remaining):
            after = [p for p in remaining if p > self.dealer] or remaining
            self.dealer = after[0]  # the deal passes to the left, to a player still in
