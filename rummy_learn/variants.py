"""The presets (``palace``, ``rummy40``, ``rami40``, ``rami51``, ``romme``, ``scala40``), their
table options, and where every value comes from.

Each preset is a :class:`~rummy_learn.rules.Rules` value plus its provenance: the
seed document a value was taken from, with the line that decides it where one does,
or :attr:`Source.NOT_STATED` where the source is silent and the kit had to choose
(:mod:`rummy_learn.sources`). Scala 40 is what the Rommé article (003) says of it: its
differences from German Rommé; everything else is German Rommé's, as the kit's choice.

>>> rules = preset("palace", ["strict_groups", "opening_40"])
>>> rules.opening_min, rules.strict_groups, rules.options
(40, True, ('opening_40', 'strict_groups'))
>>> source_of(rules, "opening_min").seed, source_of(preset("rami40"), "joker_penalty").value
('000', 'not stated in the source')
>>> provenance(preset("rami40"), "joker_policy").cite()
'002:38'
>>> provenance(preset("scala40"), "opening_min").note
'as German Rommé: 003 names only how Scala 40 differs from it (lines 103-112)'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from rummy_learn.options import OPTION_LIST, OPTIONS, Option
from rummy_learn.presets import NEVER_STATED, PRESET_DATA
from rummy_learn.rules import Rules, switch_names
from rummy_learn.sources import Provenance, Source

__all__ = [
    "OPTIONS",
    "PRESETS",
    "PRESET_SOURCES",
    "Option",
    "OptionConflictError",
    "Provenance",
    "Source",
    "UnknownOptionError",
    "UnknownVariantError",
    "options_for",
    "preset",
    "preset_provenance",
    "provenance",
    "source_of",
]


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


PRESETS: tuple[str, ...] = tuple(PRESET_DATA)
"""The preset names."""

PRESET_SOURCES: dict[str, Source] = {
    name: Source.ROMME if p.source.source is Source.NOT_STATED else p.source.source
    for name, p in PRESET_DATA.items()
}
"""The seed each preset is built from (Scala 40: the Rommé article, 003)."""


def options_for(variant: str) -> tuple[str, ...]:
    """The options that can be switched on for a preset.

    >>> "house_decks" in options_for("rami51"), "house_decks" in options_for("romme")
    (True, False)
    """
    if variant not in PRESET_DATA:
        raise UnknownVariantError(variant)
    return tuple(o.name for o in OPTION_LIST if o.presets is None or variant in o.presets)


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
    base = PRESET_DATA.get(variant)
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
    for option in OPTION_LIST:
        if option.name not in wanted:
            continue
        for other in option.conflicts:
            if other in wanted:
                raise OptionConflictError(option.name, other)
        rules = replace(rules, **option.change(rules))
    return replace(rules, options=tuple(o.name for o in OPTION_LIST if o.name in wanted))


def provenance(rules: Rules, switch: str) -> Provenance:
    """Where the value of ``switch`` in ``rules`` comes from, with its line and note if any.

    An option's change is sourced to the option; everything else to the preset.

    >>> provenance(preset("romme"), "ace_points").cite()
    '003:48'
    >>> provenance(preset("romme", ["hand_romme_double"]), "rummy_bonus").note
    'a common custom of German play; none of the four sources gives it'
    """
    if switch not in switch_names():
        raise KeyError(switch)
    base = PRESET_DATA[rules.variant]
    for name in reversed(rules.options):
        option = OPTIONS[name]
        if switch in option.change(base.rules):
            return option.provenance
    if switch in base.other:
        return base.other[switch]
    if base.source.stated and (switch in base.not_stated or switch in NEVER_STATED):
        return Provenance(Source.NOT_STATED)
    return base.source


def preset_provenance(variant: str) -> Provenance:
    """The provenance of a preset's values that have none of their own.

    >>> preset_provenance("romme").cite(), preset_provenance("scala40").cite()
    ('003', '*')
    """
    if variant not in PRESET_DATA:
        raise UnknownVariantError(variant)
    return PRESET_DATA[variant].source


def source_of(rules: Rules, switch: str) -> Source:
    """Where the value of ``switch`` in ``rules`` comes from: a seed, or not stated.

    >>> source_of(preset("scala40"), "joker_penalty"), source_of(preset("scala40"), "opening_min")
    (<Source.ROMME: '003'>, <Source.NOT_STATED: 'not stated in the source'>)
    """
    return provenance(rules, switch).source
