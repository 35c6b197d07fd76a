"""Checking one meld (a set or a run) against a variant's rules.

:func:`check_meld` takes cards in any order, arranges them, and answers with a
:class:`MeldCheck`: the kind, every :class:`~rummy_learn.reasons.Reason` it
fails, the card each joker stands for, and the points.

>>> from rummy_learn.notation import parse_cards
>>> from rummy_learn.variants import preset
>>> result = check_meld(parse_cards("8♠ Jkr 7♠"), preset("rami40"))
>>> result.valid, result.kind.value, [str(j.stands_for) for j in result.jokers], result.points
(True, 'run', ['6♠'], 21)
>>> [r.value for r in check_meld(parse_cards("Jkr Jkr 5♥ 6♥"), preset("rami40")).reasons]
['too_many_jokers']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import combinations, pairwise

from rummy_learn.cards import SUITS, Card, Rank, Suit
from rummy_learn.reasons import Problem, Reason
from rummy_learn.rules import JokerPolicy, Rules

__all__ = ["JokerUse", "MeldCheck", "MeldKind", "card_points", "check_meld"]


class MeldKind(Enum):
    """The two kinds of meld."""

    SET = "set"  # group: one rank, different suits
    RUN = "run"  # sequence: one suit, consecutive ranks


@dataclass(frozen=True, slots=True)
class JokerUse:
    """A joker of the meld: its position in the input and the card it stands for."""

    index: int
    stands_for: Card


@dataclass(frozen=True, slots=True)
class MeldCheck:
    """The verdict on one meld.

    ``arrangement`` is the meld as it lies on the table (jokers in their places),
    or the input order when no arrangement exists; ``faces`` is the card each place
    of the arrangement shows or stands for (empty when there is no arrangement).
    """

    cards: tuple[Card, ...]
    kind: MeldKind | None
    problems: tuple[Problem, ...]
    jokers: tuple[JokerUse, ...]
    points: int | None
    arrangement: tuple[Card, ...]
    faces: tuple[Card, ...] = ()

    @property
    def valid(self) -> bool:
        """True when the meld breaks no rule."""
        return not self.problems

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """The codes of every rule the meld breaks, in a stable order."""
        return tuple(p.reason for p in self.problems)

    def __bool__(self) -> bool:
        return self.valid


def card_points(rank: Rank, rules: Rules, *, low_ace: bool = False) -> int:
    """A natural card's points in a meld: face value, 10 for J Q K, the variant's ace values.

    >>> from rummy_learn.variants import preset
    >>> [card_points(r, preset("romme")) for r in (Rank.ACE, Rank.SEVEN, Rank.KING)]
    [11, 7, 10]
    >>> card_points(Rank.ACE, preset("romme"), low_ace=True)
    1
    """
    if rank == Rank.ACE:
        return rules.low_ace_points if low_ace else rules.ace_points
    return 10 if rank >= Rank.JACK else int(rank)


# --- shared pieces ---------------------------------------------------------------------------


@dataclass(slots=True)
class _Input:
    cards: tuple[Card, ...]
    naturals: list[int]  # indices of natural cards
    jokers: list[int]  # indices of jokers
    pins: dict[int, Card]
    ordered: bool


@dataclass(slots=True)
class _Layout:
    """One way to lay the meld: the card each position stands for, and who fills it."""

    faces: list[Card]  # the natural card each position shows or stands for
    holders: list[int]  # input index of the card in each position
    points: int
    order: int  # tie-break: lower is preferred


def _adjacent_allowed(size: int, rules: Rules) -> bool:
    return rules.adjacent_jokers_from is not None and size >= rules.adjacent_jokers_from


def _has_adjacent(flags: Sequence[bool]) -> bool:
    return any(a and b for a, b in pairwise(flags))


def _joker_count_problems(inp: _Input, rules: Rules) -> list[Problem]:
    k, naturals = len(inp.jokers), len(inp.naturals)
    problems: list[Problem] = []
    if k and not rules.uses_jokers:
        problems.append(Problem(Reason.JOKERS_NOT_IN_PLAY))
    if rules.max_jokers_per_meld is not None and k > rules.max_jokers_per_meld:
        problems.append(Problem(Reason.TOO_MANY_JOKERS, limit=rules.max_jokers_per_meld))
    if rules.jokers_fewer_than_naturals and k and k >= naturals:
        problems.append(Problem(Reason.JOKERS_NOT_FEWER))
    if k and naturals < rules.min_naturals:
        problems.append(Problem(Reason.TOO_FEW_NATURALS, limit=rules.min_naturals))
    return problems


def _size_problems(n: int, low: int, high: int) -> list[Problem]:
    if n < low:
        return [Problem(Reason.TOO_FEW_CARDS, limit=low)]
    if n > high:
        return [Problem(Reason.TOO_MANY_CARDS, limit=high)]
    return []


def _choose(
    layouts: list[_Layout],
    filters: Sequence[tuple[Reason, Iterable[Card], list[bool]]],
    rules: Rules,
) -> tuple[_Layout | None, list[Problem]]:
    """Keep the layouts every filter accepts, pick one by the joker policy, name what failed."""
    alive = [all(f[2][i] for f in filters) for i in range(len(layouts))]
    chosen = [lay for lay, ok in zip(layouts, alive, strict=True) if ok]
    if chosen:
        best = (min if rules.joker_policy is JokerPolicy.LOWER else max)(
            chosen, key=lambda lay: lay.points
        )
        ties = [lay for lay in chosen if lay.points == best.points]
        return min(ties, key=lambda lay: lay.order), []
    problems = [Problem(reason, tuple(cards)) for reason, cards, ok in filters if not any(ok)]
    if not problems and filters:  # each filter alone is fine, together they are not: the rule
        reason, cards, _ok = filters[0]
        problems.append(Problem(reason, tuple(cards)))
    return None, problems


# --- runs ------------------------------------------------------------------------------------


_SLOT_RANKS: tuple[Rank, ...] = tuple(Rank((slot - 1) % 13 + 1) for slot in range(15))
_SLOT_POINTS: tuple[int, ...] = (0, 0, *range(2, 11), 10, 10, 10, 0)  # aces count apart


def _slot_rank(slot: int) -> Rank:
    return _SLOT_RANKS[slot]


_FACES: dict[tuple[int, Suit], Card] = {
    (slot, suit): Card(_slot_rank(slot), suit) for slot in range(1, 15) for suit in SUITS
}


def _run_windows(ranks: set[int], m: int, rules: Rules, cyclic: bool) -> list[list[int]]:
    """Every window of ``m`` consecutive slots that holds all ``ranks``.

    Linear slots run 1 (low ace) … 14 (high ace); cyclic slots wrap round after 13.
    """
    windows: list[list[int]] = []
    if cyclic:  # an ace is low only where the window starts with it; elsewhere it follows K
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


def _window_points(slots: Sequence[int], rules: Rules) -> int:
    """Slot 1 (only ever first) is a low ace, slot 14 a high one."""
    total = sum(_SLOT_POINTS[slot] for slot in slots)
    if slots[0] == 1:
        total += rules.low_ace_points
    if slots[-1] == 14 or 14 in slots:
        total += rules.ace_points
    return total


def _check_run(inp: _Input, rules: Rules) -> tuple[list[Problem], _Layout | None]:
    cards = inp.cards
    n = len(cards)
    problems = _size_problems(n, rules.run_min, rules.run_max)
    problems += _joker_count_problems(inp, rules)
    suits = Counter(cards[i].suit for i in inp.naturals)
    suit = max(SUITS, key=lambda s: (suits[s], -s.index))
    odd = [cards[i] for i in inp.naturals if cards[i].suit is not suit]
    if odd:
        problems.append(Problem(Reason.MIXED_SUITS, tuple(odd)))
    seen: dict[int, int] = {}
    doubles: list[Card] = []
    for i in inp.naturals:
        rank = int(cards[i].rank or 0)
        if rank in seen:
            doubles.append(cards[i])
        else:
            seen[rank] = i
    if doubles:
        problems.append(Problem(Reason.DUPLICATE_RANK, tuple(doubles)))
    m = len(seen) + len(inp.jokers)
    if m > 13 or m < 1:
        return problems, None
    ranks = set(seen)
    linear = _run_windows(ranks, m, rules, cyclic=False)
    high_only = False
    if not rules.ace_high:
        high_only = bool(linear) and all(w[-1] == 14 for w in linear)
        linear = [w for w in linear if w[-1] != 14]
    windows = linear
    cyclic = _run_windows(ranks, m, rules, cyclic=True) if rules.cyclic_runs or not linear else []
    if rules.cyclic_runs:  # every arc of the cycle, the ace after a king included
        windows = linear + [w for w in cyclic if w not in linear]
    elif high_only:
        problems.append(Problem(Reason.ACE_HIGH_NOT_ALLOWED))
        return problems, None
    elif not linear and cyclic:
        aces = [cards[seen[1]]] if 1 in seen else []
        if aces:
            problems.append(Problem(Reason.ACE_IN_MIDDLE, tuple(aces)))
        problems.append(Problem(Reason.WRAP_AROUND))
        return problems, None
    if not windows:
        problems.append(Problem(Reason.GAP, limit=len(inp.jokers)))
        return problems, None
    if doubles or odd:
        return problems, None
    layouts = [_run_layout(w, order, inp, seen, suit, rules) for order, w in enumerate(windows)]
    layout, failed = _choose(layouts, _run_filters(layouts, inp, rules), rules)
    return problems + failed, layout


def _run_layout(
    slots: list[int], order: int, inp: _Input, seen: dict[int, int], suit: Suit, rules: Rules
) -> _Layout:
    faces = [_FACES[s, suit] for s in slots]
    holders = [seen.get((s - 1) % 13 + 1, -1) for s in slots]
    _fill_jokers(holders, faces, inp)
    return _Layout(faces, holders, _window_points(slots, rules), order)


def _fill_jokers(holders: list[int], faces: list[Card], inp: _Input) -> None:
    """Give each empty position a joker: pinned jokers to their pins, the rest in order."""
    free = [j for j in inp.jokers if j not in inp.pins]
    for j, pin in inp.pins.items():
        for pos, face in enumerate(faces):
            if holders[pos] == -1 and face == pin:
                holders[pos] = j
                break
    for pos in range(len(holders)):
        if holders[pos] == -1 and free:
            holders[pos] = free.pop(0)


def _run_filters(
    layouts: list[_Layout], inp: _Input, rules: Rules
) -> list[tuple[Reason, Iterable[Card], list[bool]]]:
    filters: list[tuple[Reason, Iterable[Card], list[bool]]] = []
    n = len(inp.cards)
    if not _adjacent_allowed(n, rules):
        flags = [not _has_adjacent([inp.cards[h].is_joker for h in lay.holders]) for lay in layouts]
        filters.append((Reason.ADJACENT_JOKERS, (), flags))
    if rules.end_joker_run_max is not None and n > rules.end_joker_run_max:
        flags = [not (inp.cards[lay.holders[0]].is_joker or inp.cards[lay.holders[-1]].is_joker)
                 for lay in layouts]  # fmt: skip
        filters.append((Reason.JOKER_PLACE, (), flags))
    if inp.ordered:
        filters.append((Reason.OUT_OF_ORDER, (), [_in_order(lay, inp) for lay in layouts]))
    if inp.pins:
        flags = [_pins_fit(lay, inp, inp.ordered) for lay in layouts]
        filters.append((Reason.PIN_MISMATCH, inp.pins.values(), flags))
    return filters


def _in_order(layout: _Layout, inp: _Input) -> bool:
    """The input, read left to right, is the layout (jokers where the layout needs them)."""
    for pos, face in enumerate(layout.faces):
        card = inp.cards[pos]
        if card.is_joker:
            pin = inp.pins.get(pos)
            if pin is not None and pin != face:
                return False
        elif card.face != face:
            return False
    return True


def _pins_fit(layout: _Layout, inp: _Input, positional: bool) -> bool:
    """Every pin names a card the layout leaves to a joker (at the pinned place if positional)."""
    if positional:
        return _in_order(layout, inp)
    open_faces = Counter(
        face
        for face, holder in zip(layout.faces, layout.holders, strict=True)
        if inp.cards[holder].is_joker
    )
    open_faces.subtract(Counter(inp.pins.values()))
    return all(v >= 0 for v in open_faces.values())


# --- sets ------------------------------------------------------------------------------------


def _check_set(inp: _Input, rules: Rules) -> tuple[list[Problem], _Layout | None]:
    cards = inp.cards
    n = len(cards)
    problems = _size_problems(n, rules.set_min, rules.set_max)
    problems += _joker_count_problems(inp, rules)
    if inp.jokers and rules.joker_set_max is not None and n > rules.joker_set_max:
        problems.append(Problem(Reason.JOKER_PLACE, limit=rules.joker_set_max))
    ranks = Counter(cards[i].rank for i in inp.naturals)
    rank = max(ranks, key=lambda r: (ranks[r], -int(r or 0)))
    assert rank is not None
    odd = [cards[i] for i in inp.naturals if cards[i].rank != rank]
    if odd:
        problems.append(Problem(Reason.MIXED_RANKS, tuple(odd)))
    by_suit: dict[Suit, int] = {}
    doubles: list[Card] = []
    for i in inp.naturals:
        suit = cards[i].suit
        assert suit is not None
        if suit in by_suit:
            doubles.append(cards[i])
        else:
            by_suit[suit] = i
    if doubles:
        problems.append(Problem(Reason.DUPLICATE_SUIT, tuple(doubles)))
    k = len(inp.jokers)
    missing = [s for s in SUITS if s not in by_suit]
    if odd or doubles or len(by_suit) + k > 4:
        return problems, None
    points = card_points(rank, rules) * n
    layouts: list[_Layout] = []
    for order, chosen in enumerate(combinations(missing, k)):
        placed = sorted([*by_suit, *chosen], key=lambda s: s.index)
        faces = [_FACES[int(rank), s] for s in placed]
        holders = [by_suit.get(s, -1) for s in placed]
        _fill_jokers(holders, faces, inp)
        layouts.append(_Layout(faces, holders, points, order))
    filters = _set_filters(layouts, inp, rules)
    layout, failed = _choose(layouts, filters, rules)
    if (
        layout is not None
        and not rules.strict_groups
        and not inp.ordered
        and not _adjacent_allowed(n, rules)
        and _has_adjacent(_joker_flags(layout, inp))
    ):
        _spread_jokers(layout, inp)
    return problems + failed, layout


def _set_filters(
    layouts: list[_Layout], inp: _Input, rules: Rules
) -> list[tuple[Reason, Iterable[Card], list[bool]]]:
    filters: list[tuple[Reason, Iterable[Card], list[bool]]] = []
    n = len(inp.cards)
    naturals = n - len(inp.jokers)
    if rules.strict_groups:
        flags = [_contiguous(lay) for lay in layouts]
        if inp.ordered:
            flags = [ok and _in_order(lay, inp) for ok, lay in zip(flags, layouts, strict=True)]
        filters.append((Reason.STRICT_GROUP_ORDER, (), flags))
    if not _adjacent_allowed(n, rules):
        if rules.strict_groups or inp.ordered:
            flags = [not _has_adjacent(_joker_flags(lay, inp)) for lay in layouts]
        else:  # the set may be laid in any order: jokers apart as long as naturals divide them
            flags = [len(inp.jokers) <= naturals + 1] * len(layouts)
        filters.append((Reason.ADJACENT_JOKERS, (), flags))
    if inp.pins:
        positional = inp.ordered and rules.strict_groups
        flags = [_pins_fit(lay, inp, positional) for lay in layouts]
        filters.append((Reason.PIN_MISMATCH, inp.pins.values(), flags))
    return filters


def _joker_flags(layout: _Layout, inp: _Input) -> list[bool]:
    if inp.ordered:
        return [card.is_joker for card in inp.cards]
    return [inp.cards[h].is_joker for h in layout.holders]


def _contiguous(layout: _Layout) -> bool:
    indices = [face.suit.index for face in layout.faces if face.suit is not None]
    return indices == list(range(indices[0], indices[0] + len(indices)))


def _spread_jokers(layout: _Layout, inp: _Input) -> None:
    """Lay a free set with its jokers apart (♠ 🃏 ♥ 🃏 rather than ♠ 🃏 🃏 ♥)."""
    pairs = list(zip(layout.faces, layout.holders, strict=True))
    wild = [p for p in pairs if inp.cards[p[1]].is_joker]
    tame = [p for p in pairs if not inp.cards[p[1]].is_joker]
    mixed: list[tuple[Card, int]] = []
    take_wild = len(wild) > len(tame)
    while wild or tame:
        source = wild if (take_wild and wild) or not tame else tame
        mixed.append(source.pop(0))
        take_wild = not take_wild
    layout.faces = [p[0] for p in mixed]
    layout.holders = [p[1] for p in mixed]


# --- the entry point -------------------------------------------------------------------------


def check_meld(
    cards: Iterable[Card],
    rules: Rules,
    *,
    pins: Mapping[int, Card] | None = None,
    ordered: bool = False,
) -> MeldCheck:
    """Check one meld.

    ``pins`` maps the position of a joker in ``cards`` to the card it must stand
    for; a pin that does not fit is a :attr:`~Reason.PIN_MISMATCH`. With
    ``ordered`` the cards are taken as laid, left to right: a run must ascend, a
    joker stands for the card at its place, and a strict group must follow ♣ ♠ ♥ ♦.

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> rami = preset("rami40")
    >>> check_meld(parse_cards("Jkr 7♠ 8♠"), rami, pins={0: parse_cards("9♠")[0]}).points
    24
    >>> [r.value for r in check_meld(parse_cards("K♥ A♥ 2♥"), rami).reasons]
    ['ace_in_middle', 'wrap_around']
    >>> strict = preset("palace", ["strict_groups"])
    >>> check_meld(parse_cards("Jkr 5♣ 5♠"), strict).valid
    True
    >>> [r.value for r in check_meld(parse_cards("Jkr 5♣ 5♠"), strict, ordered=True).reasons]
    ['strict_group_order']
    """
    cards = tuple(cards)
    pin_map = dict(pins or {})
    for pos, pin in pin_map.items():
        if not 0 <= pos < len(cards) or not cards[pos].is_joker:
            raise ValueError(f"pin at position {pos}: there is no joker there")
        if pin.is_joker:
            raise ValueError(f"pin at position {pos}: a joker stands for a natural card")
    naturals = [i for i, c in enumerate(cards) if not c.is_joker]
    inp = _Input(
        cards,
        naturals,
        [i for i, c in enumerate(cards) if c.is_joker],
        {pos: pin.face for pos, pin in pin_map.items()},
        ordered,
    )
    if not naturals:
        problems = _size_problems(len(cards), min(rules.set_min, rules.run_min), rules.run_max)
        if cards:  # no cards at all is only too few
            problems.insert(0, Problem(Reason.ONLY_JOKERS))
        return MeldCheck(cards, None, tuple(problems), (), None, cards)
    ranks = Counter(cards[i].rank for i in naturals)
    suits = Counter(cards[i].suit for i in naturals)
    if len(ranks) == 1 or len(suits) == 1:
        kinds = [MeldKind.SET] if len(suits) > 1 else [MeldKind.RUN] if len(ranks) > 1 else []
    else:  # a kind is plausible when most natural cards already fit it
        misfits = {
            MeldKind.SET: len(naturals) - max(ranks.values()),
            MeldKind.RUN: len(naturals) - max(suits.values()),
        }
        kinds = [kind for kind, odd in misfits.items() if 2 * odd < len(naturals)]
        if not kinds:
            problems = [*_joker_count_problems(inp, rules), Problem(Reason.NOT_A_MELD)]
            return MeldCheck(cards, None, tuple(problems), (), None, cards)
    verdicts = [
        (kind, *(_check_set if kind is MeldKind.SET else _check_run)(inp, rules))
        for kind in kinds or (MeldKind.SET, MeldKind.RUN)
    ]
    verdicts.sort(key=lambda v: len(v[1]))
    valid = [v for v in verdicts if not v[1] and v[2] is not None]
    if len(valid) == 2:  # one natural card and jokers: a set and a run both fit; the policy picks
        pick = min if rules.joker_policy is JokerPolicy.LOWER else max
        verdicts = [pick(valid, key=lambda v: v[2].points if v[2] else 0)]
    kind, problems, layout = verdicts[0]
    if len(kinds) == 2 and len(verdicts[1][1]) == len(problems):
        problems = [*_joker_count_problems(inp, rules), Problem(Reason.NOT_A_MELD)]
        return MeldCheck(cards, None, tuple(problems), (), None, cards)
    if layout is None:
        return MeldCheck(cards, kind, tuple(problems), (), None, cards)
    jokers = tuple(
        sorted(
            (
                JokerUse(holder, face)
                for face, holder in zip(layout.faces, layout.holders, strict=True)
                if cards[holder].is_joker
            ),
            key=lambda use: use.index,
        )
    )
    arrangement = tuple(cards[h] for h in layout.holders)
    points = None if problems else layout.points
    return MeldCheck(cards, kind, tuple(problems), jokers, points, arrangement, tuple(layout.faces))
