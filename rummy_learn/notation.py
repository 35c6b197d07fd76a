"""Reading and writing cards as text.

Three notations are understood, case-insensitively:

* ASCII: ``Qh``, ``10h``, ``Th``, ``As``, ``7c``; jokers ``Jkr``, ``JK``, ``*``;
* symbols: ``Q♥``, ``♥Q``, ``10♦``, ``🃏`` (and the Unicode playing-card characters);
* local, chosen by a language: ru ``В Д К Т`` (``Д♥``, ``дама пик``), bg ``В Д П А``
  (``П♠``, ``поп купа``), de ``B D K A`` (``D♥``, ``Pik-Dame``), en words
  (``queen of spades``).

A hand may be separated by spaces, commas, semicolons or dashes.

>>> [str(c) for c in parse_cards("Qh, 10♦ ♥A Jkr")]
['Q♥', '10♦', 'A♥', '🃏']
>>> [str(c) for c in parse_cards("дама пик, Т♥", lang="ru")]
['Q♠', 'A♥']
>>> format_cards(parse_cards("Kd 7c *"), notation="ascii")
'Kd 7c Jkr'
>>> format_cards(parse_cards("Kd Qs"), notation="local", lang="bg")
'П♦ Д♠'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from rummy_learn.cards import JOKER, Card, Rank, Suit
from rummy_learn.language import LANGUAGES, get_language
from rummy_learn.limits import MAX_TOKEN_CHARS

__all__ = [
    "LANGUAGES",
    "CardParseError",
    "Notation",
    "ParseProblem",
    "format_card",
    "format_cards",
    "parse_card",
    "parse_cards",
    "rank_index",
]


Notation = Literal["symbols", "ascii", "local"]


class ParseProblem(Enum):
    """Why a piece of text is not a card."""

    UNKNOWN = "unknown"
    MISSING_SUIT = "missing_suit"
    MISSING_RANK = "missing_rank"
    UNKNOWN_LANGUAGE = "unknown_language"
    TOO_LONG = "too_long"  # longer than any card's name (the reader does not go through it)


class CardParseError(ValueError):
    """A token that is not a card. Names the token and its position.

    ``position`` is the number of the card being read (from 1); ``column`` is
    where the token starts in the text (in characters, from 0).

    >>> try:
    ...     parse_cards("Qh Xy 7c")
    ... except CardParseError as err:
    ...     print(err.token, err.position, err.column, err.problem.value)
    Xy 2 3 unknown
    """

    def __init__(self, token: str, position: int, column: int, problem: ParseProblem) -> None:
        self.token = token
        self.position = position
        self.column = column
        self.problem = problem
        shown = token if len(token) <= _SHOWN else token[:_SHOWN] + "…"
        super().__init__(
            f"cannot read card {shown!r} (card {position}, column {column}): "
            + _PROBLEM_TEXT[problem]
        )


_PROBLEM_TEXT = {
    ParseProblem.UNKNOWN: "not a card in any notation",
    ParseProblem.MISSING_SUIT: "a rank without a suit",
    ParseProblem.MISSING_RANK: "a suit without a rank",
    ParseProblem.UNKNOWN_LANGUAGE: "unknown language",
    ParseProblem.TOO_LONG: f"longer than {MAX_TOKEN_CHARS} characters, more than any card's name",
}
_SHOWN = 20  # characters of a long token that a message shows

# --- the tables -------------------------------------------------------------------------------

_J, _Q, _K, _A = Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE
_C, _S, _H, _D = Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS

_ASCII_RANKS: dict[str, Rank] = {str(int(r)): r for r in Rank if 2 <= r <= 10} | {
    "t": Rank.TEN,
    "j": _J,
    "q": _Q,
    "k": _K,
    "a": _A,
}
_ASCII_SUITS: dict[str, Suit] = {"c": _C, "s": _S, "h": _H, "d": _D}
_SYMBOL_SUITS: dict[str, Suit] = {
    "♣": _C,
    "♧": _C,
    "♠": _S,
    "♤": _S,
    "♥": _H,
    "♡": _H,
    "♦": _D,
    "♢": _D,
}
_JOKERS: frozenset[str] = frozenset({"jkr", "jk", "*", "🃏", "🂿", "🃟", "joker"})


def _numbered(words: Sequence[str]) -> dict[str, Rank]:
    """Rank words for 2 to 10, in order; each entry may list spellings split by ``/``."""
    table: dict[str, Rank] = {}
    for value, spellings in enumerate(words, start=2):
        for word in spellings.split("/"):
            table[word] = Rank(value)
    return table


@dataclass(frozen=True)
class _Local:
    """A language's local notation: rank indices, rank words, suit words, joker words."""

    indices: dict[Rank, str]  # how a rank is written on the card's corner
    ranks: dict[str, Rank]  # everything read as a rank (indices and words)
    suits: dict[str, Suit]  # suit words
    jokers: frozenset[str]
    fillers: frozenset[str] = frozenset()  # words allowed between rank and suit ("of")


