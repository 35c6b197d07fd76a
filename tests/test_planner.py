"""One turn planner: the greedy bot plays the plan a hint shows, step for step; one loop lets
bots play, for simulations and widgets alike; one function decides a discard."""

from __future__ import annotations

import pytest
from helpers import cards, dealer_before
from test_engine import FILLER, OTHER, hand_of, stack

from rummy_learn.actions import Discard, DrawStock, Knock, TakeDiscard
from rummy_learn.bots import GreedyBot, RandomBot, drive_bots
from rummy_learn.engine import Move, Round
from rummy_learn.hints import hint
from rummy_learn.i18n.describe import hint_lines
from rummy_learn.legality import knock_order
from rummy_learn.planner import StepCode, plan_turn
from rummy_learn.refusals import Refusal
from rummy_learn.state import Phase
from rummy_learn.turn_end import discard_refusals
from rummy_learn.variants import preset


@pytest.mark.parametrize(
    ("variant", "options", "players", "seed"),
    [
        ("romme", (), 3, 1),
        ("rummy40", (), 2, 4),
        ("rami51", (), 3, 2),
        ("palace", ("knock", "strict_jokers"), 3, 6),
        ("scala40", (), 2, 3),
    ],
)
def test_the_greedy_bot_plays_what_the_hint_plans(variant, options, players, seed):
    """At each turn's play, the hint's moves are the moves the bot then makes, in order."""
    rules = preset(variant, options)
    game = Round(rules, players, seed=seed)
    bots = [GreedyBot(rules) for _ in range(players)]
    turns = 0
    while game.outcome is None and turns < 40:
        view = game.view(game.current)
        if view.phase.playing:
            planned = [s.action for s in plan_turn(view).steps if s.action is not None]
            made = []
            player = game.current
            while game.outcome is None and game.current == player and game.phase.playing:
                action = bots[player].choose(game.view(player))
                made.append(action)
                game.apply(action)
            assert made == planned
            turns += 1
        else:
            assert plan_turn(view).action == bots[game.current].choose(view)
            game.apply(bots[game.current].choose(view))
    assert turns >= 10


def test_a_hand_of_only_jokers_discards_one_where_jokers_may_not_be_discarded():
    rules = preset("palace", ["strict_jokers"])
    game = Round.practice(rules, cards("Jkr"), [cards("5♠ 6♠ 7♠")])
    view = game.view(0)
    joker = view.hand[0]
    assert not rules.joker_discard_allowed and discard_refusals(joker, view.hand, view) == []
    assert plan_turn(view).action == Discard(joker) and game.is_legal(Discard(joker))


def test_a_joker_taken_from_the_pile_is_refused_for_being_taken_only():
    """Rami: the taken card may not go back; jokers may be discarded (the old check also said
    that jokers may not be)."""
    game = Round.stacked(preset("rami40"), [cards(FILLER), cards(OTHER)], upcard=cards("Jkr")[0],
                         dealer=1)  # fmt: skip
    game.apply(TakeDiscard())
    joker = hand_of(game, 0, "Jkr")[0]
    assert game.is_legal(Discard(joker)).codes == (Refusal.CANNOT_DISCARD_TAKEN_CARD,)


KINGS = "K♥ K♣ 2♥ 4♥ 6♦ 8♣ 10♦ Q♥ J♦ 3♠ 5♣ 7♥ A♦"  # two kings, waiting for a third
LOOSE = "2♠ 4♠ 6♠ 8♠ 10♠ Q♦ J♣ 3♦ 5♦ 7♣ 9♥ A♣ 4♣"


def knock_window():
    """Player 0 discards K♦; player 1 is to draw; players 2 and 3 may knock (2 wants it)."""
    game = stack("palace", [FILLER, OTHER, KINGS, LOOSE], options=["knock"], stock="K♦ 9♦ 8♣",
                 dealer=3)  # fmt: skip
    game.apply(DrawStock())
    game.apply(Discard(hand_of(game, 0, "K♦")[0]))
    return game


def test_the_hint_of_a_player_who_may_knock_says_to_knock():
    game = knock_window()
    assert [(s.code, s.action) for s in hint(game.view(2)).steps] == [(StepCode.KNOCK, Knock(2))]
    assert hint_lines(hint(game.view(2)), "en")[0].startswith("Knock: take K♦")
    assert [s.code for s in hint(game.view(3)).steps] == [StepCode.WAIT]  # no use for K♦
    assert [s.code for s in hint(game.view(0)).steps] == [StepCode.WAIT]  # its own discard


# --- the bots' loop ---------------------------------------------------------------------------


def test_knocks_are_asked_in_turn_after_the_player_to_move():
    assert knock_order(4, 1) == [2, 3] and knock_order(3, 0) == [1] and knock_order(2, 1) == []


def test_the_loop_stops_for_a_human_turn_and_plays_on_after_it():
    rules = preset("romme")
    game = Round(rules, 3, seed=5, dealer=dealer_before(rules, 3, first=2))  # player 2 starts
    bots = [None, GreedyBot(rules), GreedyBot(rules)]
    moves = list(drive_bots(game, bots))
    assert moves and {m.player for m in moves} == {2} and game.current == 0
    assert game.phase is Phase.DRAW
    assert list(drive_bots(game, bots)) == []  # still the human's turn
    game.apply(DrawStock())
    game.apply(Discard(game.hand(0)[-1]))
    moves = list(drive_bots(game, bots))
    assert [m.player for m in moves][:1] == [1] and game.current == 0


class Knocker(RandomBot):
    def knock(self, view):
        return True


def test_a_bot_before_a_human_may_knock_first():
    game = knock_window()
    bots = [RandomBot(1), None, Knocker(2), Knocker(3)]  # the human is to draw
    assert list(drive_bots(game, bots)) == [Move(2, Knock(2))] and game.current == 1


def test_the_loop_stops_where_a_human_may_knock_and_goes_on_when_they_pass():
    game = knock_window()
    bots = [RandomBot(1), Knocker(2), None, Knocker(4)]  # the human is asked first
    assert list(drive_bots(game, bots)) == [] and game.phase is Phase.KNOCK
    moves = list(drive_bots(game, bots, passed=True))
    assert moves[0] == Move(3, Knock(3)) and moves[1].player == 1
    assert game.current == 2  # the human's turn (or the round is over)
