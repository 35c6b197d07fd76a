"""Scripted rounds: every special rule of play, per preset, with final states and scores."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from helpers import cards, dealer_before

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
from rummy_learn.engine import Round
from rummy_learn.outcome import EndReason
from rummy_learn.refusals import IllegalMove, Refusal
from rummy_learn.variants import preset
from rummy_learn.view import Phase

FILLER = "2♣ 7♦ 9♠ J♥ 4♦ 6♣ 8♥ 10♠ 3♦ Q♣ 5♥ K♠ 2♦"  # thirteen cards that meld nothing
OTHER = "3♣ 8♦ 10♥ Q♠ 5♦ 7♣ 9♥ J♠ 4♣ K♦ 6♥ A♠ 3♥"  # thirteen more


def stack(variant, hands, *, options=(), stock="", upcard=None, dealer=None):
    """A stacked round; player 0 moves first unless a ``dealer`` is given."""
    rules = preset(variant, options)
    players = len(hands)
    return Round.stacked(
        rules,
        [cards(h) for h in hands],
        stock=cards(stock),
        upcard=cards(upcard)[0] if upcard else None,
        dealer=dealer % players if dealer is not None else dealer_before(rules, players),
    )


def hand_of(game, player, text):
    """The physical cards of ``player``'s hand with these faces, in this order."""
    pool = list(game.hand(player))
    chosen = []
    for face in cards(text):
        card = next(c for c in pool if c.face == face.face)
        pool.remove(card)
        chosen.append(card)
    return tuple(chosen)


def refused(game, action):
    """The refusal codes of an illegal move, checking that the state did not change."""
    before = json.dumps(game.to_json(), sort_keys=True)
    with pytest.raises(IllegalMove) as caught:
        game.apply(action)
    assert json.dumps(game.to_json(), sort_keys=True) == before
    legality = game.is_legal(action)
    assert not legality and caught.value.codes == legality.codes
    return caught.value.codes


# --- openings ------------------------------------------------------------------------------


def test_opening_counted_over_several_melds_in_one_turn():
    game = stack("romme", ["K♥ K♠ K♦ 5♣ 6♣ 7♣ 2♦ 9♥ J♠ 4♥ 8♦ 3♠ Q♥", FILLER], stock="A♦")
    game.apply(DrawStock())
    low = Meld((hand_of(game, 0, "5♣ 6♣ 7♣"),))
    assert refused(game, low) == (Refusal.OPENING_TOO_LOW,)
    game.apply(Meld((hand_of(game, 0, "K♥ K♠ K♦"), hand_of(game, 0, "5♣ 6♣ 7♣"))))
    assert game.view(0).opened[0] and len(game.table) == 2


@pytest.mark.parametrize(("variant", "allowed"), [("romme", False), ("rummy40", True)])
def test_laying_off_in_the_opening_turn(variant, allowed):
    game = stack(variant, ["K♥ K♠ K♦ 5♣ 6♣ 7♣ 8♣ 2♦ 9♥ J♠ 4♥ 8♦ 3♠", FILLER], stock="A♦")
    game.apply(DrawStock())
    game.apply(Meld((hand_of(game, 0, "K♥ K♠ K♦"), hand_of(game, 0, "5♣ 6♣ 7♣"))))
    lay = LayOff(hand_of(game, 0, "8♣")[0], meld=2, end=End.HIGH)
    if allowed:
        game.apply(lay)
        assert [str(c) for c in game.table[1].cards] == ["5♣", "6♣", "7♣", "8♣"]
    else:
        assert refused(game, lay) == (Refusal.NO_LAYOFF_IN_OPENING_TURN,)


def test_a_joker_swap_in_the_opening_turn_is_refused_where_lay_offs_are():
    """Source 003: no card is added to the table's melds while the first melds are laid. A
    swap puts a card into a meld, so German Rommé refuses it in the opening's turn too (a
    German reviewer); the turn after, that reason is gone."""
    hand = "K♥ K♠ Jkr 5♣ 6♣ 7♣ K♦ 9♦ 10♦ J♦ 4♥ 8♦ 3♠"
    game = stack("romme", [hand, "2♣ 2♠ " + FILLER[6:]], stock="A♦ Q♠ 2♥")
    game.apply(DrawStock())
    game.apply(Meld((hand_of(game, 0, "K♥ K♠ Jkr"), hand_of(game, 0, "5♣ 6♣ 7♣"))))
    joker = hand_of_table(game, 1, "Jkr")
    swap = SwapJoker(1, joker, hand_of(game, 0, "K♦"), hand_of(game, 0, "9♦ 10♦"))
    assert refused(game, swap) == (Refusal.NO_SWAP_IN_OPENING_TURN,)
    game.apply(Discard(hand_of(game, 0, "A♦")[0]))
    game.apply(DrawStock())
    game.apply(Discard(game.hand(1)[0]))
    game.apply(DrawStock())
    assert Refusal.NO_SWAP_IN_OPENING_TURN not in game.is_legal(swap).codes
    game.apply(swap)
    assert sorted(str(c) for c in game.table[0].cards) == ["K♠", "K♥", "K♦"]


