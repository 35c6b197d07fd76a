"""The variants side by side: every switch of every preset, in a learner's language.

The table is made from the :class:`~rummy_learn.rules.Rules` values, never typed by
hand; a value the source does not state is flagged (the kit chose it), and a value that
other switches make moot (two jokers side by side where a meld holds one) is shown as
"does not apply" rather than as a number that would mislead a learner. The command
line prints the same values; lessons show them through the Sphinx extension.

>>> table = compare_variants(["rami51", "romme"], "de")
>>> table.header[1:]
('Rami 51', 'Deutsches Rommé')
>>> row = table.row("opening_min")
>>> [cell.text for cell in row.cells], row.label != "opening_min"
(['51', '40'], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from rummy_learn.i18n import text
from rummy_learn.i18n.describe import variant_name
from rummy_learn.rules import DeckTier, HandTier, Rules, RummyBonus, StockEmpty, switch_names
from rummy_learn.variants import PRESETS, Source, options_for, preset, source_of

__all__ = ["Cell", "Comparison", "Row", "applies", "compare_variants", "short_value", "shown_value"]


@dataclass(frozen=True)
class Cell:
    """One value: its text, and whether the source leaves it to the kit."""

    text: str
    not_stated: bool


@dataclass(frozen=True)
class Row:
    """One switch across the variants."""

    switch: str
    label: str
    cells: tuple[Cell, ...]

    @property
    def differs(self) -> bool:
        """Whether the variants disagree on this switch."""
        return len({cell.text for cell in self.cells}) > 1


@dataclass(frozen=True)
class Comparison:
    """The header (the rule column, then each variant's name) and a row per switch."""

    header: tuple[str, ...]
    rows: tuple[Row, ...]
    legend: str

    def row(self, switch: str) -> Row:
        """The row of ``switch``."""
        return next(r for r in self.rows if r.switch == switch)


def short_value(value: object, lang: str | None = None) -> str:
    """A switch's value as a table shows it.

    >>> short_value(True, "ru"), short_value(None, "en"), short_value((3, 3, 3, 4))
    ('да', '—', '3, 3, 3, 4')
    >>> short_value(preset("rami40").deck_tiers, "en")
    '108 (2 × 52 + 4); 5 or more players: 160 (3 × 52 + 4)'
    """
    if isinstance(value, bool):
        return text("compare.yes" if value else "compare.no", lang)
    if value is None:
        return "—"
    if isinstance(value, Enum):
        return text(f"value.{value.value}", lang)
    if isinstance(value, tuple) and value and isinstance(value[0], DeckTier | HandTier):
        cells = []
        for tier in value:
            cell = (
                f"{tier.decks * 52 + tier.jokers} ({tier.decks} × 52 + {tier.jokers})"
                if isinstance(tier, DeckTier)
                else str(tier.cards)
            )
            if tier is not value[0]:
                cell = text("compare.from_players", lang, players=tier.min_players) + cell
            cells.append(cell)
        return "; ".join(cells)
    if isinstance(value, tuple):
        return ", ".join(map(str, value))
    return str(value)


_SWAPS = ("swap_before_opening", "swap_from_runs", "set_swap", "swap_exact_card",
          "swap_partial_locks", "swapped_joker")  # fmt: skip
_JOKERS = ("max_jokers_per_meld", "jokers_fewer_than_naturals", "min_naturals",
           "adjacent_jokers_from", "joker_policy", "joker_set_max", "end_joker_run_max",
           "joker_penalty", "joker_discard_allowed", "joker_swap", *_SWAPS, "rauben")  # fmt: skip


def applies(rules: Rules, switch: str) -> bool:
    """Whether a switch's value matters at this table, or other switches make it moot
    (a table says "does not apply" there rather than show a value that would mislead).

    >>> rami = preset("rami40")  # one joker per meld: two jokers never lie side by side
    >>> applies(rami, "adjacent_jokers_from"), applies(preset("romme"), "adjacent_jokers_from")
    (False, True)
    >>> applies(preset("palace", ["no_jokers"]), "joker_penalty")
    False
    """
    one_joker = rules.max_jokers_per_meld == 1
    moot = {
        "adjacent_jokers_from": one_joker,
        "jokers_fewer_than_naturals": one_joker,
        "rummy_bonus_points": rules.rummy_bonus is not RummyBonus.PENALTY_PLUS,
        "rummy_needs_bare_table": rules.rummy_bonus is RummyBonus.NONE,
        "max_reshuffles": rules.stock_empty is not StockEmpty.RESHUFFLE,
        "knock_min_players": not rules.knock,
    }
    if switch in _JOKERS and all(tier.jokers == 0 for tier in rules.deck_tiers):
        return False
    if switch in _SWAPS and not rules.joker_swap:
        return False
    return not moot.get(switch, False)


def shown_value(rules: Rules, switch: str) -> object:
    """The value a learner meets at the table, where other rules narrow a switch: the fewest
    natural cards follow from the jokers a meld may hold (Rami: one joker in a meld of three
    or more → two natural cards; Rummy Palace: fewer jokers than natural cards → two), and
    two jokers side by side need a meld long enough for them and its natural cards (Rummy
    Palace: five cards; Rummy 40, two natural cards at least: four).

    >>> shown_value(preset("rami51"), "min_naturals"), preset("rami51").min_naturals
    (2, 1)
    >>> shown_value(preset("palace"), "adjacent_jokers_from"), preset("palace").adjacent_jokers_from
    (5, 3)
    >>> shown_value(preset("rummy40"), "adjacent_jokers_from")
    4
    """
    value = getattr(rules, switch)
    shortest = min(rules.set_min, rules.run_min)
    fewest = rules.min_naturals
    if rules.max_jokers_per_meld is not None:
        fewest = max(fewest, shortest - rules.max_jokers_per_meld)
    if rules.jokers_fewer_than_naturals:
        fewest = max(fewest, shortest // 2 + 1)
    if switch == "min_naturals":
        return fewest
    if switch == "adjacent_jokers_from" and value is not None:  # two jokers and the naturals
        needed = fewest + 2  # a meld with them must hold
        if rules.jokers_fewer_than_naturals:
            needed = max(needed, 5)  # two jokers side by side need three natural cards
        return max(int(value), needed)
    return value


def compare_variants(
    variants: Sequence[str] = PRESETS, lang: str | None = None, options: Sequence[str] = ()
) -> Comparison:
    """Every switch of the ``variants`` (each with the ``options`` it knows) side by side.

    An option that none of the ``variants`` knows is a :class:`ValueError`.
    """
    unknown = [o for o in options if not any(o in options_for(v) for v in variants)]
    if unknown:
        raise ValueError(f"unknown option {unknown[0]!r} for {', '.join(variants)}")
    rules = [preset(name, [o for o in options if o in options_for(name)]) for name in variants]
    rows = tuple(
        Row(
            name,
            text(f"switch.{name}", lang),
            tuple(
                Cell(
                    short_value(shown_value(r, name), lang), source_of(r, name) is Source.NOT_STATED
                )
                if applies(r, name)
                else Cell(text("compare.moot", lang), False)
                for r in rules
            ),
        )
        for name in switch_names()
    )
    header = (text("compare.rule", lang), *(variant_name(name, lang) for name in variants))
    return Comparison(header, rows, text("compare.not_stated", lang))
