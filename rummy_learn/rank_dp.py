"""The best melds of a hand, exactly, by dynamic programming over the ranks.

Runs lie within a suit and sets within a rank, so the solver walks the slots of the
ranks from the ace (1) to the king (13), and in each slot the four suits one by one
(:mod:`rummy_learn.rank_moves`), then the rank's sets. What the rest of the walk needs
to know is a :data:`State`: each suit's open runs (a bundle of tails), the jokers left,
and, within a slot, the natural cards left for the rank's sets. Walks that reach the same
state are one: only the worthiest is kept, so the work grows with the number of states,
not with the number of ways to play the hand. After the king, runs end or turn the
corner. Every meld found is then judged once more by ``check_meld``.

>>> from rummy_learn.meld_shapes import VerdictCache, hand_counts, shape_cards
>>> from rummy_learn.notation import parse_cards
>>> from rummy_learn.objectives import Objective
>>> from rummy_learn.rank_moves import MoveTables
>>> from rummy_learn.variants import preset
>>> tables = MoveTables(VerdictCache(preset("rami40")), Objective.POINTS)
>>> counts, jokers = hand_counts(parse_cards("5♥ 6♥ 7♥ 6♠ 6♣ K♦ Jkr"))
>>> found = solve(tables, counts, jokers)
>>> found.worth, sorted(" ".join(map(str, shape_cards(s))) for s in found.melds)
(36, ['5♥ 6♥ 7♥', '6♣ 6♠ 🃏'])
"""

from __future__ import annotations

import time
from typing import NamedTuple

from rummy_learn.meld_shapes import Shape
from rummy_learn.rank_bounds import TIE
from rummy_learn.rank_melds import Move, lay_melds
from rummy_learn.rank_moves import MOST_COPIES, POOL_BITS, MoveTables
from rummy_learn.rank_prune import live_counts

__all__ = ["BEAM", "GLANCE", "WIDE", "Found", "State", "TooWide", "Walked", "solve", "walk"]

BEAM = 200
"""States kept per step of a walk once the time is up (the answer is then the best found,
not proven best)."""

GLANCE = 48
"""States kept per step by the solver's first, quick walk (see :func:`solve`)."""

WIDE = 3000
"""States in a step past which the walk just above the glance gives way (see :func:`solve`)."""


class TooWide(Exception):
    """A walk with a cap on its states went past it."""


State = tuple[int, ...]
"""Seven numbers: the bundles of ♣ ♠ ♥ ♦; the jokers left; the natural cards of the slot left
for its sets (``POOL_BITS`` to a suit, and the bit :data:`MUST` << suit: the card that must be
used is among them); the jokers the open runs need at least (a run that may not end yet
needs a natural card of the next slot, or a joker: a bound, so that states sure to fail go
no further)."""

MUST = 1 << 4 * POOL_BITS
"""In a state's pooled cards, the bit (shifted by the suit) that marks the card that must be
used as one of them: a set must take it."""


class Found(NamedTuple):
    """The walk's answer: the worth, the melds, and whether it is proven best."""

    worth: int
    melds: tuple[Shape, ...]
    proven: bool


class Walked(NamedTuple):
    """What one walk found: the worthiest melds (None: no state lasted to the end), and
    whether it kept every state it could (not cut to a width)."""

    found: Found | None
    whole: bool