def hand_of_table(game, meld, face):
    """The physical card with this face in the table's meld ``meld``."""
    return next(c for c in game.table[meld - 1].cards if c.face == cards(face)[0].face)


def test_layoff_needs_an_opening_and_a_fitting_card():
    game = stack(
        "romme", ["K♥ K♠ K♦ 5♣ 6♣ 7♣ 8♣ 2♦ 9♥ J♠ 4♥ 8♦ 3♠", "9♣ 10♦ " + FILLER[3:]], stock="A♦ Q♠"
    )
    game.apply(DrawStock())
    game.apply(Meld((hand_of(game, 0, "K♥ K♠ K♦"), hand_of(game, 0, "5♣ 6♣ 7♣"))))
    game.apply(Discard(hand_of(game, 0, "A♦")[0]))
    game.apply(DrawStock())
    assert refused(game, LayOff(hand_of(game, 1, "9♣")[0], 2)) == (Refusal.NOT_OPENED,)


# --- the discard pile ------------------------------------------------------------------------


def test_rummy40_a_taken_discard_must_be_melded_that_turn():
    hand = "K♥ K♠ K♦ 5♣ 6♣ 8♦ 2♦ 9♥ J♠ 4♥ 10♦ 3♠ Q♥"
    game = stack("rummy40", [hand, FILLER], upcard="7♣")
    game.apply(TakeDiscard())
    discard = Discard(hand_of(game, 0, "2♦")[0])
    assert refused(game, discard) == (Refusal.MUST_USE_TAKEN_CARD,)
    game.apply(Meld((hand_of(game, 0, "K♥ K♠ K♦"), hand_of(game, 0, "5♣ 6♣ 7♣"))))
    game.apply(discard)
    assert game.current == 1


def test_rummy40_an_unusable_discard_cannot_be_taken():
    game = stack("rummy40", [FILLER, FILLER], upcard="A♠")
    assert refused(game, TakeDiscard()) == (Refusal.TAKEN_CARD_UNUSABLE,)


def test_rami_the_taken_card_may_not_be_discarded_again():
    game = stack("rami40", [FILLER, FILLER], upcard="A♠")
    game.apply(TakeDiscard())
    assert refused(game, Discard(hand_of(game, 0, "A♠")[0])) == (Refusal.CANNOT_DISCARD_TAKEN_CARD,)
    game.apply(Discard(hand_of(game, 0, "2♣")[0]))


def test_strict_jokers_cannot_be_discarded():
    game = stack("palace", ["Jkr " + FILLER[3:], FILLER], options=["strict_jokers"], stock="A♦")
    game.apply(DrawStock())
    assert refused(game, Discard(hand_of(game, 0, "Jkr")[0])) == (Refusal.CANNOT_DISCARD_JOKER,)
    plain = stack("palace", ["Jkr " + FILLER[3:], FILLER], stock="A♦")
    plain.apply(DrawStock())
    plain.apply(Discard(hand_of(plain, 0, "Jkr")[0]))


# --- joker swaps -----------------------------------------------------------------------------


def opened_table(variant, table_meld, swapper_hand, *, options=(), stock="A♦ 3♥ 4♥"):
    """Player 0 opens with ``table_meld`` (+ K♠ K♥ K♦ to reach 40); player 1 opens then swaps."""
    opener = f"{table_meld} K♠ K♥ K♦ " + FILLER
    opener_cards = " ".join(opener.split()[:13])
    game = stack(variant, [opener_cards, swapper_hand], options=options, stock=stock)
    game.apply(DrawStock())
    game.apply(Meld((hand_of(game, 0, table_meld), hand_of(game, 0, "K♠ K♥ K♦"))))
    loose = next(c for c in game.hand(0) if not c.is_joker)
    game.apply(Discard(loose))
    game.apply(DrawStock())
    return game


