"""Issue 17 in Python: the moves a card table offers are the engine's legal moves, the bots'
level is the learner's choice (checked), the log's entries carry each bot's reason, and the
one card drawing has pips, court marks and a back."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from itertools import pairwise

import pytest

from rummy_learn.actions import (
    Discard,
    DrawStock,
    GoOut,
    LayOff,
    Meld,
    SwapJoker,
    TakeDiscard,
    parse_card_id,
)
from rummy_learn.cards import RANKS, Card, Rank, Suit
from rummy_learn.explain import Explanation, Why
from rummy_learn.hard_bot import HardBot
from rummy_learn.i18n import text
from rummy_learn.i18n.describe import cards_text
from rummy_learn.levels import EasyBot
from rummy_learn.moves import legal_actions
from rummy_learn.render import card_back_svg, card_svg
from rummy_learn.widget_logic.base import card_payload
from rummy_learn.widget_logic.bridge import receive, start
from rummy_learn.widget_logic.game import LEARNER, GameLogic
from rummy_learn.widget_logic.offered import PRACTICE_MOVES, offered_moves
from rummy_learn.widget_logic.table import TableLogic

KINDS = {DrawStock: "draw", TakeDiscard: "take", Meld: "meld", LayOff: "lay_off",
         SwapJoker: "swap", Discard: "discard", GoOut: "go_out"}  # fmt: skip
MOVES = {*KINDS.values(), "knock"}


def engine_kinds(game: GameLogic) -> set[str]:
    """The kinds of the learner's legal moves, from the engine's whole list."""
    return {KINDS.get(type(a), "knock") for a in legal_actions(game.round.view(LEARNER))}


@pytest.mark.parametrize("variant", ["romme", "rami40", "palace", "scala40", "rummy40"])
def test_the_moves_offered_are_the_legal_moves_turn_after_turn(variant):
    """Through a played round, each move the page may press is one the engine lists, and every
    other one says why not; the targets are the legal discards and lay-offs, exactly."""
    game = GameLogic(variant=variant, bots=2, seed=11, lang="en")
    rng = random.Random(5)
    for _ in range(14):
        if game.round.outcome is not None:
            break
        legal = engine_kinds(game)
        offered = {k for k, why in game.moves.items() if not why and k in MOVES}
        assert offered == legal, (game.phase, offered, legal)
        assert all(why for k, why in game.moves.items() if k in MOVES and k not in legal)
        actions = list(legal_actions(game.round.view(LEARNER)))
        discards = [_id(a.card) for a in actions if isinstance(a, Discard)]
        assert sorted(game.targets["discard"]) == sorted(discards)
        lay_offs = {(_id(a.card), a.meld, a.end.value) for a in actions if isinstance(a, LayOff)}
        assert {tuple(t) for t in game.targets["lay_off"]} == lay_offs
        plain = [a for a in actions if not isinstance(a, Meld)]
        move = rng.choice([a for a in plain if not isinstance(a, GoOut)] or actions)
        game.receive({"type": "move", "move": _page_move(move)})
        assert game.message == [], game.message


def _id(card: Card) -> str:
    from rummy_learn.actions import card_id

    return card_id(card)


def _page_move(action: object) -> dict[str, object]:
    from rummy_learn.actions import action_to_json

    data = action_to_json(action)  # type: ignore[arg-type]
    names = {"draw_stock": "draw", "take_discard": "take", "swap_joker": "swap"}
    return {**data, "type": names.get(data["type"], data["type"])}


def test_a_disabled_move_says_why_in_the_learners_language():
    game = GameLogic(variant="rami40", bots=1, seed=7, lang="ru")
    assert game.phase in ("draw", "knock")
    assert game.moves["discard"] == text("game.why.draw_first", "ru")
    assert game.moves["undo"] == text("game.nothing_to_undo", "ru")
    assert game.moves["new_round"] == text("game.not_over", "ru")
    game.receive({"type": "move", "move": {"type": "draw"}})
    assert game.moves["draw"] == text("game.why.drawn", "ru")
    assert game.moves["undo"] == text("game.undo_seen", "ru")  # a card from the stock, seen


def follow_hints(game: GameLogic, done: Callable[[GameLogic], bool], most: int = 300) -> GameLogic:
    """The learner plays the hint's moves until ``done`` (at most ``most`` moves); no move is
    refused."""
    from rummy_learn.hints import hint

    for _ in range(most):
        if done(game):
            break
        game.receive({"type": "move", "move": _page_move(hint(game.round.view(LEARNER)).action)})
        assert game.message == [], game.message
    return game


def bots_answered(variant: str, seed: int, lang: str, bots: int = 2) -> GameLogic:
    """A Game whose learner (who plays first: the dealer sits last) has played one turn by the
    hint, so that the bots have answered it."""
    game = GameLogic(variant=variant, bots=bots, seed=seed, lang=lang)
    assert game.round.current == LEARNER and not game.entries
    follow_hints(game, lambda g: any(e["player"] != LEARNER for e in g.entries))
    assert any(e["player"] != LEARNER for e in game.entries), "the bots answered"
    return game


def played_out(variant: str, seed: int, lang: str, bots: int = 1) -> GameLogic:
    """A Game whose learner follows the hint until the round is over."""
    game = GameLogic(variant=variant, bots=bots, seed=seed, lang=lang)
    follow_hints(game, lambda g: g.round.outcome is not None)
    assert game.result, "the round ended"
    return game


def test_a_round_that_is_over_cannot_be_taken_back():
    """Two trial users pressed Undo after the scores were shown: it wiped the result and
    reopened the round. A scored round stands; Undo says why it is not offered."""
    game = played_out("rami40", 8, "de")
    over, result = game.round.to_json(), list(game.result)
    assert game.moves["undo"] == text("game.why.over", "de")
    game.receive({"type": "undo"})
    assert game.message == [text("game.why.over", "de")]
    assert game.round.to_json() == over and game.result == result


def test_at_the_end_of_a_round_the_computers_hands_are_laid_open_and_no_one_moves():
    """A teacher could not check the penalties with the class: the bots' last cards were
    backs. Once the round is over, each computer player's hand is shown face up, as players
    lay theirs open to count, and no seat is marked as the one to move."""
    game = played_out("palace", 4, "ru", bots=2)
    for number, seat in enumerate(game.players):
        assert seat["current"] is False
        hand = [card_payload(c, "ru", False)["id"] for c in game.round.hand(number)]
        assert [c["id"] for c in seat["shown"]] == ([] if number == LEARNER else hand)
        assert all(c["svg"].startswith("<svg") for c in seat["shown"])
    assert any(seat["shown"] for seat in game.players)
    playing = GameLogic(variant="palace", bots=2, seed=4, lang="ru")
    assert all(seat["shown"] == [] for seat in playing.players)  # hidden while the round runs


def test_the_practice_table_offers_only_what_it_practises():
    table = TableLogic("10♠ K♦", ["7♠ 8♠ 9♠", "K♥ K♠ Jkr"], variant="palace", lang="en")
    assert tuple(table.moves) == PRACTICE_MOVES
    assert table.moves["lay_off"] == "" and table.moves["new_round"] == ""
    assert ["10s.0", 1, "high"] in table.targets["lay_off"]
    moves, _ = offered_moves(table.round, LEARNER, lang="en", kinds=PRACTICE_MOVES)
    assert moves == table.moves


def test_the_learner_picks_the_bots_level_and_python_checks_it():
    game = GameLogic(variant="romme", bots=2, seed=3, lang="de")
    assert game.level == "medium"
    game.receive({"type": "level", "level": "hard"})
    assert game.level == "hard" and all(isinstance(b, HardBot) for b in game.bots[1:])
    game.receive({"type": "level", "level": "easy"})
    assert isinstance(game.bots[1], EasyBot)
    for bad in ("greedy", "random", "HARD", 3, None, ["hard"]):
        game.receive({"type": "level", "level": bad})
        assert game.level == "easy" and game.message == [text("game.bad_level", "de")]
    snapshot = json.loads(json.dumps(game.snapshot()))
    assert GameLogic.restore(snapshot).level == "easy"
    with pytest.raises(ValueError, match="level"):
        GameLogic.restore({**snapshot, "level": "<script>"})


def test_the_log_entries_carry_the_cards_and_each_bots_public_reason_in_every_language():
    """Every bot move in the log carries a reason (issue 13), and the page gets the cards."""
    for lang in ("ru", "bg", "de", "en"):
        game = bots_answered("scala40", 3, lang)
        bots = [e for e in game.entries if e["player"] != LEARNER]
        for entry in bots:
            assert entry["text"] in game.log, entry
            assert entry["kind"] in ("draw", "take", "meld", "lay_off", "swap", "discard")
            assert entry["why"], entry
        meld = next(e for e in bots if e["kind"] == "meld")
        assert meld["why"] and meld["cards"]
        assert all(c["svg"].startswith("<svg") for c in meld["cards"])
        # a take for a meld laid in the same turn says why: its cards are on the table now
        take = next(e for e in bots if e["kind"] == "take")
        assert take["why"] != text("explain.hidden", lang)
        assert cards_text([parse_card_id(c["id"]) for c in take["cards"]], lang) in take["why"]


def test_each_log_entry_carries_the_table_after_its_move_so_the_page_can_show_them_one_by_one():
    """A teacher saw the table jump to the end of the bots' turn while the first card still
    flew: each entry says, by card ids, what everyone saw after that move."""
    game = bots_answered("scala40", 3, "en")
    entries = game.entries
    assert len(entries) >= 3
    for before, entry in pairwise(entries):
        after, earlier = entry["after"], before["after"]
        if entry["kind"] == "draw":
            assert after["stock"] == earlier["stock"] - 1
            assert after["hands"][entry["player"]] == earlier["hands"][entry["player"]] + 1
        if entry["kind"] == "discard":
            assert after["top"] == entry["cards"][0]["id"]
        if entry["kind"] == "meld":
            laid = {c["id"] for c in entry["cards"]}
            assert laid <= {c for m in after["table"] for c in m[3]}
            assert not laid & {c for m in earlier["table"] for c in m[3]}
    view = game.round.view(LEARNER)
    last = entries[-1]["after"]
    assert last["stock"] == view.stock_size and last["hands"] == list(view.hand_sizes)
    assert [m[0] for m in last["table"]] == [m.id for m in view.table]
    assert last["current"] == view.current


def test_the_learners_own_moves_are_said_to_them_and_their_draw_names_its_card():
    """A Russian reviewer: «Вы: взята карта из колоды.» reads like a form; and a trial pupil
    could not find the card just drawn. The learner's lines speak to them and name it."""
    for lang in ("ru", "bg", "de", "en"):
        game = GameLogic(variant="scala40", bots=2, seed=3, lang=lang)
        game.receive({"type": "move", "move": {"type": "draw"}})
        drawn = game.round.state.hands[LEARNER][-1]
        said = text("game.log.you.draw", lang, cards=cards_text([drawn], lang))
        assert game.log[-1] == said and game.entries[-1]["text"] == said
        assert [c["id"] for c in game.entries[-1]["cards"]] == [
            card_payload(drawn, lang, False)["id"]
        ]
    assert game.log[-1].startswith("You drew ")


