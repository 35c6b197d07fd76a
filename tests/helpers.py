"""Helpers the tests share."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rummy_learn.cards import Card
from rummy_learn.engine import Round
from rummy_learn.notation import parse_cards
from rummy_learn.variants import preset
from rummy_learn.view import PlayerView


def cards(text: str) -> list[Card]:
    """Cards from symbol or ASCII notation."""
    return parse_cards(text, "en")


def dealer_before(rules, players: int, first: int = 0) -> int:
    """The dealer that makes ``first`` play the round's first turn: that player where the
    dealer starts (German Rommé, source 003), else the player on their right."""
    return first if rules.dealer_starts or rules.dealer_14 else (first - 1) % players


def practice_view(
    variant: str, hand: str, *melds: str, rules: dict[str, Any] | None = None, **view: Any
) -> PlayerView:
    """Player 0's view of a practice table (opened, to play, ``melds`` laid by player 1),
    the preset's ``rules`` and then the view changed as asked."""
    chosen = replace(preset(variant), **(rules or {}))
    game = Round.practice(chosen, cards(hand), [cards(m) for m in melds])
    return replace(game.view(0), **view)


def held(view: PlayerView, face: str, nth: int = 0) -> Card:
    """The ``nth`` physical card of this face in the view's hand."""
    return [c for c in view.hand if str(c.face) == face][nth]
