"""The player places the joker (issue 11): the order laid, the pins, the variant's source, the kit.

Rami's source fixes the joker's place (the lower card); everywhere else the order the
player gives is the placement when it is a valid meld as laid, and with no choice made
the kit takes the placement that serves the player (the most points). The same for
the ace of a 13-card run and for the order of Rummy Palace's strict groups. The engine,
the solver, hints, bots and the widgets follow it.
"""

from __future__ import annotations

import pytest
from helpers import cards, dealer_before

from rummy_learn.actions import DrawStock, Meld, SwapJoker, card_id
from rummy_learn.bots import GreedyBot
from rummy_learn.engine import Round
from rummy_learn.hints import HintCode, hint
from rummy_learn.melds import check_meld
from rummy_learn.reasons import Reason
from rummy_learn.scoring import check_opening
from rummy_learn.solver import best_arrangement, can_open
from rummy_learn.table import TableMeld
from rummy_learn.variants import preset

ROMME = preset("romme")
THIRTEEN_HIGH = "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠"
THIRTEEN_LOW = "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠"


def faces(check):
    return [str(j.stands_for) for j in check.jokers]


@pytest.mark.parametrize(
    ("variant", "text", "points", "joker"),
    [
        ("romme", "9♠ 10♠ Jkr", 29, "J♠"),  # as laid: the joker after the ten
        ("romme", "Jkr 9♠ 10♠", 27, "8♠"),  # as laid: before the nine
        ("romme", "9♠ Jkr 10♠", 29, "J♠"),  # no valid order given: the most points
        ("romme", "10♠ 9♠ Jkr", 29, "J♠"),
        ("palace", "5♥ 6♥ Jkr", 18, "7♥"),
        ("rummy40", "Jkr 7♥ 8♥", 21, "6♥"),
        ("rami40", "7♠ 8♠ Jkr", 21, "6♠"),  # 002: the lower card, whatever the order
        ("rami51", "Jkr 7♠ 8♠", 21, "6♠"),
        ("rami51", "J♣ Q♣ Jkr", 30, "10♣"),  # the lower card even where K♣ is worth as much
        ("rami40", "10♦ J♦ Q♦ Jkr", 39, "9♦"),
        ("scala40", "Q♥ K♥ Jkr", 31, "A♥"),
    ],
)
def test_the_order_laid_places_the_joker_except_where_the_source_does(variant, text, points, joker):
    check = check_meld(cards(text), preset(variant))
    assert (check.valid, check.points, faces(check)) == (True, points, [joker])


@pytest.mark.parametrize("variant", ["romme", "palace", "scala40", "rami40"])
def test_the_ace_of_a_thirteen_card_run_lies_where_it_is_laid(variant):
    """003 line 48 (and 000 line 69): an ace after the king counts 11."""
    rules = preset(variant)
    assert check_meld(cards(THIRTEEN_HIGH), rules).points == 95
    assert check_meld(cards(THIRTEEN_LOW), rules).points == 85
    shuffled = cards("K♠ A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠")
    assert check_meld(shuffled, rules).points == 95  # no valid order: the most points


def test_any_order_means_the_kit_places_and_ordered_means_the_order_binds():
    assert check_meld(cards("Jkr 9♠ 10♠"), ROMME, any_order=True).points == 29
    assert check_meld(cards("9♠ Jkr 10♠"), ROMME, ordered=True).reasons == (Reason.OUT_OF_ORDER,)
    with pytest.raises(ValueError, match="not both"):
        check_meld(cards("9♠ 10♠ Jkr"), ROMME, ordered=True, any_order=True)


def test_a_pin_is_the_players_placement_but_not_against_rami():
    nine = cards("9♠")[0]
    assert check_meld(cards("7♠ 8♠ Jkr"), ROMME, pins={2: cards("6♠")[0]}).points == 21
    assert check_meld(cards("Jkr 7♠ 8♠"), ROMME, pins={0: nine}).points == 24
    assert check_meld(cards("Jkr 7♠ 8♠"), preset("rami40"), pins={0: nine}).reasons == (
        Reason.PIN_MISMATCH,
    )


def test_strict_groups_as_laid_and_with_no_order():
    strict = preset("palace", ["strict_groups"])
    refused = check_meld(cards("Jkr 5♣ 5♠"), strict)
    assert refused.reasons == (Reason.STRICT_GROUP_ORDER,)
    assert [str(c) for c in refused.problems[0].cards] == ["🃏"]  # the card out of place
    out_of_order = check_meld(cards("5♥ 5♣ 5♠"), strict)
    assert [str(c) for c in out_of_order.problems[0].cards] == ["5♥"]
    assert faces(check_meld(cards("5♣ 5♠ Jkr"), strict)) == ["5♥"]
    assert faces(check_meld(cards("5♣ Jkr 5♥"), strict)) == ["5♠"]
    assert check_meld(cards("Jkr 5♣ 5♠"), strict, any_order=True).valid  # the kit arranges


def test_the_opening_takes_the_placement_that_reaches_the_minimum():
    """The issue's case: 9♠ 10♠ Jkr + 4♣ 4♦ 4♥ in Rommé is 41, not 39."""
    laid = check_opening([cards("9♠ 10♠ Jkr"), cards("4♣ 4♦ 4♥")], ROMME)
    assert (laid.points, laid.meets) == (41, True)
    no_order = check_opening([cards("9♠ Jkr 10♠"), cards("4♣ 4♦ 4♥")], ROMME)
    assert (no_order.points, no_order.meets) == (41, True)
    low = check_opening([cards("Jkr 9♠ 10♠"), cards("4♣ 4♦ 4♥")], ROMME)  # the player's choice
    assert (low.points, low.meets) == (39, False)