def solve(
    tables: MoveTables,
    counts: list[int],
    jokers: int,
    *,
    required: tuple[int, int] | None = None,
    joker_required: bool = False,
    deadline: float | None = None,
) -> Found:
    """The worthiest melds of a hand (see :func:`walk`); no melds when what is required
    cannot be melded.

    1. A glance: a walk :data:`GLANCE` states wide, exact if no step had more.
    2. Exact walks, each with a *floor*: a state that could not reach it, even with every
       card left melded at its best, goes no further; a walk that reaches its floor has
       found the best melds (nothing better was cut), one that does not proves that nothing
       reaches it. The first floor is just above the glance: the glance is most often the
       best, and then this walk, cut to the few states that could beat it, proves it.
    3. Where that walk grows wider than :data:`WIDE` states (the glance was far from the
       best), floors from the top down: the most the hand could be worth (its *ceiling*)
       less 1, 2, 4, 8… A high floor cuts most states early: the work goes where the answer is.

    First of all, the cards no meld can hold are left out
    (:func:`~rummy_learn.rank_prune.live_counts`).
    """
    keep = None if required is None else required[0] * 13 + required[1] - 1
    counts = live_counts(counts, jokers, tables.rules, keep)

    def go(floor: int | None, *, width: int | None = None, cap: int | None = None) -> Walked:
        return walk(
            tables, counts, jokers, required=required, joker_required=joker_required,
            deadline=deadline, width=width, floor=floor, cap=cap,
        )  # fmt: skip

    glance = go(None, width=GLANCE)
    if glance.whole:
        return glance.found or Found(0, (), True)
    known = glance.found
    above = None if known is None else known.worth + 1  # just above the glance
    ceiling, gap = tables.ceilings.ceiling(counts, jokers), 1
    floors: list[int | None] = []
    while ceiling - gap > (0 if above is None else above):
        floors.append(ceiling - gap)
        gap *= 2
    floors.append(above)  # at last: just above the glance, or no floor if it found nothing
    if above is not None and len(floors) > 1:
        floors.insert(0, above)  # first of all, unless it grows too wide
    for i, floor in enumerate(floors):
        try:
            walked = go(floor, cap=WIDE if i == 0 and len(floors) > 1 else None)
        except TooWide:
            continue
        found = walked.found
        if found is not None and (floor is None or found.worth >= floor):
            return found._replace(proven=walked.whole)  # nothing better was cut
        if not walked.whole or floor == above:  # out of time, or nothing beats the glance
            best = max(
                (f for f in (found, known) if f is not None), key=lambda f: f.worth, default=None
            )
            return (best or Found(0, (), True))._replace(proven=walked.whole)
    raise AssertionError("the last floor is always walked")


def walk(
    tables: MoveTables,
    counts: list[int],
    jokers: int,
    *,
    required: tuple[int, int] | None = None,
    joker_required: bool = False,
    deadline: float | None = None,
    width: int | None = None,
    floor: int | None = None,
    cap: int | None = None,
) -> Walked:
    """The worthiest melds of a hand (``counts`` of each face, ``jokers``), if any walk ends.

    ``required``: the (suit, rank) of a natural card of which one copy must lie in a meld;
    ``joker_required``: a joker must.

    ``width``: only so many of the worthiest states of each step go on (a quick answer,
    proven best only if no step had more). ``floor``: a state that could not reach it, even
    if every card left were melded at its best, goes no further. Past ``deadline``
    (``time.monotonic()``), the width is :data:`BEAM`. ``cap``: past so many states in a
    step, the walk gives up (:class:`TooWide`).
    """
    return _Walk(tables, counts, jokers, required, floor).run(
        joker_required=joker_required, width=width, deadline=deadline, cap=cap
    )


class Layer:
    """The states after one step of the walk: the worth of each, and how the changed ones came.

    A state not in ``moves`` is one the step left as it was.
    """

    __slots__ = ("before", "moves", "slot", "suit", "worth")

    def __init__(self, slot: int, suit: int | None) -> None:
        self.slot = slot  # 1…13; 14: after the king
        self.suit = suit  # the suit played, or None: the rank's sets
        self.worth: dict[State, int] = {}
        self.before: dict[State, State] = {}
        self.moves: dict[State, Move] = {}

    def offer(self, state: State, worth: int, before: State, move: Move) -> None:
        """A way to reach ``state``, kept if it is the worthiest so far."""
        known = self.worth.get(state)
        if known is None or worth > known:
            self.worth[state] = worth
            self.before[state] = before
            self.moves[state] = move

    def keep(self, state: State, worth: int) -> None:
        """The state as it was, kept if it is the worthiest way to it so far."""
        known = self.worth.get(state)
        if known is None or worth > known:
            self.worth[state] = worth
            if known is not None:
                self.moves.pop(state, None)
                self.before.pop(state, None)

    def narrow(self, width: int, per_joker: int, per_card: int) -> bool:
        """Only the ``width`` most promising states go on (the worthiest, counting the jokers
        left and the cards waiting for the rank's sets at their best); True if some were
        dropped."""
        if len(self.worth) <= width:
            return False
        worth = self.worth

        def promise(state: State) -> int:
            return worth[state] + state[4] * per_joker + _pooled(state[5]) * per_card

        self.worth = {s: worth[s] for s in sorted(worth, key=promise, reverse=True)[:width]}
        return True


