"""What every widget shares: the front end, the language, cards as the front end draws them.

The front end (``widgets/`` in the repository) is built into ``static/widget.js``; the
wheel carries it, so no Node.js is needed to use an installed kit. Everything the front
end sends is untrusted: each widget checks it and answers with its own state. The page
asks by messages only: no trait may be written from the page (a write is refused, the
page gets Python's values back and is told so).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from rummy_learn.actions import card_id
from rummy_learn.cards import Card
from rummy_learn.decks import shoe_problems
from rummy_learn.i18n import get_language, text, translations
from rummy_learn.i18n.describe import card_name, reason_message
from rummy_learn.language import LANGUAGES
from rummy_learn.render import CSS, card_svg
from rummy_learn.rules import Rules

STATIC = Path(__file__).parent / "static"

_UI_KEYS = {
    "sort_suit": "ui.sort_suit",
    "sort_rank": "ui.sort_rank",
    "hand": "ui.hand",
    "new_meld": "ui.new_meld",
    "meld_n": "ui.meld_n",
    "empty_meld": "ui.empty_meld",
    "opening_meets": "opening.meets",
    "opening_short": "opening.short",
    "opening_none": "opening.no_minimum",
    "invalid_meld_n": "opening.invalid_meld",
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
            "needs_kernel",
            "already_answered",
            "move_left",
            "move_right",
            "moved",
            "select_to_move",
            "slot_active",
            "start_again",
            "enter_number",
        )
    },
}


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
    for name in ("right", "wrong", "penalty_is", "last_time"):
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

    >>> from rummy_learn.notation import parse_cards
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


class KitWidget(anywidget.AnyWidget):
    """The base of the kit's widgets: one front-end module that draws each ``kind``."""

    _esm = STATIC / "widget.js"
    _css = CSS + (STATIC / "widget.css").read_text(encoding="utf-8")

    kind = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    scale = traitlets.Float(1.0).tag(sync=True)  # card size: 1.5 for a projector
    texts = traitlets.Dict().tag(sync=True)
    cards = traitlets.List(traitlets.Dict()).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self, *, lang: str | None = None, four_colour: bool = False, **kwargs: Any
    ) -> None:
        lang = lang or get_language()
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose one of: {', '.join(LANGUAGES)}")
        texts = ui_texts(lang)
        if kwargs.get("kind"):  # the widget's name, for screen readers (the view's group)
            texts["widget_name"] = text(f"widget.{kwargs['kind']}", lang)
        super().__init__(lang=lang, four_colour=four_colour, texts=texts, **kwargs)
        self.on_msg(self._receive)

    def __repr__(self) -> str:
        """The widget for a developer: the same text every run (no object address)."""
        return f"{type(self).__name__}({len(self.cards)} cards, lang={self.lang!r})"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The widget's view, and for a reader who sees only text (a notebook opened where
        widgets cannot be drawn, or its stored outputs) a line in the widget's language."""
        bundle: tuple[dict[str, Any], dict[str, Any]] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        name = text(f"widget.{self.kind}", self.lang)
        return {**data, "text/plain": text("widget.text_only", self.lang, name=name)}, metadata

    # --- everything from the front end: untrusted --------------------------------------------

    def _handle_msg(self, msg: Any) -> None:
        """ipywidgets' entry point for all the page sends: checked before anything is done."""
        content = msg.get("content") if isinstance(msg, dict) else None
        data = content.get("data") if isinstance(content, dict) else None
        method = data.get("method") if isinstance(data, dict) else None
        if not isinstance(data, dict) or method not in ("update", "request_state", "custom"):
            self._tell("ui.bad_message")
        elif method == "update":
            self.set_state(data.get("state"))
        elif method == "request_state":
            self.send_state()
        else:
            buffers = msg.get("buffers")
            buffers = buffers if isinstance(buffers, list) else []
            self._handle_custom_msg(data.get("content"), buffers)

    def set_state(self, sync_data: Any) -> None:
        """A trait written by the page: refused, every one. The page asks by messages only.

        The page gets Python's values back, and is told.
        """
        names = [n for n in sync_data if n in self.keys] if isinstance(sync_data, dict) else []
        self._tell("ui.read_only")
        if names:
            self.send_state(names)

    def _tell(self, key: str) -> None:
        """Show the learner why what the page sent was refused (in the widget's language)."""
        message = text(key, self.lang)
        if self.error == message:  # told again: the page redraws Python's state again
            self.error = ""
        self.error = message

    def _receive(self, _widget: object, content: object, _buffers: Sequence[bytes]) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            self._tell("ui.bad_message")
            return
        handler = getattr(self, "_on_" + content["type"], None)
        if handler is None:
            self._tell("ui.bad_message")
            return
        handler(content)

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
