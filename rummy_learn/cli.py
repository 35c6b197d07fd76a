"""The ``rummy-learn`` command line: check melds, openings and hands; list the variants.

The commands, their options and their JSON fields are a contract other tools
rely on. Exit status 0 for any verdict, 2 for input that cannot be read.

>>> main(["check", "--variant", "rami40", "Jkr", "7♠", "8♠"])
🃏 7♠ 8♠
Valid run: 21 points
joker stands for six of spades
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from enum import Enum
from typing import Any

from rummy_learn.cards import Card
from rummy_learn.i18n import LANGUAGES, points_text, text
from rummy_learn.i18n.describe import (
    opening_line,
    parse_error_message,
    reason_message,
    variant_name,
    verdict_lines,
)
from rummy_learn.melds import MeldCheck, check_meld
from rummy_learn.notation import CardParseError, format_card, format_cards, parse_cards
from rummy_learn.rules import DeckTier, HandTier, Rules, switch_doc, switch_names
from rummy_learn.scoring import check_opening, hand_penalty
from rummy_learn.variants import (
    OPTIONS,
    PRESETS,
    OptionConflictError,
    Source,
    UnknownOptionError,
    UnknownVariantError,
    options_for,
    preset,
    source_of,
)

__all__ = ["main"]

DEFAULT_VARIANT = "romme"


class _InputError(Exception):
    """Input the command cannot use; the message is already in the user's language."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rummy-learn",
        description="Check rummy melds, openings and hands under the rules of a variant.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, help_text: str, *, variant: bool = True) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        if variant:
            sub.add_argument(
                "--variant",
                default=DEFAULT_VARIANT,
                metavar="V",
                help=f"one of {', '.join(PRESETS)} (default {DEFAULT_VARIANT})",
            )
            sub.add_argument(
                "--option",
                action="append",
                default=[],
                metavar="O",
                help="a table option; repeat for several (see `variants`)",
            )
        sub.add_argument("--lang", default="en", choices=LANGUAGES, help="language (default en)")
        sub.add_argument("--json", action="store_true", help="print JSON")
        return sub

    check = command("check", "Check one meld: its kind, validity, reasons, jokers and points.")
    check.add_argument("cards", nargs="+", metavar="CARD", help="cards, e.g. Q♥ 10h Jkr")
    opening = command("opening", "Count an opening made of one or more melds.")
    opening.add_argument(
        "melds", nargs="+", metavar="MELD", help='one argument per meld: "Q♥ K♥ A♥"'
    )
    score = command("score", "The penalty points of cards left in hand.")
    score.add_argument("cards", nargs="*", metavar="CARD", help="the cards left in hand")
    command("variants", "Every preset with every switch, its value and its source.", variant=False)
    command("demo", "A short tour: the sources' example melds checked by the core.", variant=False)
    return parser


def _rules(args: argparse.Namespace) -> Rules:
    lang = args.lang
    try:
        return preset(args.variant, args.option)
    except UnknownVariantError as err:
        raise _InputError(
            text("error.unknown_variant", lang, name=err.name, valid=", ".join(PRESETS))
        ) from err
    except UnknownOptionError as err:
        valid = ", ".join(options_for(err.variant))
        raise _InputError(
            text(
                "error.unknown_option",
                lang,
                name=err.name,
                variant=variant_name(err.variant, lang),
                valid=valid,
            )
        ) from err
    except OptionConflictError as err:
        first, second = err.options
        raise _InputError(text("error.option_conflict", lang, first=first, second=second)) from err


def _cards(words: Sequence[str], lang: str, what: str = "") -> list[Card]:
    try:
        return parse_cards(" ".join(words), lang)
    except CardParseError as err:
        raise _InputError(what + parse_error_message(err, lang)) from err


def _check_json(check: MeldCheck, lang: str) -> dict[str, Any]:
    return {
        "cards": [format_card(c) for c in check.cards],
        "valid": check.valid,
        "kind": check.kind.value if check.kind else None,
        "points": check.points,
        "jokers": [{"index": j.index, "as": format_card(j.stands_for)} for j in check.jokers],
        "reasons": [
            {"code": p.reason.value, "message": reason_message(p, lang)} for p in check.problems
        ],
    }


def _head(rules: Rules) -> dict[str, Any]:
    return {"variant": rules.variant, "options": list(rules.options)}


def _cmd_check(args: argparse.Namespace) -> None:
    rules = _rules(args)
    cards = _cards(args.cards, args.lang)
    if not cards:
        raise _InputError(text("error.no_cards", args.lang))
    check = check_meld(cards, rules)
    if args.json:
        _print_json(_head(rules) | _check_json(check, args.lang))
        return
    print(format_cards(check.arrangement, "local", args.lang))
    for line in verdict_lines(check, args.lang):
        print(line)