def _pooled(pooled: int) -> int:
    """How many natural cards of the slot wait for its sets."""
    bits, most = POOL_BITS, MOST_COPIES
    return (
        (pooled & most)
        + (pooled >> bits & most)
        + (pooled >> 2 * bits & most)
        + (pooled >> 3 * bits & most)
    )


class _Walk:
    """One walk over a hand: the hand, its floor, and the most each card left can add."""

    def __init__(
        self,
        tables: MoveTables,
        counts: list[int],
        jokers: int,
        required: tuple[int, int] | None,
        floor: int | None,
    ) -> None:
        self.tables = tables
        self.counts = counts
        self.jokers = jokers
        self.required = required
        self.floor = floor
        self.exact = tables.book.exact  # runs add their worth only when they end
        self.coming = [[0] * 14 for _suit in range(4)]  # a suit's natural cards after a slot
        for suit, after in ((suit, after) for suit in range(4) for after in range(12, -1, -1)):
            self.coming[suit][after] = self.coming[suit][after + 1] + counts[suit * 13 + after]
        book = tables.book  # where a run after the king may begin: near a card up to the king
        reach = min(jokers, book.most_jokers)
        self.heads = [
            book.cyclic
            or any(counts[suit * 13 + slot - 1] for slot in range(max(2, 13 - reach), 14))
            for suit in range(4)
        ]
        self.per_joker = 0  # the most a joker can add, and what the cells after a cell can
        self.rest: list[int] = []  # add at most (index 4 (slot - 1) + suit): for floors and widths

    def bounds(self) -> None:
        """Work out ``per_joker`` and ``rest`` (a walk with a floor or a width needs them)."""
        ceilings, counts = self.tables.ceilings, self.counts
        self.per_joker = ceilings.joker_most(counts, self.jokers)
        rest = [0] * 53
        for place in range(51, -1, -1):
            slot, suit = divmod(place, 4)
            rest[place] = rest[place + 1] + counts[suit * 13 + slot] * ceilings.most_for(slot + 1)
        self.rest = rest[1:]

    def run(
        self, *, joker_required: bool, width: int | None, deadline: float | None, cap: int | None
    ) -> Walked:
        if self.floor is not None:
            self.bounds()
        state: State = (0, 0, 0, 0, self.jokers, 0, 0)
        layer = Layer(0, None)
        layer.worth[state] = 0
        layers: list[Layer] = []
        cut = False
        for slot in range(1, 14):
            pooled = False
            for suit in range(4):
                available = self.counts[suit * 13 + slot - 1]
                if not available and not any(state[suit] for state in layer.worth):
                    continue
                pooled = pooled or available > 0
                layer = self._cell(layer, slot, suit, available)
                if deadline is not None and width is None and time.monotonic() > deadline:
                    width = BEAM
                if width is not None and len(layer.worth) > width:
                    if not self.rest:
                        self.bounds()
                    per_card = self.tables.ceilings.most_for(slot)
                    cut = layer.narrow(width, self.per_joker, per_card) or cut
                if cap is not None and len(layer.worth) > cap:
                    raise TooWide
                layers.append(layer)
            if pooled:
                layer = self._groups(layer, slot)
                layers.append(layer)
        for suit in range(4):
            if any(state[suit] for state in layer.worth):
                layer = self._end(layer, suit)
                layers.append(layer)
        worth = layer.worth
        finals = [s for s in worth if not joker_required or s[4] < self.jokers]
        if not finals:
            return Walked(None, not cut)
        best = max(finals, key=worth.__getitem__)
        return Walked(Found(worth[best] // TIE, lay_melds(layers, best), not cut), not cut)

    def _need(self, slot: int, suit: int, state: State) -> int | None:
        """The worth a state must have after the cell (slot, suit), less what the cards and
        jokers it takes into the cell can add, to reach the floor (None: no floor)."""
        if self.floor is None:
            return None
        need = self.floor * TIE - self.rest[(slot - 1) * 4 + suit]
        if self.exact:
            potential = self.tables.potential
            need -= sum(potential(state[s]) for s in range(4) if s != suit)
        return need - _pooled(state[5]) * self.tables.ceilings.most_for(slot)

    def _cell(self, layer: Layer, slot: int, suit: int, available: int) -> Layer:
        """Play the natural cards of a slot in one suit (the walk's inner loop: kept lean)."""
        tables = self.tables
        after = Layer(slot, suit)
        worth, before, moves = after.worth, after.before, after.moves
        shift, must = POOL_BITS * suit, MUST << suit
        last = slot == 13  # the suit's runs are as they will end, round the corner or not
        next_slot = 0 if last else self.counts[suit * 13 + slot]
        coming = self.coming[suit][slot]
        required = self.required == (suit, slot)
        stuck, potential, exact = tables.stuck, tables.potential, self.exact
        per_card, per_joker = tables.ceilings.most_for(slot), self.per_joker
        for state, value in layer.worth.items():
            bundle, jokers = state[suit], state[4]
            if not available and not bundle:
                after.keep(state, value)
                continue
            held = stuck(bundle)
            others = state[6] - (held - available if held > available else 0)
            need = self._need(slot, suit, state)
            parts = list(state)
            cell = tables.cell_moves(
                slot, bundle, available, jokers, required=required, heads=self.heads[suit]
            )
            for move in cell:
                if move.wanted > coming:
                    continue  # its runs need more natural cards than the suit has to come
                left = jokers - move.jokers
                if last:
                    owed = others + move.king
                else:
                    owed = others + (move.stuck - next_slot if move.stuck > next_slot else 0)
                if owed > left:
                    continue
                total = value + move.worth
                if need is not None:
                    most = total + move.pooled * per_card + left * per_joker
                    if most + (potential(move.bundle) if exact else 0) < need:
                        continue
                parts[suit] = move.bundle
                parts[4] = left
                parts[5] = state[5] + (move.pooled << shift) + (must if move.need else 0)
                parts[6] = owed
                moved = tuple(parts)
                known = worth.get(moved)
                if known is None or total > known:
                    worth[moved] = total
                    before[moved] = state
                    moves[moved] = move
        return after

    def _groups(self, layer: Layer, slot: int) -> Layer:
        tables = self.tables
        after = Layer(slot, None)
        per_joker = self.per_joker
        for state, value in layer.worth.items():
            b0, b1, b2, b3, jokers, pooled, owed = state
            if not pooled:
                after.keep(state, value)
                continue
            need = self._need(slot, 3, state)
            if need is not None:  # the pooled cards are played here: their most is in plan.worth
                need += _pooled(pooled) * tables.ceilings.most_for(slot)
                if self.exact:
                    need -= tables.potential(b3)
            counts = tuple(pooled >> POOL_BITS * suit & MOST_COPIES for suit in range(4))
            must = next((suit for suit in range(4) if pooled & MUST << suit), None)
            for plan in tables.group_moves(slot, counts, jokers, must):
                if plan.jokers > jokers - owed:
                    break  # plans come by jokers taken
                total = value + plan.worth
                left = jokers - plan.jokers
                if need is not None and total + left * per_joker < need:
                    continue
                after.offer((b0, b1, b2, b3, left, 0, owed), total, state, plan)
        return after

    def _end(self, layer: Layer, suit: int) -> Layer:
        tables = self.tables
        after = Layer(14, suit)
        for state, value in layer.worth.items():
            bundle, jokers = state[suit], state[4]
            if not bundle:
                after.keep(state, value)
                continue
            parts = list(state)
            parts[suit] = 0
            parts[6] = max(0, state[6] - tables.owed_after_king(bundle))
            for move in tables.end_moves(bundle, jokers):
                parts[4] = jokers - move.jokers
                after.offer(tuple(parts), value + move.worth, state, move)
        return after
