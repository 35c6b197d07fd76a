"""Every legal move, lazily: a generator the caller takes as much of as it needs.

:func:`legal_actions` yields each move the rules of play (:mod:`rummy_learn.legality`)
allow the view's player now, each once: draws; every meld and every set of melds laid
together (an opening only where its points reach the minimum), in every placement the
player may choose for its jokers; every lay-off at either end; every joker swap, with
every new meld the freed joker may go into where it must go at once; every discard;
going out; and a knock out of turn. Moves that differ only in which of two identical
cards they use (two decks) are one move, made with the first copy in the hand, and melds
laid together are listed in one order. The order: draws, discards, lay-offs, swaps, then
melds, fewest first.

>>> from itertools import islice
>>> from rummy_learn.engine import Round
>>> from rummy_learn.variants import preset
>>> game = Round(preset("romme"), players=2, seed=3)
>>> list(legal_actions(game.view(game.current)))
[DrawStock(), TakeDiscard()]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

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
from rummy_learn.legality import refusals, swap_cards
from rummy_learn.melds import MeldCheck, placements
from rummy_learn.rules import SwappedJoker
from rummy_learn.solver import best_arrangement, candidate_melds, melds_with
from rummy_learn.table import joker_faces, layoff_options
from rummy_learn.turn_end import first_of_each, without
from rummy_learn.view import Phase, PlayerView

__all__ = ["legal_actions", "meld_choices"]


def legal_actions(view: PlayerView) -> Iterator[Action]:
    """Every move the view's player may make now (see the module's documentation)."""
    if view.phase is Phase.OVER:
        return
    candidates: Iterator[Action]
    if view.player != view.current:
        candidates = iter((Knock(view.player),))
    elif view.phase.drawing:
        candidates = iter((DrawStock(), TakeDiscard()))
    else:
        candidates = _plays(view)
    for action in candidates:
        if not refusals(view, action):
            yield action


def _plays(view: PlayerView) -> Iterator[Action]:
    if not view.hand:
        yield GoOut()
        return
    cards = first_of_each(view.hand)
    yield from (Discard(card) for card in cards)
    yield from layoff_options(cards, view.table, view.rules)
    yield from _swaps(view)
    yield from meld_choices(view.hand, view)


def _swaps(view: PlayerView) -> Iterator[SwapJoker]:
    rules = view.rules
    if not rules.joker_swap:
        return
    for meld in view.table:
        for joker in joker_faces(meld, rules):
            for cards in swap_cards(meld, joker, view.hand, view):
                if rules.swapped_joker is not SwappedJoker.NEW_MELD_AT_ONCE:
                    yield SwapJoker(meld.id, joker, cards)  # the joker to the hand
                rest = [*without(view.hand, cards), joker]  # or at once into a new meld
                for new in melds_with(joker, rest, rules):
                    yield SwapJoker(meld.id, joker, cards, tuple(c for c in new if c != joker))


def meld_choices(hand: Sequence[Card], view: PlayerView) -> Iterator[Meld]:
    """Every set of disjoint melds from ``hand``, each meld in every placement the player may
    choose; before the opening, only those whose points reach the minimum.

    Melds are taken in the order of their placements, and a placement may be used again
    where the hand holds the cards twice; fewer melds come first.
    """
    rules = view.rules
    opening = not view.has_opened
    if opening and not rules.opening_reached(best_arrangement(hand, rules).points):
        return  # the best melds of the hand (the solver's, exact) fall short: none opens
    choices = [p for check in candidate_melds(hand, rules) for p in placements(check.cards, rules)]
    needs = [Counter(c.face for c in choice.arrangement) for choice in choices]
    have = Counter(c.face for c in hand)
    for count in range(1, len(hand) // 3 + 1):
        for picked in _combinations(needs, count, 0, have):
            points = sum(choices[i].points or 0 for i in picked)
            if opening and not rules.opening_reached(points):
                continue
            yield Meld(_physical([choices[i] for i in picked], hand))


def _combinations(
    needs: list[Counter[Card]], count: int, start: int, have: Counter[Card]
) -> Iterator[tuple[int, ...]]:
    """Non-decreasing picks of ``count`` placements whose cards the hand holds together."""
    if count == 0:
        yield ()
        return
    for i in range(start, len(needs)):
        need = needs[i]
        if all(have[face] >= n for face, n in need.items()):
            for rest in _combinations(needs, count - 1, i, have - need):
                yield (i, *rest)


def _physical(checks: list[MeldCheck], hand: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """The melds in the hand's physical cards: for each face, the first copy not used yet."""
    pool = list(hand)
    melds = []
    for check in checks:
        meld = []
        for face in check.arrangement:
            card = next(c for c in pool if c.face == face.face)
            pool.remove(card)
            meld.append(card)
        melds.append(tuple(meld))
    return tuple(melds)
