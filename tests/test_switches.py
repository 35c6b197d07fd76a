"""Every switch is alive: flipping any switch of any preset changes a meld verdict, a value,
a score, a deal, a legality answer or a round's log.

Each flip is compared with the preset through probes, cheapest first: a battery of melds;
card values and the opening minimum; settlements and a match's books; deals; the legal
moves in positions built for the rules of play; a round that nobody melds in; deals that
may show a joker while cutting. A switch that matters only with another one (the knock's
player count without knocking) is flipped in that context, listed in ``CONTEXT``.
"""

from __future__ import annotations

from dataclasses import replace
from enum import Enum
from functools import cache
from itertools import islice
from typing import Any

import pytest

from rummy_learn.actions import (
    Discard,
    DrawStock,
    LayOff,
    SwapJoker,
    TakeDiscard,
    action_text,
    parse_card_id,
)
from rummy_learn.cards import Card
from rummy_learn.engine import Round
from rummy_learn.game import Match, round_dealer
from rummy_learn.melds import check_meld
from rummy_learn.notation import parse_cards
from rummy_learn.outcome import EndReason, settle
from rummy_learn.planner import Greedy
from rummy_learn.rules import (
    DeckTier,
    HandTier,
    RummyBonus,
    SetSwap,
    Settlement,
    StockEmpty,
    SwappedJoker,
    switch_names,
)
from rummy_learn.scoring import penalty_of
from rummy_learn.state import Phase, RoundState
from rummy_learn.table import TableMeld
from rummy_learn.variants import PRESETS, preset

CONTEXT: dict[str, dict[str, Any]] = {
    "knock_min_players": {"knock": True},  # without knocking, nobody counts the players
    "retake_discard_forbidden": {"discard_must_be_used": False},  # else it is melded anyway
    # a joker that goes into a new meld at once cannot be taken before the opening (the new
    # meld would be laid alone)
    "swap_before_opening": {"swapped_joker": SwappedJoker.TO_HAND},
    "rummy_bonus_points": {"rummy_bonus": RummyBonus.PENALTY_PLUS},
    "rummy_needs_bare_table": {"rummy_bonus": RummyBonus.DOUBLE},  # a Rummy must be rewarded
    "max_reshuffles": {"stock_empty": StockEmpty.RESHUFFLE},
    "turn_limit": {"stock_empty": StockEmpty.RESHUFFLE, "max_reshuffles": None},
    "swap_exact_card": {"set_swap": SetSwap.ANY_FITTING},  # else only one card may take it
    # with the exact card, a set of three's joker (either suit) stays: as from sets of four only
    "set_swap": {"swap_exact_card": False},
    "elimination_score": {"settlement": Settlement.PENALTY},  # zero-sum games have no limit
    # with one joker a meld, two jokers never meet; with fewer jokers than naturals, one
    # natural card never holds a meld
    "adjacent_jokers_from": {"max_jokers_per_meld": None},
    "jokers_fewer_than_naturals": {"max_jokers_per_meld": None},
    "min_naturals": {"max_jokers_per_meld": None, "jokers_fewer_than_naturals": False},
}

OTHER_VALUES: dict[str, Any] = {  # a flipped number or shoe, for switches that are no flag
    "min_players": lambda v: [v + 1],
    "max_players": lambda v: [v - 1],
    "deck_tiers": lambda v: [
        tuple(replace(t, decks=t.decks + 1) for t in v),
        tuple(replace(t, jokers=t.jokers + 1) for t in v),
    ],
    "hand_tiers": lambda v: [tuple(replace(t, cards=t.cards - 1) for t in v)],
    "deal_packets": lambda v: [(2,) if v == (1,) else (1,)],
    "set_min": lambda v: [v + 1],
    "set_max": lambda v: [v - 1],
    "run_min": lambda v: [v + 1],
    "run_max": lambda v: [v - 1],
    "max_jokers_per_meld": lambda v: [1 if v is None else None],
    "min_naturals": lambda v: [v + 1],
    "adjacent_jokers_from": lambda v: [4 if v is None else None],
    "joker_set_max": lambda v: [3 if v is None else None],
    "end_joker_run_max": lambda v: [3 if v is None else None],
    "low_ace_points": lambda v: [v + 1],
    "ace_points": lambda v: [v - 1],
    "joker_penalty": lambda v: [v + 1],
    "ace_penalty": lambda v: [v + 1],
    "opening_min": lambda v: [None, 45] if v is None else [None, v + 1],
    "rummy_bonus_points": lambda v: [v + 1],
    "max_reshuffles": lambda v: [1 if v is None else None],
    "turn_limit": lambda v: [50 if v is None else None],
    "knock_min_players": lambda v: [v + 1],
    "elimination_score": lambda v: [100 if v is None else None],
}


