"""Why a move was made, worked out from the mover's own view only.

:func:`explain` looks at a move as the player saw the round when they made it (their
hand, the table, the discard pile) and says why it is a good move or what it gives
up: the card it completes a meld with, the opening's points, the near meld kept in
hand and the cards it waits for. An :class:`Explanation` is a value (a :class:`Why`
and the cards, melds and numbers it names); :mod:`rummy_learn.i18n.explained` puts it
in words. Bots hand one back with each move (:meth:`~rummy_learn.bots.Bot.decide`),
and a replay explains a human's move the same way.

>>> from rummy_learn.actions import Discard, DrawStock
>>> from rummy_learn.engine import Round
>>> from rummy_learn.notation import parse_cards
>>> from rummy_learn.variants import preset
>>> hands = ["8♠ 9♠ K♣ 2♦ 2♥ 5♣ 5♦ 7♥ 10♥ 3♣ J♦ 4♠ 6♦", "A♣ A♦ 3♥ 4♥ 6♠ 7♣ 8♣ 9♦ 10♣ J♣ Q♦ K♦ 2♠"]
>>> game = Round.stacked(preset("romme"), [parse_cards(h) for h in hands], dealer=1)
>>> game.apply(DrawStock())
>>> view = game.view(0)
>>> king = next(c for c in view.hand if str(c) == "K♣")
>>> why = explain(view, Discard(king))
>>> why.why.value, [str(c) for c in why.cards], [str(c) for c in why.keeps]
('discard_costly', ['K♣'], ['5♣', '5♦'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from itertools import combinations

from rummy_learn.actions import (
    Action,
    Discard,
    DrawStock,
    GoOut,
    Knock,
    LayOff,
    Meld,
    SwapJoker,
    TakeDiscard,
)
from rummy_learn.cards import RANKS, SUITS, Card
from rummy_learn.melds import check_meld
from rummy_learn.rules import Rules
from rummy_learn.scoring import check_opening, penalty_of
from rummy_learn.solver import Arrangement, Objective, best_arrangement
from rummy_learn.view import PlayerView

__all__ = ["Explanation", "Why", "explain", "near_melds", "waiting"]


class Why(Enum):
    """The reason for a move (its words are ``explain.<value>`` in the catalogs)."""

    DRAW_NOTHING = "draw_nothing"  # the top discard ({cards}) fits nothing in the hand
    DRAW_MISSED = "draw_missed"  # the top discard would have completed a meld ({melds})
    DRAW_EMPTY = "draw_empty"  # there is no discard to take
    TAKE_COMPLETES = "take_completes"  # the card completes a meld ({melds})
    TAKE_NEAR = "take_near"  # the card goes with cards in the hand ({keeps}: {waits})
    TAKE_LAST = "take_last"  # the stock is empty: the discard is the only card to take
    TAKE_ANYWAY = "take_anyway"  # the card fits nothing yet
    OPEN = "open"  # the opening: {points} of {required}
    MELD = "meld"  # laid down, the cards no longer count against the player
    LAY_OFF = "lay_off"  # the card extends a meld on the table ({melds})
    SWAP = "swap"  # the joker comes back to the hand
    SWAP_NEW_MELD = "swap_new_meld"  # the joker goes at once into a new meld ({melds})
    DISCARD_LOOSE = "discard_loose"  # the card fits nothing in the hand
    DISCARD_COSTLY = "discard_costly"  # of the loose cards it costs the most ({points})
    DISCARD_SAFE = "discard_safe"  # the next player is unlikely to use it
    DISCARD_NEAR = "discard_near"  # it gives up a near meld's hope ({waits})
    DISCARD_FROM_MELD = "discard_from_meld"  # it lay in a meld, but a card had to go
    GO_OUT = "go_out"  # the hand is empty
    KNOCK = "knock"  # out of turn: the last discard completes a meld ({melds})


@dataclass(frozen=True)
class Explanation:
    """Why ``player`` made ``action``: the reason and what it names.

    ``cards``: the cards the move is about; ``melds``: the meld(s) it completes, lays or
    extends; ``keeps`` and ``waits``: a near meld kept in hand and the faces it waits for;
    ``held``: melds the player could have laid and keeps in hand until they can go out.
    """

    player: int
    action: Action
    why: Why
    cards: tuple[Card, ...] = ()
    melds: tuple[tuple[Card, ...], ...] = ()
    points: int | None = None
    required: int | None = None
    keeps: tuple[Card, ...] = ()
    waits: tuple[Card, ...] = ()
    held: tuple[tuple[Card, ...], ...] = ()  # melds kept in hand until it can go out

    @property
    def key(self) -> str:
        """The catalog key of the reason."""
        return "explain." + self.why.value


def _arrange(view: PlayerView, hand: list[Card], require: Card | None = None) -> Arrangement:
    objective = Objective.DEADWOOD if view.has_opened else Objective.POINTS
    return best_arrangement(hand, view.rules, objective, require=require)


def _completes(view: PlayerView, card: Card) -> tuple[Card, ...] | None:
    """The meld ``card`` would lie in, with the hand's cards, if any; none when the hand melds
    as many cards without it (an A♦ to a hand holding Jkr A♠ A♦ completes nothing new).
    """
    best = _arrange(view, [*view.hand, card], require=card)
    meld = next((meld for meld in best.melds if card in meld), None)
    if meld is None:
        return None
    alone = _arrange(view, list(view.hand))
    melded = sum(len(m) for m in best.melds)
    return meld if melded > sum(len(m) for m in alone.melds) else None


def _seen(view: PlayerView) -> list[Card]:
    """Faces every player has seen lie where no one can draw them: the table and the pile."""
    return [c.face for m in view.table for c in m.cards] + [c.face for c in view.pile]


def _near(view: PlayerView, cards: list[Card]) -> list[tuple[tuple[Card, Card], tuple[Card, ...]]]:
    copies = view.rules.deck_for(view.players).decks
    return near_melds(cards, view.rules, _seen(view), copies)


def waiting(pair: tuple[Card, Card], rules: Rules) -> tuple[Card, ...]:
    """The faces that make a meld of three with ``pair`` (a joker always would: not listed).

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> [str(c) for c in waiting(tuple(parse_cards("8♠ 9♠")), preset("romme"))]
    ['7♠', '10♠']
    >>> [str(c) for c in waiting(tuple(parse_cards("8♠ 8♥")), preset("romme"))]
    ['8♣', '8♦']
    """
    a, b = pair
    if a.rank is None or b.rank is None or a.suit is None or b.suit is None:
        return ()
    if a.rank == b.rank:
        faces = [Card(a.rank, suit) for suit in SUITS]
    elif a.suit == b.suit:
        faces = [Card(rank, a.suit) for rank in RANKS]
    else:
        return ()
    wanted = [f for f in faces if f not in (a.face, b.face)]
    return tuple(f for f in wanted if check_meld([a, b, f], rules, any_order=True).valid)


def near_melds(
    cards: list[Card], rules: Rules, dead: Sequence[Card] = (), copies: int = 2
) -> list[tuple[tuple[Card, Card], tuple[Card, ...]]]:
    """Pairs of ``cards`` that one more card would make a meld, with the faces they wait
    for, most waits first. A face whose ``copies`` all lie in ``dead`` (the table and the
    pile, where no one can draw them) is waited for no more.

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> [(" ".join(map(str, pair)), len(waits))
    ...  for pair, waits in near_melds(parse_cards("8♠ 9♠ K♣ 2♦"), preset("romme"))]
    [('8♠ 9♠', 2)]
    """
    found = []
    for a, b in combinations(sorted(cards), 2):
        if a.rank is None or b.rank is None or (a.rank != b.rank and a.suit != b.suit):
            continue
        if a.rank != b.rank and abs(a.rank - b.rank) not in (1, 2, 11, 12):  # 11, 12: by the ace
            continue
        waits = tuple(f for f in waiting((a, b), rules) if dead.count(f) < copies)
        if waits:
            found.append(((a, b), waits))
    return sorted(found, key=lambda item: -len(item[1]))


def _kept(view: PlayerView, hand: list[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The best near meld among the loose cards of ``hand``, and what it waits for."""
    loose = [c for c in _arrange(view, hand).deadwood if not c.is_joker]
    near = _near(view, loose)
    return near[0] if near else ((), ())


