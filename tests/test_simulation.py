"""Bot rounds across presets: no card lost or doubled, every round ends, settlements add up."""

from __future__ import annotations

import json
from itertools import islice
from pathlib import Path

import pytest

from rummy_learn.engine import Round
from rummy_learn.legality import refusals
from rummy_learn.moves import legal_actions
from rummy_learn.rules import Settlement
from rummy_learn.simulate import make_bots, play_round, playthrough, simulate
from rummy_learn.variants import preset
from rummy_learn.view import Phase

GOLDEN = Path(__file__).parent / "golden"

CONFIGS = [
    ("palace", (), 4, "greedy", 30),
    ("palace", ("knock", "strict_jokers"), 3, "mixed", 20),
    ("palace", ("small_deck", "cyclic_runs", "strict_groups"), 3, "greedy", 20),
    ("palace", ("win_without_discard",), 2, "random", 10),
    ("rummy40", (), 3, "greedy", 30),
    ("rummy40", (), 2, "random", 10),
    ("rami40", (), 4, "greedy", 25),
    ("rami51", ("house_decks",), 5, "mixed", 15),
    ("rami40", (), 2, "random", 12),  # a new user's bots once got stuck here
    ("romme", (), 4, "greedy", 30),
    ("romme", ("dealer_14", "rauben", "must_use_discard"), 3, "mixed", 20),
    ("romme", ("dskv_swap",), 2, "random", 10),
    ("scala40", (), 3, "greedy", 30),
]


@pytest.mark.parametrize(("variant", "options", "players", "bots", "rounds"), CONFIGS)
def test_simulated_rounds_keep_the_invariants(variant, options, players, bots, rounds):
    rules = preset(variant, options)
    report = simulate(rules, players, rounds, seed=100, bots=bots)  # checks cards at every move
    assert report.rounds == rounds == sum(report.ends.values())
    assert report.all_accounted
    if rules.settlement is Settlement.ZERO_SUM:
        assert report.zero_sum
    if bots == "greedy":  # greedy bots finish by going out, almost always
        assert report.ends["went_out"] + report.ends["rummy"] >= rounds * 0.8


def test_every_listed_move_is_legal_and_the_round_ends():
    """At every step of random rounds, each listed move is allowed and some move exists."""
    configs = [("rummy40", ()), ("palace", ("knock", "strict_jokers")), ("romme", ())]
    for variant, options in configs:
        rules = preset(variant, options)
        game = Round(rules, 3, seed=8)
        bots = make_bots("random", rules, 3, 8)
        while game.phase is not Phase.OVER:
            view = game.view(game.current)
            actions = list(islice(legal_actions(view), 200))
            assert actions, "a player with no legal move"
            assert all(not refusals(view, action) for action in actions)
            game.apply(bots[game.current].choose(view))
        assert game.cards_accounted()


def test_illegal_moves_change_nothing():
    """Random moves of other players, old cards, wrong phases: refused, and the state unchanged."""
    from rummy_learn.actions import Discard, DrawStock, GoOut, Knock, LayOff, Meld, TakeDiscard
    from rummy_learn.refusals import IllegalMove

    rules = preset("romme")
    game = Round(rules, 3, seed=2)
    bots = make_bots("greedy", rules, 3, 2)
    stranger = game.hand((game.current + 1) % 3)[0]
    attempts = [DrawStock(), TakeDiscard(), Discard(stranger), GoOut(), Knock(0), Knock(7),
                LayOff(stranger, 42), Meld(((stranger,),)), Meld(())]  # fmt: skip
    refused = 0
    for _ in range(30):
        if game.phase is Phase.OVER:
            break
        for attempt in attempts:
            if not game.is_legal(attempt):
                before = json.dumps(game.to_json())
                with pytest.raises(IllegalMove):
                    game.apply(attempt)
                assert json.dumps(game.to_json()) == before
                refused += 1
        game.apply(bots[game.current].choose(game.view(game.current)))
    assert refused > 100


GOLDEN_ROUNDS = sorted(p.stem for p in GOLDEN.glob("*.json"))


def golden(name):
    return json.loads((GOLDEN / f"{name}.json").read_text())


def test_there_are_golden_playthroughs_of_every_preset():
    from make_golden import ROUNDS

    assert sorted(ROUNDS) == GOLDEN_ROUNDS
    assert {golden(name)["save"]["rules"]["variant"] for name in GOLDEN_ROUNDS} >= {
        "palace",
        "rami51",
        "romme",
        "rummy40",
        "scala40",
    }


@pytest.mark.parametrize("name", GOLDEN_ROUNDS)
def test_golden_playthroughs_list_the_same_legal_moves(name):
    """A stored round replays to the same log and state, with the same legal moves at each step."""
    saved = golden(name)
    replayed = Round.replay(saved["save"])
    assert replayed.log == saved["save"]["log"]
    assert replayed.to_json()["state"] == saved["save"]["state"]
    for step, (now, then) in enumerate(
        zip(playthrough(replayed), saved["playthrough"], strict=True)
    ):
        assert now == then, f"move {step}: what the rules allow changed"


@pytest.mark.parametrize("name", GOLDEN_ROUNDS)
def test_golden_rounds_are_what_the_seed_deals_and_the_bots_play_today(name):
    """The golden rounds played again by their bots give the stored logs (same seed, same round)."""
    saved = golden(name)["save"]
    fresh = Round.from_json(saved)
    game = Round(fresh.rules, fresh.players, seed=fresh.seed, dealer=fresh.dealer)
    play_round(game, make_bots("mixed", game.rules, game.players, game.seed))
    assert game.log == saved["log"]
