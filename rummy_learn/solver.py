"""The best arrangement of a hand into melds, exactly, under a variant's rules.

A depth-first search over the hand's lowest remaining card: it lies in no meld
(deadwood) or in one of the melds that can be built around it. Every candidate
meld is judged by :func:`~rummy_learn.melds.check_meld` in any order, so the joker
limits of the variant apply unchanged and the jokers lie where the variant puts them
or, where it leaves that to the player, where they count most; results are memoised
on what is left.

>>> from rummy_learn.notation import parse_cards
>>> from rummy_learn.variants import preset
>>> best = best_arrangement(parse_cards("5♥ 6♥ 7♥ 6♠ 6♣ K♦ Jkr"), preset("rami40"))
>>> sorted(" ".join(map(str, m)) for m in best.melds), best.points, [str(c) for c in best.deadwood]
(['5♥ 6♥ 7♥', '6♣ 6♠ 🃏'], 36, ['K♦'])
>>> can_open(parse_cards("Q♥ K♥ A♥ 9♣ 9♦ 9♥ 2♠"), preset("rami51")).points
58
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache

from rummy_learn.cards import SUITS, Card, Rank
from rummy_learn.limits import SOLVER_BUDGET, largest_hand
from rummy_learn.melds import JokerUse, MeldCheck, check_meld
from rummy_learn.rules import Rules
from rummy_learn.scoring import penalty_of

__all__ = [
    "Arrangement",
    "Objective",
    "Solver",
    "best_arrangement",
    "can_open",
    "candidate_melds",
    "melds_with",
    "thrifty_opening",
]


class Objective(Enum):
    """What the best arrangement makes largest."""

    POINTS = "points"  # the melds' points (what an opening counts)
    CARDS = "cards"  # the number of cards melded
    DEADWOOD = "deadwood"  # the penalty of the melded cards, i.e. the least penalty left in hand


@dataclass(frozen=True)
class Arrangement:
    """Melds built from a hand, and what is left over."""

    melds: tuple[tuple[Card, ...], ...]  # each meld as it lies on the table
    checks: tuple[MeldCheck, ...]
    deadwood: tuple[Card, ...]
    points: int  # the melds' points
    deadwood_penalty: int  # what the cards left would cost
    proven: bool = True  # False: the best found within the solver's budget, maybe not the best

    @property
    def cards_melded(self) -> int:
        """How many cards the melds hold."""
        return sum(len(m) for m in self.melds)


_FACE_INDEX = {
    (rank, suit): i for i, (suit, rank) in enumerate((s, r) for s in SUITS for r in Rank)
}
_FACES = [Card(rank, suit) for (rank, suit) in sorted(_FACE_INDEX, key=_FACE_INDEX.__getitem__)]
_JOKER_FACE = Card.joker()

# A candidate meld in face space: the natural faces it uses (sorted indices) and its jokers.
_Shape = tuple[tuple[int, ...], int]


def _index(card: Card) -> int:
    assert card.rank is not None
    assert card.suit is not None
    return _FACE_INDEX[card.rank, card.suit]


def _set_shapes(face: int, counts: Sequence[int], jokers: int, rules: Rules) -> Iterator[_Shape]:
    """Every set through ``face``: other suits of its rank from the hand, topped up by jokers."""
    offset = face % 13  # the rank's place within each suit's 13 faces
    others = [
        s * 13 + offset for s in range(4) if s * 13 + offset != face and counts[s * 13 + offset]
    ]
    low, high = rules.set_min, min(rules.set_max, 4)
    for mask in range(1 << len(others)):
        chosen = [others[i] for i in range(len(others)) if mask >> i & 1]
        naturals = 1 + len(chosen)
        for k in range(max(0, low - naturals), min(jokers, high - naturals) + 1):
            yield tuple(sorted([face, *chosen])), k


@lru_cache(maxsize=4096)
def _arcs(
    own: int, run_min: int, run_max: int, ace_high: bool, cyclic: bool
) -> tuple[tuple[int, ...], ...]:
    """The ranks (other than ``own``) of every run that holds rank ``own``."""
    arcs: set[tuple[int, ...]] = set()
    top = 14 if ace_high else 13
    longest = min(run_max, 13)
    for slot in (1, 14) if own == 1 else (own,):
        for length in range(run_min, longest + 1):
            for start in range(max(1, slot - length + 1), min(slot, top - length + 1) + 1):
                arcs.add(tuple((s - 1) % 13 + 1 for s in range(start, start + length)))
    if cyclic:
        for length in range(run_min, longest + 1):
            for start in range(1, 14):
                arc = tuple((start - 1 + i) % 13 + 1 for i in range(length))
                if own in arc:
                    arcs.add(arc)
    return tuple(sorted(tuple(r for r in arc if r != own) for arc in arcs))


def _run_shapes(face: int, counts: Sequence[int], jokers: int, rules: Rules) -> Iterator[_Shape]:
    """Every run through ``face``: windows grow outwards while jokers can fill the gaps."""
    base = face - face % 13  # the suit's first face index (faces run A..K within a suit)
    own = face % 13 + 1
    have = [False] + [counts[base + (slot - 1) % 13] > 0 for slot in range(1, 15)]  # slot 14: ace
    top = 14 if rules.ace_high else 13
    longest, shortest = min(rules.run_max, 13), rules.run_min
    for slot in (1, 14) if own == 1 else (own,):
        if slot > top:
            continue
        missing_below = 0
        for low in range(slot, 0, -1):
            if low < slot and not have[low]:
                missing_below += 1
            if missing_below > jokers or slot - low + 1 > longest:
                break
            missing = missing_below
            for high in range(slot, top + 1):
                if high > slot and not have[high]:
                    missing += 1
                if missing > jokers or high - low + 1 > longest:
                    break
                if high - low + 1 >= shortest and not (low == 1 and high == 14):
                    present = [
                        base + (s - 1) % 13 for s in range(low, high + 1) if s != slot and have[s]
                    ]
                    yield from _with_stand_ins(face, present, missing, jokers - missing)
    if rules.cyclic_runs:  # runs that turn the corner K-A-2
        for arc in _arcs(own, shortest, rules.run_max, rules.ace_high, True):
            if {13, 1, 2} <= {own, *arc}:
                present = [base + r - 1 for r in arc if counts[base + r - 1]]
                missing = len(arc) - len(present)
                if missing <= jokers:
                    yield from _with_stand_ins(face, present, missing, jokers - missing)


def _with_stand_ins(face: int, present: list[int], missing: int, spare: int) -> Iterator[_Shape]:
    n = len(present)
    if spare == 0:
        yield tuple(sorted([face, *present])), missing
        return
    for mask in range(1 << n):
        replaced = mask.bit_count()
        if replaced <= spare:
            kept = [present[i] for i in range(n) if not mask >> i & 1]
            yield tuple(sorted([face, *kept])), missing + replaced


_Verdicts = dict[_Shape, MeldCheck | None]


@lru_cache(maxsize=64)
def _verdicts(rules: Rules) -> _Verdicts:
    """The checked shapes of one rule set (kept across searches: shapes recur hand after hand)."""
    return {}


def _judge(shape: _Shape, verdicts: _Verdicts, rules: Rules) -> MeldCheck | None:
    check = verdicts.get(shape, _UNSEEN)
    if check is _UNSEEN:
        faces, jokers = shape
        cards = [*(_FACES[i] for i in faces), *([_JOKER_FACE] * jokers)]
        found = check_meld(cards, rules, any_order=True)  # the kit places: the most points
        check = verdicts[shape] = found if found.valid else None
    return check  # type: ignore[return-value]


_UNSEEN = object()


def candidate_melds(hand: Iterable[Card], rules: Rules) -> list[MeldCheck]:
    """Every valid meld that can be built from the hand's faces, once per face multiset.

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> found = candidate_melds(parse_cards("7♠ 8♠ 9♠ 9♥"), preset("romme"))
    >>> sorted(" ".join(map(str, c.arrangement)) for c in found)
    ['7♠ 8♠ 9♠']
    """
    counts, jokers = _counts(hand)
    verdicts = _verdicts(rules)
    seen: set[_Shape] = set()
    found: list[MeldCheck] = []
    for face in range(52):
        if not counts[face]:
            continue
        for shape in _shapes(face, counts, jokers, rules):
            if shape not in seen:
                seen.add(shape)
                check = _judge(shape, verdicts, rules)
                if check is not None:
                    found.append(check)
    return found


def _shapes(face: int, counts: Sequence[int], jokers: int, rules: Rules) -> Iterator[_Shape]:
    yield from _set_shapes(face, counts, jokers, rules)
    yield from _run_shapes(face, counts, jokers, rules)


def _counts(hand: Iterable[Card]) -> tuple[list[int], int]:
    counts = [0] * 52
    jokers = 0
    for card in hand:
        if card.is_joker:
            jokers += 1
        else:
            counts[_index(card)] += 1
    return counts, jokers


def _weight(check: MeldCheck, objective: Objective, rules: Rules) -> int:
    if objective is Objective.POINTS:
        return check.points or 0
    if objective is Objective.CARDS:
        return len(check.cards)
    return sum(penalty_of(card, rules) for card in check.cards)


@lru_cache(maxsize=64)
def _weights(rules: Rules, objective: Objective) -> dict[_Shape, int | None]:
    """Each checked shape's weight under an objective (None: not a meld), kept like the verdicts."""
    return {}


