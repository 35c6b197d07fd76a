"""Why a move is refused, exactly: the refusal's code, its cards and its number.

Each test builds one position (a practice table, then the view changed where the position
needs it) and asserts the whole answer of :func:`~rummy_learn.legality.refusals`: not only
that the move is refused, but which reason, naming which card or meld. The boundaries of
each rule are checked from both sides (the move one step inside is allowed).
"""

from __future__ import annotations

from dataclasses import replace

from helpers import cards, held
from helpers import practice_view as table

from rummy_learn.actions import (
    Discard,
    DrawStock,
    End,
    GoOut,
    Knock,
    LayOff,
    Meld,
    SwapJoker,
    TakeDiscard,
)
from rummy_learn.cards import Card
from rummy_learn.legality import refusals, swap_cards
from rummy_learn.melds import check_meld
from rummy_learn.moves import legal_actions, meld_choices
from rummy_learn.refusals import MoveProblem, Refusal
from rummy_learn.rules import SetSwap, SwappedJoker
from rummy_learn.view import Phase, PlayerView

P = MoveProblem
R = Refusal


def on_table(view: PlayerView, face: str) -> Card:
    """A physical card of this face on the table (the first met)."""
    return next(c for m in view.table for c in m.cards if str(c.face) == face)


# --- whose turn, and cards that are not in the hand -------------------------------------


def test_a_move_out_of_turn_names_the_turns_state():
    view = table("palace", "8♠ 9♣")
    assert refusals(replace(view, phase=Phase.OVER), DrawStock()) == (P(R.ROUND_OVER),)
    assert refusals(replace(view, current=1), Discard(held(view, "8♠"))) == (P(R.NOT_YOUR_TURN),)
    assert refusals(view, DrawStock()) == (P(R.WRONG_PHASE),)


def test_the_stock_and_the_pile_name_why_they_cannot_be_drawn():
    view = table("palace", "8♠ 9♣", phase=Phase.DRAW)
    assert refusals(view, DrawStock()) == ()
    assert refusals(replace(view, stock_size=0), DrawStock()) == (P(R.STOCK_EMPTY),)
    assert refusals(replace(view, top_discard=None), TakeDiscard()) == (P(R.DISCARD_PILE_EMPTY),)


def test_going_out_with_cards_in_hand_is_refused_by_name():
    view = table("palace", "8♠")
    assert refusals(view, GoOut()) == (P(R.HAND_NOT_EMPTY),)
    assert refusals(replace(view, hand=()), GoOut()) == ()


def test_a_card_not_in_the_hand_is_named():
    view = table("palace", "8♠ 9♣ 2♦", "7♠ Jkr 9♠")
    absent = cards("K♠")[0]
    assert refusals(view, Discard(absent)) == (P(R.NOT_IN_HAND, cards=(absent,)),)
    assert refusals(view, LayOff(absent, 1)) == (P(R.NOT_IN_HAND, cards=(absent,)),)
    swap = SwapJoker(1, on_table(view, "🃏"), (absent,))
    assert refusals(view, swap) == (P(R.NOT_IN_HAND, cards=(absent,)),)


def test_a_card_named_twice_is_named_once():
    view = table("palace", "8♠ 9♠ 10♠ 2♦")
    eight, nine = held(view, "8♠"), held(view, "9♠")
    assert refusals(view, Meld(((eight, nine, eight),))) == (P(R.SAME_CARD_TWICE, cards=(eight,)),)


# --- melds -------------------------------------------------------------------------------


def test_no_meld_or_an_empty_meld_is_no_melds():
    view = table("palace", "8♠ 9♠ 10♠ 2♦")
    assert refusals(view, Meld(())) == (P(R.NO_MELDS),)
    assert refusals(view, Meld(((),))) == (P(R.NO_MELDS),)
    run = (held(view, "8♠"), held(view, "9♠"), held(view, "10♠"))
    assert refusals(view, Meld((run, ()))) == (P(R.NO_MELDS),)


