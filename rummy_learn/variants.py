"""The presets (``palace``, ``rummy40``, ``rami40``, ``rami51``, ``romme``, ``scala40``), their
table options, and where every value comes from.

Each preset is a :class:`~rummy_learn.rules.Rules` value plus its provenance: the
seed document a value was taken from, or :attr:`Source.NOT_STATED` where the
source is silent and the kit had to choose.

>>> rules = preset("palace", ["strict_groups", "opening_40"])
>>> rules.opening_min, rules.strict_groups, rules.options
(40, True, ('opening_40', 'strict_groups'))
>>> source_of(rules, "opening_min").seed, source_of(preset("rami40"), "joker_penalty").value
('000', 'not stated in the source')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
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
    switch_names,
)

__all__ = [
    "OPTIONS",
    "PRESETS",
    "PRESET_SOURCES",
    "Option",
    "OptionConflictError",
    "Source",
    "UnknownOptionError",
    "UnknownVariantError",
    "options_for",
    "preset",
    "source_of",
]


class Source(Enum):
    """Where a value comes from: one of the seed documents, or nowhere."""

    PALACE = "000"
    RUMMY40 = "001"
    RAMI = "002"
    ROMME = "003"
    NOT_STATED = "not stated in the source"

    @property
    def seed(self) -> str | None:
        """The seed's number (``000``…``003``), or ``None`` when not stated."""
        return None if self is Source.NOT_STATED else self.value

    @property
    def title(self) -> str:
        """What the source is."""
        return _SOURCE_TITLES[self]


_SOURCE_TITLES = {
    Source.PALACE: "Rummy Palace glossary and special rules (seed 000)",
    Source.RUMMY40: "rules page of an online Rummy 40 room (seed 001)",
    Source.RAMI: "rules page of a Bulgarian Rami 40 / Rami 51 app (seed 002)",
    Source.ROMME: "encyclopedic article on German Rommé and Scala 40 (seed 003)",
    Source.NOT_STATED: "not stated in the source: the kit's choice",
}


class UnknownVariantError(ValueError):
    """A preset name that does not exist; the message lists the valid ones."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(f"unknown variant {name!r}; choose one of: {', '.join(PRESETS)}")


class UnknownOptionError(ValueError):
    """An option name that does not exist or does not fit the preset."""

    def __init__(self, name: str, variant: str, valid: Iterable[str]) -> None:
        self.name = name
        self.variant = variant
        super().__init__(
            f"unknown option {name!r} for variant {variant!r}; choose from: {', '.join(valid)}"
        )


class OptionConflictError(ValueError):
    """Two options that cannot be on together."""

    def __init__(self, first: str, second: str) -> None:
        self.options = (first, second)
        super().__init__(f"options {first!r} and {second!r} cannot be used together")


@dataclass(frozen=True)
class Option:
    """A table option: a named change to a preset's switches."""

    name: str
    doc: str
    source: Source
    change: Callable[[Rules], Mapping[str, Any]]
    presets: tuple[str, ...] | None = None  # None: every preset
    implies: tuple[str, ...] = ()
    conflicts: tuple[str, ...] = ()


def _set(**changes: Any) -> Callable[[Rules], Mapping[str, Any]]:
    return lambda _rules: changes


def _no_jokers(rules: Rules) -> Mapping[str, Any]:
    return {"deck_tiers": tuple(replace(t, jokers=0) for t in rules.deck_tiers)}