class _Search:
    """Exact search with memoisation on the remaining faces and jokers."""

    MEMO_LIMIT = 400_000

    def __init__(self, rules: Rules, objective: Objective) -> None:
        self.rules = rules
        self.objective = objective
        self.memo: dict[tuple[bytes, int], tuple[int, tuple[_Shape, ...]]] = {}
        self.verdicts = _verdicts(rules)
        self.weights = _weights(rules, objective)
        self.deadline: float | None = None  # past it, the search stops and answers what it has
        self.cut = False  # the search stopped at the deadline: its answer is not proven best

    def budget(self, seconds: float | None) -> None:
        """Search until ``seconds`` from now at most (``None``: to the end, the exact best)."""
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.cut = False

    def best(
        self, counts: list[int], jokers: int, start: int = 0
    ) -> tuple[int, tuple[_Shape, ...]]:
        if len(self.memo) > self.MEMO_LIMIT:
            self.memo.clear()
        return self._best(counts, jokers, start)

    def _best(
        self, counts: list[int], jokers: int, start: int = 0
    ) -> tuple[int, tuple[_Shape, ...]]:
        if self.deadline is not None and (self.cut or time.monotonic() > self.deadline):
            self.cut = True  # out of time: what is left stays unmelded
            return 0, ()
        face = start
        while face < 52 and not counts[face]:
            face += 1
        if face == 52:
            return 0, ()
        key = (bytes(counts), jokers)
        known = self.memo.get(key)
        if known is not None:
            return known
        counts[face] -= 1  # the lowest card as deadwood
        value, chosen = self._best(counts, jokers, face)
        counts[face] += 1
        weights = self.weights
        for shape in _shapes(face, counts, jokers, self.rules):
            weight = weights.get(shape, -1)
            if weight == -1:
                check = _judge(shape, self.verdicts, self.rules)
                weight = weights[shape] = (
                    None if check is None else _weight(check, self.objective, self.rules)
                )
            if weight is None:
                continue
            faces, used = shape
            for i in faces:
                counts[i] -= 1
            rest, more = self._best(counts, jokers - used, face)
            for i in faces:
                counts[i] += 1
            total = rest + weight
            if total > value:
                value, chosen = total, (shape, *more)
        if not self.cut:  # only exact answers are remembered
            self.memo[key] = (value, chosen)
        return value, chosen


