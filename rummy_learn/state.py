"""Where a round stands: every card's place, and the state of the turn (its :class:`Phase`).

A :class:`RoundState` is a frozen value: a move makes a new one, so a round keeps the
states it passed through for :meth:`~rummy_learn.engine.Round.undo`, and a copy of a
round shares them.

>>> from rummy_learn.notation import parse_cards
>>> state = RoundState(hands=((), tuple(parse_cards("7♠ 8♠"))), stock=(), discard=(),
...                    opened=(False, False), current=1)
>>> [str(c) for c in state.with_hand(1, state.hands[1][:1]).hands[1]]
['7♠']
>>> Phase.KNOCK.drawing, Phase.OPENED.playing, Phase.OVER.drawing
(True, True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from rummy_learn.cards import Card
from rummy_learn.outcome import RoundOutcome
from rummy_learn.table import TableMeld

__all__ = ["Phase", "RoundState"]


class Phase(Enum):
    """Where the turn is. With the cards the turn still owes, this is the whole turn's state.

    The player to move first draws (``DRAW``; ``KNOCK`` where the others may still knock
    for the last discard), then plays (``PLAY``; ``OPENED`` in the turn of their opening,
    which some variants keep free of lay-offs), until a discard passes the turn on.
    """

    DRAW = "draw"  # to draw from the stock or take the discard
    KNOCK = "knock"  # to draw; until then, the others may knock for the last discard
    PLAY = "play"  # drawn: meld, lay off, swap jokers, then discard (or go out)
    OPENED = "opened"  # as PLAY, in the turn in which the player made their opening
    OVER = "over"  # the round has ended

    @property
    def drawing(self) -> bool:
        """The player to move is to draw."""
        return self in (Phase.DRAW, Phase.KNOCK)

    @property
    def playing(self) -> bool:
        """The player to move has drawn and plays."""
        return self in (Phase.PLAY, Phase.OPENED)


@dataclass(frozen=True)
class RoundState:
    """Every card's place, whose turn it is, and what the turn has done and still owes."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # the top card is the last
    discard: tuple[Card, ...]  # the top card is the last
    opened: tuple[bool, ...]
    table: tuple[TableMeld, ...] = ()
    phase: Phase = Phase.DRAW
    current: int = 0
    turns: int = 0  # discards so far
    reshuffles: int = 0
    next_meld: int = 1  # the id of the next meld laid
    taken: Card | None = None  # taken from the discard pile this turn
    must_use: Card | None = None  # the taken card, while it still has to be melded this turn
    swapped_joker: Card | None = None  # a joker taken by a swap this turn, to be played again
    last_discarder: int | None = None
    outcome: RoundOutcome | None = None

    def with_hand(self, player: int, cards: tuple[Card, ...]) -> RoundState:
        """The state with ``player``'s hand replaced."""
        hands = tuple(cards if p == player else hand for p, hand in enumerate(self.hands))
        return replace(self, hands=hands)

    def opened_by(self, player: int) -> RoundState:
        """The state once ``player`` has opened."""
        return replace(self, opened=tuple(o or p == player for p, o in enumerate(self.opened)))

    @property
    def started_unopened(self) -> bool:
        """The player to move had not opened when their turn began (a Rummy is still possible)."""
        return self.phase is Phase.OPENED or not self.opened[self.current]

    @property
    def others_have_melded(self) -> bool:
        """Another player has a meld on the table (in a turn, only the player to move lays)."""
        return any(meld.owner != self.current for meld in self.table)
