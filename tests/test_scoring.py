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


# --- settlements at their edges (each a one-character bug away from another) ---------------------


def test_casino_scoring_adds_the_winners_melds_to_each_loss():
    from rummy_learn.outcome import EndReason, settle

    casino, plain = preset("palace", ["casino_scoring"]), preset("palace")
    assert settle(casino, EndReason.WENT_OUT, 0, (0, 12, 30), 40) == (122, -52, -70)
    assert settle(casino, EndReason.WENT_OUT, 0, (0, 12, 30)) == (42, -12, -30)  # no melds
    assert settle(plain, EndReason.WENT_OUT, 0, (0, 12, 30), 40) == (42, -12, -30)
    assert settle(casino, EndReason.STOCK_EMPTY, None, (5, 12, 30), 40) == (-5, -12, -30)
    both = preset("rummy40", ["casino_scoring"])  # a Rummy's 25 and the melds' 40, each loser
    assert settle(both, EndReason.RUMMY, 1, (12, 0, 30), 40) == (77, 0, 95)


def test_the_rummy_bonus_is_for_a_rummy_only():
    from rummy_learn.outcome import EndReason, settle

    rules = preset("rummy40")
    assert settle(rules, EndReason.WENT_OUT, 1, (12, 0, 30)) == (12, 0, 30)
    assert settle(rules, EndReason.RUMMY, 1, (12, 0, 30)) == (37, 0, 55)
    assert settle(preset("romme"), EndReason.RUMMY, 1, (12, 0, 30)) == (12, 0, 30)


def test_an_opening_names_only_what_is_wrong_with_its_melds_together():
    """More jokers than the shoe holds is a problem of the melds together, said once; a meld's
    own problems stay with the meld."""
    rules = preset("rummy40")  # two jokers in the shoe
    three = check_opening([cards("Jkr 5♣ 6♣"), cards("Jkr 9♥ 10♥"), cards("Jkr Q♦ K♦")], rules)
    assert [p.reason.value for p in three.problems] == ["jokers_not_in_shoe"] and not three.meets
    two = check_opening([cards("Jkr 5♣ 6♣"), cards("Jkr 9♥ 10♥"), cards("Q♦ K♦ A♦")], rules)
    assert two.problems == () and two.meets
    alone = check_opening([cards("Jkr Jkr Jkr 7♠ 8♠ 9♠")], rules)  # the meld itself says so
    assert alone.problems == () and not alone.melds[0].valid
