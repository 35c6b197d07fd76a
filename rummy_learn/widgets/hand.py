"""``Hand``: a hand drawn as cards; the learner selects, sorts and reorders them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import traitlets

from rummy_learn.cards import Card
from rummy_learn.widget_logic.base import HandLogic
from rummy_learn.widgets.base import KitWidget


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
        super().__init__(HandLogic(cards, lang=lang, four_colour=four_colour), **kwargs)

    @property
    def selection(self) -> list[Card]:
        """The selected cards, in the hand's order."""
        return self.logic.selection  # type: ignore[no-any-return]
