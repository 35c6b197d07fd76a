"""Checking one meld (a set or a run) against a variant's rules.

:func:`check_meld` takes the cards as the player gives them and answers with a
:class:`MeldCheck`: the kind, every :class:`~rummy_learn.reasons.Reason` it fails, the
card each joker stands for, and the points. Where a joker (or the ace of a 13-card run)
could lie in more than one place, :mod:`rummy_learn.layouts` decides: the variant where
its source fixes the place (Rami: the lower card), else the player (the order laid, a
pin), else the kit, to serve the player (the most points).

>>> from rummy_learn.notation import parse_cards
>>> from rummy_learn.variants import preset
>>> result = check_meld(parse_cards("8♠ Jkr 7♠"), preset("rami40"))
>>> result.valid, result.kind.value, [str(j.stands_for) for j in result.jokers], result.points
(True, 'run', ['6♠'], 21)
>>> [str(j.stands_for) for j in check_meld(parse_cards("9♠ 10♠ Jkr"), preset("romme")).jokers]
['J♠']
>>> [r.value for r in check_meld(parse_cards("Jkr Jkr 5♥ 6♥"), preset("rami40")).reasons]
['too_many_jokers']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import NamedTuple

from rummy_learn.cards import SUITS, Card, Suit
from rummy_learn.decks import shoe_problems
from rummy_learn.layouts import (
    Candidate,
    Layout,
    MeldInput,
    card_points,
    choose,
    joker_count_problems,
    size_problems,
)
from rummy_learn.reasons import Problem, Reason
from rummy_learn.rules import JokerPolicy, Rules
from rummy_learn.runs import check_run
from rummy_learn.sets import check_set

__all__ = ["JokerUse", "MeldCheck", "MeldKind", "card_points", "check_meld", "placements"]


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
    ``kind`` is ``None`` where the cards are no set and no run, or could be either.
    ``open_suits``: in a valid set whose jokers could stand for any of more missing suits
    than there are jokers (Q♣ Q♦ and a joker: ♠ or ♥), those suits; the joker's card in
    ``jokers`` is then one of them, not the only one.
    """

    cards: tuple[Card, ...]
    kind: MeldKind | None
    problems: tuple[Problem, ...]
    jokers: tuple[JokerUse, ...]
    points: int | None
    arrangement: tuple[Card, ...]
    faces: tuple[Card, ...] = ()
    open_suits: tuple[Suit, ...] = ()

    @property
    def valid(self) -> bool:
        """True when the meld breaks no rule."""
        return not self.problems

    def drawn_face(self, place: int) -> Card | None:
        """The card to draw at ``place`` of the arrangement: what a joker stands for, or
        ``None`` for a set's joker that could be any of several missing suits (drawn as a
        joker, its verdict naming them all), for any joker of a meld that is not valid (a
        joker drawn as 5♣ beside 5♠ 5♥ and 5♦ would read as a good set under "not a set"),
        or for a natural card.

        >>> from rummy_learn.notation import parse_cards
        >>> from rummy_learn.variants import preset
        >>> [check_meld(parse_cards(c), preset("rami51")).drawn_face(place)
        ...  for c, place in (("5♠ Jkr 7♠", 1), ("5♠ 5♥ Jkr Jkr", 0))]
        [Card('6♠'), None]
        """
        card = self.arrangement[place]
        if not card.is_joker or not self.valid or self.open_suits or place >= len(self.faces):
            return None
        return self.faces[place]

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """The codes of every rule the meld breaks, in a stable order."""
        return tuple(p.reason for p in self.problems)

    def __bool__(self) -> bool:
        return self.valid

    def _repr_html_(self) -> str:
        """The meld drawn in a notebook with its verdict (the drawing is imported when drawn)."""
        from rummy_learn.render import notebook_html

        return notebook_html(self)


_CHECKS = {MeldKind.SET: check_set, MeldKind.RUN: check_run}


class _Tried(NamedTuple):
    """A kind of meld tried: every reason the cards are not one, and the layouts allowed."""

    kind: MeldKind
    problems: list[Problem]
    layouts: list[Layout]


