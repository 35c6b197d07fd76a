"""A brute-force meld oracle, written from the specification, not from ``melds.py``.

Every *layout* (an ordered list of concrete faces forming a legal set or run of
the meld's length) is enumerated; a layout fits the meld when the naturals'
faces are contained in it and the jokers fill the rest. The meld is valid when
some fitting layout also passes the joker constraints, and the shoe holds its cards.

Which layout counts (the placement), from the decisions of issue 11:

* ``ordered``, or a strict group given in an order: only layouts *as laid* (each
  natural card, and each pinned joker, in its own position);
* ``JokerPolicy.LOWER`` with a joker in the meld: the layouts worth fewest points;
* pins: the pinned faces are held by jokers (in their positions where the order binds);
* unless ``any_order``: the layouts as laid, if there are any;
* the most points among what is left.

>>> from rummy_learn.notation import parse_cards
>>> from rummy_learn.variants import preset
>>> oracle(parse_cards("Jkr 7s 8s"), preset("rami40"))
(True, 21)
>>> [oracle(parse_cards(m), preset("romme")) for m in ("9s 10s Jkr", "Jkr 9s 10s")]
[(True, 29), (True, 27)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from itertools import pairwise, permutations

from rummy_learn.cards import Card, Suit
from rummy_learn.rules import JokerPolicy, Rules

__all__ = ["layouts", "oracle"]

# One position of a layout: (rank 1..13, suit, points of that position).
Face = tuple[int, Suit, int]


def _value(rank: int) -> int:
    """Face value of a non-ace rank: 2..10 as printed, J Q K = 10."""
    return min(rank, 10)


def _set_layouts(n: int, rules: Rules) -> Iterator[list[Face]]:
    if not (rules.set_min <= n <= rules.set_max) or n > 4:
        return
    suits = list(Suit)
    for rank in range(1, 14):
        points = rules.ace_points if rank == 1 else _value(rank)
        for order in permutations(suits, n):
            indices = [s.index for s in order]
            if rules.strict_groups and indices != list(range(indices[0], indices[0] + n)):
                continue
            yield [(rank, suit, points) for suit in order]


def _run_layouts(n: int, rules: Rules) -> Iterator[list[Face]]:
    if not (rules.run_min <= n <= rules.run_max):
        return
    top = 14 if rules.ace_high else 13
    for suit in Suit:
        # linear positions 1..14: 1 is a low ace, 14 a high ace
        for start in range(1, top - n + 2):
            positions = range(start, start + n)
            if 1 in positions and 14 in positions:
                continue
            layout = []
            for p in positions:
                if p == 1:
                    layout.append((1, suit, rules.low_ace_points))
                elif p == 14:
                    layout.append((1, suit, rules.ace_points))
                else:
                    layout.append((p, suit, _value(p)))
            yield layout
        # on the 13-cycle an ace is low only as the first card, high elsewhere
        if rules.cyclic_runs and n <= 13:
            for start in range(1, 14):
                layout = []
                for i in range(n):
                    rank = (start - 1 + i) % 13 + 1
                    if rank != 1:
                        points = _value(rank)
                    else:
                        points = rules.low_ace_points if i == 0 else rules.ace_points
                    layout.append((rank, suit, points))
                yield layout


def layouts(n: int, rules: Rules) -> Iterator[list[Face]]:
    """Every legal set and run layout of ``n`` cards under ``rules``."""
    yield from _set_layouts(n, rules)
    yield from _run_layouts(n, rules)


def _jokers_allowed(k: int, nat: int, rules: Rules) -> bool:
    """The joker constraints that do not depend on the layout."""
    if nat < 1:
        return False
    if k == 0:
        return True
    if not rules.uses_jokers:
        return False
    if rules.max_jokers_per_meld is not None and k > rules.max_jokers_per_meld:
        return False
    if rules.jokers_fewer_than_naturals and not k < nat:
        return False
    return nat >= rules.min_naturals


def _is_set(layout: list[Face]) -> bool:
    return len({rank for rank, _, _ in layout}) == 1


def _joker_places_allowed(layout: list[Face], held: list[bool], rules: Rules) -> bool:
    """A set larger than ``joker_set_max`` holds no joker; a run longer than
    ``end_joker_run_max`` has none at its ends."""
    n = len(layout)
    if _is_set(layout):
        return rules.joker_set_max is None or n <= rules.joker_set_max
    limit = rules.end_joker_run_max
    return limit is None or n <= limit or not (held[0] or held[-1])


def _in_shoe(cards: Sequence[Card], rules: Rules) -> bool:
    """No more jokers and no more copies of a card than the largest shoe of the variant."""
    decks = max(t.decks for t in rules.deck_tiers)
    jokers = max(t.jokers for t in rules.deck_tiers)
    faces = Counter((c.rank, c.suit) for c in cards)
    return all(n <= (jokers if rank is None else decks) for (rank, _suit), n in faces.items())


def oracle(
    cards: Sequence[Card],
    rules: Rules,
    *,
    ordered: bool = False,
    any_order: bool = False,
    pins: Mapping[int, Card] | None = None,
) -> tuple[bool, int | None]:
    """(valid, points) of the meld ``cards`` under ``rules``; points is None when invalid."""
    pins = dict(pins or {})
    n = len(cards)
    naturals = Counter((int(c.rank), c.suit) for c in cards if not c.is_joker)
    nat = sum(naturals.values())
    k = n - nat
    if not _in_shoe(cards, rules) or not _jokers_allowed(k, nat, rules):
        return (False, None)
    jokers_may_touch = rules.adjacent_jokers_from is not None and n >= rules.adjacent_jokers_from
    wanted = {pos: (int(pin.rank), pin.suit) for pos, pin in pins.items()}
    found: list[tuple[int, bool, bool]] = []  # (points, as laid with the pins, pins fit)
    for layout in layouts(n, rules):
        faces = Counter((rank, suit) for rank, suit, _ in layout)
        if any(faces[face] < count for face, count in naturals.items()):
            continue  # the naturals do not fit into this layout
        # layout faces are pairwise distinct, so the jokers hold exactly the other positions
        held = [(rank, suit) not in naturals for rank, suit, _ in layout]
        if not jokers_may_touch and any(a and b for a, b in pairwise(held)):
            continue
        if k and not _joker_places_allowed(layout, held, rules):
            continue
        places = [(rank, suit) for rank, suit, _ in layout]
        laid = all(c.is_joker or places[i] == (int(c.rank), c.suit) for i, c in enumerate(cards))
        with_pins = laid and all(places[pos] == face for pos, face in wanted.items())
        bound = ordered or (_is_set(layout) and rules.strict_groups and not any_order)
        if bound and not laid:
            continue
        open_faces = {face for face, joker in zip(places, held, strict=True) if joker}
        fit = (with_pins if bound else set(wanted.values()) <= open_faces) and len(
            set(wanted.values())
        ) == len(wanted)
        found.append((sum(points for _, _, points in layout), with_pins, fit))
    if not found:
        return (False, None)
    if k and rules.joker_policy is JokerPolicy.LOWER:
        fewest = min(points for points, _, _ in found)
        found = [f for f in found if f[0] == fewest]
    if pins:
        found = [f for f in found if f[2]]
        if not found:
            return (False, None)
    if not any_order and any(laid for _, laid, _ in found):
        found = [f for f in found if f[1]]
    return (True, max(points for points, _, _ in found))