SWAPPER = "Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ 9♠ 9♦ 9♥ 2♠ 3♠ 4♠"


def swap_ready(variant, table_meld, extra, *, options=()):
    """Player 0 has laid ``table_meld``; player 1 opens with four queens and holds ``extra``
    (where the opening's turn may add no card to the table's melds, German Rommé, it is player
    1's next turn).

    Returns the round and the joker of the table meld.
    """
    extras = extra.split()
    hand = " ".join([*SWAPPER.split()[: 13 - len(extras)], *extras])
    game = opened_table(variant, table_meld, hand, options=options, stock="A♦ 3♥ 4♥ 8♣ 8♦")
    game.apply(Meld((hand_of(game, 1, "Q♣ Q♠ Q♥ Q♦"),)))
    if not game.rules.layoff_on_opening_turn:  # no card goes onto the table's melds this turn
        spare = "2♠" if "2♠" in hand.split() else "9♥"  # a card no test uses
        game.apply(Discard(hand_of(game, 1, spare)[0]))
        game.apply(DrawStock())
        game.apply(Discard(next(c for c in game.hand(0) if not c.is_joker)))
        game.apply(DrawStock())
    return game, next(c for c in game.table[0].cards if c.is_joker)


@pytest.mark.parametrize(
    ("variant", "options", "table_meld", "extra", "swap_with", "refusal"),
    [
        ("palace", ["strict_jokers"], "7♣ 7♥ Jkr", "7♦", "7♦", Refusal.SWAP_NEEDS_CLOSED_SET),
        ("palace", ["strict_jokers"], "7♣ 8♣ Jkr", "9♣", "9♣", Refusal.NO_SWAP_FROM_RUNS),
        ("rummy40", [], "7♣ 7♥ Jkr", "7♦ 7♠", "7♦", Refusal.SWAP_NEEDS_BOTH_SUITS),
        ("rami40", [], "7♣ 7♥ Jkr", "7♦", "7♦", Refusal.SWAP_NEEDS_CLOSED_SET),
        ("romme", ["dskv_swap"], "7♣ 7♥ Jkr", "7♦", "7♦", Refusal.SWAP_NEEDS_CLOSED_SET),
        ("romme", [], "5♥ 6♥ Jkr", "7♥", "7♥", Refusal.SWAPPED_JOKER_NEEDS_NEW_MELD),
        ("romme", [], "5♥ 6♥ Jkr", "4♥", "4♥", Refusal.SWAP_CARD_DOES_NOT_FIT),  # laid as 7♥
        ("rami40", [], "5♥ 6♥ Jkr", "7♥", "7♥", Refusal.SWAP_CARD_DOES_NOT_FIT),  # it is 4♥
    ],
)
def test_swaps_the_rules_refuse(variant, options, table_meld, extra, swap_with, refusal):
    game, joker = swap_ready(variant, table_meld, extra, options=options)
    assert refused(game, SwapJoker(1, joker, hand_of(game, 1, swap_with))) == (refusal,)


def test_palace_swap_with_any_fitting_card_from_a_set_of_three():
    game, joker = swap_ready("palace", "7♣ 7♥ Jkr", "7♦")
    game.apply(SwapJoker(1, joker, hand_of(game, 1, "7♦")))
    assert joker in game.hand(1)
    assert sorted(str(c) for c in game.table[0].cards) == ["7♣", "7♥", "7♦"]


@pytest.mark.parametrize(
    ("variant", "options", "table_meld", "extra"),
    [
        ("palace", ["strict_jokers"], "7♣ 7♥ 7♠ Jkr", "7♦"),  # laid the same turn
        ("rami40", [], "7♣ 7♥ 7♠ Jkr", "7♦"),  # played again if it can be
    ],
)
def test_a_swapped_joker_must_be_played_again(variant, options, table_meld, extra):
    game, joker = swap_ready(variant, table_meld, extra, options=options)
    game.apply(SwapJoker(1, joker, hand_of(game, 1, extra)))
    assert refused(game, Discard(hand_of(game, 1, "9♠")[0])) == (Refusal.MUST_PLAY_SWAPPED_JOKER,)
    game.apply(Meld(((joker, *hand_of(game, 1, "J♣ J♠")),)))
    game.apply(Discard(hand_of(game, 1, "9♠")[0]))
    assert game.current == 0