def _on_table(view: PlayerView, meld_id: int) -> tuple[tuple[Card, ...], ...]:
    table_meld = view.meld(meld_id)
    return (table_meld.cards,) if table_meld is not None else ()


def explain(view: PlayerView, action: Action) -> Explanation:
    """Why the view's player makes ``action`` (legal, made from this view), from this view only."""
    player, rules = view.player, view.rules
    why = Explanation(player, action, Why.MELD)
    if isinstance(action, DrawStock):
        top = view.top_discard
        if top is None:
            return replace(why, why=Why.DRAW_EMPTY)
        meld = _completes(view, top)
        if meld is not None:
            return replace(why, why=Why.DRAW_MISSED, cards=(top,), melds=(meld,))
        return replace(why, why=Why.DRAW_NOTHING, cards=(top,))
    if isinstance(action, TakeDiscard | Knock):
        return _taken(view, action, why)
    if isinstance(action, Meld):
        cards = tuple(c for meld in action.melds for c in meld)
        if not view.has_opened:
            points = check_opening(action.melds, rules).points
            return replace(
                why, why=Why.OPEN, cards=cards, melds=action.melds, points=points,
                required=rules.opening_min,
            )  # fmt: skip
        return replace(why, cards=cards, melds=action.melds)
    if isinstance(action, LayOff):
        melds = _on_table(view, action.meld)
        return replace(why, why=Why.LAY_OFF, cards=(action.card,), melds=melds)
    if isinstance(action, SwapJoker):
        if action.new_meld:  # the game lays the taken joker at once (Rommé): not to the hand
            laid = ((action.joker, *action.new_meld),)
            return replace(why, why=Why.SWAP_NEW_MELD, cards=(*action.cards, action.joker),
                           melds=laid)  # fmt: skip
        melds = _on_table(view, action.meld)
        return replace(why, why=Why.SWAP, cards=(*action.cards, action.joker), melds=melds)
    if isinstance(action, GoOut):
        return replace(why, why=Why.GO_OUT)
    return discarded(view, action, why)