_OPTION_LIST: tuple[Option, ...] = (
    Option(
        "small_deck",
        "one deck and 3 jokers (55 cards); 10 cards each for 2 players, 7 for more;"
        " no opening minimum",
        Source.PALACE,
        _set(
            deck_tiers=(DeckTier(2, 1, 3),),
            hand_tiers=(HandTier(2, 10), HandTier(3, 7)),
        ),
        implies=("no_opening",),
    ),
    Option(
        "opening_40",
        "the opening needs 40 points instead of 30",
        Source.PALACE,
        _set(opening_min=40),
        conflicts=("no_opening",),
    ),
    Option("no_opening", "the opening has no minimum", Source.PALACE, _set(opening_min=None)),
    Option(
        "no_jokers", "no jokers in the shoe (104 cards with two decks)", Source.PALACE, _no_jokers
    ),
    Option(
        "win_without_discard",
        "the last card may be melded or laid off instead of discarded",
        Source.PALACE,
        _set(final_discard=False),
    ),
    Option(
        "cyclic_runs",
        "the ace may stand between K and 2 (K-A-2)",
        Source.PALACE,
        _set(cyclic_runs=True),
    ),
    Option(
        "strict_groups",
        "a set's suits follow ♣ ♠ ♥ ♦ without gaps; a joker may fill a gap, never stand before ♣",
        Source.PALACE,
        _set(strict_groups=True),
    ),
    Option(
        "strict_jokers",
        "no discarding jokers, no two jokers side by side, swaps only from sets of four,"
        " a swapped joker is laid down the same turn",
        Source.PALACE,
        _set(
            joker_discard_allowed=False,
            adjacent_jokers_from=None,
            swap_from_runs=False,
            set_swap=SetSwap.CLOSED_ONLY,
            swapped_joker=SwappedJoker.PLAY_SAME_TURN,
        ),
    ),
    Option(
        "knock",
        "knock out of turn to claim the last discard plus one card from the stock (3+ players)",
        Source.PALACE,
        _set(knock=True),
    ),
    Option(
        "casino_scoring",
        "the winner gets a bonus for cards played (details not in the source)",
        Source.PALACE,
        _set(casino_scoring=True),
    ),
    Option(
        "low_ace_1",
        "a low ace (A-2-3) counts 1 in the opening instead of the source's literal 11",
        Source.NOT_STATED,
        _set(low_ace_points=1),
    ),
    Option(
        "house_decks",
        "house rules: 2 jokers with two decks (106 cards), 3 with three decks (159 cards)",
        Source.RAMI,
        _set(deck_tiers=(DeckTier(2, 2, 2), DeckTier(5, 3, 3))),
        presets=("rami40", "rami51"),
    ),
    Option(
        "must_use_discard",
        "a card taken from the discard pile must be melded at once (it counts towards the opening)",
        Source.ROMME,
        _set(discard_must_be_used=True),
    ),
    Option(
        "rauben",
        "a joker seen while cutting may be kept by the cutter",
        Source.ROMME,
        _set(rauben=True),
    ),
    Option(
        "dealer_14",
        "the dealer gets 14 cards, no upcard; the dealer starts without drawing",
        Source.ROMME,
        _set(dealer_14=True, upcard=False),
    ),
    Option(
        "dskv_swap",
        "German Skat Association: a joker leaves a set only when the swap makes four of a rank",
        Source.ROMME,
        _set(set_swap=SetSwap.CLOSED_ONLY),
    ),
)

OPTIONS: dict[str, Option] = {option.name: option for option in _OPTION_LIST}
"""Every table option by name, in the order they are applied."""


@dataclass(frozen=True)
class _Preset:
    rules: Rules
    source: Source  # the source of every value not listed below
    not_stated: frozenset[str]
    other: Mapping[str, Source]  # values from another source


