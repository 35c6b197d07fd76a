"""Moves explained from the mover's view: what a taken card completes, what a discard gives
up or keeps, the opening's points; in words in every language."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rummy_learn.actions import Discard, DrawStock, Meld, TakeDiscard
from rummy_learn.engine import Round
from rummy_learn.explain import Why, explain, near_melds, waiting
from rummy_learn.i18n import LANGUAGES, text
from rummy_learn.i18n.explained import explanation_text, listed, reason_text
from rummy_learn.levels import make_level_bots
from rummy_learn.notation import parse_cards
from rummy_learn.simulate import play_round
from rummy_learn.variants import preset


def cards(text_: str):
    return tuple(parse_cards(text_))


def strs(found):
    return [str(c) for c in found]


def dealt(hand: str, other: str, *, upcard: str, stock: str = "", variant: str = "romme"):
    """Player 0 to draw, with ``hand``; ``upcard`` lies on the discard pile."""
    rules = preset(variant)
    stock_cards = parse_cards(stock) if stock else None
    return Round.stacked(
        rules,
        [parse_cards(hand), parse_cards(other)],
        stock=stock_cards,
        upcard=parse_cards(upcard)[0],
        dealer=1,
    )


HAND = "5♥ 6♥ 8♠ 9♠ K♣ 2♦ 3♣ 4♠ J♦ Q♣ 7♣ 10♦ A♠"
OTHER = "A♣ A♦ 3♥ 4♥ 6♠ 7♦ 8♣ 9♦ 10♣ J♣ Q♦ K♦ 2♠"


def test_a_taken_card_is_explained_by_the_meld_it_completes():
    game = dealt(HAND, OTHER, upcard="7♥")
    view = game.view(0)
    why = explain(view, TakeDiscard())
    assert why.why is Why.TAKE_COMPLETES
    assert strs(why.cards) == ["7♥"] and [strs(m) for m in why.melds] == [["5♥", "6♥", "7♥"]]
    assert explanation_text(why, "Computer 1", "en") == (
        "Computer 1: took 7♥ from the discard pile. It makes 5♥ 6♥ 7♥."
    )
    assert reason_text(why, "de") == "Damit ist die Figur 5♥ 6♥ 7♥ komplett."


def test_drawing_past_a_useful_discard_says_what_it_would_have_made():
    game = dealt(HAND, OTHER, upcard="7♥")
    why = explain(game.view(0), DrawStock())
    assert why.why is Why.DRAW_MISSED and [strs(m) for m in why.melds] == [["5♥", "6♥", "7♥"]]
    useless = explain(dealt(HAND, OTHER, upcard="K♦").view(0), DrawStock())
    assert useless.why is Why.DRAW_NOTHING and strs(useless.cards) == ["K♦"]
    assert reason_text(useless, "ru") == "Карта К♦ в сбросе ни к чему не подходит."


def test_a_discard_names_what_the_hand_keeps_and_waits_for():
    hand = "8♠ 9♠ K♣ 3♣ 6♣ 10♣ 2♦ 7♦ 5♥ J♥ A♥ 4♠ Q♠"  # one near meld, and Q♠ for the draw
    game = dealt(hand, OTHER, upcard="K♦", stock="Q♦")
    game.apply(DrawStock())
    view = game.view(0)
    king = next(c for c in view.hand if str(c) == "K♣")
    why = explain(view, Discard(king))
    assert strs(why.keeps) == ["8♠", "9♠"] and strs(why.waits) == ["7♠", "10♠"]
    assert why.why in (Why.DISCARD_LOOSE, Why.DISCARD_COSTLY)
    assert reason_text(why, "en").endswith("8♠ 9♠ stay in the hand and wait for 7♠ or 10♠.")
    assert reason_text(why, "ru").endswith("На руке остаются 8♠ 9♠: к ним подойдёт 7♠ или 10♠.")
    assert reason_text(why, "bg").endswith("В ръката остават 8♠ 9♠: липсва им 7♠ или 10♠.")
    assert reason_text(why, "de").endswith("Auf der Hand bleiben 8♠ 9♠ und warten auf 7♠ oder 10♠.")


def test_a_last_discard_says_the_hand_goes_out_not_that_the_card_fits_nothing():
    view = dealt(HAND, OTHER, upcard="7♥", variant="scala40").view(0)
    last = replace(view, hand=view.hand[:1])
    why = explain(last, Discard(view.hand[0]))
    assert why.why is Why.GO_OUT and why.cards == view.hand[:1]
    assert reason_text(why, "en") == text("explain.go_out", "en")


def test_a_near_meld_given_up_and_a_card_from_a_meld_are_said_as_such():
    game = dealt("8♠ 9♠ K♣ K♦ K♥ 2♦ 5♥ J♥ 3♣ 7♦ A♣ 4♥ 6♣", OTHER, upcard="Q♠", stock="2♥")
    game.apply(DrawStock())
    view = game.view(0)
    eight = next(c for c in view.hand if str(c) == "8♠")
    king = next(c for c in view.hand if str(c) == "K♥")
    near = explain(view, Discard(eight))
    assert near.why is Why.DISCARD_NEAR and strs(near.waits) == ["7♠", "10♠"]
    assert reason_text(near, "ru") == "Пришлось разбить заготовку, которая ждала 7♠ или 10♠."
    assert explain(view, Discard(king)).why is Why.DISCARD_FROM_MELD


def test_an_opening_is_explained_with_its_points():
    rules = preset("romme")
    game = Round.stacked(
        rules,
        [parse_cards("10♥ J♥ Q♥ K♠ K♦ K♣ 2♦ 3♣ 5♠ 7♦ 9♣ 4♥ 6♠"), parse_cards(OTHER)],
        stock=parse_cards("8♣"),
        dealer=1,
    )
    game.apply(DrawStock())
    view = game.view(0)
    run = tuple(c for c in view.hand if str(c) in ("10♥", "J♥", "Q♥"))
    kings = tuple(c for c in view.hand if str(c) in ("K♠", "K♦", "K♣"))
    why = explain(view, Meld((run, kings)))
    assert (why.why, why.points, why.required) == (Why.OPEN, 60, 40)
    assert reason_text(why, "ru") == "Это начальная комбинация на 60 очков (минимум: 40 очков)."
    assert reason_text(why, "bg") == "Това е първото сваляне: 60 точки (минимум: 40 точки)."


def test_waits_leave_out_cards_no_one_can_draw():
    rules = preset("romme")
    assert strs(waiting(cards("8♠ 9♠"), rules)) == ["7♠", "10♠"]
    assert strs(waiting(cards("Q♠ K♠"), rules)) == ["A♠", "J♠"]
    assert waiting(cards("8♠ K♥"), rules) == ()
    both_dead = parse_cards("7♠ 7♠")  # both copies of 7♠ on the table or the pile
    [(pair, waits)] = near_melds(parse_cards("8♠ 9♠ 2♦"), rules, both_dead, copies=2)
    assert strs(pair) == ["8♠", "9♠"] and strs(waits) == ["10♠"]
    assert near_melds(parse_cards("8♠ 9♠"), rules, parse_cards("7♠ 7♠ 10♠ 10♠")) == []


def test_lists_read_as_each_language_lists():
    assert listed(["7♠"], "or", "en") == "7♠"
    assert listed(["8♣", "8♦", "8♥"], "or", "bg") == "8♣, 8♦ или 8♥"
    assert listed(["a", "b"], "and", "de") == "a und b"


@pytest.mark.parametrize("variant", ["romme", "rami51", "scala40"])
def test_every_move_of_a_round_of_bots_is_explained_in_every_language(variant):
    rules = preset(variant)
    game = Round(rules, 3, seed=4)
    bots = make_level_bots(["easy", "medium", "medium"], rules, seed=4)
    whys = []
    from rummy_learn.bots import drive_bots

    moves = list(drive_bots(game, bots, why=whys))
    assert len(moves) == len(whys) > 10
    assert [w.action for w in whys] == [m.action for m in moves]
    for why in whys:
        for lang in LANGUAGES:
            line = explanation_text(why, text("game.bot", lang, number=why.player + 1), lang)
            assert "{" not in line and line.count(".") >= 2, line
    assert {w.why for w in whys} >= {Why.DRAW_NOTHING, Why.DISCARD_COSTLY}
    assert play_round(game, bots) == 0  # the round is over


def test_a_discard_the_hand_already_melds_without_completes_nothing():
    """German lesson 10: the hint said the discarded A♦ "would have completed Jkr A♠ A♦", a meld
    the learner already held (a teacher)."""
    from dataclasses import replace as with_

    from rummy_learn.engine import Round
    from rummy_learn.explain import _completes
    from rummy_learn.notation import parse_cards
    from rummy_learn.variants import preset

    view = Round(preset("romme"), 2, seed=4).view(0)
    held = with_(view, hand=tuple(parse_cards("Jkr A♠ A♦ 5♣ 9♥")))
    assert _completes(held, parse_cards("A♦")[0]) is None
    pair = with_(view, hand=tuple(parse_cards("A♠ A♦ 5♣ 9♥")))
    assert sorted(_completes(pair, parse_cards("A♥")[0]) or ()) == sorted(parse_cards("A♠ A♦ A♥"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_joker_swapped_into_a_new_meld_is_not_said_to_go_to_the_hand(lang):
    """German Rommé lays the taken joker at once in a new meld: the reason said it went to the
    hand (a German teacher)."""
    from dataclasses import replace as with_

    from rummy_learn.actions import SwapJoker
    from rummy_learn.engine import Round

    view = Round(preset("romme"), 2, seed=4).view(0)
    view = with_(view, hand=tuple(parse_cards("6♦ 5♥ 5♠")))
    joker = parse_cards("Jkr")[0]
    swap = SwapJoker(1, joker, tuple(parse_cards("6♦")), tuple(parse_cards("5♥ 5♠")))
    why = explain(view, swap)
    assert why.why is Why.SWAP_NEW_MELD
    said = reason_text(why, lang)
    assert said != text("explain.swap", lang) and "5♥" in said and "5♠" in said
