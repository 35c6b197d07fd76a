"""``MeldBuilder``: the learner picks cards from a hand into meld slots; the core checks each.

The logic is :class:`~rummy_learn.widget_logic.meld_builder.MeldBuilderLogic`. With a
kernel, every change goes to Python, which answers with the core's verdicts. In a page
with no kernel the same Python answers in the reader's browser; until it has loaded, the
front end shows the verdict from the table of every selection's verdict that Python
computed beforehand (hands of up to 13 cards).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import traitlets

from rummy_learn.cards import Card
from rummy_learn.rules import Rules
from rummy_learn.widget_logic.meld_builder import MAX_SLOTS, MeldBuilderLogic
from rummy_learn.widgets.base import KitWidget

__all__ = ["MAX_SLOTS", "MeldBuilder"]


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
        logic = MeldBuilderLogic(cards, variant=variant, options=options, rules=rules,
                                 slots=slots, lang=lang, four_colour=four_colour,
                                 static=static)  # fmt: skip
        super().__init__(logic, **kwargs)

    def check(self, slots: list[list[str]]) -> None:
        """Check these slots (lists of card ids) with the core and show the verdicts."""
        self.logic.check(slots)
        self._push()
