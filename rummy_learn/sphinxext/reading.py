"""Cards as an author writes them: in any notation, the book's own letters first.

A page may be built in several languages (the same sources, another ``language``), so
cards written with another language's letters (``D♥``, the German queen, in a Russian
book) are still read, and the author gets a hint; only text that reads differently with
two languages' letters is an error.

>>> cards, letters = read_cards("Д♥ K♥", "ru")
>>> [str(c) for c in cards], letters
(['Q♥', 'K♥'], 'ru')
>>> cards, letters = read_cards("B♥ D♥", "ru")
>>> [str(c) for c in cards], letters
(['J♥', 'Q♥'], 'de')
"""

from __future__ import annotations

from rummy_learn.cards import Card
from rummy_learn.language import LANGUAGES
from rummy_learn.notation import CardParseError, parse_cards

__all__ = ["letters_hint", "read_cards"]


def read_cards(written: str, lang: str) -> tuple[list[Card], str]:
    """The cards, and the language whose letters read them (``lang`` when it could)."""
    try:
        return parse_cards(written, lang), lang
    except CardParseError as error:
        readings: dict[str, list[Card]] = {}
        for other in (o for o in LANGUAGES if o != lang):
            try:
                readings[other] = parse_cards(written, other)
            except CardParseError:
                continue
        if len({tuple(cards) for cards in readings.values()}) > 1:
            raise ValueError(
                f"{written!r} reads differently with the letters of {' and '.join(readings)};"
                f" write it with {lang}'s letters or in ASCII (Qh, 10s)"
            ) from error
        if not readings:
            if "|" in written:
                raise ValueError(f"{error}; '|' separates the melds of a :kind: opening") from error
            raise
        other = next(iter(readings))
        return readings[other], other


def letters_hint(written: str, letters: str, lang: str) -> str:
    """The hint for cards read with another language's letters.

    >>> letters_hint("D♥", "de", "ru")
    "'D♥' is read with the de card letters, not ru's (the book's language)"
    """
    return (
        f"{written!r} is read with the {letters} card letters, not {lang}'s (the book's language)"
    )
