"""What every widget's logic shares: the fields the page shows, messages in, changes out.

A widget's logic is plain Python with no Jupyter import. It holds the fields the page
draws (``FIELDS``), takes the page's messages (:meth:`Logic.receive`) and records every
field it sets, in order (:meth:`Logic.take_changes`). Two transports carry it: the
anywidget classes (:mod:`rummy_learn.widgets`) in a kernel, and the bridge
(:mod:`rummy_learn.widget_logic.bridge`) in the reader's browser (Pyodide). Everything the
page sends is untrusted: a malformed message is refused in the learner's language and the
state stays as it was.

>>> logic = HandLogic("Q♥ 7♠", lang="en")
>>> logic.receive({"type": "select", "ids": ["7s.0"]}); logic.take_changes()[-1]
('selected', ['7s.0'])
>>> logic.receive({"type": "select", "ids": ["Zz.9"]}); logic.error
'That card is not in this hand.'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from rummy_learn.actions import card_id
from rummy_learn.cards import Card
from rummy_learn.decks import shoe_problems
from rummy_learn.i18n import get_language, text, translations
from rummy_learn.i18n.describe import card_name, reason_message
from rummy_learn.language import LANGUAGES
from rummy_learn.notation import parse_cards
from rummy_learn.render import card_svg
from rummy_learn.rules import Rules

__all__ = [
    "HandLogic",
    "Logic",
    "card_payload",
    "from_the_shoe",
    "table_card_payload",
    "ui_texts",
    "with_copies",
]

_UI_KEYS = {
    "sort_suit": "ui.sort_suit",
    "sort_rank": "ui.sort_rank",
    "hand": "ui.hand",
    "new_meld": "ui.new_meld",
    "meld_n": "ui.meld_n",
    "empty_meld": "ui.empty_meld",
    **{
        name: "ui." + name
        for name in (
            "draw",
            "take",
            "meld",
            "add_to_opening",
            "lay_off_low",
            "lay_off_high",
            "swap",
            "discard",
            "go_out",
            "knock",
            "pass",
            "undo",
            "hint",
            "new_round",
            "stock",
            "discard_pile",
            "table",
            "log",
            "players",
            "cards_in_hand",
            "yes_valid",
            "no_invalid",
            "check",
            "next",
            "score",
            "your_answer",
            "joker_as",
            "joker_auto",
            "already_answered",
            "move_left",
            "move_right",
            "moved",
            "select_to_move",
            "slot_active",
            "start_again",
            "enter_number",
            "python_loading",
            "python_failed",
            "python_no_wasm",
            "python_from_disk",
            "sort_by",
            "sort_own",
            "speed",
            "speed_slow",
            "speed_normal",
            "speed_instant",
            "level",
            "level_easy",
            "level_medium",
            "level_hard",
            "melds_of",
            "drop_table",
            "no_fit_here",
        )
    },
}
MAX_MESSAGE = 200_000
"""The most characters a message from the page may have as JSON (the bridge's bound)."""


def ui_texts(lang: str) -> dict[str, Any]:
    """The words the front end shows, from the catalogs (plural forms of "points" included)."""
    catalog = translations(lang)
    texts: dict[str, Any] = {name: catalog.gettext(key) for name, key in _UI_KEYS.items()}
    forms = []
    for n in (1, 2, 5):  # one form per plural category the language has (ru: 1, 2, 5)
        form = catalog.ngettext("points", "points.plural", n)
        if form not in forms:
            forms.append(form)
    texts["points_forms"] = forms
    for name in ("right", "wrong", "last_time"):
        texts["quiz_" + name] = catalog.gettext("quiz." + name)
    return texts


def card_payload(card: Card, lang: str, four_colour: bool) -> dict[str, Any]:
    """A card as the front end gets it: its id, spoken name, drawing and sort keys."""
    suit_key = (card.suit.index if card.suit else 4) * 20 + (int(card.rank) if card.rank else 0)
    rank_key = (int(card.rank) if card.rank else 20) * 10 + (card.suit.index if card.suit else 4)
    return {
        "id": card_id(card),
        "label": card_name(card, lang),
        "svg": card_svg(card, lang, four_colour=four_colour),
        "suit_key": suit_key,
        "rank_key": rank_key,
    }


def table_card_payload(
    card: Card, face: Card | None, lang: str, four_colour: bool
) -> dict[str, Any]:
    """A card of a meld on the table; a joker that stands for ``face`` is drawn and named so.

    >>> from rummy_learn.cards import Rank, Suit
    >>> table_card_payload(Card.joker(0), Card(Rank(7), Suit.HEARTS), "en", False)["label"]
    'The joker stands for seven of hearts'
    """
    payload = card_payload(card, lang, four_colour)
    if face is not None:
        payload["svg"] = card_svg(card, lang, stands_for=face, four_colour=four_colour)
        payload["label"] = text("verdict.joker", lang, card=card_name(face, lang))
    return payload


def with_copies(cards: Iterable[Card]) -> list[Card]:
    """Give cards read from text copy numbers, so that two Q♥ are two different cards."""
    seen: dict[Card, int] = {}
    out = []
    for card in cards:
        if card.copy is not None:
            out.append(card)
            continue
        copy = seen.get(card.face, 0)
        seen[card.face] = copy + 1
        out.append(Card(card.rank, card.suit, copy))
    return out


def from_the_shoe(
    cards: Iterable[Card], rules: Rules, lang: str, players: int | None = None
) -> list[Card]:
    """Cards given as text, as physical cards of the variant's shoe (see :func:`with_copies`).

    Cards the shoe (for ``players``, or the variant's largest) cannot hold are a
    ``ValueError`` that says why in the learner's language.

    >>> from rummy_learn.variants import preset
    >>> from_the_shoe(parse_cards("Jkr Jkr Jkr"), preset("rummy40"), "en")
    Traceback (most recent call last):
    ...
    ValueError: This game is played with only 2 jokers.
    """
    cards = list(cards)
    problems = shoe_problems(cards, rules, players)
    if problems:
        raise ValueError(" ".join(reason_message(problem, lang) for problem in problems))
    return with_copies(cards)


def checked_language(lang: str | None) -> str:
    """The widget's language: ``lang``, or the kit's default; an unknown one is an error."""
    lang = lang or get_language()
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of: {', '.join(LANGUAGES)}")
    return lang


class Logic:
    """A widget's logic: its fields, the page's messages (``_on_<type>``), its snapshot.

    Setting a field records it (:meth:`take_changes`); a transport hands the changes on in
    the order they were made. :meth:`snapshot` is what a static page needs to start the
    same logic again (:meth:`restore`); it is data, checked again when it is read.
    """

    KIND: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[str, ...]] = ("kind", "lang", "four_colour", "texts", "cards", "error")

    _changes: list[tuple[str, Any]]
    kind: str
    lang: str
    four_colour: bool
    texts: dict[str, Any]
    cards: list[dict[str, Any]]
    error: str

    def __init__(self, *, lang: str | None = None, four_colour: bool = False) -> None:
        object.__setattr__(self, "_changes", [])
        lang = checked_language(lang)
        texts = ui_texts(lang)
        texts["widget_name"] = text(f"widget.{self.KIND}", lang)  # for screen readers
        self.kind, self.lang, self.four_colour = self.KIND, lang, bool(four_colour)
        self.texts, self.cards, self.error = texts, [], ""

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name in self.FIELDS:
            self._changes.append((name, value))

    def take_changes(self) -> list[tuple[str, Any]]:
        """The fields set since the last call, in order (a field may come twice)."""
        changes: list[tuple[str, Any]] = self._changes
        object.__setattr__(self, "_changes", [])
        return changes

    def state(self) -> dict[str, Any]:
        """Every field's value, as the page gets it first."""
        return {name: getattr(self, name) for name in self.FIELDS}

    def snapshot(self) -> dict[str, Any]:
        """What a page with no kernel needs to start this logic again, as JSON data."""
        return {"lang": self.lang, "four_colour": self.four_colour}

    @classmethod
    def restore(cls, data: dict[str, Any]) -> Logic:
        """The logic again from :meth:`snapshot` (each widget reads its own fields)."""
        raise NotImplementedError

    # --- everything from the page: untrusted --------------------------------------------------

    def receive(self, content: object) -> None:
        """A message from the page: ``{"type": …}`` goes to ``_on_<type>``, else refused."""
        kind = content.get("type") if isinstance(content, dict) else None
        handler = getattr(self, "_on_" + kind, None) if isinstance(kind, str) else None
        if handler is None or not isinstance(content, dict):
            self._tell("ui.bad_message")
            return
        handler(content)

    def _tell(self, key: str) -> None:
        """Show the learner why what the page sent was refused (in the widget's language)."""
        message = text(key, self.lang)
        if self.error == message:  # told again: the page redraws Python's state again
            self.error = ""
        self.error = message

    def _ids(self, value: object, known: Sequence[str]) -> list[str] | None:
        """A list of distinct known card ids, or None (and the learner told) for anything else."""
        if (
            not isinstance(value, list)
            or len(value) > len(known)
            or not all(isinstance(v, str) for v in value)
        ):
            self._tell("ui.bad_message")
            return None
        if len(set(value)) != len(value):
            self._tell("ui.same_card_twice")
            return None
        allowed = set(known)
        if any(v not in allowed for v in value):
            self._tell("ui.unknown_card")
            return None
        return list(value)


