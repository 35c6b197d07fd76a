"""``Quiz``: exercises the core checks, with feedback, a hint and a score for the session.

Exercises are data, so that a teacher can write their own (JSON, or YAML with the
``notebook`` extra's PyYAML), a list of objects such as::

    [{"kind": "valid", "variant": "rami51", "cards": "Jkr 7♠ 8♠"},
     {"kind": "penalty", "variant": "romme", "cards": "A♣ K♦ 7♠ Jkr"},
     {"kind": "opening", "variant": "rami40", "cards": "K♥ K♠ K♦ 5♣ 6♣ 7♣ 2♦ 9♥"}]

``valid``: is this meld valid? ``penalty``: how many penalty points are these cards
worth left in hand? ``opening``: build an opening that reaches the minimum from this
hand. ``choice``: a question with written answers, one of them right (see
:mod:`rummy_learn.exercises`). An exercise may also carry ``options``, and a ``prompt``
and a ``hint`` per language.

Every answer is checked by the core. The exercises also carry the core's answers (and,
for openings, the table of every selection's verdict), so that a quiz in an exported
page with no kernel still checks the learner's answers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import traitlets

from rummy_learn.exercises import (
    KINDS,
    choice_of,
    exercise_cards,
    exercise_rules,
    load_exercises,
    localized,
    penalty_lines,
    prompt_text,
)
from rummy_learn.i18n import points_text, text
from rummy_learn.i18n.describe import opening_line, variant_title, verdict_lines
from rummy_learn.melds import check_meld
from rummy_learn.scoring import check_opening, hand_penalty
from rummy_learn.solver import thrifty_opening
from rummy_learn.widgets.base import KitWidget, card_payload, from_the_shoe
from rummy_learn.widgets.verdicts import static_table

__all__ = ["KINDS", "Quiz", "load_exercises"]


class Quiz(KitWidget):
    """Exercises one after another; ``score`` counts the right answers of the session.

    >>> quiz = Quiz([{"kind": "valid", "variant": "rami40", "cards": "Jkr Jkr 5♥ 6♥"}], lang="en")
    >>> quiz.answer(True); quiz.feedback[0], quiz.score
    ('Not quite.', {'right': 0, 'answered': 1})
    """

    exercises = traitlets.List(traitlets.Dict()).tag(sync=True)
    current = traitlets.Int(0).tag(sync=True)
    feedback = traitlets.List(traitlets.Unicode()).tag(sync=True)
    right = traitlets.Bool(False).tag(sync=True)
    hint_text = traitlets.List(traitlets.Unicode()).tag(sync=True)
    score = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        exercises: Iterable[Mapping[str, Any]] | str | Path,
        *,
        lang: str | None = None,
        four_colour: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(lang=lang, four_colour=four_colour, kind="quiz", **kwargs)
        raw = load_exercises(exercises) if isinstance(exercises, str | Path) else list(exercises)
        if not raw:
            raise ValueError("a quiz needs at least one exercise")
        self._built = [self._build(e, number) for number, e in enumerate(raw, start=1)]
        self.exercises = [shown for shown, _ in self._built]
        self.score = {"right": 0, "answered": 0}
        self._answered: set[int] = set()

    def _build(self, exercise: Mapping[str, Any], number: int) -> tuple[dict[str, Any], Any]:
        kind = exercise.get("kind")
        if kind not in KINDS:
            raise ValueError(
                f"exercise {number}: kind must be one of {', '.join(KINDS)}, not {kind!r}"
            )
        rules = exercise_rules(exercise)
        try:
            cards = from_the_shoe(exercise_cards(exercise, number), rules, self.lang)
        except ValueError as err:
            if str(err).startswith(f"exercise {number}:"):
                raise
            raise ValueError(f"exercise {number}: {err}") from err
        lang = self.lang
        required = rules.opening_min
        shown: dict[str, Any] = {
            "kind": kind,
            "variant": variant_title(rules.variant, rules.options, lang),  # above any prompt
            "prompt": prompt_text(exercise, rules, lang),
            "cards": [card_payload(c, lang, self.four_colour) for c in cards],
        }
        if kind == "valid":
            check = check_meld(cards, rules)
            shown["answer"] = {"valid": check.valid, "lines": verdict_lines(check, lang)}
        elif kind == "penalty":
            lines = penalty_lines(cards, rules, lang)[1:]  # each card's cost
            shown["answer"] = {"points": hand_penalty(cards, rules), "lines": lines}
        elif kind == "choice":
            choice = choice_of(exercise, number, lang)
            shown["answers"] = choice.answers
            shown["answer"] = {"right": choice.right, "lines": choice.explain}
        else:
            if len(cards) > 13:
                raise ValueError(f"exercise {number}: an opening exercise has at most 13 cards")
            shown["answer"] = {
                "required": required,
                "static": static_table(cards, rules, lang, self.four_colour),
            }
            best = thrifty_opening(cards, rules)
            shown["answer"]["possible"] = bool(best.melds) and best.points >= (required or 0)
        hint = localized(exercise.get("hint"), lang)
        shown["hint"] = [hint] if isinstance(hint, str) else self._hint_lines(kind, rules, cards)
        return shown, (kind, rules, cards)

    # --- answers ---------------------------------------------------------------------------------

    def answer(self, value: object) -> None:
        """Check an answer to the current exercise (as the page sends it) with the core."""
        shown, (kind, rules, cards) = self._built[self.current]
        lang = self.lang
        if kind == "valid":
            if not isinstance(value, bool):
                self.feedback = [text("ui.bad_message", lang)]
                return
            right = value == shown["answer"]["valid"]
            explanation = shown["answer"]["lines"]
        elif kind == "penalty":
            if value is None or value == "":  # nothing written: not an answer, not wrong
                self.feedback = [text("ui.enter_number", lang)]
                return
            if isinstance(value, bool) or not isinstance(value, int):
                self.feedback = [text("ui.bad_message", lang)]
                return
            right = value == shown["answer"]["points"]
            explanation = [
                text("quiz.penalty_is", lang, points=points_text(shown["answer"]["points"], lang))
            ]
        elif kind == "choice":
            if (
                isinstance(value, bool)
                or not isinstance(value, int)
                or not 0 <= value < len(shown["answers"])
            ):
                self.feedback = [text("ui.bad_message", lang)]
                return
            right = value == shown["answer"]["right"]
            explanation = list(shown["answer"]["lines"])
        else:
            ids = {c["id"]: card for c, card in zip(shown["cards"], cards, strict=True)}
            melds = self._melds(value, ids)
            if melds is None:
                return
            opening = check_opening(melds, rules)
            right = opening.meets
            explanation = [line for m in opening.melds for line in verdict_lines(m, lang)[:1]]
            explanation.append(opening_line(opening, lang))
        self.right = right
        self.feedback = [text("quiz.right" if right else "quiz.wrong", lang), *explanation]
        if self.current in self._answered:  # the first answer counts
            self.feedback = [*self.feedback, text("ui.already_answered", lang)]
            return
        self._answered.add(self.current)
        self.score = {"right": self.score["right"] + right, "answered": self.score["answered"] + 1}

    def _melds(self, value: object, ids: dict[str, Any]) -> list[list[Any]] | None:
        if (
            not isinstance(value, list)
            or not value
            or not all(isinstance(m, list) and m for m in value)
        ):
            self.feedback = [text("refusal.nothing_chosen", self.lang)]
            return None
        every = [i for m in value for i in m]
        if self._ids(every, list(ids)) is None:
            return None
        return [[ids[i] for i in m] for m in value]

    def _tell(self, key: str) -> None:
        """A refusal is shown where the quiz shows its feedback."""
        super()._tell(key)
        self.feedback = [self.error]

    def _on_answer(self, content: dict[str, Any]) -> None:
        self.answer(content.get("value"))

    def _on_next(self, _content: dict[str, Any]) -> None:
        self.current = (self.current + 1) % len(self._built)
        self.feedback, self.hint_text, self.right = [], [], False

    def _on_hint(self, _content: dict[str, Any]) -> None:
        self.hint_text = self.exercises[self.current]["hint"]

    def _on_restart(self, _content: dict[str, Any]) -> None:
        """Start again (the page forgot its stored answers): a new score from exercise 1."""
        self.current = 0
        self.feedback, self.hint_text, self.right = [], [], False
        self.score = {"right": 0, "answered": 0}
        self._answered = set()

    def _hint_lines(self, kind: str, rules: Any, cards: list[Any]) -> list[str]:
        """The exercise's hint (kept in the exercise, so that static pages have it too)."""
        lang = self.lang
        if kind == "valid":
            return [text("quiz.hint_valid", lang)]
        if kind == "choice":
            return []
        if kind == "penalty":
            joker, ace = (
                points_text(rules.joker_penalty, lang),
                points_text(rules.ace_penalty, lang),
            )
            return [text("quiz.hint_penalty", lang, joker=joker, ace=ace)]
        best = thrifty_opening(cards, rules)
        points = points_text(best.points, lang)
        return [text("quiz.hint_opening", lang, points=points, melds=len(best.melds))]
