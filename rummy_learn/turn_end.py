"""Whether a turn can still end: the cards still owed are played, then a card is discarded.

A turn ends with a discard, or by going out where no last discard is needed. Before
that, a player may owe two cards to the table: the card taken from the discard pile
(where it must be melded that turn) and a joker taken by a swap (where it must be
played again that turn). A move is allowed only if the turn can still end after it,
with every card owed played in some order: so no round can stick.

>>> from rummy_learn.notation import parse_cards
>>> from rummy_learn.variants import preset
>>> from rummy_learn.engine import Round
>>> game = Round.practice(preset("scala40"), parse_cards("2♠ 8♣"), [parse_cards("3♠ 4♠ 5♠")])
>>> view = game.view(0)
>>> joker = parse_cards("Jkr")[0]
>>> can_end([*view.hand, joker], view.table, view, Owed(joker=joker))
True
>>> can_end([view.hand[0], joker], view.table, view, Owed(taken=view.hand[0], joker=joker))
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import partial

from rummy_learn.actions import LayOff
from rummy_learn.cards import Card
from rummy_learn.refusals import Refusal
from rummy_learn.rules import Rules, SwappedJoker
from rummy_learn.solver import best_arrangement, melds_with
from rummy_learn.table import TableMeld, extend, layoff_options, relaid
from rummy_learn.view import Phase, PlayerView

__all__ = [
    "Owed",
    "can_end",
    "can_finish",
    "can_use",
    "discard_refusals",
    "discardable",
    "first_of_each",
    "opened_view",
    "without",
]


@dataclass(frozen=True)
class Owed:
    """The cards a player must still play this turn before they may discard."""

    taken: Card | None = None  # taken from the pile: melding any card of its face settles it
    joker: Card | None = None  # taken by a swap: this very joker must be played again

    @classmethod
    def of(cls, view: PlayerView) -> Owed:
        """What the view's player owes now."""
        joker = view.swapped_joker
        if view.rules.swapped_joker is not SwappedJoker.PLAY_SAME_TURN or joker not in view.hand:
            joker = None
        return cls(view.must_use, joker)

    def after(self, used: Iterable[Card]) -> Owed:
        """What is still owed once ``used`` are played."""
        used = list(used)
        taken = self.taken
        if taken is not None and any(c.face == taken.face for c in used):
            taken = None
        joker = None if self.joker is None or self.joker in used else self.joker
        return Owed(taken, joker)

    def cards_in(self, hand: Sequence[Card]) -> list[Card]:
        """A card of ``hand`` for each duty."""
        taken = self.taken
        found = [next((c for c in hand if c.face == taken.face), None)] if taken else []
        if self.joker is not None and self.joker in hand and self.joker not in found:
            found.append(self.joker)
        return [c for c in found if c is not None]


def without(hand: Sequence[Card], used: Iterable[Card]) -> list[Card]:
    """The hand less the cards used (physical cards)."""
    rest = list(hand)
    for card in used:
        rest.remove(card)
    return rest


def discard_refusals(card: Card, hand: Sequence[Card], view: PlayerView) -> list[Refusal]:
    """Why ``card`` may not be the discard that ends the turn: the rules on discards, all here.

    The card just taken from the pile may not go back where the variant forbids it; a
    joker may not be discarded where the variant forbids it, unless the hand holds
    nothing but jokers (then one of them must go).
    """
    rules = view.rules
    problems = []
    if rules.retake_discard_forbidden and view.taken is not None and card.face == view.taken.face:
        problems.append(Refusal.CANNOT_DISCARD_TAKEN_CARD)
    if card.is_joker and not rules.joker_discard_allowed and not all(c.is_joker for c in hand):
        problems.append(Refusal.CANNOT_DISCARD_JOKER)
    return problems


def discardable(card: Card, hand: Sequence[Card], view: PlayerView) -> bool:
    """May this card end the turn? (:func:`discard_refusals` says why not.)"""
    return not discard_refusals(card, hand, view)


def can_finish(hand_after: Sequence[Card], view: PlayerView) -> bool:
    """A card left to discard, or going out without one (nothing owed)."""
    if not hand_after:
        return not view.rules.final_discard
    return any(discardable(c, hand_after, view) for c in hand_after)


