"""What a turn does between the draw and the discard, as a new state: taking the discard,
melding, laying off, swapping a joker.

These moves touch only the player's hand, the table, the top of the discard pile and what
the turn owes, so a player's own view is enough to look ahead with them: the engine makes
them (:class:`~rummy_learn.engine.Round`), and the planner looks ahead with the same function
(:func:`rummy_learn.planner.view_after`).

>>> from rummy_learn.actions import Meld
>>> from rummy_learn.notation import parse_cards
>>> from rummy_learn.state import RoundState
>>> from rummy_learn.variants import preset
>>> hand = tuple(parse_cards("7♠ 8♠ 9♠ 2♦"))
>>> state = RoundState(hands=(hand, ()), stock=(), discard=(), opened=(False, False))
>>> after = advanced(state, preset("palace", ["no_opening"]), 0, Meld((hand[:3],)))
>>> [str(c) for c in after.hands[0]], after.opened, after.phase.value
(['2♦'], (True, False), 'opened')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rummy_learn.actions import LayOff, Meld, SwapJoker, TakeDiscard
from rummy_learn.cards import Card
from rummy_learn.melds import MeldKind
from rummy_learn.rules import Rules, SwappedJoker
from rummy_learn.state import Phase, RoundState
from rummy_learn.table import TableMeld, extend, relaid, with_swap
from rummy_learn.turn_end import without

__all__ = ["advanced"]


def advanced(
    s: RoundState, rules: Rules, player: int, action: TakeDiscard | Meld | LayOff | SwapJoker
) -> RoundState:
    """The state after ``player`` (to move) takes the discard, melds, lays off or swaps a joker.

    These legal moves touch only the player's hand, the table, the top of the discard pile
    and what the turn owes, so a player's own view is enough to look ahead with them
    (:func:`rummy_learn.planner.view_after` does).
    """
    if isinstance(action, TakeDiscard):
        card = s.discard[-1]
        s = s.with_hand(player, (*s.hands[player], card))
        owed = card if rules.discard_must_be_used else None
        return replace(s, discard=s.discard[:-1], taken=card, must_use=owed, phase=Phase.PLAY)
    if isinstance(action, Meld):
        for cards in action.melds:
            s = _lay(s, rules, player, cards)
        return s if s.opened[player] else replace(s.opened_by(player), phase=Phase.OPENED)
    if isinstance(action, LayOff):
        return _lay_off(s, rules, player, action)
    return _swap(s, rules, player, action)


def _settled(s: RoundState, used: Sequence[Card]) -> RoundState:
    """Melding or laying off a card of the taken face settles the duty to use it."""
    owed = s.must_use
    if owed is not None and any(c.face == owed.face for c in used):
        return replace(s, must_use=None)
    return s


def _lay(
    s: RoundState, rules: Rules, player: int, cards: tuple[Card, ...], *, any_order: bool = False
) -> RoundState:
    s = _settled(s, cards).with_hand(player, tuple(without(s.hands[player], cards)))
    meld = TableMeld.lay(s.next_meld, player, cards, rules, any_order=any_order)
    return replace(s, table=(*s.table, meld), next_meld=s.next_meld + 1)


def _replaced(s: RoundState, meld: TableMeld) -> RoundState:
    return replace(s, table=tuple(meld if m.id == meld.id else m for m in s.table))


def _lay_off(s: RoundState, rules: Rules, player: int, action: LayOff) -> RoundState:
    meld = next(m for m in s.table if m.id == action.meld)
    check = extend(meld, action.card, action.end, rules)
    lock = (
        rules.swap_partial_locks
        and meld.kind is MeldKind.SET
        and len(meld.cards) == 3
        and any(c.is_joker for c in meld.cards)
        and not action.card.is_joker
    )
    s = s.with_hand(player, tuple(without(s.hands[player], [action.card])))
    return _replaced(_settled(s, [action.card]), relaid(meld, check, lock=lock))


def _swap(s: RoundState, rules: Rules, player: int, action: SwapJoker) -> RoundState:
    meld = next(m for m in s.table if m.id == action.meld)
    check = with_swap(meld, action.joker, action.cards, rules)
    hand = (*without(s.hands[player], action.cards), action.joker)
    s = _replaced(_settled(s.with_hand(player, hand), action.cards), relaid(meld, check))
    if action.new_meld:  # the freed joker's place in it is not chosen: the kit's
        return _lay(s, rules, player, (action.joker, *action.new_meld), any_order=True)
    if rules.swapped_joker in (SwappedJoker.PLAY_SAME_TURN, SwappedJoker.PLAY_IF_POSSIBLE):
        return replace(s, swapped_joker=action.joker)
    return s
