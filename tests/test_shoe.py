"""Every card counted: cards the variant's shoe cannot hold are refused, with a reason, everywhere.

The shoe is the variant's (with its options) for the player count, or its largest one
when no count is known. One function decides (``decks.shoe_problems``); the command
line, the meld and opening checks and the widgets all ask it.
"""

from __future__ import annotations

import json

import pytest
from helpers import cards

from rummy_learn.cli import main
from rummy_learn.decks import shoe_problems
from rummy_learn.i18n.describe import reason_message
from rummy_learn.melds import check_meld
from rummy_learn.reasons import Reason
from rummy_learn.scoring import check_opening
from rummy_learn.variants import preset


def codes(problems):
    return [p.reason for p in problems]


@pytest.mark.parametrize(
    ("variant", "options", "text", "players", "expected"),
    [
        ("rummy40", (), "Jkr Jkr", None, []),
        ("rummy40", (), "Jkr Jkr Jkr", None, [Reason.JOKERS_NOT_IN_SHOE]),
        ("romme", (), "Jkr Jkr Jkr Jkr Jkr Jkr", None, []),
        ("romme", (), "Jkr Jkr Jkr Jkr Jkr Jkr Jkr", None, [Reason.JOKERS_NOT_IN_SHOE]),
        ("romme", (), "K♥ K♥", None, []),
        ("romme", (), "K♥ K♥ K♥", None, [Reason.COPIES_NOT_IN_SHOE]),
        ("romme", ("no_jokers",), "Jkr", None, [Reason.JOKERS_NOT_IN_PLAY]),
        ("palace", ("small_deck",), "K♥ K♥", None, [Reason.COPIES_NOT_IN_SHOE]),
        ("palace", ("small_deck",), "Jkr Jkr Jkr Jkr", None, [Reason.JOKERS_NOT_IN_SHOE]),
        # Rami: two decks up to four players, three from five; the player count decides
        ("rami40", (), "K♥ K♥ K♥", None, []),
        ("rami40", (), "K♥ K♥ K♥", 4, [Reason.COPIES_NOT_IN_SHOE]),
        ("rami40", (), "K♥ K♥ K♥", 5, []),
        ("rami40", ("house_decks",), "Jkr Jkr Jkr", 4, [Reason.JOKERS_NOT_IN_SHOE]),
        ("rami40", ("house_decks",), "Jkr Jkr Jkr", 5, []),
        (
            "rummy40",
            (),
            "Jkr Jkr Jkr 5♥ 5♥ 5♥",
            None,
            [Reason.JOKERS_NOT_IN_SHOE, Reason.COPIES_NOT_IN_SHOE],
        ),
    ],
)
def test_shoe_problems(variant, options, text, players, expected):
    assert codes(shoe_problems(cards(text), preset(variant, options), players)) == expected


def test_the_problem_names_the_cards_and_the_limit():
    (problem,) = shoe_problems(cards("K♥ 7♠ K♥ Q♣ K♥ 7♠ 7♠"), preset("romme"))
    assert ([str(c) for c in problem.cards], problem.limit) == (["7♠", "K♥"], 2)
    (jokers,) = shoe_problems(cards("Jkr Jkr Jkr"), preset("rummy40"))
    assert jokers.limit == 2


def test_a_meld_with_more_jokers_than_the_shoe_is_refused():
    check = check_meld(cards("3♠ 4♠ Jkr Jkr Jkr"), preset("rummy40"))
    assert not check.valid and check.reasons[0] is Reason.JOKERS_NOT_IN_SHOE
    assert check_meld(cards("3♠ 4♠ Jkr Jkr Jkr"), preset("romme")).valid
    assert check_meld(cards("Jkr 5♥ 6♥"), preset("romme", ["no_jokers"])).reasons[0] is (
        Reason.JOKERS_NOT_IN_PLAY
    )


