"""Helpers the tests share."""

from __future__ import annotations

from rummy_learn.cards import Card
from rummy_learn.notation import parse_cards


def cards(text: str) -> list[Card]:
    """Cards from symbol or ASCII notation."""
    return parse_cards(text, "en")


def dealer_before(rules, players: int, first: int = 0) -> int:
    """The dealer that makes ``first`` play the round's first turn: that player where the
    dealer starts (German Rommé, source 003), else the player on their right."""
    return first if rules.dealer_starts or rules.dealer_14 else (first - 1) % players
