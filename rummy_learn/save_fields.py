"""The small checks every field of a save goes through; each failure names the field.

>>> whole(0.5, "state.current", 0, 3)
Traceback (most recent call last):
...
rummy_learn.save_fields.SaveError: not a saved round: state.current: 0.5 is not a whole number
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any

from rummy_learn.actions import card_id, parse_card_id
from rummy_learn.cards import Card

__all__ = [
    "SaveError",
    "card_of",
    "cards_of",
    "choice",
    "flag",
    "items",
    "obj",
    "shown",
    "whole",
]

_SHOWN = 40  # characters of a bad value shown in a message


class SaveError(ValueError):
    """A save that cannot be loaded; ``field`` names where, ``problem`` what is wrong.

    >>> str(SaveError("state.hands[2]", "there are only 2 players"))
    'not a saved round: state.hands[2]: there are only 2 players'
    """

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"not a saved round: {field}: {problem}")


def shown(value: object) -> str:
    """A value as a message shows it: one line, escapes as text, its first 40 characters.

    >>> shown("\\x1b[31mred"), shown("x" * 100)[-5:]
    ("'\\\\x1b[31mred'", "xxx…'")
    """
    text = value[:_SHOWN] if isinstance(value, str) else value
    out = ascii(text) if isinstance(text, str) else repr(text)
    if isinstance(value, str) and len(value) > _SHOWN:
        out = out[:-1] + "…" + out[-1]
    return out if len(out) <= 2 * _SHOWN else out[: 2 * _SHOWN] + "…"


def obj(value: object, field: str, required: Sequence[str]) -> dict[str, Any]:
    """An object with exactly these keys."""
    if not isinstance(value, dict):
        raise SaveError(field, f"{shown(value)} is not an object")
    missing = [key for key in required if key not in value]
    if missing:
        raise SaveError(field, f"missing {', '.join(missing)}")
    unknown = [key for key in value if key not in required]
    if unknown:
        raise SaveError(field, f"unknown field {shown(unknown[0])}")
    return value


def whole(value: object, field: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveError(field, f"{shown(value)} is not a whole number")
    if not low <= value <= high:
        raise SaveError(field, f"{value} is not between {low} and {high}")
    return value


def flag(value: object, field: str) -> bool:
    """True or false."""
    if not isinstance(value, bool):
        raise SaveError(field, f"{shown(value)} is not true or false")
    return value


def items(value: object, field: str, longest: int) -> list[Any]:
    """A list of at most ``longest`` entries."""
    if not isinstance(value, list):
        raise SaveError(field, f"{shown(value)} is not a list")
    if len(value) > longest:
        raise SaveError(field, f"{len(value)} entries, more than {longest}")
    return value


def choice(value: object, field: str, enum: type[Enum]) -> Any:
    """One of the values of ``enum``."""
    try:
        return enum(value)
    except (ValueError, TypeError):
        valid = ", ".join(str(e.value) for e in enum)
        raise SaveError(field, f"{shown(value)} is not one of {valid}") from None


def card_of(value: object, field: str) -> Card:
    """A physical card's id, exactly as :func:`~rummy_learn.actions.card_id` writes it."""
    if not isinstance(value, str) or len(value) > 8:
        raise SaveError(field, f"{shown(value)} is not a card id")
    try:
        card = parse_card_id(value)
    except ValueError:
        raise SaveError(field, f"{shown(value)} is not a card id") from None
    if card.copy is None or card_id(card) != value:
        raise SaveError(field, f"{shown(value)} is not a card id")
    return card


def cards_of(value: object, field: str, longest: int) -> list[Card]:
    """A list of card ids."""
    return [card_of(v, f"{field}[{i}]") for i, v in enumerate(items(value, field, longest))]
