"""The melds of one rank: sets from the cards no run took, each judged by ``check_meld``.

After the solver has walked the four suits of a rank (:mod:`rummy_learn.rank_dp`), the
natural cards of that rank left over may lie in sets, or alone with jokers in a meld
of one natural card (which ``check_meld`` may judge a run: 7♠ 🃏 🃏). For each number of
jokers they may take, :func:`group_plans` finds the melds worth most.

>>> from rummy_learn.meld_shapes import VerdictCache, shape_cards
>>> from rummy_learn.objectives import Objective
>>> from rummy_learn.variants import preset
>>> verdicts = VerdictCache(preset("romme"))
>>> plans = group_plans(9, (1, 1, 1, 0), 1, None, verdicts, Objective.CARDS)  # 9♣ 9♠ 9♥, 🃏
>>> [(p.jokers, p.worth, [" ".join(map(str, shape_cards(m))) for m in p.melds]) for p in plans]
[(0, 3, ['9♣ 9♠ 9♥']), (1, 4, ['9♣ 9♠ 9♥ 🃏'])]
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import NamedTuple

from rummy_learn.meld_shapes import Shape, VerdictCache
from rummy_learn.objectives import Objective, meld_worth
from rummy_learn.rules import Rules

__all__ = ["GroupPlan", "group_plans"]


class GroupPlan(NamedTuple):
    """Melds of one rank: the jokers they take, their worth, and the melds."""

    jokers: int
    worth: int
    melds: tuple[Shape, ...]


class _Best(NamedTuple):
    worth: int
    melds: tuple[Shape, ...]


Smaller = Callable[[int, tuple[int, ...], int, "int | None"], tuple[GroupPlan, ...]]
"""Where the best plans of a smaller pool come from: ``group_plans`` itself, or a cache of it."""


def group_plans(
    rank: int,
    pooled: tuple[int, ...],
    jokers: int,
    need: int | None,
    verdicts: VerdictCache,
    objective: Objective,
    smaller: Smaller | None = None,
    scale: int = 1,
) -> tuple[GroupPlan, ...]:
    """The best melds of the ``pooled`` cards (copies per suit) of ``rank``, by jokers taken.

    Only plans worth more than every plan with fewer jokers are listed. ``need``: a suit
    whose card must lie in a meld (the card the player must use); with no such plan, none.
    The first card left lies alone or in a meld with cards of later suits; the rest is a
    smaller pool, asked of ``smaller``. Worth is counted ``scale`` times.
    """
    rules = verdicts.rules
    again: Smaller = smaller or (
        lambda r, p, j, n: group_plans(r, p, j, n, verdicts, objective, smaller, scale)
    )
    suit = next((s for s in range(4) if pooled[s]), None)
    if suit is None:
        return () if need is not None else (GroupPlan(0, 0, ()),)
    found: dict[int, _Best] = {}
    rest = list(pooled)
    rest[suit] -= 1
    for plan in again(rank, tuple(rest), jokers, need):  # the card stays in hand
        _keep(found, plan.jokers, _Best(plan.worth, plan.melds))
    others = [s for s in range(suit + 1, 4) if pooled[s]]
    smallest, largest = _sizes(rules)
    for size in range(len(others) + 1):
        for chosen in combinations(others, size):
            suits = (suit, *chosen)
            naturals = len(suits)
            left = list(rest)
            for other in chosen:
                left[other] -= 1
            faces = tuple(s * 13 + rank - 1 for s in suits)
            least = max(0, (smallest if naturals == 1 else rules.set_min) - naturals)
            most = min(jokers, (largest if naturals == 1 else min(rules.set_max, 4)) - naturals)
            for k in range(least, most + 1):
                check = verdicts.judge(Shape(faces, k))
                if check is None:
                    continue
                worth = meld_worth(check, objective, rules) * scale
                still = None if need in suits else need
                for plan in again(rank, tuple(left), jokers - k, still):
                    melds = (Shape(faces, k), *plan.melds)
                    _keep(found, plan.jokers + k, _Best(worth + plan.worth, melds))
    kept: list[GroupPlan] = []
    for used in sorted(found):
        if not kept or found[used].worth > kept[-1].worth:
            kept.append(GroupPlan(used, found[used].worth, found[used].melds))
    return tuple(kept)


def _sizes(rules: Rules) -> tuple[int, int]:
    """The fewest and most cards a meld of one rank may hold, as a set or (one natural card
    with jokers) as a run."""
    return min(rules.set_min, rules.run_min), min(max(rules.set_max, rules.run_max), 13)


def _keep(found: dict[int, _Best], used: int, best: _Best) -> None:
    known = found.get(used)
    if known is None or best.worth > known.worth:
        found[used] = best
