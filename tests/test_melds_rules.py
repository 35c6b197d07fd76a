"""Every example of RULES.md, and the rules behind them, table by table per preset."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import cards

from rummy_learn.cards import Rank
from rummy_learn.layouts import card_points
from rummy_learn.melds import MeldKind, check_meld, placements
from rummy_learn.reasons import Reason as R
from rummy_learn.runs import run_windows, windows_of
from rummy_learn.sets import misplaced
from rummy_learn.variants import preset

SET, RUN = MeldKind.SET, MeldKind.RUN

# The Bulgarian app's table of checked melds (seed 002), for both rami presets.
RAMI_TABLE = [
    ("K♥ K♠ K♦", SET, 30, ()),
    ("A♣ A♥ A♠", SET, 33, ()),
    ("7♠ 7♠ 7♥", SET, None, (R.DUPLICATE_SUIT,)),
    ("A♥ 2♥ 3♥", RUN, 6, ()),
    ("5♣ 6♣ 7♣", RUN, 18, ()),
    ("Q♥ K♥ A♥", RUN, 31, ()),
    ("K♥ A♥ 2♥", RUN, None, (R.WRAP_AROUND,)),
    ("9♣ 9♦ 9♥ Jkr", SET, 36, ()),
    ("Jkr 7♠ 8♠", RUN, 21, ()),
    ("Jkr Jkr 5♥ 6♥", RUN, None, (R.TOO_MANY_JOKERS,)),
]


@pytest.mark.parametrize("variant", ["rami40", "rami51"])
@pytest.mark.parametrize(("meld", "kind", "points", "reasons"), RAMI_TABLE)
def test_rami_table(variant, meld, kind, points, reasons):
    result = check_meld(cards(meld), preset(variant))
    assert (result.kind, result.points, result.reasons) == (kind, points, reasons)
    assert result.valid is (not reasons)


def test_rami_joker_takes_the_lower_place_and_says_which():
    result = check_meld(cards("Jkr 7♠ 8♠"), preset("rami40"))
    assert [(j.index, str(j.stands_for)) for j in result.jokers] == [(0, "6♠")]
    assert [str(c) for c in result.arrangement] == ["🃏", "7♠", "8♠"]


def test_set_joker_stands_for_the_missing_suit():
    result = check_meld(cards("9♣ 9♦ 9♥ Jkr"), preset("rami40"))
    assert [str(j.stands_for) for j in result.jokers] == ["9♠"]


def test_rami_places_the_joker_whatever_the_order():
    """002 fixes the joker's place (the lower card): the order laid does not move it."""
    for text in ("8♠ Jkr 7♠", "7♠ 8♠ Jkr", "Jkr 8♠ 7♠"):
        result = check_meld(cards(text), preset("rami40"))
        assert (result.valid, result.points, str(result.jokers[0].stands_for)) == (True, 21, "6♠")


# Common ground: sizes, suits, aces, wrap-around.
COMMON = [
    ("7♠ 7♥", SET, (R.TOO_FEW_CARDS,)),
    ("5♥ 6♥", RUN, (R.TOO_FEW_CARDS,)),
    ("7♠ 7♥ 7♦ 7♣ 7♠", SET, (R.TOO_MANY_CARDS, R.DUPLICATE_SUIT)),
    ("A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥", RUN, (R.TOO_MANY_CARDS, R.DUPLICATE_RANK)),
    ("5♥ 6♥ 7♠", RUN, (R.MIXED_SUITS,)),
    ("5♥ 5♥ 6♥", RUN, (R.DUPLICATE_RANK,)),
    ("5♥ 6♥ 9♥", RUN, (R.GAP,)),
    ("5♥ 6♠ 9♥", RUN, (R.MIXED_SUITS, R.GAP)),
    ("7♠ 8♠ 7♥", None, (R.NOT_A_MELD,)),
    ("Q♥ K♥ A♥ 2♥", RUN, (R.WRAP_AROUND,)),
    ("K♥ Jkr 2♥", RUN, (R.WRAP_AROUND,)),
    ("Jkr Jkr Jkr", None, (R.ONLY_JOKERS,)),
    ("7♠ 8♥ 9♦ J♣", None, (R.NOT_A_MELD,)),
]


