"""The ``MeldBuilder``'s logic: meld slots over a hand, each checked by the core.

Every change of the slots comes from the page as a message; the core checks each slot
(as the cards were picked, pins included) and the opening of them all, and the page
draws what Python says. A page with no kernel may also carry the table of every
selection's verdict (:mod:`rummy_learn.widget_logic.verdicts`), for an answer at once
while Python loads in the browser.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rummy_learn.actions import card_id, parse_card_id
from rummy_learn.cards import Card
from rummy_learn.i18n import text
from rummy_learn.i18n.describe import opening_line, reason_message
from rummy_learn.melds import MeldCheck, check_meld
from rummy_learn.notation import parse_cards
from rummy_learn.rules import Rules
from rummy_learn.rules_json import rules_from_json, rules_to_json
from rummy_learn.scoring import opening_of
from rummy_learn.variants import preset
from rummy_learn.widget_logic.base import Logic, _strings, card_payload, from_the_shoe
from rummy_learn.widget_logic.verdicts import (
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


def opening_record(checks: list[MeldCheck], rules: Rules, lang: str) -> dict[str, Any]:
    """The opening of the filled slots as the page shows it: points, whether it meets the
    minimum, and its line (each invalid meld named: it does not count, and spoils it)."""
    opening = opening_of(checks, rules)  # as each slot lies, pins included
    spoilt = [
        text("opening.invalid_meld", lang, number=number)
        for number, check in enumerate(checks, start=1)
        if not check.valid
    ]
    spoilt += [reason_message(problem, lang) for problem in opening.problems]
    return {
        "points": opening.points,
        "required": opening.required,
        "meets": opening.meets,
        "line": " ".join([opening_line(opening, lang), *spoilt]),
    }


class MeldBuilderLogic(Logic):
    """Meld slots over a hand, each checked live by the core, with the opening's total.

    >>> builder = MeldBuilderLogic("K♥ K♠ K♦ 5♣ 6♣ Jkr", variant="rami40", lang="en")
    >>> builder.check([["Kh.0", "Ks.0", "Kd.0"], ["5c.0", "6c.0", "Jkr.0"]])
    >>> [v["title"] for v in builder.verdicts], builder.opening["meets"]
    (['Valid set: 30 points', 'Valid run: 15 points'], True)
    """

    KIND = "meld_builder"
    FIELDS = (*Logic.FIELDS, "slots", "verdicts", "opening", "required", "static", "seq")

    def __init__(
        self,
        cards: str | Iterable[Card],
        *,
        variant: str = "romme",
        options: Iterable[str] = (),
        rules: Rules | None = None,
        slots: int | list[list[str]] = 2,
        lang: str | None = None,
        four_colour: bool = False,
        static: bool = True,
        pins: dict[str, Card] | None = None,
    ) -> None:
        super().__init__(lang=lang, four_colour=four_colour)
        self.rules = rules or preset(variant, options)
        given = parse_cards(cards, self.lang) if isinstance(cards, str) else cards
        hand = from_the_shoe(given, self.rules, self.lang)  # cards the shoe holds, or why not
        self._hand = {card_id(c): c for c in hand}
        self._pins: dict[str, Card] = dict(pins or {})  # joker id -> the card it is pinned to
        self.cards = [card_payload(c, self.lang, self.four_colour) for c in hand]
        self.required = self.rules.opening_min
        self.static: dict[str, Any] = {}
        if static and len(hand) <= MAX_STATIC_CARDS:
            self.static = static_table(hand, self.rules, self.lang, self.four_colour)
        self.seq = 0  # the page's number of the change answered last
        if isinstance(slots, int):
            self.check([[] for _ in range(max(1, min(slots, MAX_SLOTS)))])
        elif self._slots(slots) is not None:
            self.check([list(ids) for ids in slots])
        else:
            raise ValueError("snapshot: slots must be lists of the hand's card ids")

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
        self.opening = opening_record(filled, self.rules, self.lang)

    def snapshot(self) -> dict[str, Any]:
        return {
            **super().snapshot(),
            "cards": list(self._hand),
            "rules": rules_to_json(self.rules),
            "slots": self.slots,
            "pins": {joker: card_id(face) for joker, face in self._pins.items()},
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> MeldBuilderLogic:
        cards = [parse_card_id(i) for i in _strings(data.get("cards"), "cards")]
        rules = data.get("rules")
        if not isinstance(rules, dict):
            raise ValueError("snapshot: rules must be an object")
        pins = data.get("pins")
        faces = {j: _face(f) for j, f in pins.items()} if isinstance(pins, dict) else None
        if faces is None or any(f is None for f in faces.values()):
            raise ValueError("snapshot: pins must map jokers to natural cards")
        slots = data.get("slots")
        return cls(cards, rules=rules_from_json(rules), lang=data.get("lang"),
                   four_colour=bool(data.get("four_colour")), static=False,
                   slots=slots if isinstance(slots, list) else [],
                   pins={j: f for j, f in faces.items() if f is not None})  # fmt: skip

    def _slots(self, slots: object) -> list[list[str]] | None:
        """Slots as the page sent them, or None (the learner told) for anything else."""
        if (
            not isinstance(slots, list)
            or not 1 <= len(slots) <= MAX_SLOTS
            or not all(isinstance(ids, list) for ids in slots)
        ):
            self._tell("ui.bad_message")
            return None
        every = [i for ids in slots for i in ids]
        if self._ids(every, list(self._hand)) is None:
            return None
        return [list(ids) for ids in slots]

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
        slots = self._slots(content.get("slots"))
        if slots is None:
            return
        self.error = ""
        self.check(slots)
        seq = content.get("seq")
        if isinstance(seq, int) and not isinstance(seq, bool) and 0 <= seq < 2**53:
            self.seq = seq  # last: when the page hears it, the verdicts are the new ones
