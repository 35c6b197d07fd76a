"""Helpers the tests share."""

from __future__ import annotations

from rummy_learn.cards import Card
from rummy_learn.notation import parse_cards


def cards(text: str) -> list[Card]:
    """Cards from symbol or ASCII notation."""
    return parse_cards(text, "en")