def check_meld(
    cards: Iterable[Card],
    rules: Rules,
    *,
    pins: Mapping[int, Card] | None = None,
    ordered: bool = False,
    any_order: bool = False,
) -> MeldCheck:
    """Check one meld, the cards given as the player lays them.

    The order given is the player's placement where it is a valid meld as laid, left to
    right (``9♠ 10♠ Jkr``: the joker is J♠); otherwise the kit places the jokers to
    serve the player (the most points). In a strict group the order laid is binding.
    ``pins`` maps the position of a joker to the card it must stand for; a pin that does
    not fit is a :attr:`~Reason.PIN_MISMATCH`. With ``ordered`` every order is binding
    (a meld on the table: a run ascends, a joker stands for the card of its place); with
    ``any_order`` the order means nothing (a hand's cards). Where the variant's source
    fixes a joker's place (``JokerPolicy.LOWER``), that place counts, whatever the order.
    Cards the variant's shoe cannot hold are a reason too (see ``decks.shoe_problems``).

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> romme = preset("romme")
    >>> [check_meld(parse_cards(m), romme).points for m in ("9♠ 10♠ Jkr", "Jkr 9♠ 10♠")]
    [29, 27]
    >>> check_meld(parse_cards("Jkr 9♠ 10♠"), romme, any_order=True).points
    29
    >>> check_meld(parse_cards("Jkr 7♠ 8♠"), romme, pins={0: parse_cards("9♠")[0]}).points
    24
    >>> [r.value for r in check_meld(parse_cards("K♥ A♥ 2♥"), romme).reasons]
    ['wrap_around']
    >>> strict = preset("palace", ["strict_groups"])
    >>> [r.value for r in check_meld(parse_cards("Jkr 5♣ 5♠"), strict).reasons]
    ['strict_group_order']
    >>> check_meld(parse_cards("Jkr 5♣ 5♠"), strict, any_order=True).valid
    True
    """
    cards = tuple(cards)
    if ordered and any_order:
        raise ValueError("a meld is laid in its order (ordered) or in any order, not both")
    for pos, pin in (pins or {}).items():
        if not 0 <= pos < len(cards) or not cards[pos].is_joker:
            raise ValueError(f"pin at position {pos}: there is no joker there")
        if pin.is_joker:
            raise ValueError(f"pin at position {pos}: a joker stands for a natural card")
    inp = MeldInput.of(cards, pins or {}, ordered=ordered, any_order=any_order)
    verdict = _check(inp, rules)
    shoe = shoe_problems(cards, rules)
    if not shoe:
        return _with_open_suits(verdict, rules, bool(pins))
    return MeldCheck(
        cards,
        verdict.kind,
        (*shoe, *verdict.problems),
        verdict.jokers,
        None,
        verdict.arrangement,
        verdict.faces,
    )


def _with_open_suits(check: MeldCheck, rules: Rules, pinned: bool) -> MeldCheck:
    """A valid set's jokers may stand for any missing suit unless the suits' order fixes
    them (strict groups) or a pin does: say so when there are more such suits than jokers.

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> [s.value for s in check_meld(parse_cards("Q♣ Q♦ Jkr"), preset("rami40")).open_suits]
    ['s', 'h']
    >>> check_meld(parse_cards("Q♣ Q♦ Q♥ Jkr"), preset("rami40")).open_suits
    ()
    """
    if pinned or rules.strict_groups or check.kind is not MeldKind.SET or not check.valid:
        return check
    held = {c.suit for c in check.arrangement if not c.is_joker}
    missing = tuple(suit for suit in SUITS if suit not in held)
    if not check.jokers or len(missing) <= len(check.jokers):
        return check
    return replace(check, open_suits=missing)


def _kinds(inp: MeldInput) -> list[MeldKind] | None:
    """The kinds the natural cards make plausible: empty when one natural card (or copies
    of one) leaves either open; ``None`` when neither kind is plausible."""
    cards, naturals = inp.cards, inp.naturals
    ranks = Counter(cards[i].rank for i in naturals)
    suits = Counter(cards[i].suit for i in naturals)
    if len(ranks) == 1 or len(suits) == 1:  # one natural card (or copies of one): either kind
        return [MeldKind.SET] if len(suits) > 1 else [MeldKind.RUN] if len(ranks) > 1 else []
    misfits = {  # a kind is plausible when most natural cards already fit it
        MeldKind.SET: len(naturals) - max(ranks.values()),
        MeldKind.RUN: len(naturals) - max(suits.values()),
    }
    return [kind for kind, odd in misfits.items() if 2 * odd < len(naturals)] or None


