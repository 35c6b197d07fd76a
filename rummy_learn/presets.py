"""The six presets' values and where each comes from (see :mod:`rummy_learn.sources`).

Each preset names its seed; the values that seed does not state are listed, and values
with their own line, seed or note carry a :class:`~rummy_learn.sources.Provenance`. The
public way in is :mod:`rummy_learn.variants` (``preset``, ``provenance``).

>>> PRESET_DATA["scala40"].rules.joker_penalty, PRESET_DATA["scala40"].other["joker_penalty"].line
(25, 108)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rummy_learn.rules import (
    DeckTier,
    HandTier,
    JokerPolicy,
    Rules,
    RummyBonus,
    SetSwap,
    Settlement,
    StockEmpty,
    SwappedJoker,
)
from rummy_learn.sources import Provenance, Source

__all__ = ["NEVER_STATED", "PRESET_DATA", "PresetData"]


@dataclass(frozen=True)
class PresetData:
    """A preset's rules and where its values come from."""

    rules: Rules
    source: Provenance  # of every value not listed below
    not_stated: frozenset[str]  # values the source leaves to the kit
    other: Mapping[str, Provenance]  # values with their own line, seed or note


def _kit(note: str, line: int | None = None) -> Provenance:  # pragma: no mutate block (import time)
    """The kit's choice, and why."""
    return Provenance(Source.NOT_STATED, line, note)


_COMMON: dict[str, Any] = dict(
    options=(),
    deal_packets=(1,),
    upcard=True,
    dealer_14=False,
    rauben=False,
    dealer_rotates=True,
    dealer_starts=False,
    set_min=3,
    set_max=4,
    run_min=3,
    run_max=13,
    ace_high=True,
    cyclic_runs=False,
    strict_groups=False,
    max_jokers_per_meld=None,
    jokers_fewer_than_naturals=False,
    min_naturals=1,
    adjacent_jokers_from=3,
    joker_policy=JokerPolicy.PLAYER,
    joker_set_max=None,
    end_joker_run_max=None,
    low_ace_points=1,
    ace_points=11,
    ace_penalty=11,
    layoff_on_opening_turn=True,
    discard_must_be_used=False,
    retake_discard_forbidden=False,
    joker_discard_allowed=True,
    final_discard=True,
    joker_swap=True,
    swap_before_opening=False,
    swap_from_runs=True,
    set_swap=SetSwap.ANY_FITTING,
    swap_exact_card=False,
    swap_partial_locks=False,
    swapped_joker=SwappedJoker.TO_HAND,
    rummy_bonus=RummyBonus.NONE,
    rummy_bonus_points=0,
    rummy_needs_bare_table=False,
    stock_empty=StockEmpty.RESHUFFLE,
    max_reshuffles=None,
    turn_limit=None,
    knock=False,
    knock_min_players=3,
    settlement=Settlement.PENALTY,
    elimination_score=None,
    casino_scoring=False,
)


# Switches no source speaks of for any preset (their value there is the kit's choice).
NEVER_STATED = frozenset({"end_joker_run_max"})


def _make(name: str, **values: Any) -> Rules:  # pragma: no mutate block (import time)
    return Rules(variant=name, **(_COMMON | values))


_PALACE_PRESET = PresetData(
    _make(
        "palace",
        min_players=2,
        max_players=6,
        deck_tiers=(DeckTier(2, 2, 6),),
        hand_tiers=(HandTier(2, 13),),
        jokers_fewer_than_naturals=True,
        joker_penalty=20,
        opening_min=30,
        rummy_bonus=RummyBonus.DOUBLE,
        rummy_needs_bare_table=True,
        stock_empty=StockEmpty.NO_WINNER,
        settlement=Settlement.ZERO_SUM,
    ),
    Provenance(Source.PALACE),
    frozenset(
        {
            "min_players",
            "max_players",
            "hand_tiers",
            "dealer_rotates",
            "dealer_starts",
            "adjacent_jokers_from",
            "layoff_on_opening_turn",
            "retake_discard_forbidden",
            "swap_partial_locks",
            "swapped_joker",
            "elimination_score",
            "max_reshuffles",
            "turn_limit",
            "dealer_14",
            "rauben",
            "deal_packets",
        }
    ),
    {
        "joker_policy": _kit(
            "000 fixes no place for a joker (it is worth the card it replaces, line 19):"
            " the player lays it; with no choice made, the kit takes the most points",
            19,
        ),
        "ace_points": _kit(
            "000 gives 11 for an ace after the king in a run (line 69), not for an ace in a"
            " set; the kit counts an ace in a set 11 too",
            69,
        ),
        "low_ace_points": Provenance(Source.PALACE, 69, "an ace before the two counts 1"),
        "swap_before_opening": Provenance(
            Source.PALACE, 23, "jokers may be swapped only after the opening"
        ),
    },
)

