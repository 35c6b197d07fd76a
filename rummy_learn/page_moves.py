"""A move as a widget's page sends it, read into an :class:`~rummy_learn.actions.Action`.

Nothing from the page is trusted. The page names cards by id and a meld by the cards
selected, in no order; :func:`read_page_move` checks the ids against the player's hand and
the table, reads the move with :func:`~rummy_learn.actions.action_from_json` (the one
reader of moves), and lays each selected meld as the kit places it (each joker where it
counts most, where the variant leaves that to the player). A move it cannot read raises
:class:`PageMoveError`, whose ``key`` is the catalog message that says why; whether a move
it read is allowed is for the rules to say (``is_legal``).

>>> from rummy_learn.engine import Round
>>> from rummy_learn.variants import preset
>>> game = Round(preset("rami40"), players=2, seed=7)
>>> read_page_move({"type": "draw"}, game.view(1))
DrawStock()
>>> read_page_move({"type": "discard", "card": "Zz.9"}, game.view(1))
Traceback (most recent call last):
...
rummy_learn.page_moves.PageMoveError: ui.unknown_card
"""

from __future__ import annotations

from typing import Any

from rummy_learn.actions import Action, Meld, action_from_json, card_ids
from rummy_learn.melds import check_meld
from rummy_learn.view import PlayerView

__all__ = ["PageMoveError", "read_page_move"]

_TYPES = {"draw": "draw_stock", "take": "take_discard", "swap": "swap_joker"}
"""The page's names of moves that differ from :func:`~rummy_learn.actions.action_to_json`'s."""


class PageMoveError(ValueError):
    """A move from the page that cannot be read; ``key`` names the message to show."""

    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(key)


def _chosen(value: object, known: set[str]) -> list[str]:
    """Card ids the page chose: a list of known ids, none twice, at least one."""
    if isinstance(value, list) and (not value or value == [None]):
        raise PageMoveError("refusal.nothing_chosen")
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise PageMoveError("ui.bad_message")
    if len(set(value)) != len(value):
        raise PageMoveError("ui.same_card_twice")
    if any(v not in known for v in value):
        raise PageMoveError("ui.unknown_card")
    return value


def read_page_move(data: object, view: PlayerView) -> Action:
    """The move the page asks for, by the view's player (see the module's documentation)."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise PageMoveError("ui.bad_message")
    known = {*card_ids(view.hand), *card_ids(c for m in view.table for c in m.cards)}
    kind = _TYPES.get(data["type"], data["type"])
    move: dict[str, Any] = {**data, "type": kind}
    if kind == "knock":
        move["player"] = view.player
    elif kind in ("discard", "lay_off"):
        move["card"] = _chosen([data.get("card")], known)[0]
        move.setdefault("end", "high")
    elif kind == "meld":
        if not isinstance(data.get("melds"), list):
            raise PageMoveError("ui.bad_message")
        move["melds"] = [_chosen(meld, known) for meld in data["melds"]]
    elif kind == "swap_joker":
        move["joker"] = _chosen([data.get("joker")], known)[0]
        move["cards"] = _chosen(data.get("cards"), known)
        move["new_meld"] = _chosen(data["new_meld"], known) if data.get("new_meld") else []
    try:
        action = action_from_json(move)
    except ValueError:
        raise PageMoveError("ui.bad_message") from None
    if isinstance(action, Meld):  # a selection has no order: the kit lays it
        laid = (check_meld(cards, view.rules, any_order=True) for cards in action.melds)
        return Meld(tuple(c.arrangement if c.valid else c.cards for c in laid))
    return action
