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
from dataclasses import dataclass, field

from rummy_learn.cards import Card, Rank
from rummy_learn.decks import shoe_problems
from rummy_learn.melds import MeldCheck, check_meld
from rummy_learn.reasons import Problem
from rummy_learn.rules import Rules

__all__ = ["OpeningCheck", "check_opening", "hand_penalty", "opening_of", "penalty_of"]


@dataclass(frozen=True, slots=True)
class OpeningCheck:
    """The verdict on a first meld made of one or more melds laid in one turn.

    ``problems``: what is wrong with the melds together but with none alone (more
    jokers or copies of a card over all melds than the variant's shoe holds).
    """

    melds: tuple[MeldCheck, ...]
    points: int
    rules: Rules = field(repr=False)
    problems: tuple[Problem, ...] = ()

    @property
    def required(self) -> int | None:
        """The variant's opening minimum (``None``: no minimum)."""
        return self.rules.opening_min

    @property
    def all_valid(self) -> bool:
        """True when every meld is valid."""
        return all(m.valid for m in self.melds)

    @property
    def reached(self) -> bool:
        """True when the points reach the variant's minimum (or there is none)."""
        return self.rules.opening_reached(self.points)

    @property
    def meets(self) -> bool:
        """True when every meld is valid and their points reach the variant's minimum."""
        return bool(self.melds) and self.all_valid and not self.problems and self.reached

    def _repr_html_(self) -> str:
        """The opening drawn in a notebook with its verdict (the drawing is imported when drawn)."""
        from rummy_learn.render import notebook_html

        return notebook_html(self)

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
    >>> romme = preset("romme")  # the order laid places the joker: J♠ (29), then 8♠ (27)
    >>> [check_opening([parse_cards(run), parse_cards("4♣ 4♦ 4♥")], romme).points
    ...  for run in ("9♠ 10♠ Jkr", "Jkr 9♠ 10♠")]
    [41, 39]
    >>> rummy40 = preset("rummy40")  # two jokers in the shoe, three in the melds
    >>> melds = ["Jkr 5♣ 6♣", "Jkr 9♥ 10♥", "Jkr Q♦ K♦"]
    >>> opening = check_opening([parse_cards(m) for m in melds], rummy40)
    >>> opening.all_valid, [p.reason.value for p in opening.problems], opening.meets
    (True, ['jokers_not_in_shoe'], False)
    """
    return opening_of([check_meld(meld, rules) for meld in melds], rules)


def opening_of(checks: Iterable[MeldCheck], rules: Rules) -> OpeningCheck:
    """An opening of melds checked already (their placements and pins kept).

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> nine = parse_cards("9♠")[0]
    >>> pinned = check_meld(parse_cards("Jkr 7♠ 8♠"), preset("romme"), pins={0: nine})
    >>> opening_of([pinned], preset("romme")).points
    24
    """
    checks = tuple(checks)
    points = sum(c.points or 0 for c in checks)
    together = shoe_problems([card for check in checks for card in check.cards], rules)
    alone = {problem for check in checks for problem in check.problems}
    extra = tuple(problem for problem in together if problem not in alone)
    return OpeningCheck(checks, points, rules, extra)


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
