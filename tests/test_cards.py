"""Cards as values, and the shoe of each variant."""

from __future__ import annotations

import dataclasses

import pytest

from rummy_learn.cards import JOKER, Card, Rank, Suit
from rummy_learn.decks import build_deck
from rummy_learn.variants import preset


def test_cards_are_immutable_and_hashable():
    card = Card(Rank.QUEEN, Suit.HEARTS)
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert len({card, Card(Rank.QUEEN, Suit.HEARTS), Card(Rank.QUEEN, Suit.HEARTS, 1)}) == 2


def test_copies_differ_but_show_one_face():
    first, second = Card(Rank.QUEEN, Suit.HEARTS, 0), Card(Rank.QUEEN, Suit.HEARTS, 1)
    assert first != second and first.face == second.face == Card(Rank.QUEEN, Suit.HEARTS)
    assert str(first) == str(second) == "Q♥"


def test_half_a_card_is_refused():
    with pytest.raises(ValueError, match="both a rank and a suit"):
        Card(Rank.QUEEN, None)
    with pytest.raises(ValueError, match="copy"):
        Card(Rank.QUEEN, Suit.HEARTS, -1)


def test_sorting_by_suit_then_rank_jokers_last():
    hand = [
        JOKER,
        Card(Rank.TWO, Suit.DIAMONDS),
        Card(Rank.KING, Suit.CLUBS),
        Card(Rank.ACE, Suit.CLUBS),
    ]
    assert [str(c) for c in sorted(hand)] == ["A♣", "K♣", "2♦", "🃏"]


@pytest.mark.parametrize(
    ("variant", "options", "players", "size", "jokers"),
    [
        ("palace", (), 4, 110, 6),
        ("palace", ("no_jokers",), 4, 104, 0),
        ("palace", ("small_deck",), 3, 55, 3),
        ("rummy40", (), 4, 106, 2),
        ("rami40", (), 4, 108, 4),
        ("rami51", (), 5, 160, 4),
        ("rami40", ("house_decks",), 2, 106, 2),
        ("rami51", ("house_decks",), 6, 159, 3),
        ("romme", (), 6, 110, 6),
        ("scala40", (), 2, 108, 4),
    ],
)
def test_shoes(variant, options, players, size, jokers):
    shoe = build_deck(preset(variant, options), players)
    assert len(shoe) == size == len(set(shoe)), "every physical card is distinct"
    assert sum(c.is_joker for c in shoe) == jokers


def test_too_many_players():
    with pytest.raises(ValueError, match="2 to 4 players"):
        build_deck(preset("rummy40"), 5)
