"""Checking a run (sequence): the windows of consecutive ranks that can hold its cards.

A window is a list of *slots*: 1 is a low ace, 2…13 the ranks, 14 a high ace. The jokers
fill the slots the natural cards leave open. When no window holds the cards, the reason
says why: a gap (naming the cards it lacks), the corner K-A-2, a high ace where the
variant has none.

>>> from rummy_learn.notation import parse_cards
>>> from rummy_learn.layouts import MeldInput
>>> from rummy_learn.variants import preset
>>> inp = MeldInput.of(tuple(parse_cards("5♥ 6♥ 9♥")), {}, ordered=False, any_order=False)
>>> problems, layouts = check_run(inp, preset("romme"))
>>> [(p.reason.value, [str(c) for c in p.cards]) for p in problems], layouts
([('gap', ['7♥', '8♥'])], [])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummy_learn.cards import SUITS, Card, Rank, Suit
from rummy_learn.layouts import (
    Layout,
    MeldInput,
    RuleCheck,
    adjacent_allowed,
    fill_jokers,
    first_of_each,
    has_adjacent,
    joker_count_problems,
    narrow,
    size_problems,
)
from rummy_learn.reasons import Problem, Reason
from rummy_learn.rules import Rules

__all__ = ["check_run", "end_jokers_allowed", "run_windows", "slot_points", "windows_of"]

_SLOT_RANKS: tuple[Rank, ...] = tuple(Rank((slot - 1) % 13 + 1) for slot in range(15))
_SLOT_POINTS: tuple[int, ...] = (0, 0, *range(2, 11), 10, 10, 10, 0)  # aces count apart
_FACES: dict[tuple[int, Suit], Card] = {
    (slot, suit): Card(_SLOT_RANKS[slot], suit) for slot in range(1, 15) for suit in SUITS
}


def run_windows(ranks: set[int], m: int, *, cyclic: bool) -> list[list[int]]:
    """Every window of ``m`` consecutive slots that holds all ``ranks`` (1 for an ace).

    Linear slots run 1 (low ace) … 14 (high ace); cyclic slots wrap round after 13, and
    there an ace is low only where the window starts with it.

    >>> run_windows({1, 13}, 3, cyclic=False), run_windows({1, 13}, 3, cyclic=True)[0]
    ([[12, 13, 14]], [12, 13, 14])
    """
    windows: list[list[int]] = []
    if cyclic:
        for start in range(1, 14):
            slots = [(start - 1 + i) % 13 + 1 for i in range(m)]
            if ranks.issubset(slots):
                windows.append([14 if s == 1 and i else s for i, s in enumerate(slots)])
        return windows
    plain = {r for r in ranks if r != 1}
    for ace in (1, 14) if 1 in ranks else (0,):
        wanted = plain | ({ace} if ace else set())
        lo, hi = min(wanted), max(wanted)
        windows.extend(
            list(range(start, start + m))
            for start in range(max(1, hi - m + 1), min(lo, 15 - m) + 1)
        )
    return windows


def windows_of(m: int, rules: Rules) -> list[list[int]]:
    """Every window of ``m`` slots a run may take under the rules (the shapes of its runs).

    >>> from rummy_learn.variants import preset
    >>> [w[0] for w in windows_of(12, preset("romme"))], windows_of(3, preset("rami40"))[-1]
    ([1, 2, 3], [12, 13, 14])
    >>> len(windows_of(3, preset("palace", ["cyclic_runs"]))), windows_of(14, preset("romme"))
    (13, [])
    """
    if not 1 <= m <= 13:
        return []
    top = 14 if rules.ace_high else 13
    windows = [list(range(start, start + m)) for start in range(1, top - m + 2)]
    if rules.cyclic_runs:  # every arc of the cycle, the ace after a king included
        windows += [w for w in run_windows(set(), m, cyclic=True) if w not in windows]
    return windows


def slot_points(slot: int, rules: Rules) -> int:
    """The points of a run's slot: 1 is a low ace (only ever first), 14 a high one.

    >>> from rummy_learn.variants import preset
    >>> [slot_points(s, preset("rummy40")) for s in (1, 7, 12, 14)]
    [11, 7, 10, 11]
    """
    if slot == 1:
        return rules.low_ace_points
    if slot == 14:
        return rules.ace_points
    return _SLOT_POINTS[slot]


def _window_points(slots: Sequence[int], rules: Rules) -> int:
    return sum(slot_points(slot, rules) for slot in slots)


def end_jokers_allowed(size: int, rules: Rules) -> bool:
    """May a run of this size have a joker at either end?

    >>> from dataclasses import replace
    >>> from rummy_learn.variants import preset
    >>> short = replace(preset("romme"), end_joker_run_max=3)
    >>> end_jokers_allowed(3, short), end_jokers_allowed(4, short)
    (True, False)
    """
    return rules.end_joker_run_max is None or size <= rules.end_joker_run_max


def _missing(ranks: set[int], suit: Suit, rules: Rules) -> tuple[Card, ...]:
    """The cards a gap lacks: the fewest that would join the ranks into one run."""
    options: list[list[int]] = []
    aces = ((1, 14) if rules.ace_high else (1,)) if 1 in ranks else (0,)
    plain = ranks - {1}
    for ace in aces:
        wanted = plain | ({ace} if ace else set())
        options.append([s for s in range(min(wanted), max(wanted) + 1) if s not in wanted])
    if rules.cyclic_runs:  # round the corner: leave out the largest gap of the cycle
        ring = sorted(ranks)
        steps = [((b - a) % 13 or 13, a) for a, b in zip(ring, [*ring[1:], ring[0]], strict=True)]
        _widest, last = max(steps)
        first = ring[(ring.index(last) + 1) % len(ring)]
        arc = [(first - 1 + i) % 13 + 1 for i in range((last - first) % 13 + 1)]
        options.append([14 if s == 1 else s for s in arc if s not in ranks])
    return tuple(_FACES[slot, suit] for slot in min(options, key=len))


def check_run(inp: MeldInput, rules: Rules) -> tuple[list[Problem], list[Layout]]:
    """Every reason the cards are no run, and the layouts the order and the rules allow."""
    cards = inp.cards
    problems = size_problems(len(cards), rules.run_min, rules.run_max)
    problems += joker_count_problems(inp, rules)
    suits = Counter(cards[i].suit for i in inp.naturals)
    suit = max(SUITS, key=lambda s: (suits[s], -s.index))
    odd = [cards[i] for i in inp.naturals if cards[i].suit is not suit]
    if odd:
        problems.append(Problem(Reason.MIXED_SUITS, tuple(odd)))
    seen, doubles = first_of_each(inp, lambda card: int(card.rank or 0))
    if doubles:
        problems.append(Problem(Reason.DUPLICATE_RANK, tuple(doubles)))
    m = len(seen) + len(inp.jokers)
    if m > 13 or m < 1:
        return problems, []
    ranks = set(seen)
    linear = run_windows(ranks, m, cyclic=False)
    high_only = False
    if not rules.ace_high:
        high_only = bool(linear) and all(w[-1] == 14 for w in linear)
        linear = [w for w in linear if w[-1] != 14]
    windows = linear
    cyclic = run_windows(ranks, m, cyclic=True) if rules.cyclic_runs or not linear else []
    if rules.cyclic_runs:  # every arc of the cycle, the ace after a king included
        windows = linear + [w for w in cyclic if w not in linear]
    elif high_only:
        return [*problems, Problem(Reason.ACE_HIGH_NOT_ALLOWED)], []
    elif not linear and cyclic:  # one reason: the ace would be high and low at once
        aces = (cards[seen[1]],) if 1 in seen else ()
        return [*problems, Problem(Reason.WRAP_AROUND, aces)], []
    if not windows:
        gap = Problem(Reason.GAP, _missing(ranks, suit, rules), limit=len(inp.jokers))
        return [*problems, gap], []
    if doubles or odd:
        return problems, []
    layouts = [_layout(w, inp, seen, suit, rules) for w in windows]
    binding = Problem(Reason.OUT_OF_ORDER) if inp.ordered else None
    alive, failed = narrow(layouts, inp, _rules(inp, rules), binding)
    return problems + failed, alive


def _layout(
    slots: list[int], inp: MeldInput, seen: dict[int, int], suit: Suit, rules: Rules
) -> Layout:
    faces = [_FACES[s, suit] for s in slots]
    holders = [seen.get((s - 1) % 13 + 1, -1) for s in slots]
    fill_jokers(holders, faces, inp)
    return Layout(faces, holders, _window_points(slots, rules))


def _rules(inp: MeldInput, rules: Rules) -> list[RuleCheck]:
    """Where jokers may lie in a run: apart (where the variant says so), off long runs' ends."""
    checks: list[RuleCheck] = []
    n = len(inp.cards)
    if not adjacent_allowed(n, rules):
        checks.append((Reason.ADJACENT_JOKERS, (), lambda lay: not _jokers_touch(lay, inp)))
    if not end_jokers_allowed(n, rules):
        checks.append((Reason.JOKER_PLACE, (), lambda lay: not _joker_at_an_end(lay, inp)))
    return checks


def _jokers_touch(layout: Layout, inp: MeldInput) -> bool:
    return has_adjacent([inp.cards[h].is_joker for h in layout.holders])


def _joker_at_an_end(layout: Layout, inp: MeldInput) -> bool:
    return inp.cards[layout.holders[0]].is_joker or inp.cards[layout.holders[-1]].is_joker
