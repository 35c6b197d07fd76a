"""The melds of the walk's best path: the moves replayed, each run laid slot by slot.

The walk (:mod:`rummy_learn.rank_dp`) keeps, for each state of each step, the state it came
from and the move that led there; :func:`lay_melds` follows them back from the best end,
then forward again, and lays each run and set as a :class:`~rummy_learn.meld_shapes.Shape`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple, Protocol

from rummy_learn.meld_shapes import Shape
from rummy_learn.open_runs import TailKind
from rummy_learn.rank_ends import EndMove
from rummy_learn.rank_groups import GroupPlan
from rummy_learn.rank_moves import CellMove, Start, Step

__all__ = ["Move", "Played", "lay_melds"]

Move = CellMove | GroupPlan | EndMove


class Played(Protocol):
    """A step of the walk, as :func:`lay_melds` reads it (states are tuples of numbers)."""

    @property
    def slot(self) -> int:
        """1…13; 14: after the king."""

    @property
    def suit(self) -> int | None:
        """The suit played, or None: the rank's sets."""

    @property
    def before(self) -> Mapping[tuple[int, ...], tuple[int, ...]]:
        """Each state the step changed -> the state it came from."""

    @property
    def moves(self) -> Mapping[tuple[int, ...], Move]:
        """Each state the step changed -> the move that led to it."""


class _Run(NamedTuple):
    """A run being laid: its slots, each with a natural card (False) or a joker (True)."""

    kind: TailKind
    slots: list[tuple[int, bool]]


def lay_melds(steps: Sequence[Played], last: tuple[int, ...]) -> tuple[Shape, ...]:
    """The melds of the path that ends in state ``last`` after ``steps``."""
    played: list[tuple[Played, Move]] = []
    state = last
    for step in reversed(steps):
        move = step.moves.get(state)
        if move is not None:
            played.append((step, move))
            state = step.before[state]
    played.reverse()
    open_runs: list[list[_Run]] = [[], [], [], []]
    melds: list[Shape] = []
    for step, move in played:
        if isinstance(move, GroupPlan):
            melds.extend(move.melds)
            continue
        assert step.suit is not None
        if isinstance(move, CellMove):
            open_runs[step.suit] = _lay_cell(
                step.slot, open_runs[step.suit], move, step.suit, melds
            )
        else:
            _lay_end(open_runs[step.suit], move, step.suit, melds)
            open_runs[step.suit] = []
    return tuple(melds)


def _lay_cell(
    slot: int, runs: list[_Run], move: CellMove, suit: int, melds: list[Shape]
) -> list[_Run]:
    plan = move.plan
    for run, step, trailing in zip(runs, plan.steps, plan.trailing, strict=True):
        if step is Step.END:
            run.slots.extend((slot + i, True) for i in range(trailing))
            if run.kind is TailKind.RUN:
                melds.append(_shape(run.slots, suit))
        elif step in (Step.NATURAL, Step.JOKER):
            run.slots.append((slot, step is Step.JOKER))
    begun = [_begin(slot, start) for start in plan.starts]
    sources = [*runs, *begun]
    return [sources[i] for i in plan.order]


def _begin(slot: int, start: Start) -> _Run:
    first = 1 if start.kind is TailKind.HEAD else slot - start.leading
    return _Run(start.kind, [(s, s < slot) for s in range(first, slot + 1)])


def _lay_end(runs: list[_Run], move: EndMove, suit: int, melds: list[Shape]) -> None:
    for finish in move.finishes:
        if finish.before is None:
            before = [(s, True) for s in range(14 - finish.jokers, 14)]
        else:
            before = runs[finish.before].slots
        if finish.after is None:
            after = (
                [(i + 1, True) for i in range(finish.jokers)] if finish.before is not None else []
            )
        else:
            after = runs[finish.after].slots
        melds.append(_shape([*before, *after], suit))


def _shape(slots: list[tuple[int, bool]], suit: int) -> Shape:
    faces = tuple(sorted(suit * 13 + (slot - 1) % 13 for slot, joker in slots if not joker))
    return Shape(faces, sum(joker for _slot, joker in slots))