@pytest.mark.parametrize(("meld", "kind", "reasons"), COMMON)
def test_common_rejections(meld, kind, reasons):
    result = check_meld(cards(meld), preset("rami40"))
    assert (result.kind, result.reasons, result.points) == (kind, reasons, None)


def test_problems_name_the_cards_concerned():
    result = check_meld(cards("7♠ 7♠ 7♥"), preset("romme"))
    assert [str(c) for c in result.problems[0].cards] == ["7♠"]
    result = check_meld(cards("5♥ 6♥ 7♥ 8♠ 9♣"), preset("romme"))
    assert [str(c) for c in result.problems[0].cards] == ["8♠", "9♣"]


def test_longest_runs():
    assert (
        check_meld(cards("A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"), preset("romme")).points == 85
    )
    # thirteen cards hold the ace at either end: laid after the king it is high (003: 11)
    assert (
        check_meld(cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"), preset("romme")).points == 95
    )
    assert (
        check_meld(cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ Jkr"), preset("romme")).points == 95
    )
    assert (
        check_meld(cards("Jkr 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"), preset("romme")).points == 85
    )
    assert check_meld(cards("3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"), preset("romme")).points == 93


# Rummy Palace (seed 000).
PALACE = [
    ((), "5♥ 6♥ Jkr", True, 18, ()),  # the player's order: the joker is 7♥
    ((), "Jkr 5♥ 6♥", True, 15, ()),  # ... and here 4♥
    ((), "5♥ Jkr Jkr", False, None, (R.JOKERS_NOT_FEWER,)),
    ((), "5♥ 6♥ Jkr Jkr", False, None, (R.JOKERS_NOT_FEWER,)),
    ((), "5♥ 6♥ 7♥ Jkr Jkr", True, 35, ()),  # jokers as 8♥ 9♥, where they lie
    ((), "Jkr Jkr 5♥ 6♥ 7♥", True, 25, ()),  # jokers as 3♥ 4♥
    (("no_jokers",), "5♥ 6♥ Jkr", False, None, (R.JOKERS_NOT_IN_PLAY,)),
    (("cyclic_runs",), "K♥ A♥ 2♥", True, 23, ()),
    (("cyclic_runs",), "Q♥ K♥ A♥ 2♥ 3♥", True, 36, ()),
    (("cyclic_runs",), "A♥ 2♥ 3♥", True, 6, ()),
    # strict groups: ♣ ♠ ♥ ♦ without gaps, the joker may fill a gap
    (("strict_groups",), "5♣ 5♠ 5♥", True, 15, ()),
    (("strict_groups",), "5♠ 5♥ 5♦", True, 15, ()),
    (("strict_groups",), "5♣ 5♠ 5♦", False, None, (R.STRICT_GROUP_ORDER,)),
    (("strict_groups",), "5♣ Jkr 5♥", True, 15, ()),
    (("strict_groups",), "5♣ 5♦ Jkr", False, None, (R.STRICT_GROUP_ORDER,)),
    (("strict_groups",), "5♣ 5♠ 5♥ 5♦", True, 20, ()),
    # strict jokers: never two side by side
    (("strict_jokers",), "3♠ Jkr Jkr 6♠ 7♠", False, None, (R.ADJACENT_JOKERS,)),
    (("strict_jokers",), "3♠ Jkr 5♠ Jkr 7♠", True, 25, ()),
    (("strict_jokers",), "5♠ 6♠ 7♠ Jkr Jkr", True, 4 + 5 + 6 + 7 + 8, ()),  # one on each end
]


@pytest.mark.parametrize(("options", "meld", "valid", "points", "reasons"), PALACE)
def test_palace(options, meld, valid, points, reasons):
    result = check_meld(cards(meld), preset("palace", options))
    assert (result.valid, result.points, result.reasons) == (valid, points, reasons)


def test_strict_jokers_put_free_jokers_apart():
    result = check_meld(cards("5♠ 6♠ 7♠ Jkr Jkr"), preset("palace", ["strict_jokers"]))
    assert sorted(str(j.stands_for) for j in result.jokers) == ["4♠", "8♠"]


def test_strict_groups_in_the_order_laid():
    """The source's own example: ♣ Jkr ♥ is fine, Jkr ♣ ♠ is not (nothing before ♣)."""
    strict = preset("palace", ["strict_groups"])
    assert check_meld(cards("5♣ Jkr 5♥"), strict, ordered=True).valid
    assert check_meld(cards("Jkr 5♣ 5♠"), strict, ordered=True).reasons == (R.STRICT_GROUP_ORDER,)
    assert check_meld(cards("5♠ 5♣ 5♥"), strict, ordered=True).reasons == (R.STRICT_GROUP_ORDER,)
    laid = check_meld(cards("5♠ 5♥ Jkr"), strict, ordered=True)
    assert (laid.valid, str(laid.jokers[0].stands_for)) == (True, "5♦")


def test_without_strict_groups_order_of_a_set_is_free():
    assert check_meld(cards("Jkr 5♣ 5♠"), preset("palace"), ordered=True).valid


# German Rommé (seed 003).
ROMME = [
    ("7♠ Jkr Jkr", False, (R.TOO_FEW_NATURALS,)),
    ("3♠ Jkr Jkr 6♠", True, ()),
    ("7♠ 7♥ Jkr", True, ()),
    ("♣B ♣D Jkr ♣A", True, ()),
    ("3♠ Jkr Jkr Jkr", False, (R.TOO_FEW_NATURALS,)),
    ("♥2 ♥3 ♥4", True, ()),
]


@pytest.mark.parametrize(("meld", "valid", "reasons"), ROMME)
def test_romme(meld, valid, reasons):
    result = check_meld(cards_de(meld), preset("romme"))
    assert (result.valid, result.reasons) == (valid, reasons)


def cards_de(text):
    from rummy_learn.notation import parse_cards

    return parse_cards(text, lang="de")


def test_romme_adjacent_jokers_only_in_runs_of_four():
    rules = preset("romme")
    assert check_meld(cards("3♠ Jkr Jkr 6♠"), rules).valid
    assert check_meld(cards("3♠ Jkr Jkr 6♠"), rules, ordered=True).valid


def test_adjacent_jokers_in_a_meld_of_three():
    from dataclasses import replace

    rules = replace(preset("romme"), min_naturals=1)
    apart = check_meld(cards("3♠ Jkr Jkr"), rules)  # laid 🃏 3♠ 🃏 or as a set
    assert apart.valid
    laid = check_meld(cards("Jkr Jkr 3♠"), rules, ordered=True)
    assert laid.reasons == (R.ADJACENT_JOKERS,)


# Rummy 40 (seed 001): the literal ace 11, and the option for 1; Scala 40 as Rommé: 1.
def test_rummy40_low_ace_counts_11_as_the_source_says():
    assert check_meld(cards("A♥ 2♥ 3♥"), preset("rummy40")).points == 16
    assert check_meld(cards("A♥ 2♥ 3♥"), preset("rummy40", ["low_ace_1"])).points == 6
    assert check_meld(cards("A♥ 2♥ 3♥"), preset("scala40")).points == 6  # as in Rommé (003)


def test_rummy40_joker_value_is_the_card_it_stands_for():
    result = check_meld(cards("7♥ Jkr 9♥"), preset("rummy40"))
    assert (result.points, str(result.jokers[0].stands_for)) == (24, "8♥")


def test_ace_high_switch():
    from dataclasses import replace

    low_only = replace(preset("romme"), ace_high=False)
    assert check_meld(cards("Q♥ K♥ A♥"), low_only).reasons == (R.ACE_HIGH_NOT_ALLOWED,)
    result = check_meld(cards("Q♥ K♥ Jkr"), low_only)
    assert str(result.jokers[0].stands_for) == "J♥"


# Pins and the joker policy.
def test_pin_moves_the_joker():
    pinned = check_meld(cards("Jkr 7♠ 8♠"), preset("romme"), pins={0: cards("9♠")[0]})
    assert (pinned.valid, pinned.points, str(pinned.jokers[0].stands_for)) == (True, 24, "9♠")


def test_rami_pin_cannot_move_the_joker_from_the_lower_place():
    """002: if the joker could stand in two places, the lower one counts; a pin cannot change it."""
    pinned = check_meld(cards("Jkr 7♠ 8♠"), preset("rami40"), pins={0: cards("9♠")[0]})
    assert pinned.reasons == (R.PIN_MISMATCH,)
    lower = check_meld(cards("Jkr 7♠ 8♠"), preset("rami40"), pins={0: cards("6♠")[0]})
    assert (lower.valid, lower.points) == (True, 21)


@pytest.mark.parametrize("pin", ["10♠", "9♥", "7♠"])
def test_pin_that_does_not_fit_is_a_reason(pin):
    result = check_meld(cards("Jkr 7♠ 8♠"), preset("rami40"), pins={0: cards(pin)[0]})
    assert result.reasons == (R.PIN_MISMATCH,)
    assert [str(c) for c in result.problems[0].cards] == [pin]


def test_pin_in_a_set():
    rules = preset("romme")
    assert (
        check_meld(cards("7♠ 7♥ Jkr"), rules, pins={2: cards("7♦")[0]}).jokers[0].stands_for
        == cards("7♦")[0]
    )
    assert check_meld(cards("7♠ 7♥ Jkr"), rules, pins={2: cards("7♥")[0]}).reasons == (
        R.PIN_MISMATCH,
    )
    assert check_meld(cards("7♠ 7♥ Jkr"), rules, pins={2: cards("8♦")[0]}).reasons == (
        R.PIN_MISMATCH,
    )


def test_pin_must_point_at_a_joker():
    with pytest.raises(ValueError, match="no joker"):
        check_meld(cards("7♠ 7♥ Jkr"), preset("romme"), pins={0: cards("7♦")[0]})


def test_rami_policy_is_the_variants_and_sourced():
    from rummy_learn.rules import JokerPolicy
    from rummy_learn.variants import Source, source_of

    for variant in ("rami40", "rami51"):
        assert preset(variant).joker_policy is JokerPolicy.LOWER
        assert source_of(preset(variant), "joker_policy") is Source.RAMI
    for variant in ("palace", "rummy40", "romme", "scala40"):
        assert preset(variant).joker_policy is JokerPolicy.PLAYER


# Ordered mode: a run laid left to right.
def test_ordered_runs():
    rules = preset("romme")
    assert (
        check_meld(cards("7♠ 8♠ Jkr"), rules, ordered=True).jokers[0].stands_for == cards("9♠")[0]
    )
    assert (
        check_meld(cards("Jkr 7♠ 8♠"), rules, ordered=True).jokers[0].stands_for == cards("6♠")[0]
    )
    assert check_meld(cards("8♠ 7♠ 9♠"), rules, ordered=True).reasons == (R.OUT_OF_ORDER,)
    assert check_meld(cards("7♠ Jkr 8♠"), rules, ordered=True).reasons == (R.OUT_OF_ORDER,)


def test_physical_copies_meld_like_faces():
    from rummy_learn.cards import Card, Rank, Suit

    two_queens = [
        Card(Rank.QUEEN, Suit.HEARTS, 0),
        Card(Rank.QUEEN, Suit.HEARTS, 1),
        Card(Rank.QUEEN, Suit.SPADES, 0),
    ]
    assert check_meld(two_queens, preset("romme")).reasons == (R.DUPLICATE_SUIT,)
    run = [Card(Rank(r), Suit.CLUBS, 1) for r in (5, 6)] + [Card.joker(3)]
    result = check_meld(run, preset("romme"))
    assert result.valid and result.jokers[0].index == 2


def test_no_cards_is_only_too_few():
    assert check_meld([], preset("romme")).reasons == (R.TOO_FEW_CARDS,)


def test_joker_places_that_a_variant_may_forbid():
    """Switches for rule sets that keep jokers out of sets of four and off the ends of long runs."""
    from dataclasses import replace

    rules = replace(preset("romme"), joker_set_max=3, end_joker_run_max=3)
    assert check_meld(cards("7♠ 7♥ Jkr"), rules).valid
    assert check_meld(cards("7♠ 7♥ 7♦ Jkr"), rules).reasons == (R.JOKER_PLACE,)
    assert check_meld(cards("5♥ 6♥ Jkr"), rules).valid
    assert check_meld(cards("5♥ Jkr 7♥ 8♥"), rules).valid  # inside the run
    assert check_meld(cards("5♥ 6♥ 7♥ Jkr"), rules).reasons == (R.JOKER_PLACE,)
    assert check_meld(cards("5♥ 6♥ 7♥ Jkr"), preset("romme")).valid


# --- the windows a run may take, a joker's drawn face, a meld's placements ------------------


def test_the_windows_of_a_run_of_each_length():
    """Slots 1 (low ace) to 13 (king), 14 where the ace is high; a cycle adds the arcs over
    the king. No run is shorter than one card or longer than thirteen."""
    romme = preset("romme")  # the ace high or low
    low_only = replace(romme, ace_high=False)
    cyclic = replace(romme, cyclic_runs=True)
    assert windows_of(0, romme) == [] and windows_of(14, romme) == []
    assert windows_of(1, romme) == [[slot] for slot in range(1, 15)]
    assert windows_of(3, romme) == [[s, s + 1, s + 2] for s in range(1, 13)]
    assert windows_of(3, low_only) == [[s, s + 1, s + 2] for s in range(1, 12)]
    assert windows_of(13, romme) == [list(range(1, 14)), list(range(2, 15))]
    assert windows_of(13, low_only) == [list(range(1, 14))]
    assert windows_of(3, cyclic) == [[s, s + 1, s + 2] for s in range(1, 13)] + [[13, 14, 2]]


def test_a_joker_is_drawn_as_the_card_it_stands_for_where_that_card_is_known():
    run = check_meld(cards("7♠ Jkr 9♠"), preset("romme"))
    assert [run.drawn_face(i) for i in range(3)] == [None, cards("8♠")[0], None]
    free = check_meld(cards("8♥ 8♦ Jkr"), preset("palace"))  # the joker: the clubs or spades
    joker = next(i for i, c in enumerate(free.arrangement) if c.is_joker)
    assert free.open_suits and free.drawn_face(joker) is None
    invalid = check_meld(cards("Jkr 2♦ K♠"), preset("palace"))  # no faces at all
    assert not invalid.valid and invalid.drawn_face(0) is None


def test_where_the_joker_is_the_lower_card_there_is_one_placement():
    (only,) = placements(cards("7♠ Jkr 8♠"), preset("rami40"))
    assert [c.face for c in only.arrangement] == cards("Jkr 7♠ 8♠") and only.points == 21


def test_jokers_alone_have_no_placement():
    assert placements(cards("Jkr Jkr Jkr"), preset("palace")) == []


def test_a_joker_with_one_place_has_one_placement_even_where_it_is_the_lower_card():
    (only,) = placements(cards("7♠ Jkr 9♠"), preset("rami40"))
    assert [c.face for c in only.arrangement] == cards("7♠ Jkr 9♠") and only.points == 24


def test_a_strict_groups_placements_lie_in_the_suits_order():
    """Strict groups (♣ ♠ ♥ ♦, no gaps): cards chosen in any order are laid in the suits'
    order, the joker in its gap; a random round stuck when a taken Q♣ had to go into
    Q♣ Q♠ Jkr Q♦ and no placement was made from the cards as chosen."""
    strict = replace(preset("romme"), strict_groups=True)
    for chosen, laid, points in [("8♥ 8♦ Jkr", "Jkr 8♥ 8♦", 24),
                                 ("8♥ 8♦ 8♣ Jkr", "8♣ Jkr 8♥ 8♦", 32),
                                 ("Jkr 8♥ 8♦", "Jkr 8♥ 8♦", 24)]:  # fmt: skip
        (only,) = placements(cards(chosen), strict)
        assert [c.face for c in only.arrangement] == cards(laid) and only.points == points


@pytest.mark.parametrize(
    ("laid", "out_of_place"),
    [
        ("5♣ 5♦", "5♦"),  # a tie of two starts, both possible: the nearer ♣ wins
        ("5♥ 5♣", "5♣"),  # a tie: only the ♥ start leaves the group room (♥ ♦)
        ("5♦ 5♣", "5♦"),  # a tie, neither start possible: the nearer wins
        ("Jkr 5♠ 5♥", ""),  # the joker stands for the ♣, the first suit
        ("5♠ 5♥ Jkr", ""),  # the joker stands for the ♦, the last suit
        ("5♥ 5♦ Jkr", "Jkr"),  # nothing comes after the ♦
        ("Jkr 5♣ 5♠", "Jkr"),  # nothing comes before the ♣
    ],
)
def test_the_cards_out_of_place_in_a_strict_group(laid, out_of_place):
    assert misplaced(cards(laid)) == tuple(cards(out_of_place))


def test_a_meld_check_draws_itself_in_a_notebook():
    html = check_meld(cards("7♠ 8♠ 9♠"), preset("romme"))._repr_html_()
    assert "Valid run: 24 points" in html


@pytest.mark.parametrize(
    ("adjacent_from", "laid", "arrangement"),
    [
        ("keep", "8♦ Jkr Jkr", "Jkr 8♦ Jkr"),  # Rommé: no two jokers side by side in three
        (None, "8♥ 8♦ Jkr Jkr", "8♥ Jkr 8♦ Jkr"),  # never side by side: a card first
    ],
)
def test_a_free_sets_jokers_are_laid_apart(adjacent_from, laid, arrangement):
    rules = preset("romme")
    if adjacent_from != "keep":
        rules = replace(rules, adjacent_jokers_from=adjacent_from)
    check = check_meld(cards(laid), rules)
    assert [c.face for c in check.arrangement] == cards(arrangement)


@pytest.mark.parametrize(
    ("ace_high", "laid", "gap"),
    [
        (True, "5♠ 7♠ 9♠", "6♠ 8♠"),
        (True, "A♠ 3♠ 4♠", "2♠"),  # the ace low: one card lacks
        (True, "A♠ J♠ Q♠", "K♠"),  # the ace high: one card lacks
        (False, "A♠ J♠ Q♠", "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠"),  # the ace only low
        (False, "A♠ 2♠ 4♠", "3♠"),
        (True, "5♠ Jkr 9♠", "6♠ 7♠ 8♠"),  # a joker closes one of them
    ],
)
def test_a_gap_names_the_fewest_cards_that_would_close_it(ace_high, laid, gap):
    """The problem names the cards lacking, and as its figure the jokers there are."""
    rules = replace(preset("romme"), ace_high=ace_high)
    (problem,) = check_meld(cards(laid), rules).problems
    assert problem.reason is R.GAP and problem.cards == tuple(cards(gap))
    assert problem.limit == laid.count("Jkr")


def test_a_run_round_the_corner_names_its_ace():
    (problem,) = check_meld(cards("K♠ A♠ 2♠"), preset("romme")).problems
    assert problem.reason is R.WRAP_AROUND and problem.cards == tuple(cards("A♠"))


def test_no_meld_at_all_keeps_the_cards_as_given():
    check = check_meld(cards("7♠ 9♥ K♦"), preset("romme"))
    assert check.reasons == (R.NOT_A_MELD,)
    assert check.cards == check.arrangement == tuple(cards("7♠ 9♥ K♦"))
    assert check.faces == () and check.jokers == () and check.points is None


def test_an_ace_is_worth_its_low_or_high_value():
    romme, rummy40 = preset("romme"), preset("rummy40")
    assert card_points(Rank.ACE, romme, low_ace=True) == 1
    assert card_points(Rank.ACE, romme) == 11
    assert card_points(Rank.ACE, rummy40, low_ace=True) == 11


def test_a_free_sets_jokers_must_be_divided_by_its_natural_cards():
    """Where jokers may never touch, n natural cards keep at most n + 1 jokers apart."""
    never = replace(preset("romme"), adjacent_jokers_from=None)
    assert R.ADJACENT_JOKERS in check_meld(cards("8♠ Jkr Jkr Jkr"), never).reasons
    assert check_meld(cards("8♠ 8♥ Jkr Jkr"), never).valid


def test_a_set_too_long_for_a_joker_names_the_limit():
    rules = replace(preset("romme"), joker_set_max=3)
    (problem,) = check_meld(cards("8♠ 8♥ 8♦ Jkr"), rules).problems
    assert problem.reason is R.JOKER_PLACE and problem.limit == 3


def _problems(check):
    return [(p.reason, p.cards, p.limit) for p in check.problems]


def test_each_problem_names_its_cards():
    romme = preset("romme")
    assert _problems(check_meld(cards("8♠ 8♥ 9♦"), romme)) == [
        (R.MIXED_RANKS, tuple(cards("9♦")), None)
    ]
    assert _problems(check_meld(cards("7♠ 8♠ 8♠ 9♠"), romme)) == [
        (R.DUPLICATE_RANK, tuple(cards("8♠")), None)
    ]
    assert _problems(check_meld(cards("8♠ 8♥ 8♦ 8♣ Jkr"), romme)) == [(R.TOO_MANY_CARDS, (), 4)]
    longest = "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ Jkr"
    assert _problems(check_meld(cards(longest), romme)) == [(R.TOO_MANY_CARDS, (), 13)]
    strict = replace(romme, strict_groups=True)
    loose = check_meld(cards("8♦ 8♣ 8♥"), strict, any_order=True)  # ♣ ♥ ♦: the ♠ lacks
    assert _problems(loose) == [(R.STRICT_GROUP_ORDER, tuple(cards("8♠")), 1)]  # the gap's card


@pytest.mark.parametrize(
    ("laid", "strict", "ordered", "arrangement"),
    [
        ("8♥ 8♦ Jkr Jkr", False, False, "Jkr Jkr 8♥ 8♦"),  # four: side by side is allowed
        ("8♠ Jkr Jkr", False, True, "8♠ Jkr Jkr"),  # as laid: not moved apart
        ("8♠ 8♥ Jkr Jkr", True, False, "8♠ 8♥ Jkr Jkr"),  # a strict group: not moved apart
    ],
)
def test_jokers_are_moved_apart_only_in_a_free_set_that_needs_it(
    laid, strict, ordered, arrangement
):
    rules = replace(preset("romme"), strict_groups=strict)
    check = check_meld(cards(laid), rules, ordered=ordered)
    assert [c.face for c in check.arrangement] == cards(arrangement)


def test_a_pinned_joker_must_stand_where_it_is_laid():
    romme, ten, eight = preset("romme"), cards("10♠")[0], cards("8♠")[0]
    assert check_meld(cards("7♠ Jkr 9♠"), romme, pins={1: eight}, ordered=True).valid
    wrong = check_meld(cards("7♠ Jkr 9♠"), romme, pins={1: ten}, ordered=True)
    assert wrong.reasons == (R.PIN_MISMATCH,)
    bound = check_meld(cards("Jkr 8♠ 9♠"), romme, pins={0: ten}, ordered=True)
    assert bound.reasons == (R.PIN_MISMATCH,)


def test_the_windows_round_the_corner_start_at_each_slot_once():
    every = run_windows(set(), 3, cyclic=True)
    assert every == [[s, s + 1, s + 2] for s in range(1, 13)] + [[13, 14, 2]]
    assert run_windows({1, 13}, 3, cyclic=True) == [[12, 13, 14], [13, 14, 2]]
    assert run_windows({5}, 3, cyclic=False) == [[3, 4, 5], [4, 5, 6], [5, 6, 7]]


def _jokers(check):
    return [(use.index, use.stands_for) for use in check.jokers]


@pytest.mark.parametrize(
    ("laid", "pins", "stands_for"),
    [
        ("7♠ 8♠ Jkr Jkr", {2: "6♠"}, {2: "6♠", 3: "9♠"}),
        ("7♠ 8♠ Jkr Jkr", {3: "6♠"}, {2: "9♠", 3: "6♠"}),
        ("7♠ 8♠ Jkr Jkr", {2: "9♠"}, {2: "9♠", 3: "10♠"}),
    ],
)
def test_each_pinned_joker_stands_for_its_pin_and_the_others_fill_the_rest(laid, pins, stands_for):
    pinned = {place: cards(face)[0] for place, face in pins.items()}
    check = check_meld(cards(laid), preset("romme"), pins=pinned)
    assert check.valid
    assert _jokers(check) == [(place, cards(face)[0]) for place, face in stands_for.items()]


def test_a_pin_a_bound_order_cannot_give_is_named():
    """Laid in a binding order, the last joker can only be the 9♠: its pin 6♠ is refused."""
    laid = cards("Jkr 7♠ 8♠ Jkr")
    refused = check_meld(laid, preset("romme"), pins={3: cards("6♠")[0]}, ordered=True)
    assert _problems(refused) == [(R.PIN_MISMATCH, tuple(cards("6♠")), None)]


def test_the_joker_counts_name_their_limits():
    romme = preset("romme")
    assert _problems(check_meld(cards("7♠ Jkr"), romme)) == [
        (R.TOO_FEW_CARDS, (), 3),
        (R.TOO_FEW_NATURALS, tuple(cards("7♠ Jkr")), 2),
    ]
    one = replace(romme, max_jokers_per_meld=1)
    assert _problems(check_meld(cards("7♠ Jkr Jkr 10♠"), one)) == [(R.TOO_MANY_JOKERS, (), 1)]


def test_a_sets_joker_is_open_where_more_suits_lack_than_jokers_fill():
    romme, spades, hearts = preset("romme"), cards("Q♠")[0].suit, cards("Q♥")[0].suit
    assert check_meld(cards("Q♣ Q♦ Jkr"), romme).open_suits == (spades, hearts)
    assert check_meld(cards("Q♣ Q♦ Q♥ Jkr"), romme).open_suits == ()
    pinned = check_meld(cards("Q♣ Q♦ Jkr"), romme, pins={2: cards("Q♠")[0]})
    assert pinned.open_suits == ()


def test_which_kind_the_cards_may_make():
    romme = preset("romme")
    assert _problems(check_meld(cards("8♠ 8♠ 8♥"), romme)) == [
        (R.DUPLICATE_SUIT, tuple(cards("8♠")), None)
    ]
    assert check_meld(cards("8♠ 8♥ 9♠ 9♥"), romme).reasons == (R.NOT_A_MELD,)  # half and half


@pytest.mark.parametrize(
    ("laid", "gap"),
    [
        ("Q♠ K♠ 3♠", "A♠ 2♠"),
        ("K♠ 2♠ 4♠", "A♠ 3♠"),
        ("J♠ Q♠ 2♠", "K♠ A♠"),
        ("K♠ A♠ 3♠", "2♠"),
        ("Q♠ 2♠ 3♠", "K♠ A♠"),
        ("K♠ 3♠ 4♠ 5♠", "A♠ 2♠"),
    ],
)
def test_a_gap_round_the_corner_names_the_fewest_cards(laid, gap):
    """Cyclic runs: the gap is closed the shorter way, round the ace where that is shorter."""
    rules = preset("palace", ["cyclic_runs"])
    assert _problems(check_meld(cards(laid), rules)) == [(R.GAP, tuple(cards(gap)), 0)]


def test_check_meld_refuses_what_it_cannot_check():
    romme, laid = preset("romme"), cards("7♠ 8♠ Jkr")
    both = "a meld is laid in its order \\(ordered\\) or in any order, not both"
    with pytest.raises(ValueError, match=f"^{both}$"):
        check_meld(laid, romme, ordered=True, any_order=True)
    for pos in (0, 3):
        with pytest.raises(ValueError, match=f"^pin at position {pos}: there is no joker there$"):
            check_meld(laid, romme, pins={pos: cards("9♠")[0]})
    with pytest.raises(ValueError, match=r"^pin at position 2: a joker stands for a natural card$"):
        check_meld(laid, romme, pins={2: cards("Jkr")[0]})


@pytest.mark.parametrize(
    ("laid", "pins", "kind"),
    [
        ("Jkr Jkr", {}, None),
        ("8♠ 8♥ 9♦", {}, MeldKind.SET),
        ("7♠ Jkr", {}, None),  # one natural card and jokers: neither kind by name
        ("7♠ 8♠ Jkr", {2: "5♠"}, MeldKind.RUN),  # a run, but no layout keeps the pin
    ],
)
def test_an_invalid_meld_keeps_its_cards_as_given_and_uses_no_joker(laid, pins, kind):
    given = tuple(cards(laid))
    check = check_meld(given, preset("romme"), pins={p: cards(f)[0] for p, f in pins.items()})
    assert not check.valid and check.kind is kind
    assert check.cards == given and check.points is None
    if laid != "7♠ Jkr":
        assert check.arrangement == given and check.jokers == ()
    if laid == "Jkr Jkr":
        assert check.reasons == (R.ONLY_JOKERS, R.TOO_FEW_CARDS)