def test_each_invalid_meld_is_named_by_its_place_with_its_own_problems():
    view = table("palace", "8♠ 9♠ 10♠ 2♦ 5♣ K♥ 3♦")
    run = (held(view, "8♠"), held(view, "9♠"), held(view, "10♠"))
    bad = (held(view, "2♦"), held(view, "5♣"), held(view, "K♥"))
    check = check_meld(bad, view.rules)
    assert check.problems
    assert refusals(view, Meld((run, bad))) == (P(R.INVALID_MELD, check.problems, check.cards, 2),)
    assert refusals(view, Meld((bad, run))) == (P(R.INVALID_MELD, check.problems, check.cards, 1),)


def test_an_opening_short_of_the_minimum_names_its_points_and_the_minimum():
    view = table("rami40", "8♠ 9♠ 10♠ 2♦ 5♣", opened=(False, True))
    run = (held(view, "8♠"), held(view, "9♠"), held(view, "10♠"))
    assert refusals(view, Meld((run,))) == (P(R.OPENING_TOO_LOW, number=27, limit=40),)


def test_a_run_just_laid_takes_the_taken_card_later_in_the_turn():
    """The melds of this move are on the table when the taken card's duty is checked: a run
    as a run (a set would not take the 10), with an id of no meld already there."""
    view = table("palace", "7♥ 8♥ 9♥ 10♥ 2♦", "J♠ Q♠ K♠")
    ten = held(view, "10♥")
    taken = replace(view, taken=ten, must_use=ten)
    run = (held(view, "7♥"), held(view, "8♥"), held(view, "9♥"))
    assert refusals(taken, Meld((run,))) == ()
    pair = replace(view, table=(replace(view.table[0], id=-1),))  # a meld with the id -1
    assert refusals(replace(pair, taken=ten, must_use=ten), Meld((run,))) == ()


def test_after_a_meld_the_taken_card_goes_at_the_low_end_or_into_another_new_meld():
    """A run just laid takes the taken card at its low end; or the taken card makes a new
    meld of its own with cards still in the hand (which needs an id below the new run's)."""
    view = table("palace", "6♥ 7♥ 8♥ 9♥ 2♣ 3♣ 4♣ K♦", "J♠ Q♠ K♠")
    run = (held(view, "7♥"), held(view, "8♥"), held(view, "9♥"))
    six, two = held(view, "6♥"), held(view, "2♣")
    assert refusals(replace(view, taken=six, must_use=six), Meld((run,))) == ()
    assert refusals(replace(view, taken=two, must_use=two), Meld((run,))) == ()


def test_melds_just_laid_get_ids_of_their_own_for_the_cards_still_owed():
    """Rummy 40, one joker a meld: the taken 10♠ goes on the table's 7♠ Jkr 9♠ (id 1), the
    swapped joker only on the new 2-4♦; a new meld taking the table's id would mix them."""
    hand = "2♦ 3♦ 4♦ Q♥ Q♦ Q♣ Q♠ 6♥ 6♦ 6♣ 6♠ 10♠ Jkr 9♣"
    view = table("rummy40", hand, "7♠ Jkr 9♠", rules={"max_jokers_per_meld": 1})
    ten, joker = held(view, "10♠"), held(view, "🃏")
    owing = replace(view, taken=ten, must_use=ten, swapped_joker=joker)
    run = (held(view, "2♦"), held(view, "3♦"), held(view, "4♦"))
    queens = tuple(held(view, f"Q{s}") for s in "♥♦♣♠")
    sixes = tuple(held(view, f"6{s}") for s in "♥♦♣♠")
    assert refusals(owing, Meld((queens, sixes, run))) == ()
    alone = table("rummy40", "2♦ 3♦ 4♦ 10♠ Jkr 9♣", "7♠ Jkr 9♠", rules={"max_jokers_per_meld": 1})
    ten, joker = held(alone, "10♠"), held(alone, "🃏")
    run = (held(alone, "2♦"), held(alone, "3♦"), held(alone, "4♦"))
    assert (
        refusals(replace(alone, taken=ten, must_use=ten, swapped_joker=joker), Meld((run,))) == ()
    )


def test_a_meld_that_leaves_the_taken_card_unplayable_names_it():
    view = table("palace", "7♥ 8♥ 9♥ 2♣ 2♦")
    two = held(view, "2♣")
    taken = replace(view, taken=two, must_use=two)
    run = (held(view, "7♥"), held(view, "8♥"), held(view, "9♥"))
    assert refusals(taken, Meld((run,))) == (P(R.MUST_USE_TAKEN_CARD, cards=(two,)),)