def test_rummy40_both_missing_suits_take_the_joker_from_a_set_of_three():
    game, joker = swap_ready("rummy40", "7♣ 7♥ Jkr", "7♦ 7♠")
    game.apply(SwapJoker(1, joker, hand_of(game, 1, "7♠ 7♦")))
    assert sorted(str(c) for c in game.table[0].cards) == ["7♠", "7♣", "7♥", "7♦"]
    assert refused(game, Discard(hand_of(game, 1, "9♠")[0])) == (Refusal.MUST_PLAY_SWAPPED_JOKER,)


def test_rummy40_one_missing_suit_locks_the_joker():
    game, joker = swap_ready("rummy40", "7♣ 7♥ Jkr", "7♦ 7♠")
    game.apply(LayOff(hand_of(game, 1, "7♦")[0], 1))
    assert game.table[0].locked
    assert refused(game, SwapJoker(1, joker, hand_of(game, 1, "7♠"))) == (Refusal.JOKER_LOCKED,)


def test_romme_the_freed_joker_goes_into_a_new_meld_at_once():
    game, joker = swap_ready("romme", "Jkr 5♥ 6♥", "4♥")
    assert [str(c) for c in game.table[0].cards] == ["🃏", "5♥", "6♥"]  # laid so: 4♥
    game.apply(SwapJoker(1, joker, hand_of(game, 1, "4♥"), new_meld=hand_of(game, 1, "J♣ J♠")))
    assert joker not in game.hand(1) and any(joker in m.cards for m in game.table[2:])


def test_rummy40_a_player_who_has_not_opened_may_swap_and_must_use_the_joker_that_turn():
    """001 line 38: any player holding the card may take the joker, and must use it that turn.

    The opening is not required (the kit's switch ``swap_before_opening``); the joker is then
    used in the opening melds of the same turn.
    """
    swapper = "9♣ Q♣ Q♠ Q♥ 5♦ 6♦ 2♠ 4♥ 7♠ 10♦ J♠ 3♣ 8♥"
    game = opened_table("rummy40", "7♣ 8♣ Jkr", swapper)  # the joker lies as 9♣
    joker = next(c for c in game.table[0].cards if c.is_joker)
    assert not game.view(1).has_opened
    swap = SwapJoker(1, joker, hand_of(game, 1, "9♣"))
    assert swap in game.legal_actions()
    game.apply(swap)
    assert refused(game, Discard(hand_of(game, 1, "2♠")[0])) == (Refusal.MUST_PLAY_SWAPPED_JOKER,)
    game.apply(Meld((hand_of(game, 1, "Q♣ Q♠ Q♥"), (*hand_of(game, 1, "5♦ 6♦"), joker))))
    assert game.view(1).has_opened
    game.apply(Discard(hand_of(game, 1, "2♠")[0]))


def test_rummy40_a_swap_before_opening_needs_an_opening_with_the_joker():
    swapper = "9♣ 2♣ 4♠ 6♥ 8♦ 10♣ Q♠ 3♥ 5♦ 7♠ J♥ K♣ A♦"  # no opening, even with a joker
    game = opened_table("rummy40", "7♣ 8♣ Jkr", swapper)
    joker = next(c for c in game.table[0].cards if c.is_joker)
    swap = SwapJoker(1, joker, hand_of(game, 1, "9♣"))
    assert refused(game, swap) == (Refusal.SWAPPED_JOKER_UNPLAYABLE,)


@pytest.mark.parametrize("variant", ["palace", "rami40", "romme", "scala40"])
def test_elsewhere_swaps_wait_for_the_opening(variant):
    swapper = "9♣ Q♣ Q♠ Q♥ 5♦ 6♦ 2♠ 4♥ 7♠ 10♦ J♠ 3♣ 8♥"
    game = opened_table(variant, "7♣ 8♣ Jkr", swapper)
    joker = next(c for c in game.table[0].cards if c.is_joker)
    swap = SwapJoker(1, joker, hand_of(game, 1, "9♣"))
    assert not game.rules.swap_before_opening
    assert Refusal.NOT_OPENED in game.is_legal(swap).codes


# --- going out ------------------------------------------------------------------------------

MELDED13 = "K♥ K♠ K♦ 5♣ 6♣ 7♣ 9♥ 10♥ J♥ 2♦ 2♠ 2♥ 2♣"  # 3 + 3 + 3 + 4 cards
FILLER_POINTS = 2 + 7 + 9 + 10 + 4 + 6 + 8 + 10 + 3 + 10 + 5 + 10 + 2
OTHER_POINTS = 3 + 8 + 10 + 10 + 5 + 7 + 9 + 10 + 4 + 10 + 6 + 11 + 3


