"""What a player can do: small frozen values, and their JSON form.

Cards in actions are physical cards (with their copy index), as dealt.

>>> action = LayOff(parse_card_id("Qh.1"), meld=2, end=End.LOW)
>>> action_to_json(action)
{'type': 'lay_off', 'card': 'Qh.1', 'meld': 2, 'end': 'low'}
>>> action_from_json(action_to_json(action)) == action
True
"""

from __future__ import annotations

from collections.abc import Iterable
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
    "action_text",
    "action_to_json",
    "card_id",
    "card_ids",
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


_LONGEST_ID = 12  # "Jkr.0", "10d.1": a few characters (a copy number of up to 6 digits)


def card_id(card: Card) -> str:
    """A physical card as text: ASCII face and copy index (``Qh.1``, ``Jkr.0``).

    >>> card_id(parse_card_id("10d.1")), card_id(Card.joker(2))
    ('10d.1', 'Jkr.2')
    """
    face = format_card(card, "ascii")
    return face if card.copy is None else f"{face}.{card.copy}"


def card_ids(cards: Iterable[Card]) -> list[str]:
    """:func:`card_id` of each card.

    >>> card_ids([parse_card_id("Qh.1"), Card.joker(0)])
    ['Qh.1', 'Jkr.0']
    """
    return [card_id(c) for c in cards]


def parse_card_id(text: str) -> Card:
    """Read :func:`card_id`'s text back; anything else raises ``ValueError``.

    >>> parse_card_id("Qh.x")
    Traceback (most recent call last):
    ...
    ValueError: not a card id: 'Qh.x'
    """
    if not isinstance(text, str) or len(text) > _LONGEST_ID:
        raise ValueError(f"not a card id: {text!r:.40}")
    face, dot, copy = text.partition(".")
    if (dot and not (copy.isascii() and copy.isdigit())) or " " in face:
        raise ValueError(f"not a card id: {text!r}")
    card = parse_card(face, "en")
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


def action_to_json(action: Action) -> dict[str, Any]:
    """An action as a JSON object with a ``type``."""
    data: dict[str, Any] = {"type": _TYPES[type(action)]}
    if isinstance(action, Meld):
        data["melds"] = [card_ids(m) for m in action.melds]
    elif isinstance(action, LayOff):
        data |= {"card": card_id(action.card), "meld": action.meld, "end": action.end.value}
    elif isinstance(action, SwapJoker):
        data |= {
            "meld": action.meld,
            "joker": card_id(action.joker),
            "cards": card_ids(action.cards),
            "new_meld": card_ids(action.new_meld),
        }
    elif isinstance(action, Discard):
        data["card"] = card_id(action.card)
    elif isinstance(action, Knock):
        data["player"] = action.player
    return data


def action_text(action: Action) -> str:
    """An action on one line, cards by id (as a golden playthrough lists them).

    >>> action_text(Meld(((parse_card_id("9s.0"), Card.joker(1)), (parse_card_id("Kc.0"),))))
    'meld 9s.0 Jkr.1 | Kc.0'
    >>> action_text(SwapJoker(3, Card.joker(0), (parse_card_id("7d.1"),)))
    'swap_joker 3 Jkr.0 for 7d.1'
    """
    data = action_to_json(action)
    words = [data["type"]]
    if isinstance(action, Meld):
        words.append(" | ".join(" ".join(meld) for meld in data["melds"]))
    elif isinstance(action, LayOff):
        words += [data["card"], "on", str(action.meld), data["end"]]
    elif isinstance(action, SwapJoker):
        words += [str(action.meld), data["joker"], "for", *data["cards"]]
        words += ["new_meld", *data["new_meld"]] if action.new_meld else []
    elif isinstance(action, Discard):
        words.append(data["card"])
    elif isinstance(action, Knock):
        words.append(str(action.player))
    return " ".join(words)


def _number(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"not a whole number: {value!r}")
    return value


def _cards(value: object) -> tuple[Card, ...]:
    if not isinstance(value, list | tuple):
        raise ValueError(f"not a list of card ids: {value!r}")
    return tuple(parse_card_id(c) for c in value)


def action_from_json(data: dict[str, Any]) -> Action:
    """Read an action written by :func:`action_to_json`; a malformed one raises ``ValueError``.

    >>> action_from_json({"type": "discard", "card": "Qh.x"})
    Traceback (most recent call last):
    ...
    ValueError: not an action: {'type': 'discard', 'card': 'Qh.x'} (not a card id: 'Qh.x')
    """
    try:
        kind = _CLASSES[data["type"]]
        if kind is Meld:
            if not isinstance(data["melds"], list | tuple):
                raise ValueError("melds is not a list")
            return Meld(tuple(_cards(m) for m in data["melds"]))
        if kind is LayOff:
            return LayOff(parse_card_id(data["card"]), _number(data["meld"]), End(data["end"]))
        if kind is SwapJoker:
            return SwapJoker(
                _number(data["meld"]),
                parse_card_id(data["joker"]),
                _cards(data["cards"]),
                _cards(data.get("new_meld", [])),
            )
        if kind is Discard:
            return Discard(parse_card_id(data["card"]))
        if kind is Knock:
            return Knock(_number(data["player"]))
        action: Action = kind()
        return action
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        raise ValueError(f"not an action: {data!r} ({err})") from err
