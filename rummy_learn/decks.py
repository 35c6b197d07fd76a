"""The shoe of a variant: its 52-card decks and jokers, each card with its copy index.

>>> from rummy_learn.variants import preset
>>> shoe = build_deck(preset("rami40"), players=5)
>>> len(shoe), sum(card.is_joker for card in shoe)
(160, 4)
>>> sorted(c.copy for c in shoe if str(c) == "Q♥")
[0, 1, 2]
"""

from __future__ import annotations

from rummy_learn.cards import RANKS, SUITS, Card
from rummy_learn.rules import Rules

__all__ = ["build_deck"]


def build_deck(rules: Rules, players: int) -> tuple[Card, ...]:
    """Every physical card of the shoe for this many players, in a fixed order.

    Natural cards carry their deck number as copy index, jokers their joker number.

    >>> from rummy_learn.variants import preset
    >>> [len(build_deck(preset(v), 4)) for v in ("palace", "rummy40", "romme", "scala40")]
    [110, 106, 110, 108]
    >>> len(build_deck(preset("palace", ["small_deck"]), 2))
    55
    """
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"{rules.variant} is played by {rules.min_players} to {rules.max_players} players,"
            f" not {players}"
        )
    tier = rules.deck_for(players)
    naturals = [
        Card(rank, suit, copy) for copy in range(tier.decks) for suit in SUITS for rank in RANKS
    ]
    return (*naturals, *(Card.joker(copy) for copy in range(tier.jokers)))
