"""The best arrangement of a hand into melds, exactly, under a variant's rules.

The search is a dynamic programme over the ranks (:mod:`rummy_learn.rank_dp`): runs lie
within a suit and sets within a rank, so walking the ranks from the ace to the king with
each suit's open runs in hand visits each way the hand can *stand* once, not each way it
can be played. Every meld it lays is judged by :func:`~rummy_learn.melds.check_meld` in
any order, so the variant's joker limits apply unchanged and the jokers lie where the
variant puts them or, where it leaves that to the player, where they count most.

What the solver learns about a rule set (verdicts on melds, the moves of its walk) is kept
in a :class:`SolverCache`, one for the process (:data:`CACHE`), for at most
``SolverCache.size`` rule sets; ``CACHE.clear()`` empties it.

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
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from rummy_learn.cards import Card, Rank, Suit
from rummy_learn.limits import SOLVER_BUDGET, largest_hand
from rummy_learn.meld_shapes import Shape, VerdictCache, face_index, hand_counts, shapes_through
from rummy_learn.melds import JokerUse, MeldCheck
from rummy_learn.objectives import Objective, meld_worth
from rummy_learn.rank_dp import solve
from rummy_learn.rank_moves import MOST_COPIES, MoveTables
from rummy_learn.rules import Rules
from rummy_learn.scoring import penalty_of

__all__ = [
    "CACHE",
    "Arrangement",
    "Objective",
    "Solver",
    "SolverCache",
    "best_arrangement",
    "can_open",
    "candidate_melds",
    "melds_with",
    "thrifty_opening",
]


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


class SolverCache:
    """What the solver has learnt about each rule set: verdicts, and the moves of its walk.

    Nothing in it depends on a hand, so it never goes stale; it holds the tables of at most
    ``size`` rule sets (the oldest go first), each table bounded on its own.

    >>> from rummy_learn.variants import preset
    >>> cache = SolverCache(size=1)
    >>> romme = preset("romme")
    >>> cache.tables(romme, Objective.POINTS) is cache.tables(romme, Objective.POINTS)
    True
    >>> _ = cache.tables(preset("rami40"), Objective.POINTS); len(cache)
    1
    """

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._verdicts: OrderedDict[Rules, VerdictCache] = OrderedDict()
        self._tables: OrderedDict[tuple[Rules, Objective], MoveTables] = OrderedDict()

    def __len__(self) -> int:
        return len(self._verdicts)

    def verdicts(self, rules: Rules) -> VerdictCache:
        """The verdicts on melds under ``rules``."""
        found = self._verdicts.get(rules)
        if found is None:
            found = self._verdicts[rules] = VerdictCache(rules)
            if len(self._verdicts) > self.size:
                old, _ = self._verdicts.popitem(last=False)
                for key in [k for k in self._tables if k[0] == old]:
                    del self._tables[key]
        self._verdicts.move_to_end(rules)
        return found

    def tables(self, rules: Rules, objective: Objective) -> MoveTables:
        """The moves of the walk under ``rules`` for ``objective``."""
        verdicts = self.verdicts(rules)
        found = self._tables.get((rules, objective))
        if found is None:
            found = self._tables[rules, objective] = MoveTables(verdicts, objective)
        return found

    def clear(self) -> None:
        """Forget everything."""
        self._verdicts.clear()
        self._tables.clear()


CACHE = SolverCache()
"""The process's solver cache, shared by every :class:`Solver` that is given none."""


