"""Cards: ranks, suits, jokers, and the copy index of a dealt card.

A :class:`Card` is an immutable, hashable value. Cards that come from text carry
no copy index; cards dealt from a multi-deck shoe carry one, so that the two
Q♥ of a two-deck game are different physical cards while still *showing* the
same face.

>>> q = Card(Rank.QUEEN, Suit.HEARTS)
>>> str(q), q.is_joker
('Q♥', False)
>>> Card(Rank.QUEEN, Suit.HEARTS, copy=1) == q, Card(Rank.QUEEN, Suit.HEARTS, copy=1).face == q
(False, True)
>>> str(JOKER)
'🃏'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum

__all__ = ["JOKER", "RANKS", "SUITS", "Card", "Hand", "Rank", "Suit"]


class Suit(Enum):
    """The four French suits, in the order ♣ ♠ ♥ ♦ used by strict groups.

    >>> [s.symbol for s in Suit]
    ['♣', '♠', '♥', '♦']
    """

    CLUBS = "c"
    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"

    # Members are singletons compared by identity: the C-level identity hash is exact and
    # much faster than Enum's own (cards are hashed a lot while checking melds).
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♣ ♠ ♥ ♦."""
        return _SUIT_SYMBOLS[self]

    @property
    def index(self) -> int:
        """Position in the order ♣ ♠ ♥ ♦ (0 to 3)."""
        return _SUIT_INDEX[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}
SUITS: tuple[Suit, ...] = tuple(Suit)


class Rank(IntEnum):
    """Ranks from ace (1) to king (13). Whether an ace is low or high is the meld's business.

    >>> Rank.QUEEN.ascii, Rank.TEN.ascii, int(Rank.ACE)
    ('Q', '10', 1)
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    __hash__ = int.__hash__  # as fast as an int's, and equal to it as IntEnum requires

    @property
    def ascii(self) -> str:
        """The English index: A, 2 … 10, J, Q, K."""
        return _RANK_ASCII[self]

    @property
    def is_face(self) -> bool:
        """True for jack, queen and king (the *Figuren*)."""
        return self >= Rank.JACK


_RANK_ASCII = {r: str(int(r)) for r in Rank} | {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
RANKS: tuple[Rank, ...] = tuple(Rank)


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a rank and a suit, or a joker (both ``None``).

    ``copy`` tells physical cards of the same face apart (deck number for a
    natural card, joker number for a joker); it is ``None`` for a card read from
    text. Use :attr:`face` to compare faces only.

    >>> Card(Rank.TEN, Suit.DIAMONDS)
    Card('10♦')
    >>> sorted([Card(Rank.KING, Suit.SPADES), JOKER, Card(Rank.TWO, Suit.CLUBS)])
    [Card('2♣'), Card('K♠'), Card('🃏')]
    """

    rank: Rank | None
    suit: Suit | None
    copy: int | None = None

    def __post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise ValueError("a card has both a rank and a suit, or neither (a joker)")
        if self.copy is not None and self.copy < 0:
            raise ValueError("a card's copy index is a non-negative number")

    @classmethod
    def joker(cls, copy: int | None = None) -> Card:
        """A joker, optionally with its copy index."""
        return cls(None, None, copy)

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.rank is None

    @property
    def face(self) -> Card:
        """The same card without its copy index."""
        return self if self.copy is None else Card(self.rank, self.suit)

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Sort by suit (♣ ♠ ♥ ♦), then rank; jokers last."""
        if self.rank is None or self.suit is None:
            return (4, 0, self.copy or 0)
        return (self.suit.index, int(self.rank), self.copy or 0)

    def __lt__(self, other: Card) -> bool:
        return self.sort_key < other.sort_key

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "🃏"
        return self.rank.ascii + self.suit.symbol

    def __repr__(self) -> str:
        copy = "" if self.copy is None else f", copy={self.copy}"
        return f"Card({str(self)!r}{copy})"

    def _repr_html_(self) -> str:
        """The card drawn in a notebook (the kit's one drawing, imported only when drawn)."""
        from rummy_learn.render import notebook_html

        return notebook_html(self)


JOKER = Card.joker()


class Hand(tuple[Card, ...]):
    """A player's cards, in the order held: a tuple that draws itself in a notebook.

    >>> hand = Hand([Card(Rank.QUEEN, Suit.HEARTS), JOKER])
    >>> hand, hand == (Card(Rank.QUEEN, Suit.HEARTS), JOKER)
    (Hand('Q♥ 🃏'), True)
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Hand({' '.join(map(str, self))!r})"

    def _repr_html_(self) -> str:
        """The cards side by side, with what they would cost left in hand unknown (no rules)."""
        from rummy_learn.render import notebook_html

        return notebook_html(self)
