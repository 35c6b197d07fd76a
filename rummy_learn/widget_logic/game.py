"""The ``Game``'s logic: a whole round against 1 to 5 computer players, any preset and options.

The learner is player 0. Every move the page asks for is built from card ids, checked by
the engine from the learner's view, and either made or refused with every reason in the
learner's language. The bots then play until it is the learner's turn again.

The page sends a meld as a selection of cards, in no chosen order: the kit lays it,
each joker where the variant puts it or, where the variant leaves it to the player,
where it counts most (so an opening reaches the minimum whenever it can).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import Any

from rummy_learn.actions import (
    Action,
    Discard,
    DrawStock,
    End,
    GoOut,
    Knock,
    LayOff,
    Meld,
    SwapJoker,
    TakeDiscard,
    card_id,
)
from rummy_learn.bots import Bot, GreedyBot, RandomBot
from rummy_learn.cards import Card
from rummy_learn.engine import Round
from rummy_learn.hints import hint
from rummy_learn.i18n import points_text, text
from rummy_learn.i18n.describe import card_name, hint_lines, move_problem_lines, variant_name
from rummy_learn.melds import check_meld
from rummy_learn.notation import format_cards
from rummy_learn.render import card_svg
from rummy_learn.variants import preset
from rummy_learn.widget_logic.base import Logic, card_payload

LEARNER = 0


class GameLogic(Logic):
    """A round against bots: draw, meld, lay off, swap, discard, go out, knock, hints.

    >>> game = GameLogic(variant="rami40", bots=1, seed=7, lang="en")
    >>> game.phase in ("draw", "play"), len(game.cards)
    (True, 13)
    >>> game.receive({"type": "move", "move": {"type": "discard", "card": "Zz.9"}})
    >>> game.message
    ['That card is not in this hand.']
    """

    KIND = "game"
    FIELDS = (*Logic.FIELDS, "table", "top_discard", "stock_size", "players", "phase", "my_turn",
              "message", "log", "hint_text", "result", "title", "can_knock")  # fmt: skip

    table: list[dict[str, Any]]
    top_discard: dict[str, Any]
    stock_size: int
    players: list[dict[str, Any]]
    phase: str
    my_turn: bool
    message: list[str]
    log: list[str]
    hint_text: list[str]
    result: list[str]
    title: str
    can_knock: bool

    def __init__(
        self,
        *,
        variant: str = "romme",
        options: Iterable[str] = (),
        bots: int = 1,
        level: str = "greedy",
        seed: int = 0,
        lang: str | None = None,
        four_colour: bool = False,
    ) -> None:
        super().__init__(lang=lang, four_colour=four_colour)
        if isinstance(bots, bool) or not isinstance(bots, int) or not 1 <= bots <= 5:
            raise ValueError("a game has 1 to 5 computer players")
        if level not in ("greedy", "random"):
            raise ValueError("a bot's level is greedy or random")
        self.rules = preset(variant, options)
        self.level = level
        self.seed = seed
        self.bot_count = bots
        self.round_number = 0
        self.title = variant_name(variant, self.lang)
        self.table, self.top_discard, self.stock_size, self.players = [], {}, 0, []
        self.phase, self.my_turn, self.can_knock = "", False, False
        self._new_round()

    def snapshot(self) -> dict[str, Any]:
        return {**super().snapshot(), "title": self.title, "level": self.level, "seed": self.seed,
                "bots": self.bot_count, "round_number": self.round_number,
                "round": self.round.to_json(), "log": self.log}  # fmt: skip

    @classmethod
    def restore(cls, data: dict[str, Any]) -> GameLogic:
        game = cls.__new__(cls)
        Logic.__init__(game, lang=data.get("lang"), four_colour=bool(data.get("four_colour")))
        game._restore(data)
        return game

    def _restore(self, data: dict[str, Any]) -> None:
        """The round and the players as a snapshot has them (the round checked, not trusted)."""
        numbers = [data.get(name) for name in ("seed", "bots", "round_number")]
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in numbers):
            raise ValueError("snapshot: seed, bots and round_number are whole numbers")
        saved, title, log = data.get("round"), data.get("title"), data.get("log")
        if not isinstance(saved, dict) or not isinstance(title, str) or not isinstance(log, list):
            raise ValueError("snapshot: round, title and log are missing")
        self.round = Round.from_json(saved)  # every field and move checked again
        self.rules = self.round.rules
        self.seed, self.round_number = int(numbers[0] or 0), int(numbers[2] or 0)
        self.bot_count = self.round.players - 1
        self.level = "random" if data.get("level") == "random" else "greedy"
        self.bots = self._make_bots()
        self.title = title
        self.table, self.top_discard, self.stock_size, self.players = [], {}, 0, []
        self.phase, self.my_turn, self.can_knock = "", False, False
        self.log = [line for line in log if isinstance(line, str)][-60:]
        self.message, self.hint_text, self.result = [], [], []
        self._show()

    # --- the round ------------------------------------------------------------------------------

    def _new_round(self) -> None:
        players = self.bot_count + 1
        self.round = Round(self.rules, players, seed=self.seed + self.round_number,
                           dealer=(players - 1 + self.round_number) % players)  # fmt: skip
        self.bots = self._make_bots()
        self.log, self.message, self.hint_text, self.result = [], [], [], []
        self._play_bots()
        self._show()

    def _make_bots(self) -> list[Bot]:
        return [
            GreedyBot(self.rules) if self.level == "greedy" else RandomBot(self.seed + p)
            for p in range(self.round.players)
        ]

    def _play_bots(self) -> None:
        """Let the computer players move until it is the learner's turn or the round is over."""
        game = self.round
        for _ in range(10_000):
            if game.outcome is not None:
                return
            if game.view(game.current).knock_open:
                for player in range(1, game.players):
                    view = game.view(player)
                    knock = Knock(player)
                    if (
                        player != game.current
                        and game.is_legal(knock)
                        and self.bots[player].knock(view)
                    ):
                        self._record(player, knock)
                        game.apply(knock)
                        break
            if game.current == LEARNER or game.outcome is not None:
                return
            action = self.bots[game.current].choose(game.view(game.current))
            self._record(game.current, action)
            game.apply(action)

    def _name(self, player: int) -> str:
        if player == LEARNER:
            return text("game.you", self.lang)
        return text("game.bot", self.lang, number=player)

    def _record(self, player: int, action: Action) -> None:
        """A line of the log, in the learner's language (before the move is made)."""
        cards = _cards_of(action)
        top = self.round.view(player).top_discard
        if isinstance(action, TakeDiscard | Knock) and top is not None:
            cards = (top,)
        shown = format_cards(cards, "local", self.lang) if cards else ""
        if isinstance(action, Meld):  # one meld after another, apart
            shown = " | ".join(format_cards(meld, "local", self.lang) for meld in action.melds)
        line = text(_LOG_KEYS[type(action)], self.lang, player=self._name(player), cards=shown)
        self.log = [*self.log, line][-60:]

    def _show(self) -> None:
        game, lang = self.round, self.lang
        view = game.view(LEARNER)
        self.cards = [card_payload(c, lang, self.four_colour) for c in view.hand]
        self.table = [self._meld_payload(meld) for meld in view.table]
        top = view.top_discard
        self.top_discard = card_payload(top, lang, self.four_colour) if top else {}
        self.stock_size = view.stock_size
        self.players = [
            {"name": self._name(p), "cards": view.hand_sizes[p], "opened": view.opened[p],
             "current": p == view.current}
            for p in range(game.players)
        ]  # fmt: skip
        self.can_knock = self.rules.knock and game.players >= self.rules.knock_min_players
        self.phase = view.phase.value
        self.my_turn = view.my_turn
        outcome = game.outcome
        if outcome is not None:
            lines = [text("game.over." + outcome.reason.value, lang)]
            if outcome.winner is not None:
                lines.append(text("game.winner", lang, player=self._name(outcome.winner)))
            for p in range(game.players):
                lines.append(text("game.score_line", lang, player=self._name(p),
                                  hand=points_text(outcome.hand_points[p], lang),
                                  score=points_text(outcome.scores[p], lang)))  # fmt: skip
            self.result = lines

    def _meld_payload(self, meld: Any) -> dict[str, Any]:
        check = meld.check(self.rules)
        cards = []
        for i, card in enumerate(meld.cards):
            payload = card_payload(card, self.lang, self.four_colour)
            face = check.drawn_face(i) if check.faces else None  # as it lies: meld.cards
            if face is not None:
                payload["svg"] = card_svg(
                    card, self.lang, stands_for=face, four_colour=self.four_colour
                )
                stands = card_name(face, self.lang)
                payload["label"] = text("verdict.joker", self.lang, card=stands)
            cards.append(payload)
        return {"id": meld.id, "owner": meld.owner, "kind": meld.kind.value, "cards": cards}

    # --- moves from the page: untrusted -------------------------------------------------------

    def _tell(self, key: str) -> None:
        """A refusal is shown where the game shows its messages."""
        super()._tell(key)
        self.message = [self.error]

    def _card(self, value: object) -> Card | None:
        hand = {card_id(c): c for c in self.round.view(LEARNER).hand}
        table = {card_id(c): c for m in self.round.table for c in m.cards}
        card = hand.get(value) if isinstance(value, str) else None
        return card or (table.get(value) if isinstance(value, str) else None)

    def _cards(self, value: object) -> tuple[Card, ...] | None:
        if isinstance(value, list) and (not value or value == [None]):
            self.message = [text("refusal.nothing_chosen", self.lang)]
            return None
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return None
        if len(set(value)) != len(value):
            self.message = [text("ui.same_card_twice", self.lang)]
            return None
        cards = [self._card(v) for v in value]
        if any(c is None for c in cards):
            self.message = [text("ui.unknown_card", self.lang)]
            return None
        return tuple(c for c in cards if c is not None)

    def _laid(self, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """A selected meld as the kit lays it (a selection has no order); as given if invalid."""
        check = check_meld(cards, self.rules, any_order=True)
        return check.arrangement if check.valid else cards

    def _build(self, content: dict[str, Any]) -> Action | None:
        kind = content.get("type")
        if kind == "draw":
            return DrawStock()
        if kind == "take":
            return TakeDiscard()
        if kind == "go_out":
            return GoOut()
        if kind == "knock":
            return Knock(LEARNER)
        if kind == "meld":
            melds = content.get("melds")
            if not isinstance(melds, list):
                return None
            built = [self._cards(m) for m in melds]
            if any(m is None for m in built):
                return None
            return Meld(tuple(self._laid(m) for m in built if m is not None))
        if kind == "discard":
            card = self._cards([content.get("card")])
            return Discard(card[0]) if card else None
        meld = content.get("meld")
        if not isinstance(meld, int) or isinstance(meld, bool):
            return None
        if kind == "lay_off":
            card = self._cards([content.get("card")])
            end = content.get("end", "high")
            if not card or end not in ("low", "high"):
                return None
            return LayOff(card[0], meld, End(end))
        if kind == "swap":
            joker = self._card(content.get("joker"))
            cards = self._cards(content.get("cards"))
            raw = content.get("new_meld", [])
            new = self._cards(raw) if raw else ()
            if joker is None or cards is None or new is None:
                return None
            return (
                SwapJoker(meld, joker, cards, new) if new else self._swap_from(meld, joker, cards)
            )
        return None

    def _swap_from(self, meld: int, joker: Card, cards: tuple[Card, ...]) -> SwapJoker:
        """The swap the chosen cards make: all of them in the joker's place or, where the taken
        joker must go into a new meld at once (Rommé), the one or two that fit its place and the
        rest, with the joker, as the new meld. The page has one selection for both."""
        whole = SwapJoker(meld, joker, cards)
        if len(cards) < 2 or self.round.is_legal(whole):
            return whole
        for size in (1, 2):  # a swap takes one card, or two (both missing suits of a set)
            for chosen in combinations(range(len(cards)), size):
                taken = tuple(cards[i] for i in chosen)
                rest = tuple(c for i, c in enumerate(cards) if i not in chosen)
                swap = SwapJoker(meld, joker, taken, rest)
                if rest and self.round.is_legal(swap):
                    return swap
        return whole

    def _on_move(self, content: dict[str, Any]) -> None:
        self.message = []
        move = content.get("move")
        if not isinstance(move, dict):
            self.message = [text("ui.bad_message", self.lang)]
            return
        action = self._build(move)
        if action is None:
            if not self.message:
                self.message = [text("ui.bad_message", self.lang)]
            return
        legality = self.round.is_legal(action)
        if not legality:
            self.message = [
                line for p in legality.problems for line in move_problem_lines(p, self.lang)
            ]
            return
        self.message, self.hint_text = [], []
        self._record(LEARNER, action)
        self.round.apply(action)
        self._play_bots()
        self._show()

    def _on_hint(self, _content: dict[str, Any]) -> None:
        self.message = []
        self.hint_text = hint_lines(hint(self.round.view(LEARNER)), self.lang)

    def _on_new_round(self, _content: dict[str, Any]) -> None:
        if self.round.outcome is None:
            self.message = [text("game.not_over", self.lang)]
            return
        self.round_number += 1
        self._new_round()


_LOG_KEYS: dict[type, str] = {
    DrawStock: "game.log.draw",
    TakeDiscard: "game.log.take",
    Meld: "game.log.meld",
    LayOff: "game.log.lay_off",
    SwapJoker: "game.log.swap",
    Discard: "game.log.discard",
    GoOut: "game.log.go_out",
    Knock: "game.log.knock",
}


def _cards_of(action: Action) -> tuple[Card, ...]:
    if isinstance(action, Meld):
        return tuple(c for meld in action.melds for c in meld)
    if isinstance(action, LayOff | Discard):
        return (action.card,)
    if isinstance(action, SwapJoker):
        return action.cards
    return ()
