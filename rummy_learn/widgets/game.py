"""``Game``: a whole round against 1 to 5 computer players, for any preset and options.

The logic (the round, the bots, the moves the page asks for) is
:class:`~rummy_learn.widget_logic.game.GameLogic`; this class carries it in a kernel.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import traitlets

from rummy_learn.widget_logic.game import LEARNER, GameLogic
from rummy_learn.widgets.base import KitWidget

__all__ = ["LEARNER", "Game", "GameTraits"]


class GameTraits(KitWidget):
    """The traits of a round on the page (a ``Game``, or a practice ``Table``)."""

    table = traitlets.List(traitlets.Dict()).tag(sync=True)
    top_discard = traitlets.Dict().tag(sync=True)  # empty when the pile is
    stock_size = traitlets.Int(0).tag(sync=True)
    players = traitlets.List(traitlets.Dict()).tag(sync=True)
    phase = traitlets.Unicode("").tag(sync=True)
    my_turn = traitlets.Bool(False).tag(sync=True)
    message = traitlets.List(traitlets.Unicode()).tag(sync=True)
    log = traitlets.List(traitlets.Unicode()).tag(sync=True)
    hint_text = traitlets.List(traitlets.Unicode()).tag(sync=True)
    result = traitlets.List(traitlets.Unicode()).tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    can_knock = traitlets.Bool(False).tag(sync=True)
    knock_open = traitlets.Bool(False).tag(sync=True)  # the learner may knock now, or pass
    can_undo = traitlets.Bool(False).tag(sync=True)  # the learner has a move to take back
    moves = traitlets.Dict().tag(sync=True)  # each move: "" where legal now, else why not
    targets = traitlets.Dict().tag(sync=True)  # the cards and melds of legal discards, lay-offs
    level = traitlets.Unicode("medium").tag(sync=True)  # the computer players' level
    entries = traitlets.List(traitlets.Dict()).tag(sync=True)  # the last moves, with pictures
    card_back = traitlets.Unicode("").tag(sync=True)  # the drawing of a card's back


class Game(GameTraits):
    """A round against bots: draw, meld, lay off, swap, discard, go out, knock, hints.

    >>> game = Game(variant="rami40", bots=1, seed=7, lang="en")
    >>> game.phase in ("draw", "play"), len(game.cards)
    (True, 13)
    """

    def __init__(
        self,
        *,
        variant: str = "romme",
        options: Iterable[str] = (),
        bots: int = 1,
        level: str = "medium",
        seed: int = 0,
        lang: str | None = None,
        four_colour: bool = False,
        **kwargs: Any,
    ) -> None:
        logic = GameLogic(variant=variant, options=options, bots=bots, level=level, seed=seed,
                          lang=lang, four_colour=four_colour)  # fmt: skip
        super().__init__(logic, **kwargs)
