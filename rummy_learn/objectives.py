"""What the solver makes largest, and what a meld or one of its cards is worth for it.

A meld's worth comes from its verdict (:func:`meld_worth`); where the solver builds a
run slot by slot, each card's share (:func:`slot_worth`) adds up to the same sum.

>>> from rummy_learn.notation import parse_cards
>>> from rummy_learn.melds import check_meld
>>> from rummy_learn.variants import preset
>>> romme = preset("romme")
>>> check = check_meld(parse_cards("9♠ 10♠ Jkr"), romme)
>>> [meld_worth(check, objective, romme) for objective in Objective]
[29, 3, 49]
>>> sum(slot_worth(Objective.POINTS, romme, slot, joker=slot == 11) for slot in (9, 10, 11))
29
"""

from __future__ import annotations

from enum import Enum

from rummy_learn.cards import JOKER, Card, Rank, Suit
from rummy_learn.melds import MeldCheck
from rummy_learn.rules import Rules
from rummy_learn.runs import slot_points
from rummy_learn.scoring import penalty_of

__all__ = ["Objective", "meld_worth", "slot_worth"]


class Objective(Enum):
    """What the best arrangement makes largest."""

    POINTS = "points"  # the melds' points (what an opening counts)
    CARDS = "cards"  # the number of cards melded
    DEADWOOD = "deadwood"  # the penalty of the melded cards, i.e. the least penalty left in hand


def meld_worth(check: MeldCheck, objective: Objective, rules: Rules) -> int:
    """What a valid meld is worth for the objective."""
    if objective is Objective.POINTS:
        return check.points or 0
    if objective is Objective.CARDS:
        return len(check.cards)
    return sum(penalty_of(card, rules) for card in check.cards)


def slot_worth(objective: Objective, rules: Rules, slot: int, *, joker: bool) -> int:
    """What one card of a run is worth for the objective, lying in ``slot`` (1 to 14).

    Slot 1 is a low ace and slot 14 a high one, as in :func:`~rummy_learn.runs.slot_points`;
    a joker counts the points of the card it stands for, and its own penalty.
    """
    if objective is Objective.POINTS:
        return slot_points(slot, rules)
    if objective is Objective.CARDS:
        return 1
    return penalty_of(JOKER if joker else Card(Rank((slot - 1) % 13 + 1), Suit.CLUBS), rules)
