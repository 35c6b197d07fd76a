"""The moves a round's page offers now: each one enabled, or the reason it is not.

The page never works out a move's legality itself. :func:`offered_moves` reads the
engine's own list of legal moves (:func:`~rummy_learn.moves.legal_actions`, lazily: the
draws, discards, lay-offs and swaps, then the first meld if there is one) and gives the page
two things: ``moves``, each button's kind with ``""`` where it may be pressed now or, where
not, the reason in the learner's language (shown when the button has the focus); and
``targets``, the cards and melds a legal discard, lay-off or swap uses (where the page lets
a card be dropped). Whatever the page then sends is still read and checked as before.

>>> from rummy_learn.engine import Round
>>> from rummy_learn.variants import preset
>>> game = Round(preset("rami40"), players=2, seed=7)
>>> moves, targets = offered_moves(game, 1, lang="en")
>>> [kind for kind, why in moves.items() if not why]
['draw', 'take', 'hint']
>>> moves["discard"]
'Draw a card first: from the stock or the discard pile.'
"""

from __future__ import annotations

from typing import Any

from rummy_learn.actions import (
    Action,
    Discard,
    DrawStock,
    GoOut,
    LayOff,
    Meld,
    SwapJoker,
    TakeDiscard,
    card_id,
)
from rummy_learn.engine import Round
from rummy_learn.i18n import text
from rummy_learn.i18n.describe import move_problem_lines
from rummy_learn.moves import legal_actions
from rummy_learn.state import Phase

__all__ = ["GAME_MOVES", "PRACTICE_MOVES", "offered_moves"]

GAME_MOVES = ("draw", "take", "add_to_opening", "meld", "lay_off", "swap", "discard", "go_out",
              "knock", "pass", "undo", "hint", "new_round")  # fmt: skip
"""The Game's moves, as its buttons name them."""
PRACTICE_MOVES = ("meld", "lay_off", "swap", "hint", "new_round")
"""The moves a practice table practises (no draw, no discard, nobody else)."""

_KINDS: dict[type, str] = {
    DrawStock: "draw",
    TakeDiscard: "take",
    Meld: "meld",
    LayOff: "lay_off",
    SwapJoker: "swap",
    Discard: "discard",
    GoOut: "go_out",
}


def _legal(game: Round, player: int) -> tuple[set[str], dict[str, list[Any]]]:
    """The kinds of the player's legal moves now, and the cards and melds they use."""
    kinds: set[str] = set()
    targets: dict[str, list[Any]] = {"discard": [], "lay_off": [], "swap": []}
    action: Action
    for action in legal_actions(game.view(player)):
        kinds.add(_KINDS.get(type(action), "knock"))
        if isinstance(action, Discard):
            targets["discard"].append(card_id(action.card))
        elif isinstance(action, LayOff):
            targets["lay_off"].append([card_id(action.card), action.meld, action.end.value])
        elif isinstance(action, SwapJoker):  # the meld, its joker, a card that takes its place
            swap = [action.meld, card_id(action.joker), card_id(action.cards[0])]
            if swap not in targets["swap"]:
                targets["swap"].append(swap)
        elif isinstance(action, Meld):
            break  # melds come last, and there may be thousands: one is enough
    return kinds, targets


def _why_not(game: Round, player: int, kind: str, lang: str) -> str:
    """Why a move the engine does not list is not possible now, in the learner's words."""
    view = game.view(player)
    if view.phase is Phase.OVER:
        return text("game.why.over", lang) if kind != "new_round" else ""
    if kind == "new_round":
        return text("game.not_over", lang)
    if kind in ("knock", "pass"):
        return text("game.nothing_to_pass", lang)
    if kind == "undo":  # the player's last move showed a hidden card, or there is none
        mine = any(move.player == player for move in game.moves)
        return text("game.undo_seen" if mine else "game.nothing_to_undo", lang)
    if not view.my_turn:
        return text("game.why.not_your_turn", lang)
    if view.phase.drawing and kind not in ("draw", "take"):
        return text("game.why.draw_first", lang)
    if kind in ("draw", "take"):
        if not view.phase.drawing:
            return text("game.why.drawn", lang)
        action = DrawStock() if kind == "draw" else TakeDiscard()
        lines = [line for p in game.is_legal(action).problems
                 for line in move_problem_lines(p, lang)]  # fmt: skip
        return " ".join(lines)
    if kind in ("meld", "add_to_opening"):
        return text("game.why.no_meld" if view.has_opened else "game.why.no_opening", lang)
    return text(f"game.why.no_{kind}", lang)


def offered_moves(
    game: Round,
    player: int,
    *,
    lang: str,
    kinds: tuple[str, ...] = GAME_MOVES,
    can_undo: bool = False,
) -> tuple[dict[str, str], dict[str, list[Any]]]:
    """Each move of ``kinds``: ``""`` where ``player`` may make it now, else why not; and the
    cards and melds of the legal discards, lay-offs and swaps (see the module)."""
    legal, targets = _legal(game, player)
    if "meld" in legal and not game.view(player).has_opened:
        legal.add("add_to_opening")  # an opening may be built of melds put aside one by one
    if "knock" in legal:
        legal.add("pass")
    if can_undo:
        legal.add("undo")
    legal.add("hint")
    if game.outcome is not None or "draw" not in kinds:  # a practice table starts again any time
        legal.add("new_round")
    moves = {kind: "" if kind in legal else _why_not(game, player, kind, lang) for kind in kinds}
    return moves, targets
