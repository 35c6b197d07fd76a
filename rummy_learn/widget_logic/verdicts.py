"""Verdicts as the front end shows them, and the static table of every selection's verdict.

Static mode: in a page with no kernel, Python runs in the reader's browser once it has
loaded; until then the front end looks a selection up in a table that Python filled with
the core's verdict for every subset of the hand (up to 13 cards: 8,191 subsets), and with
what the core says of that selection as an opening on its own. The table stays compact:

A selection has no order here, so the kit places its jokers (where the variant leaves
them to the player: the most points); with a kernel, the order the cards were picked
in is the placement.

* ``index``: for each subset's bit mask, the number of its verdict (uint16, base64);
* ``verdicts``: the distinct verdicts as ``[valid, points, meets, line numbers…]``: whether
  the selection alone meets the opening's minimum, then the opening's line, the verdict's
  title and its other lines; ``lines``: the distinct lines of words;
* ``orders``: for valid melds only, the hand positions in the order the meld lies;
* ``jokers`` and ``joker_svgs``: what a valid meld's jokers stand for, and their drawings.
"""

from __future__ import annotations

import base64
from array import array
from collections.abc import Iterable, Sequence
from typing import Any

from rummy_learn.actions import card_id
from rummy_learn.cards import RANKS, SUITS, Card
from rummy_learn.i18n import text
from rummy_learn.i18n.describe import card_name, opening_line, verdict_lines
from rummy_learn.melds import MeldCheck, check_meld
from rummy_learn.render import card_svg
from rummy_learn.rules import Rules
from rummy_learn.scoring import opening_of

MAX_STATIC_CARDS = 13
_FACES = [Card(rank, suit) for suit in SUITS for rank in RANKS]


def verdict_words(check: MeldCheck, lang: str) -> dict[str, Any]:
    """The verdict's words and numbers, without its cards."""
    lines = verdict_lines(check, lang)
    return {
        "valid": check.valid,
        "title": lines[0],
        "lines": lines[1:],
        "points": check.points or 0,
    }


def pin_options(
    cards: Sequence[Card], rules: Rules, lang: str, pinned: Iterable[str] = ()
) -> dict[str, list[dict[str, str]]]:
    """For each joker of a meld, every card it may be pinned to (the meld staying valid).

    A joker pinned already (``pinned``: card ids) keeps its list, so the pin can be undone.
    """
    keep = set(pinned)
    options: dict[str, list[dict[str, str]]] = {}
    for index, card in enumerate(cards):
        if not card.is_joker:
            continue
        fitting = [
            {"id": card_id(face), "label": card_name(face, lang)}
            for face in _FACES
            if check_meld(cards, rules, pins={index: face}).valid
        ]
        if len(fitting) > 1 or card_id(card) in keep:  # a real choice, or a pin to undo
            options[card_id(card)] = fitting
    return options


def verdict_record(check: MeldCheck, lang: str, four_colour: bool) -> dict[str, Any]:
    """A slot's verdict for the front end, cards by id (as the meld lies when it is valid)."""
    record = verdict_words(check, lang)
    shown = check.arrangement if check.valid else check.cards
    record["arrangement"] = [card_id(c) for c in shown]
    record["jokers"] = {
        card_id(card): card_svg(card, lang, stands_for=face, four_colour=four_colour)
        for i, card in enumerate(check.arrangement)
        if check.valid and (face := check.drawn_face(i)) is not None
    }
    return record


def static_table(
    hand: Sequence[Card], rules: Rules, lang: str, four_colour: bool
) -> dict[str, Any]:
    """Every subset of ``hand`` with the core's verdict (see the module's documentation)."""
    n = len(hand)
    if n > MAX_STATIC_CARDS:
        raise ValueError(
            f"static verdicts are precomputed for hands of up to {MAX_STATIC_CARDS} cards"
        )
    position = {card: i for i, card in enumerate(hand)}
    numbers: dict[tuple[Any, ...], int] = {}
    verdicts: list[list[int]] = []
    lines: dict[str, int] = {}
    index = array("H", bytes(2 << n))
    orders: dict[str, str] = {}
    jokers: dict[str, dict[str, str]] = {}
    joker_svgs: dict[str, str] = {}
    for mask in range(1, 1 << n):
        cards = [hand[i] for i in range(n) if mask >> i & 1]
        check = check_meld(cards, rules, any_order=True)  # a selection has no order
        words = verdict_words(check, lang)
        opening = opening_of([check], rules)
        alone = opening_line(opening, lang)
        if not check.valid:  # an invalid meld does not count, and spoils the opening
            alone += " " + text("opening.invalid_meld", lang, number=1)
        said = [lines.setdefault(line, len(lines))
                for line in (alone, words["title"], *words["lines"])]  # fmt: skip
        key = (int(words["valid"]), words["points"], int(opening.meets), *said)
        if key not in numbers:
            numbers[key] = len(verdicts)
            verdicts.append(list(key))
        index[mask] = numbers[key]
        if check.valid:
            orders[str(mask)] = "".join(format(position[c], "x") for c in check.arrangement)
            drawn = {i: face for i in range(len(check.arrangement))
                     if (face := check.drawn_face(i)) is not None}  # fmt: skip
            if drawn:
                jokers[str(mask)] = {str(position[check.arrangement[i]]): card_id(face)
                                     for i, face in drawn.items()}  # fmt: skip
                for i, face in drawn.items():
                    if card_id(face) not in joker_svgs:
                        joker_svgs[card_id(face)] = card_svg(check.arrangement[i], lang,
                                                             stands_for=face,
                                                             four_colour=four_colour)  # fmt: skip
    if array("H", [1]).tobytes() != b"\x01\x00":  # the front end reads little-endian
        index.byteswap()
    return {
        "size": n,
        "index": base64.b64encode(index.tobytes()).decode("ascii"),
        "verdicts": verdicts,
        "lines": list(lines),
        "orders": orders,
        "jokers": jokers,
        "joker_svgs": joker_svgs,
    }