def flips(rules, name):
    value = getattr(rules, name)
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, Enum):
        return [member for member in type(value) if member is not value]
    return OTHER_VALUES[name](value)


# --- the probes ------------------------------------------------------------------------------


def _tried(function, *args):
    """A probe's answer, or the error it met (a refused set-up is an answer too)."""
    try:
        return function(*args)
    except ValueError as err:
        return ("refused", type(err).__name__, str(err))


MELDS = [
    "7♣ 7♥ 7♠", "7♥ 7♣ 7♠", "7♣ 7♥ Jkr", "Jkr 7♣ 7♠", "7♣ Jkr 7♥", "7♣ 7♥ 7♠ 7♦",
    "7♣ 7♥ 7♠ Jkr", "K♣ K♥ K♠ K♦ Jkr", "7♣ Jkr Jkr", "A♣ A♥ A♠", "A♥ 2♥ 3♥", "Q♥ K♥ A♥",
    "K♥ A♥ 2♥", "J♠ Q♠ K♠ A♠ 2♠", "5♠ 6♠ 7♠", "5♠ 6♠ 7♠ 8♠", "Jkr 7♠ 8♠", "7♠ 8♠ Jkr",
    "7♠ Jkr 9♠", "5♠ Jkr Jkr 8♠", "5♠ Jkr Jkr 8♠ 9♠", "Jkr 5♠ 6♠ 7♠", "5♠ 6♠ 7♠ Jkr",
    "Jkr Jkr Jkr 5♠ 6♠ 7♠ 8♠", "Jkr 2♠ 3♠", "Q♠ K♠ Jkr",
    "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠", "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠",
]  # fmt: skip


def melds_probe(rules):
    verdicts = []
    for meld in MELDS:
        check = check_meld(parse_cards(meld), rules)
        verdicts.append((check.valid, check.kind, check.points, check.reasons, check.faces))
    return verdicts


def values_probe(rules):
    cards = parse_cards("Jkr A♠ K♦ 10♥ 7♣ 2♠")
    return ([penalty_of(c, rules) for c in cards], [rules.opening_reached(p) for p in range(70)])


def books_probe(rules):
    scores = [
        settle(rules, reason, winner, points, 25)
        for reason in EndReason
        for winner in (None, 0, 1)
        for points in ((0, 12, 30), (5, 0, 7))
    ]
    match = Match(rules, 3)
    dealers = []
    for result in ((0, 60, 45), (30, 50, 0), (50, 0, 70)):
        if match.over:
            break
        match.record(result[: len(match.seats)])
        dealers.append(match.dealer)
    rounds = [round_dealer(rules, n, 4, 1) for n in range(4)]
    return scores, match.totals, match.out, dealers, rounds


def deals_probe(rules):
    return [
        _tried(
            lambda p, s: (lambda g: (g.log[0], g.phase, g.current))(Round(rules, p, seed=s)),
            players,
            seed,
        )
        for players in range(2, 9)
        for seed in (0, 1)
    ]


def rauben_probe(rules):
    return [Round(rules, 3, seed=seed, dealer=1).log[0].get("rauben") for seed in range(60)]


def _ids(text):
    """Physical cards: each face's copies numbered in the order given."""
    seen: dict[Card, int] = {}
    cards = []
    for face in parse_cards(text):
        copy = seen.get(face, 0)
        seen[face] = copy + 1
        cards.append(Card(face.rank, face.suit, copy) if not face.is_joker else Card.joker(copy))
    return cards


TABLE = ["7♣ 7♥ Jkr", "Jkr 9♠ 10♠", "K♣ K♥ K♦ Jkr", "4♦ 5♦ 6♦"]
HAND = "7♦ 7♠ 8♠ Jkr 4♥ 5♥ 6♥ 10♣ J♣ Q♣ 3♦ Q♦"  # Jkr.3: jokers 0-2 are on the table


def _position(
    rules, hand, *, phase=Phase.PLAY, opened=(True, True), top=None, players=2, table_melds=TABLE
):
    """Player 0 to move, player 1 having laid ``table_melds``."""
    cards = _ids(" ".join([*table_melds, hand, *([top] if top else [])]))
    table, start = [], 0
    for number, meld in enumerate(table_melds, start=1):
        size = len(meld.split())
        table.append(TableMeld.lay(number, 1, cards[start : start + size], rules))
        start += size
    mine = tuple(cards[start : start + len(hand.split())])
    state = RoundState(
        hands=(mine, *([tuple(_ids("2♣ 3♣ 9♦"))] * (players - 1))),
        stock=tuple(_ids("A♦ 2♥ 3♥ 8♥ 9♥ 10♥")),
        discard=(cards[-1],) if top else (),
        opened=(*opened, *([True] * (players - 2))),
        table=tuple(table),
        phase=phase,
        next_meld=len(table) + 1,
        last_discarder=players - 1 if phase.drawing else None,
    )
    return Round(rules, players, state=state, log=[{"event": "deal"}])