class Solver:
    """A solver for one rule set and objective.

    It asks :data:`CACHE` (or the ``cache`` given) for its tables, so that solvers of the
    same rules share what any of them has learnt.
    """

    def __init__(
        self,
        rules: Rules,
        objective: Objective = Objective.POINTS,
        cache: SolverCache | None = None,
    ) -> None:
        self.rules = rules
        self.objective = objective
        self.tables = (CACHE if cache is None else cache).tables(rules, objective)

    def best(
        self, hand: Iterable[Card], *, require: Card | None = None, budget: float | None = None
    ) -> Arrangement:
        """Like :func:`best_arrangement`."""
        cards = list(hand)
        if budget is None and len(cards) > largest_hand(self.rules):
            budget = SOLVER_BUDGET
        deadline = None if budget is None else time.monotonic() + budget
        counts, jokers = hand_counts(cards)
        if max(counts) > MOST_COPIES:
            raise ValueError(f"the solver takes at most {MOST_COPIES} copies of a card")
        required = None
        if require is not None and require.rank is not None and require.suit is not None:
            required = (require.suit.index, int(require.rank))
        joker_required = require is not None and require.is_joker
        found = solve(
            self.tables, counts, jokers, required=required, joker_required=joker_required,
            deadline=deadline,
        )  # fmt: skip
        arrangement = _build(cards, found.melds, self.tables.verdicts, nothing_without=require)
        assert _worth(arrangement, self.objective, self.rules) == found.worth, "the walk's worth"
        return arrangement if found.proven else replace(arrangement, proven=False)


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
    is False. A hand a variant deals is solved in milliseconds (``bench_hint.py``).

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> hand = parse_cards("7♠ 8♠ 9♠ 9♥ 9♦ K♣")
    >>> best_arrangement(hand, preset("romme"), Objective.CARDS).cards_melded
    3
    >>> [str(c) for c in best_arrangement(hand, preset("romme"), require=hand[3]).melds[0]]
    ['9♠', '9♥', '9♦']
    """
    return Solver(rules, objective).best(hand, require=require, budget=budget)


def candidate_melds(hand: Iterable[Card], rules: Rules) -> list[MeldCheck]:
    """Every valid meld that can be built from the hand's faces, once per face multiset.

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> found = candidate_melds(parse_cards("7♠ 8♠ 9♠ 9♥"), preset("romme"))
    >>> sorted(" ".join(map(str, c.arrangement)) for c in found)
    ['7♠ 8♠ 9♠']
    """
    counts, jokers = hand_counts(hand)
    verdicts = CACHE.verdicts(rules)
    seen: set[Shape] = set()
    found: list[MeldCheck] = []
    for face in range(52):
        if not counts[face]:
            continue
        for shape in shapes_through(face, counts, jokers, verdicts):
            if shape not in seen:
                seen.add(shape)
                check = verdicts.judge(shape)
                if check is not None:
                    found.append(check)
    return found


def melds_with(card: Card, hand: Iterable[Card], rules: Rules) -> list[tuple[Card, ...]]:
    """Every valid meld of physical cards from ``hand`` that holds ``card`` (one per face multiset).

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> hand = parse_cards("4♣ 5♣ 6♣ 6♥ 6♠")
    >>> sorted(" ".join(map(str, m)) for m in melds_with(hand[2], hand, preset("romme")))
    ['4♣ 5♣ 6♣', '6♣ 6♠ 6♥']
    """
    cards = list(hand)
    counts, jokers = hand_counts(cards)
    verdicts = CACHE.verdicts(rules)
    found = []
    for shape in _shapes_holding(card, counts, jokers, verdicts):
        if verdicts.judge(shape) is not None:
            found.append(_build(cards, [shape], verdicts, nothing_without=card).melds[0])
    return found


def _shapes_holding(
    card: Card, counts: list[int], jokers: int, verdicts: VerdictCache
) -> Iterator[Shape]:
    """Every candidate shape with ``card`` (a joker: every shape with a joker), once."""
    faces = range(52) if card.is_joker else [face_index(card)]
    seen: set[Shape] = set()
    for face in faces:
        if not counts[face]:
            continue
        for shape in shapes_through(face, counts, jokers, verdicts):
            if shape not in seen and (shape.jokers or not card.is_joker):
                seen.add(shape)
                yield shape


def _build(
    cards: list[Card],
    shapes: Iterable[Shape],
    verdicts: VerdictCache,
    nothing_without: Card | None = None,
) -> Arrangement:
    """Physical cards for the chosen shapes, laid as their verdicts lay them."""
    rules = verdicts.rules
    by_face: dict[tuple[Rank | None, Suit | None], list[Card]] = {}  # copies of each face
    for card in cards:
        by_face.setdefault((card.rank, card.suit), []).append(card)
    if nothing_without is not None:  # the required card itself is used first
        copies = by_face[nothing_without.rank, nothing_without.suit]
        copies.remove(nothing_without)
        copies.insert(0, nothing_without)
    melds: list[tuple[Card, ...]] = []
    checks: list[MeldCheck] = []
    for shape in shapes:
        verdict = verdicts.judge(shape)
        assert verdict is not None, "the solver lays only valid melds"
        laid = tuple(by_face[face.rank, face.suit].pop(0) for face in verdict.arrangement)
        jokers = tuple(JokerUse(i, verdict.faces[i]) for i, c in enumerate(laid) if c.is_joker)
        melds.append(laid)
        checks.append(  # the verdict, on the physical cards as they lie
            MeldCheck(
                laid, verdict.kind, verdict.problems, jokers, verdict.points, laid, verdict.faces
            )
        )
    pool = [c for copies in by_face.values() for c in copies]
    points = sum(c.points or 0 for c in checks)
    penalty = sum(penalty_of(c, rules) for c in pool)
    deadwood = tuple(sorted(pool, key=lambda c: c.sort_key))
    return Arrangement(tuple(melds), tuple(checks), deadwood, points, penalty)


def _worth(arrangement: Arrangement, objective: Objective, rules: Rules) -> int:
    return sum(meld_worth(check, objective, rules) for check in arrangement.checks)


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
    jokers = [c for c in hand if c.is_joker and c is not require]
    for kept in range(len(jokers), 0, -1):
        held = jokers[:kept]
        fewer = best_arrangement([c for c in hand if c not in held], rules, require=require)
        if fewer.melds and rules.opening_reached(fewer.points):
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
    if not best.melds or not rules.opening_reached(best.points):
        return None
    return best
