"""Counting points: the value of an opening over several melds, and the penalty of a hand.

>>> from rummy_learn.notation import parse_cards
>>> from rummy_learn.variants import preset
>>> opening = check_opening([parse_cards("K♥ K♠ K♦"), parse_cards("A♥ 2♥ 3♥")], preset("rami40"))
>>> opening.points, opening.required, opening.meets
(36, 40, False)
>>> hand_penalty(parse_cards("A♣ K♦ 7♠ Jkr"), preset("romme"))
58
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rummy_learn.cards import Card, Rank
from rummy_learn.melds import MeldCheck, check_meld
from rummy_learn.rules import Rules

__all__ = ["OpeningCheck", "check_opening", "hand_penalty", "penalty_of"]


@dataclass(frozen=True, slots=True)
class OpeningCheck:
    """The verdict on a first meld made of one or more melds laid in one turn."""

    melds: tuple[MeldCheck, ...]
    points: int
    required: int | None

    @property
    def all_valid(self) -> bool:
        """True when every meld is valid."""
        return all(m.valid for m in self.melds)

    @property
    def meets(self) -> bool:
        """True when every meld is valid and their points reach the variant's minimum."""
        if not self.melds or not self.all_valid:
            return False
        return self.required is None or self.points >= self.required

    @property
    def missing(self) -> int:
        """Points still needed to reach the minimum (0 when reached or when there is none)."""
        return max(0, (self.required or 0) - self.points)


def check_opening(melds: Iterable[Sequence[Card]], rules: Rules) -> OpeningCheck:
    """Check an opening; only valid melds count towards its points.

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> rami51 = preset("rami51")
    >>> check_opening([parse_cards("Q♥ K♥ A♥"), parse_cards("5♣ 6♣ 7♣")], rami51).meets
    False
    >>> check_opening([parse_cards("Q♥ K♥ A♥"), parse_cards("9♣ 9♥ 9♦ Jkr")], rami51).meets
    True
    """
    checks = tuple(check_meld(meld, rules) for meld in melds)
    points = sum(c.points or 0 for c in checks)
    return OpeningCheck(checks, points, rules.opening_min)


def penalty_of(card: Card, rules: Rules) -> int:
    """What one card left in hand costs: face value, 10 for J Q K, the variant's ace and joker.

    >>> from rummy_learn.cards import JOKER
    >>> from rummy_learn.variants import preset
    >>> [penalty_of(JOKER, preset(v)) for v in ("palace", "rummy40", "scala40", "romme")]
    [20, 15, 25, 30]
    """
    if card.rank is None:
        return rules.joker_penalty
    if card.rank == Rank.ACE:
        return rules.ace_penalty
    return 10 if card.rank.is_face else int(card.rank)


def hand_penalty(cards: Iterable[Card], rules: Rules) -> int:
    """The penalty of all cards left in a hand."""
    return sum(penalty_of(card, rules) for card in cards)
