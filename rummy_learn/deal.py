"""The deal: the first state of a round, shuffled by a seed, stacked by a teacher, or laid
as a save recorded it; and a practice table with melds on it.

Each deal is a :class:`Dealt`: the first :class:`~rummy_learn.state.RoundState` and the
log's entries that made it. :class:`~rummy_learn.engine.Round` is made from one.

>>> from rummy_learn.variants import preset
>>> dealt = shuffled(preset("romme", ["dealer_14"]), players=3, seed=4, dealer=1)
>>> [len(h) for h in dealt.state.hands], dealt.state.current, dealt.state.phase.value
([13, 14, 13], 1, 'play')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from rummy_learn.actions import card_id, card_ids
from rummy_learn.cards import Card
from rummy_learn.decks import build_deck
from rummy_learn.rules import Rules
from rummy_learn.state import Phase, RoundState
from rummy_learn.table import TableMeld

__all__ = ["Dealt", "first_player", "laid", "practised", "shuffled", "stacked"]


class Dealt(NamedTuple):
    """A round's first state, and the log's entries that describe how it came about."""

    state: RoundState
    events: tuple[dict[str, Any], ...]


def first_player(rules: Rules, dealer: int, players: int) -> int:
    """Who plays the first turn: the dealer, by the variant's rule (``dealer_starts``) or
    because the dealer was dealt the card that starts the round (``dealer_14``); otherwise
    the player on the dealer's left.

    >>> from rummy_learn.variants import preset
    >>> first_player(preset("romme", ["dealer_14"]), 2, 3), first_player(preset("romme"), 2, 3)
    (2, 0)
    """
    return dealer if rules.dealer_starts or rules.dealer_14 else (dealer + 1) % players


def _first_state(
    rules: Rules,
    dealer: int,
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    discard: Sequence[Card],
) -> RoundState:
    """The cards as they lie after the deal, and who moves first (:func:`first_player`;
    a dealer dealt 14 cards plays at once, without drawing)."""
    players = len(hands)
    return RoundState(
        hands=tuple(tuple(h) for h in hands),
        stock=tuple(stock),
        discard=tuple(discard),
        opened=(False,) * players,
        phase=Phase.PLAY if rules.dealer_14 else Phase.DRAW,
        current=first_player(rules, dealer, players),
    )


def shuffled(rules: Rules, players: int, seed: int, dealer: int) -> Dealt:
    """The shoe shuffled by ``seed`` and dealt by ``dealer`` in the variant's packets."""
    stock = list(build_deck(rules, players))
    rng = random.Random(seed)
    rng.shuffle(stock)
    hands: list[list[Card]] = [[] for _ in range(players)]
    event: dict[str, Any] = {"event": "deal", "dealer": dealer}
    if rules.rauben and players > 1:
        cutter = (dealer - 1) % players
        seen = stock[rng.randrange(len(stock))]
        if seen.is_joker:  # the cutter keeps a joker seen while cutting
            stock.remove(seen)
            hands[cutter].append(seen)
            event["rauben"] = {"player": cutter, "card": card_id(seen)}
    size = [rules.hand_size_for(players)] * players
    if rules.dealer_14:
        size[dealer] += 1
    order = [(dealer + 1 + i) % players for i in range(players)]
    while any(len(hands[p]) < size[p] for p in order):
        for packet in rules.deal_packets:
            for p in order:
                for _ in range(min(packet, size[p] - len(hands[p]))):
                    hands[p].append(stock.pop())
    discard = [stock.pop()] if rules.upcard and not rules.dealer_14 else []
    event |= {"hands": [card_ids(h) for h in hands], "upcard": card_ids(discard)}
    return Dealt(_first_state(rules, dealer, hands, stock, discard), (event,))


def laid(
    rules: Rules,
    dealer: int,
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    discard: Sequence[Card],
) -> Dealt:
    """Physical cards lying as given (the stock's top card last): a stacked deal, or one
    read back from a save. A deal must leave a card in the stock."""
    if not 0 <= dealer < len(hands):
        raise ValueError(f"the dealer is one of the {len(hands)} players, not {dealer}")
    if not stock:
        raise ValueError("the deal leaves no card in the stock")
    event = {
        "event": "deal",
        "dealer": dealer,
        "stacked": True,
        "hands": [card_ids(h) for h in hands],
        "upcard": card_ids(discard),
        "stock": card_ids(stock),
    }
    return Dealt(_first_state(rules, dealer, hands, stock, discard), (event,))


def stacked(
    rules: Rules,
    hands: Sequence[Sequence[Card]],
    *,
    stock: Sequence[Card] = (),
    upcard: Card | None = None,
    dealer: int = 0,
    seed: int = 0,
) -> Dealt:
    """A deal as a teacher gives it: faces, each given a physical card of the shoe.

    ``stock`` is its top cards, top first; the rest of the shoe lies under them, shuffled
    by ``seed``.

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> dealt = stacked(preset("rami40"), [parse_cards("7♠ 7♠"), parse_cards("K♦")], dealer=1)
    >>> [card_id(c) for c in dealt.state.hands[0]], len(dealt.state.stock)
    (['7s.0', '7s.1'], 105)
    >>> stacked(preset("rami40"), [parse_cards("7♠ 7♠ 7♠"), []])
    Traceback (most recent call last):
    ...
    ValueError: the shoe has no 7♠ left
    """
    free = list(build_deck(rules, len(hands)))

    def take(face: Card) -> Card:
        card = next((c for c in free if c.face == face.face), None)
        if card is None:
            raise ValueError(f"the shoe has no {face} left")
        free.remove(card)
        return card

    if not 0 <= dealer < len(hands):
        raise ValueError(f"the dealer is one of the {len(hands)} players, not {dealer}")
    dealt = [[take(c) for c in hand] for hand in hands]
    discard = [take(upcard)] if upcard is not None else []
    top = [take(c) for c in stock]
    random.Random(seed).shuffle(free)
    return laid(rules, dealer, dealt, [*free, *reversed(top)], discard)


def practised(dealt: Dealt, rules: Rules, melds: Sequence[Sequence[Card]]) -> Dealt:
    """Player 1 lays ``melds`` (physical cards of their hand) and both players have opened:
    player 0 plays, for practising lay-offs and joker swaps.

    A meld that is not valid, or not in player 1's hand, raises ``ValueError``.
    """
    state = dealt.state
    hand = list(state.hands[1])
    table = list(state.table)
    for cards in melds:
        for card in cards:
            hand.remove(card)  # a card not in the hand: ValueError
        table.append(TableMeld.lay(state.next_meld + len(table), 1, cards, rules))
    state = RoundState(
        hands=(state.hands[0], tuple(hand), *state.hands[2:]),
        stock=state.stock,
        discard=state.discard,
        opened=(True,) * len(state.hands),
        table=tuple(table),
        phase=Phase.PLAY,
        current=state.current,
        next_meld=state.next_meld + len(table),
    )
    event = {"event": "practice", "table": [card_ids(m) for m in melds]}
    return Dealt(state, (*dealt.events, event))
