"""The rules of play: whether a move is allowed, why not, and every move that is.

Everything here is decided from one player's :class:`~rummy_learn.view.PlayerView`,
so a bot or a widget asks the same questions as the engine and gets the same answers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace

from rummy_learn.actions import (
    Action,
    Discard,
    DrawStock,
    Knock,
    LayOff,
    Meld,
    SwapJoker,
    TakeDiscard,
)
from rummy_learn.cards import SUITS, Card
from rummy_learn.melds import MeldKind, check_meld
from rummy_learn.refusals import Legality, MoveProblem, Refusal
from rummy_learn.rules import SetSwap, SwappedJoker
from rummy_learn.table import TableMeld, extend, joker_faces, relaid, with_swap
from rummy_learn.turn_end import (
    Owed,
    can_end,
    can_finish,
    can_use,
    discard_refusals,
    first_of_each,
    opened_view,
    without,
)
from rummy_learn.view import Phase, PlayerView

__all__ = ["can_use", "is_legal", "knock_order", "refusals", "swap_cards"]

_P = MoveProblem


def _missing(cards: Iterable[Card], hand: Sequence[Card]) -> list[MoveProblem]:
    """Cards that are not in the hand, or named twice (physical cards, copy index included)."""
    cards = list(cards)
    problems = []
    absent = [c for c in cards if c not in hand]
    if absent:
        problems.append(_P(Refusal.NOT_IN_HAND, cards=tuple(absent)))
    twice = [c for c, n in Counter(cards).items() if n > 1]
    if twice:
        problems.append(_P(Refusal.SAME_CARD_TWICE, cards=tuple(twice)))
    return problems


def _turn_problems(view: PlayerView, drawing: bool) -> list[MoveProblem]:
    if view.phase is Phase.OVER:
        return [_P(Refusal.ROUND_OVER)]
    if view.player != view.current:
        return [_P(Refusal.NOT_YOUR_TURN)]
    if view.phase.drawing is not drawing:
        return [_P(Refusal.WRONG_PHASE)]
    return []


def _meld_problems(view: PlayerView, action: Meld) -> list[MoveProblem]:
    rules = view.rules
    if not action.melds or not all(action.melds):
        return [_P(Refusal.NO_MELDS)]
    used = [c for meld in action.melds for c in meld]
    problems = _missing(used, view.hand)
    if problems:
        return problems
    checks = [check_meld(meld, rules) for meld in action.melds]
    for number, check in enumerate(checks, start=1):
        if not check.valid:
            problems.append(_P(Refusal.INVALID_MELD, check.problems, check.cards, number))
    if problems:
        return problems
    points = sum(c.points or 0 for c in checks)
    if not view.has_opened and not rules.opening_reached(points):
        problems.append(_P(Refusal.OPENING_TOO_LOW, number=points, limit=rules.opening_min))
    rest = without(view.hand, used)
    if not can_finish(rest, view):
        problems.append(_P(Refusal.KEEP_A_CARD_TO_DISCARD))
    if not problems:
        table = [
            *view.table,
            *(
                TableMeld(-1 - i, view.player, c.arrangement, c.kind or MeldKind.SET)
                for i, c in enumerate(checks)
            ),
        ]
        problems += _owed_stays_payable(opened_view(view), used, rest, table)
    return problems


def _owed_stays_payable(
    view: PlayerView,
    used: Iterable[Card],
    hand_after: list[Card],
    table_after: list[TableMeld],
    owed: Owed | None = None,
) -> list[MoveProblem]:
    """After a move, the cards still owed this turn (the taken card, a swapped joker) must
    still be playable, in some order, with a card left for the last discard.

    Two cards of one face are the same card to the rules: using either settles the taken card.
    """
    owed = (Owed.of(view) if owed is None else owed).after(used)
    if can_end(hand_after, table_after, view, owed):
        return []
    if owed.taken is not None:
        return [_P(Refusal.MUST_USE_TAKEN_CARD, cards=(owed.taken,))]
    if owed.joker is not None:
        return [_P(Refusal.MUST_PLAY_SWAPPED_JOKER, cards=(owed.joker,))]
    return [_P(Refusal.KEEP_A_CARD_TO_DISCARD)]


def _layoff_problems(view: PlayerView, action: LayOff) -> list[MoveProblem]:
    rules = view.rules
    problems = _missing([action.card], view.hand)
    if problems:
        return problems
    if not view.has_opened:
        return [_P(Refusal.NOT_OPENED)]
    if view.opened_this_turn and not rules.layoff_on_opening_turn:
        return [_P(Refusal.NO_LAYOFF_IN_OPENING_TURN)]
    meld = view.meld(action.meld)
    if meld is None:
        return [_P(Refusal.NO_SUCH_MELD, number=action.meld)]
    check = extend(meld, action.card, action.end, rules)
    if not check.valid:  # the extended meld's own reasons would blame cards of the table
        return [_P(Refusal.LAYOFF_DOES_NOT_FIT, cards=(action.card,), number=action.meld)]
    rest = without(view.hand, [action.card])
    if not can_finish(rest, view):
        return [_P(Refusal.KEEP_A_CARD_TO_DISCARD)]
    table_after = [m if m.id != meld.id else relaid(meld, check) for m in view.table]
    return _owed_stays_payable(view, [action.card], rest, table_after)


def swap_cards(
    meld: TableMeld, joker: Card, hand: Sequence[Card], view: PlayerView
) -> list[tuple[Card, ...]]:
    """The cards from ``hand`` that may take the place of ``joker`` in ``meld``."""
    rules = view.rules
    stands_for = joker_faces(meld, rules).get(joker)
    if stands_for is None:
        return []
    if meld.kind is MeldKind.RUN:
        return [(c,) for c in first_of_each(hand) if c.face == stands_for]
    present = {c.suit for c in meld.cards if not c.is_joker}
    missing = [s for s in SUITS if s not in present]
    fitting = [c for c in first_of_each(hand) if c.rank == stands_for.rank and c.suit in missing]
    if rules.set_swap is SetSwap.ANY_FITTING:
        open_card = len(missing) > sum(c.is_joker for c in meld.cards)  # either suit would do
        return [] if rules.swap_exact_card and open_card else [(c,) for c in fitting]
    if len(meld.cards) == 4:
        return [(c,) for c in fitting]
    if rules.set_swap is SetSwap.ALL_MISSING and len(missing) == 2:
        pairs: list[tuple[Card, ...]] = [
            (a, b)
            for a in fitting
            for b in fitting
            if a.suit is missing[0] and b.suit is missing[1]
        ]
        return pairs[:1]
    return []


def _swap_problems(view: PlayerView, action: SwapJoker) -> list[MoveProblem]:
    rules = view.rules
    if not rules.joker_swap:
        return [_P(Refusal.SWAPS_NOT_ALLOWED)]
    if not action.cards:
        return [_P(Refusal.NOTHING_CHOSEN)]
    problems = _missing([*action.cards, *action.new_meld], view.hand)
    if problems:
        return problems
    if not view.has_opened and (not rules.swap_before_opening or action.new_meld):
        return [_P(Refusal.NOT_OPENED)]  # (a new meld before the opening would be laid alone)
    if view.opened_this_turn and not rules.layoff_on_opening_turn:  # a card goes on the table
        return [_P(Refusal.NO_SWAP_IN_OPENING_TURN)]
    meld = view.meld(action.meld)
    if meld is None:
        return [_P(Refusal.NO_SUCH_MELD, number=action.meld)]
    if action.joker not in joker_faces(meld, rules):
        return [_P(Refusal.NOT_A_JOKER_OF_THE_MELD, cards=(action.joker,))]
    if meld.locked:
        return [_P(Refusal.JOKER_LOCKED, number=meld.id)]
    if meld.kind is MeldKind.RUN and not rules.swap_from_runs:
        return [_P(Refusal.NO_SWAP_FROM_RUNS)]
    if meld.kind is MeldKind.SET and len(meld.cards) < 4:
        if rules.set_swap is SetSwap.CLOSED_ONLY:
            return [_P(Refusal.SWAP_NEEDS_CLOSED_SET)]
        if rules.set_swap is SetSwap.ALL_MISSING and len(action.cards) != 2:
            return [_P(Refusal.SWAP_NEEDS_BOTH_SUITS)]
    if (len(action.cards) == 2) != (
        meld.kind is MeldKind.SET and rules.set_swap is SetSwap.ALL_MISSING and len(meld.cards) < 4
    ):
        return [_P(Refusal.SWAP_CARD_DOES_NOT_FIT, cards=action.cards)]
    fitting = {
        frozenset(c.face for c in option)
        for option in swap_cards(meld, action.joker, action.cards, view)
    }
    check = with_swap(meld, action.joker, action.cards, rules)
    if frozenset(c.face for c in action.cards) not in fitting or not check.valid:
        return [_P(Refusal.SWAP_CARD_DOES_NOT_FIT, cards=action.cards)]
    used = [*action.cards, *action.new_meld]
    hand_after = [*without(view.hand, used), action.joker]
    if action.new_meld or rules.swapped_joker is SwappedJoker.NEW_MELD_AT_ONCE:
        new = check_meld((action.joker, *action.new_meld), rules, any_order=True)
        if not action.new_meld or not new.valid:
            return [
                _P(Refusal.SWAPPED_JOKER_NEEDS_NEW_MELD, new.problems if action.new_meld else ())
            ]
        hand_after.remove(action.joker)
    elif rules.swapped_joker is SwappedJoker.PLAY_SAME_TURN:
        # the joker may not go back where it came from; it and the taken card must both be played
        elsewhere = [m for m in view.table if m.id != meld.id]
        if not can_use(action.joker, hand_after, elsewhere, view):
            return [_P(Refusal.SWAPPED_JOKER_UNPLAYABLE, cards=(action.joker,))]
        owed = replace(Owed.of(view), joker=action.joker)
        return _owed_stays_payable(view, used, hand_after, elsewhere, owed)
    if not can_finish(hand_after, view):
        return [_P(Refusal.KEEP_A_CARD_TO_DISCARD)]
    table_after = [m if m.id != meld.id else relaid(meld, check) for m in view.table]
    if action.new_meld:
        new_meld = (action.joker, *action.new_meld)
        table_after.append(TableMeld.lay(-1, view.player, new_meld, rules, any_order=True))
    return _owed_stays_payable(view, used, hand_after, table_after)


def _discard_problems(view: PlayerView, action: Discard) -> list[MoveProblem]:
    rules = view.rules
    problems = _missing([action.card], view.hand)
    if problems:
        return problems
    if view.must_use is not None:
        problems.append(_P(Refusal.MUST_USE_TAKEN_CARD, cards=(view.must_use,)))
    for code in discard_refusals(action.card, view.hand, view):
        cards = (action.card,) if code is Refusal.CANNOT_DISCARD_TAKEN_CARD else ()
        problems.append(_P(code, cards=cards))
    joker = view.swapped_joker
    if joker is not None and joker in view.hand:  # discarding the joker itself is no way out
        owed = rules.swapped_joker is SwappedJoker.PLAY_SAME_TURN or (
            rules.swapped_joker is SwappedJoker.PLAY_IF_POSSIBLE
            and can_use(joker, view.hand, view.table, view)
        )
        if owed:
            problems.append(_P(Refusal.MUST_PLAY_SWAPPED_JOKER, cards=(joker,)))
    return problems


def _knock_problems(view: PlayerView, action: Knock) -> list[MoveProblem]:
    rules = view.rules
    if not rules.knock:
        return [_P(Refusal.KNOCK_NOT_ALLOWED)]
    if view.players < rules.knock_min_players:
        return [_P(Refusal.KNOCK_TOO_FEW_PLAYERS, number=rules.knock_min_players)]
    if action.player != view.player or not 0 <= action.player < view.players:
        return [_P(Refusal.NOT_A_PLAYER, number=action.player)]
    if view.phase is Phase.OVER:
        return [_P(Refusal.ROUND_OVER)]
    if action.player == view.last_discarder:
        return [_P(Refusal.KNOCK_OWN_DISCARD)]
    if view.phase is not Phase.KNOCK or action.player == view.current:
        return [_P(Refusal.KNOCK_NOT_NOW)]
    if not view.stock_size:
        return [_P(Refusal.STOCK_EMPTY)]
    return []


def refusals(view: PlayerView, action: Action) -> tuple[MoveProblem, ...]:
    """Every reason ``action`` by the view's player is not allowed (empty: it is allowed)."""
    if isinstance(action, Knock):
        return tuple(_knock_problems(view, action))
    problems = _turn_problems(view, drawing=isinstance(action, DrawStock | TakeDiscard))
    if problems:
        return tuple(problems)
    if isinstance(action, DrawStock):
        return () if view.stock_size else (_P(Refusal.STOCK_EMPTY),)
    if isinstance(action, TakeDiscard):
        return tuple(_take_problems(view))
    if isinstance(action, Meld):
        return tuple(_meld_problems(view, action))
    if isinstance(action, LayOff):
        return tuple(_layoff_problems(view, action))
    if isinstance(action, SwapJoker):
        return tuple(_swap_problems(view, action))
    if isinstance(action, Discard):
        return tuple(_discard_problems(view, action))
    return () if not view.hand else (_P(Refusal.HAND_NOT_EMPTY),)


def _take_problems(view: PlayerView) -> list[MoveProblem]:
    top = view.top_discard
    if top is None:
        return [_P(Refusal.DISCARD_PILE_EMPTY)]
    taken = replace(view, taken=top)
    if not can_finish([*view.hand, top], taken):  # e.g. only copies of it
        return [_P(Refusal.NO_CARD_TO_DISCARD, cards=(top,))]
    if view.rules.discard_must_be_used and not can_use(top, [*view.hand, top], view.table, taken):
        return [_P(Refusal.TAKEN_CARD_UNUSABLE, cards=(top,))]
    return []


def is_legal(view: PlayerView, action: Action) -> Legality:
    """Whether the view's player may make this move: true if so, else every reason why not
    (as :meth:`Round.is_legal <rummy_learn.engine.Round.is_legal>` answers for the round)."""
    return Legality(refusals(view, action))


def knock_order(players: int, current: int) -> list[int]:
    """Who may claim the last discard by knocking, in the order they are asked.

    000 says only that the first to knock gets the card; the kit asks the players in turn
    after the one to move (who needs no knock), and never the one who discarded it.

    >>> knock_order(4, 2)
    [3, 0]
    """
    return [(current + step) % players for step in range(1, players - 1)]