@pytest.mark.parametrize("why", list(Why), ids=lambda w: w.value)
def test_a_bots_reason_in_the_log_never_names_the_cards_in_its_hand(why: Why) -> None:
    """A reason is shown only with the cards everyone sees: what the bot keeps, waits for or
    holds back is left out, and a reason that is all about them says that it stays hidden
    (a German teacher read a bot's hand in the log)."""
    hidden = Card(Rank.SEVEN, Suit.DIAMONDS), Card(Rank.EIGHT, Suit.DIAMONDS)
    waits = Card(Rank.SIX, Suit.DIAMONDS), Card(Rank.NINE, Suit.DIAMONDS)
    held = (Card(Rank.QUEEN, Suit.DIAMONDS), Card(Rank.KING, Suit.DIAMONDS),
            Card(Rank.ACE, Suit.DIAMONDS))  # fmt: skip
    thrown = Card(Rank.KING, Suit.CLUBS)
    laid = tuple(Card(Rank.FIVE, suit) for suit in (Suit.CLUBS, Suit.SPADES, Suit.HEARTS))
    explanation = Explanation(1, Discard(thrown), why, (thrown,), melds=(laid,), points=10,
                              required=30, keeps=hidden, waits=waits, held=(held,))  # fmt: skip
    for lang in ("ru", "bg", "de", "en"):
        game = GameLogic(variant="palace", bots=1, seed=1, lang=lang)
        said = game._public_reason(explanation)
        assert said, why
        private = why in (Why.DRAW_MISSED, Why.TAKE_COMPLETES, Why.TAKE_NEAR, Why.DISCARD_NEAR,
                          Why.DISCARD_FROM_MELD, Why.KNOCK)  # fmt: skip
        assert (said == text("explain.hidden", lang)) == private, (lang, said)
        for card in (*hidden, *waits, *held):
            assert cards_text([card], lang) not in said, (lang, said)