def _check(inp: MeldInput, rules: Rules) -> MeldCheck:
    cards = inp.cards
    if not inp.naturals:
        problems = size_problems(len(cards), min(rules.set_min, rules.run_min), rules.run_max)
        if cards:  # no cards at all is only too few
            problems.insert(0, Problem(Reason.ONLY_JOKERS))
        return MeldCheck(cards, None, tuple(problems), (), None, cards)
    kinds = _kinds(inp)
    if kinds is None:
        return _not_a_meld(inp, rules)
    tried = [_Tried(kind, *_CHECKS[kind](inp, rules)) for kind in kinds or list(MeldKind)]
    valid = [Candidate(t.kind, lay) for t in tried if not t.problems for lay in t.layouts]
    if valid:
        picked, failed = choose(valid, inp, rules)
        if picked is None:  # no layout of either kind keeps the pins
            kind = valid[0].kind if kinds else None
            return MeldCheck(cards, kind, tuple(failed), (), None, cards)
        return _verdict(inp, picked.kind, [], picked.layout)
    tried.sort(key=lambda t: len(t.problems))
    kind, problems, layouts = tried[0]
    if len(kinds) == 2 and len(tried[1].problems) == len(problems):
        return _not_a_meld(inp, rules)
    named = kind if kinds else None  # one natural card and jokers: neither kind by name
    if not layouts:
        return MeldCheck(cards, named, tuple(problems), (), None, cards)
    picked, failed = choose([Candidate(kind, lay) for lay in layouts], inp, rules)
    if picked is None:
        return MeldCheck(cards, named, (*problems, *failed), (), None, cards)
    return _verdict(inp, named, problems, picked.layout)


def _not_a_meld(inp: MeldInput, rules: Rules) -> MeldCheck:
    problems = (*joker_count_problems(inp, rules), Problem(Reason.NOT_A_MELD))
    return MeldCheck(inp.cards, None, problems, (), None, inp.cards)


def _verdict(
    inp: MeldInput, kind: MeldKind | None, problems: list[Problem], layout: Layout
) -> MeldCheck:
    cards = inp.cards
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


def placements(cards: Iterable[Card], rules: Rules) -> list[MeldCheck]:
    """Every way the player may lay these cards as one valid meld, each as laid in its order.

    Where the variant leaves a joker's place (or the ace of a 13-card run) to the player,
    each place is a placement; where it fixes the place (Rami: the lower card), there is one.
    A free set's jokers have no place to choose. No placement: the cards make no valid meld.

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> laid = placements(parse_cards("7♠ Jkr 8♠"), preset("romme"))
    >>> [" ".join(map(str, p.arrangement)) for p in laid]
    ['🃏 7♠ 8♠', '7♠ 8♠ 🃏']
    >>> [p.points for p in placements(parse_cards("7♠ Jkr 8♠"), preset("rami40"))]
    [21]
    """
    cards = tuple(cards)
    # strict groups: the cards as given need not be in the suits' order yet; each placement
    # is laid in it (a joker in the ♥ gap of Q♣ Q♠ Q♦: a round stuck without it)
    inp = MeldInput.of(cards, {}, ordered=False, any_order=rules.strict_groups)
    kinds = _kinds(inp) if inp.naturals else None
    if kinds is None:
        return []
    pool = [
        (kind, lay)
        for kind in kinds or list(MeldKind)
        for problems, layouts in [_CHECKS[kind](inp, rules)]
        if not problems
        for lay in layouts
    ]
    if inp.jokers and pool and rules.joker_policy is JokerPolicy.LOWER:
        fewest = min(lay.points for _kind, lay in pool)
        pool = [(kind, lay) for kind, lay in pool if lay.points == fewest]
    found: dict[tuple[Card, ...], MeldCheck] = {}
    for _kind, lay in pool:
        order = tuple(cards[h] for h in lay.holders) if lay.positional else cards
        check = check_meld(order, rules)
        key = (*(c.face for c in check.arrangement), *check.faces)
        if check.valid and key not in found:
            found[key] = check
    return list(found.values())
