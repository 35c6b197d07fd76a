"""Bounded inputs: the card reader caps a word's length, commands cap the cards they take,
``hint`` caps the hand, the solver answers an oversized hand within a budget, and what
the user typed is shown back as text (escape sequences are not run)."""

from __future__ import annotations

import json
import random

import pytest

from rummy_learn import limits, solver
from rummy_learn.actions import parse_card_id
from rummy_learn.cli import main
from rummy_learn.decks import build_deck
from rummy_learn.i18n import text
from rummy_learn.limits import MAX_CARDS_GIVEN, MAX_TOKEN_CHARS, largest_hand
from rummy_learn.melds import check_meld
from rummy_learn.notation import _LOCAL, CardParseError, ParseProblem, parse_cards
from rummy_learn.solver import best_arrangement
from rummy_learn.variants import PRESETS, preset


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# --- the card reader ---------------------------------------------------------------------------


def test_a_word_longer_than_any_card_is_refused_as_it_stands():
    """The audit: a 100,000-character word took 13 s, read cut by cut."""
    with pytest.raises(CardParseError) as caught:
        parse_cards("Q♥ " + "Q" * 100_000 + " 7♠", "en")
    err = caught.value
    assert (err.problem, err.position, err.column) == (ParseProblem.TOO_LONG, 2, 3)
    assert len(str(err)) < 200


def test_the_cap_is_longer_than_any_card_written_as_one_word():
    """Rank and suit words of every language, written together, still fit under the cap."""
    for local in _LOCAL.values():
        longest = max(map(len, local.ranks)) + max(map(len, local.suits))
        assert longest <= MAX_TOKEN_CHARS
    assert [str(c) for c in parse_cards("восьмёркачервей", "ru")] == ["8♥"]
    with pytest.raises(CardParseError):
        parse_cards("x" * (MAX_TOKEN_CHARS + 1), "en")


def test_a_card_id_with_a_long_copy_number_is_not_read():
    with pytest.raises(ValueError, match="not a card id"):
        parse_card_id("Qh." + "7" * 5000)


# --- the command line ----------------------------------------------------------------------------


def test_hint_takes_no_more_cards_than_a_hand_holds(capsys):
    """The audit: 45 cards took 4 s, 50 cards more than 20 s."""
    shoe = [str(c) for c in build_deck(preset("romme"), 2) if not c.is_joker]
    assert largest_hand(preset("romme")) == 14
    code, _out, err = run(capsys, "hint", "--variant", "romme", *shoe[:15])
    assert code == 2 and "at most 14 cards" in err
    code, _out, err = run(capsys, "hint", "--variant", "romme", "--lang", "ru", *shoe[:50])
    assert code == 2 and "не больше 14 карт" in err
    assert run(capsys, "hint", "--variant", "romme", *shoe[:14])[0] == 0
    knock = preset("palace", ["knock"])
    assert largest_hand(knock) == 22
    code, _out, err = run(capsys, "hint", "--variant", "palace", "--option", "knock", *shoe[:23])
    assert code == 2 and "at most 22 cards" in err


def test_commands_take_no_more_cards_than_the_largest_shoe(capsys):
    many = ["Q♥"] * (MAX_CARDS_GIVEN + 1)
    for command in ("check", "score"):
        code, _out, err = run(capsys, command, *many)
        assert code == 2 and f"At most {MAX_CARDS_GIVEN} cards" in err
    melds = ["K♥ K♠ K♦"] * (MAX_CARDS_GIVEN // 3 + 1)
    code, _out, err = run(capsys, "opening", "--lang", "de", *melds)
    assert code == 2 and f"höchstens {MAX_CARDS_GIVEN} Karten" in err


@pytest.mark.parametrize(
    "args",
    [
        ("check", "\x1b[2J\x1b[31mQ♥"),
        ("check", "--lang", "ru", "Q♥", "\x1b]0;owned\x07"),
        ("check", "--variant", "\x1b[31mromme", "Q♥"),
        ("check", "--option", "\x1b[5mknock", "Q♥"),
        ("score", "\u202eQh"),
        ("opening", "K♥ K♠ K♦", "\x9b31m"),
    ],
)
def test_escape_sequences_are_shown_as_text(capsys, args):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert not any(ch in err for ch in "\x1b\x07\x9b\u202e")
    assert "\\x1b" in err or "\\x9b" in err or "\\u202e" in err
    assert err.count("\n") == 1


# --- the solver ---------------------------------------------------------------------------------


def test_a_hand_larger_than_the_variant_deals_is_searched_within_a_budget(monkeypatch):
    from rummy_learn import rank_dp

    rules = preset("romme")
    hand = random.Random(1).sample([c for c in build_deck(rules, 2) if not c.is_joker], 40)
    monkeypatch.setattr(solver, "SOLVER_BUDGET", -1.0)  # the budget is spent at once,
    monkeypatch.setattr(rank_dp, "GLANCE", 1)  # and the walks are one state wide (this hand
    monkeypatch.setattr(rank_dp, "BEAM", 1)  # is solved in full before any budget counts)
    found = best_arrangement(hand, rules)
    assert not found.proven
    assert sorted([*(c for m in found.melds for c in m), *found.deadwood]) == sorted(hand)
    assert all(check_meld(meld, rules).valid for meld in found.melds)
    monkeypatch.setattr(solver, "SOLVER_BUDGET", limits.SOLVER_BUDGET)
    small = hand[:14]
    assert best_arrangement(small, rules).proven
    monkeypatch.undo()
    assert best_arrangement(hand, rules, budget=10.0).proven  # given the time, all 40


def test_the_budget_is_not_spent_on_hands_a_round_deals():
    for name in PRESETS:
        rules = preset(name)
        hand = list(build_deck(rules, 2))[-largest_hand(rules) :]  # jokers included
        assert best_arrangement(hand, rules).proven


def test_hint_answers_within_its_budget_and_says_when_not_proven_best(capsys, monkeypatch):
    from rummy_learn import rank_dp
    from rummy_learn.cli import melds

    hand = ["Q♥", "K♥", "A♥", "9♣", "9♦", "9♥", "Jkr", "2♠", "5♦", "7♣"]
    data = json.loads(run(capsys, "hint", "--json", *hand)[1])
    assert data["proven"] is True
    # A hand this small is solved in full before any budget counts (its quick first walk is
    # already exact), so the walks are made one state wide, and the budget spent at once.
    monkeypatch.setattr(rank_dp, "GLANCE", 1)
    monkeypatch.setattr(rank_dp, "BEAM", 1)
    monkeypatch.setattr(melds, "HINT_BUDGET", -1.0)
    code, out, _err = run(capsys, "hint", "--lang", "de", *hand)
    assert code == 0 and text("hint.not_proven", "de") in out
    data = json.loads(run(capsys, "hint", "--json", *hand)[1])
    assert data["proven"] is False


@pytest.mark.parametrize(
    "args", [("check", "--lang", "\x1b[2J", "Q♥"), ("\x1b[2Jcheck",), ("check", "Q♥", "--x\x1b")]
)
def test_usage_errors_show_what_was_typed_as_text(capsys, args):
    with pytest.raises(SystemExit) as caught:
        main(list(args))
    err = capsys.readouterr().err
    assert caught.value.code == 2 and "\x1b" not in err and "\\x1b" in err
