"""``legal_actions`` is exact: the moves it yields are the legal moves a brute force finds.

The brute force tries every discard, every lay-off at every end, every swap of every joker
with every choice of cards, and every set of disjoint melds in every order of their cards;
the rules (``is_legal``) keep the legal ones. Two moves are the same move when they leave
the same round behind, up to which of two identical cards they used and the order of melds
laid together. Each legal move must be listed, once.
"""

from __future__ import annotations

from itertools import combinations, islice, permutations

import pytest
from helpers import cards, dealer_before
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_learn.actions import Discard, DrawStock, End, GoOut, LayOff, Meld, SwapJoker, TakeDiscard
from rummy_learn.engine import Round
from rummy_learn.melds import MeldKind, check_meld, placements
from rummy_learn.moves import legal_actions
from rummy_learn.variants import PRESETS, preset

OTHER = "3♣ 8♦ 10♥ Q♠ 5♦ 7♣ 9♥ J♠ 4♣ K♦ 6♥ A♠ 3♥"


def _meld_key(meld, rules):
    check = meld.check(rules)
    shown = tuple(zip((c.face for c in meld.cards), check.faces, strict=True))
    return (
        meld.owner,
        meld.kind.value,
        tuple(sorted(shown)) if meld.kind is MeldKind.SET else shown,
    )


def outcome_of(game, action):
    """What the round looks like after ``action``, up to copies of a card and meld order."""
    after = game.copy()
    after.apply(action)
    s = after.state
    return (
        tuple(tuple(sorted(c.face for c in hand)) for hand in s.hands),
        tuple(sorted(_meld_key(m, game.rules) for m in s.table)),
        s.opened,
        s.phase,
        tuple(c.face for c in s.discard[-1:]),
        s.must_use.face if s.must_use else None,
        s.swapped_joker is not None,
        s.outcome is not None,
    )


def brute_force(game):
    """Every move a player could try, legal or not."""
    view = game.view(game.current)
    hand, table = list(view.hand), view.table
    yield from (DrawStock(), TakeDiscard(), GoOut())
    yield from (Discard(card) for card in hand)
    yield from (LayOff(card, meld.id, end) for card in hand for meld in table for end in End)
    for meld in table:
        for joker in (c for c in meld.cards if c.is_joker):
            for size in (1, 2):
                for chosen in combinations(hand, size):
                    rest = [c for c in hand if c not in chosen]
                    yield SwapJoker(meld.id, joker, chosen)
                    for more in range(2, len(rest) + 1):
                        for new in combinations(rest, more):
                            yield SwapJoker(meld.id, joker, chosen, new)
    yield from (Meld(melds) for melds in _meld_sets(hand))


def _meld_sets(hand):
    """Every set of disjoint groups of 3 or more cards, each group in every order."""
    for size in range(3, len(hand) + 1):
        for group in combinations(hand, size):
            for laid in permutations(group):
                yield (laid,)
                rest = [c for c in hand if c not in group]
                yield from ((laid, *more) for more in _meld_sets(rest))


def assert_exact(game):
    legal = [a for a in brute_force(game) if game.is_legal(a)]
    expected = {outcome_of(game, a) for a in legal}
    listed = list(legal_actions(game.view(game.current)))
    found = [outcome_of(game, a) for a in listed]
    assert all(game.is_legal(a) for a in listed)
    assert len(found) == len(set(found)), "a move listed twice"
    assert set(found) == expected
    return listed


def practice(variant, hand, melds, options=()):
    return Round.practice(preset(variant, options), cards(hand), [cards(m) for m in melds])


