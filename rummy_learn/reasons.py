"""Why a meld is not allowed: reason codes, and a problem with its details.

The codes are data; their words (in ru, bg, de, en) come from
:mod:`rummy_learn.i18n`.

>>> Reason.GAP.value
'gap'
>>> Problem(Reason.TOO_MANY_JOKERS, limit=1).limit
1
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rummy_learn.cards import Card

__all__ = ["Problem", "Reason"]


class Reason(Enum):
    """Every way a meld can break a variant's rules."""

    JOKERS_NOT_IN_PLAY = "jokers_not_in_play"  # a joker at a table without jokers
    JOKERS_NOT_IN_SHOE = "jokers_not_in_shoe"  # more jokers than the shoe holds
    COPIES_NOT_IN_SHOE = "copies_not_in_shoe"  # more copies of a card than the shoe holds
    TOO_FEW_CARDS = "too_few_cards"
    TOO_MANY_CARDS = "too_many_cards"
    ONLY_JOKERS = "only_jokers"
    TOO_MANY_JOKERS = "too_many_jokers"
    JOKERS_NOT_FEWER = "jokers_not_fewer"
    TOO_FEW_NATURALS = "too_few_naturals"
    ADJACENT_JOKERS = "adjacent_jokers"
    JOKER_PLACE = "joker_place"
    NOT_A_MELD = "not_a_meld"
    MIXED_RANKS = "mixed_ranks"
    DUPLICATE_SUIT = "duplicate_suit"
    STRICT_GROUP_ORDER = "strict_group_order"
    MIXED_SUITS = "mixed_suits"
    DUPLICATE_RANK = "duplicate_rank"
    GAP = "gap"
    WRAP_AROUND = "wrap_around"
    ACE_HIGH_NOT_ALLOWED = "ace_high_not_allowed"
    OUT_OF_ORDER = "out_of_order"
    PIN_MISMATCH = "pin_mismatch"


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a meld fails, with the cards concerned and the variant's limit, if any.

    The cards concerned: those that do not fit (``MIXED_SUITS``…), the cards a gap lacks
    (``GAP``), the cards out of place (``STRICT_GROUP_ORDER``), the cards the shoe holds
    too few of (``COPIES_NOT_IN_SHOE``), the meld itself (``TOO_FEW_NATURALS``).
    """

    reason: Reason
    cards: tuple[Card, ...] = ()
    limit: int | None = None
