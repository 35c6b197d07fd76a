"""A variant's rules as one frozen value.

Every rule and table option of the variants is a named switch of :class:`Rules`;
code branches on switches, never on a variant's name. The presets and options
live in :mod:`rummy_learn.variants`, together with where each value comes from.

>>> from rummy_learn.variants import preset
>>> rules = preset("rami51")
>>> rules.opening_min, rules.max_jokers_per_meld, rules.deck_for(5).cards
(51, 1, 160)
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, TypeVar

__all__ = [
    "DeckTier",
    "HandTier",
    "JokerPolicy",
    "Rules",
    "RummyBonus",
    "SetSwap",
    "Settlement",
    "StockEmpty",
    "SwappedJoker",
    "switch_doc",
    "switch_names",
]


class JokerPolicy(Enum):
    """Who places a joker that could stand in more than one place (see ``layouts``)."""

    LOWER = "lower"  # the variant: the placement worth fewer points (Jkr 7♠ 8♠ → 6♠)
    PLAYER = "player"  # the player: the order laid or a pin; with no choice, the most points


class SetSwap(Enum):
    """Which jokers may be taken from a set (group) by a swap."""

    ANY_FITTING = "any_fitting"  # with any card of a missing suit
    ALL_MISSING = "all_missing"  # a 3-card set needs both missing suits at once
    CLOSED_ONLY = "closed_only"  # only from a set of four (three naturals and the joker)


class SwappedJoker(Enum):
    """What happens to a joker taken by a swap."""

    TO_HAND = "to_hand"  # it goes to the hand, no further duty
    PLAY_SAME_TURN = "play_same_turn"  # it must be melded or laid off in the same turn
    PLAY_IF_POSSIBLE = "play_if_possible"  # it must be played again in the same turn if possible
    NEW_MELD_AT_ONCE = "new_meld_at_once"  # it goes at once into a new meld, never the hand


class RummyBonus(Enum):
    """The reward for going out all at once (a *Rummy*, *Hand-Rommé*)."""

    NONE = "none"
    DOUBLE = "double"  # the round's points are doubled
    PENALTY_PLUS = "penalty_plus"  # every loser gets ``rummy_bonus_points`` more


class StockEmpty(Enum):
    """What happens when the stock runs out."""

    NO_WINNER = "no_winner"  # the round ends; nobody wins, everybody loses their hand
    RESHUFFLE = "reshuffle"  # the discards, less the top card, become the new stock


class Settlement(Enum):
    """How a round's points are booked."""

    ZERO_SUM = "zero_sum"  # losers lose their hand points; the winner gains their sum
    PENALTY = "penalty"  # losers collect penalty points; the lowest total wins the game


@dataclass(frozen=True, slots=True)
class DeckTier:
    """The shoe used from ``min_players`` players on: 52-card decks and jokers.

    >>> DeckTier(5, 3, 4).cards
    160
    """

    min_players: int
    decks: int
    jokers: int

    @property
    def cards(self) -> int:
        """How many cards the shoe holds."""
        return 52 * self.decks + self.jokers


@dataclass(frozen=True, slots=True)
class HandTier:
    """The hand size dealt from ``min_players`` players on."""

    min_players: int
    cards: int


def _switch(doc: str) -> Any:  # pragma: no mutate block (import time, tools/mutate.py)
    """A field of :class:`Rules`, documented (the doc is shown by ``rummy-learn variants``)."""
    return field(metadata={"doc": doc})