def _local(
    indices: dict[Rank, str],
    numbers: Sequence[str],
    faces: dict[str, Rank],
    suits: dict[str, Suit],
    jokers: Iterable[str],
    fillers: Iterable[str] = (),
) -> _Local:
    ranks = _numbered(numbers) | faces | {i.casefold(): r for r, i in indices.items()}
    return _Local(indices, ranks, suits, frozenset(jokers), frozenset(fillers))


_DIGITS = {r: str(int(r)) for r in Rank if 2 <= r <= 10}

_LOCAL: dict[str, _Local] = {
    "ru": _local(
        _DIGITS | {_J: "В", _Q: "Д", _K: "К", _A: "Т"},
        [
            *("двойка", "тройка", "четвёрка/четверка", "пятёрка/пятерка", "шестёрка/шестерка"),
            *("семёрка/семерка", "восьмёрка/восьмерка", "девятка", "десятка"),
        ],
        {"валет": _J, "дама": _Q, "король": _K, "туз": _A, "а": _A},  # А looks like the ace
        {
            "трефы": _C,
            "треф": _C,
            "трефа": _C,
            "крести": _C,
            "крестей": _C,
            "пики": _S,
            "пик": _S,
            "пика": _S,
            "червы": _H,
            "черви": _H,
            "червей": _H,
            "черва": _H,
            "бубны": _D,
            "бубен": _D,
            "бубён": _D,
            "буби": _D,
            "бубна": _D,
        },
        {"джокер", "дж"},
    ),
    "bg": _local(
        _DIGITS | {_J: "В", _Q: "Д", _K: "П", _A: "А"},
        [
            *("двойка", "тройка", "четворка", "петица", "шестица", "седмица", "осмица"),
            *("деветка", "десетка/десятка"),
        ],
        {"вале": _J, "дама": _Q, "поп": _K, "асо": _A, "к": _K},  # К looks like the king
        {"спатия": _C, "спатии": _C, "пика": _S, "пики": _S, "купа": _H, "купи": _H, "каро": _D},
        {"жокер"},
    ),
    "de": _local(
        _DIGITS | {_J: "B", _Q: "D", _K: "K", _A: "A"},
        ["zwei", "drei", "vier", "fünf/fuenf", "sechs", "sieben", "acht", "neun", "zehn"],
        {"bube": _J, "dame": _Q, "könig": _K, "koenig": _K, "ass": _A, "as": _A},
        {"kreuz": _C, "treff": _C, "pik": _S, "herz": _H, "karo": _D},
        {"joker"},
    ),
    "en": _local(
        _DIGITS | {_J: "J", _Q: "Q", _K: "K", _A: "A"},
        ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"],
        {"jack": _J, "queen": _Q, "king": _K, "ace": _A},
        {
            "clubs": _C,
            "club": _C,
            "spades": _S,
            "spade": _S,
            "hearts": _H,
            "heart": _H,
            "diamonds": _D,
            "diamond": _D,
        },
        {"joker"},
        fillers={"of"},
    ),
}

_PLAYING_CARD_SUITS = {0x1F0A0: _S, 0x1F0B0: _H, 0x1F0C0: _D, 0x1F0D0: _C}
_PLAYING_CARD_RANKS = {**{i: Rank(i) for i in range(1, 12)}, 13: _Q, 14: _K}  # 12 is the knight


def _playing_card(char: str) -> Card | None:
    """The Unicode playing-card character (🂡, 🂮 …) as a card, if it is one."""
    code = ord(char)
    suit = _PLAYING_CARD_SUITS.get(code & ~0xF)
    rank = _PLAYING_CARD_RANKS.get(code & 0xF)
    return Card(rank, suit) if suit is not None and rank is not None else None


@dataclass(frozen=True)
class _Reader:
    """Everything one language's parser accepts."""

    ranks: dict[str, Rank]
    suits: dict[str, Suit]  # suits that may stand right after a rank ("Qh", "Q♥", "Qпик")
    leading_suits: dict[str, Suit]  # suits that may stand before a rank ("♥Q", "Pik-Dame")
    jokers: frozenset[str]
    fillers: frozenset[str]


def _reader(lang: str | None) -> _Reader:
    local = _LOCAL.get(lang) if lang is not None else None
    if lang is not None and local is None:
        raise CardParseError(lang, 0, 0, ParseProblem.UNKNOWN_LANGUAGE)
    ranks = dict(_ASCII_RANKS)
    suits = _ASCII_SUITS | _SYMBOL_SUITS
    leading = dict(_SYMBOL_SUITS)
    jokers = _JOKERS
    fillers: frozenset[str] = frozenset()
    if local is not None:
        ranks |= local.ranks
        suits |= local.suits
        leading |= local.suits
        jokers |= local.jokers
        fillers = local.fillers
    return _Reader(ranks, suits, leading, jokers, fillers)


_READERS: dict[str, _Reader] = {lang: _reader(lang) for lang in LANGUAGES}
_SEPARATORS = re.compile(r"[^\s,;\-–—]+")
_EMOJI_STYLE = "\ufe0f"


