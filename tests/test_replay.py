"""A round step by step: a saved round round-trips exactly into its frames, each move is
explained in every language, and a player's view hides the other hands."""

from __future__ import annotations

import json

import pytest

from rummy_learn.actions import action_from_json
from rummy_learn.engine import Round
from rummy_learn.i18n import LANGUAGES
from rummy_learn.replay import played, replay_frames
from rummy_learn.saves import SaveError
from rummy_learn.variants import preset


@pytest.fixture(scope="module")
def saved():
    game, whys = played(preset("romme"), ["hard", "easy"], seed=6)
    return game, whys, json.loads(json.dumps(game.to_json()))


def test_a_saved_round_round_trips_into_its_frames(saved):
    game, _, data = saved
    frames = replay_frames(data, "en")
    assert len(frames) == len(game.moves) + 1
    assert [action_from_json(f["action"]) for f in frames[1:]] == [m.action for m in game.moves]
    assert [f["player"] for f in frames[1:]] == [m.player for m in game.moves]
    last, state = frames[-1], game.state
    assert last["hands"] == _ids(game)
    assert last["stock"] == len(state.stock) and last["over"] and last["winner"] is not None
    assert last["scores"] == list(game.outcome.scores)
    assert [m["id"] for m in last["table"]] == [m.id for m in state.table]
    dealt = Round.replay(data)
    for _ in dealt.moves:
        dealt.undo()
    assert frames[0]["hands"] == _ids(dealt)
    assert json.loads(json.dumps(frames)) == frames  # plain JSON, for a static page


def _ids(game):
    from rummy_learn.actions import card_ids

    return [card_ids(hand) for hand in game.state.hands]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_move_is_explained_in_every_language(saved, lang):
    game, whys, data = saved
    for frames in (replay_frames(data, lang), replay_frames(game, lang, explained=whys)):
        lines = [f["line"] for f in frames[1:]]
        assert all(line and "{" not in line and line.count(".") >= 2 for line in lines)
        assert frames[0]["line"] == ""


def test_the_bots_own_words_are_kept(saved):
    game, whys, data = saved
    own = replay_frames(game, "en", explained=whys)
    assert [f["line"] for f in own[1:]] != [f["line"] for f in replay_frames(data, "en")[1:]]
    assert any("stays in the hand until" in f["line"] or "stay in the hand until" in f["line"]
               or "unlikely to use it" in f["line"] for f in own)  # fmt: skip


def test_one_players_view_hides_the_other_hands(saved):
    _, _, data = saved
    frames = replay_frames(data, "de", view_of=1, names=["Anna", "Ben"])
    for frame in frames:
        assert isinstance(frame["hands"][0], int) and isinstance(frame["hands"][1], list)
    assert any(f["line"].startswith("Ben: ") for f in frames)


def test_a_damaged_save_is_refused(saved):
    _, _, data = saved
    broken = json.loads(json.dumps(data))
    broken["log"][3]["action"] = {"type": "discard", "card": "Qh.x"}
    with pytest.raises(SaveError):
        replay_frames(broken, "en")