def _melds(game, run="5♣ 6♣ 7♣"):
    return Meld((hand_of(game, 0, "K♥ K♠ K♦"), hand_of(game, 0, run), hand_of(game, 0, "9♥ 10♥ J♥"),
                 hand_of(game, 0, "2♦ 2♠ 2♥ 2♣")))  # fmt: skip


def test_palace_keeps_a_card_for_the_last_discard_unless_its_option_is_on():
    game = stack("palace", [MELDED13, FILLER, OTHER], stock="8♣")
    game.apply(DrawStock())
    assert refused(game, _melds(game, "5♣ 6♣ 7♣ 8♣")) == (Refusal.KEEP_A_CARD_TO_DISCARD,)
    free = stack("palace", [MELDED13, FILLER, OTHER], options=["win_without_discard"], stock="8♣")
    free.apply(DrawStock())
    free.apply(_melds(free, "5♣ 6♣ 7♣ 8♣"))
    assert free.outcome is None and list(free.legal_actions()) == [GoOut()]
    free.apply(GoOut())
    assert (free.outcome.reason, free.outcome.winner) == (EndReason.RUMMY, 0)


@pytest.mark.parametrize(
    ("variant", "reason", "scores"),
    [
        (
            "palace",
            EndReason.RUMMY,
            (2 * (FILLER_POINTS + OTHER_POINTS), -2 * FILLER_POINTS, -2 * OTHER_POINTS),
        ),
        ("rummy40", EndReason.RUMMY, (0, FILLER_POINTS + 25, OTHER_POINTS + 25)),
        ("romme", EndReason.WENT_OUT, (0, FILLER_POINTS, OTHER_POINTS)),
        ("rami40", EndReason.WENT_OUT, (0, FILLER_POINTS, OTHER_POINTS)),
    ],
)
def test_going_out_all_at_once(variant, reason, scores):
    game = stack(variant, [MELDED13, FILLER, OTHER], stock="A♦")
    game.apply(DrawStock())
    game.apply(_melds(game))
    game.apply(Discard(hand_of(game, 0, "A♦")[0]))
    outcome = game.outcome
    assert (outcome.reason, outcome.winner, outcome.scores) == (reason, 0, scores)
    assert outcome.hand_points == (0, FILLER_POINTS, OTHER_POINTS)


@pytest.mark.parametrize("variant", ["romme", "scala40"])
def test_hand_romme_doubles_the_losers_penalties_with_its_option(variant):
    """The German custom (no source): a Hand-Rommé doubles what the others pay."""
    scores = {}
    for options in ((), ("hand_romme_double",)):
        game = stack(variant, [MELDED13, FILLER, OTHER], options=options, stock="A♦")
        game.apply(DrawStock())
        game.apply(_melds(game))
        game.apply(Discard(hand_of(game, 0, "A♦")[0]))
        scores[options] = (game.outcome.reason, game.outcome.scores)
    assert scores[()] == (EndReason.WENT_OUT, (0, FILLER_POINTS, OTHER_POINTS))
    assert scores[("hand_romme_double",)] == (
        EndReason.RUMMY,
        (0, 2 * FILLER_POINTS, 2 * OTHER_POINTS),
    )


def going_out_over_two_turns(variant, options=()):
    """Player 0 melds in one turn and goes out in the next: no Rummy, no Hand-Rommé."""
    game = stack(variant, [MELDED13, FILLER, OTHER], options=options, stock="A♦ 4♣ 5♠ 8♦")
    game.apply(DrawStock())
    game.apply(Meld((hand_of(game, 0, "K♥ K♠ K♦"), hand_of(game, 0, "5♣ 6♣ 7♣"))))
    game.apply(Discard(hand_of(game, 0, "A♦")[0]))
    for player in (1, 2):
        game.apply(DrawStock())
        game.apply(Discard(game.hand(player)[-1]))
    game.apply(DrawStock())
    game.apply(Meld((hand_of(game, 0, "9♥ 10♥ J♥"), hand_of(game, 0, "2♦ 2♠ 2♥ 2♣"))))
    game.apply(Discard(game.hand(0)[0]))
    return game.outcome


