"""``Table``: melds on the table and a hand; the learner lays cards off and swaps jokers.

The logic is :class:`~rummy_learn.widget_logic.table.TableLogic`; this class carries it in
a kernel.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rummy_learn.widget_logic.table import TableLogic
from rummy_learn.widgets.game import GameTraits


class Table(GameTraits):
    """A practice table: ``melds`` lie there (laid by another player), ``hand`` is the learner's.

    >>> table = Table("10♠ K♦", ["7♠ 8♠ 9♠", "K♥ K♠ Jkr"], variant="palace", lang="en")
    >>> send = lambda m: table._receive(table, {"type": "move", "move": m}, [])
    >>> send({"type": "lay_off", "card": "10s.0", "meld": 1, "end": "high"})
    >>> [c["id"] for c in table.table[0]["cards"]], table.message
    (['7s.0', '8s.0', '9s.0', '10s.0'], [])
    """

    def __init__(
        self,
        hand: str,
        melds: Iterable[str],
        *,
        variant: str = "romme",
        options: Iterable[str] = (),
        lang: str | None = None,
        four_colour: bool = False,
        **kwargs: Any,
    ) -> None:
        logic = TableLogic(hand, melds, variant=variant, options=options, lang=lang,
                           four_colour=four_colour)  # fmt: skip
        super().__init__(logic, **kwargs)
