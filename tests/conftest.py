"""Shared helpers for the tests."""

from __future__ import annotations

import pytest

from rummy_learn.cards import Card
from rummy_learn.notation import parse_cards


def cards(text: str) -> list[Card]:
    """Cards from symbol or ASCII notation."""
    return parse_cards(text)


@pytest.fixture(autouse=True)
def _english_by_default():
    """Every test starts with the kit's default language."""
    from rummy_learn.i18n import set_language

    set_language("en")
    yield
    set_language("en")