class Solver:
    """A solver for one rule set and objective that remembers what it has solved.

    Hands that follow each other in a round share most of their sub-problems, so a
    bot keeps one solver for the whole round.
    """

    def __init__(self, rules: Rules, objective: Objective = Objective.POINTS) -> None:
        self._search = _Search(rules, objective)

    def best(self, hand: Iterable[Card], *, require: Card | None = None) -> Arrangement:
        """Like :func:`best_arrangement`, reusing what earlier calls found."""
        return _arrange(list(hand), self._search, require)


def best_arrangement(
    hand: Iterable[Card],
    rules: Rules,
    objective: Objective = Objective.POINTS,
    *,
    require: Card | None = None,
    budget: float | None = None,
) -> Arrangement:
    """The arrangement of ``hand`` that makes ``objective`` largest.

    With ``require``, that card (from the hand) must lie in a meld; when it cannot,
    the arrangement has no melds. Physical cards of the hand (with their copy index)
    are handed back in the melds and the deadwood.

    ``budget``: seconds to search at most. Without one, a hand larger than any the
    variant deals (:func:`~rummy_learn.limits.largest_hand`) gets
    :data:`~rummy_learn.limits.SOLVER_BUDGET`, and other hands are searched to the end.
    When the search stopped at its budget, the answer is the best found and ``proven``
    is False.

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> hand = parse_cards("7♠ 8♠ 9♠ 9♥ 9♦ K♣")
    >>> best_arrangement(hand, preset("romme"), Objective.CARDS).cards_melded
    3
    >>> [str(c) for c in best_arrangement(hand, preset("romme"), require=hand[3]).melds[0]]
    ['9♠', '9♥', '9♦']
    """
    return _arrange(list(hand), _shared_search(rules, objective), require, budget)


