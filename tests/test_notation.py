"""Reading and writing cards in every notation; errors name the token and its position."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_learn.cards import JOKER, RANKS, SUITS, Card, Rank, Suit
from rummy_learn.notation import (
    LANGUAGES,
    CardParseError,
    ParseProblem,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)

QH = Card(Rank.QUEEN, Suit.HEARTS)
TEN_D = Card(Rank.TEN, Suit.DIAMONDS)


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("Qh", None, [QH]),
        ("qH", None, [QH]),
        ("10d", None, [TEN_D]),
        ("Td", None, [TEN_D]),
        (
            "As 7c Kd",
            None,
            [
                Card(Rank.ACE, Suit.SPADES),
                Card(Rank.SEVEN, Suit.CLUBS),
                Card(Rank.KING, Suit.DIAMONDS),
            ],
        ),
        ("Jkr JK * 🃏 joker", None, [JOKER] * 5),
        ("Q♥", None, [QH]),
        ("♥Q", None, [QH]),
        ("10♦", None, [TEN_D]),
        ("♦10", None, [TEN_D]),
        ("Q♡ ♢10", None, [QH, TEN_D]),
        ("Q♥️", None, [QH]),
        ("🂽", None, [QH]),
        ("🃊", None, [TEN_D]),
        ("Qh,10d;Jkr", None, [QH, TEN_D, JOKER]),
        ("  Qh ,  , 10d  ", None, [QH, TEN_D]),
        ("♥A–♥2–♥3", None, [Card(Rank(r), Suit.HEARTS) for r in (1, 2, 3)]),
        ("Q h", None, [QH]),
        ("10 ♦", None, [TEN_D]),
        ("", None, []),
        # Russian: В Д К Т and the words
        ("Д♥", "ru", [QH]),
        ("д♥", "ru", [QH]),
        ("♥Д", "ru", [QH]),
        ("Т♠", "ru", [Card(Rank.ACE, Suit.SPADES)]),
        ("дама червей, десятка бубен", "ru", [QH, TEN_D]),
        ("джокер", "ru", [JOKER]),
        ("шестерка пик", "ru", [Card(Rank.SIX, Suit.SPADES)]),
        # Bulgarian: В Д П А
        ("П♠", "bg", [Card(Rank.KING, Suit.SPADES)]),
        ("А♣", "bg", [Card(Rank.ACE, Suit.CLUBS)]),
        ("дама купа", "bg", [QH]),
        ("десетка каро", "bg", [TEN_D]),
        ("жокер", "bg", [JOKER]),
        # German: B D K A
        ("D♥", "de", [QH]),
        ("B♣", "de", [Card(Rank.JACK, Suit.CLUBS)]),
        ("Herz-Dame", "de", [QH]),
        ("Dame Herz", "de", [QH]),
        ("Karo Zehn", "de", [TEN_D]),
        ("Kreuz As", "de", [Card(Rank.ACE, Suit.CLUBS)]),
        ("As", "de", [Card(Rank.ACE, Suit.SPADES)]),
        ("Herzdame Pikass", "de", [QH, Card(Rank.ACE, Suit.SPADES)]),
        # look-alike letters: Cyrillic А is an ace in Russian, Cyrillic К a king in Bulgarian
        ("А♣", "ru", [Card(Rank.ACE, Suit.CLUBS)]),
        ("К♣", "bg", [Card(Rank.KING, Suit.CLUBS)]),
        # English words
        ("queen of hearts", "en", [QH]),
        ("Ten of Diamonds, joker", "en", [TEN_D, JOKER]),
    ],
)
def test_parse(text, lang, expected):
    assert parse_cards(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "token", "position", "column", "problem"),
    [
        ("Qh Xy 7c", None, "Xy", 2, 3, ParseProblem.UNKNOWN),
        ("Qh 11h", None, "11h", 2, 3, ParseProblem.UNKNOWN),
        ("Qh Q", None, "Q", 2, 3, ParseProblem.MISSING_SUIT),
        ("♥", None, "♥", 1, 0, ParseProblem.MISSING_RANK),
        ("Д♥", None, "Д♥", 1, 0, ParseProblem.UNKNOWN),  # local notation needs its language
        ("П♠", "ru", "П♠", 1, 0, ParseProblem.UNKNOWN),  # П is Bulgarian, not Russian
        ("7 h Zz", None, "Zz", 2, 4, ParseProblem.UNKNOWN),  # the position counts cards
        ("queen of hartz", "en", "hartz", 1, 9, ParseProblem.UNKNOWN),  # the word to blame
        ("Herz-Konig", "de", "Konig", 1, 5, ParseProblem.UNKNOWN),
    ],
)
def test_errors_name_token_and_position(text, lang, token, position, column, problem):
    with pytest.raises(CardParseError) as caught:
        parse_cards(text, lang)
    err = caught.value
    assert (err.token, err.position, err.column, err.problem) == (token, position, column, problem)
    assert isinstance(err, ValueError)
    assert repr(token) in str(err) and f"card {position}" in str(err)


def test_unknown_language():
    with pytest.raises(CardParseError) as caught:
        parse_cards("Qh", "fr")
    assert caught.value.problem is ParseProblem.UNKNOWN_LANGUAGE


def test_parse_card_wants_exactly_one():
    assert parse_card("♥10") == Card(Rank.TEN, Suit.HEARTS)
    with pytest.raises(CardParseError):
        parse_card("Qh Kh")


ALL_CARDS = [Card(r, s) for r in RANKS for s in SUITS] + [JOKER]


@pytest.mark.parametrize("notation", ["symbols", "ascii"])
def test_round_trip(notation):
    text = format_cards(ALL_CARDS, notation)
    assert parse_cards(text) == ALL_CARDS


@pytest.mark.parametrize("lang", LANGUAGES)
def test_round_trip_local(lang):
    text = format_cards(ALL_CARDS, "local", lang)
    assert parse_cards(text, lang) == ALL_CARDS


def test_formats():
    assert [format_card(QH, n) for n in ("symbols", "ascii")] == ["Q♥", "Qh"]
    assert [format_card(QH, "local", lang) for lang in LANGUAGES] == ["Д♥", "Д♥", "D♥", "Q♥"]
    assert format_card(JOKER, "ascii") == "Jkr"


@settings(max_examples=400, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(list("QKAJT0123456789hsdcx♥♠♣♦ ,;-*ДдТтПВАBDKjkr🃏🂡"))
        | st.characters(),
        max_size=30,
    ),
    st.sampled_from([None, *LANGUAGES]),
)
def test_fuzz_parses_or_raises_the_documented_error(text, lang):
    errors = []
    try:
        result = parse_cards(text, lang)
    except CardParseError as err:
        errors.append(err)
        result = []
    assert all(isinstance(card, Card) for card in result)
    for err in errors:
        assert err.token and err.position >= 1 and 0 <= err.column < len(text)
        assert text[err.column :].startswith(err.token)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(ALL_CARDS), max_size=13),
    st.sampled_from(LANGUAGES),
    st.sampled_from([", ", " ", ";", " - "]),
)
def test_any_hand_round_trips(hand, lang, separator):
    text = separator.join(format_card(c, "local", lang) for c in hand)
    assert parse_cards(text, lang) == hand


def test_default_language_reads_local_notation():
    from rummy_learn.language import set_language

    set_language("bg")
    try:
        assert parse_cards("П♠ поп купа") == [
            Card(Rank.KING, Suit.SPADES),
            Card(Rank.KING, Suit.HEARTS),
        ]
        assert format_card(QH, "local") == "Д♥"
    finally:
        set_language("en")
