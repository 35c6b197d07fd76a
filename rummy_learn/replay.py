"""A round step by step, for watching it: every state from the deal to the scores, each move
with its explanation, as plain JSON data (what a replay widget or a static page shows).

Every state is computed at once, so a page can step through them with no kernel. A
frame shows every hand, or one player's view (the others' hands as their sizes).

>>> from rummy_learn.variants import preset
>>> game, whys = played(preset("rami40"), ["hard", "medium"], seed=2)
>>> frames = replay_frames(game, "en", explained=whys)
>>> len(frames) == len(game.moves) + 1, frames[0]["line"], frames[-1]["over"]
(True, '', True)
>>> frames[1]["line"].startswith("Player ")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummy_learn.actions import action_to_json, card_id, card_ids
from rummy_learn.bots import drive_bots
from rummy_learn.engine import Round
from rummy_learn.explain import Explanation, explain
from rummy_learn.i18n import text
from rummy_learn.i18n.explained import move_line, moved_cards, reason_text
from rummy_learn.levels import make_level_bots
from rummy_learn.rules import Rules
from rummy_learn.table import TableMeld

__all__ = ["played", "replay_frames"]


def played(
    rules: Rules, levels: Sequence[str], seed: int = 0
) -> tuple[Round, tuple[Explanation, ...]]:
    """A round the bots play to its end on the spot (one level per seat), and their own
    explanations of their moves (for :func:`replay_frames`)."""
    game = Round(rules, len(levels), seed=seed)
    whys: list[Explanation] = []
    for _ in drive_bots(game, make_level_bots(levels, rules, seed), why=whys):
        pass
    return game, tuple(whys)


def _frame(game: Round, number: int, line: str, view_of: int | None) -> dict[str, Any]:
    s = game.state
    hands = [
        card_ids(hand) if view_of is None or p == view_of else len(hand)
        for p, hand in enumerate(s.hands)
    ]
    outcome = game.outcome
    return {
        "move": number,
        "line": line,
        "current": s.current,
        "phase": s.phase.value,
        "hands": hands,
        "table": [_meld(m, game.rules) for m in s.table],
        "top_discard": card_ids(s.discard[-1:]),
        "stock": len(s.stock),
        "over": outcome is not None,
        "winner": outcome.winner if outcome else None,
        "hand_points": list(outcome.hand_points) if outcome else None,
        "scores": list(outcome.scores) if outcome else None,
    }


def _meld(meld: TableMeld, rules: Rules) -> dict[str, Any]:
    """A meld on the table: its cards, and the face each joker stands for (else ``None``)."""
    check = meld.check(rules)
    faces = [check.drawn_face(i) if check.faces else None for i in range(len(meld.cards))]
    return {"id": meld.id, "owner": meld.owner, "kind": meld.kind.value,
            "cards": card_ids(meld.cards),
            "faces": [card_id(f) if f is not None and c.is_joker else None
                      for c, f in zip(meld.cards, faces, strict=True)]}  # fmt: skip


def replay_frames(
    game: Round | dict[str, Any],
    lang: str | None = None,
    *,
    view_of: int | None = None,
    names: Sequence[str] | None = None,
    explained: Sequence[Explanation] = (),
) -> list[dict[str, Any]]:
    """Every state of a round, from the deal, each after a move with its line in words
    (``line``: what was done, ``said``, then why, ``reason``; ``shown``: the move's cards).

    ``game``: a round, or a save (``Round.to_json``; checked, not trusted). The moves are
    explained from their player's view (:func:`~rummy_learn.explain.explain`), or by
    ``explained``, the bots' own explanations of every move (:func:`played`). ``view_of``:
    show only that player's hand; ``names``: the players' names (default: "Player 1", …).
    """
    if isinstance(game, dict):
        game = Round.from_json(game)
    moves = game.moves
    who = list(names or [text("replay.player", lang, number=p + 1) for p in range(game.players)])
    replay = game.copy()
    for _ in moves:
        replay.undo()
    frames = [_frame(replay, 0, "", view_of)]
    for number, move in enumerate(moves, start=1):
        known = explained[number - 1] if len(explained) == len(moves) else None
        why = known if known is not None else explain(replay.view(move.player), move.action)
        top = replay.state.discard[-1] if replay.state.discard else None
        said, reason = move_line(who[move.player], move.action, top, lang), reason_text(why, lang)
        replay.apply(move.action)
        frame = _frame(replay, number, f"{said} {reason}", view_of)
        frame |= {"player": move.player, "action": action_to_json(move.action), "said": said,
                  "reason": reason, "shown": card_ids(moved_cards(move.action, top))}  # fmt: skip
        frames.append(frame)
    return frames
