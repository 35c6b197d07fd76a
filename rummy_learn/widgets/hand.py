"""``Hand``: a hand drawn as cards; the learner selects, sorts and reorders them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import traitlets

from rummy_learn.cards import Card
from rummy_learn.i18n import text
from rummy_learn.notation import parse_cards
from rummy_learn.widgets.base import KitWidget, card_payload, with_copies


class Hand(KitWidget):
    """A hand as cards. ``order`` and ``selected`` hold card ids (see ``cards``).

    >>> hand = Hand("Q♥ 7♠ Jkr", lang="de")
    >>> [c["label"] for c in hand.cards], hand.selected
    (['Herz-Dame', 'Pik-Sieben', 'Joker'], [])
    """

    order = traitlets.List(traitlets.Unicode()).tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    summary = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        cards: str | Iterable[Card],
        *,
        lang: str | None = None,
        four_colour: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(lang=lang, four_colour=four_colour, kind="hand", **kwargs)
        hand = with_copies(parse_cards(cards, self.lang) if isinstance(cards, str) else cards)
        self.cards = [card_payload(card, self.lang, four_colour) for card in hand]
        self._hand = {payload["id"]: card for payload, card in zip(self.cards, hand, strict=True)}
        self.order = [c["id"] for c in self.cards]

    @property
    def selection(self) -> list[Card]:
        """The selected cards, in the hand's order."""
        return [self._hand[i] for i in self.order if i in self.selected]

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
