"""After the king: how a suit's open runs end, alone or round the corner.

When the walk of :mod:`rummy_learn.rank_dp` has played the king, each run that reaches it
ends there, or goes on with jokers after the king (the ace, and with ``cyclic_runs`` the
two, the three…), or with a head (:mod:`rummy_learn.open_runs`): the part of a run from the
ace on, begun on the ace's slot; a head may also follow jokers alone (up to the king).

>>> from rummy_learn.open_runs import RunBook, TailKind
>>> from rummy_learn.variants import preset
>>> book = RunBook(preset("romme"), points=False)
>>> queen = book.grow(book.begin(11, 0, TailKind.RUN), joker=False)  # J♥ Q♥, then K♥ next
>>> king = book.grow(queen, joker=False)
>>> ace = book.park(book.begin(1, 0, TailKind.HEAD))  # A♥ after the king
>>> ends = AfterKing(book, lambda tail: 0 if book.ends(tail) else None, lambda slot: 1)
>>> sorted((m.jokers, m.finishes) for m in ends.moves((king, ace), jokers=0))
[(0, (Finish(before=0, after=1, jokers=0),))]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

from rummy_learn.open_runs import RunBook, Tail, TailKind

__all__ = ["AfterKing", "EndMove", "Finish"]


class Finish(NamedTuple):
    """A run that ends after the king: a run reaching the king, a head, or one and jokers."""

    before: int | None  # the run reaching the king (index in the bundle), or None: jokers
    after: int | None  # the head it goes on with (index in the bundle), or None: jokers or nothing
    jokers: int  # the jokers on the side that has no tail


class EndMove(NamedTuple):
    """How a suit's open runs end after the king."""

    jokers: int
    worth: int
    finishes: tuple[Finish, ...]


class AfterKing:
    """Every way a suit's open runs may end after the king.

    ``run_worth`` tells what a run adds when it ends (None: it may not end so);
    ``joker_worth`` what a joker adds in a slot (1…14).
    """

    def __init__(
        self,
        book: RunBook,
        run_worth: Callable[[Tail], int | None],
        joker_worth: Callable[[int], int],
    ) -> None:
        self.book = book
        self.run_worth = run_worth
        self.joker_worth = joker_worth

    def moves(self, tails: tuple[Tail, ...], jokers: int) -> Iterator[EndMove]:
        """Every way to end the runs ``tails`` (a bundle) with ``jokers`` jokers at most."""
        return self._end_moves(tails, jokers)

    def _end_moves(self, tails: tuple[Tail, ...], jokers: int) -> Iterator[EndMove]:
        runs = [i for i, t in enumerate(tails) if t.kind is TailKind.RUN]
        heads = [i for i, t in enumerate(tails) if t.kind is not TailKind.RUN]

        def walk(
            h: int, free: tuple[int, ...], used: int, worth: int, done: tuple[Finish, ...]
        ) -> Iterator[EndMove]:
            if h == len(heads):
                yield from self._runs_alone(tails, free, jokers - used, used, worth, done)
                return
            head = tails[heads[h]]
            for r in free:
                found = self._joined(tails[r], head, 0)
                if found is not None:
                    rest = tuple(x for x in free if x != r)
                    yield from walk(
                        h + 1, rest, used, worth + found, (*done, Finish(r, heads[h], 0))
                    )
            for count in range(1, jokers - used + 1):
                before = self.book.jokers_only(count, after_king=False)
                found = None if before is None else self._joined(before, head, count)
                if found is not None:
                    finish = Finish(None, heads[h], count)
                    yield from walk(h + 1, free, used + count, worth + found, (*done, finish))

        yield from walk(0, tuple(runs), 0, 0, ())

    def _runs_alone(
        self,
        tails: tuple[Tail, ...],
        runs: tuple[int, ...],
        spare: int,
        used: int,
        worth: int,
        done: tuple[Finish, ...],
    ) -> Iterator[EndMove]:
        """Runs that reach the king and take no head: they end there, or with jokers after it."""
        if not runs:
            yield EndMove(used, worth, done)
            return
        first, rest = runs[0], runs[1:]
        alone = None if tails[first].last_joker else self.run_worth(tails[first])
        if alone is not None:
            yield from self._runs_alone(
                tails, rest, spare, used, worth + alone, (*done, Finish(first, None, 0))
            )
        if not self.book.heads:
            return
        most = spare if self.book.cyclic else min(spare, 1)
        for count in range(1, most + 1):
            after = self.book.jokers_only(count, after_king=True)
            found = None if after is None else self._joined(tails[first], after, count)
            if found is not None:
                finish = Finish(first, None, count)
                yield from self._runs_alone(
                    tails, rest, spare - count, used + count, worth + found, (*done, finish)
                )

    def _joined(self, before: Tail, after: Tail, jokers: int) -> int | None:
        """What a run round the corner adds (None: no run); ``jokers`` stand on one side alone."""
        joined = self.book.join(before, after)
        if joined is None:
            return None
        worth = self.run_worth(joined)
        if worth is None or self.book.exact:
            return worth
        if before.naturals == 0:  # jokers up to the king
            return worth + sum(self.joker_worth(s) for s in range(14 - jokers, 14))
        if after.naturals == 0:  # jokers after the king: the ace, then 2, 3…
            return worth + sum(self.joker_worth(14 if i == 0 else i + 1) for i in range(jokers))
        return worth
