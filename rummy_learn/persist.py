"""A round saved as JSON, and loaded back: checked field by field, then played again.

:func:`round_to_json` writes what :meth:`~rummy_learn.engine.Round.to_json` returns: the
rules, the settings, the state and the log. :func:`replay` plays a save's log again from
its deal; :func:`load` also asks that the log lead to the saved state. Every field is
checked first (:mod:`rummy_learn.saves`): a bad save raises
:class:`~rummy_learn.save_fields.SaveError`, a ``ValueError`` whose one line names the field.

>>> from rummy_learn.engine import Round
>>> from rummy_learn.variants import preset
>>> game = Round(preset("romme"), 2, seed=1)
>>> load(Round, game.to_json()).to_json() == game.to_json()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rummy_learn import deal
from rummy_learn.actions import action_from_json, card_id, card_ids, parse_card_id
from rummy_learn.refusals import IllegalMove
from rummy_learn.rules_json import rules_to_json
from rummy_learn.save_fields import SaveError, cards_of, items, obj, shown
from rummy_learn.saves import check_deal, check_state, first_difference, read_header
from rummy_learn.state import RoundState

if TYPE_CHECKING:
    from rummy_learn.engine import Round

__all__ = ["load", "replay", "round_to_json", "state_to_json"]


def _card(card: Any) -> str | None:
    return None if card is None else card_id(card)


def state_to_json(s: RoundState) -> dict[str, Any]:
    """A round's state as JSON data."""
    outcome = s.outcome
    return {
        "hands": [card_ids(h) for h in s.hands],
        "stock": card_ids(s.stock),
        "discard": card_ids(s.discard),
        "table": [
            {
                "id": m.id,
                "owner": m.owner,
                "cards": card_ids(m.cards),
                "kind": m.kind.value,
                "locked": m.locked,
            }
            for m in s.table
        ],
        "opened": list(s.opened),
        "phase": s.phase.value,
        "current": s.current,
        "turns": s.turns,
        "reshuffles": s.reshuffles,
        "next_meld": s.next_meld,
        "taken": _card(s.taken),
        "must_use": _card(s.must_use),
        "swapped_joker": _card(s.swapped_joker),
        "last_discarder": s.last_discarder,
        "outcome": None
        if outcome is None
        else {
            "reason": outcome.reason.value,
            "winner": outcome.winner,
            "hand_points": list(outcome.hand_points),
            "scores": list(outcome.scores),
        },
    }


def round_to_json(game: Round) -> dict[str, Any]:
    """The whole round (rules, settings, state and log) as JSON data."""
    return {
        "rules": rules_to_json(game.rules),
        "players": game.players,
        "seed": game.seed,
        "dealer": game.dealer,
        "turn_cap": game.turn_cap,
        "state": state_to_json(game.state),
        "log": [dict(e) for e in game.log],
    }


def replay(cls: type[Round], data: object) -> Round:
    """Play a saved round again from its deal and its moves, checking each entry of its log.

    Every move must be legal where it stands, and the round must write the very log
    that was saved (the cards drawn, the reshuffles, the end).
    """
    header = read_header(data)
    assert isinstance(data, dict)  # read_header checked it
    rules, size = header.rules, len(header.shoe)
    log = items(data["log"], "log", header.turn_cap * (size + 12) + 3)
    if not log:
        raise SaveError("log", "empty: a round starts with its deal")
    entry = check_deal(log[0], header)
    if "stacked" in entry:
        hands = [[parse_card_id(c) for c in hand] for hand in entry["hands"]]
        stock = [parse_card_id(c) for c in entry["stock"]]
        upcard = [parse_card_id(c) for c in entry["upcard"]]
        try:
            dealt = deal.laid(rules, header.dealer, hands, stock, upcard)
        except ValueError:
            raise SaveError("log[0].stock", "empty: the deal leaves no card in the stock") from None
        if len(log) > 1 and isinstance(log[1], dict) and log[1].get("event") == "practice":
            dealt = _practice(dealt, header.rules, log[1], size)
    else:
        dealt = deal.shuffled(rules, header.players, header.seed, header.dealer)
    game = cls(
        rules,
        header.players,
        seed=header.seed,
        dealer=header.dealer,
        turn_cap=header.turn_cap,
        state=dealt.state,
        log=dealt.events,
    )
    for index, event in enumerate(log[len(dealt.events) :], start=len(dealt.events)):
        _replay_event(game, event, f"log[{index}]")
    where = first_difference(log, game.log, "log")
    if where is not None:
        raise SaveError(where, "does not follow from the deal and the moves before it")
    return game


def _practice(dealt: deal.Dealt, rules: Any, event: dict[str, Any], size: int) -> deal.Dealt:
    """A practice table laid after a stacked deal (the log's second entry)."""
    field = "log[1]"
    entry = obj(event, field, ["event", "table"])
    melds = [
        tuple(cards_of(m, f"{field}.table[{i}]", size))
        for i, m in enumerate(items(entry["table"], f"{field}.table", size))
    ]
    try:
        return deal.practised(dealt, rules, melds)
    except ValueError:
        raise SaveError(f"{field}.table", "not melds of player 1's hand") from None


def _replay_event(game: Round, event: object, field: str) -> None:
    if not isinstance(event, dict) or not isinstance(event.get("event"), str):
        raise SaveError(field, f"{shown(event)} is not an entry of a round's log")
    kind = event["event"]
    if kind == "move":
        entry = obj(event, field, ["event", "player", "action", *(["card"] * ("card" in event))])
        try:
            action = action_from_json(entry["action"])
        except ValueError:
            raise SaveError(f"{field}.action", f"{shown(entry['action'])} is not a move") from None
        try:
            game.apply(action)
        except IllegalMove as err:
            codes = ", ".join(code.value for code in err.codes)
            raise SaveError(field, f"an illegal move here ({codes})") from None
    elif kind not in ("reshuffle", "end"):  # those the round writes itself: compared afterwards
        raise SaveError(f"{field}.event", f"{shown(kind)} cannot stand here")


def load(cls: type[Round], data: object) -> Round:
    """A saved round, checked field by field and played again from its log.

    The state the log leads to must be the saved state, field by field.
    """
    check_state(data, read_header(data))  # type: ignore[arg-type]  # read_header checked it
    game = replay(cls, data)
    assert isinstance(data, dict)
    where = first_difference(data["state"], state_to_json(game.state), "state")
    if where is not None:
        raise SaveError(where, "does not follow from the log")
    return game
