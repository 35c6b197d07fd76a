"""A move and its reason in words: the log's line, then why (:mod:`rummy_learn.explain`).

>>> from rummy_learn.actions import TakeDiscard
>>> from rummy_learn.explain import Explanation, Why
>>> from rummy_learn.notation import parse_cards
>>> why = Explanation(1, TakeDiscard(), Why.TAKE_COMPLETES, tuple(parse_cards("7♥")),
...                   (tuple(parse_cards("5♥ 6♥ 7♥")),))
>>> explanation_text(why, "Computer 2", "en")
'Computer 2: took 7♥ from the discard pile. It makes 5♥ 6♥ 7♥.'
>>> explanation_text(why, "Компьютер 2", "ru")
'Компьютер 2: из сброса взята карта 7♥. С ней получается комбинация 5♥ 6♥ 7♥.'
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_learn.actions import (
    Action,
    Discard,
    DrawStock,
    GoOut,
    Knock,
    LayOff,
    Meld,
    SwapJoker,
    TakeDiscard,
)
from rummy_learn.cards import Card
from rummy_learn.explain import Explanation, Why
from rummy_learn.i18n import get_language, plural, points_text, text
from rummy_learn.i18n.describe import cards_text
from rummy_learn.outcome import RoundOutcome

__all__ = ["explanation_text", "listed", "move_line", "outcome_lines", "reason_text"]

_LOG_KEYS: dict[type, str] = {
    DrawStock: "game.log.draw",
    TakeDiscard: "game.log.take",
    Meld: "game.log.meld",
    LayOff: "game.log.lay_off",
    SwapJoker: "game.log.swap",
    Discard: "game.log.discard",
    GoOut: "game.log.go_out",
    Knock: "game.log.knock",
}


def moved_cards(action: Action, top: Card | None = None) -> tuple[Card, ...]:
    """The cards a move shows: those it lays or discards, the discard it takes (``top``)."""
    if isinstance(action, Meld):
        return tuple(c for meld in action.melds for c in meld)
    if isinstance(action, LayOff | Discard):
        return (action.card,)
    if isinstance(action, SwapJoker):
        return action.cards
    if isinstance(action, TakeDiscard | Knock) and top is not None:
        return (top,)
    return ()


def move_line(who: str, action: Action, top: Card | None = None, lang: str | None = None) -> str:
    """The log's line for a move (a game's log, a replay); ``top``: the discard a take or a
    knock takes.

    >>> from rummy_learn.notation import parse_cards
    >>> move_line("Computerspieler 1", Discard(parse_cards("K♣")[0]), lang="de")
    'Computerspieler 1: K♣ abgelegt.'
    """
    lang = lang or get_language()
    shown = cards_text(moved_cards(action, top), lang)
    if isinstance(action, Meld):  # one meld after another, apart
        shown = " | ".join(cards_text(meld, lang) for meld in action.melds)
    return text(_LOG_KEYS[type(action)], lang, player=who, cards=shown)


def listed(items: Sequence[str], word: str, lang: str | None = None) -> str:
    """Items as a list in words: ``a``, ``a or b``, ``a, b or c`` (``word``: ``or``/``and``).

    >>> listed(["7♠", "10♠"], "or", "ru"), listed(["8♣", "8♦", "8♥"], "or", "de")
    ('7♠ или 10♠', '8♣, 8♦ oder 8♥')
    """
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {text('explain.' + word, lang)} {items[-1]}"


def reason_text(why: Explanation, lang: str | None = None) -> str:
    """Why the move was made, in one or two sentences.

    >>> from rummy_learn.notation import parse_cards
    >>> why = Explanation(0, Discard(parse_cards("K♣")[0]), Why.DISCARD_LOOSE,
    ...                   tuple(parse_cards("K♣")), keeps=tuple(parse_cards("8♠ 9♠")),
    ...                   waits=tuple(parse_cards("7♠ 10♠")))
    >>> reason_text(why, "bg")
    'Картата не влиза в комбинация с нищо в ръката. В ръката остават 8♠ 9♠: липсва им 7♠ или 10♠.'
    """
    lang = lang or get_language()
    melds = listed([cards_text(m, lang) for m in why.melds], "and", lang)
    waits = listed([cards_text([c], lang) for c in why.waits], "or", lang)
    partner = cards_text([c for c in why.keeps if c not in why.cards], lang)
    params = {
        "cards": cards_text(why.cards, lang),
        "melds": melds,
        "waits": waits,
        "partner": partner,
        "points": points_text(why.points or 0, lang),
        "required": (
            text("hint.no_minimum", lang)
            if why.required is None
            else points_text(why.required, lang)
        ),
    }
    sentence = text(why.key, lang)
    words = [sentence.format(**params)]
    if why.keeps and why.why not in (Why.TAKE_NEAR, Why.DISCARD_NEAR):
        keeps = cards_text(why.keeps, lang)
        words.append(plural("explain.keeps", len(why.keeps), lang, keeps=keeps, waits=waits))
    if why.held:
        held = listed([cards_text(m, lang) for m in why.held], "and", lang)
        words.append(plural("explain.holds", len(why.held), lang, held=held))
    return " ".join(words)


def explanation_text(why: Explanation, who: str, lang: str | None = None) -> str:
    """The move's line in the log, then its reason."""
    top = why.cards[0] if isinstance(why.action, TakeDiscard | Knock) and why.cards else None
    return f"{move_line(who, why.action, top, lang)} {reason_text(why, lang)}"


def outcome_lines(
    outcome: RoundOutcome, names: Sequence[str], lang: str | None = None
) -> list[str]:
    """How the round ended, who won, and each player's penalty and score.

    >>> from rummy_learn.outcome import EndReason
    >>> ended = RoundOutcome(EndReason.WENT_OUT, 0, (0, 12), (12, -12))
    >>> outcome_lines(ended, ["Anna", "Ben"], "en")[1:]
    ['Winner: Anna.', 'Anna: 0 points left in hand; score 12 points.', \
'Ben: 12 points left in hand; score −12 points.']
    """
    lines = [text("game.over." + outcome.reason.value, lang)]
    if outcome.winner is not None:
        lines.append(text("game.winner", lang, player=names[outcome.winner]))
    for p, name in enumerate(names):
        lines.append(text("game.score_line", lang, player=name,
                          hand=points_text(outcome.hand_points[p], lang),
                          score=points_text(outcome.scores[p], lang)))  # fmt: skip
    return lines