HAND = "9♠ 10♠ Jkr 4♣ 4♦ 4♥ 2♣ 7♦ K♣ 5♠ 8♥ Q♦ 3♥"
OTHER = "2♦ 6♣ 9♥ J♣ 3♠ 5♦ 7♣ 10♥ Q♠ 2♥ 6♦ 8♣ J♦"


def round_with(hand=HAND, variant="romme"):
    rules = preset(variant)
    game = Round.stacked(rules, [cards(hand), cards(OTHER)], stock=cards("2♠"),
                         dealer=dealer_before(rules, 2))  # fmt: skip
    game.apply(DrawStock())
    return game


def test_the_solver_values_the_joker_where_it_serves_the_player():
    hand = cards(HAND)
    assert best_arrangement(hand, ROMME).points == 41
    assert can_open(hand, ROMME) is not None
    assert can_open(hand, preset("rami40")) is None  # there the joker is the lower card: 39


def test_the_engine_lays_the_meld_as_the_action_orders_it():
    game = round_with()
    hand = {str(c): c for c in game.hand(0)}
    run = tuple(hand[f] for f in ("9♠", "10♠", "🃏"))
    fours = tuple(hand[f] for f in ("4♣", "4♦", "4♥"))
    assert game.is_legal(Meld((run, fours)))  # 41: the opening is made
    game.apply(Meld((run, fours)))
    assert [str(c) for c in game.table[0].cards] == ["9♠", "10♠", "🃏"]
    assert faces(game.table[0].check(game.rules)) == ["J♠"]
    low = round_with()
    hand = {str(c): c for c in low.hand(0)}
    placed_low = (tuple(hand[f] for f in ("🃏", "9♠", "10♠")), fours_of(hand))
    assert [p.code.value for p in low.is_legal(Meld(placed_low)).problems] == ["opening_too_low"]


def fours_of(hand):
    return tuple(hand[f] for f in ("4♣", "4♦", "4♥"))


def test_hints_and_bots_open_with_the_placement_that_reaches_the_minimum():
    game = round_with()
    proposal = hint(game.view(0))
    assert proposal.steps[0].code is HintCode.OPEN and proposal.steps[0].points == 41
    action = GreedyBot(game.rules).choose(game.view(0))
    assert isinstance(action, Meld)
    game.apply(action)
    joker_meld = next(m for m in game.table if any(c.is_joker for c in m.cards))
    assert faces(joker_meld.check(game.rules)) == ["J♠"]


def test_a_table_meld_lies_as_laid():
    assert faces(TableMeld.lay(1, 0, cards("9♠ 10♠ Jkr"), ROMME).check(ROMME)) == ["J♠"]
    assert faces(TableMeld.lay(1, 0, cards("Jkr 9♠ 10♠"), ROMME).check(ROMME)) == ["8♠"]
    kit = TableMeld.lay(1, 0, cards("Jkr 9♠ 10♠"), ROMME, any_order=True)
    assert faces(kit.check(ROMME)) == ["J♠"]


def test_the_practice_table_lays_the_teachers_melds_as_written():
    from rummy_learn.widgets import Table

    swap = {"type": "move", "move": {"type": "swap", "meld": 1, "joker": "Jkr.0",
                                    "cards": ["Js.0"], "new_meld": []}}  # fmt: skip
    high = Table("J♠ 2♣", ["9♠ 10♠ Jkr"], variant="palace", lang="en")
    high._receive(high, swap, [])
    assert high.message == [] and "Jkr.0" in [c["id"] for c in high.cards]
    low = Table("J♠ 2♣", ["Jkr 9♠ 10♠"], variant="palace", lang="en")  # the joker is 8♠
    low._receive(low, swap, [])
    assert low.message and "Jkr.0" not in [c["id"] for c in low.cards]


def test_the_game_lays_a_selection_to_serve_the_learner():
    """The page sends a selection (hand order, no chosen order): the kit places the joker."""
    from rummy_learn.widgets import Game

    widget = Game(variant="romme", bots=1, seed=1, lang="en")
    widget.logic.round = round_with("Jkr 9♠ 10♠ 4♣ 4♦ 4♥ 2♣ 7♦ K♣ 5♠ 8♥ Q♦ 3♥")
    widget.logic._show()
    widget._push()
    ids = [card_id(c) for c in widget.round.hand(0)]
    by_face = {i.split(".")[0]: i for i in ids}
    melds = [
        [by_face["Jkr"], by_face["9s"], by_face["10s"]],
        [by_face[f] for f in ("4c", "4d", "4h")],
    ]
    widget._receive(widget, {"type": "move", "move": {"type": "meld", "melds": melds}}, [])
    assert widget.message == []
    run = next(m for m in widget.table if m["kind"] == "run")
    assert [c["id"].split(".")[0] for c in run["cards"]] == ["9s", "10s", "Jkr"]


def test_a_swapped_jokers_new_meld_is_placed_by_the_kit():
    """Rommé: the freed joker goes into a new meld at once; its place there is the kit's."""
    game = Round.practice(ROMME, cards("8♠ 7♥ 8♥"), [cards("7♠ Jkr 9♠")])
    hand = {str(c): c for c in game.hand(0)}
    joker = next(c for c in game.table[0].cards if c.is_joker)
    game.apply(SwapJoker(1, joker, (hand["8♠"],), (hand["7♥"], hand["8♥"])))
    new = next(m for m in game.table if joker in m.cards)
    assert faces(new.check(ROMME)) == ["9♥"]  # 7-8-9 (24), not 6-7-8 (21)