# --- lay-offs ------------------------------------------------------------------------------


def test_a_lay_off_names_the_meld_it_cannot_go_on():
    view = table("palace", "10♠ 2♦ 3♣", "7♠ 8♠ 9♠")
    ten, two = held(view, "10♠"), held(view, "2♦")
    assert refusals(view, LayOff(ten, 7)) == (P(R.NO_SUCH_MELD, number=7),)
    assert refusals(view, LayOff(two, 1)) == (P(R.LAYOFF_DOES_NOT_FIT, cards=(two,), number=1),)
    assert refusals(view, LayOff(ten, 1)) == ()


def test_laying_off_the_last_card_where_a_discard_is_owed_keeps_a_card():
    view = table("palace", "10♠", "7♠ 8♠ 9♠")
    assert refusals(view, LayOff(held(view, "10♠"), 1)) == (P(R.KEEP_A_CARD_TO_DISCARD),)


def test_after_a_lay_off_the_taken_card_goes_on_the_meld_as_extended_or_on_another():
    view = table("palace", "10♠ J♠ 7♥ 2♦", "7♠ 8♠ 9♠", "4♥ 5♥ 6♥")
    ten, jack, seven = held(view, "10♠"), held(view, "J♠"), held(view, "7♥")
    after_ten = replace(view, taken=jack, must_use=jack)  # J♠ fits 7-10♠ only once 10♠ lies
    assert refusals(after_ten, LayOff(ten, 1)) == ()
    other = replace(view, taken=seven, must_use=seven)  # 7♥ fits the other meld
    assert refusals(other, LayOff(ten, 1)) == ()


# --- joker swaps ---------------------------------------------------------------------------


def test_a_swap_names_what_is_wrong_with_it():
    view = table("palace", "8♠ 8♣ 2♦", "7♠ Jkr 9♠")
    joker, eight = on_table(view, "🃏"), held(view, "8♠")
    no_swaps = table("palace", "8♠ 2♦", "7♠ Jkr 9♠", rules={"joker_swap": False})
    assert refusals(no_swaps, SwapJoker(1, joker, (held(no_swaps, "8♠"),))) == (
        P(R.SWAPS_NOT_ALLOWED),
    )
    assert refusals(view, SwapJoker(1, joker, ())) == (P(R.NOTHING_CHOSEN),)
    assert refusals(view, SwapJoker(9, joker, (eight,))) == (P(R.NO_SUCH_MELD, number=9),)
    seven = on_table(view, "7♠")
    assert refusals(view, SwapJoker(1, seven, (eight,))) == (
        P(R.NOT_A_JOKER_OF_THE_MELD, cards=(seven,)),
    )
    locked = replace(view, table=(replace(view.table[0], locked=True),))
    assert refusals(locked, SwapJoker(1, joker, (eight,))) == (P(R.JOKER_LOCKED, number=1),)
    clubs = held(view, "8♣")
    assert refusals(view, SwapJoker(1, joker, (clubs,))) == (
        P(R.SWAP_CARD_DOES_NOT_FIT, cards=(clubs,)),
    )
    two = (eight, clubs)
    assert refusals(view, SwapJoker(1, joker, two)) == (P(R.SWAP_CARD_DOES_NOT_FIT, cards=two),)
    assert refusals(view, SwapJoker(1, joker, (eight,))) == ()


def test_a_swap_that_leaves_no_card_to_discard_keeps_one():
    """The swapped joker comes to the hand; neither it nor the taken card may be discarded."""
    rules = {"joker_discard_allowed": False, "retake_discard_forbidden": True}
    view = table("palace", "8♠ K♦ K♣", "7♠ Jkr 9♠", "J♦ Q♦ Jkr", rules=rules)
    king = held(view, "K♦")
    taken = replace(view, taken=king, must_use=None)
    swap = SwapJoker(1, on_table(view, "🃏"), (held(view, "8♠"),))
    alone = replace(taken, hand=tuple(c for c in view.hand if str(c.face) != "K♣"))
    assert refusals(alone, swap) == (P(R.KEEP_A_CARD_TO_DISCARD),)
    assert refusals(taken, swap) == ()


