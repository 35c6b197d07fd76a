"""The ``Game``'s logic: a whole round against 1 to 5 computer players, any preset and options.

The learner is player 0. Every move the page asks for is read by the core's one reader of
moves (:func:`~rummy_learn.page_moves.read_page_move`: card ids checked against the
learner's hand and the table), checked by the engine, and either made or refused with
every reason in the learner's language. The bots then play through the core's one loop
(:func:`~rummy_learn.bots.drive_bots`, as ``simulate`` runs it) until it is the learner's
turn again, or until the learner may knock for a discard (Knock, or Let it go: ``pass``).
Undo takes back the learner's last move and the bots' moves after it
(:func:`~rummy_learn.bots.take_back`, on :meth:`~rummy_learn.engine.Round.undo`).

The page sends a meld as a selection of cards, in no chosen order: the kit lays it,
each joker where the variant puts it or, where the variant leaves it to the player,
where it counts most (so an opening reaches the minimum whenever it can).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from itertools import combinations
from typing import Any

from rummy_learn.actions import (
    Action,
    Discard,
    DrawStock,
    GoOut,
    Knock,
    LayOff,
    Meld,
    SwapJoker,
    TakeDiscard,
    card_id,
)
from rummy_learn.bots import Bot, can_take_back, drive_bots, take_back
from rummy_learn.cards import Card
from rummy_learn.engine import Round
from rummy_learn.explain import Explanation, Why
from rummy_learn.hint_compare import explained_hint
from rummy_learn.i18n import text
from rummy_learn.i18n.describe import (
    cards_text,
    move_problem_lines,
    variant_name,
)
from rummy_learn.i18n.explained import moved_cards, outcome_lines, reason_text
from rummy_learn.levels import LEVELS, level_name, make_level_bots
from rummy_learn.page_moves import PageMoveError, read_page_move
from rummy_learn.refusals import Refusal
from rummy_learn.render import card_back_svg
from rummy_learn.state import Phase
from rummy_learn.variants import preset
from rummy_learn.widget_logic.base import Logic, card_payload, table_card_payload
from rummy_learn.widget_logic.offered import GAME_MOVES, offered_moves

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
              "message", "log", "hint_text", "result", "title", "can_knock", "knock_open",
              "can_undo", "moves", "targets", "level", "entries", "card_back")  # fmt: skip
    MOVES: tuple[str, ...] = GAME_MOVES  # the moves its page offers

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
    knock_open: bool  # the learner may knock for the last discard now (or let it go)
    can_undo: bool  # the learner has a move to take back
    moves: dict[str, str]  # each move: "" where it is legal now, else why not (offered.py)
    targets: dict[str, list[Any]]  # the cards and melds of the legal discards, lay-offs, swaps
    level: str  # the computer players' level: easy, medium, hard (or the testers' random)
    entries: list[dict[str, Any]]  # the log's last moves: who, what, the cards, and why
    card_back: str  # the drawing of a card's back (the other players' hands, the stock)

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
    ) -> None:
        super().__init__(lang=lang, four_colour=four_colour)
        if isinstance(bots, bool) or not isinstance(bots, int) or not 1 <= bots <= 5:
            raise ValueError("a game has 1 to 5 computer players")
        if not isinstance(level, str):
            raise ValueError("a bot's level is easy, medium or hard")
        self.rules = preset(variant, options)
        self.level = level_name(level)  # greedy: medium; random: the rules' tester
        self.card_back = card_back_svg(self.lang)
        self.seed = seed
        self.bot_count = bots
        self.round_number = 0
        self.title = variant_name(variant, self.lang)
        self.table, self.top_discard, self.stock_size, self.players = [], {}, 0, []
        self.phase, self.my_turn, self.can_knock = "", False, False
        self.knock_open, self.can_undo = False, False
        self._new_round()

    def snapshot(self) -> dict[str, Any]:
        return {**super().snapshot(), "title": self.title, "level": self.level, "seed": self.seed,
                "bots": self.bot_count, "round_number": self.round_number,
                "round": self.round.to_json(), "log": self.log,
                "entries": [{**e, "cards": [c["id"] for c in e["cards"]]}
                            for e in self.entries]}  # fmt: skip

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
        level = data.get("level")
        try:
            self.level = level_name(level if isinstance(level, str) else "medium")
        except ValueError:
            raise ValueError("snapshot: level is easy, medium or hard") from None
        self.card_back = card_back_svg(self.lang)
        self.bots = self._make_bots()
        self.title = title
        self.table, self.top_discard, self.stock_size, self.players = [], {}, 0, []
        self.phase, self.my_turn, self.can_knock = "", False, False
        self.knock_open, self.can_undo = False, False
        self.log = [line for line in log if isinstance(line, str)][-60:]
        self.entries = self._entries_from(data.get("entries", []))
        self.message, self.hint_text, self.result = [], [], []
        self._show()

    def _entries_from(self, saved: object) -> list[dict[str, Any]]:
        """The log's entries as a snapshot keeps them (card ids): checked, each card drawn
        again here (no drawing comes from the page)."""
        from rummy_learn.actions import parse_card_id

        if not isinstance(saved, list):
            raise ValueError("snapshot: entries must be a list")
        entries = []
        for e in saved[-ENTRIES:]:
            fields = (e.get(k) if isinstance(e, dict) else None for k in _ENTRY_FIELDS)
            number, player, kind, line, why, cards, meld = fields
            if not (isinstance(number, int) and isinstance(player, int) and kind in _KIND.values()
                    and isinstance(line, str) and isinstance(why, str)
                    and isinstance(cards, list) and all(isinstance(c, str) for c in cards)
                    and (meld is None or isinstance(meld, int))):  # fmt: skip
                raise ValueError("snapshot: an entry of the log is not one")
            drawn = [card_payload(parse_card_id(c), self.lang, self.four_colour) for c in cards]
            entry = {"number": number, "player": player, "kind": kind, "text": line,
                     "why": why, "cards": drawn, "meld": meld}  # fmt: skip
            if isinstance(e, dict) and "after" in e:
                entry["after"] = _table_after_from(e["after"])
            entries.append(entry)
        return entries

    # --- the round ------------------------------------------------------------------------------

    def _new_round(self) -> None:
        players = self.bot_count + 1
        self.round = Round(self.rules, players, seed=self.seed + self.round_number,
                           dealer=(players - 1 + self.round_number) % players)  # fmt: skip
        self.bots = self._make_bots()
        self.log, self.message, self.hint_text, self.result = [], [], [], []
        self.entries = []
        self._play_bots()
        self._show()

    def _make_bots(self) -> list[Bot]:
        return make_level_bots([self.level] * self.round.players, self.rules, self.seed)

    def _play_bots(self, *, passed: bool = False) -> None:
        """The computer players move (the core's one loop) until the learner is to move, may
        knock, or the round is over; each move gets its line in the log."""
        game = self.round
        seats: list[Bot | None] = [None, *self.bots[1:]]
        top = game.state.discard[-1] if game.state.discard else None
        why: list[Explanation] = []
        taken: list[tuple[dict[str, Any], Explanation]] = []  # a take for a meld it then laid
        for move in drive_bots(game, seats, passed=passed, why=why):  # one move made per step
            self._record(move.player, move.action, top, why[-1])
            top = game.state.discard[-1] if game.state.discard else None
            if why[-1].why is Why.TAKE_COMPLETES:
                taken.append((self.entries[-1], why[-1]))
        on_table = {card for meld in game.table for card in meld.cards}
        for entry, reason in taken:  # its meld is laid now: the reason names public cards
            if all(card in on_table for meld in reason.melds for card in meld):
                entry["why"] = self._open_reason(reason)

    def _name(self, player: int) -> str:
        if player == LEARNER:
            return text("game.you", self.lang)
        return text("game.bot", self.lang, number=player)

    def _record(
        self, player: int, action: Action, top: Card | None, why: Explanation | None = None
    ) -> None:
        """A line of the log, in the learner's language (``top``: the discard pile's top
        card before the move, the card a take or a knock took), and its entry for the page:
        the cards as pictures and, for a computer player, why it moved (``why``)."""
        cards = moved_cards(action, top)
        if player == LEARNER and isinstance(action, DrawStock):  # the learner saw what they drew
            cards = (self.round.state.hands[LEARNER][-1],)
        shown = cards_text(cards, self.lang) if cards else ""  # a joker by its word, not 🃏
        if isinstance(action, Meld):  # one meld after another, apart
            shown = " | ".join(cards_text(meld, self.lang) for meld in action.melds)
        key = _LOG_KEYS[type(action)]  # the learner's own moves are said to them: "You drew…"
        key = key.replace("game.log.", "game.log.you.") if player == LEARNER else key
        line = text(key, self.lang, player=self._name(player), cards=shown)
        self.log = [*self.log, line][-60:]
        number = self.entries[-1]["number"] + 1 if self.entries else len(self.log)
        meld = action.meld if isinstance(action, LayOff | SwapJoker) else None
        entry = {"number": number, "player": player, "kind": _KIND[type(action)], "text": line,
                 "why": self._public_reason(why),
                 "cards": [card_payload(c, self.lang, self.four_colour) for c in cards],
                 "meld": meld, "after": self._table_after()}  # fmt: skip
        self.entries = [*self.entries, entry][-ENTRIES:]

    def _table_after(self) -> dict[str, Any]:
        """The table as everyone sees it after a move, by card ids: the page shows the bots'
        moves one at a time with it (a teacher saw the table jump to the end of their turn
        while the first card was still flying)."""
        view = self.round.view(LEARNER)
        top = view.top_discard
        return {"stock": view.stock_size, "top": card_id(top) if top else "",
                "hands": list(view.hand_sizes), "current": view.current,
                "table": [[m.id, m.owner, m.kind.value, [card_id(c) for c in m.cards]]
                          for m in view.table]}  # fmt: skip

    def _public_reason(self, why: Explanation | None) -> str:
        """A computer player's reason as the learner may read it: the reasons that name only
        cards everyone sees (a meld laid, a lay-off, the pile's card it left, the card it
        threw), never the cards it keeps, waits for or holds back (a German teacher saw a
        bot's hand in the log); a reason that would name them says that it stays hidden."""
        if why is None:
            return ""
        if why.why not in _PUBLIC_WHYS:
            return text("explain.hidden", self.lang)
        return self._open_reason(why)

    def _open_reason(self, why: Explanation) -> str:
        """A reason in words without what the player keeps, waits for or holds back."""
        return reason_text(replace(why, keeps=(), waits=(), held=()), self.lang)

    def _show(self) -> None:
        game, lang = self.round, self.lang
        view = game.view(LEARNER)
        self.cards = [card_payload(c, lang, self.four_colour) for c in view.hand]
        self.table = [self._meld_payload(meld) for meld in view.table]
        top = view.top_discard
        self.top_discard = card_payload(top, lang, self.four_colour) if top else {}
        self.stock_size = view.stock_size
        over = game.outcome is not None  # the hands are laid open to be counted, no one moves
        self.players = [
            {"name": self._name(p), "cards": view.hand_sizes[p], "opened": view.opened[p],
             "current": p == view.current and not over,
             "shown": [card_payload(c, lang, self.four_colour) for c in game.hand(p)]
             if over and p != LEARNER else []}
            for p in range(game.players)
        ]  # fmt: skip
        self.can_knock = self.rules.knock and game.players >= self.rules.knock_min_players
        self.phase = view.phase.value
        self.my_turn = view.my_turn
        self.knock_open = (
            view.phase is Phase.KNOCK and not view.my_turn and bool(game.is_legal(Knock(LEARNER)))
        )
        self.can_undo = can_take_back(game, LEARNER)
        self.moves, self.targets = offered_moves(game, LEARNER, lang=lang, kinds=self.MOVES,
                                                 can_undo=self.can_undo)  # fmt: skip
        outcome = game.outcome
        names = [self._name(p) for p in range(game.players)]
        self.result = outcome_lines(outcome, names, lang) if outcome is not None else []

    def _meld_payload(self, meld: Any) -> dict[str, Any]:
        check = meld.check(self.rules)
        cards = [
            table_card_payload(card, check.drawn_face(i) if check.faces else None, self.lang,
                               self.four_colour)  # as it lies: meld.cards
            for i, card in enumerate(meld.cards)
        ]  # fmt: skip
        return {"id": meld.id, "owner": meld.owner, "kind": meld.kind.value, "cards": cards}

    # --- moves from the page: untrusted -------------------------------------------------------

    def _tell(self, key: str) -> None:
        """A refusal is shown where the game shows its messages."""
        super()._tell(key)
        self.message = [self.error]

    def _swap_from(self, swap: SwapJoker) -> SwapJoker:
        """The swap the chosen cards make: all of them in the joker's place or, where the taken
        joker must go into a new meld at once (Rommé), the one or two that fit its place and the
        rest, with the joker, as the new meld. The page has one selection for both."""
        cards = swap.cards
        if swap.new_meld or len(cards) < 2 or self.round.is_legal(swap):
            return swap
        fitting = None  # no split is legal: the first whose cards fit, to say what else fails
        for size in (1, 2):  # a swap takes one card, or two (both missing suits of a set)
            for chosen in combinations(range(len(cards)), size):
                taken = tuple(cards[i] for i in chosen)
                rest = tuple(c for i, c in enumerate(cards) if i not in chosen)
                tried = SwapJoker(swap.meld, swap.joker, taken, rest)
                legality = self.round.is_legal(tried)
                if legality:
                    return tried
                codes = {p.code for p in legality.problems}
                if fitting is None and Refusal.SWAP_CARD_DOES_NOT_FIT not in codes:
                    fitting = tried
        return fitting or swap

    def _on_move(self, content: dict[str, Any]) -> None:
        self.message = []
        move = content.get("move")
        try:
            action = read_page_move(move, self.round.view(LEARNER))
        except PageMoveError as refused:
            self.message = [text(refused.key, self.lang)]
            return
        if isinstance(action, SwapJoker):
            action = self._swap_from(action)
        legality = self.round.is_legal(action)
        if not legality:
            self.message = [
                line for p in legality.problems for line in move_problem_lines(p, self.lang)
            ]
            return
        self.message, self.hint_text = [], []
        top = self.round.state.discard[-1] if self.round.state.discard else None
        self.round.apply(action)
        self._record(LEARNER, action, top)
        self._play_bots()
        self._show()

    def _on_pass(self, _content: dict[str, Any]) -> None:
        """The learner lets the discard they may knock for go: the bots play on."""
        if not self.knock_open:
            self.message = [text("game.nothing_to_pass", self.lang)]
            return
        self.message = []
        self._play_bots(passed=True)
        self._show()

    def _on_undo(self, _content: dict[str, Any]) -> None:
        """Take back the learner's last move and the bots' moves after it."""
        self.hint_text = []
        if self.round.outcome is not None:  # the result stands
            self.message = [text("game.why.over", self.lang)]
            return
        taken = take_back(self.round, LEARNER)
        if not taken:
            mine = any(move.player == LEARNER for move in self.round.moves)
            self.message = [text("game.undo_seen" if mine else "game.nothing_to_undo", self.lang)]
            return
        self.log = self.log[: max(0, len(self.log) - len(taken))]
        self.entries = self.entries[: max(0, len(self.entries) - len(taken))]
        self.message = [text("game.undone", self.lang)]
        self._show()

    def _on_hint(self, _content: dict[str, Any]) -> None:
        """The hint, each step with its reason, then what the hard bot would do instead."""
        self.message = []
        self.hint_text = explained_hint(self.round.view(LEARNER), self.lang, seed=self.seed)

    def _on_level(self, content: dict[str, Any]) -> None:
        """The learner picks the computer players' level: easy, medium or hard (from the
        next move of theirs on)."""
        level = content.get("level")
        if level not in LEVELS:
            self.message = [text("game.bad_level", self.lang)]
            return
        self.message = []
        self.level = level
        self.bots = self._make_bots()

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


def _table_after_from(saved: object) -> dict[str, Any]:
    """A log entry's table after its move, as a snapshot keeps it: checked field by field
    (card ids read again), or a ValueError."""
    from rummy_learn.actions import parse_card_id

    def ints(value: object) -> bool:
        return isinstance(value, list) and all(type(n) is int for n in value)

    fields = saved if isinstance(saved, dict) else {}
    stock, top, hands = fields.get("stock"), fields.get("top"), fields.get("hands")
    current, table = fields.get("current"), fields.get("table")
    melds = table if isinstance(table, list) else None
    if not (type(stock) is int and isinstance(top, str) and ints(hands) and type(current) is int
            and melds is not None
            and all(isinstance(m, list) and len(m) == 4 and type(m[0]) is int
                    and type(m[1]) is int and m[2] in ("set", "run") and isinstance(m[3], list)
                    and all(isinstance(c, str) for c in m[3]) for m in melds)):  # fmt: skip
        raise ValueError("snapshot: a log entry's table is not one")
    ids = [top] if top else []
    for meld in melds:
        ids += meld[3]
    for card in ids:
        parse_card_id(card)  # a ValueError names a card id that is not one
    return {"stock": stock, "top": top, "hands": list(hands), "current": current,  # type: ignore[arg-type]
            "table": [[m[0], m[1], m[2], list(m[3])] for m in melds]}  # fmt: skip


_PUBLIC_WHYS = frozenset({Why.OPEN, Why.MELD, Why.LAY_OFF, Why.SWAP, Why.SWAP_NEW_MELD,
                          Why.GO_OUT, Why.DRAW_EMPTY, Why.TAKE_LAST, Why.DRAW_NOTHING,
                          Why.TAKE_ANYWAY, Why.DISCARD_LOOSE, Why.DISCARD_COSTLY,
                          Why.DISCARD_SAFE})  # fmt: skip
"""The reasons for a computer player's move that name only cards on the table or the pile
(the pile's card it left, the card it threw and what that card costs), with what it keeps,
waits for or holds back left out."""

_KIND: dict[type, str] = {kind: key.rsplit(".", 1)[1] for kind, key in _LOG_KEYS.items()}
ENTRIES = 12
_ENTRY_FIELDS = ("number", "player", "kind", "text", "why", "cards", "meld")
"""How many of the last moves the page gets with their pictures and reasons."""
