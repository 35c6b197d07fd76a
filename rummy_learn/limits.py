"""The kit's bounds on what it is given: none is a rule of any source, all are the kit's choice.

A word longer than any card's name is not read letter by letter; no command takes more
cards than the largest shoe; the solver answers for hands a variant's round can deal.

>>> from rummy_learn.variants import preset
>>> largest_hand(preset("rami51")), largest_hand(preset("romme", ["dealer_14"]))
(14, 14)
>>> largest_hand(preset("palace", ["knock"]))
22
"""

from __future__ import annotations

from rummy_learn.rules import Rules

__all__ = [
    "KNOCK_CARDS",
    "MAX_CARDS_GIVEN",
    "MAX_DECKS",
    "MAX_JOKERS",
    "MAX_TOKEN_CHARS",
    "SOLVER_BUDGET",
    "largest_hand",
]

MAX_TOKEN_CHARS = 32
"""The longest word the card reader reads ("восьмёрка червей" written as one word is 15)."""
MAX_DECKS = 4
"""The most 52-card decks a shoe may hold (the presets use at most 3)."""
MAX_JOKERS = 8
"""The most jokers a shoe may hold (the presets use at most 6)."""
MAX_CARDS_GIVEN = 52 * MAX_DECKS + MAX_JOKERS
"""The most cards a command takes at once: the largest shoe there can be."""
KNOCK_CARDS = 8
"""The cards knocking may add to a hand, as the kit counts it: four knocks of two cards."""
SOLVER_BUDGET = 1.0
"""Seconds the solver searches a hand larger than :func:`largest_hand` before it answers
with the best arrangement found so far (marked as not proven best)."""


def largest_hand(rules: Rules) -> int:
    """The most cards a hand holds in a round of this variant.

    The largest deal and the card drawn (under ``dealer_14`` the dealer is dealt that card
    and draws none); with ``knock``, :data:`KNOCK_CARDS` more.
    """
    dealt = max(tier.cards for tier in rules.hand_tiers)
    return dealt + 1 + (KNOCK_CARDS if rules.knock else 0)
