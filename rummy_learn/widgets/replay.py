"""``Replay``: a whole round, move by move, each move explained in the learner's language.

The logic (every frame of the round, computed at once) is
:class:`~rummy_learn.widget_logic.replay.ReplayLogic`; this class carries it in a kernel.
The page steps through the frames on its own, so a ``Replay`` works the same in the book
and in an exported page, with no Python there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import traitlets

from rummy_learn.engine import Round
from rummy_learn.explain import Explanation
from rummy_learn.widget_logic.replay import ALL_HANDS, ReplayLogic
from rummy_learn.widgets.base import KitWidget

__all__ = ["ALL_HANDS", "Replay"]


class Replay(KitWidget):
    """A round to watch: forward, back, to any move; every hand open or one player's view.

    >>> replay = Replay.played("romme", ["hard", "medium"], seed=3, lang="de")
    >>> replay.go(2); replay.current, replay.frames[2]["said"].startswith("Spieler ")
    (2, True)
    >>> replay.show(5); replay.error
    'Diesen Spieler gibt es in dieser Runde nicht.'
    """

    title = traitlets.Unicode("").tag(sync=True)
    names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    frames = traitlets.List(traitlets.Dict()).tag(sync=True)
    current = traitlets.Int(0).tag(sync=True)
    view_of = traitlets.Int(ALL_HANDS).tag(sync=True)  # -1: every hand open
    result = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(
        self,
        game: Round | str | Mapping[str, Any],
        *,
        lang: str | None = None,
        four_colour: bool = False,
        names: Sequence[str] | None = None,
        explained: Sequence[Explanation] = (),
        view_of: int = ALL_HANDS,
        title: str | None = None,
        **kwargs: Any,
    ) -> None:
        logic = ReplayLogic(game, lang=lang, four_colour=four_colour, names=names,
                            explained=explained, view_of=view_of, title=title)  # fmt: skip
        super().__init__(logic, **kwargs)

    @classmethod
    def played(cls, variant: str, levels: Sequence[str], seed: int = 0, **options: Any) -> Replay:
        """A round the bots play on the spot (one level per seat), each move with the bot's
        own reason: ``Replay.played("romme", ["hard", "medium"], seed=3)``; ``options``: as
        :meth:`ReplayLogic.played <rummy_learn.widget_logic.replay.ReplayLogic.played>`
        (``options``, ``lang``, ``four_colour``)."""
        replay = cls.__new__(cls)
        KitWidget.__init__(replay, ReplayLogic.played(variant, levels, seed, **options))
        return replay

    def go(self, move: int) -> None:
        """Show frame ``move`` (0: the deal, then one per move)."""
        self.logic.go(move)
        self._push()

    def show(self, player: int) -> None:
        """Show one player's view only (from 0), or every hand (``ALL_HANDS``)."""
        self.logic.show(player)
        self._push()
