"""What can happen in one slot of one suit, and after the king: the moves of the solver's walk.

:class:`MoveTables` holds, for one rule set and objective, every move the walk of
:mod:`rummy_learn.rank_dp` has needed so far, so that the next hand finds them ready:

* :meth:`~MoveTables.cell_moves`: in a slot of a suit, each open run ends, goes on with a
  natural card or goes on with a joker; new runs begin on the slot's natural cards (after
  jokers, perhaps); the natural cards left go to the rank's sets;
* :meth:`~MoveTables.group_moves`: the sets of the rank (:mod:`rummy_learn.rank_groups`);
* :meth:`~MoveTables.end_moves`: after the king, each run ends or goes on round the corner
  with a head (:mod:`rummy_learn.open_runs`).

A suit's open runs are a *bundle*: the sorted ids of their tails, itself known by an id
(0: no open run), so that the walk's states are small tuples of numbers.

>>> from rummy_learn.meld_shapes import VerdictCache
>>> from rummy_learn.objectives import Objective
>>> from rummy_learn.variants import preset
>>> tables = MoveTables(VerdictCache(preset("romme")), Objective.CARDS)
>>> moves = tables.cell_moves(5, 0, available=1, jokers=0, required=False, heads=False)
>>> sorted((len(tables.bundle(m.bundle)), m.pooled) for m in moves)  # a run begins, or a set?
[(0, 1), (1, 0)]
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum
from itertools import combinations_with_replacement
from typing import NamedTuple

from rummy_learn.cards import Suit
from rummy_learn.meld_shapes import VerdictCache
from rummy_learn.objectives import Objective, meld_worth, slot_worth
from rummy_learn.open_runs import RunBook, Tail, TailKind
from rummy_learn.rank_bounds import TIE, Ceilings
from rummy_learn.rank_ends import AfterKing, EndMove
from rummy_learn.rank_groups import GroupPlan, group_plans

__all__ = [
    "MOST_COPIES",
    "NEVER",
    "CellMove",
    "CellPlan",
    "MoveTables",
    "Start",
    "Step",
    "pool_code",
]

NEVER = 1 << 20
"""More jokers than any hand holds: what runs that cannot end need."""

POOL_BITS = 8
MOST_COPIES = (1 << POOL_BITS) - 1
"""The most copies of one face a hand may hold for the solver (a shoe holds at most 4)."""


def pool_code(suit: int, count: int) -> int:
    """The natural cards of one suit left for the sets, as a part of the walk's state."""
    return count << POOL_BITS * suit


class Step(Enum):
    """What an open run does in a slot."""

    END = "end"  # it ended before the slot (a head: it waits for its run)
    NATURAL = "natural"  # it goes on with a natural card of the slot
    JOKER = "joker"  # it goes on with a joker
    KEEP = "keep"  # a waiting head stays as it is


class Start(NamedTuple):
    """A run begun on a natural card of the slot, after ``leading`` jokers."""

    leading: int
    kind: TailKind


class CellPlan(NamedTuple):
    """How a cell move came about, to build the melds afterwards."""

    steps: tuple[Step, ...]  # for each tail of the bundle before, in order
    trailing: tuple[int, ...]  # for each of them: the jokers after its last card, if it ended
    starts: tuple[Start, ...]  # the runs begun in the slot
    order: tuple[int, ...]  # the bundle after: i < len(steps) is tail i, else a start


class CellMove(NamedTuple):
    """One way to play a slot of a suit."""

    bundle: int  # the suit's open runs afterwards
    stuck: int  # how many of them may not end yet (see ``MoveTables.stuck``)
    wanted: int  # the natural cards of the suit they still need at least (``wanted``)
    king: int  # in the king's slot: the jokers they need to end (``owed_after_king``)
    pooled: int  # natural cards of the slot left for the rank's sets
    jokers: int  # jokers taken
    worth: int
    need: bool  # the card that must be used is left for the sets: a set must take it
    plan: CellPlan


def _order(tail: Tail) -> tuple[object, ...]:
    """A tail's place in a bundle: by what it is, never by when it was first seen."""
    return (tail.kind.value, *tail[1:-1], tail.span or ())


class _Choice(NamedTuple):
    step: Step
    tail: Tail | None  # the tail afterwards, or None: the run has ended
    naturals: int
    jokers: int
    worth: int


class _Way(NamedTuple):
    """What the open runs of a bundle do in a slot, so far."""

    kept: tuple[tuple[Tail, int], ...]  # the runs that go on, each with its place in the bundle
    naturals: int
    jokers: int
    worth: int
    steps: tuple[Step, ...]
    trailing: tuple[int, ...]


