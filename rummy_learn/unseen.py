"""What a player has not seen: the cards that may be in the stock or the others' hands.

Every card of the shoe is either in the player's hand, on the table, in the discard pile
(each was shown when it was discarded), known to be in another player's hand (taken
from the pile), or unseen. A bot that plays from its own view weighs its choices by
drawing samples of the unseen cards (:class:`~rummy_learn.hard_bot.HardBot`).

>>> from rummy_learn.engine import Round
>>> from rummy_learn.variants import preset
>>> game = Round(preset("romme"), players=2, seed=1)
>>> view = game.view(0)
>>> len(unseen(view)) == 110 - 13 - 1  # the shoe, less the hand and the upcard
True
"""

from __future__ import annotations

from collections import Counter

from rummy_learn.cards import Card
from rummy_learn.decks import build_deck
from rummy_learn.view import PlayerView

__all__ = ["unseen"]


def unseen(view: PlayerView) -> list[Card]:
    """The physical cards the view's player has not seen, in the shoe's order."""
    seen = Counter(view.hand)
    seen.update(c for meld in view.table for c in meld.cards)
    seen.update(view.pile)
    for player in range(view.players):
        if player != view.player:
            seen.update(view.known_of(player))
    left = []
    for card in build_deck(view.rules, view.players):
        if seen[card]:
            seen[card] -= 1
        else:
            left.append(card)
    return left
