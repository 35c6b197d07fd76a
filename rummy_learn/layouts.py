"""The ways to lay a meld, and which one counts: the rules, the order laid, the pins, the points.

:func:`rummy_learn.melds.check_meld` finds every *layout* of a meld's cards as a set or
as a run: the card each place shows or stands for, and the card that fills it. Which
layout counts is decided here, step by step, each step keeping the layouts it allows:

1. **a binding order**: a meld on the table (``ordered=True``), or a strict group laid
   in an order (000, line 57: the order of the suits is the rule): only the layout as
   laid; none, and the order is the reason;
2. **the variant's rules** on where jokers may lie (side by side, at the ends of long runs);
3. **the variant's source**, where it fixes the joker's place (``JokerPolicy.LOWER``:
   Rami, 002 line 38, the lower card): the layouts worth fewest points, and among them
   those whose jokers stand for the lowest ranks (``J♣ Q♣ Jkr``: 10♣, not K♣);
4. **the player's pins** (a joker pinned to the card it stands for);
5. **the order the player gave**, where it is a valid layout as laid (``9♠ 10♠ Jkr``:
   the joker is J♠; ``2♠ … K♠ A♠``: the ace is high);
6. **the most points**: where nothing was chosen, the kit places the jokers (and the
   ace of a 13-card run) to serve the player; for an opening this reaches the minimum
   whenever any placement does.

>>> from rummy_learn.cards import Rank
>>> from rummy_learn.variants import preset
>>> [card_points(r, preset("romme")) for r in (Rank.ACE, Rank.SEVEN, Rank.KING)]
[11, 7, 10]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Generic, NamedTuple, TypeVar

from rummy_learn.cards import Card, Rank
from rummy_learn.reasons import Problem, Reason
from rummy_learn.rules import JokerPolicy, Rules

__all__ = [
    "Candidate",
    "Layout",
    "MeldInput",
    "RuleCheck",
    "adjacent_allowed",
    "as_laid",
    "card_points",
    "choose",
    "fill_jokers",
    "first_of_each",
    "has_adjacent",
    "joker_count_problems",
    "joker_count_reasons",
    "narrow",
    "size_problems",
]


def card_points(rank: Rank, rules: Rules, *, low_ace: bool = False) -> int:
    """A natural card's points in a meld: face value, 10 for J Q K, the variant's ace values.

    >>> from rummy_learn.variants import preset
    >>> card_points(Rank.ACE, preset("romme"), low_ace=True)
    1
    """
    if rank == Rank.ACE:
        return rules.low_ace_points if low_ace else rules.ace_points
    return 10 if rank >= Rank.JACK else int(rank)


@dataclass(slots=True)  # not frozen: it is made for every check, and never changed
class MeldInput:
    """A meld's cards as given, the player's pins, and what their order means."""

    cards: tuple[Card, ...]
    naturals: tuple[int, ...]  # positions of the natural cards
    jokers: tuple[int, ...]  # positions of the jokers
    pins: Mapping[int, Card]  # a joker's position -> the card it must stand for
    ordered: bool  # the order is binding: the meld lies so (on the table)
    any_order: bool  # the order means nothing (a hand's cards, the solver)

    @classmethod
    def of(
        cls, cards: tuple[Card, ...], pins: Mapping[int, Card], *, ordered: bool, any_order: bool
    ) -> MeldInput:
        """The input of ``check_meld``."""
        naturals: list[int] = []
        jokers: list[int] = []
        for i, card in enumerate(cards):
            (jokers if card.rank is None else naturals).append(i)
        faces = {pos: pin.face for pos, pin in pins.items()} if pins else {}
        return cls(cards, tuple(naturals), tuple(jokers), faces, ordered, any_order)


@dataclass(slots=True)
class Layout:
    """One way to lay the meld: the card each place shows or stands for, and who fills it."""

    faces: list[Card]  # the natural card each place shows or stands for
    holders: list[int]  # the input position of the card in each place
    points: int
    positional: bool = True  # its places are the input's positions (runs, strict groups)
    laid: bool = True  # a free set: valid in the order given (jokers apart where they must be)
    bound: bool = False  # kept because the order laid is binding


RuleCheck = tuple[Reason, tuple[Card, ...], Callable[[Layout], bool]]
"""A rule on where jokers lie: its reason, the cards to name, and the test of a layout."""

K = TypeVar("K")


def size_problems(n: int, low: int, high: int) -> list[Problem]:
    """Too few or too many cards."""
    if n < low:
        return [Problem(Reason.TOO_FEW_CARDS, limit=low)]
    if n > high:
        return [Problem(Reason.TOO_MANY_CARDS, limit=high)]
    return []


def joker_count_reasons(jokers: int, naturals: int, rules: Rules) -> list[Reason]:
    """The variant's limits on jokers in one meld that ``jokers`` and ``naturals`` break.

    >>> from rummy_learn.variants import preset
    >>> [r.value for r in joker_count_reasons(2, 2, preset("rami40"))]
    ['too_many_jokers']
    >>> joker_count_reasons(1, 2, preset("palace")), joker_count_reasons(2, 1, preset("palace"))
    ([], [<Reason.JOKERS_NOT_FEWER: 'jokers_not_fewer'>])
    """
    reasons: list[Reason] = []
    if rules.max_jokers_per_meld is not None and jokers > rules.max_jokers_per_meld:
        reasons.append(Reason.TOO_MANY_JOKERS)
    if rules.jokers_fewer_than_naturals and jokers and jokers >= naturals:
        reasons.append(Reason.JOKERS_NOT_FEWER)
    if jokers and naturals < rules.min_naturals:  # the meld is named: one natural and two jokers…
        reasons.append(Reason.TOO_FEW_NATURALS)
    return reasons


def joker_count_problems(inp: MeldInput, rules: Rules) -> list[Problem]:
    """The variant's limits on jokers in one meld (the shoe's own limit is ``decks``' business)."""
    problems: list[Problem] = []
    for reason in joker_count_reasons(len(inp.jokers), len(inp.naturals), rules):
        if reason is Reason.TOO_MANY_JOKERS:
            problems.append(Problem(reason, limit=rules.max_jokers_per_meld))
        elif reason is Reason.TOO_FEW_NATURALS:
            problems.append(Problem(reason, inp.cards, limit=rules.min_naturals))
        else:
            problems.append(Problem(reason))
    return problems