def _legal(game):
    return [action_text(a) for a in islice(game.legal_actions(), 400)]


def _then(game, kind):
    """The legal moves after the first listed move of this kind (if any)."""
    action = next((a for a in game.legal_actions() if isinstance(a, kind)), None)
    if kind is SwapJoker and action is not None:
        action = next((a for a in game.legal_actions() if isinstance(a, kind) and not a.new_meld),
                      action)  # fmt: skip
    if action is None:
        return None
    game.apply(action)
    return _legal(game)


def _finish(rules):
    """A player who has not opened melds all and goes out; another has melded before."""
    game = _position(rules, "10♣ J♣ Q♣ K♠ K♥ K♦ 2♦ 3♦ 4♦ 9♥", opened=(False, True), players=3)
    planner = Greedy(rules)
    for _ in range(12):
        if game.outcome is not None:
            break
        game.apply(planner.step(game.view(0))[-1].action)
    return game.outcome


POSITIONS = {
    "opened": lambda r: _legal(_position(r, HAND)),
    "after a lay-off": lambda r: _then(_position(r, HAND), LayOff),
    "after a swap": lambda r: _then(_position(r, HAND), SwapJoker),
    "opening turn": lambda r: _legal(_position(r, HAND, phase=Phase.OPENED)),
    "not opened": lambda r: _legal(_position(r, "K♠ Q♥ K♥ A♥ 9♣ 9♦ 2♣ 5♠", opened=(False, True))),
    "a joker that cannot be played again": lambda r: _legal(
        _position(r, "8♠ 2♣ 5♦", table_melds=["Jkr 9♠ 10♠"])
    ),
    "draw": lambda r: _legal(_position(r, "8♥ 8♦ 2♣ 5♠", phase=Phase.DRAW, top="8♣")),
    "after taking": lambda r: _then(
        _position(r, "8♥ 8♦ 2♣ 5♠", phase=Phase.DRAW, top="8♣"), TakeDiscard
    ),
    "knock": lambda r: _legal(_position(r, "8♥ 8♦ 2♣", phase=Phase.KNOCK, top="8♣", players=3)),
    "going out": _finish,
    "all melded": lambda r: _legal(_position(r, "10♣ J♣ Q♣")),
}


def positions_probe(rules):
    return {name: _tried(probe, rules) for name, probe in POSITIONS.items()}


def stock_probe(rules):
    """Two players who never meld: how the round ends (the stock's rules, the limits)."""
    game = Round(rules, 2, seed=3)
    for _ in range(1500):
        if game.outcome is not None:
            break
        if game.phase.drawing:
            game.apply(DrawStock() if game.view(game.current).stock_size else TakeDiscard())
        else:
            drawn = game.hand(game.current)[-1]
            hand = game.hand(game.current)
            card = drawn if game.is_legal(Discard(drawn)) else next(
                c for c in hand if game.is_legal(Discard(c))
            )  # fmt: skip
            game.apply(Discard(card))
    return game.outcome, game.state.turns, game.state.reshuffles


PROBES = [melds_probe, values_probe, books_probe, deals_probe, positions_probe, stock_probe,
          rauben_probe]  # fmt: skip


@cache
def answer(rules, probe):
    return _tried(probe, rules)


def first_difference(one, other):
    return next((p.__name__ for p in PROBES if answer(one, p) != answer(other, p)), None)


@pytest.mark.parametrize("variant", PRESETS)
def test_flipping_any_switch_changes_what_the_kit_does(variant):
    silent = []
    for name in switch_names():
        base = replace(preset(variant), **CONTEXT.get(name, {}))
        for value in flips(base, name):
            if first_difference(base, replace(base, **{name: value})) is None:
                silent.append(f"{name}={value!r}")
    assert silent == [], silent


def test_the_probes_can_tell_rules_apart():
    """A change no switch makes is no difference: the probes compare behaviour, not values."""
    rules = preset("romme")
    assert first_difference(rules, replace(rules, options=("rauben",))) is None
    assert first_difference(rules, replace(rules, deal_packets=(1,))) == "deals_probe"
    assert parse_card_id("Jkr.3") in _position(rules, HAND).hand(0)
    assert DeckTier(2, 2, 2) and HandTier(2, 13)
