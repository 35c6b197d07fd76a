"""Melds as shapes of a hand's faces, and a cache of the verdicts on them.

A :class:`Shape` is a meld up to the copies of its cards: the natural faces it holds
(indices 0…51, suit by suit ♣ ♠ ♥ ♦, each from ace to king) and how many jokers.
:class:`VerdictCache` asks :func:`~rummy_learn.melds.check_meld` about each shape once (a
hand's cards: the order means nothing, the kit places the jokers) and keeps the answer as
long as the cache lives. :func:`shapes_through` lists the melds a hand can build around
one of its faces; the windows a run may take come from :func:`~rummy_learn.runs.windows_of`.

>>> from rummy_learn.notation import parse_cards
>>> from rummy_learn.variants import preset
>>> counts, jokers = hand_counts(parse_cards("7♠ 8♠ 9♠ 9♥ Jkr"))
>>> verdicts = VerdictCache(preset("romme"))
>>> nine = face_index(parse_cards("9♠")[0])
>>> found = {s for s in shapes_through(nine, counts, jokers, verdicts) if verdicts.judge(s)}
>>> sorted(" ".join(map(str, shape_cards(s))) for s in found)[:3]
['7♠ 8♠ 9♠', '7♠ 8♠ 9♠ 🃏', '7♠ 9♠ 🃏']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations
from typing import NamedTuple

from rummy_learn.cards import JOKER, RANKS, SUITS, Card
from rummy_learn.melds import MeldCheck, check_meld
from rummy_learn.rules import Rules
from rummy_learn.runs import windows_of

__all__ = [
    "FACES",
    "Shape",
    "VerdictCache",
    "face_index",
    "hand_counts",
    "shape_cards",
    "shapes_through",
]

FACES: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
"""Every natural face, by its index: suit by suit (♣ ♠ ♥ ♦), each from ace to king."""


class Shape(NamedTuple):
    """A meld up to the copies of its cards."""

    faces: tuple[int, ...]  # the natural faces, sorted indices into FACES
    jokers: int


def face_index(card: Card) -> int:
    """The index of a natural card's face in :data:`FACES`.

    >>> from rummy_learn.notation import parse_cards
    >>> [face_index(c) for c in parse_cards("A♣ K♣ A♠ K♦")]
    [0, 12, 13, 51]
    """
    if card.rank is None or card.suit is None:
        raise ValueError("a joker has no face index")
    return card.suit.index * 13 + int(card.rank) - 1


def hand_counts(hand: Iterable[Card]) -> tuple[list[int], int]:
    """How many copies of each face the hand holds, and how many jokers."""
    counts = [0] * 52
    jokers = 0
    for card in hand:
        if card.is_joker:
            jokers += 1
        else:
            counts[face_index(card)] += 1
    return counts, jokers


def shape_cards(shape: Shape) -> list[Card]:
    """The shape's cards: its faces, then its jokers."""
    return [*(FACES[i] for i in shape.faces), *([JOKER] * shape.jokers)]


class VerdictCache:
    """``check_meld``'s verdict on each shape under one rule set, asked once per shape.

    The cache lives as long as its owner (a solver's tables) and holds at most
    ``limit`` verdicts: past that it starts afresh, so that a long session stays small.
    """

    def __init__(self, rules: Rules, limit: int = 200_000) -> None:
        self.rules = rules
        self.limit = limit
        self.windows: tuple[tuple[int, ...], ...] = tuple(
            tuple(window)
            for m in range(max(rules.run_min, 2), min(rules.run_max, 13) + 1)
            for window in windows_of(m, rules)
        )  # every window of slots a run may take
        self._verdicts: dict[Shape, MeldCheck | None] = {}

    def judge(self, shape: Shape) -> MeldCheck | None:
        """The verdict on a valid meld (its jokers placed by the kit), or None: no meld."""
        try:
            return self._verdicts[shape]
        except KeyError:
            pass
        if len(self._verdicts) >= self.limit:
            self._verdicts.clear()
        found = check_meld(shape_cards(shape), self.rules, any_order=True)
        verdict = self._verdicts[shape] = found if found.valid else None
        return verdict


def shapes_through(
    face: int, counts: Sequence[int], jokers: int, verdicts: VerdictCache
) -> Iterator[Shape]:
    """Every set and run the hand's faces (and up to ``jokers`` jokers) can make with ``face``.

    Each is a candidate only: :class:`VerdictCache` tells which are melds. A joker may stand
    in for a card the hand holds (its copy may serve elsewhere).
    """
    yield from _set_shapes(face, counts, jokers, verdicts.rules)
    yield from _run_shapes(face, counts, jokers, verdicts.windows)


def _set_shapes(face: int, counts: Sequence[int], jokers: int, rules: Rules) -> Iterator[Shape]:
    offset = face % 13  # the rank's place within each suit's faces
    others = [
        s * 13 + offset for s in range(4) if s * 13 + offset != face and counts[s * 13 + offset]
    ]
    low, high = rules.set_min, min(rules.set_max, 4)
    for size in range(len(others) + 1):
        for chosen in combinations(others, size):
            naturals = 1 + size
            for k in range(max(0, low - naturals), min(jokers, high - naturals) + 1):
                yield Shape(tuple(sorted((face, *chosen))), k)


def _run_shapes(
    face: int, counts: Sequence[int], jokers: int, windows: Iterable[tuple[int, ...]]
) -> Iterator[Shape]:
    base = face - face % 13  # the suit's first face
    for window in windows:
        faces = [base + (slot - 1) % 13 for slot in window]
        if face not in faces:
            continue
        present = [f for f in faces if f != face and counts[f]]
        missing = len(faces) - 1 - len(present)
        if missing > jokers:
            continue
        for extra in range(min(jokers - missing, len(present)) + 1):  # stand-ins
            for kept in combinations(present, len(present) - extra):
                yield Shape(tuple(sorted((face, *kept))), missing + extra)
