"""The ``Quiz``'s logic: exercises the core checks, with feedback, a hint and a score.

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

Every answer is checked by the core, in a kernel or in the reader's browser (Pyodide).
For an answer at once while Python loads in a page with no kernel, an exercise whose
answers are few carries Python's feedback for each (``valid``: yes or no; ``choice``: each
answer; ``penalty``: the right number, and any other), never the rule that decides it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

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
from rummy_learn.widget_logic.base import Logic, card_payload, from_the_shoe

__all__ = ["KINDS", "QuizLogic", "load_exercises"]

MAX_EXERCISES = 200


class QuizLogic(Logic):
    """Exercises one after another; ``score`` counts the right answers of the session.

    >>> quiz = QuizLogic([{"kind": "valid", "variant": "rami40", "cards": "Jkr Jkr 5♥ 6♥"}],
    ...                  lang="en")
    >>> quiz.answer(True); quiz.feedback[0], quiz.score
    ('Not quite.', {'right': 0, 'answered': 1})
    """

    KIND = "quiz"
    FIELDS = (*Logic.FIELDS, "exercises", "current", "feedback", "right", "verdict", "hint_text",
              "score")  # fmt: skip

    exercises: list[dict[str, Any]]
    current: int
    feedback: list[str]
    right: bool
    hint_text: list[str]
    score: dict[str, int]

    def __init__(
        self,
        exercises: Iterable[Mapping[str, Any]] | str | Path,
        *,
        lang: str | None = None,
        four_colour: bool = False,
    ) -> None:
        super().__init__(lang=lang, four_colour=four_colour)
        raw = load_exercises(exercises) if isinstance(exercises, str | Path) else list(exercises)
        if not raw:
            raise ValueError("a quiz needs at least one exercise")
        if len(raw) > MAX_EXERCISES or not all(isinstance(e, Mapping) for e in raw):
            raise ValueError(f"a quiz has 1 to {MAX_EXERCISES} exercises, each an object")
        self._raw = [dict(e) for e in raw]
        self._built = [self._build(e, number) for number, e in enumerate(raw, start=1)]
        self.exercises = [shown for shown, _ in self._built]
        self.current, self.feedback, self.right, self.hint_text = 0, [], False, []
        self.verdict: dict[str, Any] = {}  # the last answer's: {"exercise": n, "right": bool}
        self.score = {"right": 0, "answered": 0}
        self._answered: set[int] = set()

    def snapshot(self) -> dict[str, Any]:
        return {**super().snapshot(), "exercises": self._raw, "current": self.current,
                "answered": sorted(self._answered), "score": self.score}  # fmt: skip

    @classmethod
    def restore(cls, data: dict[str, Any]) -> QuizLogic:
        exercises = data.get("exercises")
        if not isinstance(exercises, list):
            raise ValueError("snapshot: exercises must be a list")
        quiz = cls(exercises, lang=data.get("lang"), four_colour=bool(data.get("four_colour")))
        current, answered, score = data.get("current"), data.get("answered"), data.get("score")
        count = len(quiz._built)
        if isinstance(current, int) and 0 <= current < count:
            quiz.current = current
        if isinstance(answered, list) and isinstance(score, dict):
            quiz._answered = {a for a in answered if isinstance(a, int) and 0 <= a < count}
            right = score.get("right")
            right = right if isinstance(right, int) and 0 <= right <= len(quiz._answered) else 0
            quiz.score = {"right": right, "answered": len(quiz._answered)}
        return quiz

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
            answer: dict[str, Any] = {"valid": check.valid, "lines": verdict_lines(check, lang)}
        elif kind == "penalty":
            lines = penalty_lines(cards, rules, lang)[1:]  # each card's cost
            answer = {"points": hand_penalty(cards, rules), "lines": lines}
        elif kind == "choice":
            choice = choice_of(exercise, number, lang)
            shown["answers"] = choice.answers
            answer = {"right": choice.right, "lines": choice.explain}
        else:
            if len(cards) > 14:
                raise ValueError(f"exercise {number}: an opening exercise has at most 14 cards")
            best = thrifty_opening(cards, rules)
            possible = bool(best.melds) and rules.opening_reached(best.points)
            answer = {"required": required, "possible": possible}
        optional = exercise.get("optional", False)
        if not isinstance(optional, bool):
            raise ValueError(f"exercise {number}: optional must be true or false, not {optional!r}")
        if optional:
            shown["optional"] = True  # left out of the lesson's ✓ (see progress.js)
        hint = localized(exercise.get("hint"), lang)
        shown["hint"] = [hint] if isinstance(hint, str) else self._hint_lines(kind, rules, cards)
        built = (kind, rules, cards, answer)
        shown["said"] = self._feedback_at_once(shown, built)
        return shown, built

    def _feedback_at_once(self, shown: dict[str, Any], built: Any) -> dict[str, Any]:
        """Python's feedback to each answer an exercise can have, where they are few: the
        page shows it at once while Python loads (``"*"``: any other number)."""
        kind, _rules, _cards, answer = built
        if kind == "valid":
            values: list[Any] = [True, False]
        elif kind == "choice":
            values = list(range(len(shown["answers"])))
        elif kind == "penalty":
            values = [answer["points"], answer["points"] + 1]
        else:
            return {}
        said = {}
        for value in values:
            right, lines = self._verdict(built, value)
            key = "*" if kind == "penalty" and not right else json_key(value)
            said[key] = {"right": right, "lines": [text("quiz.right" if right else "quiz.wrong",
                                                        self.lang), *lines]}  # fmt: skip
        return said

    # --- answers ---------------------------------------------------------------------------------

    def answer(self, value: object) -> None:
        """Check an answer to the current exercise (as the page sends it) with the core."""
        shown, built = self._built[self.current]
        kind, lang = built[0], self.lang
        if kind == "valid" and not isinstance(value, bool):
            self.feedback = [text("ui.bad_message", lang)]
            return
        if kind == "penalty" and (value is None or value == ""):  # not an answer, not wrong
            self.feedback = [text("ui.enter_number", lang)]
            return
        if kind == "penalty" and (isinstance(value, bool) or not isinstance(value, int)):
            self.feedback = [text("ui.bad_message", lang)]
            return
        if kind == "choice" and (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not 0 <= value < len(shown["answers"])
        ):
            self.feedback = [text("ui.bad_message", lang)]
            return
        if kind == "opening":
            ids = {c["id"]: card for c, card in zip(shown["cards"], built[2], strict=True)}
            melds = self._melds(value, ids)
            if melds is None:
                return
            value = melds
        right, explanation = self._verdict(built, value)
        self.right = right
        self.verdict = {"exercise": self.current, "right": right}
        self.feedback = [text("quiz.right" if right else "quiz.wrong", lang), *explanation]
        if self.current in self._answered:  # the first answer counts
            self.feedback = [*self.feedback, text("ui.already_answered", lang)]
            return
        self._answered.add(self.current)
        self.score = {"right": self.score["right"] + right, "answered": self.score["answered"] + 1}

    def _verdict(self, built: Any, value: Any) -> tuple[bool, list[str]]:
        """Whether an answer (checked already) is right, and the words that explain it."""
        kind, rules, _cards, answer = built
        lang = self.lang
        if kind == "valid":
            return value == answer["valid"], list(answer["lines"])
        if kind == "penalty":
            said = text("quiz.penalty_is", lang, points=points_text(answer["points"], lang))
            return value == answer["points"], [said, *answer["lines"]]  # and each card's cost
        if kind == "choice":
            return value == answer["right"], list(answer["lines"])
        opening = check_opening(value, rules)
        explanation = [line for m in opening.melds for line in verdict_lines(m, lang)[:1]]
        explanation.append(opening_line(opening, lang))
        return opening.meets, explanation

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
        self.feedback, self.hint_text, self.right, self.verdict = [], [], False, {}

    def _on_hint(self, _content: dict[str, Any]) -> None:
        self.hint_text = self.exercises[self.current]["hint"]

    def _on_restart(self, _content: dict[str, Any]) -> None:
        """Start again (the page forgot its stored answers): a new score from exercise 1."""
        self.current = 0
        self.feedback, self.hint_text, self.right, self.verdict = [], [], False, {}
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


def json_key(value: object) -> str:
    """An answer as the page names it in ``said``: ``true``, ``false`` or a number.

    >>> [json_key(v) for v in (True, False, 3)]
    ['true', 'false', '3']
    """
    return str(value).lower() if isinstance(value, bool) else str(value)
