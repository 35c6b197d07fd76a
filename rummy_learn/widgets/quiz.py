"""``Quiz``: exercises the core checks, with feedback, a hint and a score for the session.

The exercises' format and the checking are the logic's
(:mod:`rummy_learn.widget_logic.quiz`); this class carries it in a kernel.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import traitlets

from rummy_learn.exercises import KINDS, load_exercises
from rummy_learn.widget_logic.quiz import QuizLogic
from rummy_learn.widgets.base import KitWidget

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
    verdict = traitlets.Dict().tag(sync=True)  # the last answer's: {"exercise", "right"}
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
        super().__init__(QuizLogic(exercises, lang=lang, four_colour=four_colour), **kwargs)

    def answer(self, value: object) -> None:
        """Check an answer to the current exercise (as the page sends it) with the core."""
        self.logic.answer(value)
        self._push()