def _cmd_opening(args: argparse.Namespace) -> None:
    rules = _rules(args)
    melds = [_cards([m], args.lang, f"{i}: ") for i, m in enumerate(args.melds, start=1)]
    if not any(melds):
        raise _InputError(text("error.no_cards", args.lang))
    opening = check_opening(melds, rules)
    if args.json:
        _print_json(
            _head(rules)
            | {
                "points": opening.points,
                "required": opening.required,
                "meets": opening.meets,
                "melds": [_check_json(m, args.lang) for m in opening.melds],
            }
        )
        return
    for number, check in enumerate(opening.melds, start=1):
        print(f"{number}. {format_cards(check.arrangement, 'local', args.lang)}")
        for line in verdict_lines(check, args.lang):
            print("   " + line)
        if not check.valid:
            print("   " + text("opening.invalid_meld", args.lang, number=number))
    print(opening_line(opening, args.lang))


def _cmd_score(args: argparse.Namespace) -> None:
    rules = _rules(args)
    cards = _cards(args.cards, args.lang)
    points = hand_penalty(cards, rules)
    if args.json:
        _print_json(_head(rules) | {"cards": [format_card(c) for c in cards], "points": points})
        return
    print(text("penalty.hand", args.lang, points=points_text(points, args.lang)))


def _value(value: object) -> Any:
    """A switch's value as JSON."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, DeckTier):
        return {
            "min_players": value.min_players,
            "decks": value.decks,
            "jokers": value.jokers,
            "cards": value.cards,
        }
    if isinstance(value, HandTier):
        return {"min_players": value.min_players, "cards": value.cards}
    if isinstance(value, tuple):
        return [_value(v) for v in value]
    return value


def _short(value: object) -> str:
    """A switch's value in a table cell."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "—"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, tuple) and value and isinstance(value[0], DeckTier | HandTier):
        cells = []
        for tier in value:
            cell = (
                f"{tier.decks}×52+{tier.jokers}" if isinstance(tier, DeckTier) else str(tier.cards)
            )
            cells.append(cell if tier is value[0] else f"{tier.min_players}+: {cell}")
        return " / ".join(cells)
    if isinstance(value, tuple):
        return "-".join(map(str, value))
    return str(value)


def _cmd_variants(args: argparse.Namespace) -> None:
    presets = [preset(name) for name in PRESETS]
    if args.json:
        _print_json(
            {
                "variants": [
                    {
                        "name": rules.variant,
                        "title": variant_name(rules.variant, args.lang),
                        "options": list(options_for(rules.variant)),
                        "switches": [
                            {
                                "name": name,
                                "value": _value(getattr(rules, name)),
                                "source": source_of(rules, name).value,
                                "doc": switch_doc(name),
                            }
                            for name in switch_names()
                        ],
                    }
                    for rules in presets
                ],
                "options": [
                    {
                        "name": o.name,
                        "doc": o.doc,
                        "source": o.source.value,
                        "presets": list(o.presets or PRESETS),
                    }
                    for o in OPTIONS.values()
                ],
            }
        )
        return
    rows = [
        [name]
        + [
            _short(getattr(rules, name))
            + ("*" if source_of(rules, name) is Source.NOT_STATED else "")
            for rules in presets
        ]
        for name in switch_names()
    ]
    table = [["", *PRESETS], *rows]
    widths = [max(len(row[i]) for row in table) + 2 for i in range(len(table[0]))]
    for row in table:
        print("".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    print("\n* not stated in the source: the kit's choice.")
    print("Sources: " + "; ".join(f"{s.value}: {s.title}" for s in Source if s.seed))
    print("\nOptions (--option NAME):")
    for option in OPTIONS.values():
        where = f" [{', '.join(option.presets)} only]" if option.presets else ""
        print(f"  {option.name:<20} {option.doc} ({option.source.value}){where}")


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
        title = variant_name(variant, lang) + (f" + {', '.join(options)}" if options else "")
        print(f"== {title} ==")
        for meld in melds:
            check = check_meld(parse_cards(meld), rules)
            lines = verdict_lines(check, lang)
            print(f"  {format_cards(check.arrangement, 'local', lang):<16} {lines[0]}")
            for line in lines[1:]:
                print(" " * 19 + line)
        print()
    rules = preset("rami51")
    opening = check_opening([parse_cards("Q♥ K♥ A♥"), parse_cards("9♣ 9♦ 9♥ Jkr")], rules)
    print(f"== {variant_name('rami51', lang)} ==")
    print("  " + opening_line(opening, lang))
    hand = parse_cards("A♣ K♦ 7♠ Jkr")
    for variant in ("palace", "rummy40", "scala40", "romme"):
        penalty = text(
            "penalty.hand", lang, points=points_text(hand_penalty(hand, preset(variant)), lang)
        )
        print(
            f"== {variant_name(variant, lang)} ==  {format_cards(hand, 'local', lang)}: {penalty}"
        )


def _print_json(data: dict[str, Any]) -> None:
    print(json.dumps(data, ensure_ascii=False))


_COMMANDS = {
    "check": _cmd_check,
    "opening": _cmd_opening,
    "score": _cmd_score,
    "variants": _cmd_variants,
    "demo": _cmd_demo,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        _COMMANDS[args.command](args)
    except _InputError as err:
        print(f"rummy-learn: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (| head): not an error of ours
        sys.stderr.close()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
