"""Quiz exercises as data: reading a teacher's file, and the core's answer in words.

An exercise is a mapping (from JSON or YAML) with a ``kind``:

- ``valid``: is this meld valid? (``cards``)
- ``penalty``: how many penalty points are these cards worth, left in hand? (``cards``)
- ``opening``: build an opening that reaches the minimum from this hand (``cards``)
- ``choice``: a question about the rules of play with written ``answers`` (2 to 5), one of
  them ``right`` (counted from 0), and an ``explain`` shown after the learner answers. The
  answers are shown in a mixed order that is the same on every run (``shuffle: false``
  keeps the order written, for answers such as numbers).

Any exercise may be ``optional: true``: it counts in the quiz's own score, not in the
lesson's progress mark (its prompt should say it is optional).

Texts (``prompt``, ``answers``, ``explain``, ``hint``) are given per language, e.g.
``{"de": "Wer beginnt?"}``; ``answers`` may also be one list for every language. The
``Quiz`` widget shows the exercises; :func:`solution_lines` gives a teacher the answers.

>>> exercise = {"kind": "choice", "variant": "romme", "prompt": {"en": "Who starts?"},
...             "answers": {"en": ["the dealer", "the player left of the dealer"]}, "right": 1}
>>> solution_lines(exercise, 1, "en")
['Right answer: the player left of the dealer']
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rummy_learn.cards import Card
from rummy_learn.i18n import points_text, text
from rummy_learn.i18n.describe import cards_text, opening_line, variant_name, verdict_lines
from rummy_learn.melds import check_meld
from rummy_learn.notation import parse_cards
from rummy_learn.rules import Rules
from rummy_learn.scoring import check_opening, hand_penalty, penalty_of
from rummy_learn.solver import thrifty_opening
from rummy_learn.variants import preset

__all__ = [
    "KINDS",
    "Choice",
    "choice_of",
    "exercise_cards",
    "exercise_rules",
    "load_exercises",
    "localized",
    "penalty_lines",
    "prompt_text",
    "shown_order",
    "solution_lines",
]

KINDS = ("valid", "penalty", "opening", "choice")
"""The kinds of exercise."""

MAX_CHOICES = 5


def load_exercises(path: str | Path) -> list[dict[str, Any]]:
    """Exercises from a JSON or YAML file (a list of objects; see the module's documentation)."""
    path = Path(path)
    data: object
    if path.suffix in (".yaml", ".yml"):
        import yaml  # type: ignore[import-untyped]  # PyYAML, with the notebook extra

        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    else:
        data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, list) or not all(isinstance(e, dict) for e in data):
        raise ValueError(f"{path}: exercises are a list of objects")
    return data


def localized(value: object, lang: str) -> Any:
    """A text given per language (``{"de": …}``) in ``lang``, or the value itself.

    >>> localized({"de": "Ja", "ru": "Да"}, "ru"), localized(["1", "2"], "de")
    ('Да', ['1', '2'])
    """
    return value.get(lang) if isinstance(value, Mapping) else value


def prompt_text(exercise: Mapping[str, Any], rules: Rules, lang: str) -> str:
    """The exercise's question: the teacher's prompt in ``lang``, or the kit's for its kind.

    >>> prompt_text({"kind": "valid"}, preset("rami51"), "en")
    'Is this meld valid under the rules of Rami 51?'
    """
    prompt = localized(exercise.get("prompt"), lang)
    if isinstance(prompt, str) and prompt.strip():
        return prompt
    required = points_text(rules.opening_min or 0, lang)
    name = variant_name(rules.variant, lang)
    return text(f"quiz.{exercise.get('kind')}", lang, variant=name, required=required)


def exercise_rules(exercise: Mapping[str, Any]) -> Rules:
    """The exercise's variant and options (German Rommé when none is named)."""
    return preset(str(exercise.get("variant", "romme")), exercise.get("options", ()))


def exercise_cards(exercise: Mapping[str, Any], number: int) -> list[Card]:
    """The exercise's cards; every kind but ``choice`` needs some."""
    cards = parse_cards(str(exercise.get("cards", "")), "en")
    if not cards and exercise.get("kind") != "choice":
        raise ValueError(f"exercise {number}: no cards")
    return cards


