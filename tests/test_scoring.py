"""Openings over several melds, and penalties left in hand, per variant."""

from __future__ import annotations

import pytest
from helpers import cards

from rummy_learn.scoring import check_opening, hand_penalty
from rummy_learn.variants import preset


@pytest.mark.parametrize(
    ("variant", "options", "melds", "points", "required", "meets"),
    [
        ("palace", (), ["7♥ 8♥ 9♥", "K♣ K♠ K♦"], 54, 30, True),
        ("palace", (), ["7♥ 8♥ 9♥"], 24, 30, False),
        ("palace", ("opening_40",), ["7♥ 8♥ 9♥", "5♣ 5♠ 5♦"], 39, 40, False),
        ("palace", ("no_opening",), ["2♥ 3♥ 4♥"], 9, None, True),
        ("rami40", (), ["K♥ K♠ K♦", "5♣ 6♣ 7♣"], 48, 40, True),
        ("rami51", (), ["K♥ K♠ K♦", "5♣ 6♣ 7♣"], 48, 51, False),
        ("rami51", (), ["Q♥ K♥ A♥", "9♣ 9♦ 9♥ Jkr"], 67, 51, True),
        ("rummy40", (), ["A♥ 2♥ 3♥", "K♣ K♠ K♦"], 46, 40, True),  # the source's ace 11
        ("rummy40", ("low_ace_1",), ["A♥ 2♥ 3♥", "K♣ K♠ K♦"], 36, 40, False),
        ("romme", (), ["Jkr 7♠ 8♠", "Q♣ Q♠ Jkr"], 51, 40, True),
    ],
)
def test_openings(variant, options, melds, points, required, meets):
    opening = check_opening([cards(m) for m in melds], preset(variant, options))
    assert (opening.points, opening.required, opening.meets) == (points, required, meets)


def test_an_invalid_meld_spoils_the_opening_and_does_not_count():
    opening = check_opening(
        [cards("K♥ K♠ K♦"), cards("Q♥ Q♥ Q♠"), cards("J♣ J♠ J♦")], preset("romme")
    )
    assert (opening.points, opening.all_valid, opening.meets) == (60, False, False)
    assert [m.valid for m in opening.melds] == [True, False, True]


def test_missing_points():
    assert check_opening([cards("K♥ K♠ K♦")], preset("rami51")).missing == 21
    assert check_opening([], preset("romme")).meets is False


@pytest.mark.parametrize(
    ("variant", "hand", "points"),
    [
        ("palace", "A♣ K♦ 7♠ Jkr", 11 + 10 + 7 + 20),
        ("rummy40", "A♣ K♦ 7♠ Jkr", 11 + 10 + 7 + 15),
        ("scala40", "A♣ K♦ 7♠ Jkr", 11 + 10 + 7 + 25),
        ("romme", "A♣ K♦ 7♠ Jkr", 11 + 10 + 7 + 30),
        ("romme", "", 0),
        ("romme", "2♥ 10♥ J♥ Q♥", 2 + 10 + 10 + 10),
    ],
)
def test_penalties(variant, hand, points):
    assert hand_penalty(cards(hand), preset(variant)) == points
