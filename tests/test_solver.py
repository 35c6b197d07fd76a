"""The solver is exact: property tests against brute force on small hands (every preset, and
rule sets made to reach each branch of the walk), against its own plain walk on large hands;
openings; lay-offs; answers that do not depend on what was solved before."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from itertools import combinations, product

import pytest
from helpers import cards
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_learn.cards import RANKS, SUITS, Card
from rummy_learn.melds import check_meld
from rummy_learn.rules import JokerPolicy
from rummy_learn.scoring import penalty_of
from rummy_learn.solver import Objective, best_arrangement, can_open, candidate_melds, melds_with
from rummy_learn.variants import preset

RULES = [
    preset("romme"),
    preset("rami40"),
    preset("palace"),
    preset("palace", ["strict_groups", "cyclic_runs"]),
    preset("rummy40"),
    preset("palace", ["strict_jokers"]),
]
ROMME = preset("romme")
UNUSUAL = [  # each reaches a branch of the walk the presets reach rarely or never
    preset("scala40"),
    preset("rami51", ["cyclic_runs"]),  # the joker counts least, round the corner: exact tails
    preset("palace", ["strict_jokers", "cyclic_runs"]),
    replace(ROMME, joker_policy=JokerPolicy.LOWER),  # least, with several jokers: exact tails
    replace(preset("rami40"), low_ace_points=11),  # least, and a low ace worth more than a 2
    replace(ROMME, end_joker_run_max=3, joker_set_max=3, ace_high=False, min_naturals=1),
    replace(ROMME, set_min=2, run_min=2),
    replace(ROMME, adjacent_jokers_from=6, run_max=7),
    replace(ROMME, jokers_fewer_than_naturals=True, min_naturals=1),
]


def brute_force(hand, rules, objective):
    """The best total over every way to pick disjoint valid melds (checked one by one)."""
    hand = tuple(hand)

    def weight(meld):
        check = check_meld(meld, rules, any_order=True)  # a hand's cards: the kit places jokers
        if objective is Objective.POINTS:
            return check.points
        if objective is Objective.CARDS:
            return len(meld)
        return sum(penalty_of(c, rules) for c in meld)

    smallest = min(rules.set_min, rules.run_min)

    @cache
    def best(remaining):
        if len(remaining) < smallest:
            return 0
        first, rest = remaining[0], remaining[1:]
        value = best(rest)  # the first card lies in no meld
        for size in range(smallest - 1, len(rest) + 1):
            for others in combinations(range(len(rest)), size):
                meld = (first, *(rest[i] for i in others))
                if check_meld(meld, rules, any_order=True).valid:
                    left = tuple(c for i, c in enumerate(rest) if i not in others)
                    value = max(value, weight(meld) + best(left))
        return value

    return best(hand)


def achieved(arrangement, rules, objective):
    if objective is Objective.POINTS:
        return arrangement.points
    if objective is Objective.CARDS:
        return arrangement.cards_melded
    return sum(penalty_of(c, rules) for meld in arrangement.melds for c in meld)


NATURALS = [Card(r, s) for r in RANKS for s in SUITS]


@st.composite
def small_hands(draw):
    """Up to 9 cards, near each other so that melds are common, with up to 2 jokers."""
    centre = draw(st.integers(1, 13))
    near = [c for c in NATURALS if abs(int(c.rank) - centre) <= 3 or c.rank == 1]
    naturals = draw(st.lists(st.sampled_from(near), min_size=2, max_size=8))
    jokers = draw(st.integers(0, 2))
    copies = [Card(c.rank, c.suit, i) for i, c in enumerate(naturals)]
    return copies + [Card.joker(i) for i in range(jokers)]


@st.composite
def joker_hands(draw):
    """Up to 6 natural cards near each other, with up to 4 jokers."""
    centre = draw(st.integers(1, 13))
    near = [c for c in NATURALS if abs(int(c.rank) - centre) <= 2 or c.rank in (1, 13)]
    naturals = draw(st.lists(st.sampled_from(near), min_size=2, max_size=6))
    jokers = draw(st.integers(1, 4))
    copies = [Card(c.rank, c.suit, i) for i, c in enumerate(naturals)]
    return copies + [Card.joker(i) for i in range(jokers)]


@settings(max_examples=150, deadline=None, database=None)
@given(hand=small_hands(), rules=st.sampled_from(RULES), objective=st.sampled_from(list(Objective)))
def test_solver_is_exact(hand, rules, objective):
    check_exact(hand, rules, objective)


@settings(max_examples=200, deadline=None, database=None)
@given(
    hand=st.one_of(small_hands(), joker_hands()),
    rules=st.sampled_from(UNUSUAL),
    objective=st.sampled_from(list(Objective)),
)
def test_solver_is_exact_under_unusual_rules(hand, rules, objective):
    check_exact(hand, rules, objective)


@settings(max_examples=60, deadline=None, database=None)
@given(hand=joker_hands(), rules=st.sampled_from(RULES), objective=st.sampled_from(list(Objective)))
def test_solver_is_exact_with_many_jokers(hand, rules, objective):
    check_exact(hand, rules, objective)


def fixed_hand(rng: random.Random, many_jokers: bool) -> list[Card]:
    """A hand as ``small_hands`` (or ``joker_hands``) draws one, from a seeded generator."""
    centre = rng.randint(1, 13)
    reach, ends, most = (2, (1, 13), 6) if many_jokers else (3, (1,), 8)
    near = [c for c in NATURALS if abs(int(c.rank) - centre) <= reach or c.rank in ends]
    naturals = [rng.choice(near) for _ in range(rng.randint(2, most))]
    jokers = rng.randint(1, 4) if many_jokers else rng.randint(0, 2)
    copies = [Card(c.rank, c.suit, i) for i, c in enumerate(naturals)]
    return copies + [Card.joker(i) for i in range(jokers)]


def test_exact_on_a_fixed_sample():
    """One hand for each rule set and objective, the same hands every run: the bounded
    sample the mutation tests run (the properties above draw hundreds)."""
    rng = random.Random(14)
    for number, (rules, objective) in enumerate(product([*RULES, *UNUSUAL], Objective)):
        check_exact(fixed_hand(rng, many_jokers=number % 3 == 0), rules, objective)


def check_exact(hand, rules, objective):
    arrangement = best_arrangement(hand, rules, objective)
    assert achieved(arrangement, rules, objective) == brute_force(hand, rules, objective)
    # what it returns is real: valid melds of the hand's own cards, the rest as deadwood
    used = [c for meld in arrangement.melds for c in meld]
    assert sorted(used + list(arrangement.deadwood)) == sorted(hand)
    assert all(check_meld(meld, rules).valid for meld in arrangement.melds)
    assert arrangement.deadwood_penalty == sum(penalty_of(c, rules) for c in arrangement.deadwood)


@settings(max_examples=60, deadline=None, database=None)
@given(hand=small_hands(), rules=st.sampled_from(RULES))
def test_required_card_lies_in_a_meld(hand, rules):
    required = hand[0]
    arrangement = best_arrangement(hand, rules, require=required)
    if arrangement.melds:
        assert any(required in meld for meld in arrangement.melds)
    else:
        assert not melds_with(required, hand, rules)


def test_a_joker_may_stand_in_for_a_card_the_hand_has():
    """5♥ 6♥ 7♥ 6♠ + 2 jokers under one joker per meld: 5♥ 🃏 7♥ and 6♥ 6♠ 🃏 use all six."""
    hand = cards("5♥ 6♥ 7♥ 6♠ Jkr Jkr")
    assert best_arrangement(hand, preset("rami40"), Objective.CARDS).cards_melded == 6


def test_can_open():
    assert can_open(cards("Q♥ K♥ A♥ 9♣ 9♦ 9♥ Jkr 2♠"), preset("rami51")).points == 58 + 10
    assert can_open(cards("K♥ K♠ K♦ 2♣"), preset("rami40")) is None
    assert can_open(cards("2♥ 3♥ 4♥"), preset("palace", ["no_opening"])).points == 9


def test_candidate_melds_are_valid_and_distinct():
    found = candidate_melds(cards("5♥ 6♥ 7♥ 8♥ 6♠ 6♣ Jkr"), preset("romme"))
    keys = [tuple(sorted(str(c) for c in m.cards)) for m in found]
    assert len(keys) == len(set(keys)) and all(m.valid for m in found)
    assert {"5♥", "6♥", "7♥"} in [set(k) for k in keys]


@pytest.mark.parametrize("rules", RULES[:3])
def test_fourteen_card_hands_finish(rules):
    import random

    from rummy_learn.decks import build_deck

    shoe = list(build_deck(rules, 4))
    rng = random.Random(3)
    for _ in range(20):
        hand = rng.sample(shoe, 14)
        arrangement = best_arrangement(hand, rules)
        assert sorted(
            [*(c for m in arrangement.melds for c in m), *arrangement.deadwood]
        ) == sorted(hand)