def _read_one(token: str, reader: _Reader) -> Card | Rank | Suit | None:
    """A whole card, or a lone rank or suit (to pair with its neighbour), or ``None``."""
    if len(token) > MAX_TOKEN_CHARS:  # no card is written so long: not read letter by letter
        return None
    word = token.replace(_EMOJI_STYLE, "").casefold()
    if word in reader.jokers:
        return JOKER
    if len(word) == 1 and (card := _playing_card(word)) is not None:
        return card
    for cut in range(1, len(word)):
        head, tail = word[:cut], word[cut:]
        rank = reader.ranks.get(head)
        if rank is not None and (suit := reader.suits.get(tail)) is not None:
            return Card(rank, suit)
        rank = reader.ranks.get(tail)
        if rank is not None and (suit := reader.leading_suits.get(head)) is not None:
            return Card(rank, suit)
    return reader.ranks.get(word) or reader.suits.get(word)


def parse_cards(text: str, lang: str | None = None) -> list[Card]:
    """Read a hand or a meld: ASCII, symbols, and the local notation of ``lang``.

    ``lang`` defaults to the kit's language (:func:`~rummy_learn.language.set_language`).

    >>> [str(c) for c in parse_cards("Pik-Dame Herz Ass 10♦", lang="de")]
    ['Q♠', 'A♥', '10♦']
    >>> [str(c) for c in parse_cards("queen of spades; 7 h", lang="en")]
    ['Q♠', '7♥']
    """
    reader = _READERS.get(lang or get_language())
    if reader is None:
        raise CardParseError(str(lang), 0, 0, ParseProblem.UNKNOWN_LANGUAGE)
    tokens = [(m.group(), m.start()) for m in _SEPARATORS.finditer(text)]
    cards: list[Card] = []
    i = 0
    while i < len(tokens):
        token, column = tokens[i]
        if len(token) > MAX_TOKEN_CHARS:
            raise CardParseError(token, len(cards) + 1, column, ParseProblem.TOO_LONG)
        here = _read_one(token, reader)
        lookahead = i + 1
        if lookahead < len(tokens) and tokens[lookahead][0].casefold() in reader.fillers:
            lookahead += 1
        after = (
            tokens[lookahead][0].replace(_EMOJI_STYLE, "").casefold()
            if lookahead < len(tokens)
            else ""
        )
        word = token.replace(_EMOJI_STYLE, "").casefold()
        if word in reader.ranks and after in reader.suits:
            cards.append(Card(reader.ranks[word], reader.suits[after]))
            i = lookahead + 1
            continue
        if word in reader.leading_suits and after in reader.ranks:
            cards.append(Card(reader.ranks[after], reader.leading_suits[word]))
            i = lookahead + 1
            continue
        if isinstance(here, Card):
            cards.append(here)
            i += 1
            continue
        if (
            here is not None
            and lookahead < len(tokens)
            and _read_one(tokens[lookahead][0], reader) is None
        ):
            token, column = tokens[lookahead]  # "queen of hartz": the trouble is "hartz"
            raise CardParseError(token, len(cards) + 1, column, ParseProblem.UNKNOWN)
        problem = (
            ParseProblem.MISSING_SUIT
            if isinstance(here, Rank)
            else ParseProblem.MISSING_RANK
            if isinstance(here, Suit)
            else ParseProblem.UNKNOWN
        )
        raise CardParseError(token, len(cards) + 1, column, problem)
    return cards


def parse_card(text: str, lang: str | None = None) -> Card:
    """Read exactly one card.

    >>> parse_card("♥10")
    Card('10♥')
    """
    cards = parse_cards(text, lang)
    if len(cards) != 1:
        raise CardParseError(text, 1, 0, ParseProblem.UNKNOWN)
    return cards[0]


def rank_index(rank: Rank, lang: str | None = None) -> str:
    """The rank as printed in the corner of a card in ``lang``.

    >>> rank_index(Rank.KING, "bg"), rank_index(Rank.ACE, "ru"), rank_index(Rank.JACK, "de")
    ('П', 'Т', 'B')
    """
    lang = lang or get_language()
    local = _LOCAL.get(lang)
    if local is None:
        raise CardParseError(lang, 0, 0, ParseProblem.UNKNOWN_LANGUAGE)
    return local.indices[rank]


def format_card(card: Card, notation: Notation = "symbols", lang: str | None = None) -> str:
    """Write one card in a notation.

    >>> format_card(parse_card("10h"), "ascii"), format_card(parse_card("Qs"), "local", "ru")
    ('10h', 'Д♠')
    """
    if card.rank is None or card.suit is None:
        return "Jkr" if notation == "ascii" else "🃏"
    if notation == "ascii":
        return card.rank.ascii + card.suit.value
    if notation == "local":
        return rank_index(card.rank, lang) + card.suit.symbol
    return card.rank.ascii + card.suit.symbol


def format_cards(
    cards: Iterable[Card], notation: Notation = "symbols", lang: str | None = None
) -> str:
    """Write cards separated by spaces (see :func:`format_card`)."""
    return " ".join(format_card(card, notation, lang) for card in cards)
