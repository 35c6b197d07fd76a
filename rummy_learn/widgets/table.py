"""``Table``: melds on the table and a hand; the learner lays cards off and swaps jokers.

The moves are checked by the engine under the variant's rules (who may lay off, at which
end, which jokers may be taken and what must happen to them), and refused moves are
explained in the learner's language. Nobody else plays; *New round* starts again.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rummy_learn.engine import Round
from rummy_learn.hints import Hint, HintCode, hint
from rummy_learn.i18n import text
from rummy_learn.i18n.describe import hint_lines, variant_name
from rummy_learn.notation import parse_cards
from rummy_learn.variants import preset
from rummy_learn.widgets.base import KitWidget, from_the_shoe
from rummy_learn.widgets.game import LEARNER, Game


class Table(Game):
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
        KitWidget.__init__(self, lang=lang, four_colour=four_colour, kind="table", **kwargs)
        self.rules = preset(variant, options)
        self.title = variant_name(variant, self.lang)
        self.seed, self.round_number, self.bot_count, self.level = 0, 0, 1, "greedy"
        self._setup = (parse_cards(hand, self.lang), [parse_cards(m, self.lang) for m in melds])
        every = [*self._setup[0], *(c for meld in self._setup[1] for c in meld)]
        from_the_shoe(every, self.rules, self.lang, players=2)  # a table of two: its shoe
        self._new_round()

    def _new_round(self) -> None:
        hand, melds = self._setup
        self.round = Round.practice(self.rules, hand, melds)
        self.bots = []
        self.log, self.message, self.hint_text, self.result = [], [], [], []
        self._show()

    def _play_bots(self) -> None:
        """Nobody else plays at a practice table."""

    def _on_new_round(self, _content: dict[str, Any]) -> None:
        self._new_round()

    def _on_hint(self, _content: dict[str, Any]) -> None:
        """The lay-offs and swaps the solver proposes; not the discard (the table has none)."""
        steps = hint(self.round.view(LEARNER)).steps
        kept = tuple(step for step in steps if step.code is not HintCode.DISCARD)
        self.message = []
        self.hint_text = hint_lines(Hint(kept), self.lang) or [text("hint.table_done", self.lang)]
