"""``variants`` and ``demo``: what the kit knows, and a short tour of it."""

from __future__ import annotations

import argparse
from enum import Enum

from rummy_learn.cli.common import add_json, add_lang, print_json, show
from rummy_learn.compare import short_value
from rummy_learn.i18n import points_text, text
from rummy_learn.i18n.describe import opening_line, variant_name, variant_title, verdict_lines
from rummy_learn.melds import check_meld
from rummy_learn.notation import parse_cards
from rummy_learn.rules import Rules, switch_doc, switch_names
from rummy_learn.rules_json import rules_to_json
from rummy_learn.scoring import check_opening, hand_penalty
from rummy_learn.variants import (
    OPTIONS,
    PRESET_SOURCES,
    PRESETS,
    Option,
    Provenance,
    Source,
    options_for,
    preset,
    preset_provenance,
    provenance,
)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``variants`` and ``demo``."""
    text_ = "Every preset with every switch, its value and its source."
    variants = commands.add_parser("variants", help=text_, description=text_)
    add_json(variants)
    variants.set_defaults(run=_cmd_variants)
    text_ = "A short tour: the sources' example melds, checked by the core."
    demo = commands.add_parser("demo", help=text_, description=text_)
    add_lang(demo)
    demo.set_defaults(run=_cmd_demo)


def _short(value: object) -> str:
    """A switch's value in a table cell: the names the JSON form uses."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        return str(value.value)
    return short_value(value)


def _cmd_variants(args: argparse.Namespace) -> None:
    presets = [preset(name) for name in PRESETS]
    if args.json:
        print_json({"variants": [_variant_json(rules) for rules in presets],
                    "options": [_option_json(option) for option in OPTIONS.values()]})  # fmt: skip
        return
    rows = [
        [name] + [f"{_short(getattr(r, name))} ({provenance(r, name).cite().split(':')[0]})"
                  for r in presets]
        for name in switch_names()
    ]  # fmt: skip
    table = [["", *PRESETS], *rows]
    widths = [max(len(row[i]) for row in table) + 2 for i in range(len(table[0]))]
    for row in table:
        print("".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    print("\n(000)…(003): the source that states the value. (*): not stated in the source, the")
    print("kit's choice. Scala 40 is what 003 says of it: how it differs from German Rommé; its")
    print("other values are German Rommé's, as the kit's choice.")
    print("Sources: " + "; ".join(f"{s.value}: {s.title}" for s in Source if s.seed))
    print("\nWhere a line decides (seed:line), or why the kit chose:")
    for rules in presets:
        general = preset_provenance(rules.variant)
        if general.note:
            print(f"  {rules.variant}: {general.cite()} {general.note}")
    for name, variants, cited in _notes(presets):
        print(f"  {name} [{', '.join(variants)}] {cited}")
    print("\nSwitches:")
    width = max(map(len, switch_names()))
    for name in switch_names():
        print(f"  {name:<{width}}  {switch_doc(name)}")
    print("\nOptions (--option NAME):")
    for option in OPTIONS.values():
        where = f" [{', '.join(option.presets)} only]" if option.presets else ""
        print(f"  {option.name:<20} {option.doc} ({option.provenance.cite()}){where}")


def _notes(presets: list[Rules]) -> list[tuple[str, list[str], str]]:
    """Each switch's lines and notes, the presets that share one together."""
    found: dict[tuple[str, str], list[str]] = {}
    for name in switch_names():
        for rules in presets:
            where = provenance(rules, name)
            if (where.line or where.note) and where != preset_provenance(rules.variant):
                cited = f"{where.cite()} {where.note}".strip()
                found.setdefault((name, cited), []).append(rules.variant)
    return [(name, variants, cited) for (name, cited), variants in found.items()]


def _variant_json(rules: Rules) -> dict[str, object]:
    values = rules_to_json(rules)
    return {
        "name": rules.variant,
        "title": variant_name(rules.variant, "en"),
        "source": _preset_source(rules.variant),
        "options": list(options_for(rules.variant)),
        "switches": [
            {"name": name, "value": values[name], "doc": switch_doc(name)}
            | _provenance_json(provenance(rules, name))
            for name in switch_names()
        ],
    }


def _option_json(option: Option) -> dict[str, object]:
    return {
        "name": option.name,
        "doc": option.doc,
        **_provenance_json(option.provenance),
        "presets": list(option.presets or PRESETS),
    }


def _provenance_json(where: Provenance) -> dict[str, object]:
    return {"source": where.source.value, "line": where.line, "note": where.note}


def _preset_source(variant: str) -> str:
    return PRESET_SOURCES[variant].value


_DEMO: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    (
        "rami40",
        (),
        (
            "K♥ K♠ K♦",
            "A♣ A♥ A♠",
            "7♠ 7♠ 7♥",
            "A♥ 2♥ 3♥",
            "Q♥ K♥ A♥",
            "K♥ A♥ 2♥",
            "9♣ 9♦ 9♥ Jkr",
            "Jkr 7♠ 8♠",
            "Jkr Jkr 5♥ 6♥",
        ),
    ),
    ("romme", (), ("3♠ Jkr Jkr 6♠", "7♠ Jkr Jkr")),
    ("palace", (), ("5♥ 6♥ Jkr Jkr",)),
    ("palace", ("strict_groups",), ("5♣ 5♠ 5♦", "5♣ Jkr 5♥")),
    ("palace", ("cyclic_runs",), ("K♥ A♥ 2♥",)),
)


def _cmd_demo(args: argparse.Namespace) -> None:
    lang = args.lang
    for variant, options, melds in _DEMO:
        rules = preset(variant, options)
        title = variant_title(variant, options, lang)
        print(f"== {title} ==")
        for meld in melds:
            check = check_meld(parse_cards(meld, "en"), rules)
            lines = verdict_lines(check, lang)
            cards = show(check.arrangement, lang)
            print(f"  {cards}{' ' * max(1, 16 - _width(cards))} {lines[0]}")
            for line in lines[1:]:
                print(" " * 19 + line)
        print()
    rules = preset("rami51")
    opening = check_opening(
        [parse_cards("Q♥ K♥ A♥", "en"), parse_cards("9♣ 9♦ 9♥ Jkr", "en")], rules
    )
    print(f"== {variant_name('rami51', lang)} ==")
    print("  " + opening_line(opening, lang))
    print()
    hand = parse_cards("A♣ K♦ 7♠ Jkr", "en")
    print(f"== {show(hand, lang)} ==")
    for variant in ("palace", "rummy40", "scala40", "romme"):
        points = points_text(hand_penalty(hand, preset(variant)), lang)
        print(f"  {variant_name(variant, lang)}: {text('penalty.hand', lang, points=points)}")


def _width(cards: str) -> int:
    """Columns a terminal gives the text (the joker is a wide character)."""
    return len(cards) + cards.count("🃏")
