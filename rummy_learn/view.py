"""What one player may see of a round: their own hand, the others' hand sizes, the table.

Bots and widgets get only this; the legality of a move is decided from it alone. What
every player at the table has seen is in it too: the whole discard pile (each card was
shown when it was discarded) and the cards each player is known to hold (taken from the
pile, or knocked for, and not played since).
"""

from __future__ import annotations

from dataclasses import dataclass

from rummy_learn.cards import Card
from rummy_learn.rules import Rules
from rummy_learn.state import Phase
from rummy_learn.table import TableMeld

__all__ = ["Phase", "PlayerView"]


@dataclass(frozen=True)
class PlayerView:
    """One player's view of the round."""

    rules: Rules
    player: int
    players: int
    phase: Phase
    current: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[TableMeld, ...]
    top_discard: Card | None
    discard_size: int
    stock_size: int
    opened: tuple[bool, ...]
    turn: int
    taken: Card | None  # taken from the discard pile this turn (seen by all)
    must_use: Card | None  # the taken card, while it still has to be melded this turn
    swapped_joker: Card | None  # a joker taken by a swap this turn that still has to be played
    last_discarder: int | None
    pile: tuple[Card, ...] = ()  # the discard pile, bottom first (its top is ``top_discard``)
    known: tuple[tuple[Card, ...], ...] = ()  # per player: cards seen going into their hand

    def known_of(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` is known to hold (none where the view does not say)."""
        return self.known[player] if player < len(self.known) else ()

    @property
    def opened_this_turn(self) -> bool:
        """True in the turn in which the player to move made their opening."""
        return self.phase is Phase.OPENED

    @property
    def knock_open(self) -> bool:
        """True while the last discard may still be claimed by knocking."""
        return self.phase is Phase.KNOCK

    @property
    def my_turn(self) -> bool:
        """True when this player is to move."""
        return self.current == self.player and self.phase is not Phase.OVER

    @property
    def has_opened(self) -> bool:
        """True when this player has made their opening."""
        return self.opened[self.player]

    def meld(self, meld_id: int) -> TableMeld | None:
        """The table meld with this id, if any."""
        return next((m for m in self.table if m.id == meld_id), None)
