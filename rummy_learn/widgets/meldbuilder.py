"""``MeldBuilder``: the learner picks cards from a hand into meld slots; the core checks each.

With a kernel, every change goes to Python, which checks the slots and answers with the
core's verdicts. Without one (an exported page, the book), the front end looks each slot
up in the table of every selection's verdict that Python computed beforehand.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import traitlets

from rummy_learn.actions import card_id, parse_card_id
from rummy_learn.cards import Card
from rummy_learn.i18n import text
from rummy_learn.i18n.describe import opening_line, reason_message
from rummy_learn.melds import check_meld
from rummy_learn.notation import parse_cards
from rummy_learn.rules import Rules
from rummy_learn.scoring import opening_of
from rummy_learn.variants import preset
from rummy_learn.widgets.base import KitWidget, card_payload, from_the_shoe
from rummy_learn.widgets.verdicts import (
    MAX_STATIC_CARDS,
    pin_options,
    static_table,
    verdict_record,
)

MAX_SLOTS = 8


def _face(value: object) -> Card | None:
    """A card a joker may be pinned to: a natural face (``Qh``), or None for anything else."""
    if not isinstance(value, str) or len(value) > 3:
        return None
    try:
        card = parse_card_id(value)
    except ValueError:
        return None
    return None if card.is_joker or card.copy is not None else card


class MeldBuilder(KitWidget):
    """Meld slots over a hand, each checked live by the core, with the opening's total.

    >>> builder = MeldBuilder("K♥ K♠ K♦ 5♣ 6♣ Jkr", variant="rami40", lang="en")
    >>> builder.check([["Kh.0", "Ks.0", "Kd.0"], ["5c.0", "6c.0", "Jkr.0"]])
    >>> [v["title"] for v in builder.verdicts], builder.opening["meets"]
    (['Valid set: 30 points', 'Valid run: 15 points'], True)
    """

    slots = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)
    verdicts = traitlets.List(traitlets.Dict()).tag(sync=True)
    opening = traitlets.Dict().tag(sync=True)
    required = traitlets.Int(None, allow_none=True).tag(sync=True)
    static = traitlets.Dict().tag(sync=True)
    seq = traitlets.Int(0).tag(sync=True)  # the page's number of the change answered last

    def __init__(
        self,
        cards: str | Iterable[Card],
        *,
        variant: str = "romme",
        options: Iterable[str] = (),
        rules: Rules | None = None,
        slots: int = 2,
        lang: str | None = None,
        four_colour: bool = False,
        static: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(lang=lang, four_colour=four_colour, kind="meld_builder", **kwargs)
        self.rules = rules or preset(variant, options)
        self._pins: dict[str, Card] = {}  # joker id -> the card the learner pinned it to
        given = parse_cards(cards, self.lang) if isinstance(cards, str) else cards
        hand = from_the_shoe(given, self.rules, self.lang)  # cards the shoe holds, or why not
        self._hand = {card_payload(c, self.lang, four_colour)["id"]: c for c in hand}
        self.cards = [card_payload(c, self.lang, four_colour) for c in hand]
        self.required = self.rules.opening_min
        if static and len(hand) <= MAX_STATIC_CARDS:
            self.static = static_table(hand, self.rules, self.lang, four_colour)
        self.check([[] for _ in range(max(1, min(slots, MAX_SLOTS)))])

    def check(self, slots: list[list[str]]) -> None:
        """Check these slots (lists of card ids) with the core and show the verdicts."""
        self.slots = slots
        placed = {i for ids in slots for i in ids}
        self._pins = {joker: face for joker, face in self._pins.items() if joker in placed}
        checks = []
        records = []
        for ids in slots:
            cards = [self._hand[i] for i in ids]
            pins = {n: self._pins[i] for n, i in enumerate(ids) if i in self._pins}
            check = check_meld(cards, self.rules, pins=pins)
            checks.append(check)
            record = verdict_record(check, self.lang, self.four_colour) if ids else {}
            if ids:
                record["pins"] = {i: card_id(face) for i, face in self._pins.items() if i in ids}
                record["pin_options"] = pin_options(cards, self.rules, self.lang, record["pins"])
            records.append(record)
        self.verdicts = records
        filled = [check for ids, check in zip(slots, checks, strict=True) if ids]
        opening = opening_of(filled, self.rules)  # as each slot lies, pins included
        spoilt = [  # an invalid meld does not count, and spoils the opening
            text("opening.invalid_meld", self.lang, number=number)
            for number, (ids, check) in enumerate(zip(slots, checks, strict=True), start=1)
            if ids and not check.valid
        ]
        spoilt += [reason_message(problem, self.lang) for problem in opening.problems]
        self.opening = {
            "points": opening.points,
            "required": opening.required,
            "meets": opening.meets,
            "line": " ".join([opening_line(opening, self.lang), *spoilt]),
        }

    def _on_pin(self, content: dict[str, Any]) -> None:
        """Pin a joker to a card (``as``), or let the variant's policy place it (``as``: null)."""
        joker, face = content.get("joker"), content.get("as")
        jokers = {i for ids in self.slots for i in ids if self._hand[i].is_joker}
        if not isinstance(joker, str) or joker not in jokers:
            self._tell("ui.unknown_card")
            return
        if face is None:
            self._pins.pop(joker, None)
        else:
            card = _face(face)
            if card is None:
                self._tell("ui.bad_message")
                return
            self._pins[joker] = card
        self.error = ""
        self.check([list(ids) for ids in self.slots])

    def _on_slots(self, content: dict[str, Any]) -> None:
        slots = content.get("slots")
        if (
            not isinstance(slots, list)
            or not 1 <= len(slots) <= MAX_SLOTS
            or not all(isinstance(ids, list) for ids in slots)
        ):
            self._tell("ui.bad_message")
            return
        every = [i for ids in slots for i in ids]
        if self._ids(every, list(self._hand)) is None:
            return
        self.error = ""
        seq = content.get("seq")
        if isinstance(seq, int) and not isinstance(seq, bool) and 0 <= seq < 2**53:
            self.seq = seq
        self.check([list(ids) for ids in slots])
