"""The cards left out before the solver's walk: never one that a meld can hold, and the walk's
best is the same with them as without them."""

from __future__ import annotations

import random

import pytest

from rummy_learn.decks import build_deck
from rummy_learn.meld_shapes import face_index, hand_counts
from rummy_learn.notation import parse_cards
from rummy_learn.objectives import Objective
from rummy_learn.rank_dp import solve, walk
from rummy_learn.rank_prune import live_counts
from rummy_learn.solver import CACHE, candidate_melds
from rummy_learn.variants import PRESETS, preset

RULE_SETS = [preset(name) for name in PRESETS] + [preset("palace", ["knock"])]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.variant)
def test_no_card_a_meld_can_hold_is_left_out(rules) -> None:
    shoe = list(build_deck(rules, 2))
    rng = random.Random(11)
    dropped = 0
    for _ in range(150):
        hand = rng.sample(shoe, rng.choice((7, 11, 14, 20)))
        counts, jokers = hand_counts(hand)
        live = live_counts(counts, jokers, rules)
        melded = {face_index(c) for m in candidate_melds(hand, rules) for c in m.arrangement
                  if not c.is_joker}  # fmt: skip
        assert all(live[face] == counts[face] for face in melded), [str(c) for c in hand]
        assert all(live[face] in (0, counts[face]) for face in range(52))
        dropped += sum(counts) - sum(live)
    assert dropped > 0  # it does leave cards out


@pytest.mark.parametrize("objective", list(Objective))
@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.variant)
def test_the_best_is_the_same_with_the_dead_cards_as_without(rules, objective) -> None:
    tables = CACHE.tables(rules, objective)
    shoe = list(build_deck(rules, 2))
    rng = random.Random(5)
    for _ in range(40):
        counts, jokers = hand_counts(rng.sample(shoe, rng.choice((9, 13, 14))))
        whole = walk(tables, counts, jokers).found
        assert whole is not None
        assert solve(tables, counts, jokers).worth == whole.worth


def test_a_card_that_must_be_used_stays_even_if_no_meld_can_hold_it() -> None:
    rules = preset("romme")
    counts, jokers = hand_counts(parse_cards("5♥ 6♥ 7♥ 9♣"))
    nine = face_index(parse_cards("9♣")[0])
    assert live_counts(counts, jokers, rules)[nine] == 0
    assert live_counts(counts, jokers, rules, keep=nine)[nine] == 1
    assert solve(CACHE.tables(rules, Objective.POINTS), counts, jokers,
                 required=(nine // 13, nine % 13 + 1)).melds == ()  # fmt: skip