def test_after_a_swap_the_taken_card_goes_on_another_meld():
    view = table("palace", "8♠ 7♥ 2♦", "7♠ Jkr 9♠", "4♥ 5♥ 6♥")
    seven = held(view, "7♥")
    taken = replace(view, taken=seven, must_use=seven)
    swap = SwapJoker(1, on_table(view, "🃏"), (held(view, "8♠"),))
    assert refusals(taken, swap) == ()


def test_a_freed_joker_into_a_new_meld_in_any_order():
    """Rommé: the joker goes at once into a new meld; the cards may come in any order, and
    the taken card may then go on that new meld."""
    view = table("romme", "8♠ 9♥ 8♥ K♥ 3♣", "7♠ Jkr 9♠")
    joker = on_table(view, "🃏")
    eight = held(view, "8♠")
    new = (held(view, "9♥"), held(view, "8♥"))
    assert refusals(view, SwapJoker(1, joker, (eight,), new)) == ()
    check = check_meld((joker, held(view, "9♥"), held(view, "K♥")), view.rules, any_order=True)
    assert not check.valid and check.problems
    assert refusals(view, SwapJoker(1, joker, (eight,), (held(view, "9♥"), held(view, "K♥")))) == (
        P(R.SWAPPED_JOKER_NEEDS_NEW_MELD, check.problems),
    )
    assert refusals(view, SwapJoker(1, joker, (eight,))) == (P(R.SWAPPED_JOKER_NEEDS_NEW_MELD),)


def test_the_taken_card_may_go_on_the_new_meld_of_the_freed_joker():
    view = table("romme", "8♠ K♥ K♦ K♣ 3♣", "7♠ Jkr 9♠")
    king = held(view, "K♣")
    taken = replace(view, taken=king, must_use=king)
    swap = SwapJoker(
        1, on_table(view, "🃏"), (held(view, "8♠"),), (held(view, "K♥"), held(view, "K♦"))
    )
    assert refusals(taken, swap) == ()


def test_after_a_swap_into_a_new_meld_the_taken_card_makes_another():
    view = table("romme", "8♠ K♥ K♦ 2♣ 3♣ 4♣ 9♦", "7♠ Jkr 9♠")
    two = held(view, "2♣")
    taken = replace(view, taken=two, must_use=two)
    new = (held(view, "K♥"), held(view, "K♦"))
    assert refusals(taken, SwapJoker(1, on_table(view, "🃏"), (held(view, "8♠"),), new)) == ()


def test_the_taken_joker_goes_on_the_meld_the_swap_just_filled():
    """One joker a meld: the taken joker fits 7-9♠ once the 8♠ has replaced its joker."""
    view = table("palace", "8♠ Jkr 2♦", "7♠ Jkr 9♠", rules={"max_jokers_per_meld": 1})
    mine = held(view, "🃏")
    taken = replace(view, taken=mine, must_use=mine)
    assert refusals(taken, SwapJoker(1, on_table(view, "🃏"), (held(view, "8♠"),))) == ()
    unswapped = replace(taken, phase=Phase.PLAY)
    assert refusals(unswapped, LayOff(mine, 1)) == (
        P(R.LAYOFF_DOES_NOT_FIT, cards=(mine,), number=1),
    )


def test_the_freed_jokers_new_meld_is_laid_as_the_kit_places_it():
    """Given in any order, the kit places the joker (Q♥ K♥ and the joker: the ace, so the
    taken J♥ then fits below); a strict group's suits need not come in order."""
    view = table("romme", "8♠ Q♥ K♥ J♥ 3♣", "7♠ Jkr 9♠")
    jack = held(view, "J♥")
    taken = replace(view, taken=jack, must_use=jack)
    new = (held(view, "Q♥"), held(view, "K♥"))
    assert refusals(taken, SwapJoker(1, on_table(view, "🃏"), (held(view, "8♠"),), new)) == ()
    strict = table("romme", "8♠ 8♦ 8♥ 3♣", "7♠ Jkr 9♠", rules={"strict_groups": True})
    group = (held(strict, "8♦"), held(strict, "8♥"))  # ♥ comes before ♦
    swap = SwapJoker(1, on_table(strict, "🃏"), (held(strict, "8♠"),), group)
    assert refusals(strict, swap) == ()


