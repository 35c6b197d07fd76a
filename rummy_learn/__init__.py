"""rummy-learn: a teaching kit for the rummy family.

German Rommé, Rummy 40, Rami 40 / Rami 51, the Rummy Palace rules and Scala 40.

The rules core imports nothing from Jupyter or Jinja2 and does no I/O.

>>> from rummy_learn import check_meld, parse_cards, preset
>>> check_meld(parse_cards("Q♥ K♥ A♥"), preset("rami40")).points
31
"""

from rummy_learn.cards import JOKER, Card, Rank, Suit
from rummy_learn.language import LANGUAGES, get_language, set_language
from rummy_learn.melds import JokerUse, MeldCheck, MeldKind, check_meld
from rummy_learn.notation import CardParseError, format_card, format_cards, parse_card, parse_cards
from rummy_learn.reasons import Problem, Reason
from rummy_learn.rules import Rules
from rummy_learn.scoring import OpeningCheck, check_opening, hand_penalty
from rummy_learn.variants import OPTIONS, PRESETS, preset

__all__ = [
    "JOKER",
    "LANGUAGES",
    "OPTIONS",
    "PRESETS",
    "Card",
    "CardParseError",
    "JokerUse",
    "MeldCheck",
    "MeldKind",
    "OpeningCheck",
    "Problem",
    "Rank",
    "Reason",
    "Rules",
    "Suit",
    "check_meld",
    "check_opening",
    "format_card",
    "format_cards",
    "get_language",
    "hand_penalty",
    "parse_card",
    "parse_cards",
    "preset",
    "set_language",
]

__version__ = "0.1.0"