@lru_cache(maxsize=32)
def _shared_search(rules: Rules, objective: Objective) -> _Search:
    """One remembering search per rule set and objective (its answers never go stale)."""
    return _Search(rules, objective)


def melds_with(card: Card, hand: Iterable[Card], rules: Rules) -> list[tuple[Card, ...]]:
    """Every valid meld of physical cards from ``hand`` that holds ``card`` (one per face multiset).

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> hand = parse_cards("4♣ 5♣ 6♣ 6♥ 6♠")
    >>> sorted(" ".join(map(str, m)) for m in melds_with(hand[2], hand, preset("romme")))
    ['4♣ 5♣ 6♣', '6♣ 6♠ 6♥']
    """
    cards = list(hand)
    counts, jokers = _counts(cards)
    verdicts = _verdicts(rules)
    found = []
    for shape in _required_shapes(card, counts, jokers, rules):
        check = _judge(shape, verdicts, rules)
        if check is not None:
            found.append(_build(cards, [shape], rules, nothing_without=card).melds[0])
    return found


def _arrange(
    cards: list[Card], search: _Search, require: Card | None, budget: float | None = None
) -> Arrangement:
    """The search's answer; a hand larger than the variant deals is searched within a budget."""
    if budget is None and len(cards) > largest_hand(search.rules):
        budget = SOLVER_BUDGET
    search.budget(budget)
    try:
        found = _arrange_all(cards, search, require)
    finally:
        cut = search.cut
        search.budget(None)
    return replace(found, proven=False) if cut else found


