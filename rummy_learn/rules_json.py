"""A :class:`~rummy_learn.rules.Rules` value as JSON data and back, switch by switch.

>>> from rummy_learn.variants import preset
>>> rules = preset("palace", ["small_deck"])
>>> rules_from_json(rules_to_json(rules)) == rules
True
>>> rules_to_json(rules)["deck_tiers"]
[{'min_players': 2, 'decks': 1, 'jokers': 3}]
"""

from __future__ import annotations

from dataclasses import fields
from enum import Enum
from typing import Any, get_type_hints

from rummy_learn.rules import DeckTier, HandTier, Rules

__all__ = ["rules_from_json", "rules_to_json"]


def _encode(value: object) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, DeckTier):
        return {"min_players": value.min_players, "decks": value.decks, "jokers": value.jokers}
    if isinstance(value, HandTier):
        return {"min_players": value.min_players, "cards": value.cards}
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def rules_to_json(rules: Rules) -> dict[str, Any]:
    """Every switch by name, enums by value, tiers as objects."""
    return {f.name: _encode(getattr(rules, f.name)) for f in fields(Rules)}


_HINTS = get_type_hints(Rules)


def _decode(name: str, value: Any) -> Any:
    hint = _HINTS[name]
    if name == "deck_tiers":
        return tuple(DeckTier(**tier) for tier in value)
    if name == "hand_tiers":
        return tuple(HandTier(**tier) for tier in value)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(value)
    if isinstance(value, list):
        return tuple(value)
    return value


def rules_from_json(data: dict[str, Any]) -> Rules:
    """Read what :func:`rules_to_json` wrote; an unknown or missing switch raises ``ValueError``."""
    names = {f.name for f in fields(Rules)}
    if set(data) != names:
        raise ValueError(f"switches differ from the kit's: {sorted(set(data) ^ names)}")
    return Rules(**{name: _decode(name, data[name]) for name in names})
