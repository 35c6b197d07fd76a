"""The most the cards of a hand can add to the walk's worth: the bounds that cut the walk.

The walk of :mod:`rummy_learn.rank_dp` keeps a state only if its worth, plus the most the
cards it has not melded yet could add, can still reach its floor. :class:`Ceilings` says
what each card can add at most; a joker's most depends on the hand (a joker counts 10 only
near a card it could lie with).

>>> from rummy_learn.meld_shapes import hand_counts
>>> from rummy_learn.notation import parse_cards
>>> from rummy_learn.objectives import Objective
>>> from rummy_learn.open_runs import RunBook
>>> from rummy_learn.variants import preset
>>> romme = preset("romme")
>>> ceilings = Ceilings(romme, Objective.POINTS, RunBook(romme, points=True))
>>> counts, jokers = hand_counts(parse_cards("5♣ 6♣ 7♣ Jkr"))
>>> ceilings.ceiling(counts, jokers)  # the joker is worth 8 at best: as 8♣
26
"""

from __future__ import annotations

from rummy_learn.cards import Rank
from rummy_learn.layouts import card_points
from rummy_learn.objectives import Objective, slot_worth
from rummy_learn.open_runs import RunBook, Tail
from rummy_learn.rules import Rules
from rummy_learn.runs import slot_points

__all__ = ["TIE", "Ceilings"]

TIE = 256
"""The walk's worth is the objective's worth times ``TIE``, plus the natural cards that lie in
runs (fewer than ``TIE``): among answers of equal worth, the walk prefers the one that keeps
natural cards in runs and gives the jokers to the sets (5♥ 6♥ 7♥ and 6♣ 6♠ 🃏, not 5♥ 🃏 7♥
and 6♣ 6♠ 6♥)."""


class Ceilings:
    """What a card can add to the walk's worth at most, under one rule set and objective."""

    def __init__(self, rules: Rules, objective: Objective, book: RunBook) -> None:
        self.rules = rules
        self.objective = objective
        self.book = book
        self._most = _most_worth(rules, objective)

    def most_for(self, rank: int | None) -> int:
        """The most a natural card of ``rank`` (None: a joker) can add to a walk's worth."""
        return self._most[rank] * TIE + (rank is not None)

    def joker_most(self, counts: list[int], jokers: int) -> int:
        """The most a joker can be worth with this hand: in a set of a rank it holds, or in a
        run within reach of a card of the run's suit (no farther than the jokers a run holds)."""
        most = self._most[None]
        if self.objective is not Objective.POINTS or self.rules.cyclic_runs:
            return most * TIE
        rules = self.rules
        best = 0
        for suit in range(4):
            held = [rank for rank in range(1, 14) if counts[suit * 13 + rank - 1]]
            reach = min(self.book.most_jokers, jokers)
            if rules.jokers_fewer_than_naturals:
                reach = min(reach, len(held) - 1 if len(held) > 1 else 1)
            for rank in held:
                best = max(best, card_points(Rank(rank), rules))
                for slot in (1, 14) if rank == 1 else (rank,):
                    for place in range(slot - reach, slot + reach + 1):
                        if 1 <= place <= (14 if self.book.heads else 13):
                            best = max(best, slot_points(place, rules))
        return min(best, most) * TIE

    def ceiling(self, counts: list[int], jokers: int) -> int:
        """The most a hand could be worth (in the objective's worth): every card melded at its
        best."""
        most = self._most
        naturals = sum(n * most[i % 13 + 1] for i, n in enumerate(counts) if n)
        return naturals + jokers * self.joker_most(counts, jokers) // TIE

    def potential(self, tails: tuple[Tail, ...]) -> int:
        """The most the cards of open runs can add when the runs end (for exact tails: the
        others count as they grow)."""
        most = self._most[None] * TIE + 1
        return sum(most * (t.naturals + t.jokers) for t in tails)


def _most_worth(rules: Rules, objective: Objective) -> dict[int | None, int]:
    """The most a natural card of each rank (and a joker: None) is worth in any meld."""
    most: dict[int | None, int] = {}
    for rank in range(1, 14):
        slots = (1, 14) if rank == 1 else (rank,)
        as_run = max(slot_worth(objective, rules, s, joker=False) for s in slots)
        in_set = card_points(Rank(rank), rules) if objective is Objective.POINTS else as_run
        most[rank] = max(as_run, in_set)
    jokers = [slot_worth(objective, rules, s, joker=True) for s in range(1, 15)]
    jokers += (
        [card_points(Rank(r), rules) for r in range(1, 14)] if objective is Objective.POINTS else []
    )
    most[None] = max(jokers)
    return most