class HandLogic(Logic):
    """A hand as cards. ``order`` and ``selected`` hold card ids (see ``cards``).

    >>> hand = HandLogic("Q♥ 7♠ Jkr", lang="de")
    >>> [c["label"] for c in hand.cards], hand.selected
    (['Herz-Dame', 'Pik-Sieben', 'Joker'], [])
    """

    KIND = "hand"
    FIELDS = (*Logic.FIELDS, "order", "selected", "summary")

    def __init__(
        self,
        cards: str | Iterable[Card],
        *,
        lang: str | None = None,
        four_colour: bool = False,
        order: Sequence[str] = (),
        selected: Sequence[str] = (),
    ) -> None:
        super().__init__(lang=lang, four_colour=four_colour)
        hand = with_copies(parse_cards(cards, self.lang) if isinstance(cards, str) else cards)
        self.cards = [card_payload(card, self.lang, self.four_colour) for card in hand]
        self._hand = {payload["id"]: card for payload, card in zip(self.cards, hand, strict=True)}
        ids = [c["id"] for c in self.cards]
        self.order = list(order) if sorted(order) == sorted(ids) and order else ids
        self.selected = [i for i in self.order if i in set(selected)]
        self.summary = ""

    @property
    def selection(self) -> list[Card]:
        """The selected cards, in the hand's order."""
        return [self._hand[i] for i in self.order if i in self.selected]

    def snapshot(self) -> dict[str, Any]:
        ids = list(self._hand)
        return {**super().snapshot(), "cards": ids, "order": self.order, "selected": self.selected}

    @classmethod
    def restore(cls, data: dict[str, Any]) -> HandLogic:
        from rummy_learn.actions import parse_card_id

        cards = [parse_card_id(i) for i in _strings(data.get("cards"), "cards")]
        return cls(cards, lang=data.get("lang"), four_colour=bool(data.get("four_colour")),
                   order=_strings(data.get("order"), "order"),
                   selected=_strings(data.get("selected"), "selected"))  # fmt: skip

    def _on_select(self, content: dict[str, Any]) -> None:
        ids = self._ids(content.get("ids"), self.order)
        if ids is not None:
            self.error = ""
            self.selected = [i for i in self.order if i in ids]

    def _on_order(self, content: dict[str, Any]) -> None:
        ids = self._ids(content.get("ids"), self.order)
        if ids is not None and sorted(ids) != sorted(self.order):
            self.error = text("ui.bad_message", self.lang)
        elif ids is not None:
            self.error = ""
            self.order = ids


def _strings(value: object, name: str) -> list[str]:
    """A snapshot's list of strings, or a ``ValueError`` that names the field."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"snapshot: {name} must be a list of strings")
    return list(value)
