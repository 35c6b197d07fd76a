"""The Game on the core's pieces: the bots driven by ``drive_bots`` (the loop ``simulate``
runs), the page's moves read by ``page_moves`` (no second reader), Undo on ``Round.undo``,
and the learner asked to knock or let the discard go."""

from __future__ import annotations

import pytest

from rummy_learn.actions import Discard, Knock, card_id
from rummy_learn.bots import GreedyBot, drive_bots
from rummy_learn.engine import Round
from rummy_learn.i18n import text
from rummy_learn.state import Phase
from rummy_learn.widgets import Game

LEARNER = 0


def send(game, message):
    """A message as the page sends it."""
    game._receive(game, message, [])


def move(game, **content):
    send(game, {"type": "move", "move": content})


def learners_discard(game):
    """The learner draws and discards a card that may be discarded."""
    move(game, type="draw")
    assert game.message == [], game.message
    card = next(c for c in game.round.view(LEARNER).hand if game.round.is_legal(Discard(c)))
    move(game, type="discard", card=card_id(card))
    assert game.message == [], game.message


def test_the_bots_play_through_the_loop_that_simulate_runs():
    game = Game(variant="romme", bots=2, seed=5, lang="en")
    again = Round(game.rules, 3, seed=5, dealer=2)
    bots = [None, GreedyBot(game.rules), GreedyBot(game.rules)]
    assert list(drive_bots(again, bots)) == list(game.round.moves)
    learners_discard(game)
    again.apply(game.round.moves[len(again.moves)].action)  # the learner's draw
    again.apply(game.round.moves[len(again.moves)].action)  # and discard
    start = len(again.moves)
    assert list(drive_bots(again, bots)) == list(game.round.moves[start:])
    assert game.round.current == LEARNER or game.round.outcome is not None


@pytest.mark.parametrize("lang", ["ru", "bg", "de", "en"])
def test_undo_takes_back_the_learners_move_and_the_bots_moves_after_it(lang):
    """The discard and the bots' answers are taken back; the draw from the stock is not."""
    game = Game(variant="rami40", bots=2, seed=3, lang=lang)
    assert not game.can_undo
    send(game, {"type": "undo"})
    assert game.message == [text("game.nothing_to_undo", lang)]
    dealt, dealt_log = game.round.state, list(game.log)
    move(game, type="draw")
    drawn, log, hand = game.round.state, list(game.log), list(game.cards)
    card = next(c for c in game.round.view(LEARNER).hand if game.round.is_legal(Discard(c)))
    move(game, type="discard", card=card_id(card))
    assert game.can_undo and len(game.log) > len(log)
    bots_moved = [m.player for m in game.round.moves[-(len(game.log) - len(log)) + 1 :]]
    assert bots_moved and LEARNER not in bots_moved  # the bots played after the discard
    send(game, {"type": "undo"})  # the discard and the bots' moves after it
    assert game.message == [text("game.undone", lang)]
    assert game.round.state == drawn and game.log == log and game.cards == hand
    assert not game.can_undo and game.round.current == LEARNER and game.phase == "play"
    send(game, {"type": "undo"})  # the draw from the stock showed a hidden card: it stays
    assert game.message == [text("game.undo_seen", lang)]
    assert game.round.state == drawn and game.log == log
    assert dealt != drawn and dealt_log != log


@pytest.mark.parametrize("lang", ["ru", "bg", "de", "en"])
def test_undo_never_takes_back_a_card_seen_from_the_stock(lang):
    """A learner who drew from the stock cannot look, take it back, and take the discard
    instead; taking the discard (a card everyone saw) can be taken back."""
    game = Game(variant="rami40", bots=2, seed=3, lang=lang)
    dealt = game.round.state
    move(game, type="take")
    assert game.can_undo
    send(game, {"type": "undo"})
    assert game.message == [text("game.undone", lang)] and game.round.state == dealt
    move(game, type="draw")
    drawn = game.round.state
    assert not game.can_undo
    send(game, {"type": "undo"})
    assert game.message == [text("game.undo_seen", lang)] and game.round.state == drawn


