"""Saves are checked, not trusted: each field of a save tampered with, one at a time.

A bad save must raise a ``ValueError`` (:class:`~rummy_learn.saves.SaveError`) whose one
line names the field, from ``Round.from_json`` and from ``Round.replay`` alike.
"""

from __future__ import annotations

import copy
import json

import pytest
from helpers import cards

from rummy_learn.engine import Round
from rummy_learn.saves import SaveError
from rummy_learn.simulate import make_bots, play_round
from rummy_learn.variants import preset


def _played(variant="romme", players=3, seed=4, moves=None):
    game = Round(preset(variant), players, seed=seed)
    bots = make_bots("mixed", game.rules, players, seed)
    if moves is None:
        play_round(game, bots)
    else:
        for _ in range(moves):
            game.apply(bots[game.current].choose(game.view(game.current)))
    return json.loads(json.dumps(game.to_json()))


FINISHED = _played()
MIDWAY = _played(moves=25)


def _stacked():
    game = Round.stacked(preset("palace"), [cards("K♥ K♠ K♦ 5♣"), cards("2♣ 7♦ 9♠ J♥")],
                         stock=cards("A♦"), seed=3, dealer=1)  # fmt: skip
    return json.loads(json.dumps(game.to_json()))


STACKED = _stacked()


def refused(data, *, load=Round.from_json):
    with pytest.raises(ValueError, match=r"^not a saved round: ") as caught:
        load(data)
    err = caught.value
    assert isinstance(err, SaveError), repr(err)
    assert "\n" not in str(err)
    return err.field


def tampered(base, change):
    data = copy.deepcopy(base)
    change(data)
    return data


def test_a_good_save_loads_and_replays_exactly():
    for base in (FINISHED, MIDWAY, STACKED):
        assert Round.from_json(copy.deepcopy(base)).to_json() == base
        assert Round.replay(copy.deepcopy(base)).to_json() == base


def test_every_preset_and_its_options_load():
    from rummy_learn.variants import PRESETS, OptionConflictError, options_for

    for variant in PRESETS:
        for option in options_for(variant):
            try:
                rules = preset(variant, [option])
            except OptionConflictError:
                continue
            players = max(rules.min_players, 3 if option == "knock" else 2)
            game = Round(rules, players, seed=1)
            assert Round.from_json(game.to_json()).to_json() == game.to_json()


def _set(path, value):
    """A change that sets the field at ``path`` (keys and indices) to ``value``."""

    def change(data):
        here = data
        for key in path[:-1]:
            here = here[key]
        here[path[-1]] = value

    return change


def _drop(path):
    def change(data):
        here = data
        for key in path[:-1]:
            here = here[key]
        del here[path[-1]]

    return change


RULES = [
    (("rules", "opening_min"), "forty", "rules.opening_min"),
    (("rules", "opening_min"), -5, "rules.opening_min"),
    (("rules", "deck_tiers", 0, "decks"), 10**5, "rules.deck_tiers[0].decks"),
    (("rules", "deck_tiers", 0, "decks"), 10**6, "rules.deck_tiers[0].decks"),
    (("rules", "deck_tiers", 0, "jokers"), 20, "rules.deck_tiers[0].jokers"),
    (("rules", "deck_tiers"), [], "rules.deck_tiers"),
    (("rules", "deck_tiers", 0), {"decks": 2}, "rules.deck_tiers[0]"),
    (("rules", "hand_tiers", 0, "cards"), 20, "rules.deck_tiers"),  # 6 hands of 20: no shoe
    (("rules", "ace_high"), 1, "rules.ace_high"),
    (("rules", "joker_policy"), "middle", "rules.joker_policy"),
    (("rules", "variant"), "poker", "rules.variant"),
    (("rules", "options"), ["nonsense"], "rules.options[0]"),
    (("rules", "options"), "knock", "rules.options"),
    (("rules", "options"), [[]], "rules.options[0]"),  # found by the fuzz suite
    (("rules", "variant"), ["romme"], "rules.variant"),
    (("rules", "min_players"), 7, "rules.min_players"),
    (("rules", "deal_packets"), [0], "rules.deal_packets[0]"),
    (("rules", "max_jokers_per_meld"), 2.5, "rules.max_jokers_per_meld"),
    (("rules",), [], "rules"),
    (("players",), 4, "state.hands"),  # an extra player
    (("players",), "3", "players"),
    (("players",), 99, "players"),
    (("seed",), 1.5, "seed"),
    (("dealer",), 99, "dealer"),
    (("dealer",), -1, "dealer"),
    (("turn_cap",), 0, "turn_cap"),
    (("turn_cap",), 10**9, "turn_cap"),
]


@pytest.mark.parametrize(("path", "value", "field"), RULES)
def test_rules_and_settings_are_checked(path, value, field):
    data = tampered(FINISHED, _set(path, value))
    assert refused(data) == field
    if not field.startswith("state"):
        assert refused(data, load=Round.replay) == field


def test_a_missing_or_unknown_switch_is_named():
    assert refused(tampered(FINISHED, _drop(("rules", "knock")))) == "rules"
    assert refused(tampered(FINISHED, _set(("rules", "fly"), True))) == "rules"
    assert refused(tampered(FINISHED, _drop(("log",)))) == "save"
    assert refused([1, 2, 3]) == "save"


