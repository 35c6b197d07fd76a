"""Whether a turn can still end: what a player owes, the table as a move leaves it, and
``can_use`` asked directly (not only through the long sweeps of ``test_no_stuck``)."""

from __future__ import annotations

from dataclasses import replace

from helpers import cards, held
from helpers import practice_view as table

from rummy_learn.actions import End, LayOff
from rummy_learn.melds import MeldKind
from rummy_learn.table import TableMeld
from rummy_learn.turn_end import (
    Owed,
    _fresh_id,
    _laid,
    _laid_off,
    can_use,
    first_of_each,
    opened_view,
)
from rummy_learn.view import Phase


def test_owed_is_the_taken_card_and_a_joker_only_where_it_must_be_played_this_turn():
    view = table("rummy40", "Jkr 7♥ 2♦")
    joker, seven = held(view, "🃏"), held(view, "7♥")
    assert Owed.of(replace(view, must_use=seven, swapped_joker=joker)) == Owed(seven, joker)
    assert Owed.of(replace(view, swapped_joker=cards("Jkr")[0])) == Owed()  # not in the hand
    palace = table("palace", "Jkr 7♥ 2♦")
    assert Owed.of(replace(palace, swapped_joker=held(palace, "🃏"))) == Owed()
    assert Owed.of(palace) == Owed()


def test_owed_after_a_play_forgets_what_was_played():
    joker, seven, other = cards("Jkr 7♥ 2♦")
    owed = Owed(seven, joker)
    assert owed.after([joker]) == Owed(seven, None)
    assert owed.after([other]) == owed
    assert owed.after(cards("7♥")) == Owed(None, joker)  # any card of the taken face


def test_the_cards_owed_in_a_hand():
    joker, seven, other = cards("Jkr 7♥ 2♦")
    assert Owed(seven, joker).cards_in([other, seven, joker]) == [seven, joker]
    assert Owed(seven).cards_in([other]) == []
    assert Owed(joker=joker).cards_in([other]) == []
    assert Owed().cards_in([joker, seven]) == []


def test_the_view_as_an_opening_leaves_it():
    view = table("palace", "7♥ 2♦", opened=(False, True))
    opened = opened_view(view)
    assert opened.opened == (True, True) and opened.phase is Phase.OPENED
    already = table("palace", "7♥ 2♦", opened=(True, False))
    assert opened_view(already).opened == (True, False)
    assert opened_view(already).phase is Phase.PLAY


def test_one_card_of_each_face():
    view = table("palace", "7♥ 7♥ 2♦")
    first, second, two = held(view, "7♥"), held(view, "7♥", 1), held(view, "2♦")
    assert first != second
    assert first_of_each([first, second, two]) == [first, two]


def test_a_fresh_id_is_below_every_id_on_the_table():
    view = table("palace", "2♦", "7♠ 8♠ 9♠", "4♥ 5♥ 6♥")
    assert _fresh_id([]) == -1
    assert _fresh_id(view.table) == -1
    assert _fresh_id([*view.table, replace(view.table[0], id=-3)]) == -4


def test_the_table_after_a_lay_off_and_after_new_melds():
    view = table("palace", "10♠ 6♠ 2♦ 3♦ 4♦", "7♠ 8♠ 9♠", "4♥ 5♥ 6♥")
    run, other = view.table
    high = _laid_off(view.table, LayOff(held(view, "10♠"), run.id, End.HIGH), view.rules)
    assert [c.face for c in high[0].cards] == cards("7♠ 8♠ 9♠ 10♠")
    assert high[1] == other
    low = _laid_off(view.table, LayOff(held(view, "6♠"), run.id, End.LOW), view.rules)
    assert [c.face for c in low[0].cards] == cards("6♠ 7♠ 8♠ 9♠")
    new = (held(view, "2♦"), held(view, "3♦"), held(view, "4♦"))
    laid = _laid([new], view.table, view)
    assert laid[:2] == list(view.table)
    assert laid[2] == TableMeld(-1, 0, new, MeldKind.RUN)
    assert _laid([new, new], [], view)[1].id == -2