def test_undo_after_a_snapshot_is_restored():
    """A page with no kernel starts the Game from its snapshot: Undo works there too."""
    from rummy_learn.widget_logic.game import GameLogic

    game = GameLogic(variant="palace", bots=1, seed=8, lang="de")
    game.receive({"type": "move", "move": {"type": "draw"}})
    drawn = game.round.state
    card = next(c for c in game.round.view(LEARNER).hand if game.round.is_legal(Discard(c)))
    game.receive({"type": "move", "move": {"type": "discard", "card": card_id(card)}})
    assert game.message == [] and game.round.state != drawn
    restored = GameLogic.restore(game.snapshot())
    restored.receive({"type": "undo"})
    assert restored.message == [text("game.undone", "de")] and restored.round.state == drawn


def test_a_page_move_is_read_by_the_core_and_refused_in_the_learners_language():
    game = Game(variant="romme", bots=1, seed=4, lang="ru")
    move(game, type="discard", card="Zz.9")
    assert game.message == [text("ui.unknown_card", "ru")]
    move(game, type="meld", melds=[[]])
    assert game.message == [text("refusal.nothing_chosen", "ru")]
    send(game, {"type": "move", "move": "draw"})
    assert game.message == [text("ui.bad_message", "ru")]


def _asked_to_knock():
    """A Game of Rummy Palace with knocking where the bots stop for the learner to knock."""
    for seed in range(200):
        game = Game(variant="palace", options=["knock"], bots=3, seed=seed, lang="en")
        for _ in range(40):
            if game.knock_open or game.round.outcome is not None:
                break
            learners_discard(game)
        if game.knock_open:
            return game
    raise AssertionError("no seed under 200 asks the learner to knock")


def test_the_learner_is_asked_to_knock_and_may_let_the_discard_go():
    game = _asked_to_knock()
    round_ = game.round
    assert round_.phase is Phase.KNOCK and round_.current != LEARNER
    assert round_.is_legal(Knock(LEARNER))
    moves = len(round_.moves)
    send(game, {"type": "pass"})
    assert game.message == [] and len(round_.moves) > moves  # the bots played on


def test_the_learner_may_knock_when_asked():
    game = _asked_to_knock()
    top = game.round.state.discard[-1]
    move(game, type="knock")
    assert game.message == []
    assert any(m.action == Knock(LEARNER) for m in game.round.moves)
    assert top in game.round.hand(LEARNER) or game.round.outcome is not None


def test_letting_a_discard_go_when_none_may_be_knocked_for_is_refused():
    game = Game(variant="romme", bots=1, seed=4, lang="de")
    send(game, {"type": "pass"})
    assert game.message == [text("game.nothing_to_pass", "de")]


@pytest.mark.parametrize(("lang", "word"), [("de", "Joker"), ("ru", "джокер"), ("bg", "жокер")])
def test_the_log_names_a_joker_by_its_word(lang, word):
    """The log showed 🃏 (an empty box in some fonts) where every text says the word."""
    from rummy_learn.actions import Meld
    from rummy_learn.notation import parse_cards
    from rummy_learn.widget_logic.game import GameLogic

    game = GameLogic(variant="romme", bots=1, seed=4, lang=lang)
    game._record(1, Meld((tuple(parse_cards("7♠ 8♠ Jkr")), tuple(parse_cards("K♥ K♠ K♦")))), None)
    assert word in game.log[-1] and "🃏" not in game.log[-1]
    assert " | " in game.log[-1]  # two melds, apart


def test_a_swap_whose_card_fits_says_what_else_fails_not_that_nothing_fits():
    """German lesson 5: 6♦ fits the joker's place in 6♠ 6♥ Jkr, but the 5♥ chosen with it
    makes no new meld with the joker; the table said "these cards do not fit" (a teacher)."""
    from rummy_learn.widget_logic.table import TableLogic

    table = TableLogic("8♠ K♣ K♦ 6♦ 5♥", ["7♠ Jkr 9♠", "6♠ 6♥ Jkr"], variant="romme", lang="de")
    table.receive({"type": "move", "move": {"type": "swap", "meld": 2, "joker": "Jkr.1",
                                            "cards": ["6d.0", "5h.0"]}})  # fmt: skip
    assert table.message[0] == text("refusal.swapped_joker_needs_new_meld", "de")
    assert not any("passen nicht" in line for line in table.message)