def test_a_move_that_leaves_the_swapped_joker_unplayable_names_it():
    """Rummy 40: one joker a meld; the swapped joker can only go with 2♦ 3♦, so laying the 3♦
    off elsewhere is refused, and so is a discard before the joker is played."""
    view = table("rummy40", "Jkr 2♦ 3♦ 9♣", "4♦ 5♦ Jkr", rules={"max_jokers_per_meld": 1})
    joker = held(view, "🃏")
    swapped = replace(view, swapped_joker=joker)
    owed = (P(R.MUST_PLAY_SWAPPED_JOKER, cards=(joker,)),)
    assert refusals(swapped, LayOff(held(view, "3♦"), 1, End.LOW)) == owed
    assert refusals(swapped, Discard(held(view, "9♣"))) == owed
    assert refusals(swapped, Meld(((joker, held(view, "2♦"), held(view, "3♦")),))) == ()


def test_a_joker_that_must_be_played_this_turn_and_cannot_is_named():
    view = table("rummy40", "8♠ 2♦ 5♣", "7♠ Jkr 9♠")
    joker = on_table(view, "🃏")
    assert refusals(view, SwapJoker(1, joker, (held(view, "8♠"),))) == (
        P(R.SWAPPED_JOKER_UNPLAYABLE, cards=(joker,)),
    )


def test_swap_cards_of_a_set_are_the_missing_suits_of_its_rank():
    view = table("palace", "8♣ 9♣ 8♠ 2♦", "8♥ 8♦ Jkr")
    meld, joker = view.table[0], on_table(view, "🃏")
    assert swap_cards(meld, joker, view.hand, view) == [(held(view, "8♣"),), (held(view, "8♠"),)]


def test_an_exact_card_swap_needs_the_set_to_name_its_card():
    """With swap_exact_card, a set of three with a joker does not say which suit the joker
    is; a set of four with one joker does."""
    exact = {"swap_exact_card": True}
    three = table("palace", "8♣ 8♠ 2♦", "8♥ 8♦ Jkr", rules=exact)
    assert swap_cards(three.table[0], on_table(three, "🃏"), three.hand, three) == []
    loose = table("palace", "8♣ 8♠ 2♦", "8♥ 8♦ Jkr")
    assert swap_cards(loose.table[0], on_table(loose, "🃏"), loose.hand, loose) != []
    four = table("palace", "8♠ 2♦", "8♥ 8♦ 8♣ Jkr", rules=exact)
    assert swap_cards(four.table[0], on_table(four, "🃏"), four.hand, four) == [(held(four, "8♠"),)]


def test_a_closed_only_set_of_three_gives_no_swap():
    view = table("rami40", "8♣ 8♠ 2♦", "8♥ 8♦ Jkr")
    assert view.rules.set_swap is SetSwap.CLOSED_ONLY
    assert swap_cards(view.table[0], on_table(view, "🃏"), view.hand, view) == []


# --- discards ------------------------------------------------------------------------------


def test_a_discard_names_the_card_still_owed():
    view = table("palace", "7♥ 2♦", "4♥ 5♥ 6♥")
    seven, two = held(view, "7♥"), held(view, "2♦")
    owed = replace(view, taken=seven, must_use=seven)
    assert refusals(owed, Discard(two)) == (P(R.MUST_USE_TAKEN_CARD, cards=(seven,)),)


def test_a_discard_of_the_taken_card_names_it_and_a_joker_discard_does_not():
    view = table("rami40", "7♥ 2♦ Jkr", rules={"joker_discard_allowed": False})
    seven, joker = held(view, "7♥"), held(view, "🃏")
    taken = replace(view, taken=seven, must_use=None)
    assert refusals(taken, Discard(seven)) == (P(R.CANNOT_DISCARD_TAKEN_CARD, cards=(seven,)),)
    assert refusals(taken, Discard(joker)) == (P(R.CANNOT_DISCARD_JOKER),)
    assert refusals(taken, Discard(held(view, "2♦"))) == ()