def _taken(view: PlayerView, action: TakeDiscard | Knock, why: Explanation) -> Explanation:
    top = view.top_discard
    if top is None:  # not legal; said plainly all the same
        return replace(why, why=Why.TAKE_ANYWAY)
    meld = _completes(view, top)
    code = Why.KNOCK if isinstance(action, Knock) else Why.TAKE_COMPLETES
    if meld is not None:
        return replace(why, why=code, cards=(top,), melds=(meld,))
    if isinstance(action, TakeDiscard) and not view.stock_size:
        return replace(why, why=Why.TAKE_LAST, cards=(top,))
    loose = [c for c in _arrange(view, list(view.hand)).deadwood if not c.is_joker]
    for pair, waits in _near(view, [*loose, top]):
        if top in pair:
            return replace(why, why=Why.TAKE_NEAR, cards=(top,), keeps=pair, waits=waits)
    return replace(why, why=Why.TAKE_ANYWAY, cards=(top,))


def discarded(view: PlayerView, action: Discard, why: Explanation | None = None) -> Explanation:
    """Why ``action`` discards its card: loose, the most expensive loose card, or from a meld;
    and the near meld the hand keeps."""
    why = why or Explanation(view.player, action, Why.DISCARD_LOOSE)
    card, rules, hand = action.card, view.rules, list(view.hand)
    if hand == [card]:  # the last card: with it the hand goes out
        return replace(why, why=Why.GO_OUT, cards=(card,))
    rest = [c for c in hand if c != card]
    keeps, waits = _kept(view, rest)
    why = replace(why, cards=(card,), keeps=keeps, waits=waits)
    loose = list(_arrange(view, hand).deadwood)
    if card not in loose:
        return replace(why, why=Why.DISCARD_FROM_MELD)
    given_up = [w for pair, w in _near(view, loose) if card in pair]
    if given_up and card not in keeps:
        return replace(why, why=Why.DISCARD_NEAR, waits=given_up[0], keeps=())
    costly = max((penalty_of(c, rules) for c in loose), default=0)
    points = penalty_of(card, rules)
    if points == costly and len(loose) > 1 and costly > min(penalty_of(c, rules) for c in loose):
        return replace(why, why=Why.DISCARD_COSTLY, points=points)
    return replace(why, why=Why.DISCARD_LOOSE)
