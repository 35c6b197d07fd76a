"""The table options: named changes to a preset's switches, each with its source.

The Rummy Palace special rules (000), the Rami house rules (002), the Rommé article's
variants (003), and the kit's own options for what no source states (``low_ace_1``, and
``hand_romme_double``: a common German custom, a Hand-Rommé doubles the losers' penalties).

>>> OPTIONS["strict_groups"].provenance.cite(), OPTIONS["hand_romme_double"].presets
('000:57', ('romme', 'scala40'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from rummy_learn.rules import DeckTier, HandTier, Rules, RummyBonus, SetSwap, SwappedJoker
from rummy_learn.sources import Provenance, Source

__all__ = ["OPTIONS", "OPTION_LIST", "Option"]


@dataclass(frozen=True)
class Option:
    """A table option: a named change to a preset's switches."""

    name: str
    doc: str
    source: Source
    change: Callable[[Rules], Mapping[str, Any]]
    presets: tuple[str, ...] | None = None  # None: every preset
    implies: tuple[str, ...] = ()
    conflicts: tuple[str, ...] = ()
    line: int | None = None  # the seed's line that states it
    note: str = ""  # what that line says, or why the kit offers it

    @property
    def provenance(self) -> Provenance:
        """Where the option comes from."""
        return Provenance(self.source, self.line, self.note)


def _set(**changes: Any) -> Callable[[Rules], Mapping[str, Any]]:  # pragma: no mutate block
    return lambda _rules: changes


def _no_jokers(rules: Rules) -> Mapping[str, Any]:
    return {"deck_tiers": tuple(replace(t, jokers=0) for t in rules.deck_tiers)}


OPTION_LIST: tuple[Option, ...] = (
    Option(
        "small_deck",
        "one deck and 3 jokers (55 cards); 10 cards each for 2 players, 7 for more;"
        " no opening minimum",
        Source.PALACE,
        _set(
            deck_tiers=(DeckTier(2, 1, 3),),
            hand_tiers=(HandTier(2, 10), HandTier(3, 7)),
        ),
        implies=("no_opening",),
    ),
    Option(
        "opening_40",
        "the opening needs 40 points instead of 30",
        Source.PALACE,
        _set(opening_min=40),
        conflicts=("no_opening",),
    ),
    Option("no_opening", "the opening has no minimum", Source.PALACE, _set(opening_min=None)),
    Option(
        "no_jokers", "no jokers in the shoe (104 cards with two decks)", Source.PALACE, _no_jokers
    ),
    Option(
        "win_without_discard",
        "the last card may be melded or laid off instead of discarded",
        Source.PALACE,
        _set(final_discard=False),
    ),
    Option(
        "cyclic_runs",
        "the ace may stand between K and 2 (K-A-2)",
        Source.PALACE,
        _set(cyclic_runs=True),
    ),
    Option(
        "strict_groups",
        "a set's suits follow ♣ ♠ ♥ ♦ without gaps; a joker may fill a gap, never stand before ♣",
        Source.PALACE,
        _set(strict_groups=True),
        line=57,
        note="the suits lie in the order ♣ ♠ ♥ ♦ as laid; a joker may fill a gap, not lie before ♣",
    ),
    Option(
        "strict_jokers",
        "no discarding jokers, no two jokers side by side, swaps only from sets of four,"
        " a swapped joker is laid down the same turn",
        Source.PALACE,
        _set(
            joker_discard_allowed=False,
            adjacent_jokers_from=None,
            swap_from_runs=False,
            set_swap=SetSwap.CLOSED_ONLY,
            swapped_joker=SwappedJoker.PLAY_SAME_TURN,
        ),
    ),
    Option(
        "knock",
        "knock out of turn to claim the last discard plus one card from the stock (3+ players)",
        Source.PALACE,
        _set(knock=True),
    ),
    Option(
        "casino_scoring",
        "the winner gets a bonus for cards played: every loser also pays the points of the"
        " winner's melds on the table (the kit's reading: 000 gives no details)",
        Source.PALACE,
        _set(casino_scoring=True),
        line=65,
        note="000 says only that the winner gets bonus points for the cards played; what the"
        " bonus is, is the kit's choice",
    ),
    Option(
        "low_ace_1",
        "a low ace (A-2-3) counts 1 in the opening instead of the source's literal 11",
        Source.NOT_STATED,
        _set(low_ace_points=1),
        note="001 gives the ace 11 in the opening (line 9) and never singles out a low ace",
    ),
    Option(
        "house_decks",
        "house rules: 2 jokers with two decks (106 cards), 3 with three decks (159 cards)",
        Source.RAMI,
        _set(deck_tiers=(DeckTier(2, 2, 2), DeckTier(5, 3, 3))),
        presets=("rami40", "rami51"),
    ),
    Option(
        "must_use_discard",
        "a card taken from the discard pile must be melded at once (it counts towards the opening)",
        Source.ROMME,
        _set(discard_must_be_used=True),
    ),
    Option(
        "rauben",
        "a joker seen while cutting may be kept by the cutter",
        Source.ROMME,
        _set(rauben=True),
    ),
    Option(
        "dealer_14",
        "the dealer gets 14 cards, no upcard; the dealer starts without drawing",
        Source.ROMME,
        _set(dealer_14=True, upcard=False),
    ),
    Option(
        "dskv_swap",
        "German Skat Association: a joker leaves a set only when the swap makes four of a rank",
        Source.ROMME,
        _set(set_swap=SetSwap.CLOSED_ONLY),
        line=89,
    ),
    Option(
        "hand_romme_double",
        "a Hand-Rommé (all cards out in one turn, nothing laid before) doubles the losers'"
        " penalties (a German custom, in no source)",
        Source.NOT_STATED,
        _set(rummy_bonus=RummyBonus.DOUBLE),
        presets=("romme", "scala40"),
        note="a common custom of German play; none of the four sources gives it",
    ),
)

"""Every table option, in the order they are applied."""

OPTIONS: dict[str, Option] = {option.name: option for option in OPTION_LIST}
"""Every table option by name, in the order they are applied."""