def opened_view(view: PlayerView) -> PlayerView:
    """The view as it will be once this move's melds make the opening."""
    opened = list(view.opened)
    opened[view.player] = True
    return replace(
        view, opened=tuple(opened), phase=view.phase if view.has_opened else Phase.OPENED
    )


def can_end(
    hand: Sequence[Card], table: Sequence[TableMeld], view: PlayerView, owed: Owed = Owed()
) -> bool:
    """Can the turn still end: every card owed played (in some order), then a discard?"""
    duties = owed.cards_in(hand)
    if not duties:
        return can_finish(hand, view)
    return any(can_use(card, hand, table, view, owed) for card in duties)


def first_of_each(hand: Iterable[Card]) -> list[Card]:
    """One physical card per face (jokers: one)."""
    seen: set[Card] = set()
    chosen = []
    for card in hand:
        if card.face not in seen:
            seen.add(card.face)
            chosen.append(card)
    return chosen


def _then(
    hand: Sequence[Card],
    used: Sequence[Card],
    table: Callable[[], list[TableMeld]],
    view: PlayerView,
    owed: Owed,
) -> bool:
    """After ``used`` are played (``table()``: as they leave it), can the turn still end?"""
    rest = without(hand, used)
    still = owed.after(used)
    if not still.cards_in(rest):
        return can_finish(rest, view)
    return can_end(rest, table(), view, still)


def _fresh_id(table: Sequence[TableMeld]) -> int:
    """An id no meld of ``table`` has (melds not laid yet get negative ids)."""
    return min([0, *(m.id for m in table)]) - 1


def _laid_off(table: Sequence[TableMeld], option: LayOff, rules: Rules) -> list[TableMeld]:
    """The table once ``option`` is made."""
    return [
        m if m.id != option.meld else relaid(m, extend(m, option.card, option.end, rules))
        for m in table
    ]


def _laid(
    melds: Iterable[tuple[Card, ...]], table: Sequence[TableMeld], view: PlayerView
) -> list[TableMeld]:
    """The table with these melds laid by the view's player."""
    laid = list(table)
    for meld in melds:
        laid.append(TableMeld.lay(_fresh_id(laid), view.player, meld, view.rules))
    return laid


def can_use(
    card: Card,
    hand: Sequence[Card],
    table: Sequence[TableMeld],
    view: PlayerView,
    owed: Owed = Owed(),
) -> bool:
    """Can ``card`` (in ``hand``) be melded or laid off this turn, the turn still able to end?

    ``owed``: what else must be played this turn; it must stay payable after ``card``.
    """
    rules = view.rules
    if view.has_opened:
        if not (view.opened_this_turn and not rules.layoff_on_opening_turn):
            for option in layoff_options([card], table, rules):
                if _then(hand, [card], partial(_laid_off, table, option, rules), view, owed):
                    return True
        return any(
            _then(hand, meld, partial(_laid, [meld], table, view), view, owed)
            for meld in melds_with(card, hand, rules)
        )
    opened = opened_view(view)
    keep_backs: list[Card | None] = [None, *first_of_each(c for c in hand if c is not card)]
    for keep in keep_backs:  # an opening with the card, keeping back a card to discard if need be
        pool = [c for c in hand if c is not keep]
        opening = best_arrangement(pool, rules, require=card)
        if opening.melds and rules.opening_reached(opening.points):
            used = [c for meld in opening.melds for c in meld]
            if _then(hand, used, partial(_laid, opening.melds, table, view), opened, owed):
                return True
    if not rules.layoff_on_opening_turn:
        return False
    rest = without(hand, [card])
    opening = best_arrangement(rest, rules)
    if not opening.melds or not rules.opening_reached(opening.points):
        return False
    used = [*(c for meld in opening.melds for c in meld), card]
    table_now = _laid(opening.melds, table, view)
    return any(
        _then(hand, used, partial(_laid_off, table_now, option, rules), opened, owed)
        for option in layoff_options([card], table_now, rules)
    )