_RUMMY40_VALUES: dict[str, Any] = dict(
    min_players=2,
    max_players=4,
    deck_tiers=(DeckTier(2, 2, 2),),
    hand_tiers=(HandTier(2, 13),),
    min_naturals=2,
    low_ace_points=11,
    joker_penalty=15,
    opening_min=40,
    discard_must_be_used=True,
    swap_exact_card=True,
    set_swap=SetSwap.ALL_MISSING,
    swap_partial_locks=True,
    swapped_joker=SwappedJoker.PLAY_SAME_TURN,
    swap_before_opening=True,
    rummy_bonus=RummyBonus.PENALTY_PLUS,
    rummy_bonus_points=25,
)
_RUMMY40_NOT_STATED = frozenset(
    {
        "deal_packets",
        "upcard",
        "dealer_14",
        "rauben",
        "dealer_rotates",
        "dealer_starts",
        "cyclic_runs",
        "strict_groups",
        "max_jokers_per_meld",
        "jokers_fewer_than_naturals",
        "min_naturals",
        "adjacent_jokers_from",
        "retake_discard_forbidden",
        "joker_discard_allowed",
        "max_reshuffles",
        "turn_limit",
        "knock",
        "knock_min_players",
        "elimination_score",
        "casino_scoring",
    }
)

_RUMMY40_PRESET = PresetData(
    _make("rummy40", **_RUMMY40_VALUES),
    Provenance(Source.RUMMY40),
    _RUMMY40_NOT_STATED,
    {
        "joker_policy": _kit(
            "001 fixes no place for a joker (it is worth the card it replaces, line 20):"
            " the player lays it; with no choice made, the kit takes the most points",
            20,
        ),
        "low_ace_points": _kit(
            "a reading of 001: an ace counts 11 towards the 40 (line 9), and a low ace is not"
            " singled out, so the kit counts A-2-3's ace 11 too",
            9,
        ),
        "swap_before_opening": _kit(
            "a reading of 001: any player holding the card a joker stands for may take the"
            " joker, and must use it in the same turn (line 38); the opening is not mentioned,"
            " so the kit lets a player who has not opened swap",
            38,
        ),
    },
)

_RAMI_VALUES: dict[str, Any] = dict(
    min_players=2,
    max_players=6,
    deck_tiers=(DeckTier(2, 2, 4), DeckTier(5, 3, 4)),
    hand_tiers=(HandTier(2, 13),),
    max_jokers_per_meld=1,
    joker_policy=JokerPolicy.LOWER,
    joker_penalty=20,
    retake_discard_forbidden=True,
    final_discard=False,
    swap_exact_card=True,
    set_swap=SetSwap.CLOSED_ONLY,
    swapped_joker=SwappedJoker.PLAY_IF_POSSIBLE,
    max_reshuffles=2,
    turn_limit=300,
)
_RAMI_NOT_STATED = frozenset(
    {
        "deal_packets",
        "dealer_14",
        "rauben",
        "strict_groups",
        "adjacent_jokers_from",
        "joker_penalty",
        "ace_penalty",
        "layoff_on_opening_turn",
        "joker_discard_allowed",
        "swap_partial_locks",
        "rummy_bonus",
        "rummy_bonus_points",
        "rummy_needs_bare_table",
        "knock",
        "knock_min_players",
        "elimination_score",
        "casino_scoring",
    }
)
_RAMI_OTHER: dict[str, Provenance] = {
    "opening_min": _kit(
        "002 asks the first lay-down to reach 'a certain threshold' (line 18) and names the"
        " tables Rami 40 and Rami 51: the kit reads the threshold from the name",
        18,
    ),
    "dealer_rotates": Provenance(Source.RAMI, 15, "the dealer changes every round"),
    "dealer_starts": Provenance(
        Source.RAMI, 15, "the player on the dealer's left starts, not the dealer"
    ),
    "joker_policy": Provenance(
        Source.RAMI, 38, "where a joker could stand in two places, the app takes the lower one"
    ),
    "swap_before_opening": Provenance(
        Source.RAMI, 44, "only a player who has made the first lay-down may take a joker"
    ),
}
_RAMI40_PRESET = PresetData(
    _make("rami40", opening_min=40, **_RAMI_VALUES),
    Provenance(Source.RAMI),
    _RAMI_NOT_STATED,
    _RAMI_OTHER,
)
_RAMI51_PRESET = PresetData(
    _make("rami51", opening_min=51, **_RAMI_VALUES),
    Provenance(Source.RAMI),
    _RAMI_NOT_STATED,
    _RAMI_OTHER,
)