def test_hand_romme_is_not_doubled_after_an_earlier_meld():
    outcome = going_out_over_two_turns("romme", ("hand_romme_double",))
    assert outcome.reason is EndReason.WENT_OUT
    assert outcome.scores == (0, *outcome.hand_points[1:])


def test_palace_going_out_over_two_turns_is_not_doubled():
    outcome = going_out_over_two_turns("palace")
    assert outcome.reason is EndReason.WENT_OUT
    assert sum(outcome.scores) == 0 and outcome.scores[0] == sum(outcome.hand_points[1:])


def test_rami_goes_out_without_a_last_discard():
    game = stack("rami40", [MELDED13, FILLER], stock="8♣")
    game.apply(DrawStock())
    game.apply(_melds(game, "5♣ 6♣ 7♣ 8♣"))
    game.apply(GoOut())
    assert (game.outcome.reason, game.outcome.scores) == (EndReason.WENT_OUT, (0, FILLER_POINTS))


# --- empty stock ---------------------------------------------------------------------------


def _exhaust(game, rounds_limit=400):
    """Draw and discard the drawn card until the round ends (nobody melds)."""
    for _ in range(rounds_limit):
        if game.phase is Phase.OVER:
            return
        game.apply(DrawStock())
        drawn = game.hand(game.current)[-1]
        game.apply(Discard(drawn))
    raise AssertionError("the round did not end")


def test_palace_empty_stock_ends_without_a_winner():
    game = stack("palace", [FILLER, FILLER])
    _exhaust(game)
    outcome = game.outcome
    assert (outcome.reason, outcome.winner) == (EndReason.STOCK_EMPTY, None)
    assert outcome.scores == tuple(-p for p in outcome.hand_points)
    assert game.cards_accounted()


def test_rummy40_reshuffles_keeping_the_top_discard():
    game = stack("rummy40", [FILLER, FILLER], upcard="A♠")
    while game.log[-1]["event"] != "reshuffle":
        game.apply(DrawStock())
        game.apply(Discard(game.hand(game.current)[-1]))
    top = game.view(0).top_discard
    assert game.log[-1]["event"] == "reshuffle"
    assert game.view(0).discard_size == 1 and game.view(0).top_discard == top
    assert game.view(0).stock_size > 0 and game.cards_accounted()


def test_rami_reshuffles_twice_then_the_lowest_hand_wins():
    low = "2♣ 3♦ 4♠ 5♥ 2♦ 3♠ 4♥ 5♣ 2♠ 3♥ 4♦ 6♣ 2♥"  # 45 points, no meld
    game = stack("rami40", [low, FILLER], upcard="A♠")
    _exhaust(game, 2000)
    outcome = game.outcome
    assert outcome.reason is EndReason.RESHUFFLE_LIMIT
    assert sum(e["event"] == "reshuffle" for e in game.log) == 2
    assert outcome.winner == 0 and outcome.hand_points[0] < outcome.hand_points[1]
    assert outcome.scores == (0, outcome.hand_points[1])


def test_rami_turn_limit_300():
    from dataclasses import replace

    rules = replace(preset("rami40"), max_reshuffles=None)
    game = Round.stacked(rules, [cards(FILLER), cards(FILLER)], upcard=cards("A♠")[0])
    _exhaust(game, 1000)
    assert game.outcome.reason is EndReason.TURN_LIMIT and game.view(0).turn == 300


# --- knocking --------------------------------------------------------------------------------


def test_knock_claims_the_last_discard_and_a_stock_card():
    game = stack("palace", [FILLER, FILLER, OTHER], options=["knock"], stock="A♦ 9♦ 8♣", dealer=2)
    game.apply(DrawStock())
    game.apply(Discard(hand_of(game, 0, "A♦")[0]))
    assert refused(game, Knock(0)) == (Refusal.KNOCK_OWN_DISCARD,)
    assert refused(game, Knock(1)) == (Refusal.KNOCK_NOT_NOW,)  # the next player just takes it
    game.apply(Knock(2))
    assert len(game.hand(2)) == 15 and any(c.face == cards("A♦")[0] for c in game.hand(2))
    assert refused(game, Knock(2)) == (Refusal.KNOCK_NOT_NOW,)  # first knock only
    assert game.current == 1 and game.phase is Phase.DRAW and game.cards_accounted()


