"""Why a move is not allowed: refusal codes with their details, and the error that carries them.

>>> err = IllegalMove((MoveProblem(Refusal.NOT_IN_HAND),))
>>> err.codes
(<Refusal.NOT_IN_HAND: 'not_in_hand'>,)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rummy_learn.cards import Card
from rummy_learn.reasons import Problem

__all__ = ["IllegalMove", "Legality", "MoveProblem", "NoLegalMove", "Refusal"]


class Refusal(Enum):
    """Every way a move can break the rules of play."""

    ROUND_OVER = "round_over"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_PHASE = "wrong_phase"
    NOT_IN_HAND = "not_in_hand"
    SAME_CARD_TWICE = "same_card_twice"
    STOCK_EMPTY = "stock_empty"
    DISCARD_PILE_EMPTY = "discard_pile_empty"
    TAKEN_CARD_UNUSABLE = "taken_card_unusable"
    NO_MELDS = "no_melds"
    INVALID_MELD = "invalid_meld"
    OPENING_TOO_LOW = "opening_too_low"
    NOT_OPENED = "not_opened"
    NO_LAYOFF_IN_OPENING_TURN = "no_layoff_in_opening_turn"
    NO_SWAP_IN_OPENING_TURN = "no_swap_in_opening_turn"
    NO_SUCH_MELD = "no_such_meld"
    LAYOFF_DOES_NOT_FIT = "layoff_does_not_fit"
    KEEP_A_CARD_TO_DISCARD = "keep_a_card_to_discard"
    SWAPS_NOT_ALLOWED = "swaps_not_allowed"
    NOT_A_JOKER_OF_THE_MELD = "not_a_joker_of_the_meld"
    NO_SWAP_FROM_RUNS = "no_swap_from_runs"
    SWAP_NEEDS_CLOSED_SET = "swap_needs_closed_set"
    SWAP_NEEDS_BOTH_SUITS = "swap_needs_both_suits"
    SWAP_CARD_DOES_NOT_FIT = "swap_card_does_not_fit"
    JOKER_LOCKED = "joker_locked"
    SWAPPED_JOKER_NEEDS_NEW_MELD = "swapped_joker_needs_new_meld"
    SWAPPED_JOKER_UNPLAYABLE = "swapped_joker_unplayable"
    MUST_USE_TAKEN_CARD = "must_use_taken_card"
    CANNOT_DISCARD_TAKEN_CARD = "cannot_discard_taken_card"
    CANNOT_DISCARD_JOKER = "cannot_discard_joker"
    MUST_PLAY_SWAPPED_JOKER = "must_play_swapped_joker"
    HAND_NOT_EMPTY = "hand_not_empty"
    KNOCK_NOT_ALLOWED = "knock_not_allowed"
    KNOCK_TOO_FEW_PLAYERS = "knock_too_few_players"
    KNOCK_OWN_DISCARD = "knock_own_discard"
    KNOCK_NOT_NOW = "knock_not_now"
    NOT_A_PLAYER = "not_a_player"
    NOTHING_CHOSEN = "nothing_chosen"
    NO_CARD_TO_DISCARD = "no_card_to_discard"


@dataclass(frozen=True)
class MoveProblem:
    """One reason a move is refused, with the meld problems, cards and number concerned."""

    code: Refusal
    problems: tuple[Problem, ...] = ()
    cards: tuple[Card, ...] = ()
    number: int | None = None
    limit: int | None = (
        None  # the variant's figure the move falls short of (e.g. the opening minimum)
    )


@dataclass(frozen=True)
class Legality:
    """Whether a move is allowed: true when it is; otherwise its problems say why not.

    >>> bool(Legality()), bool(Legality((MoveProblem(Refusal.STOCK_EMPTY),)))
    (True, False)
    """

    problems: tuple[MoveProblem, ...] = ()

    def __bool__(self) -> bool:
        return not self.problems

    @property
    def codes(self) -> tuple[Refusal, ...]:
        """The refusal codes (empty when the move is allowed)."""
        return tuple(p.code for p in self.problems)


class IllegalMove(ValueError):
    """An action the rules do not allow; the state is left exactly as it was."""

    def __init__(self, problems: tuple[MoveProblem, ...]) -> None:
        self.problems = problems
        super().__init__("illegal move: " + ", ".join(p.code.value for p in problems))

    @property
    def codes(self) -> tuple[Refusal, ...]:
        """The refusal codes."""
        return tuple(p.code for p in self.problems)


class NoLegalMove(RuntimeError):
    """The player to move has no legal move although the round is not over: a stuck round.

    The rules of play are written so that this cannot happen; bots raise it rather
    than pick from nothing, and the simulations count it.
    """