def test_a_card_is_usable_by_laying_it_off_or_in_a_new_meld():
    view = table("palace", "10♠ 2♦ 3♦ 4♦ K♣", "7♠ 8♠ 9♠")
    assert can_use(held(view, "10♠"), view.hand, view.table, view)
    assert can_use(held(view, "3♦"), view.hand, view.table, view)
    assert not can_use(held(view, "K♣"), view.hand, view.table, view)


def test_a_card_laid_off_must_leave_the_taken_card_playable():
    """After the 10♠ goes on 7-9♠, the taken J♠ goes on it too; the 5♣ cannot be played."""
    view = table("palace", "10♠ J♠ 5♣ 2♦", "7♠ 8♠ 9♠")
    ten, jack, five = held(view, "10♠"), held(view, "J♠"), held(view, "5♣")
    assert can_use(ten, view.hand, view.table, view, Owed(jack))
    assert not can_use(ten, view.hand, view.table, view, Owed(five))


def test_a_card_in_a_new_meld_must_leave_the_taken_card_playable():
    """The new run 2-4♦ then takes the taken 5♦ (the run laid by this player, as a run)."""
    view = table("palace", "2♦ 3♦ 4♦ 5♦ K♣", "7♠ 8♠ 9♠")
    two, five = held(view, "2♦"), held(view, "5♦")
    hand = [c for c in view.hand if c is not five]
    assert can_use(two, [*hand, five], view.table, view, Owed(five))
    assert not can_use(held(view, "K♣"), view.hand, view.table, view, Owed(five))


def test_no_lay_off_in_the_turn_of_the_opening_where_the_variant_forbids_it():
    romme = table("romme", "10♠ 2♦", "7♠ 8♠ 9♠", phase=Phase.OPENED)
    assert not can_use(held(romme, "10♠"), romme.hand, romme.table, romme)
    later = replace(romme, phase=Phase.PLAY)
    assert can_use(held(later, "10♠"), later.hand, later.table, later)
    palace = table("palace", "10♠ 2♦", "7♠ 8♠ 9♠", phase=Phase.OPENED)
    assert can_use(held(palace, "10♠"), palace.hand, palace.table, palace)


def test_before_the_opening_a_card_is_usable_in_an_opening_that_reaches_the_minimum():
    view = table("rami40", "Q♠ K♠ A♠ 10♥ J♥ Q♥ 2♦ 5♣", opened=(False, True))
    hand = view.hand
    assert can_use(held(view, "Q♠"), hand, view.table, view)
    assert not can_use(held(view, "2♦"), hand, view.table, view)  # junk: no meld takes it
    low = table("rami40", "7♠ 8♠ 9♠ 2♦", opened=(False, True))
    assert not can_use(held(low, "7♠"), low.hand, low.table, low)  # 24 points: short of 40


def test_before_the_opening_the_opening_must_leave_the_taken_card_playable():
    view = table("rami40", "Q♠ K♠ A♠ 10♥ J♥ Q♥ 9♥ 2♦", opened=(False, True))
    nine = held(view, "9♥")
    assert can_use(held(view, "Q♠"), view.hand, view.table, view, Owed(nine))
    junk = held(view, "2♦")
    assert not can_use(held(view, "Q♠"), view.hand, view.table, view, Owed(junk))


def test_before_the_opening_a_card_may_go_on_a_meld_already_on_the_table():
    """Rami: open with the rest, then lay the 5♣ off on the 2-4♣ of the table (Rommé allows
    no lay-off in the turn of the opening). The taken 6♣ then goes on after the 5♣."""
    view = table("rami40", "Q♠ K♠ A♠ 10♥ J♥ Q♥ 5♣ 6♣ 2♦", "2♣ 3♣ 4♣", opened=(False, True))
    five, six = held(view, "5♣"), held(view, "6♣")
    hand = [c for c in view.hand if c is not six]
    assert can_use(five, hand, view.table, view)
    assert can_use(five, view.hand, view.table, view, Owed(six))
    assert not can_use(five, view.hand, view.table, view, Owed(held(view, "2♦")))
    romme = table("romme", "Q♠ K♠ A♠ 10♥ J♥ Q♥ 5♣ 2♦", "2♣ 3♣ 4♣", opened=(False, True))
    assert not can_use(held(romme, "5♣"), romme.hand, romme.table, romme)