def first_of_each(inp: MeldInput, key: Callable[[Card], K]) -> tuple[dict[K, int], list[Card]]:
    """The position of the first natural card of each key (rank, suit), and the cards after it.

    >>> from rummy_learn.notation import parse_cards
    >>> inp = MeldInput.of(tuple(parse_cards("7♠ 7♥ 7♠")), {}, ordered=False, any_order=False)
    >>> first_of_each(inp, lambda card: card.suit)
    ({<Suit.SPADES: 's'>: 0, <Suit.HEARTS: 'h'>: 1}, [Card('7♠')])
    """
    first: dict[K, int] = {}
    doubles: list[Card] = []
    for i in inp.naturals:
        value = key(inp.cards[i])
        if value in first:
            doubles.append(inp.cards[i])
        else:
            first[value] = i
    return first, doubles


def adjacent_allowed(size: int, rules: Rules) -> bool:
    """May two jokers lie side by side in a meld of this size?"""
    return rules.adjacent_jokers_from is not None and size >= rules.adjacent_jokers_from


def has_adjacent(flags: Sequence[bool]) -> bool:
    """Two true flags side by side."""
    return any(a and b for a, b in pairwise(flags))


def fill_jokers(holders: list[int], faces: Sequence[Card], inp: MeldInput) -> None:
    """Give each empty place a joker: pinned jokers to their pins, the rest in order.

    A joker whose pin the layout has no place for still fills a place (the pin then
    does not fit this layout), so that every place has its card.
    """
    free = [j for j in inp.jokers if j not in inp.pins]
    for j, pin in inp.pins.items():
        place = next(
            (pos for pos, face in enumerate(faces) if holders[pos] == -1 and face == pin), None
        )
        if place is None:
            free.append(j)
        else:
            holders[place] = j
    for pos in range(len(holders)):
        if holders[pos] == -1 and free:
            holders[pos] = free.pop(0)


