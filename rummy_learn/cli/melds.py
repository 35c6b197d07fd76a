"""``check``, ``opening``, ``score`` and ``hint``: verdicts on cards given on the command line."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from rummy_learn.cli.common import (
    InputError,
    add_json,
    add_lang,
    add_variant,
    check_hand_size,
    check_shoe,
    count_given,
    head,
    meld_json,
    print_json,
    read_cards,
    rules_from,
    show,
)
from rummy_learn.i18n import points_text, text
from rummy_learn.i18n.describe import opening_line, reason_message, verdict_lines
from rummy_learn.melds import check_meld
from rummy_learn.notation import format_card
from rummy_learn.reasons import Problem
from rummy_learn.scoring import check_opening, hand_penalty
from rummy_learn.solver import Objective, best_arrangement

HINT_BUDGET = 1.0
"""Seconds ``hint`` searches at most, so that it answers within 2 s (then: not proven best)."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the four commands."""
    check = _command(
        commands, "check", "Check one meld: its kind, validity, reasons, jokers and points."
    )
    check.add_argument("cards", nargs="+", metavar="CARD", help="cards, e.g. Q♥ 10h Jkr")
    check.set_defaults(run=_check)
    opening = _command(commands, "opening", "Count an opening made of one or more melds.")
    opening.add_argument(
        "melds", nargs="+", metavar="MELD", help='one argument per meld: "Q♥ K♥ A♥"'
    )
    opening.set_defaults(run=_opening)
    score = _command(commands, "score", "The penalty points of cards left in hand.")
    score.add_argument("cards", nargs="*", metavar="CARD", help="the cards left in hand (none: 0)")
    score.set_defaults(run=_score)
    hint = _command(
        commands, "hint", "The best melds of a hand, and whether it can open (empty table)."
    )
    hint.add_argument("cards", nargs="+", metavar="CARD", help="the hand")
    hint.set_defaults(run=_hint)


def _command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], name: str, help_text: str
) -> argparse.ArgumentParser:
    sub = commands.add_parser(name, help=help_text, description=help_text)
    add_variant(sub)
    add_lang(sub)
    add_json(sub)
    return sub


def _check(args: argparse.Namespace) -> None:
    rules = rules_from(args)
    cards = read_cards(args.cards, args.lang)
    if not cards:
        raise InputError(text("error.no_cards", args.lang))
    check = check_meld(cards, rules)
    if args.json:
        print_json(head(rules) | meld_json(check, args.lang))
        return
    print(show(check.arrangement, args.lang))
    for line in verdict_lines(check, args.lang):
        print(line)


def _reasons(problems: Sequence[Problem], lang: str) -> list[dict[str, str]]:
    return [{"code": p.reason.value, "message": reason_message(p, lang)} for p in problems]


def _opening(args: argparse.Namespace) -> None:
    rules = rules_from(args)
    melds = []
    for number, meld in enumerate(args.melds, start=1):
        try:
            cards = read_cards([meld], args.lang)
            if not cards:
                raise InputError(text("error.no_cards", args.lang))
        except InputError as err:
            raise InputError(
                text("error.meld_number", args.lang, number=number, message=err)
            ) from err
        melds.append(cards)
        count_given(sum(map(len, melds)), args.lang)
    opening = check_opening(melds, rules)
    if args.json:
        print_json(
            head(rules)
            | {
                "points": opening.points,
                "required": opening.required,
                "meets": opening.meets,
                "reasons": _reasons(opening.problems, args.lang),
                "melds": [meld_json(m, args.lang) for m in opening.melds],
            }
        )
        return
    for number, check in enumerate(opening.melds, start=1):
        print(f"{number}. {show(check.arrangement, args.lang)}")
        for line in verdict_lines(check, args.lang):
            print("   " + line)
        if not check.valid:
            print("   " + text("opening.invalid_meld", args.lang, number=number))
    for problem in opening.problems:  # the melds together: more than the shoe holds
        print(reason_message(problem, args.lang))
    print(opening_line(opening, args.lang))


def _score(args: argparse.Namespace) -> None:
    rules = rules_from(args)
    cards = read_cards(args.cards, args.lang)
    if cards:
        check_shoe(cards, rules, args.lang)
    points = hand_penalty(cards, rules)
    if args.json:
        print_json(head(rules) | {"cards": [format_card(c) for c in cards], "points": points})
        return
    print(text("penalty.hand", args.lang, points=points_text(points, args.lang)))


def _hint(args: argparse.Namespace) -> None:
    rules = rules_from(args)
    hand = read_cards(args.cards, args.lang)
    if not hand:
        raise InputError(text("error.no_cards", args.lang))
    check_shoe(hand, rules, args.lang)
    check_hand_size(hand, rules, args.lang)
    best = best_arrangement(hand, rules, Objective.POINTS, budget=HINT_BUDGET)
    can_open = bool(best.melds) and rules.opening_reached(best.points)
    if args.json:
        print_json(
            head(rules)
            | {
                "can_open": can_open,
                "points": best.points,
                "required": rules.opening_min,
                "melds": [[format_card(c) for c in meld] for meld in best.melds],
                "jokers": [
                    {"meld": number, "index": use.index, "as": format_card(use.stands_for)}
                    for number, check in enumerate(best.checks)
                    for use in check.jokers
                ],
                "deadwood": [format_card(c) for c in best.deadwood],
                "deadwood_points": best.deadwood_penalty,
                "proven": best.proven,
            }
        )
        return
    lang = args.lang
    required = (
        text("hint.no_minimum", lang)
        if rules.opening_min is None
        else points_text(rules.opening_min, lang)
    )
    key = "hint.can_open" if can_open else "hint.cannot_open_hand"
    print(text(key, lang, points=points_text(best.points, lang), required=required))
    for check in best.checks:
        print("  " + show(check.arrangement, lang) + "   " + verdict_lines(check, lang)[0])
    if best.deadwood:
        left = text(
            "hint.left_in_hand",
            lang,
            cards=show(best.deadwood, lang),
            points=points_text(best.deadwood_penalty, lang),
        )
        print(left)
    if not best.proven:
        print(text("hint.not_proven", lang))