class Choice:
    """A ``choice`` exercise in one language: the answers (in the order shown), the right
    one, the explanation."""

    def __init__(self, answers: list[str], right: int, explain: list[str]) -> None:
        self.answers = answers
        self.right = right
        self.explain = explain


def choice_of(exercise: Mapping[str, Any], number: int, lang: str) -> Choice:
    """Read a ``choice`` exercise in ``lang``; a missing or malformed field is named.

    >>> choice_of({"kind": "choice", "answers": ["yes", "no"], "right": 2}, 4, "en")
    Traceback (most recent call last):
    ...
    ValueError: exercise 4: 'right' must be the index (from 0) of one of the 2 answers, not 2
    """
    answers = localized(exercise.get("answers"), lang)
    if (
        not isinstance(answers, Sequence)
        or isinstance(answers, str)
        or not 2 <= len(answers) <= MAX_CHOICES
        or not all(isinstance(a, str | int) and str(a).strip() for a in answers)
    ):
        raise ValueError(
            f"exercise {number}: 'answers' must hold 2 to {MAX_CHOICES} answers"
            f" in {lang!r}, got {answers!r}"
        )
    right = exercise.get("right")
    if isinstance(right, bool) or not isinstance(right, int) or not 0 <= right < len(answers):
        raise ValueError(
            f"exercise {number}: 'right' must be the index (from 0) of one of the"
            f" {len(answers)} answers, not {right!r}"
        )
    prompt = localized(exercise.get("prompt"), lang)
    if not isinstance(prompt, str):
        raise ValueError(f"exercise {number}: a choice needs a 'prompt' in {lang!r}")
    explain = localized(exercise.get("explain"), lang)
    words = [str(a) for a in answers]
    if exercise.get("shuffle", True) is not False:  # the right answer is not always first
        order = shown_order(prompt, words)
        words, right = [words[i] for i in order], order.index(right)
    return Choice(words, right, [explain] if isinstance(explain, str) else [])


def shown_order(prompt: str, answers: list[str]) -> list[int]:
    """The order a choice's answers are shown in: mixed, but the same on every run and
    every page (it follows from the words), so stored lesson outputs stay as they are.

    >>> shown_order("Who starts?", ["the dealer", "the left-hand player", "the youngest"])
    [2, 1, 0]
    """

    def key(i: int) -> str:
        return hashlib.sha256(f"{prompt}\n{answers[i]}".encode()).hexdigest()

    return sorted(range(len(answers)), key=key)


def solution_lines(exercise: Mapping[str, Any], number: int, lang: str) -> list[str]:
    """The answer to an exercise in words, as the core finds it (a teacher's answer key).

    >>> solution_lines({"kind": "penalty", "variant": "romme", "cards": "A♣ 7♠ Jkr"}, 1, "de")
    ['Sie zählen 48 Punkte.', 'A♣: 11 Punkte', '7♠: 7 Punkte', 'Joker: 30 Punkte']
    """
    kind = exercise.get("kind")
    if kind not in KINDS:
        raise ValueError(f"exercise {number}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
    rules = exercise_rules(exercise)
    if kind == "choice":
        choice = choice_of(exercise, number, lang)
        answer = choice.answers[choice.right]
        return [text("quiz.right_answer", lang, answer=answer), *choice.explain]
    cards = exercise_cards(exercise, number)
    if kind == "valid":
        return verdict_lines(check_meld(cards, rules), lang)
    if kind == "penalty":
        return penalty_lines(cards, rules, lang)
    best = thrifty_opening(cards, rules)
    opening = check_opening(list(best.melds), rules)
    if not best.melds:
        return [opening_line(opening, lang)]
    melds = [f"{cards_text(m, lang)}: {verdict_lines(c, lang)[0]}"
             for m, c in zip(best.melds, opening.melds, strict=True)]  # fmt: skip
    return [*melds, opening_line(opening, lang)]


def penalty_lines(cards: list[Card], rules: Rules, lang: str) -> list[str]:
    """The penalty of cards left in hand, then what each card costs."""
    total = text("quiz.penalty_is", lang, points=points_text(hand_penalty(cards, rules), lang))
    costs = (f"{cards_text([c], lang)}: {points_text(penalty_of(c, rules), lang)}" for c in cards)
    return [total, *costs]
