"""Several rounds with totals and drop-outs; hints that propose a whole turn and explain it."""

from __future__ import annotations

import pytest
from helpers import cards, dealer_before

from rummy_learn.actions import Discard, DrawStock, Meld, TakeDiscard
from rummy_learn.engine import Round
from rummy_learn.game import Match
from rummy_learn.hints import HintCode, hint
from rummy_learn.i18n.describe import hint_lines
from rummy_learn.simulate import make_bots, play_round
from rummy_learn.solver import best_arrangement
from rummy_learn.variants import preset


def test_scala40_a_player_at_101_is_out():
    match = Match(preset("scala40"), 3)
    match.record((0, 60, 45))
    match.record((30, 41, 0))
    assert match.totals == [30, 101, 45] and match.out == [1] and match.seats == [0, 2]
    game = match.new_round()
    assert game.players == 2
    match.record((101, 0))
    assert match.over and match.seats == [2] and match.leader == 2


def test_palace_totals_are_zero_sum_and_the_highest_leads():
    match = Match(preset("palace"), 3, rounds=2)
    match.record((42, -12, -30))
    match.record((-5, 20, -15))
    assert match.totals == [37, 8, -45] and sum(match.totals) == 0
    assert match.leader == 0 and match.over


def test_rami_lowest_total_leads_and_the_dealer_passes_on():
    match = Match(preset("rami40"), 3, seed=5, rounds=3)
    dealers = []
    while not match.over:
        game = match.new_round()
        dealers.append(game.dealer)
        play_round(game, make_bots("greedy", game.rules, game.players, 5))
        match.record(game.outcome.scores)
    assert dealers == [0, 1, 2]
    assert match.leader == min(range(3), key=lambda p: match.totals[p])


def test_record_needs_one_score_per_seat():
    with pytest.raises(ValueError, match="2 scores for 3 players"):
        Match(preset("romme"), 3).record((1, 2))


# --- hints -----------------------------------------------------------------------------------


def stacked(variant, hand, other="2♣ 7♦ 9♠ J♥ 4♦ 6♣ 8♥ 10♠ 3♦ Q♣ 5♥ K♠ 2♦", upcard=None, stock=""):
    upcard = cards(upcard)[0] if upcard else None
    rules = preset(variant)
    return Round.stacked(rules, [cards(hand), cards(other)], dealer=dealer_before(rules, 2),
                         upcard=upcard, stock=cards(stock))  # fmt: skip


def test_hint_takes_a_discard_that_fits_and_opens():
    game = stacked("romme", "K♥ K♠ 5♣ 6♣ 7♣ 9♥ 9♠ 2♦ 3♠ 4♥ J♦ 8♥ Q♠", upcard="K♦")
    proposal = hint(game.view(0))
    codes = [step.code for step in proposal.steps]
    assert codes[0] is HintCode.TAKE_DISCARD and HintCode.OPEN in codes
    assert codes[-1] is HintCode.DISCARD
    assert proposal.action == TakeDiscard()
    open_step = next(s for s in proposal.steps if s.code is HintCode.OPEN)
    assert (open_step.points, open_step.required) == (48, 40)


def test_hint_draws_when_the_discard_does_not_help():
    game = stacked("romme", "K♥ K♠ 5♣ 6♣ 9♥ 9♠ 2♦ 3♠ 4♥ J♦ 8♥ Q♠ A♣", upcard="7♦")
    assert [s.code for s in hint(game.view(0)).steps] == [HintCode.DRAW_STOCK]


def test_hint_says_when_the_opening_falls_short_and_which_card_to_discard():
    game = stacked("rami51", "K♥ K♠ K♦ 5♣ 9♥ 2♦ 3♠ 4♥ J♦ 8♥ Q♠ A♣ 6♦", stock="7♣")
    game.apply(DrawStock())
    steps = hint(game.view(0)).steps
    assert [s.code for s in steps] == [HintCode.CANNOT_OPEN, HintCode.DISCARD]
    assert (steps[0].points, steps[0].required) == (30, 51)
    assert str(steps[1].cards[0]) == "A♣"  # the most expensive loose card
    game.apply(steps[1].action)


def test_hint_lays_off_after_opening():
    game = stacked("rummy40", "K♥ K♠ K♦ 5♣ 6♣ 7♣ 8♣ 2♦ 9♥ J♠ 4♥ 8♦ 3♠", stock="A♦")
    game.apply(DrawStock())
    steps = hint(game.view(0)).steps
    codes = [s.code for s in steps]
    assert codes[0] is HintCode.OPEN and codes[-1] is HintCode.DISCARD
    game.apply(steps[0].action)
    assert isinstance(steps[0].action, Meld) and game.view(0).opened[0]