def test_knock_needs_the_option_and_three_players():
    game = stack("palace", [FILLER, FILLER], options=["knock"], stock="A♦")
    game.apply(DrawStock())
    game.apply(Discard(hand_of(game, 0, "A♦")[0]))
    assert refused(game, Knock(1)) == (Refusal.KNOCK_TOO_FEW_PLAYERS,)
    plain = stack("palace", [FILLER, FILLER, OTHER], stock="A♦")
    plain.apply(DrawStock())
    plain.apply(Discard(hand_of(plain, 0, "A♦")[0]))
    assert refused(plain, Knock(2)) == (Refusal.KNOCK_NOT_ALLOWED,)


# --- deals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "options", "players", "sizes"),
    [
        ("palace", ["small_deck"], 2, [10, 10]),
        ("palace", ["small_deck"], 4, [7, 7, 7, 7]),
        ("romme", [], 3, [13, 13, 13]),
        ("rami40", [], 5, [13] * 5),
    ],
)
def test_deals(variant, options, players, sizes):
    rules = preset(variant, options)
    game = Round(rules, players, seed=4, dealer=1)
    assert [len(game.hand(p)) for p in range(players)] == sizes
    first = 1 if rules.dealer_starts else 2 % players
    assert game.current == first and game.phase is Phase.DRAW and game.view(0).discard_size == 1
    assert len(game.shoe) == preset(variant, options).deck_for(players).cards
    assert game.cards_accounted()


def test_romme_dealer_14():
    game = Round(preset("romme", ["dealer_14"]), 3, seed=4, dealer=1)
    assert [len(game.hand(p)) for p in range(3)] == [13, 14, 13]
    assert game.current == 1 and game.phase is Phase.PLAY and game.view(0).discard_size == 0


def test_rauben_lets_the_cutter_keep_a_joker():
    kept = 0
    for seed in range(60):
        game = Round(preset("romme", ["rauben"]), 3, seed=seed, dealer=1)
        event = game.log[0].get("rauben")
        if event:
            kept += 1
            assert event["player"] == 0 and any(c.is_joker for c in game.hand(0))
        assert len(game.hand(0)) == 13 and game.cards_accounted()
    assert kept > 0


# --- views, saving, replay -----------------------------------------------------------------


def test_a_view_shows_only_what_the_player_may_see():
    """The view holds the player's own hand and what lies open on the table, nothing else:
    a new field of the view must be added here on purpose."""
    from dataclasses import fields

    from rummy_learn.view import PlayerView

    game = Round(preset("romme"), 3, seed=9)
    view = game.view(1)
    assert {f.name for f in fields(PlayerView)} == {
        "rules", "player", "players", "phase", "current", "hand", "hand_sizes", "table",
        "top_discard", "discard_size", "stock_size", "opened", "turn", "taken", "must_use",
        "swapped_joker", "last_discarder", "pile", "known",
    }  # fmt: skip
    assert view.hand == game.hand(1) != game.hand(0) and view.hand_sizes == (13, 13, 13)
    assert view.top_discard is not None and view.stock_size == 110 - 39 - 1


def test_same_seed_same_round_and_json_round_trip():
    from rummy_learn.simulate import make_bots, play_round

    first, second = Round(preset("rami40"), 3, seed=21), Round(preset("rami40"), 3, seed=21)
    play_round(first, make_bots("greedy", first.rules, 3, 21))
    play_round(second, make_bots("greedy", second.rules, 3, 21))
    assert first.to_json() == second.to_json()
    saved = json.loads(json.dumps(first.to_json()))
    assert Round.from_json(saved).to_json() == first.to_json()
    assert Round.replay(saved).to_json() == first.to_json()


def test_a_saved_round_plays_on_identically():
    from rummy_learn.simulate import make_bots, play_round

    game = Round(preset("rummy40"), 2, seed=5)
    bots = make_bots("greedy", game.rules, 2, 5)
    for _ in range(6):
        game.apply(bots[game.current].choose(game.view(game.current)))
    copy = Round.from_json(json.loads(json.dumps(game.to_json())))
    play_round(game, make_bots("greedy", game.rules, 2, 5))
    play_round(copy, make_bots("greedy", copy.rules, 2, 5))
    assert copy.to_json() == game.to_json()


# --- what a new user tried ---------------------------------------------------------------------


def test_rami_taking_a_discard_that_leaves_nothing_to_discard_is_refused():
    """Holding only 5♣, taking the other 5♣ would leave no card that may be discarded."""
    game = Round.stacked(preset("rami40"), [cards("K♦ 2♠ 9♥"), cards("5♣")], upcard=cards("5♣")[0])
    assert game.current == 1
    assert refused(game, TakeDiscard()) == (Refusal.NO_CARD_TO_DISCARD,)
    assert list(game.legal_actions()) == [DrawStock()]