_COMMON: dict[str, Any] = dict(
    options=(),
    deal_packets=(1,),
    upcard=True,
    dealer_14=False,
    rauben=False,
    dealer_rotates=True,
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
_NEVER_STATED = frozenset({"end_joker_run_max"})


def _make(name: str, **values: Any) -> Rules:
    return Rules(variant=name, **(_COMMON | values))


_PALACE_PRESET = _Preset(
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
    Source.PALACE,
    frozenset(
        {
            "min_players",
            "max_players",
            "hand_tiers",
            "dealer_rotates",
            "adjacent_jokers_from",
            "joker_policy",
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
    {},
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
        "cyclic_runs",
        "strict_groups",
        "max_jokers_per_meld",
        "jokers_fewer_than_naturals",
        "min_naturals",
        "adjacent_jokers_from",
        "joker_policy",
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

_RUMMY40_PRESET = _Preset(
    _make("rummy40", **_RUMMY40_VALUES), Source.RUMMY40, _RUMMY40_NOT_STATED, {}
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
_RAMI40_PRESET = _Preset(
    _make("rami40", opening_min=40, **_RAMI_VALUES), Source.RAMI, _RAMI_NOT_STATED, {}
)
_RAMI51_PRESET = _Preset(
    _make("rami51", opening_min=51, **_RAMI_VALUES), Source.RAMI, _RAMI_NOT_STATED, {}
)

_ROMME_PRESET = _Preset(
    _make(
        "romme",
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
    ),
    Source.ROMME,
    frozenset(
        {
            # 003 says the dealer role passes on, but who plays first only in its 14-card
            # variant ("the dealer plays first"); the kit's left-hand neighbour is its choice
            "dealer_rotates",
            "strict_groups",
            "joker_policy",
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
            "jokers_fewer_than_naturals",
        }
    ),
    {},
)

# Scala 40 as the Rommé article contrasts it; everything it does not mention is as Rummy 40.
_SCALA40_OWN = dict(
    deck_tiers=(DeckTier(2, 2, 4),),
    deal_packets=(1,),
    discard_must_be_used=True,
    final_discard=True,
    joker_penalty=25,
    elimination_score=101,
)
_SCALA40_PRESET = _Preset(
    _make("scala40", **(_RUMMY40_VALUES | _SCALA40_OWN)),
    Source.RUMMY40,
    _RUMMY40_NOT_STATED - _SCALA40_OWN.keys(),
    dict.fromkeys(_SCALA40_OWN, Source.ROMME),
)

_PRESETS: dict[str, _Preset] = {
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
PRESETS: tuple[str, ...] = tuple(_PRESETS)
"""The preset names."""

PRESET_SOURCES: dict[str, Source] = {name: p.source for name, p in _PRESETS.items()}
"""The seed each preset is built from."""


def options_for(variant: str) -> tuple[str, ...]:
    """The options that can be switched on for a preset.

    >>> "house_decks" in options_for("rami51"), "house_decks" in options_for("romme")
    (True, False)
    """
    if variant not in _PRESETS:
        raise UnknownVariantError(variant)
    return tuple(o.name for o in _OPTION_LIST if o.presets is None or variant in o.presets)


def preset(variant: str, options: Iterable[str] = ()) -> Rules:
    """The rules of a preset with some table options on.

    Options are applied in the order of :data:`OPTIONS`, whatever order they are
    given in; an option may switch on others (``small_deck`` → ``no_opening``).

    >>> preset("palace", ["small_deck"]).options
    ('small_deck', 'no_opening')
    >>> preset("romme", ["house_decks"])
    Traceback (most recent call last):
    ...
    rummy_learn.variants.UnknownOptionError: unknown option 'house_decks' for variant 'romme'; ...
    """
    base = _PRESETS.get(variant)
    if base is None:
        raise UnknownVariantError(variant)
    valid = options_for(variant)
    wanted: set[str] = set()
    pending = list(options)
    while pending:
        name = pending.pop()
        if name not in valid:
            raise UnknownOptionError(name, variant, valid)
        if name not in wanted:
            wanted.add(name)
            pending.extend(OPTIONS[name].implies)
    rules = base.rules
    for option in _OPTION_LIST:
        if option.name not in wanted:
            continue
        for other in option.conflicts:
            if other in wanted:
                raise OptionConflictError(option.name, other)
        rules = replace(rules, **option.change(rules))
    return replace(rules, options=tuple(o.name for o in _OPTION_LIST if o.name in wanted))


def source_of(rules: Rules, switch: str) -> Source:
    """Where the value of ``switch`` in ``rules`` comes from.

    An option's change is sourced to the option; everything else to the preset.

    >>> source_of(preset("scala40"), "joker_penalty"), source_of(preset("scala40"), "opening_min")
    (<Source.ROMME: '003'>, <Source.RUMMY40: '001'>)
    """
    if switch not in switch_names():
        raise KeyError(switch)
    for name in reversed(rules.options):
        option = OPTIONS[name]
        if switch in option.change(_PRESETS[rules.variant].rules):
            return option.source
    base = _PRESETS[rules.variant]
    if switch in base.other:
        return base.other[switch]
    if switch in base.not_stated or switch in _NEVER_STATED:
        return Source.NOT_STATED
    return base.source