@pytest.mark.parametrize(
    ("variant", "options", "hand", "melds"),
    [
        ("romme", (), "4♠ Jkr 8♠ 8♥ 8♦", ["5♠ 6♠ 7♠"]),  # lay-offs at both ends, a joker's place
        ("palace", (), "7♦ 9♣ Jkr 2♥ 3♥", ["7♣ 7♥ Jkr", "6♣ 7♣ 8♣"]),  # swaps from a set
        ("rummy40", (), "7♦ 7♠ 4♥ 5♥ 6♥", ["7♣ 7♥ Jkr"]),  # a swap needs both missing suits
        ("rami40", (), "7♦ Jkr 2♠ 3♠ 9♥", ["7♣ 7♥ 7♠ Jkr", "Jkr 5♠ 6♠"]),  # the lower place
        ("romme", (), "4♥ J♣ J♠ 2♦ 9♣", ["Jkr 5♥ 6♥"]),  # the freed joker into a new meld at once
        ("palace", ("win_without_discard",), "9♠ 10♠ J♠ Q♠", ["K♥ K♣ K♦"]),  # go out melding all
    ],
)
def test_every_play_of_an_opened_player_is_listed_once(variant, options, hand, melds):
    assert_exact(practice(variant, hand, melds, options))


def _drawn(variant, hand, *, options=(), upcard=None, stock="2♣"):
    rules = preset(variant, options)
    game = Round.stacked(rules, [cards(hand), cards(OTHER)], stock=cards(stock),
                         upcard=cards(upcard)[0] if upcard else None,
                         dealer=dealer_before(rules, 2))  # fmt: skip
    game.apply(TakeDiscard() if upcard else DrawStock())
    return game


@pytest.mark.parametrize(
    ("variant", "hand", "upcard"),
    [
        ("palace", "K♥ K♠ K♦ Q♥ J♥", None),  # openings of exactly 30 and more
        ("romme", "9♠ 10♠ Jkr 4♣ 4♦", None),  # the joker's place decides whether 40 is reached
        ("rummy40", "J♥ Q♥ K♥ 10♣ 10♦ 2♣", "10♠"),  # the taken card must be in the opening
        ("rami51", "Q♥ K♥ A♥ 9♣ 9♦", "9♥"),  # 51: short by the lower joker, enough without
    ],
)
def test_every_opening_is_listed_once(variant, hand, upcard):
    listed = assert_exact(_drawn(variant, hand, upcard=upcard))
    openings = [a for a in listed if isinstance(a, Meld)]
    rules = preset(variant)
    assert all(rules.opening_reached(sum(check_meld(m, rules).points for m in a.melds))
               for a in openings)  # fmt: skip


def test_several_melds_at_once_after_the_opening_and_the_same_meld_twice():
    """Two identical runs (two decks) may be laid together; each meld set is listed once."""
    game = practice("romme", "5♣ 6♣ 7♣ 5♣ 6♣ 7♣ 2♦", ["K♥ K♣ K♦"])
    melds = [a for a in legal_actions(game.view(0)) if isinstance(a, Meld)]
    assert sorted(len(a.melds) for a in melds) == [1, 2]  # one run, or both runs at once


def test_lists_are_lazy_and_may_be_cut():
    game = _drawn("romme", "5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ Jkr Jkr 2♥ 2♦")
    first = list(islice(legal_actions(game.view(game.current)), 5))
    assert [type(a) for a in first] == [Discard] * 5


# --- a meld's placements ------------------------------------------------------------------------


def layout(check):
    """A valid meld as it lies: its kind and each card with the card it shows (a free set's
    cards in no order)."""
    shown = tuple(zip((c.face for c in check.arrangement), check.faces, strict=True))
    return (check.kind.value, tuple(sorted(shown)) if check.kind is MeldKind.SET else shown)


@settings(max_examples=60, deadline=None, database=None)
@given(
    variant=st.sampled_from(PRESETS),
    naturals=st.lists(
        st.sampled_from(cards("A♠ 2♠ 3♠ 4♠ 5♠ 7♠ Q♠ K♠ 4♥ 4♦ 4♣")),
        min_size=1,
        max_size=4,
        unique=True,
    ),
    jokers=st.integers(0, 2),
)
def test_placements_are_the_layouts_the_order_laid_can_give(variant, naturals, jokers):
    """Every order of the cards, laid: the valid layouts they give are the placements, once."""
    rules = preset(variant)
    meld = [*naturals, *cards(" ".join(["Jkr"] * jokers))] if jokers else naturals
    by_order = {layout(c) for order in permutations(meld) if (c := check_meld(order, rules)).valid}
    found = [layout(c) for c in placements(meld, rules)]
    assert len(found) == len(set(found)) and set(found) == by_order