class _Begun(NamedTuple):
    start: Start
    tail: Tail
    jokers: int
    worth: int


class MoveTables:
    """Every move the walk needs, under one rule set and objective, kept between hands.

    The tables live as long as their owner (a :class:`~rummy_learn.solver.Solver`); past
    ``limit`` moves they start afresh.
    """

    def __init__(self, verdicts: VerdictCache, objective: Objective, limit: int = 300_000) -> None:
        rules = verdicts.rules
        self.rules = rules
        self.verdicts = verdicts
        self.objective = objective
        self.limit = limit
        self.book = RunBook(rules, points=objective is Objective.POINTS)
        exact = self.book.exact
        self._tails: list[Tail] = []
        self._tail_ids: dict[Tail, int] = {}
        self._bundles: list[tuple[int, ...]] = [()]
        self._bundle_ids: dict[tuple[int, ...], int] = {(): 0}
        self._cells: dict[tuple[int, int, int, int, bool, bool], tuple[CellMove, ...]] = {}
        self._groups: dict[tuple[int, tuple[int, ...], int, int | None], tuple[GroupPlan, ...]] = {}
        self._ends: dict[tuple[int, int], tuple[EndMove, ...]] = {}
        self._stuck: dict[int, int] = {}
        self._owed: dict[int, int] = {}
        self._wanted: dict[int, int] = {}
        self._settled: dict[tuple[Tail, int], tuple[tuple[object, ...], int]] = {}
        self._steps: dict[tuple[int, int, int], tuple[_Choice, ...]] = {}
        self._begun: dict[tuple[int, int], tuple[_Begun, ...]] = {}
        self.ceilings = Ceilings(rules, objective, self.book)
        self._after_king = AfterKing(
            self.book, self.run_worth, lambda slot: self._worth[slot, True]
        )
        self._worth = {  # what a card of a run adds to the walk's worth as the run grows
            (slot, joker): 0
            if exact
            else slot_worth(objective, rules, slot, joker=joker) * TIE + (not joker)
            for slot in range(1, 15)
            for joker in (False, True)
        }

    def bundle(self, bundle: int) -> tuple[Tail, ...]:
        """The tails of a bundle."""
        return tuple(self._tails[t] for t in self._bundles[bundle])

    def _placed(self, tail: Tail, jokers_left: int) -> tuple[tuple[object, ...], int]:
        """A tail as it goes into a bundle (``settle``d): its place there, and its id.

        A bundle lists its tails in their own order (not their ids', which depend on the
        hands solved before), so that every walk, and its choice among equal answers, is the
        same whatever the process did earlier.
        """
        key = (tail, jokers_left)
        found = self._settled.get(key)
        if found is None:
            settled = self.book.settle(tail, jokers_left)
            known = self._tail_ids.get(settled)
            if known is None:
                known = self._tail_ids[settled] = len(self._tails)
                self._tails.append(settled)
            found = self._settled[key] = (_order(settled), known)
        return found

    def _bundle_of(
        self, placed: list[tuple[tuple[object, ...], int, int]]
    ) -> tuple[int, tuple[int, ...]]:
        """The id of a bundle of placed tails (place, id, source), and the source of each."""
        placed.sort()
        key = tuple(tail for _place, tail, _source in placed)
        found = self._bundle_ids.get(key)
        if found is None:
            found = self._bundle_ids[key] = len(self._bundles)
            self._bundles.append(key)
        return found, tuple(source for _place, _tail, source in placed)

    def _full(self) -> None:
        if len(self._cells) + len(self._groups) + len(self._ends) > self.limit:
            for table in (self._cells, self._groups, self._ends, self._settled, self._steps):
                table.clear()

    # --- a slot of a suit --------------------------------------------------------------

    def cell_moves(
        self, slot: int, bundle: int, available: int, jokers: int, *, required: bool, heads: bool
    ) -> tuple[CellMove, ...]:
        """Every way to play ``available`` natural cards of ``slot`` in a suit with ``bundle``.

        ``required``: one of these cards must lie in a meld; ``heads``: a run after the king
        may begin here (the walk knows whether one could reach the king).
        """
        key = (slot, bundle, available, jokers, required, heads)
        known = self._cells.get(key)
        if known is None:
            self._full()
            known = self._cells[key] = tuple(
                self._cell_moves(slot, bundle, available, jokers, required, heads)
            )
        return known

    def _cell_moves(
        self, slot: int, bundle: int, available: int, jokers: int, required: bool, heads: bool
    ) -> Iterator[CellMove]:
        tails = self._bundles[bundle]
        starts = self._starts(slot, jokers)
        if not heads:
            starts = tuple(b for b in starts if b.start.kind is TailKind.RUN)
        best: dict[tuple[int, int, int, bool], CellMove] = {}
        for way in self._ways(slot, tails, available, jokers):
            for count in range(available - way.naturals + 1):
                for begun in combinations_with_replacement(starts, count):
                    taken = way.jokers + sum(b.jokers for b in begun)
                    if taken > jokers:
                        continue
                    left = jokers - taken
                    placed = [(*self._placed(t, left), i) for t, i in way.kept]
                    placed += [
                        (*self._placed(b.tail, left), len(tails) + n) for n, b in enumerate(begun)
                    ]
                    new, order = self._bundle_of(placed)
                    plan = CellPlan(way.steps, way.trailing, tuple(b.start for b in begun), order)
                    pooled = available - way.naturals - count
                    need = required and way.naturals + count == 0
                    total = way.worth + sum(b.worth for b in begun)
                    king = self.owed_after_king(new) if slot == 13 else 0
                    stuck, wanted = self.stuck(new), self.wanted(new)
                    move = CellMove(new, stuck, wanted, king, pooled, taken, total, need, plan)
                    slot_key = (new, pooled, taken, need)
                    if slot_key not in best or total > best[slot_key].worth:
                        best[slot_key] = move
        yield from best.values()

    def _ways(
        self, slot: int, tails: tuple[int, ...], available: int, jokers: int
    ) -> Iterator[_Way]:
        """What the open runs do in a slot, run after run; ways that leave the same runs,
        natural cards and jokers behind are one (the worthiest)."""
        ways: dict[tuple[tuple[object, ...], int, int], _Way] = {
            ((), 0, 0): _Way((), 0, 0, 0, (), ())
        }
        for tail_id in tails:
            after: dict[tuple[tuple[object, ...], int, int], _Way] = {}
            for way in ways.values():
                for choice in self._tail_steps(slot, tail_id, jokers):
                    naturals = way.naturals + choice.naturals
                    used = way.jokers + choice.jokers
                    if naturals > available or used > jokers:
                        continue
                    kept = way.kept
                    if choice.tail is not None:
                        kept = (*kept, (choice.tail, len(way.steps)))
                    worth = way.worth + choice.worth
                    trailing = choice.jokers if choice.step is Step.END else 0
                    key = (tuple(sorted(_order(t) for t, _i in kept)), naturals, used)
                    known = after.get(key)
                    if known is None or worth > known.worth:
                        steps = (*way.steps, choice.step)
                        after[key] = _Way(
                            kept, naturals, used, worth, steps, (*way.trailing, trailing)
                        )
            ways = after
        yield from ways.values()

    def _tail_steps(self, slot: int, tail_id: int, jokers: int) -> tuple[_Choice, ...]:
        """What an open run may do in ``slot``: end before it (with jokers after its last
        card, in this slot and on), go on with a natural card, or go on with a joker."""
        key = (slot, tail_id, jokers)
        found = self._steps.get(key)
        if found is None:
            found = self._steps[key] = tuple(self._tail_choices(slot, self._tails[tail_id], jokers))
        return found

    def _tail_choices(self, slot: int, tail: Tail, jokers: int) -> Iterator[_Choice]:
        book = self.book
        if tail.kind is TailKind.PARKED:
            yield _Choice(Step.KEEP, tail, 0, 0, 0)
            return
        if not tail.last_joker:  # a run ending on jokers ends after its last natural card
            ended: Tail | None = tail
            worth = 0
            for trailing in range(min(jokers, 14 - slot) + 1):
                if ended is None:
                    break
                if tail.kind is TailKind.HEAD:
                    yield _Choice(Step.END, book.park(ended), 0, trailing, worth)
                else:
                    end = self.run_worth(ended)
                    if end is not None:
                        yield _Choice(Step.END, None, 0, trailing, worth + end)
                worth += self._worth[slot + trailing, True]
                ended = book.grow(ended, joker=True)
        for joker in (False, True):  # a tail grows from the second slot on: never on an ace
            grown = book.grow(tail, joker=joker)
            if grown is not None:
                step = Step.JOKER if joker else Step.NATURAL
                yield _Choice(step, grown, int(not joker), int(joker), self._worth[slot, joker])

    def _starts(self, slot: int, jokers: int) -> tuple[_Begun, ...]:
        """The runs a natural card of ``slot`` may begin (each with its leading jokers)."""
        key = (slot, jokers)
        found = self._begun.get(key)
        if found is None:
            found = self._begun[key] = tuple(self._start_choices(slot, jokers))
        return found

    def _start_choices(self, slot: int, jokers: int) -> Iterator[_Begun]:
        book = self.book
        for leading in range(min(jokers, slot - 1) + 1):
            tail = book.begin(slot, leading, TailKind.RUN)
            if tail is not None:
                worth = sum(self._worth[s, s < slot] for s in range(slot - leading, slot + 1))
                yield _Begun(Start(leading, TailKind.RUN), tail, leading, worth)
        if book.heads and (book.cyclic or slot == 1) and slot - 1 <= jokers:
            head = book.begin(slot, slot - 1, TailKind.HEAD)
            if head is not None:
                if not book.cyclic:
                    head = book.park(head)  # nothing follows a high ace
                worth = self._worth[14, slot > 1] + sum(
                    self._worth[s, s < slot] for s in range(2, slot + 1)
                )
                yield _Begun(Start(slot - 1, TailKind.HEAD), head, slot - 1, worth)

    def potential(self, bundle: int) -> int:
        """The most the cards of a bundle's runs can add when they end (see ``Ceilings``)."""
        return self.ceilings.potential(self.bundle(bundle))

    def owed_after_king(self, bundle: int) -> int:
        """The fewest jokers a suit's open runs need to end after the king (:data:`NEVER`: they
        cannot)."""
        known = self._owed.get(bundle)
        if known is None:
            moves = self.end_moves(bundle, self.book.shoe_jokers)
            known = self._owed[bundle] = moves[0].jokers if moves else NEVER
        return known

    def wanted(self, bundle: int) -> int:
        """The natural cards of its suit a bundle's runs still need at least (see
        ``RunBook.wanted``), less those of the heads that may go on with them, plus one for
        each high ace more than the runs that could reach it: a walk whose suit has fewer
        cards to come cannot finish its runs."""
        known = self._wanted.get(bundle)
        if known is None:
            tails = self.bundle(bundle)
            runs = [t for t in tails if t.kind is TailKind.RUN]
            heads = [t for t in tails if t.kind is not TailKind.RUN]
            known = max(0, sum(map(self.book.wanted, runs)) - sum(h.naturals for h in heads))
            if not self.book.cyclic:  # a high ace needs a run up to the king: a card to come
                known += max(0, len(heads) - len(runs))
            self._wanted[bundle] = known
        return known

    def stuck(self, bundle: int) -> int:
        """How many runs of the bundle may not end here: each needs a card of the next slot."""
        known = self._stuck.get(bundle)
        if known is None:
            known = self._stuck[bundle] = sum(
                tail.kind is TailKind.RUN and (tail.last_joker or self.run_worth(tail) is None)
                for tail in self.bundle(bundle)
            )
        return known

    def run_worth(self, tail: Tail) -> int | None:
        """What a run ending now adds (None: it may not end so).

        The slots have been counted as the run grew; an exact tail is judged as a whole.
        """
        if self.book.exact:
            if tail.naturals < 2:
                return None
            check = self.verdicts.judge(self.book.shape(tail, Suit.CLUBS))
            if check is None:
                return None
            return meld_worth(check, self.objective, self.rules) * TIE + tail.naturals
        return 0 if self.book.ends(tail) else None

    # --- the sets of a rank --------------------------------------------------------------

    def group_moves(
        self, rank: int, pooled: tuple[int, ...], jokers: int, need: int | None
    ) -> tuple[GroupPlan, ...]:
        """The best sets of the ``pooled`` cards (copies per suit) of ``rank``, by jokers taken.

        See :func:`~rummy_learn.rank_groups.group_plans`; the smaller pools it asks about
        come from this table too.
        """
        key = (rank, pooled, jokers, need)
        known = self._groups.get(key)
        if known is None:
            self._full()
            known = group_plans(
                rank, pooled, jokers, need, self.verdicts, self.objective, self.group_moves, TIE
            )
            self._groups[key] = known
        return known

    # --- after the king ------------------------------------------------------------------

    def end_moves(self, bundle: int, jokers: int) -> tuple[EndMove, ...]:
        """The best ways for a suit's open runs to end after the king, by jokers taken."""
        key = (bundle, jokers)
        known = self._ends.get(key)
        if known is None:
            self._full()
            found: dict[int, EndMove] = {}
            for move in self._after_king.moves(self.bundle(bundle), jokers):
                old = found.get(move.jokers)
                if old is None or move.worth > old.worth:
                    found[move.jokers] = move
            kept: list[EndMove] = []
            for used in sorted(found):
                if not kept or found[used].worth > kept[-1].worth:
                    kept.append(found[used])
            known = self._ends[key] = tuple(kept)
        return known