STATE = [
    (("state", "current"), 0.5, "state.current"),
    (("state", "current"), 5, "state.current"),
    (("state", "turns"), -1, "state.turns"),
    (("state", "phase"), "bogus", "state.phase"),
    (("state", "opened"), [True], "state.opened"),
    (("state", "taken"), "zz", "state.taken"),
    (("state", "last_discarder"), 9, "state.last_discarder"),
    (("state", "outcome", "winner"), 99, "state.outcome.winner"),
    (("state", "outcome", "reason"), "boredom", "state.outcome.reason"),
    (("state", "outcome", "scores"), [1, 2], "state.outcome.scores"),
    (("state", "outcome"), None, "state.outcome"),  # over, but no outcome
    (("state", "swapped_joker"), 7, "state.swapped_joker"),
    (("state", "hands"), {}, "state.hands"),
    (("state", "stock"), "Qh.0", "state.stock"),
]


@pytest.mark.parametrize(("path", "value", "field"), STATE)
def test_state_fields_are_checked(path, value, field):
    assert refused(tampered(FINISHED, _set(path, value))) == field


def test_the_state_holds_exactly_the_shoe():
    def twice(data):  # one card in two hands
        data["state"]["hands"][1][0] = data["state"]["hands"][0][0]

    def foreign(data):  # a card of a third deck, not in play
        data["state"]["stock"][0] = "Qh.2"

    def jokers(data):  # a joker copied 20 times
        data["state"]["stock"] += ["Jkr.0"] * 20

    def dropped(data):
        data["state"]["stock"].pop()

    assert refused(tampered(MIDWAY, twice)).startswith("state.hands[1][0]")
    assert refused(tampered(MIDWAY, foreign)) == "state.stock[0]"
    assert refused(tampered(MIDWAY, jokers)).startswith("state.stock[")
    assert refused(tampered(MIDWAY, dropped)) == "state"
    assert refused(tampered(MIDWAY, _set(("state", "hands", 0, 0), 7))) == "state.hands[0][0]"


def test_every_meld_on_the_table_is_checked():
    assert FINISHED["state"]["table"], "the finished round has melds"

    def invalid(data):  # a run's cards swapped with the stock's: no longer a meld
        meld = data["state"]["table"][0]
        other = data["state"]["table"][1]
        meld["cards"][0], other["cards"][0] = other["cards"][0], meld["cards"][0]

    assert refused(tampered(FINISHED, invalid)) == "state.table[0].cards"
    assert refused(tampered(FINISHED, _set(("state", "table", 0, "owner"), 9))) == (
        "state.table[0].owner"
    )
    assert refused(tampered(FINISHED, _set(("state", "table", 0, "kind"), "pair"))) == (
        "state.table[0].kind"
    )


def test_a_state_that_does_not_follow_from_the_log_is_refused():
    assert refused(tampered(MIDWAY, _set(("state", "turns"), MIDWAY["state"]["turns"] + 1))) == (
        "state.turns"
    )

    def swapped(data):  # the same cards, dealt differently: every card once, but a lie
        hands = data["state"]["hands"]
        hands[0][0], hands[1][0] = hands[1][0], hands[0][0]

    assert refused(tampered(MIDWAY, swapped)) == "state.hands[0][0]"


def test_the_log_is_checked_by_replaying_it():
    moves = [i for i, e in enumerate(FINISHED["log"]) if e["event"] == "move"]
    discard = next(i for i in moves if FINISHED["log"][i]["action"]["type"] == "discard")
    draw = next(i for i in moves if "card" in FINISHED["log"][i])

    def illegal(data):  # discard a card of another player's hand
        entry = data["log"][discard]
        entry["action"]["card"] = data["log"][0]["hands"][(entry["player"] + 1) % 3][0]

    for load in (Round.from_json, Round.replay):
        assert refused(tampered(FINISHED, illegal), load=load) == f"log[{discard}]"
        assert refused(tampered(FINISHED, _set(("log", draw, "card"), "Jkr.5")), load=load) == (
            f"log[{draw}].card"
        )
        assert refused(tampered(FINISHED, _set(("log", discard, "action"), 7)), load=load) == (
            f"log[{discard}].action"
        )
        assert refused(tampered(FINISHED, _set(("log", 3, "event"), "cheat")), load=load) == (
            "log[3].event"
        )
        assert refused(tampered(FINISHED, _set(("log",), [])), load=load) == "log"
        assert refused(tampered(FINISHED, _drop(("log", -1))), load=load).startswith("log[")
        assert refused(tampered(FINISHED, _set(("log", 0, "hands", 0, 0), "Qh.1")), load=load)
    after = tampered(FINISHED, lambda d: d["log"].append(d["log"][moves[-1]]))
    assert refused(after, load=Round.replay) == f"log[{len(FINISHED['log'])}]"


def test_a_stacked_deal_must_be_exactly_the_shoe():
    def extra_joker(data):
        data["log"][0]["stock"].append("Jkr.0")

    def foreign(data):
        data["log"][0]["stock"][0] = "Qh.3"

    def dropped(data):
        data["log"][0]["stock"].pop(0)

    for load in (Round.replay, Round.from_json):
        assert refused(tampered(STACKED, extra_joker), load=load).startswith("log[0].stock[")
        assert refused(tampered(STACKED, foreign), load=load) == "log[0].stock[0]"
        assert refused(tampered(STACKED, dropped), load=load) == "log[0]"


def test_a_practice_table_loads_and_its_melds_are_checked():
    game = Round.practice(preset("romme"), cards("10♠"), [cards("7♠ 8♠ 9♠")])
    data = json.loads(json.dumps(game.to_json()))
    assert Round.from_json(data).to_json() == data
    data["log"][1]["table"] = [["7s.0", "8s.0", "Kd.0"]]
    assert refused(data, load=Round.replay) == "log[1].table"