def test_an_opening_counts_its_melds_together():
    """The issue's case: three melds with a joker each, Rummy 40 has two jokers."""
    rules = preset("rummy40")
    opening = check_opening([cards("Jkr 5♣ 6♣"), cards("9♥ 10♥ Jkr"), cards("Q♦ K♦ Jkr")], rules)
    assert opening.all_valid and opening.points >= 40
    assert codes(opening.problems) == [Reason.JOKERS_NOT_IN_SHOE] and not opening.meets
    kings = check_opening([cards("K♥ K♠ K♦"), cards("J♥ Q♥ K♥"), cards("K♣ K♥ Jkr")], rules)
    assert codes(kings.problems) == [Reason.COPIES_NOT_IN_SHOE] and not kings.meets
    fine = check_opening([cards("K♥ K♠ K♦"), cards("J♥ Q♥ K♥")], rules)
    assert fine.problems == () and fine.meets


def run(capsys, *args):
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cli_opening_refuses_more_jokers_than_the_shoe(capsys):
    melds = ["Jkr 5♣ 6♣", "9♥ 10♥ Jkr", "Q♦ K♦ Jkr"]
    code, out, _err = run(capsys, "opening", "--variant", "rummy40", "--json", *melds)
    data = json.loads(out)
    assert code == 0 and data["meets"] is False
    assert [r["code"] for r in data["reasons"]] == ["jokers_not_in_shoe"]
    code, out, _err = run(capsys, "opening", "--variant", "rummy40", "--lang", "de", *melds)
    assert "Dieses Spiel hat nur 2 Joker." in out and "zählt nicht" in out


def test_cli_opening_refuses_a_card_three_times(capsys):
    melds = ["K♥ K♠ K♦", "J♥ Q♥ K♥", "K♣ K♥ Jkr"]
    _code, out, _err = run(capsys, "opening", "--variant", "rummy40", "--json", *melds)
    data = json.loads(out)
    assert data["meets"] is False and data["reasons"][0]["code"] == "copies_not_in_shoe"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["score", "--variant", "rummy40", "Jkr", "Jkr", "Jkr"], "only 2 jokers"),
        (["score", "--option", "no_jokers", "Jkr"], "without jokers"),
        (["score", "--lang", "ru", "К♥", "К♥", "К♥"], "только 2 раза"),
        (["hint", "--variant", "rummy40", "Jkr Jkr Jkr 5♥ 6♥"], "only 2 jokers"),
    ],
)
def test_cli_score_and_hint_refuse_cards_the_shoe_cannot_hold(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and message in err


def test_cli_check_gives_the_shoe_as_a_reason(capsys):
    code, out, _err = run(capsys, "check", "--variant", "rummy40", "--json", "3♠ 4♠ Jkr Jkr Jkr")
    data = json.loads(out)
    assert code == 0 and not data["valid"]
    assert data["reasons"][0]["code"] == "jokers_not_in_shoe"


@pytest.mark.parametrize("lang", ["ru", "bg", "de", "en"])
def test_shoe_reasons_in_every_language(lang):
    (jokers,) = shoe_problems(cards("Jkr Jkr Jkr"), preset("rummy40"))
    (copies,) = shoe_problems(cards("K♥ K♥ K♥"), preset("romme"))
    assert "2" in reason_message(jokers, lang)
    assert "2" in reason_message(copies, lang) and "♥" in reason_message(copies, lang)


def test_widgets_refuse_hands_the_shoe_cannot_hold():
    from rummy_learn.widgets import MeldBuilder, Quiz, Table

    with pytest.raises(ValueError, match="nur 2-mal"):
        MeldBuilder("K♥ K♥ K♥", variant="romme", lang="de")
    with pytest.raises(ValueError, match="only 2 jokers"):
        MeldBuilder("Jkr Jkr Jkr 5♥", variant="rummy40", lang="en")
    with pytest.raises(ValueError, match="without jokers"):
        MeldBuilder("Jkr 5♥ 6♥", variant="romme", options=["no_jokers"], lang="en")
    # a practice table has two players: Rami's shoe has two decks then
    with pytest.raises(ValueError, match="only 2 times"):
        Table("K♥", ["K♥ K♥ K♠"], variant="rami40", lang="en")
    with pytest.raises(ValueError, match=r"exercise 1: .*only 2 jokers"):
        Quiz([{"kind": "penalty", "variant": "rummy40", "cards": "Jkr Jkr Jkr"}], lang="en")
    assert MeldBuilder("K♥ K♥ Jkr Jkr", variant="rummy40", lang="en").cards