def _arrange_all(cards: list[Card], search: _Search, require: Card | None) -> Arrangement:
    rules, objective = search.rules, search.objective
    counts, jokers = _counts(cards)
    if require is None:
        _value, shapes = search.best(counts, jokers)
        return _build(cards, shapes, rules)
    best: tuple[int, tuple[_Shape, ...]] | None = None
    for shape in _required_shapes(require, counts, jokers, rules):
        check = _judge(shape, search.verdicts, rules)
        if check is None:
            continue
        faces, used = shape
        for i in faces:
            counts[i] -= 1
        rest, more = search.best(counts, jokers - used)
        for i in faces:
            counts[i] += 1
        total = rest + _weight(check, objective, rules)
        if best is None or total > best[0]:
            best = (total, (shape, *more))
    return _build(cards, best[1] if best else (), rules, nothing_without=require)


def _required_shapes(card: Card, counts: list[int], jokers: int, rules: Rules) -> Iterator[_Shape]:
    if not card.is_joker:
        yield from _shapes(_index(card), counts, jokers, rules)
        return
    seen: set[_Shape] = set()  # a joker: every meld with at least one joker
    for face in range(52):
        if counts[face]:
            for faces, used in _shapes(face, counts, jokers, rules):
                if used and (faces, used) not in seen:
                    seen.add((faces, used))
                    yield faces, used


def _build(
    cards: list[Card], shapes: Iterable[_Shape], rules: Rules, nothing_without: Card | None = None
) -> Arrangement:
    """Physical cards for the chosen shapes, laid as their (remembered) verdicts lay them."""
    by_face: dict[Card, list[Card]] = {}
    for card in cards:
        by_face.setdefault(card.face, []).append(card)
    if nothing_without is not None:  # the required card itself is used first
        copies = by_face[nothing_without.face]
        copies.remove(nothing_without)
        copies.insert(0, nothing_without)
    verdicts = _verdicts(rules)
    melds: list[tuple[Card, ...]] = []
    checks: list[MeldCheck] = []
    for shape in shapes:
        verdict = _judge(shape, verdicts, rules)
        assert verdict is not None
        laid = tuple(by_face[face.face].pop(0) for face in verdict.arrangement)
        jokers = tuple(JokerUse(i, verdict.faces[i]) for i, c in enumerate(laid) if c.is_joker)
        melds.append(laid)
        checks.append(replace(verdict, cards=laid, arrangement=laid, jokers=jokers))
    pool = [c for copies in by_face.values() for c in copies]
    points = sum(c.points or 0 for c in checks)
    penalty = sum(penalty_of(c, rules) for c in pool)
    deadwood = tuple(sorted(pool, key=lambda c: c.sort_key))
    return Arrangement(tuple(melds), tuple(checks), deadwood, points, penalty)


def thrifty_opening(
    hand: list[Card],
    rules: Rules,
    require: Card | None = None,
) -> Arrangement:
    """The best opening that keeps the most jokers in hand (they help later, too).

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> hand = parse_cards("K♥ K♠ K♦ Q♥ Q♠ Q♦ 5♣ Jkr")
    >>> [str(c) for c in thrifty_opening(hand, preset("romme")).deadwood]
    ['5♣', '🃏']
    """
    best = best_arrangement(hand, rules, Objective.POINTS, require=require)
    needed = rules.opening_min or 0
    jokers = [c for c in hand if c.is_joker and c is not require]
    for kept in range(len(jokers), 0, -1):
        held = jokers[:kept]
        fewer = best_arrangement([c for c in hand if c not in held], rules, require=require)
        if fewer.melds and fewer.points >= needed:
            penalty = fewer.deadwood_penalty + sum(penalty_of(j, rules) for j in held)
            return replace(fewer, deadwood=(*fewer.deadwood, *held), deadwood_penalty=penalty)
    return best


def can_open(hand: Iterable[Card], rules: Rules) -> Arrangement | None:
    """The melds with the most points, if they reach the variant's opening minimum.

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> can_open(parse_cards("K♥ K♠ K♦ 2♣"), preset("rami40")) is None
    True
    """
    best = best_arrangement(hand, rules, Objective.POINTS)
    if not best.melds or best.points < (rules.opening_min or 0):
        return None
    return best