def test_view_of_a_player_who_is_not_there():
    game = Round(preset("romme"), 3, seed=1)
    for player in (3, -1):
        with pytest.raises(ValueError, match="no player"):
            game.view(player)


def test_rounds_refuse_impossible_set_ups():
    with pytest.raises(ValueError, match="2 to 6 players, not 0"):
        Round(preset("romme"), players=0)
    with pytest.raises(ValueError, match="dealer"):
        Round.stacked(preset("romme"), [cards(FILLER), cards(OTHER)], dealer=5)


def test_a_swap_needs_cards_and_a_swapped_joker_may_not_be_discarded():
    game, joker = swap_ready("rummy40", "7♣ 7♥ Jkr", "7♦ 7♠")
    assert refused(game, SwapJoker(1, joker, ())) == (Refusal.NOTHING_CHOSEN,)
    game.apply(SwapJoker(1, joker, hand_of(game, 1, "7♠ 7♦")))
    assert refused(game, Discard(joker)) == (Refusal.MUST_PLAY_SWAPPED_JOKER,)


def test_a_layoff_that_does_not_fit_blames_only_the_card():
    game = stack("rummy40", ["K♥ K♠ K♦ 5♣ 6♣ 7♣ 8♣ 2♦ 9♥ J♠ 4♥ 8♦ 3♠", FILLER], stock="A♦")
    game.apply(DrawStock())
    game.apply(Meld((hand_of(game, 0, "K♥ K♠ K♦"), hand_of(game, 0, "5♣ 6♣ 7♣"))))
    problem = game.is_legal(LayOff(hand_of(game, 0, "4♥")[0], 1)).problems[0]
    assert (problem.code, problem.problems, [str(c) for c in problem.cards]) == (
        Refusal.LAYOFF_DOES_NOT_FIT, (), ["4♥"],
    )  # fmt: skip


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"type": "fly"},
        {"type": "discard", "card": "Qh.x"},
        {"type": "discard", "card": 7},
        {"type": "lay_off", "card": "Qh.1", "meld": True, "end": "low"},
        {"type": "lay_off", "card": "Qh.1", "meld": 2.7, "end": "low"},
        {"type": "lay_off", "card": "Qh.1", "meld": 2, "end": "middle"},
        {"type": "meld", "melds": "Qh.1"},
        {"type": "knock", "player": "1"},
    ],
)
def test_malformed_actions_are_value_errors(data):
    from rummy_learn.actions import action_from_json

    with pytest.raises(ValueError, match="not an action"):
        action_from_json(data)


def test_a_damaged_save_is_a_value_error():
    game = Round(preset("romme"), 2, seed=1)
    with pytest.raises(ValueError, match="not a saved round"):
        Round.from_json({})
    data = game.to_json()
    data["state"]["hands"][1][0] = data["state"]["hands"][0][0]  # one card in two hands
    with pytest.raises(ValueError, match="not a saved round"):
        Round.from_json(data)


@pytest.mark.parametrize(
    ("variant", "options", "first"),
    [("romme", (), "left"), ("scala40", (), "left"), ("rami51", (), "left"),
     ("palace", (), "left"), ("rummy40", (), "left"), ("romme", ("dealer_14",), "dealer")],
)  # fmt: skip
def test_who_plays_the_first_turn(variant, options, first):
    """Rami: the player on the dealer's left (002, line 15). German Rommé: 003 has the dealer
    start (line 58, without drawing), but German tables mostly let the left-hand player start
    and draw, as the kit does; with 14 cards the dealer starts. Elsewhere the kit's choice."""
    for dealer in range(3):
        game = Round(preset(variant, options), players=3, seed=5, dealer=dealer)
        assert game.current == (dealer if first == "dealer" else (dealer + 1) % 3)


def test_a_rule_set_may_still_have_the_dealer_start_and_draw():
    """``dealer_starts`` is a rule of its own: the dealer starts, with a draw like everyone."""
    rules = replace(preset("romme"), dealer_starts=True)
    for dealer in range(3):
        game = Round(rules, players=3, seed=5, dealer=dealer)
        assert game.current == dealer
        assert len(game.hand(dealer)) == 13
        assert any(isinstance(a, DrawStock) for a in game.legal_actions())
