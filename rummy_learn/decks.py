"""The shoe of a variant: its 52-card decks and jokers, each card with its copy index.

:func:`shoe_problems` is the one place that decides whether some cards could come from
the shoe at all; every command, widget and check asks it.

>>> from rummy_learn.variants import preset
>>> shoe = build_deck(preset("rami40"), players=5)
>>> len(shoe), sum(card.is_joker for card in shoe)
(160, 4)
>>> sorted(c.copy for c in shoe if str(c) == "Q♥")
[0, 1, 2]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from rummy_learn.cards import JOKER, RANKS, SUITS, Card
from rummy_learn.reasons import Problem, Reason
from rummy_learn.rules import DeckTier, Rules

__all__ = ["build_deck", "shoe_for", "shoe_problems"]


def build_deck(rules: Rules, players: int) -> tuple[Card, ...]:
    """Every physical card of the shoe for this many players, in a fixed order.

    Natural cards carry their deck number as copy index, jokers their joker number.

    >>> from rummy_learn.variants import preset
    >>> [len(build_deck(preset(v), 4)) for v in ("palace", "rummy40", "romme", "scala40")]
    [110, 106, 110, 108]
    >>> len(build_deck(preset("palace", ["small_deck"]), 2))
    55
    """
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"{rules.variant} is played by {rules.min_players} to {rules.max_players} players,"
            f" not {players}"
        )
    tier = rules.deck_for(players)
    naturals = [
        Card(rank, suit, copy) for copy in range(tier.decks) for suit in SUITS for rank in RANKS
    ]
    return (*naturals, *(Card.joker(copy) for copy in range(tier.jokers)))


def shoe_for(rules: Rules, players: int | None = None) -> DeckTier:
    """The decks and jokers of the shoe: for this many players, or the largest the variant has.

    >>> from rummy_learn.variants import preset
    >>> shoe_for(preset("rami40"), 4).decks, shoe_for(preset("rami40")).decks
    (2, 3)
    """
    if players is not None:
        return rules.deck_for(players)
    tiers = rules.deck_tiers
    return tiers[0] if len(tiers) == 1 else max(tiers, key=lambda t: (t.decks, t.jokers))


def shoe_problems(
    cards: Iterable[Card], rules: Rules, players: int | None = None
) -> tuple[Problem, ...]:
    """Why the shoe could not hold ``cards``: empty when it could.

    A joker at a table without jokers (``JOKERS_NOT_IN_PLAY``), more jokers than the shoe
    has (``JOKERS_NOT_IN_SHOE``), more copies of a card than it has decks
    (``COPIES_NOT_IN_SHOE``, naming those cards). The shoe is the one for ``players``; with
    no player count, the largest one the variant (with its options) plays with.

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> [p.reason.value for p in shoe_problems(parse_cards("Jkr Jkr Jkr"), preset("rummy40"))]
    ['jokers_not_in_shoe']
    >>> shoe_problems(parse_cards("K♥ K♥ K♥ 7♠"), preset("romme"))[0].cards
    (Card('K♥'),)
    >>> shoe_problems(parse_cards("K♥ K♥ K♥"), preset("rami40"), players=2) != ()
    True
    """
    tier = shoe_for(rules, players)
    cards = list(cards)
    naturals = {card.face for card in cards if card.rank is not None}
    jokers = sum(card.rank is None for card in cards)
    if len(naturals) + jokers == len(cards) and (not jokers or 0 < jokers <= tier.jokers):
        return ()  # each natural card once, and jokers the shoe has: the usual meld, quickly
    counts = Counter(card.face for card in cards)
    jokers = counts.pop(JOKER, 0)
    problems: list[Problem] = []
    if jokers and not tier.jokers:
        problems.append(Problem(Reason.JOKERS_NOT_IN_PLAY))
    elif jokers > tier.jokers:
        problems.append(Problem(Reason.JOKERS_NOT_IN_SHOE, limit=tier.jokers))
    over = [face for face, count in counts.items() if count > tier.decks]
    if over:
        problems.append(Problem(Reason.COPIES_NOT_IN_SHOE, tuple(sorted(over)), limit=tier.decks))
    return tuple(problems)
