"""Checking a set (group): one rank, different suits; Rummy Palace's strict groups.

A set's jokers stand for missing suits. In a free set the order of the cards means
nothing; in a strict group (000, line 57) the suits lie in the order ♣ ♠ ♥ ♦ without a
gap and nothing lies before ♣, so the order the cards are laid in is part of the rule:
the reason names the card out of place.

>>> from rummy_learn.notation import parse_cards
>>> misplaced(parse_cards("Jkr 5♣ 5♠")), misplaced(parse_cards("5♥ 5♣ 5♠"))
((Card('🃏'),), (Card('5♥'),))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from rummy_learn.cards import SUITS, Card, Suit
from rummy_learn.layouts import (
    Layout,
    MeldInput,
    RuleCheck,
    adjacent_allowed,
    card_points,
    fill_jokers,
    first_of_each,
    has_adjacent,
    joker_count_problems,
    narrow,
    size_problems,
)
from rummy_learn.reasons import Problem, Reason
from rummy_learn.rules import Rules

__all__ = ["check_set", "misplaced", "strict_order_problem"]


def misplaced(laid: Sequence[Card]) -> tuple[Card, ...]:
    """The cards out of place in a strict group laid in this order (empty: none).

    The group's first suit is the one most of its natural cards agree on; a natural card
    that disagrees is out of place, and so is a joker that would stand before ♣ or after ♦.

    >>> from rummy_learn.notation import parse_cards
    >>> misplaced(parse_cards("5♣ 5♠ 5♦")), misplaced(parse_cards("5♣ 5♠ 5♥"))
    ((Card('5♦'),), ())
    """
    n = len(laid)
    votes = Counter(c.suit.index - pos for pos, c in enumerate(laid) if c.suit is not None)
    if not votes:
        return ()
    start = max(votes, key=lambda s: (votes[s], 0 <= s <= 4 - n, -abs(s)))
    return tuple(
        card
        for pos, card in enumerate(laid)
        if (card.suit is None and not 0 <= start + pos <= 3)
        or (card.suit is not None and card.suit.index - pos != start)
    )


def strict_order_problem(laid: Sequence[Card]) -> Problem:
    """Why a strict group laid in this order fails: the cards out of place (:func:`misplaced`),
    or, for natural cards in the suits' order with a suit left out, the cards that gap lacks
    (``limit`` 1): in 5♣ 5♥ 5♦ the clubs are where they belong, and 5♠ is missing.

    >>> from rummy_learn.notation import parse_cards
    >>> strict_order_problem(parse_cards("5♣ 5♥ 5♦"))
    Problem(reason=<Reason.STRICT_GROUP_ORDER: 'strict_group_order'>, cards=(Card('5♠'),), limit=1)
    >>> strict_order_problem(parse_cards("5♠ 5♣ 5♥")).cards, strict_order_problem([]).cards
    ((Card('5♠'), Card('5♣')), ())
    """
    out = misplaced(laid)
    suits = [card.suit.index for card in laid if card.suit is not None]
    if out and len(suits) == len(laid) and suits == sorted(set(suits)):
        rank = laid[0].rank
        gap = tuple(Card(rank, s) for s in SUITS if suits[0] < s.index < suits[-1]
                    and s.index not in suits)  # fmt: skip
        return Problem(Reason.STRICT_GROUP_ORDER, gap, limit=1)
    return Problem(Reason.STRICT_GROUP_ORDER, out)


def check_set(inp: MeldInput, rules: Rules) -> tuple[list[Problem], list[Layout]]:
    """Every reason the cards are no set, and the layouts the order and the rules allow."""
    cards = inp.cards
    n = len(cards)
    problems = size_problems(n, rules.set_min, rules.set_max)
    problems += joker_count_problems(inp, rules)
    if inp.jokers and rules.joker_set_max is not None and n > rules.joker_set_max:
        problems.append(Problem(Reason.JOKER_PLACE, limit=rules.joker_set_max))
    ranks = Counter(cards[i].rank for i in inp.naturals)
    rank = max(ranks, key=lambda r: (ranks[r], -int(r or 0)))
    assert rank is not None
    odd = [cards[i] for i in inp.naturals if cards[i].rank != rank]
    if odd:
        problems.append(Problem(Reason.MIXED_RANKS, tuple(odd)))
    by_suit, doubles = first_of_each(inp, _suit)
    if doubles:
        problems.append(Problem(Reason.DUPLICATE_SUIT, tuple(doubles)))
    k = len(inp.jokers)
    if odd or doubles or len(by_suit) + k > 4:
        return problems, []
    strict = rules.strict_groups
    laid = not has_adjacent([c.is_joker for c in cards]) or adjacent_allowed(n, rules)
    points = card_points(rank, rules) * n
    layouts: list[Layout] = []
    for chosen in combinations([s for s in SUITS if s not in by_suit], k):
        placed = sorted([*by_suit, *chosen], key=lambda s: s.index)
        faces = [Card(rank, s) for s in placed]
        holders = [by_suit.get(s, -1) for s in placed]
        fill_jokers(holders, faces, inp)
        layouts.append(Layout(faces, holders, points, positional=strict, laid=laid))
    order = None  # a strict group's order: as laid, or (any order) the kit's
    if strict:
        order = strict_order_problem(sorted(cards) if inp.any_order else cards)
    bound = None if inp.any_order else order
    alive, failed = narrow(layouts, inp, _rules(inp, rules, order), bound)
    if order is not None:  # the order's problem as made, whether it names a gap or cards
        failed = [order if p.reason is order.reason else p for p in failed]
    if not strict and not inp.ordered and not adjacent_allowed(n, rules):
        for layout in alive:
            if has_adjacent(_joker_flags(layout, inp)):
                _spread_jokers(layout, inp)
    return problems + failed, alive


def _suit(card: Card) -> Suit:
    assert card.suit is not None  # a natural card
    return card.suit


def _rules(inp: MeldInput, rules: Rules, order: Problem | None) -> list[RuleCheck]:
    """A strict group's suits follow each other; jokers apart where the variant says so."""
    checks: list[RuleCheck] = []
    n = len(inp.cards)
    naturals = n - len(inp.jokers)
    if order is not None:
        checks.append((order.reason, order.cards, _contiguous))
    if not adjacent_allowed(n, rules):
        if rules.strict_groups or inp.ordered:
            checks.append(
                (Reason.ADJACENT_JOKERS, (), lambda lay: not has_adjacent(_joker_flags(lay, inp)))
            )
        else:  # a free set may be laid in any order: jokers apart as long as naturals divide them
            apart = len(inp.jokers) <= naturals + 1
            checks.append((Reason.ADJACENT_JOKERS, (), lambda _lay: apart))
    return checks


def _joker_flags(layout: Layout, inp: MeldInput) -> list[bool]:
    if inp.ordered:
        return [card.is_joker for card in inp.cards]
    return [inp.cards[h].is_joker for h in layout.holders]


def _contiguous(layout: Layout) -> bool:
    indices = [face.suit.index for face in layout.faces if face.suit is not None]
    return indices == list(range(indices[0], indices[0] + len(indices)))


def _spread_jokers(layout: Layout, inp: MeldInput) -> None:
    """Lay a free set with its jokers apart (♠ 🃏 ♥ 🃏 rather than ♠ 🃏 🃏 ♥)."""
    pairs = list(zip(layout.faces, layout.holders, strict=True))  # (face, holder)
    wild = [(face, holder) for face, holder in pairs if inp.cards[holder].is_joker]
    tame = [(face, holder) for face, holder in pairs if not inp.cards[holder].is_joker]
    mixed: list[tuple[Card, int]] = []
    take_wild = len(wild) > len(tame)
    while wild or tame:
        source = wild if (take_wild and wild) or not tame else tame
        mixed.append(source.pop(0))
        take_wild = not take_wild
    layout.faces = [face for face, _holder in mixed]
    layout.holders = [holder for _face, holder in mixed]
