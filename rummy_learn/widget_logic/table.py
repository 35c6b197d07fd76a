"""The practice ``Table``'s logic: melds on the table and a hand; lay-offs and joker swaps.

The moves are checked by the engine under the variant's rules (who may lay off, at which
end, which jokers may be taken and what must happen to them), and refused moves are
explained in the learner's language. Nobody else plays; *New round* starts again.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rummy_learn.cards import Card
from rummy_learn.engine import Round
from rummy_learn.hints import Hint, HintCode, hint
from rummy_learn.i18n import text
from rummy_learn.i18n.describe import hint_lines, variant_name
from rummy_learn.notation import format_cards, parse_cards
from rummy_learn.render import card_back_svg
from rummy_learn.variants import preset
from rummy_learn.widget_logic.base import Logic, from_the_shoe
from rummy_learn.widget_logic.game import LEARNER, GameLogic
from rummy_learn.widget_logic.offered import PRACTICE_MOVES


class TableLogic(GameLogic):
    """A practice table: ``melds`` lie there (laid by another player), ``hand`` is the learner's.

    >>> table = TableLogic("10♠ K♦", ["7♠ 8♠ 9♠", "K♥ K♠ Jkr"], variant="palace", lang="en")
    >>> table.receive({"type": "move", "move": {"type": "lay_off", "card": "10s.0", "meld": 1,
    ...                                         "end": "high"}})
    >>> [c["id"] for c in table.table[0]["cards"]], table.message
    (['7s.0', '8s.0', '9s.0', '10s.0'], [])
    """

    KIND = "table"
    MOVES = PRACTICE_MOVES

    def __init__(
        self,
        hand: str | Iterable[Card],
        melds: Iterable[str | Iterable[Card]],
        *,
        variant: str = "romme",
        options: Iterable[str] = (),
        lang: str | None = None,
        four_colour: bool = False,
    ) -> None:
        Logic.__init__(self, lang=lang, four_colour=four_colour)
        self.rules = preset(variant, options)
        self._variant_options = (variant, tuple(options))
        self.title = variant_name(variant, self.lang)
        self.seed, self.round_number, self.bot_count, self.level = 0, 0, 1, "medium"
        self.card_back = card_back_svg(self.lang)
        self._setup = (self._read(hand), [self._read(m) for m in melds])
        every = [*self._setup[0], *(c for meld in self._setup[1] for c in meld)]
        from_the_shoe(every, self.rules, self.lang, players=2)  # a table of two: its shoe
        self.table, self.top_discard, self.stock_size, self.players = [], {}, 0, []
        self.phase, self.my_turn, self.can_knock = "", False, False
        self.knock_open, self.can_undo = False, False
        self._new_round()

    def _read(self, cards: str | Iterable[Card]) -> list[Card]:
        return parse_cards(cards, self.lang) if isinstance(cards, str) else list(cards)

    def _new_round(self) -> None:
        hand, melds = self._setup
        self.round = Round.practice(self.rules, hand, melds)
        self.bots = []
        self.log, self.message, self.hint_text, self.result = [], [], [], []
        self.entries = []
        self._show()

    def snapshot(self) -> dict[str, Any]:
        hand, melds = self._setup
        variant, options = self._variant_options
        return {**super().snapshot(), "variant": variant, "options": list(options),
                "hand": format_cards(hand, "ascii"),
                "melds": [format_cards(m, "ascii") for m in melds]}  # fmt: skip

    @classmethod
    def restore(cls, data: dict[str, Any]) -> TableLogic:
        variant, options, hand, melds = (
            data.get(k) for k in ("variant", "options", "hand", "melds")
        )
        if not (isinstance(variant, str) and isinstance(hand, str) and isinstance(melds, list)
                and isinstance(options, list)):  # fmt: skip
            raise ValueError("snapshot: variant, options, hand and melds are missing")
        table = cls(hand, [m for m in melds if isinstance(m, str)], variant=variant,
                    options=[o for o in options if isinstance(o, str)], lang=data.get("lang"),
                    four_colour=bool(data.get("four_colour")))  # fmt: skip
        table._restore(data)
        table.bots = []
        return table

    def _play_bots(self, *, passed: bool = False) -> None:
        """Nobody else plays at a practice table."""

    def _on_new_round(self, _content: dict[str, Any]) -> None:
        self._new_round()

    def _on_hint(self, _content: dict[str, Any]) -> None:
        """The lay-offs and swaps the solver proposes; not the discard (the table has none)."""
        steps = hint(self.round.view(LEARNER)).steps
        kept = tuple(step for step in steps if step.code is not HintCode.DISCARD)
        self.message = []
        self.hint_text = hint_lines(Hint(kept), self.lang) or [text("hint.table_done", self.lang)]
