"""How a round ends and what each player scores, per the variant's settlement.

>>> from rummy_learn.variants import preset
>>> settle(preset("palace"), EndReason.WENT_OUT, 0, (0, 12, 30))
(42, -12, -30)
>>> settle(preset("palace"), EndReason.RUMMY, 0, (0, 12, 30))
(84, -24, -60)
>>> settle(preset("rummy40"), EndReason.RUMMY, 1, (12, 0, 30))
(37, 0, 55)
>>> settle(preset("palace"), EndReason.STOCK_EMPTY, None, (5, 12, 30))
(-5, -12, -30)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from rummy_learn.rules import Rules, RummyBonus, Settlement

__all__ = ["EndReason", "RoundOutcome", "settle"]


class EndReason(Enum):
    """Why a round ended."""

    WENT_OUT = "went_out"  # a player got rid of every card
    RUMMY = "rummy"  # ... all in one turn (Rummy, Hand-Rommé)
    STOCK_EMPTY = (
        "stock_empty"  # the stock ran out: no winner (palace) or nothing left to reshuffle
    )
    RESHUFFLE_LIMIT = "reshuffle_limit"  # the stock ran out once more than the variant reshuffles
    TURN_LIMIT = "turn_limit"  # the variant's turn limit (rami: 300)
    TURN_CAP = "turn_cap"  # the kit's safety cap on a round's length (not a rule of any source)


@dataclass(frozen=True)
class RoundOutcome:
    """The end of a round: why, who won, each hand's penalty, and each player's score."""

    reason: EndReason
    winner: int | None
    hand_points: tuple[int, ...]
    scores: tuple[int, ...]


def settle(
    rules: Rules,
    reason: EndReason,
    winner: int | None,
    hand_points: Sequence[int],
    melded: int = 0,
) -> tuple[int, ...]:
    """Each player's score for the round.

    ``ZERO_SUM`` (palace): losers lose their hand points, the winner gains their sum;
    without a winner everyone loses. ``PENALTY``: losers collect their hand points as
    penalty, the winner nothing. A Rummy doubles, or adds ``rummy_bonus_points`` to each loser.
    With ``casino_scoring`` each loser also pays ``melded``, the points of the winner's melds
    on the table (the kit's reading of a rule 000 names without details).

    >>> from rummy_learn.variants import preset
    >>> settle(preset("palace", ["casino_scoring"]), EndReason.WENT_OUT, 0, (0, 12, 30), 40)
    (122, -52, -70)
    """
    rummy = reason is EndReason.RUMMY
    factor = 2 if rummy and rules.rummy_bonus is RummyBonus.DOUBLE else 1
    bonus = (
        rules.rummy_bonus_points if rummy and rules.rummy_bonus is RummyBonus.PENALTY_PLUS else 0
    )
    if rules.casino_scoring and winner is not None:
        bonus += melded
    losses = [0 if p == winner else factor * points + bonus for p, points in enumerate(hand_points)]
    if rules.settlement is Settlement.ZERO_SUM:
        scores = [-loss for loss in losses]
        if winner is not None:
            scores[winner] = sum(losses)
        return tuple(scores)
    return tuple(losses)
