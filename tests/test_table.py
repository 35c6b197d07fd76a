"""Melds on the table: laid only when valid, laid off at the end where they fit (a strict
group's order decides the end), and a swap that locks nothing by itself."""

from __future__ import annotations

import pytest
from helpers import cards
from test_engine import swap_ready

from rummy_learn.actions import End, SwapJoker
from rummy_learn.table import TableMeld, extend, layoff_options
from rummy_learn.variants import preset


def test_only_a_valid_meld_is_laid_and_the_error_says_why():
    rules = preset("romme")
    with pytest.raises(ValueError, match=r"not a valid meld: .*gap"):
        TableMeld.lay(1, 0, cards("7♠ 8♠ 10♠"), rules)  # a run with a gap: a kind, not valid
    with pytest.raises(ValueError, match="not a valid meld"):
        TableMeld.lay(1, 0, cards("7♠ 9♥ J♦"), rules)  # no kind at all
    assert TableMeld.lay(1, 0, cards("7♠ 8♠ 9♠"), rules).kind.value == "run"


@pytest.mark.parametrize(
    ("laid", "card", "where"),
    [("7♠ 7♥ 7♦", "7♣", "7♣ 7♠ 7♥ 7♦"), ("7♣ 7♠ 7♥", "7♦", "7♣ 7♠ 7♥ 7♦")],
)
def test_a_strict_group_takes_a_card_at_the_end_its_suit_belongs(laid, card, where):
    rules = preset("palace", ["strict_groups"])
    meld = TableMeld.lay(1, 0, cards(laid), rules)
    added = cards(card)[0]
    check = extend(meld, added, End.HIGH, rules)  # a set has no ends to choose: it finds one
    assert check.valid and " ".join(map(str, check.cards)) == where
    assert [option.card for option in layoff_options([added], [meld], rules)] == [added]


def test_a_free_group_takes_a_card_at_its_end():
    """Where either end would do (no suit order), the card joins the set where it is put: last."""
    rules = preset("romme")
    meld = TableMeld.lay(1, 0, cards("7♠ 7♥ 7♦"), rules)
    check = extend(meld, cards("7♣")[0], End.HIGH, rules)
    assert check.valid and " ".join(map(str, check.cards)) == "7♠ 7♥ 7♦ 7♣"


def test_a_set_of_four_takes_no_fifth_card():
    rules = preset("romme")
    meld = TableMeld.lay(1, 0, cards("7♣ 7♠ 7♥ 7♦"), rules)
    assert list(layoff_options(cards("7♣ Jkr"), [meld], rules)) == []


def test_a_swap_locks_no_joker():
    game, joker = swap_ready("palace", "7♣ 7♥ Jkr", "7♦")
    game.apply(SwapJoker(1, joker, tuple(c for c in game.hand(1) if str(c) == "7♦")))
    assert not any(meld.locked for meld in game.table)
