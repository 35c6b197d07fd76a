"""Melds on the table: laying off at an end, and putting a natural card where a joker lies.

A :class:`TableMeld` keeps its cards in the order they lie, so a joker in a run
stands for the card of its place; it is checked with ``ordered=True``.

>>> from rummy_learn.notation import parse_cards
>>> from rummy_learn.variants import preset
>>> rules = preset("romme")
>>> meld = TableMeld.lay(1, 0, parse_cards("7♠ 8♠ 9♠"), rules)
>>> [str(c) for c in extend(meld, parse_cards("Jkr")[0], End.LOW, rules).arrangement]
['🃏', '7♠', '8♠', '9♠']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from rummy_learn.actions import End, LayOff
from rummy_learn.cards import Card
from rummy_learn.melds import MeldCheck, MeldKind, check_meld
from rummy_learn.rules import Rules

__all__ = [
    "TableMeld",
    "could_take",
    "extend",
    "joker_faces",
    "layoff_options",
    "relaid",
    "with_swap",
]


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: id, who laid it, its cards in order, whether its joker is locked."""

    id: int
    owner: int
    cards: tuple[Card, ...]
    kind: MeldKind
    locked: bool = False

    @classmethod
    def lay(
        cls,
        meld_id: int,
        owner: int,
        cards: Iterable[Card],
        rules: Rules,
        *,
        any_order: bool = False,
    ) -> TableMeld:
        """Lay valid cards as the player gives them (``check_meld`` places the jokers).

        ``any_order``: the cards come in no chosen order; the kit places the jokers.
        """
        check = check_meld(cards, rules, any_order=any_order)
        if not check.valid or check.kind is None:
            raise ValueError(f"not a valid meld: {check.reasons}")
        return cls(meld_id, owner, check.arrangement, check.kind)

    def check(self, rules: Rules) -> MeldCheck:
        """The meld as it lies, checked in its order."""
        return check_meld(self.cards, rules, ordered=True)


def joker_faces(meld: TableMeld, rules: Rules) -> dict[Card, Card]:
    """Each joker of the meld (the physical card) and the card it stands for now.

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> meld = TableMeld.lay(1, 0, parse_cards("7♠ Jkr 9♠"), preset("romme"))
    >>> {str(j): str(c) for j, c in joker_faces(meld, preset("romme")).items()}
    {'🃏': '8♠'}
    """
    check = meld.check(rules)
    return {meld.cards[use.index]: use.stands_for for use in check.jokers}


def could_take(meld: TableMeld, card: Card) -> bool:
    """A quick test before the full check: a joker, or a card of the set's rank or the run's suit.

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> meld = TableMeld.lay(1, 0, parse_cards("7♠ 8♠ 9♠"), preset("romme"))
    >>> [could_take(meld, c) for c in parse_cards("10♠ 10♥ Jkr")]
    [True, False, True]
    """
    if card.is_joker:
        return True
    natural = next(c for c in meld.cards if not c.is_joker)
    if meld.kind is MeldKind.SET:
        return card.rank == natural.rank and len(meld.cards) < 4
    return card.suit is natural.suit


def extend(meld: TableMeld, card: Card, end: End, rules: Rules) -> MeldCheck:
    """The meld with ``card`` laid off at ``end`` (a set takes it wherever it fits)."""
    low = check_meld((card, *meld.cards), rules, ordered=True)
    high = check_meld((*meld.cards, card), rules, ordered=True)
    if meld.kind is MeldKind.SET:
        return high if high.valid or not low.valid else low
    return low if end is End.LOW else high


def layoff_options(
    cards: Iterable[Card], table: Iterable[TableMeld], rules: Rules
) -> Iterator[LayOff]:
    """Every way to lay one of ``cards`` off onto a meld of ``table`` (a run: at either end).

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> rules = preset("romme")
    >>> run = TableMeld.lay(1, 0, parse_cards("7♠ 8♠ 9♠"), rules)
    >>> options = layoff_options(parse_cards("10♠ 6♥ Jkr"), [run], rules)
    >>> [(str(o.card), o.end.value) for o in options]
    [('10♠', 'high'), ('🃏', 'low'), ('🃏', 'high')]
    """
    melds = list(table)
    for card in cards:
        for meld in melds:
            if could_take(meld, card):
                ends = (End.LOW, End.HIGH) if meld.kind is MeldKind.RUN else (End.HIGH,)
                for end in ends:
                    if extend(meld, card, end, rules).valid:
                        yield LayOff(card, meld.id, end)


def with_swap(meld: TableMeld, joker: Card, cards: tuple[Card, ...], rules: Rules) -> MeldCheck:
    """The meld once ``cards`` take the place of ``joker`` (two cards fill a 3-card set up to 4)."""
    position = meld.cards.index(joker)
    if len(cards) == 1:
        laid = (*meld.cards[:position], cards[0], *meld.cards[position + 1 :])
        return check_meld(laid, rules, ordered=True)
    rest = [c for c in meld.cards if c != joker]
    return check_meld(sorted([*rest, *cards]), rules, ordered=True)


def relaid(meld: TableMeld, check: MeldCheck, *, lock: bool = False) -> TableMeld:
    """The meld with the cards of ``check`` (the order they were checked in)."""
    return replace(meld, cards=check.cards, locked=meld.locked or lock)
