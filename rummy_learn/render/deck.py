"""Every card's drawing, made once by the kit's one card template: what the browser looks up.

In a page with no kernel the widgets' logic runs in the reader's browser, where it draws no
card itself: the kit's browser wheel carries, for each language, every card of the deck
and every card a joker may stand for, in the two-colour and the four-colour deck, drawn by
``templates/card.svg.j2`` when the site was built (:func:`deck_drawings`). :func:`drawn`
reads them there; elsewhere (a kernel, a book build) there are none, and Jinja2 draws.

>>> from rummy_learn.notation import parse_card
>>> drawing_key(parse_card("Jkr"), parse_card("9s"), False)
'0:Jkr:9s'
>>> drawn("en") is None  # an installed kit draws with Jinja2
True
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from rummy_learn.actions import card_id
from rummy_learn.cards import RANKS, SUITS, Card

__all__ = ["BACK", "DRAWN", "deck_drawings", "drawing_key", "drawn"]

DRAWN = "drawn"
"""The folder of ``rummy_learn/render`` that holds the drawings, in the browser's wheel only."""
WIDTH = 56
BACK = "back"
"""The name of the drawing of a card's back."""
"""The width the widgets draw cards at (the only one drawn in advance)."""

_FACES = [Card(rank, suit) for suit in SUITS for rank in RANKS]


def drawing_key(card: Card, stands_for: Card | None, four_colour: bool) -> str:
    """A drawing's name: the deck (0, 1: four colours), the card, what a joker stands for."""
    face = card_id(Card(card.rank, card.suit))
    stands = card_id(Card(stands_for.rank, stands_for.suit)) if stands_for else ""
    return f"{int(four_colour)}:{face}:{stands}"


def deck_drawings(lang: str) -> dict[str, str]:
    """Every drawing the widgets may show in ``lang``, by :func:`drawing_key`."""
    from rummy_learn.render import card_back_svg, card_svg

    joker = Card(None, None)
    drawings = {BACK: card_back_svg(lang)}
    for four in (False, True):
        for card in [*_FACES, joker]:
            drawings[drawing_key(card, None, four)] = card_svg(card, lang, four_colour=four)
        for face in _FACES:
            drawings[drawing_key(joker, face, four)] = card_svg(joker, lang, stands_for=face,
                                                                four_colour=four)  # fmt: skip
    return drawings


@cache
def drawn(lang: str) -> dict[str, str] | None:
    """The drawings in ``lang`` made in advance, where the package carries them (the browser)."""
    path = resources.files(__package__).joinpath(DRAWN, f"{lang}.json")
    if not path.is_file():
        return None
    table: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return table
