"""What the rules core says about a checked example: a meld, an opening, or a hand's points.

A book's ``rummy-example`` (:mod:`rummy_learn.sphinxext.example`) and an exported lesson page
(:mod:`rummy_learn.widgets.myst_cells`) ask the same function, so an example reads the same
wherever it is shown.

>>> from rummy_learn.variants import preset
>>> answer = ask_core("meld", "5♥ 6♥ 8♥", preset("rami51"))
>>> answer.valid, answer.codes
(False, ('gap',))
>>> expectation_problems(answer, valid=True)
['the core says invalid (gap), the example expects valid']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rummy_learn.decks import shoe_problems
from rummy_learn.i18n import points_text, text
from rummy_learn.i18n.describe import cards_text, opening_line, reason_message, verdict_lines
from rummy_learn.melds import check_meld
from rummy_learn.notation import parse_cards
from rummy_learn.rules import Rules
from rummy_learn.scoring import check_opening, hand_penalty

__all__ = ["KINDS", "Answer", "ask_core", "expectation_problems"]

KINDS = ("meld", "opening", "penalty")


@dataclass(frozen=True)
class Answer:
    """What the core says about an example: verdict (none for a hand), points, reasons."""

    valid: bool | None
    points: int | None
    codes: tuple[str, ...]
    draw: Callable[[str], str] = field(repr=False, compare=False)
    say: Callable[[str], list[tuple[str, list[str]]]] = field(repr=False, compare=False)

    def html(self, lang: str) -> str:
        """The cards and the verdict, drawn in ``lang``."""
        return self.draw(lang)

    def words(self, lang: str) -> list[tuple[str, list[str]]]:
        """Each group of cards as text, with its lines of verdict, in ``lang``."""
        return self.say(lang)


def ask_core(kind: str, cards: str, rules: Rules, lang: str | None = None) -> Answer:
    """The core's answer on an example's cards (read in any notation, or ``lang``'s)."""
    from rummy_learn import render

    if kind == "meld":
        check = check_meld(parse_cards(cards, lang), rules)
        codes = tuple(p.reason.value for p in check.problems)
        return Answer(
            check.valid, check.points, codes, lambda to: render.meld_html(check, to),
            lambda to: [(cards_text(check.arrangement, to), verdict_lines(check, to))],
        )  # fmt: skip
    if kind == "opening":
        melds = [parse_cards(meld, lang) for meld in cards.split("|")]
        if not all(melds):
            raise ValueError(f"an empty meld in {cards!r} (melds are separated by '|')")
        opening = check_opening(melds, rules)
        every = [*(p for m in opening.melds for p in m.problems), *opening.problems]
        codes = tuple(dict.fromkeys(p.reason.value for p in every))

        def say(to: str) -> list[tuple[str, list[str]]]:
            lines = [(cards_text(m.arrangement, to), verdict_lines(m, to)) for m in opening.melds]
            shoe = [reason_message(p, to) for p in opening.problems]
            return [*lines, ("", [opening_line(opening, to), *shoe])]

        return Answer(opening.meets, opening.points, codes,
                      lambda to: render.opening_html(opening, to), say)  # fmt: skip
    if kind == "penalty":
        hand = parse_cards(cards, lang)
        impossible = shoe_problems(hand, rules)
        if impossible:
            said = ", ".join(p.reason.value for p in impossible)
            raise ValueError(f"the {rules.variant} shoe cannot hold {cards!r} ({said})")
        points = hand_penalty(hand, rules)

        def line(to: str) -> str:
            return text("penalty.hand", to, points=points_text(points, to))

        return Answer(None, points, (), lambda to: render.hand_html(hand, line(to), to),
                      lambda to: [(cards_text(hand, to), [line(to)])])  # fmt: skip
    raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")


def expectation_problems(
    answer: Answer, *, valid: bool | None = None, points: int | None = None,
    reasons: Sequence[str] = (),
) -> list[str]:  # fmt: skip
    """What the core says differently from the example's expectation (empty: they agree)."""
    said = "invalid" + (f" ({', '.join(answer.codes)})" if answer.codes else "")
    said = "valid" if answer.valid else said
    problems = []
    if valid is not None and answer.valid != valid:
        problems.append(
            f"the core says {said}, the example expects {'valid' if valid else 'invalid'}"
        )
    if points is not None and answer.points != points:
        problems.append(f"the core counts {answer.points} points, the example expects {points}")
    missing = [r for r in reasons if r not in answer.codes]
    if missing:
        problems.append(f"the core gives reasons {list(answer.codes)}, not {missing}")
    return problems
