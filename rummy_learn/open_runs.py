"""Runs under construction: what the solver remembers of a run it is still building.

The solver (:mod:`rummy_learn.rank_dp`) walks the slots of the ranks from the ace up; a
run it has begun and not yet ended is a :class:`Tail`. A tail keeps only what the run's
verdict can still depend on — how many natural cards and jokers it holds, whether a
joker lies first, last or next to another — so that runs begun in different places but
with the same future are one and the same tail. :class:`RunBook` grows tails slot by
slot and ends them, asking the rules of :mod:`rummy_learn.layouts` and
:mod:`rummy_learn.runs` (size, jokers, jokers side by side, jokers at the ends).

Where the variant places a joker where it counts least (``JokerPolicy.LOWER``, Rami), a run
is worth the points of its lowest layout, not of the slots it was built on. With one joker
to a meld and the usual card values, that layout is the one with the joker first rather
than last (J 7 8 rather than 7 8 J), so a run built with its joker last may end only where
it cannot move down (it begins on the low ace): the other layout is built too. Otherwise
(more jokers, runs round the corner, unusual ace values) a tail keeps its whole
:class:`Span`, and its verdict comes from :func:`~rummy_learn.melds.check_meld` itself.

A run may turn the corner after the king (an ace after the king, and with ``cyclic_runs``
the twos and threes after it): its part from that ace on is a *head* (``TailKind.HEAD``),
begun on the ace's slot, which waits (``TailKind.PARKED``) for a run that reaches the
king; :meth:`RunBook.join` puts the two together.

>>> from rummy_learn.variants import preset
>>> book = RunBook(preset("rami40"), points=False)
>>> tail = book.begin(5, leading=0, kind=TailKind.RUN)  # 5♥
>>> tail = book.grow(book.grow(tail, joker=False), joker=True)  # 5♥ 6♥ 🃏
>>> book.ends(tail), book.grow(tail, joker=True)  # Rami: one joker to a meld
(True, None)
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from rummy_learn.cards import Card, Rank, Suit
from rummy_learn.decks import shoe_for
from rummy_learn.layouts import adjacent_allowed, joker_count_reasons, size_problems
from rummy_learn.meld_shapes import Shape, face_index
from rummy_learn.rules import JokerPolicy, Rules
from rummy_learn.runs import end_jokers_allowed

__all__ = ["RunBook", "Span", "Tail", "TailKind"]

LONGEST = 13
"""No run holds more than 13 cards (one ace, low or high)."""


class TailKind(Enum):
    """What a tail is."""

    RUN = "run"  # an open run
    HEAD = "head"  # the part of a run after the king, from the ace on, still growing
    PARKED = "parked"  # a head that has ended, waiting for the run that reaches the king


class Span(NamedTuple):
    """A run's slots so far: the first one, and for each slot from it, whether a joker fills it.

    A head's first slot is 1, the ace after the king.
    """

    first: int
    jokers_at: tuple[bool, ...]


class Tail(NamedTuple):
    """What a run being built must remember (``naturals`` only up to where it stops mattering)."""

    kind: TailKind
    naturals: int
    jokers: int
    first_joker: bool  # a joker lies first (kept only where the variant has a rule for the ends)
    last_joker: bool  # a joker lies last (then the run must go on: it ends on natural cards)
    pair: bool  # two jokers lie side by side (kept while the run is short enough to care)
    from_ace: bool  # begun on the low ace (kept only where a run may also end on a high ace)
    span: Span | None  # the whole run, where its verdict needs it; None where the counts suffice


class RunBook:
    """How tails grow and end under one rule set, for an objective that counts the runs'
    points (``points``) or not (cards, penalties: where the jokers lie does not matter).

    ``exact``: tails keep their whole span, and a run's worth comes from its verdict when it
    ends. ``lowest``: a run may not end on a joker unless it begins on the low ace.
    """

    def __init__(self, rules: Rules, *, points: bool) -> None:
        self.rules = rules
        self.shoe_jokers = shoe_for(rules).jokers
        limit = rules.max_jokers_per_meld
        self.most_jokers = self.shoe_jokers if limit is None else min(limit, self.shoe_jokers)
        lower = points and rules.joker_policy is JokerPolicy.LOWER
        usual = rules.low_ace_points <= 2 and rules.ace_points >= 10  # slots worth more upwards
        simple = self.most_jokers <= 1 and not rules.cyclic_runs and usual
        self.exact = lower and not simple
        self.lowest = lower and simple
        self.cyclic = rules.cyclic_runs
        self.heads = rules.ace_high or rules.cyclic_runs  # a run may go on after the king
        self.longest = min(rules.run_max, LONGEST)
        side_by_side = rules.adjacent_jokers_from
        self.never_pairs = side_by_side is None
        # two jokers side by side need two natural cards too: 4 cards, or the run's least
        smallest = max(rules.run_min, 4)
        self.pairs_from = (
            side_by_side if side_by_side is not None and side_by_side > smallest else None
        )
        pairs_matter = self.never_pairs or self.pairs_from is not None
        self.keep_first = rules.end_joker_run_max is not None or (self.heads and pairs_matter)
        self.keep_from_ace = (rules.ace_high and not rules.cyclic_runs) or self.lowest
        thresholds = [2, rules.min_naturals, rules.run_min]
        if self.pairs_from is not None:
            thresholds.append(self.pairs_from)
        if rules.end_joker_run_max is not None:
            thresholds.append(rules.end_joker_run_max + 1)
        if self.longest < LONGEST or self.cyclic:  # the length itself matters
            thresholds.append(self.longest + 1)
        self.enough = max(thresholds)  # natural cards beyond which nothing changes

    # --- building ------------------------------------------------------------------------

    def begin(self, slot: int, leading: int, kind: TailKind) -> Tail | None:
        """A run whose first natural card lies in ``slot``, after ``leading`` jokers.

        A head begins on the ace after the king: its leading jokers fill the slots from there.
        """
        first = 1 if kind is TailKind.HEAD else slot - leading
        if first < 1 or (kind is TailKind.HEAD and leading != slot - 1):
            return None
        if leading > self.most_jokers or (leading >= 2 and self.never_pairs):
            return None
        span = Span(first, (True,) * leading + (False,)) if self.exact else None
        from_ace = kind is TailKind.RUN and first == 1
        return Tail(kind, 1, leading, leading > 0, False, leading >= 2, from_ace, span)

    def grow(self, tail: Tail, *, joker: bool) -> Tail | None:
        """The tail with one more slot, filled by a joker or by a natural card (None: no run)."""
        if tail.kind is TailKind.HEAD and not self.cyclic:
            return None  # nothing follows a high ace
        jokers = tail.jokers + joker
        naturals = tail.naturals + (not joker)
        if jokers > self.most_jokers or naturals + jokers > self.longest:
            return None
        pair = tail.pair
        if joker and tail.last_joker:
            if self.never_pairs:
                return None
            pair = True
        span = tail.span
        if span is not None:
            span = Span(span.first, (*span.jokers_at, joker))
        first = tail.first_joker
        return Tail(tail.kind, naturals, jokers, first, joker, pair, tail.from_ace, span)

    def park(self, tail: Tail) -> Tail:
        """A head that ends here, to wait for its run."""
        return tail._replace(kind=TailKind.PARKED)

    def jokers_only(self, count: int, *, after_king: bool) -> Tail | None:
        """``count`` jokers alone: after a run's king, or before a head (up to the king)."""
        if count > self.most_jokers or (count >= 2 and self.never_pairs):
            return None
        span = None
        if self.exact:
            span = Span(1 if after_king else 14 - count, (True,) * count)
        kind = TailKind.PARKED if after_king else TailKind.RUN
        return Tail(kind, 0, count, True, True, count >= 2, False, span)

    def join(self, before: Tail, after: Tail) -> Tail | None:
        """The run of ``before`` (up to the king) going on with ``after`` (from the ace on)."""
        if before.from_ace or (after.first_joker and before.last_joker and self.never_pairs):
            return None  # not both aces; jokers side by side at the corner
        jokers = before.jokers + after.jokers
        naturals = before.naturals + after.naturals
        if jokers > self.most_jokers or naturals + jokers > self.longest:
            return None
        pair = before.pair or after.pair or (before.last_joker and after.first_joker)
        span = None
        if before.span is not None and after.span is not None:
            span = Span(before.span.first, before.span.jokers_at + after.span.jokers_at)
        first, last = before.first_joker, after.last_joker
        return Tail(TailKind.RUN, naturals, jokers, first, last, pair, False, span)

    def settle(self, tail: Tail, jokers_left: int) -> Tail:
        """The tail with what no longer matters forgotten (``jokers_left``: jokers still in hand).

        Counts of natural cards past :attr:`enough` are all the same; with jokers fewer than
        natural cards, up to one more than the jokers the run could still get.
        """
        if self.exact:
            return tail
        enough = self.enough
        if self.rules.jokers_fewer_than_naturals:
            enough = max(enough, tail.jokers + min(jokers_left, self.most_jokers) + 1)
        naturals = min(tail.naturals, enough)
        pair = (
            tail.pair and self.pairs_from is not None and naturals + tail.jokers < self.pairs_from
        )
        # (never side by side: such a tail never exists; from some size on: kept while shorter)
        return Tail(
            tail.kind,
            naturals,
            tail.jokers,
            tail.first_joker and self.keep_first,
            tail.last_joker,  # always kept: a run never ends on a joker it took as it grew
            pair,
            tail.from_ace and self.keep_from_ace,
            None,
        )

    def wanted(self, tail: Tail) -> int:
        """The natural cards a run still needs at least before it may end (two at least; more
        where jokers must be fewer than natural cards, or need a least number of them)."""
        if tail.kind is not TailKind.RUN:
            return 0
        rules = self.rules
        most = max(2, rules.min_naturals if tail.jokers else 0)
        if rules.jokers_fewer_than_naturals and tail.jokers:
            most = max(most, tail.jokers + 1)
        return max(0, most - tail.naturals)

    # --- ending --------------------------------------------------------------------------

    def ends(self, tail: Tail) -> bool:
        """May the run end here? Its counts against the variant's rules (not for exact tails)."""
        rules = self.rules
        size = tail.naturals + tail.jokers
        if tail.naturals < 2 or size > LONGEST:  # one natural card: a set's business (the pool)
            return False
        if size_problems(size, rules.run_min, rules.run_max):
            return False
        if joker_count_reasons(tail.jokers, tail.naturals, rules):
            return False
        if tail.pair and not adjacent_allowed(size, rules):
            return False
        if self.lowest and tail.last_joker and not tail.from_ace:
            return False  # the same cards with the joker first count less: that run is built
        return not ((tail.first_joker or tail.last_joker) and not end_jokers_allowed(size, rules))

    def shape(self, tail: Tail, suit: Suit) -> Shape:
        """The meld an exact tail has become, in ``suit``."""
        assert tail.span is not None
        faces: list[int] = []
        for i, joker in enumerate(tail.span.jokers_at):
            if not joker:
                rank = Rank((tail.span.first - 1 + i) % 13 + 1)
                faces.append(face_index(Card(rank, suit)))
        return Shape(tuple(sorted(faces)), tail.jokers)
