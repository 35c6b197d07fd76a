"""The ``Replay`` widget: a saved round round-trips exactly into the frames the page shows,
every move is explained in each language, and what the page sends is refused when wrong."""

from __future__ import annotations

import json

import pytest

from rummy_learn.engine import Round
from rummy_learn.i18n import LANGUAGES, text
from rummy_learn.replay import played
from rummy_learn.saves import SaveError
from rummy_learn.variants import preset
from rummy_learn.widget_logic.replay import ALL_HANDS, ReplayLogic
from rummy_learn.widgets import Replay


@pytest.fixture(scope="module")
def round_and_whys():
    return played(preset("romme"), ["hard", "medium"], seed=5)


def _without(frames, *names):
    return [{k: v for k, v in f.items() if k not in names} for f in frames]


def _pictures(logic):
    """Every frame with its cards as ids again (as the page finds them in ``cards``)."""
    ids = [c["id"] for c in logic.cards]
    out = []
    for f in logic.frames:
        out.append(
            {
                **f,
                "hands": [[ids[i] for i in h] for h in f["hands"]],
                "shown": [ids[i] for i in f["shown"]],
                "top": [ids[i] for i in f["top"]],
                "table": [{**m, "cards": [ids[i] for i in m["cards"]]} for m in f["table"]],
            }
        )
    return out  # fmt: skip


def test_a_saved_round_round_trips_exactly(round_and_whys):
    game, whys = round_and_whys
    live = ReplayLogic(game, lang="en", explained=whys)
    saved = json.dumps(game.to_json())
    for save in (saved, json.loads(saved)):
        again = ReplayLogic(save, lang="en")
        # the bots' own reasons are the live round's; all else is the same, frame by frame
        assert _without(_pictures(again), "reason") == _without(_pictures(live), "reason")
        assert again.result == live.result and again.result[0]
    own = ReplayLogic(game, lang="en")
    assert own.frames == ReplayLogic(saved, lang="en").frames  # a Round, or its save
    last = _pictures(live)[-1]
    assert last["over"] and last["hands"] == [_ids(hand) for hand in game.state.hands]
    assert last["stock"] == len(game.state.stock)
    assert [m["id"] for m in last["table"]] == [m.id for m in game.state.table]


def _ids(hand):
    from rummy_learn.actions import card_ids

    return card_ids(hand)


def test_the_deal_comes_first_and_each_move_after_it(round_and_whys):
    game, whys = round_and_whys
    frames = _pictures(ReplayLogic(game, lang="en", explained=whys))
    assert len(frames) == len(game.moves) + 1 and frames[0]["move"] == 0
    dealt = Round.replay(game.to_json())
    for _ in dealt.moves:
        dealt.undo()
    assert frames[0]["hands"] == [_ids(h) for h in dealt.state.hands]
    assert [f["player"] for f in frames[1:]] == [m.player for m in game.moves]
    discards = [f for f in frames[1:] if f["said"].split(": ", 1)[1].startswith("discarded")]
    assert discards and all(f["shown"] == f["top"] for f in discards)  # its picture: the card


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_move_is_explained_in_each_language(round_and_whys, lang):
    game, whys = round_and_whys
    for logic in (ReplayLogic(game, lang=lang, explained=whys),
                  ReplayLogic(json.dumps(game.to_json()), lang=lang)):  # fmt: skip
        for frame in logic.frames[1:]:
            assert frame["said"] and frame["reason"], frame["move"]
            assert "{" not in frame["said"] + frame["reason"]
        assert logic.texts["replay_position"] == text("replay.position", lang)
        assert logic.texts["widget_name"] == text("widget.replay", lang)
    others = {lang: ReplayLogic(game, lang=lang, explained=whys).frames[3]["reason"]
              for lang in LANGUAGES}  # fmt: skip
    assert len(set(others.values())) == len(LANGUAGES)  # each in its own words