def as_laid(layout: Layout, inp: MeldInput, *, with_pins: bool) -> bool:
    """The cards as given, left to right, are this layout (each pinned joker in its place too).

    A free set has no places: it is as laid when its jokers lie apart where they must.
    """
    if not layout.positional:
        return layout.laid
    faces = layout.faces
    if any(inp.cards[i].face != faces[i] for i in inp.naturals):
        return False
    return not with_pins or all(faces[pos] == pin for pos, pin in inp.pins.items())


def _joker_ranks(layout: Layout, inp: MeldInput) -> list[int]:
    """The ranks the layout's jokers stand for, lowest first (the lower card: Rami)."""
    held = zip(layout.faces, layout.holders, strict=True)
    jokers = [face.rank for face, holder in held if inp.cards[holder].is_joker]
    return sorted(rank.value for rank in jokers if rank is not None)


def _pins_fit(layout: Layout, inp: MeldInput) -> bool:
    """Every pin names a card the layout leaves to a joker (in the pinned place, if bound)."""
    if layout.bound:
        return as_laid(layout, inp, with_pins=True)
    open_faces = Counter(
        face
        for face, holder in zip(layout.faces, layout.holders, strict=True)
        if inp.cards[holder].is_joker
    )
    open_faces.subtract(Counter(inp.pins.values()))
    return all(count >= 0 for count in open_faces.values())


def narrow(
    layouts: list[Layout], inp: MeldInput, checks: Sequence[RuleCheck], binding: Problem | None
) -> tuple[list[Layout], list[Problem]]:
    """Steps 1 and 2: the layouts the order (where ``binding``) and the rules allow, or why none.

    ``binding`` is the reason to give when the order laid is binding and no layout is as laid.
    """
    if binding is not None:
        layouts = [lay for lay in layouts if as_laid(lay, inp, with_pins=False)]
        if not layouts:
            return [], [binding]
        for lay in layouts:
            lay.bound = True
    alive = [lay for lay in layouts if all(ok(lay) for _reason, _cards, ok in checks)]
    if alive or not layouts:
        return alive, []
    problems = [Problem(reason, cards) for reason, cards, ok in checks if not any(map(ok, layouts))]
    if not problems:  # each rule alone is kept by some layout, together by none: the first
        reason, cards, _ok = checks[0]
        problems.append(Problem(reason, cards))
    return [], problems


class Candidate(NamedTuple, Generic[K]):
    """A layout, and the kind of meld it lays."""

    kind: K
    layout: Layout


def choose(
    pool: Sequence[Candidate[K]], inp: MeldInput, rules: Rules
) -> tuple[Candidate[K] | None, list[Problem]]:
    """Steps 3 to 6 over the layouts of every kind the rules allow (ties: the first given)."""
    if len(pool) == 1 and not inp.pins:  # nothing to choose
        return pool[0], []
    if inp.jokers and rules.joker_policy is JokerPolicy.LOWER:
        fewest = min(c.layout.points for c in pool)
        pool = [c for c in pool if c.layout.points == fewest]
        lowest = min(_joker_ranks(c.layout, inp) for c in pool)  # J♣ Q♣ Jkr: 10♣, not K♣,
        pool = [c for c in pool if _joker_ranks(c.layout, inp) == lowest]  # both worth 10
    if inp.pins:
        pool = [c for c in pool if _pins_fit(c.layout, inp)]
        if not pool:
            return None, [Problem(Reason.PIN_MISMATCH, tuple(inp.pins.values()))]
    if not inp.any_order:
        laid = [c for c in pool if as_laid(c.layout, inp, with_pins=True)]
        pool = laid or pool
    most = max(c.layout.points for c in pool)
    return next(c for c in pool if c.layout.points == most), []