def test_hint_for_a_player_who_must_wait():
    game = stacked("romme", "K♥ K♠ 5♣ 6♣ 9♥ 9♠ 2♦ 3♠ 4♥ J♦ 8♥ Q♠ A♣")
    assert [s.code for s in hint(game.view(1)).steps] == [HintCode.WAIT]


HINTED = {  # the first line of the hint below, in each language (K♦ in its letters)
    "en": "Take K♦ from the discard pile: it fits into a meld.",
    "ru": "Возьмите К♦ из сброса: эта карта подходит для комбинации.",
    "bg": "Вземи П♦ от купчината: тази карта влиза в комбинация.",
    "de": "Nimm K♦ vom Ablagestapel: Die Karte passt in eine Figur.",
}


@pytest.mark.parametrize("lang", ["ru", "bg", "de", "en"])
def test_hints_in_words(lang):
    game = stacked("romme", "K♥ K♠ 5♣ 6♣ 7♣ 9♥ 9♠ 2♦ 3♠ 4♥ J♦ 8♥ Q♠", upcard="K♦")
    plan = hint(game.view(0))
    lines = hint_lines(plan, lang)
    assert [s.code.value for s in plan.steps] == ["take_discard", "open", "discard"]
    assert lines[0] == HINTED[lang]
    assert len(lines) == 3 + 2  # the opening's two melds, one a line
    assert all(line and "{" not in line for line in lines)


def test_following_the_hints_plays_legal_rounds():
    """A learner who always follows the first hinted move plays only legal moves to the end."""
    for variant in ("romme", "rummy40", "rami51", "palace"):
        game = Round(preset(variant), 2, seed=13)
        for _ in range(400):
            if game.outcome is not None:
                break
            action = hint(game.view(game.current)).action
            assert action is not None
            game.apply(action)
        assert game.outcome is not None and game.cards_accounted()


def test_discard_hint_respects_the_rules():
    game = stacked("rami40", "K♥ 2♦ 3♠ 4♥ J♦ 8♥ Q♠ 5♣ 9♥ 6♦ 10♣ 7♠ 2♣", upcard="A♠")
    game.apply(TakeDiscard())
    step = hint(game.view(0)).steps[-1]
    assert step.code is HintCode.DISCARD and str(step.cards[0]) != "A♠"  # not the card just taken
    game.apply(Discard(step.cards[0]))


def test_hint_once_the_round_is_over():
    game = Round(preset("rami40"), 2, seed=13)
    play_round(game, make_bots("greedy", game.rules, 2, 13))
    assert [s.code for s in hint(game.view(0)).steps] == [HintCode.ROUND_OVER]


def test_an_opening_hint_lists_its_melds_and_keeps_spare_jokers():
    game = stacked("romme", "K♥ K♠ K♦ Q♥ Q♠ Q♦ 5♣ Jkr 2♦ 3♠ 4♥ J♦ 8♥", stock="9♣")
    game.apply(DrawStock())
    proposal = hint(game.view(0))
    opening = proposal.steps[0]
    assert opening.code is HintCode.OPEN and opening.points == 60
    assert not any(c.is_joker for c in opening.cards)  # 60 points without the joker
    lines = hint_lines(proposal, "en")
    assert lines[1:3] == ["  K♠ K♥ K♦", "  Q♠ Q♥ Q♦"] or lines[1:3] == ["  Q♠ Q♥ Q♦", "  K♠ K♥ K♦"]


def test_a_hint_before_the_opening_keeps_the_melds_in_the_making():
    """Found by a teacher: the hint offered the 7♠ of 5♠ 6♠ 7♠ as a loose card."""
    hand = "3♠ 3♠ 5♠ 5♠ 6♠ 6♠ 7♠ 4♣ 6♣ 2♥ 4♥ 6♥ 3♦"
    game = stacked("rami51", hand, stock="4♦")
    game.apply(DrawStock())
    steps = hint(game.view(0)).steps
    assert steps[0].code is HintCode.CANNOT_OPEN
    discarded = steps[-1].cards[0]
    rest = [c for c in game.view(0).hand if c is not discarded]
    assert best_arrangement(rest, game.rules).points == steps[0].points == 48