def test_a_move_or_a_player_the_round_has_not_is_refused(round_and_whys):
    game, whys = round_and_whys
    logic = ReplayLogic(game, lang="ru", explained=whys)
    logic.receive({"type": "step", "move": 4})
    logic.receive({"type": "view", "player": 1})
    assert (logic.current, logic.view_of, logic.error) == (4, 1, "")
    last = len(logic.frames) - 1
    for move in (-1, last + 1, 10**12, "3", 2.5, True, None, [1], {"n": 1}):
        logic.receive({"type": "step", "move": move})
        assert logic.current == 4 and logic.error.startswith("В этом раунде нет хода")
    for player in (2, -2, "0", 0.0, False, None):
        logic.receive({"type": "view", "player": player})
        assert logic.view_of == 1 and logic.error == "В этом раунде нет такого игрока."
    logic.receive({"type": "step", "move": last})
    logic.receive({"type": "view", "player": ALL_HANDS})
    assert (logic.current, logic.view_of, logic.error) == (last, ALL_HANDS, "")
    with pytest.raises(ValueError, match="no such player"):
        ReplayLogic(game, lang="en", view_of=3)


def test_the_same_refusal_is_told_again(round_and_whys):
    logic = ReplayLogic(round_and_whys[0], lang="de")
    logic.take_changes()
    logic.go(-1)
    logic.go(-1)
    said = [value for name, value in logic.take_changes() if name == "error"]
    assert said == ["Diese Runde hat keinen Zug -1.", "", "Diese Runde hat keinen Zug -1."]


def test_a_tampered_save_says_what_is_wrong(round_and_whys):
    game, _ = round_and_whys
    data = game.to_json()
    broken = json.loads(json.dumps(data))
    broken["log"][2]["action"] = {"type": "discard", "card": "Qh.x"}
    with pytest.raises(SaveError, match=r"log\[2\]"):
        ReplayLogic(broken, lang="en")
    moved = json.loads(json.dumps(data))
    moved["state"]["hands"][0] = moved["state"]["hands"][1]
    with pytest.raises(SaveError, match="state"):
        ReplayLogic(json.dumps(moved), lang="en")
    with pytest.raises(SaveError, match="not JSON"):
        ReplayLogic(json.dumps(data)[:-3], lang="en")
    with pytest.raises(SaveError, match="not an object"):
        ReplayLogic("[1, 2]", lang="en")
    with pytest.raises(SaveError, match="longer than"):
        ReplayLogic(" " * 2_000_001, lang="en")
    with pytest.raises(ValueError, match="one name for each"):
        ReplayLogic(data, lang="en", names=["Anna"])


def test_the_widget_carries_the_logic(round_and_whys):
    game, whys = round_and_whys
    widget = Replay(game, lang="bg", explained=whys, names=["Ана", "Боби"], view_of=0)
    synced = {k for k in widget.keys if not k.startswith("_")}
    synced -= {"scale", "setup", "layout", "tabbable", "tooltip"}
    assert synced == set(ReplayLogic.FIELDS)
    assert widget.view_of == 0 and widget.names == ["Ана", "Боби"]
    assert widget.frames[1]["said"].startswith(("Ана", "Боби"))
    widget.go(3)
    widget._receive(widget, {"type": "view", "player": -1}, [])
    assert (widget.current, widget.view_of, widget.setup["current"]) == (3, -1, 3)
    widget._receive(widget, {"type": "step", "move": 99_999}, [])
    assert widget.current == 3 and widget.error == "В този рунд няма ход 99999."
    again = ReplayLogic.restore(json.loads(json.dumps(widget.setup)))
    fresh = ReplayLogic(game, lang="bg", names=["Ана", "Боби"])
    assert (again.current, again.names, again.frames) == (3, fresh.names, fresh.frames)
    bundle = widget._repr_mimebundle_()
    assert bundle is not None and text("widget.replay", "bg") in bundle[0]["text/plain"]
