"""Computer players. They see a :class:`~rummy_learn.view.PlayerView`, never the whole round.

* :class:`RandomBot` picks any legal move at random.
* :class:`GreedyBot` plays the solver's best arrangement: it takes a discard that it
  can meld, opens as soon as it can, lays down and lays off all it can, swaps jokers
  it can use, and discards its most expensive loose card.

>>> from rummy_learn.engine import Round
>>> from rummy_learn.variants import preset
>>> game = Round(preset("romme"), players=2, seed=3)
>>> bot = GreedyBot(game.rules)
>>> type(bot.choose(game.view(game.current))).__name__
'TakeDiscard'
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from rummy_learn.actions import (
    Action,
    Discard,
    DrawStock,
    GoOut,
    Knock,
    Meld,
    SwapJoker,
    TakeDiscard,
)
from rummy_learn.cards import Card
from rummy_learn.legality import is_legal, legal_actions, swap_cards
from rummy_learn.refusals import NoLegalMove
from rummy_learn.rules import Rules
from rummy_learn.scoring import penalty_of
from rummy_learn.solver import Arrangement, Objective, Solver, thrifty_opening
from rummy_learn.table import joker_faces, layoff_options
from rummy_learn.view import Phase, PlayerView

__all__ = ["Bot", "GreedyBot", "RandomBot"]


class Bot:
    """A computer player: one move at a time, from its own view."""

    def choose(self, view: PlayerView) -> Action:
        """The move to make; ``view`` is this bot's own view and it is its turn."""
        raise NotImplementedError

    def knock(self, view: PlayerView) -> bool:
        """Whether to knock for the last discard (asked only when knocking is allowed)."""
        return False


class RandomBot(Bot):
    """Any legal move, uniformly at random (seeded)."""

    def __init__(self, seed: int = 0, knock_chance: float = 0.1) -> None:
        self.rng = random.Random(seed)
        self.knock_chance = knock_chance

    def choose(self, view: PlayerView) -> Action:
        actions = legal_actions(view, max_openings=8)
        if not actions:
            raise NoLegalMove(f"player {view.player} has no legal move")
        return self.rng.choice(actions)

    def knock(self, view: PlayerView) -> bool:
        return self.rng.random() < self.knock_chance


class GreedyBot(Bot):
    """Plays the best arrangement the solver finds; see the module's documentation."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.points = Solver(rules, Objective.POINTS)
        self.deadwood = Solver(rules, Objective.DEADWOOD)

    def _best(self, view: PlayerView, hand: list[Card], require: Card | None = None) -> Arrangement:
        solver = self.deadwood if view.has_opened else self.points
        return solver.best(hand, require=require)

    def _wants(self, view: PlayerView, card: Card) -> bool:
        """Would ``card`` lie in a meld of the best arrangement of the hand with it?"""
        best = self._best(view, [*view.hand, card])
        return any(card in meld for meld in best.melds)

    def knock(self, view: PlayerView) -> bool:
        top = view.top_discard
        return top is not None and self._wants(view, top) and is_legal(view, Knock(view.player))

    def choose(self, view: PlayerView) -> Action:
        if view.phase is Phase.DRAW:
            top = view.top_discard
            if top is not None and self._wants(view, top) and is_legal(view, TakeDiscard()):
                return TakeDiscard()
            return DrawStock() if view.stock_size else TakeDiscard()
        if not view.hand:
            return GoOut()
        for action in self._plays(view):
            if is_legal(view, action):
                return action
        return self._discard(view)

    def _plays(self, view: PlayerView) -> Iterator[Action]:
        hand = list(view.hand)
        owed = view.must_use
        pending = next((c for c in hand if owed is not None and c.face == owed.face), None)
        best = self._best(view, hand, pending)
        if not view.has_opened:  # open keeping as many jokers as the minimum allows
            best = thrifty_opening(hand, self.rules, pending)
        if best.melds and (view.has_opened or best.points >= (self.rules.opening_min or 0)):
            yield Meld(best.melds)
            if not view.has_opened:  # keep a card back to discard, if that was the trouble
                for card in sorted(hand, key=lambda c: -penalty_of(c, self.rules)):
                    if card != pending:
                        rest = [c for c in hand if c != card]
                        fewer = self._best(view, rest, pending)
                        if fewer.melds:
                            yield Meld(fewer.melds)
                            break
            if view.has_opened:
                yield from (Meld((meld,)) for meld in best.melds)
        if not view.has_opened:
            return
        loose = sorted(best.deadwood, key=lambda c: -penalty_of(c, self.rules))
        yield from layoff_options(loose, view.table, self.rules)
        if self.rules.joker_swap:
            for meld in view.table:
                for joker in joker_faces(meld, self.rules):
                    for cards in swap_cards(meld, joker, hand, view):
                        yield SwapJoker(meld.id, joker, cards)

    def _discard(self, view: PlayerView) -> Action:
        best = self._best(view, list(view.hand))
        loose = list(best.deadwood) or list(view.hand)
        ranked = sorted(loose, key=lambda c: (c.is_joker, -penalty_of(c, self.rules)))
        ranked += [c for c in view.hand if c not in ranked]
        for card in ranked:
            if is_legal(view, Discard(card)):
                return Discard(card)
        actions = legal_actions(view, max_openings=1)
        if not actions:
            raise NoLegalMove(f"player {view.player} has no legal move")
        return actions[0]