@dataclass(frozen=True)
class Rules:
    """Every switch of a variant. Build one with :func:`rummy_learn.variants.preset`."""

    variant: str = _switch("the preset this value was made from")
    options: tuple[str, ...] = _switch("the table options switched on")

    # players, deck, deal
    min_players: int = _switch("fewest players at a table")
    max_players: int = _switch("most players at a table")
    deck_tiers: tuple[DeckTier, ...] = _switch(
        "52-card decks and jokers in the shoe, by number of players"
    )
    hand_tiers: tuple[HandTier, ...] = _switch("cards dealt to each player, by number of players")
    deal_packets: tuple[int, ...] = _switch("cards dealt at a time to each player, in rounds")
    upcard: bool = _switch("the card after the deal is turned up to start the discard pile")
    dealer_14: bool = _switch(
        "the dealer gets one card more, turns no upcard, starts without drawing"
        " and starts the discard pile"
    )
    rauben: bool = _switch("a joker seen while cutting the deck may be kept by the cutter")
    dealer_rotates: bool = _switch(
        "the dealer changes every round, clockwise (off, the kit's choice: the same player"
        " deals every round)"
    )
    dealer_starts: bool = _switch(
        "the dealer plays the first turn (else the player on the dealer's left does)"
    )

    # melds
    set_min: int = _switch("fewest cards in a set (group)")
    set_max: int = _switch("most cards in a set (group)")
    run_min: int = _switch("fewest cards in a run (sequence)")
    run_max: int = _switch("most cards in a run (sequence)")
    ace_high: bool = _switch("an ace may end a run after the king (Q-K-A)")
    cyclic_runs: bool = _switch("a run may turn the corner K-A-2")
    strict_groups: bool = _switch("a set's suits follow the order ♣ ♠ ♥ ♦ without gaps")

    # jokers
    max_jokers_per_meld: int | None = _switch("most jokers in one meld (none: no limit)")
    jokers_fewer_than_naturals: bool = _switch("a meld holds fewer jokers than natural cards")
    min_naturals: int = _switch("fewest natural cards in a meld")
    adjacent_jokers_from: int | None = _switch(
        "smallest meld in which two jokers may lie side by side (none: never)"
    )
    joker_policy: JokerPolicy = _switch("who places a joker that could stand in two places")
    joker_set_max: int | None = _switch("largest set that may hold a joker (none: any)")
    end_joker_run_max: int | None = _switch(
        "longest run that may have a joker at either end (none: any)"
    )

    # card values
    low_ace_points: int = _switch("points of an ace melded low (A-2-3)")
    ace_points: int = _switch("points of an ace melded high or in a set")
    joker_penalty: int = _switch("penalty of a joker left in hand")
    ace_penalty: int = _switch("penalty of an ace left in hand")

    # the opening
    opening_min: int | None = _switch("points needed for the first meld (none: no minimum)")
    layoff_on_opening_turn: bool = _switch(
        "a player may add cards to the table's melds (lay off, or swap a joker) in the turn of"
        " their opening"
    )

    # the turn
    discard_must_be_used: bool = _switch("a card taken from the discard pile is melded that turn")
    retake_discard_forbidden: bool = _switch(
        "the card taken from the discard pile may not be discarded again"
    )
    joker_discard_allowed: bool = _switch("a joker may be discarded")
    final_discard: bool = _switch("going out needs a last discard")

    # joker swaps
    joker_swap: bool = _switch("a joker on the table may be swapped for the card it stands for")
    swap_before_opening: bool = _switch(
        "a player who has not opened yet may swap a joker (and must use it in that turn)"
    )
    swap_from_runs: bool = _switch("jokers may be swapped out of runs")
    set_swap: SetSwap = _switch("which jokers may be swapped out of sets")
    swap_exact_card: bool = _switch(
        "a swap needs the exact card the joker stands for (the kit's reading: a joker whose"
        " card is open, in a set of three where either missing suit would do, cannot be taken)"
    )
    swap_partial_locks: bool = _switch(
        "adding one missing suit to a 3-card set with a joker locks that joker"
    )
    swapped_joker: SwappedJoker = _switch("what must happen to a joker taken by a swap")

    # going out
    rummy_bonus: RummyBonus = _switch("reward for going out all at once (a Rummy)")
    rummy_bonus_points: int = _switch("points added to each loser after a Rummy")
    rummy_needs_bare_table: bool = _switch("a Rummy counts only before anyone else has melded")

    # the stock
    stock_empty: StockEmpty = _switch("what happens when the stock runs out")
    max_reshuffles: int | None = _switch(
        "most reshuffles of the discards per round (none: no limit)"
    )
    turn_limit: int | None = _switch(
        "turns after which the round ends and the lowest hand wins (none: no limit)"
    )

    # knocking
    knock: bool = _switch(
        "out of turn, a player may knock to claim the last discard, plus one card from the stock"
    )
    knock_min_players: int = _switch("fewest players for knocking")

    # settlement
    settlement: Settlement = _switch("how a round's points are booked")
    elimination_score: int | None = _switch(
        "total at which a player is out of the game (none: never)"
    )
    casino_scoring: bool = _switch(
        "the winner gets a bonus for cards played (000 gives no details; the kit's reading:"
        " every loser also pays the points of the winner's melds on the table)"
    )

    def opening_reached(self, points: int) -> bool:
        """Do melds worth ``points`` make the opening? The one test of the opening minimum.

        Everything that asks whether an opening is high enough asks this: the engine's
        rules of play, the solver, the bots, hints, the command line and the widgets.

        >>> from rummy_learn.variants import preset
        >>> [preset("rami51").opening_reached(p) for p in (50, 51)]
        [False, True]
        >>> preset("palace", ["no_opening"]).opening_reached(0)
        True
        """
        return self.opening_min is None or points >= self.opening_min

    def deck_for(self, players: int) -> DeckTier:
        """The shoe for this many players.

        >>> from rummy_learn.variants import preset
        >>> preset("rami40").deck_for(4).cards, preset("rami40").deck_for(6).cards
        (108, 160)
        """
        return _tier(self.deck_tiers, players)

    def hand_size_for(self, players: int) -> int:
        """Cards dealt to each player (the dealer may get one more: see ``dealer_14``).

        >>> from rummy_learn.variants import preset
        >>> [preset("palace", ["small_deck"]).hand_size_for(n) for n in (2, 3)]
        [10, 7]
        """
        return _tier(self.hand_tiers, players).cards

    @property
    def uses_jokers(self) -> bool:
        """True when the shoe holds jokers for some number of players."""
        return any(tier.jokers for tier in self.deck_tiers)


_Tier = TypeVar("_Tier", DeckTier, HandTier)


def _tier(tiers: tuple[_Tier, ...], players: int) -> _Tier:
    chosen = [tier for tier in tiers if tier.min_players <= players]
    if not chosen:
        raise ValueError(f"no deck or hand size is defined for {players} players")
    return chosen[-1]


def switch_names() -> tuple[str, ...]:
    """Names of all switches, in the order of :class:`Rules`.

    >>> "strict_groups" in switch_names()
    True
    """
    return tuple(f.name for f in fields(Rules) if f.name not in ("variant", "options"))


def switch_doc(name: str) -> str:
    """The one-line description of a switch.

    >>> switch_doc("cyclic_runs")
    'a run may turn the corner K-A-2'
    """
    for f in fields(Rules):
        if f.name == name:
            return str(f.metadata["doc"])
    raise KeyError(name)