_ROMME_VALUES: dict[str, Any] = dict(
    min_players=2,
    max_players=6,
    deck_tiers=(DeckTier(2, 2, 6),),
    hand_tiers=(HandTier(2, 13),),
    deal_packets=(3, 3, 3, 4),
    min_naturals=2,
    adjacent_jokers_from=4,
    joker_penalty=30,
    opening_min=40,
    layoff_on_opening_turn=False,
    final_discard=False,
    swapped_joker=SwappedJoker.NEW_MELD_AT_ONCE,
)
_ROMME_PRESET = PresetData(
    _make("romme", **_ROMME_VALUES),
    Provenance(Source.ROMME),
    frozenset(
        {
            "strict_groups",
            "retake_discard_forbidden",
            "joker_discard_allowed",
            "swap_partial_locks",
            "rummy_bonus",
            "rummy_bonus_points",
            "rummy_needs_bare_table",
            "stock_empty",
            "max_reshuffles",
            "turn_limit",
            "knock",
            "knock_min_players",
            "casino_scoring",
            "max_jokers_per_meld",
        }
    ),
    {
        "dealer_rotates": Provenance(
            Source.ROMME, 25, "after each deal the dealer's role passes on, clockwise"
        ),
        "dealer_starts": _kit(
            "003:58 has the dealer play first without drawing, 003:27 the 14-card form"
            " (dealer_14); German tables mostly let the dealer's left neighbour start and draw"
            " like everyone, as the kit does (German teachers asked for it)",
            58,
        ),
        "joker_policy": _kit(
            "003 fixes no place for a joker (a wild card for any card, line 36): the player"
            " lays it; with no choice made, the kit takes the most points",
            36,
        ),
        "ace_points": Provenance(
            Source.ROMME, 48, "an ace counts 11 in a set or in a run after the king"
        ),
        "low_ace_points": Provenance(Source.ROMME, 50, "an ace first in A-2-3 counts 1"),
        "jokers_fewer_than_naturals": Provenance(
            Source.ROMME, 38, "♠3–Jkr–Jkr–♠6 is allowed: two jokers beside two natural cards"
        ),
        "min_naturals": Provenance(
            Source.ROMME,
            38,
            "no meld of one natural card and two jokers; the kit asks for two natural cards"
            " in any meld with jokers (one natural card and three jokers is refused too)",
        ),
        "layoff_on_opening_turn": Provenance(
            Source.ROMME,
            71,
            "no card added to the table's melds while the first melds are laid (the opening's"
            " turn): no lay-off, nor a joker swap, which adds a card to a meld",
        ),
        "final_discard": Provenance(
            Source.ROMME,
            93,
            "the last card goes face down on the pile 'if necessary': out with no discard when"
            " every card is melded or laid off",
        ),
        "swap_before_opening": Provenance(
            Source.ROMME, 87, "a joker may be swapped only after the first meld"
        ),
    },
)

# Scala 40 as the Rommé article contrasts it (003, lines 103-112): what it names, and
# German Rommé for everything else, as the kit's choice (no value comes from 001).
_AS_ROMME = "as German Rommé: 003 names only how Scala 40 differs from it (lines 103-112)"
_SCALA40_OWN: dict[str, tuple[Any, int, str]] = {
    "deck_tiers": (
        (DeckTier(2, 2, 4),),
        107,
        "two jokers to a deck, not three (the two decks as in Rommé)",
    ),
    "joker_penalty": (25, 108, "a joker left in hand costs 25, not 30"),
    "deal_packets": ((1,), 109, "the cards are dealt one at a time, not in packets"),
    "discard_must_be_used": (True, 110, "a card taken from the pile must be melded at once"),
    "final_discard": (True, 111, "the turn ends with a discard, the last one too"),
    "elimination_score": (101, 112, "a player reaching 101 points is out of the game"),
}
_SCALA40_PRESET = PresetData(
    _make("scala40", **(_ROMME_VALUES | {k: v for k, (v, _, _) in _SCALA40_OWN.items()})),
    _kit(_AS_ROMME),
    frozenset(),
    {k: Provenance(Source.ROMME, line, note) for k, (_, line, note) in _SCALA40_OWN.items()},
)

PRESET_DATA: dict[str, PresetData] = {
    p.rules.variant: p
    for p in (
        _PALACE_PRESET,
        _RUMMY40_PRESET,
        _RAMI40_PRESET,
        _RAMI51_PRESET,
        _ROMME_PRESET,
        _SCALA40_PRESET,
    )
}
