"""Saved rounds are checked, not trusted: every field of a save, before a round is made of it.

A save is what :meth:`~rummy_learn.engine.Round.to_json` writes. Before
:mod:`rummy_learn.persist` loads one, this module checks:

* the rules: every switch's type and range, and a shoe of at most 4 decks and 8 jokers
  that holds the deal for every number of players;
* the players, the seed, the dealer and the turn cap;
* the deal: exactly the shoe's cards, each once (a stacked deal; a seeded one is dealt again);
* the state: every card of the shoe exactly once, the current player, the dealer, the
  winner, the scores, and every meld on the table valid as it lies;
* and the log, entry by entry, by playing it again (:mod:`rummy_learn.persist` does that).

A bad save raises :class:`SaveError`, a ``ValueError`` whose one line names the field.

>>> from rummy_learn.engine import Round
>>> from rummy_learn.variants import preset
>>> data = Round(preset("romme"), 2, seed=1).to_json()
>>> data["state"]["current"] = 0.5
>>> check_state(data, read_header(data))
Traceback (most recent call last):
...
rummy_learn.save_fields.SaveError: not a saved round: state.current: 0.5 is not a whole number
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from enum import Enum
from typing import Any, NamedTuple, get_type_hints

from rummy_learn.actions import card_id
from rummy_learn.cards import Card
from rummy_learn.decks import build_deck
from rummy_learn.limits import MAX_DECKS, MAX_JOKERS
from rummy_learn.melds import MeldKind, check_meld
from rummy_learn.outcome import EndReason
from rummy_learn.rules import DeckTier, HandTier, Rules
from rummy_learn.save_fields import (
    SaveError,
    card_of,
    cards_of,
    choice,
    flag,
    items,
    obj,
    shown,
    whole,
)
from rummy_learn.state import Phase
from rummy_learn.variants import OPTIONS, PRESETS

__all__ = [
    "MAX_TURN_CAP",
    "Header",
    "SaveError",
    "check_deal",
    "check_state",
    "first_difference",
    "read_header",
    "read_rules",
]

MAX_TURN_CAP = 10_000
"""The largest turn cap a save may set (the kit's default is 600)."""

# The kit's sanity bounds on the switches that are numbers (both ends included).
_RANGES: dict[str, tuple[int, int]] = {
    "min_players": (2, 8),
    "max_players": (2, 8),
    "set_min": (2, 8),
    "set_max": (2, 8),
    "run_min": (2, 14),
    "run_max": (2, 14),
    "max_jokers_per_meld": (0, MAX_JOKERS),
    "min_naturals": (0, 14),
    "adjacent_jokers_from": (2, 14),
    "joker_set_max": (2, 8),
    "end_joker_run_max": (2, 14),
    "low_ace_points": (0, 100),
    "ace_points": (0, 100),
    "joker_penalty": (0, 500),
    "ace_penalty": (0, 500),
    "opening_min": (0, 1000),
    "rummy_bonus_points": (0, 1000),
    "max_reshuffles": (0, 100),
    "turn_limit": (1, MAX_TURN_CAP),
    "knock_min_players": (2, 8),
    "elimination_score": (1, 100_000),
}


# --- the rules ---------------------------------------------------------------------------------

_HINTS = get_type_hints(Rules)


def _switch(name: str, value: object, field: str) -> Any:
    hint = _HINTS[name]
    if name == "variant":
        if not isinstance(value, str) or value not in PRESETS:
            raise SaveError(field, f"{shown(value)} is not one of {', '.join(PRESETS)}")
        return value
    if name == "options":
        options = items(value, field, len(OPTIONS))
        for i, option in enumerate(options):
            if not isinstance(option, str) or option not in OPTIONS or options.index(option) != i:
                raise SaveError(f"{field}[{i}]", f"{shown(option)} is not a table option, once")
        return tuple(options)
    if name == "deck_tiers":
        return tuple(
            DeckTier(
                whole(t["min_players"], f"{field}[{i}].min_players", 1, 8),
                whole(t["decks"], f"{field}[{i}].decks", 1, MAX_DECKS),
                whole(t["jokers"], f"{field}[{i}].jokers", 0, MAX_JOKERS),
            )
            for i, tier in enumerate(items(value, field, 8))
            for t in [obj(tier, f"{field}[{i}]", ("min_players", "decks", "jokers"))]
        )
    if name == "hand_tiers":
        return tuple(
            HandTier(
                whole(t["min_players"], f"{field}[{i}].min_players", 1, 8),
                whole(t["cards"], f"{field}[{i}].cards", 1, 20),
            )
            for i, tier in enumerate(items(value, field, 8))
            for t in [obj(tier, f"{field}[{i}]", ("min_players", "cards"))]
        )
    if name == "deal_packets":
        packets = items(value, field, 20)
        return tuple(whole(p, f"{field}[{i}]", 1, 20) for i, p in enumerate(packets))
    if hint is bool:
        return flag(value, field)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return choice(value, field, hint)
    if value is None and name in _RANGES and hint is not int:
        return None
    low, high = _RANGES[name]
    return whole(value, field, low, high)


def read_rules(value: object, field: str = "rules") -> Rules:
    """A saved :class:`~rummy_learn.rules.Rules`, every switch checked.

    >>> from rummy_learn.rules_json import rules_to_json
    >>> from rummy_learn.variants import preset
    >>> saved = rules_to_json(preset("rami51"))
    >>> read_rules(saved) == preset("rami51")
    True
    >>> saved["deck_tiers"][0]["decks"] = 100_000
    >>> read_rules(saved)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rummy_learn.save_fields.SaveError: not a saved round: rules.deck_tiers[0].decks: 100000 ...
    """
    names = [f.name for f in fields(Rules)]
    data = obj(value, field, names)
    rules = Rules(**{name: _switch(name, data[name], f"{field}.{name}") for name in names})
    _consistent(rules, field)
    return rules


def _consistent(rules: Rules, field: str) -> None:
    """Switches that only make sense together: ranges in order, a shoe that holds the deal."""
    for low, high in (("min_players", "max_players"), ("set_min", "set_max"),
                      ("run_min", "run_max")):  # fmt: skip
        if getattr(rules, low) > getattr(rules, high):
            raise SaveError(f"{field}.{low}", f"more than {field}.{high}")
    for name in ("deck_tiers", "hand_tiers"):
        tiers: tuple[DeckTier | HandTier, ...] = getattr(rules, name)
        starts = [t.min_players for t in tiers]
        if not tiers or starts != sorted(set(starts)) or starts[0] > rules.min_players:
            raise SaveError(f"{field}.{name}", "not tiers from the fewest players up")
    if not rules.deal_packets:
        raise SaveError(f"{field}.deal_packets", "empty")
    for players in range(rules.min_players, rules.max_players + 1):
        needed = players * rules.hand_size_for(players) + 2  # the dealer's 14th or the upcard
        if needed > rules.deck_for(players).cards:
            raise SaveError(f"{field}.deck_tiers", f"too few cards to deal to {players} players")


# --- the header, the deal, the state -----------------------------------------------------------


class Header(NamedTuple):
    """A save's settings: what the round was made with."""

    rules: Rules
    players: int
    seed: int
    dealer: int
    turn_cap: int
    shoe: tuple[Card, ...]


_TOP = ("rules", "players", "seed", "dealer", "turn_cap", "state", "log")


def read_header(data: object) -> Header:
    """The rules, players, seed, dealer and turn cap of a save, checked."""
    save = obj(data, "save", _TOP)
    rules = read_rules(save["rules"])
    players = whole(save["players"], "players", rules.min_players, rules.max_players)
    seed = whole(save["seed"], "seed", -(2**63), 2**63 - 1)
    dealer = whole(save["dealer"], "dealer", 0, players - 1)
    turn_cap = whole(save["turn_cap"], "turn_cap", 1, MAX_TURN_CAP)
    return Header(rules, players, seed, dealer, turn_cap, build_deck(rules, players))


def _exactly_the_shoe(places: list[tuple[str, Card]], shoe: Sequence[Card], where: str) -> None:
    """Every card of the shoe once: none foreign, none twice, none missing."""
    known = set(shoe)
    first: dict[Card, str] = {}
    for field, card in places:
        if card not in known:
            raise SaveError(field, f"{card_id(card)} is not a card of this round's shoe")
        if card in first:
            raise SaveError(field, f"{card_id(card)} again (also at {first[card]})")
        first[card] = field
    missing = [card_id(c) for c in shoe if c not in first]
    if missing:
        more = f" and {len(missing) - 1} more cards" if len(missing) > 1 else ""
        raise SaveError(where, f"{missing[0]}{more} of the shoe missing")


def check_deal(event: object, header: Header, field: str = "log[0]") -> dict[str, Any]:
    """The log's first entry: a deal; a stacked one must hold exactly the shoe's cards."""
    keys = ["event", "dealer", "hands", "upcard"]
    if isinstance(event, dict) and event.get("stacked") is not None:
        keys += ["stacked", "stock"]
    if isinstance(event, dict) and "rauben" in event:
        keys.append("rauben")
    deal = obj(event, field, keys)
    if deal["event"] != "deal":
        raise SaveError(f"{field}.event", f"{shown(deal['event'])} where the deal should be")
    whole(deal["dealer"], f"{field}.dealer", header.dealer, header.dealer)
    size = len(header.shoe)
    hands = items(deal["hands"], f"{field}.hands", header.players)
    if len(hands) != header.players:
        raise SaveError(f"{field}.hands", f"{len(hands)} hands for {header.players} players")
    places = [
        (f"{field}.hands[{p}][{i}]", card)
        for p, hand in enumerate(hands)
        for i, card in enumerate(cards_of(hand, f"{field}.hands[{p}]", size))
    ]
    places += [(f"{field}.upcard[{i}]", c)
               for i, c in enumerate(cards_of(deal["upcard"], f"{field}.upcard", 1))]  # fmt: skip
    if "stacked" in deal:
        if deal["stacked"] is not True:
            raise SaveError(f"{field}.stacked", f"{shown(deal['stacked'])} is not true")
        stock = cards_of(deal["stock"], f"{field}.stock", size)
        places += [(f"{field}.stock[{i}]", c) for i, c in enumerate(stock)]
        _exactly_the_shoe(places, header.shoe, field)
    return deal


_STATE = ("hands", "stock", "discard", "table", "opened", "phase", "current", "turns",
          "reshuffles", "next_meld", "taken", "must_use", "swapped_joker", "last_discarder",
          "outcome")  # fmt: skip


def check_state(data: dict[str, Any], header: Header) -> None:
    """The saved state: types, ranges, every card of the shoe once, every meld valid."""
    state = obj(data["state"], "state", _STATE)
    players, size = header.players, len(header.shoe)
    hands = items(state["hands"], "state.hands", players)
    if len(hands) != players:
        raise SaveError("state.hands", f"{len(hands)} hands for {players} players")
    places = [
        (f"state.hands[{p}][{i}]", card)
        for p, hand in enumerate(hands)
        for i, card in enumerate(cards_of(hand, f"state.hands[{p}]", size))
    ]
    for pile in ("stock", "discard"):
        places += [(f"state.{pile}[{i}]", c)
                   for i, c in enumerate(cards_of(state[pile], f"state.{pile}", size))]  # fmt: skip
    ids: set[int] = set()
    for number, meld in enumerate(items(state["table"], "state.table", size)):
        field = f"state.table[{number}]"
        laid = obj(meld, field, ("id", "owner", "cards", "kind", "locked"))
        meld_id = whole(laid["id"], f"{field}.id", 1, 10 * size)
        if meld_id in ids:
            raise SaveError(f"{field}.id", f"{meld_id} again")
        ids.add(meld_id)
        whole(laid["owner"], f"{field}.owner", 0, players - 1)
        flag(laid["locked"], f"{field}.locked")
        cards = cards_of(laid["cards"], f"{field}.cards", size)
        places += [(f"{field}.cards[{i}]", c) for i, c in enumerate(cards)]
        kind = choice(laid["kind"], f"{field}.kind", MeldKind)
        check = check_meld(cards, header.rules, ordered=True)
        if not check.valid or check.kind is not kind:
            reasons = ", ".join(r.value for r in check.reasons) or f"not a {kind.value}"
            raise SaveError(f"{field}.cards", f"not a valid meld as it lies ({reasons})")
    _exactly_the_shoe(places, header.shoe, "state")
    whole(state["next_meld"], "state.next_meld", max(ids, default=0) + 1, 10 * size + 1)
    opened = items(state["opened"], "state.opened", players)
    if len(opened) != players:
        raise SaveError("state.opened", f"{len(opened)} entries for {players} players")
    for p, was in enumerate(opened):
        flag(was, f"state.opened[{p}]")
    phase = choice(state["phase"], "state.phase", Phase)
    whole(state["current"], "state.current", 0, players - 1)
    whole(state["turns"], "state.turns", 0, header.turn_cap)
    whole(state["reshuffles"], "state.reshuffles", 0, MAX_TURN_CAP)
    for name in ("taken", "must_use", "swapped_joker"):
        if state[name] is not None:
            card_of(state[name], f"state.{name}")
    if state["last_discarder"] is not None:
        whole(state["last_discarder"], "state.last_discarder", 0, players - 1)
    _check_outcome(state["outcome"], phase, players)


def _check_outcome(value: object, phase: Phase, players: int) -> None:
    if (value is None) != (phase is not Phase.OVER):
        raise SaveError("state.outcome", "an outcome exactly when the phase is over")
    if value is None:
        return
    out = obj(value, "state.outcome", ("reason", "winner", "hand_points", "scores"))
    choice(out["reason"], "state.outcome.reason", EndReason)
    if out["winner"] is not None:
        whole(out["winner"], "state.outcome.winner", 0, players - 1)
    for name in ("hand_points", "scores"):
        numbers = items(out[name], f"state.outcome.{name}", players)
        if len(numbers) != players:
            raise SaveError(f"state.outcome.{name}", f"{len(numbers)} for {players} players")
        for p, n in enumerate(numbers):
            whole(n, f"state.outcome.{name}[{p}]", -(10**9), 10**9)


def first_difference(saved: object, made: object, field: str) -> str | None:
    """Where ``saved`` first differs from ``made`` (JSON data), or ``None`` when they agree.

    >>> first_difference({"a": [1, 2]}, {"a": [1, 3]}, "state")
    'state.a[1]'
    """
    if isinstance(saved, dict) and isinstance(made, dict):
        for key in [*made, *(k for k in saved if k not in made)]:
            if key not in saved or key not in made:
                return f"{field}.{key}"
            found = first_difference(saved[key], made[key], f"{field}.{key}")
            if found:
                return found
        return None
    if isinstance(saved, list) and isinstance(made, list):
        for i, (a, b) in enumerate(zip(saved, made, strict=False)):
            found = first_difference(a, b, f"{field}[{i}]")
            if found:
                return found
        return None if len(saved) == len(made) else f"{field}[{min(len(saved), len(made))}]"
    same = type(saved) is type(made) and saved == made
    return None if same else field