def test_a_snapshots_log_entries_are_checked_and_drawn_again():
    game = bots_answered("scala40", 3, "en")
    snapshot = json.loads(json.dumps(game.snapshot()))
    assert all(isinstance(c, str) for e in snapshot["entries"] for c in e["cards"])  # ids only
    restored = GameLogic.restore(snapshot)
    assert restored.entries == game.entries
    forged = json.loads(json.dumps(snapshot))
    forged["entries"][0]["cards"] = ["<svg onload=alert(1)>"]
    with pytest.raises(ValueError, match="not a card id"):
        GameLogic.restore(forged)
    forged["entries"] = [{"number": "1"}]
    assert "error" in json.loads(start("game", json.dumps(forged)))
    for bad in ({"stock": "67"}, {"table": [[1, 2, "set", ["<b>"]]]}, {"hands": [1, True]},
                {"table": [[1, 2, "fan", []]]}, {"top": "Zz.0"}):  # fmt: skip
        forged = json.loads(json.dumps(snapshot))
        forged["entries"][0]["after"] = {**snapshot["entries"][0]["after"], **bad}
        with pytest.raises(ValueError, match=r"table is not one|not a card id|cannot read card"):
            GameLogic.restore(forged)
    old = json.loads(json.dumps(snapshot))  # a snapshot made before entries had a table
    for entry in old["entries"]:
        del entry["after"]
    assert all("after" not in e for e in GameLogic.restore(old).entries)


def test_the_bridge_answers_a_level_and_a_move_like_the_kernel():
    game = GameLogic(variant="rami40", bots=1, seed=7, lang="en")
    started = json.loads(start("game", json.dumps(game.snapshot())))
    changes = dict(json.loads(receive(started["id"], '{"type": "level", "level": "hard"}')))
    assert changes["level"] == "hard"


def test_the_card_drawing_has_pips_court_marks_and_a_back():
    for rank in RANKS:
        svg = card_svg(Card(rank, Suit.HEARTS), "de")
        pips = re.search(r'<g class="rl-ink rl-pips">(.*?)</g>', svg, re.S)
        if Rank.TWO <= rank <= Rank.TEN:
            assert pips and pips.group(1).count("♥") == int(rank), rank
        else:
            assert pips is None
        assert ('class="rl-ink rl-court"' in svg) == (rank >= Rank.JACK), rank
    assert ">D<" in card_svg(Card(Rank.QUEEN, Suit.SPADES), "de")  # the local index stays
    assert ">П<" in card_svg(Card(Rank.KING, Suit.SPADES), "bg")
    back = card_back_svg()
    assert 'class="rl-card rl-card-back"' in back and 'aria-hidden="true"' in back
    assert "<text" not in back  # no words on a back
