"""The solver's summaries of runs under construction say what check_meld says.

Every run the walk can build is a window of slots, each filled by a natural card or a joker.
``RunBook`` follows such a window slot by slot and, at its end, decides from its summary
alone; check_meld decides from the cards laid in that order. Both must agree on every
window, under every rule set that changes how jokers may lie, and forgetting what no
longer matters (``settle``) must never change a later verdict.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest

from rummy_learn.cards import JOKER, Card, Rank, Suit
from rummy_learn.melds import check_meld
from rummy_learn.open_runs import RunBook, TailKind
from rummy_learn.rules import JokerPolicy
from rummy_learn.variants import preset

ROMME = preset("romme")
RULES = {
    "romme": ROMME,  # jokers side by side from 4 cards, two natural cards with jokers
    "rami40": preset("rami40"),  # one joker to a meld
    "palace": preset("palace"),  # jokers fewer than natural cards
    "strict_jokers": preset("palace", ["strict_jokers"]),  # never two jokers side by side
    "rummy40": preset("rummy40"),
    "no_joker_at_the_ends": replace(ROMME, end_joker_run_max=3, min_naturals=1),
    "side_by_side_from_6": replace(ROMME, adjacent_jokers_from=6),
    "short_runs": replace(ROMME, run_min=4, run_max=6),
    "three_naturals": replace(ROMME, min_naturals=3),
}


def windows(most_jokers: int):
    """Every run window up to the king (first slot, length) with its jokers' places."""
    for first in range(1, 13):
        for length in range(2, 14 - first + 1):
            for jokers in range(min(most_jokers, length - 2) + 1):
                for places in combinations(range(length), jokers):
                    yield first, length, set(places)


def laid(first: int, length: int, places: set[int]) -> list[Card]:
    return [JOKER if i in places else Card(Rank(first + i), Suit.HEARTS) for i in range(length)]


def built(book: RunBook, first: int, length: int, places: set[int], settle_at: int | None = None):
    """The tail of the window, built as the walk builds it: begun on its first natural card
    (after its leading jokers), then grown slot by slot."""
    leading = next(i for i in range(length) if i not in places)
    tail = book.begin(first + leading, leading, TailKind.RUN)
    for i in range(leading + 1, length):
        if tail is None:
            return None
        if settle_at is not None and i == settle_at:
            tail = book.settle(tail, jokers_left=len([p for p in places if p >= i]))
        tail = book.grow(tail, joker=i in places)
    return tail


@pytest.mark.parametrize("name", list(RULES))
def test_a_run_ends_where_check_meld_accepts_it_as_laid(name):
    rules = RULES[name]
    book = RunBook(rules, points=False)
    checked = 0
    for first, length, places in windows(3):
        tail = built(book, first, length, places)
        naturals = length - len(places)
        expected = (
            naturals >= 2 and check_meld(laid(first, length, places), rules, ordered=True).valid
        )
        assert (tail is not None and book.ends(tail)) == expected, (first, length, sorted(places))
        checked += 1
    assert checked > 1000


@pytest.mark.parametrize("name", ["romme", "palace", "side_by_side_from_6", "three_naturals"])
def test_forgetting_what_no_longer_matters_changes_no_verdict(name):
    book = RunBook(RULES[name], points=False)
    for first, length, places in windows(3):
        whole = built(book, first, length, places)
        for settle_at in range(1, length):
            settled = built(book, first, length, places, settle_at=settle_at)
            assert (whole is not None and book.ends(whole)) == (
                settled is not None and book.ends(settled)
            ), (first, length, sorted(places), settle_at)


def test_under_rami_a_run_ends_on_a_joker_only_from_the_low_ace():
    """Rami places the joker where it counts least: 7♥ 8♥ 🃏 is worth 6♥ 7♥ 8♥ (21), the
    layout the walk builds with the joker first; A♥ 2♥ 🃏 cannot move down."""
    book = RunBook(preset("rami40"), points=True)
    assert book.lowest and not book.exact
    assert not book.ends(built(book, 7, 3, {2}))
    assert book.ends(built(book, 6, 3, {0}))
    assert book.ends(built(book, 1, 3, {2}))
    assert check_meld(laid(7, 3, {2}), preset("rami40"), any_order=True).points == 21


def test_exact_tails_where_the_lowest_layout_is_not_the_first():
    """More jokers to a meld, runs round the corner or an ace worth 11 low: the walk keeps
    whole spans and asks check_meld."""
    lower = replace(ROMME, joker_policy=JokerPolicy.LOWER)
    assert RunBook(lower, points=True).exact
    assert RunBook(preset("rami40", ["cyclic_runs"]), points=True).exact
    assert RunBook(replace(preset("rami40"), low_ace_points=11), points=True).exact
    assert not RunBook(lower, points=False).exact  # cards and penalties: places do not matter