def test_a_swapped_joker_is_owed_where_it_can_be_played():
    """Rami: the swapped joker must be played if it can be; where it cannot, the turn ends."""
    view = table("rami40", "Jkr 2♦ 5♣", "4♥ 5♥ 6♥")
    joker = held(view, "🃏")
    swapped = replace(view, swapped_joker=joker)
    assert swapped.rules.swapped_joker is SwappedJoker.PLAY_IF_POSSIBLE
    assert refusals(swapped, Discard(held(view, "2♦"))) == (
        P(R.MUST_PLAY_SWAPPED_JOKER, cards=(joker,)),
    )
    stuck = table("rami40", "Jkr 2♦ 5♣", "4♥ 5♥ 6♥", rules={"max_jokers_per_meld": 0})
    assert (
        refusals(replace(stuck, swapped_joker=held(stuck, "🃏")), Discard(held(stuck, "2♦"))) == ()
    )


# --- knocks --------------------------------------------------------------------------------


def knocking(players: int = 3, **changes) -> PlayerView:
    """Player 0's view while player 1 is to draw and the others may knock for the discard."""
    view = table(
        "palace",
        "8♠ 2♦",
        rules={"knock": True},
        players=players,
        phase=Phase.KNOCK,
        current=1,
        last_discarder=2,
    )
    return replace(view, **changes)


def test_a_knock_names_why_it_is_refused():
    assert refusals(knocking(), Knock(0)) == ()
    assert refusals(knocking(players=2, last_discarder=None), Knock(0)) == (
        P(R.KNOCK_TOO_FEW_PLAYERS, number=3),
    )
    assert refusals(knocking(), Knock(1)) == (P(R.NOT_A_PLAYER, number=1),)
    assert refusals(knocking(player=3), Knock(3)) == (P(R.NOT_A_PLAYER, number=3),)
    assert refusals(knocking(phase=Phase.OVER), Knock(0)) == (P(R.ROUND_OVER),)
    assert refusals(knocking(stock_size=0), Knock(0)) == (P(R.STOCK_EMPTY),)


# --- taking the discard --------------------------------------------------------------------


def test_taking_the_discard_names_the_card_that_cannot_be_taken():
    view = table("rami40", "5♥", phase=Phase.DRAW)
    top = cards("5♥")[0]  # another copy: the hand would hold only cards it may not discard
    assert refusals(replace(view, top_discard=top), TakeDiscard()) == (
        P(R.NO_CARD_TO_DISCARD, cards=(top,)),
    )
    must = table("rummy40", "2♦ 9♣", "7♠ 8♠ 9♠", phase=Phase.DRAW)
    king, ten = cards("K♠")[0], cards("10♠")[0]
    assert refusals(replace(must, top_discard=king), TakeDiscard()) == (
        P(R.TAKEN_CARD_UNUSABLE, cards=(king,)),
    )
    assert refusals(replace(must, top_discard=ten), TakeDiscard()) == ()


# --- the moves listed ----------------------------------------------------------------------


def test_a_knock_is_the_one_move_out_of_turn():
    assert list(legal_actions(knocking())) == [Knock(0)]
    assert list(legal_actions(knocking(stock_size=0))) == []


def test_the_meld_choices_are_each_set_of_melds_once_and_reach_the_opening():
    view = table("palace", "2♦ 3♦ 4♦ 7♣ 8♣ 9♣ K♥")
    choices = [
        sorted(tuple(c.face for c in meld) for meld in m.melds)
        for m in meld_choices(view.hand, view)
    ]
    assert sorted(choices) == sorted(
        [
            [tuple(cards("2♦ 3♦ 4♦"))],
            [tuple(cards("7♣ 8♣ 9♣"))],
            sorted([tuple(cards("2♦ 3♦ 4♦")), tuple(cards("7♣ 8♣ 9♣"))]),
        ]
    )
    closed = replace(table("rami40", "2♦ 3♦ 4♦ Q♣ K♣ A♣ 9♥"), opened=(False, True))
    points = [
        sum(check_meld(m, closed.rules).points or 0 for m in c.melds)
        for c in meld_choices(closed.hand, closed)
    ]
    assert points and min(points) >= 40
