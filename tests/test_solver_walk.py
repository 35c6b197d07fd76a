"""The solver's walk over the ranks: each of its branches on a hand made to need it, its
quick first answers checked against the plain walk, and a bot's solver that answers each
hand of a round as a fresh one would."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from helpers import cards
from test_solver import achieved, brute_force

from rummy_learn import rank_dp
from rummy_learn.cards import Card
from rummy_learn.decks import build_deck
from rummy_learn.engine import Round
from rummy_learn.meld_shapes import hand_counts
from rummy_learn.melds import check_meld
from rummy_learn.rules import JokerPolicy
from rummy_learn.simulate import make_bots, play_round
from rummy_learn.solver import Objective, Solver, SolverCache, best_arrangement
from rummy_learn.variants import preset

ROMME = preset("romme")
LEAST = replace(ROMME, joker_policy=JokerPolicy.LOWER)
RAMI_ACE_11 = replace(preset("rami40"), low_ace_points=11)
POINTS, CARDS, DEADWOOD = Objective.POINTS, Objective.CARDS, Objective.DEADWOOD

BRANCHES = [  # (why, rules, hand, objective): each needs one branch of the walk
    ("Rami: the joker counts least, 6♥", preset("rami40"), "7♥ 8♥ Jkr", POINTS),
    ("Rami: J♥ Q♥ K♥, not Q♥ K♥ A♥", preset("rami40"), "Q♥ K♥ Jkr 5♣", POINTS),
    ("Rami: A♥ 2♥ 3♥ cannot move down", preset("rami40"), "A♥ 2♥ Jkr", POINTS),
    ("least, with two jokers", LEAST, "9♠ 10♠ Jkr Jkr", POINTS),
    ("least, round the corner", preset("rami51", ["cyclic_runs"]), "K♥ A♥ Jkr 9♣", POINTS),
    ("least, a low ace worth 11", RAMI_ACE_11, "2♥ 3♥ Jkr", POINTS),
    ("most: 9♠ 10♠ J♠ as the player lays it", ROMME, "9♠ 10♠ Jkr", POINTS),
    ("Q♥ K♥ A♥: the ace after the king", ROMME, "Q♥ K♥ A♥ 2♥", POINTS),
    ("K♥ 🃏 after the king", ROMME, "Q♥ K♥ Jkr Jkr", POINTS),
    ("a whole suit, the ace high", ROMME, "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥", POINTS),
    ("round the corner: Q♠ K♠ A♠ 2♠", preset("palace", ["cyclic_runs"]), "Q♠ K♠ A♠ 2♠ 3♣", CARDS),
    ("jokers before the ace", preset("palace", ["cyclic_runs"]), "A♠ 2♠ 3♠ Jkr 7♦", POINTS),
    ("no joker at the ends of long runs",
     replace(ROMME, end_joker_run_max=3, min_naturals=1), "5♥ 6♥ 7♥ 8♥ Jkr", CARDS),
    ("melds of two cards", replace(ROMME, set_min=2, run_min=2), "5♥ 6♥ 9♣ 9♦", CARDS),
    ("jokers apart", preset("palace", ["strict_jokers"]), "5♥ 6♥ Jkr Jkr 8♣", DEADWOOD),
    ("jokers fewer than natural cards", preset("palace"), "5♥ 6♥ 7♥ Jkr Jkr Jkr", POINTS),
    ("a strict group", preset("palace", ["strict_groups"]), "5♣ 5♥ Jkr 5♦", POINTS),
    ("two copies, two runs", ROMME, "4♥ 4♥ 5♥ 5♥ 6♥ 6♥ 7♥", CARDS),
]  # fmt: skip


@pytest.mark.parametrize(
    ("why", "rules", "hand", "objective"), BRANCHES, ids=[b[0] for b in BRANCHES]
)
def test_each_branch_of_the_walk_finds_the_best(why, rules, hand, objective):
    hand = [Card(c.rank, c.suit, i) for i, c in enumerate(cards(hand))]
    found = best_arrangement(hand, rules, objective)
    assert achieved(found, rules, objective) == brute_force(hand, rules, objective)
    for meld, check in zip(found.melds, found.checks, strict=True):
        again = check_meld(meld, rules)  # as it lies on the table, its points as reported
        assert again.valid and again.points == check.points


def test_among_equal_answers_natural_cards_stay_in_runs():
    """36 points either way; the joker completes the set, not the run."""
    found = best_arrangement(cards("5♥ 6♥ 7♥ 6♠ 6♣ K♦ Jkr"), preset("rami40"))
    assert sorted(" ".join(map(str, m)) for m in found.melds) == ["5♥ 6♥ 7♥", "6♣ 6♠ 🃏"]


LARGE = [
    (preset("romme", ["knock"]), 22, POINTS),
    (preset("palace", ["knock"]), 22, POINTS),
    (preset("rami40", ["knock"]), 22, POINTS),
    (preset("rami51", ["cyclic_runs", "knock"]), 18, POINTS),
    (preset("rummy40"), 30, CARDS),
    (preset("scala40"), 26, DEADWOOD),
]


@pytest.mark.parametrize(("rules", "size", "objective"), LARGE)
def test_the_quick_walks_give_the_plain_walks_answer(rules, size, objective):
    """The glance and the walks with floors (``rank_dp.solve``) against one walk that keeps
    every state, on hands too large for brute force."""
    shoe = list(build_deck(rules, rules.max_players))
    rng = random.Random(size)
    tables = SolverCache().tables(rules, objective)
    for _ in range(6):
        counts, jokers = hand_counts(rng.sample(shoe, size))
        plain = rank_dp.walk(tables, counts, jokers)
        assert plain.whole and plain.found is not None
        assert rank_dp.solve(tables, counts, jokers).worth == plain.found.worth


def test_a_bots_solver_answers_each_hand_as_a_fresh_one_would(monkeypatch):
    """A bot keeps one solver for the whole round. The depth-first search it replaced kept a
    memo across hands, and in this round (the golden rami51-seed11) it once answered 30
    where 🃏 K♥ A♥ was worth 31."""
    rules = preset("rami51")
    checked = []
    best = Solver.best

    def compared(self, hand, *, require=None, budget=None):
        hand = list(hand)
        found = best(self, hand, require=require, budget=budget)
        alone = best(Solver(self.rules, self.objective, SolverCache()), hand, require=require)
        assert achieved(found, rules, self.objective) == achieved(alone, rules, self.objective)
        checked.append(hand)
        return found

    monkeypatch.setattr(Solver, "best", compared)
    game = Round(rules, 2, seed=11, dealer=1)
    play_round(game, make_bots("mixed", rules, 2, 11))
    assert len(checked) > 40


def test_a_solver_given_its_own_cache_uses_it_even_while_empty():
    """An empty SolverCache is falsy (it has a length): ``cache or CACHE`` once took the
    process's cache instead, and "fresh tables" in the benchmarks were not fresh."""
    from rummy_learn.solver import CACHE

    rules = preset("romme")
    own = SolverCache()
    solver = Solver(rules, POINTS, own)
    assert solver.tables is own.tables(rules, POINTS)
    assert solver.tables is not CACHE.tables(rules, POINTS)
