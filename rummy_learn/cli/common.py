"""What the commands share: options, reading cards and rules, printing, input errors."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from rummy_learn.cards import Card
from rummy_learn.decks import shoe_problems
from rummy_learn.i18n import LANGUAGES, plural, text
from rummy_learn.i18n.describe import parse_error_message, reason_message, variant_name
from rummy_learn.limits import MAX_CARDS_GIVEN, largest_hand
from rummy_learn.melds import MeldCheck
from rummy_learn.notation import CardParseError, format_card, format_cards, parse_cards
from rummy_learn.rules import Rules
from rummy_learn.variants import (
    OPTIONS,
    PRESETS,
    OptionConflictError,
    UnknownOptionError,
    UnknownVariantError,
    options_for,
    preset,
)

DEFAULT_VARIANT = "romme"


class InputError(Exception):
    """Input a command cannot use; the message is already in the user's language."""


def add_variant(parser: argparse.ArgumentParser) -> None:
    """``--variant`` and ``--option``."""
    parser.add_argument(
        "--variant",
        default=DEFAULT_VARIANT,
        metavar="V",
        help=f"one of {', '.join(PRESETS)} (default {DEFAULT_VARIANT})",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="O",
        help="a table option (repeat, or separate by commas; see `variants`)",
    )


def add_lang(parser: argparse.ArgumentParser) -> None:
    """``--lang``: the language of the messages and of local card notation."""
    parser.add_argument(
        "--lang",
        default="en",
        choices=LANGUAGES,
        help="language of messages and of local card notation (default en)",
    )


def add_json(parser: argparse.ArgumentParser) -> None:
    """``--json``."""
    parser.add_argument("--json", action="store_true", help="print JSON")


def rules_from(args: argparse.Namespace) -> Rules:
    """The preset and options asked for (names in any case; options also comma-separated)."""
    lang = getattr(args, "lang", "en")
    variant = args.variant.strip().lower()
    options = [o.strip().lower() for given in args.option for o in given.split(",") if o.strip()]
    try:
        return preset(variant, options)
    except UnknownVariantError as err:
        raise InputError(
            text("error.unknown_variant", lang, name=err.name, valid=", ".join(PRESETS))
        ) from err
    except UnknownOptionError as err:
        valid = ", ".join(options_for(err.variant))
        name = variant_name(err.variant, lang)
        if err.name in OPTIONS:
            raise InputError(text("error.option_not_for_variant", lang, name=err.name,
                                  variant=name, valid=valid)) from err  # fmt: skip
        raise InputError(
            text("error.unknown_option", lang, name=err.name, variant=name, valid=valid)
        ) from err
    except OptionConflictError as err:
        first, second = err.options
        raise InputError(text("error.option_conflict", lang, first=first, second=second)) from err


def read_cards(words: Sequence[str], lang: str) -> list[Card]:
    """Cards from the command line; a bad token is an :class:`InputError` naming it.

    No more than :data:`~rummy_learn.limits.MAX_CARDS_GIVEN` cards at once.
    """
    text_in = " ".join(words)
    try:
        cards = parse_cards(text_in, lang)
    except CardParseError as err:
        message = parse_error_message(err, lang)
        other = next((o for o in LANGUAGES if o != lang and _reads(text_in, o)), None)
        if other is not None:  # written in another language's notation
            message += " " + text("parse.hint_lang", lang, lang=other)
        raise InputError(message) from err
    count_given(len(cards), lang)
    return cards


def count_given(count: int, lang: str) -> None:
    """No command takes more cards at once than the largest shoe holds."""
    limit = MAX_CARDS_GIVEN
    if count > limit:
        raise InputError(plural("error.too_many_cards", limit, lang, limit=limit))


def check_hand_size(hand: Sequence[Card], rules: Rules, lang: str) -> None:
    """A hand holds at most :func:`~rummy_learn.limits.largest_hand` cards."""
    limit = largest_hand(rules)
    if len(hand) > limit:
        name = variant_name(rules.variant, lang)
        raise InputError(plural("error.hand_too_large", limit, lang, limit=limit, variant=name))


def check_shoe(cards: Sequence[Card], rules: Rules, lang: str) -> None:
    """Cards in hand that the variant's shoe cannot hold are input the command cannot use."""
    problems = shoe_problems(cards, rules)
    if problems:
        raise InputError(" ".join(reason_message(problem, lang) for problem in problems))


def _reads(text_in: str, lang: str) -> bool:
    try:
        parse_cards(text_in, lang)
    except CardParseError:
        return False
    return True


def meld_json(check: MeldCheck, lang: str) -> dict[str, Any]:
    """One meld's verdict as JSON (the fields of ``check``)."""
    return {
        "cards": [format_card(c) for c in check.cards],
        "arrangement": [format_card(c) for c in check.arrangement],
        "valid": check.valid,
        "kind": check.kind.value if check.kind else None,
        "points": check.points,
        "jokers": [{"index": j.index, "as": format_card(j.stands_for)} for j in check.jokers],
        "reasons": [
            {"code": p.reason.value, "message": reason_message(p, lang)} for p in check.problems
        ],
    }


def head(rules: Rules) -> dict[str, Any]:
    """The fields every JSON answer starts with."""
    return {"variant": rules.variant, "options": list(rules.options)}


def print_json(data: dict[str, Any]) -> None:
    """One line of JSON: UTF-8 as it is, or escaped where the terminal cannot show it."""
    print(json.dumps(data, ensure_ascii=not symbols_ok()))


def show(cards: Sequence[Card], lang: str) -> str:
    """Cards for the terminal: local notation, or ASCII where the terminal cannot show ♥."""
    if symbols_ok():
        return format_cards(cards, "local", lang)
    return format_cards(cards, "ascii")


def symbols_ok() -> bool:
    """Whether standard output can print card symbols."""
    encoding = getattr(sys.stdout, "encoding", None)
    if not encoding:  # an in-memory text stream takes any character
        return True
    try:
        "♣♠♥♦🃏".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


__all__ = [
    "OPTIONS",
    "InputError",
    "add_json",
    "add_lang",
    "add_variant",
    "check_hand_size",
    "check_shoe",
    "count_given",
    "head",
    "meld_json",
    "print_json",
    "read_cards",
    "rules_from",
    "show",
    "symbols_ok",
]
