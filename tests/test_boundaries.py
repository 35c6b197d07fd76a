"""Every boundary a one-character bug would move: the opening minimum at exactly 30, 40 and
51 points (and one point short), every preset's penalties, every value of an ace and a joker.

Each figure is written out from the sources (RULES.md), never computed from the switches
under test, so that a changed switch or comparison fails here and not only in the book.
"""

from __future__ import annotations

import pytest
from helpers import cards, dealer_before

from rummy_learn.actions import DrawStock, Meld
from rummy_learn.engine import Round
from rummy_learn.melds import check_meld
from rummy_learn.refusals import Refusal
from rummy_learn.scoring import check_opening, hand_penalty, penalty_of
from rummy_learn.variants import preset

# melds worth exactly these points (a run's or set's cards at face value)
WORTH = {
    29: ["9♥ 10♥ J♥"],
    30: ["10♥ J♥ Q♥"],
    39: ["9♥ 10♥ J♥ Q♥"],
    40: ["10♥ J♥ Q♥ K♥"],
    50: ["9♥ 10♥ J♥", "6♣ 7♣ 8♣"],
    51: ["10♥ J♥ Q♥", "6♣ 7♣ 8♣"],
}

MINIMUMS = [
    ("palace", (), 30),
    ("palace", ("opening_40",), 40),
    ("rummy40", (), 40),
    ("rami40", (), 40),
    ("rami51", (), 51),
    ("romme", (), 40),
    ("scala40", (), 40),
]


@pytest.mark.parametrize(("variant", "options", "minimum"), MINIMUMS)
def test_the_opening_minimum_is_reached_exactly_at_it(variant, options, minimum):
    rules = preset(variant, options)
    assert rules.opening_min == minimum
    assert rules.opening_reached(minimum) and not rules.opening_reached(minimum - 1)
    exactly = check_opening([cards(m) for m in WORTH[minimum]], rules)
    short = check_opening([cards(m) for m in WORTH[minimum - 1]], rules)
    assert (exactly.points, exactly.meets, exactly.missing) == (minimum, True, 0)
    assert (short.points, short.meets, short.missing) == (minimum - 1, False, 1)


def test_no_minimum_means_any_valid_meld_opens():
    rules = preset("palace", ["no_opening"])
    assert rules.opening_min is None and rules.opening_reached(0)
    assert check_opening([cards("A♥ 2♥ 3♥")], rules).meets
    assert not check_opening([cards("A♥ 2♥ 4♥")], rules).meets


def _opening_round(variant, options, melds):
    """Player 0 holds exactly these melds and filler, and has drawn."""
    laid = cards(" ".join(melds))
    hand = [*laid, *cards("2♠ 4♦ 6♠ 8♦ K♣ 3♣ 5♠ 7♦ 9♣ Q♠ 4♣ 2♦")][:13]
    other = cards("3♦ 5♦ 9♠ J♣ 4♠ 6♦ 8♠ 10♣ Q♦ 2♥ 7♠ 9♦ K♠")
    rules = preset(variant, options)
    game = Round.stacked(rules, [hand, other], stock=cards("A♠"), dealer=dealer_before(rules, 2))
    game.apply(DrawStock())
    return game


def _meld_of(game, melds):
    pool = list(game.hand(0))
    chosen = []
    for meld in melds:
        physical = []
        for face in cards(meld):
            card = next(c for c in pool if c.face == face.face)
            pool.remove(card)
            physical.append(card)
        chosen.append(tuple(physical))
    return Meld(tuple(chosen))


@pytest.mark.parametrize(("variant", "options", "minimum"), MINIMUMS)
def test_the_engine_opens_at_exactly_the_minimum_and_not_a_point_below(variant, options, minimum):
    short = _opening_round(variant, options, WORTH[minimum - 1])
    action = _meld_of(short, WORTH[minimum - 1])
    problems = short.is_legal(action).problems
    assert [(p.code, p.number, p.limit) for p in problems] == [
        (Refusal.OPENING_TOO_LOW, minimum - 1, minimum)
    ]
    exactly = _opening_round(variant, options, WORTH[minimum])
    exactly.apply(_meld_of(exactly, WORTH[minimum]))
    assert exactly.view(0).has_opened


# --- penalties: every preset's values, from the sources -----------------------------------------

PENALTIES = {  # joker, ace (RULES.md; Rami's are the kit's choice, the source being silent)
    "palace": (20, 11),
    "rummy40": (15, 11),
    "rami40": (20, 11),
    "rami51": (20, 11),
    "romme": (30, 11),
    "scala40": (25, 11),
}


@pytest.mark.parametrize("variant", sorted(PENALTIES))
def test_every_presets_penalties(variant):
    rules = preset(variant)
    joker, ace = PENALTIES[variant]
    assert (rules.joker_penalty, rules.ace_penalty) == (joker, ace)
    faces = {"Jkr": joker, "A♠": ace, "K♦": 10, "Q♣": 10, "J♥": 10, "10♠": 10, "9♦": 9, "2♣": 2}
    for face, points in faces.items():
        assert penalty_of(cards(face)[0], rules) == points, face
    assert hand_penalty(cards(" ".join(faces)), rules) == sum(faces.values())
    assert hand_penalty([], rules) == 0


# --- the values of an ace and of a joker in a meld ----------------------------------------------

LOW_ACE = {"palace": 1, "rummy40": 11, "rami40": 1, "rami51": 1, "romme": 1, "scala40": 1}


@pytest.mark.parametrize("variant", sorted(LOW_ACE))
def test_every_value_of_an_ace(variant):
    rules = preset(variant)
    low, high, in_set = (check_meld(cards(m), rules).points for m in ("A♥ 2♥ 3♥", "Q♥ K♥ A♥",
                                                                      "A♣ A♥ A♠"))  # fmt: skip
    assert (low, high, in_set) == (LOW_ACE[variant] + 2 + 3, 10 + 10 + 11, 33)


def test_rummy40s_low_ace_option_counts_it_1():
    assert check_meld(cards("A♥ 2♥ 3♥"), preset("rummy40", ["low_ace_1"])).points == 6


@pytest.mark.parametrize(
    ("variant", "meld", "points"),
    [
        ("romme", "Jkr 7♠ 8♠", 6 + 7 + 8),  # laid first: the lower card
        ("romme", "7♠ 8♠ Jkr", 7 + 8 + 9),  # laid last: the higher card
        ("rami40", "7♠ 8♠ Jkr", 6 + 7 + 8),  # Rami: the lower card, whatever the order
        ("romme", "Q♥ K♥ Jkr", 10 + 10 + 11),  # a high ace
        ("rami51", "Q♥ K♥ Jkr", 10 + 10 + 10),  # the jack: lower than the ace
        ("palace", "Jkr 2♥ 3♥", 1 + 2 + 3),  # a low ace
        ("rummy40", "Jkr 2♥ 3♥", 11 + 2 + 3),  # a low ace, at the source's 11
        ("romme", "K♣ K♠ Jkr", 30),  # in a set: the rank's value
        ("palace", "A♣ A♠ Jkr", 33),
        ("romme", "5♠ Jkr Jkr 8♠", 5 + 6 + 7 + 8),  # two jokers side by side (Rommé, 4 cards)
    ],
)
def test_every_value_of_a_joker(variant, meld, points):
    assert check_meld(cards(meld), preset(variant)).points == points
