"""What a player can do: small frozen values, and their JSON form.

Cards in actions are physical cards (with their copy index), as dealt.

>>> action = LayOff(parse_card_id("Qh.1"), meld=2, end=End.LOW)
>>> action_to_json(action)
{'type': 'lay_off', 'card': 'Qh.1', 'meld': 2, 'end': 'low'}
>>> action_from_json(action_to_json(action)) == action
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from rummy_learn.cards import Card
from rummy_learn.notation import format_card, parse_card

__all__ = [
    "Action",
    "Discard",
    "DrawStock",
    "End",
    "GoOut",
    "Knock",
    "LayOff",
    "Meld",
    "SwapJoker",
    "TakeDiscard",
    "action_from_json",
    "action_to_json",
    "card_id",
    "parse_card_id",
]


class End(Enum):
    """The end of a run a card is laid off at (sets have no ends: either will do)."""

    LOW = "low"
    HIGH = "high"


@dataclass(frozen=True)
class DrawStock:
    """Draw the top card of the stock."""


@dataclass(frozen=True)
class TakeDiscard:
    """Take the top card of the discard pile."""


@dataclass(frozen=True)
class Meld:
    """Lay one or more melds from the hand; a player's first Meld is the opening."""

    melds: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class LayOff:
    """Add one card from the hand to a meld on the table (``meld`` is its id)."""

    card: Card
    meld: int
    end: End = End.HIGH


@dataclass(frozen=True)
class SwapJoker:
    """Take ``joker`` from a meld on the table by putting ``cards`` in its place.

    ``new_meld``: cards from the hand that form a new meld with the freed joker at once.
    """

    meld: int
    joker: Card
    cards: tuple[Card, ...]
    new_meld: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Discard:
    """Put a card on the discard pile; this ends the turn."""

    card: Card


@dataclass(frozen=True)
class GoOut:
    """End the round with an empty hand, without a last discard (where the variant allows)."""


@dataclass(frozen=True)
class Knock:
    """Out of turn: claim the last discard, and take one card from the stock with it."""

    player: int


Action = DrawStock | TakeDiscard | Meld | LayOff | SwapJoker | Discard | GoOut | Knock


def card_id(card: Card) -> str:
    """A physical card as text: ASCII face and copy index (``Qh.1``, ``Jkr.0``).

    >>> card_id(parse_card_id("10d.1")), card_id(Card.joker(2))
    ('10d.1', 'Jkr.2')
    """
    face = format_card(card, "ascii")
    return face if card.copy is None else f"{face}.{card.copy}"


def parse_card_id(text: str) -> Card:
    """Read :func:`card_id`'s text back."""
    face, _, copy = text.partition(".")
    card = parse_card(face)
    return Card(card.rank, card.suit, int(copy)) if copy else card


_TYPES: dict[type, str] = {
    DrawStock: "draw_stock",
    TakeDiscard: "take_discard",
    Meld: "meld",
    LayOff: "lay_off",
    SwapJoker: "swap_joker",
    Discard: "discard",
    GoOut: "go_out",
    Knock: "knock",
}
_CLASSES = {name: cls for cls, name in _TYPES.items()}


def _ids(cards: tuple[Card, ...]) -> list[str]:
    return [card_id(c) for c in cards]


def action_to_json(action: Action) -> dict[str, Any]:
    """An action as a JSON object with a ``type``."""
    data: dict[str, Any] = {"type": _TYPES[type(action)]}
    if isinstance(action, Meld):
        data["melds"] = [_ids(m) for m in action.melds]
    elif isinstance(action, LayOff):
        data |= {"card": card_id(action.card), "meld": action.meld, "end": action.end.value}
    elif isinstance(action, SwapJoker):
        data |= {
            "meld": action.meld,
            "joker": card_id(action.joker),
            "cards": _ids(action.cards),
            "new_meld": _ids(action.new_meld),
        }
    elif isinstance(action, Discard):
        data["card"] = card_id(action.card)
    elif isinstance(action, Knock):
        data["player"] = action.player
    return data


def action_from_json(data: dict[str, Any]) -> Action:
    """Read an action written by :func:`action_to_json`; a malformed one raises ``ValueError``."""
    try:
        kind = _CLASSES[data["type"]]
        if kind is Meld:
            return Meld(tuple(tuple(parse_card_id(c) for c in m) for m in data["melds"]))
        if kind is LayOff:
            return LayOff(parse_card_id(data["card"]), int(data["meld"]), End(data["end"]))
        if kind is SwapJoker:
            return SwapJoker(
                int(data["meld"]),
                parse_card_id(data["joker"]),
                tuple(parse_card_id(c) for c in data["cards"]),
                tuple(parse_card_id(c) for c in data.get("new_meld", ())),
            )
        if kind is Discard:
            return Discard(parse_card_id(data["card"]))
        if kind is Knock:
            return Knock(int(data["player"]))
        action: Action = kind()
        return action
    except (KeyError, TypeError, AttributeError) as err:
        raise ValueError(f"not an action: {data!r}") from err
