"""The ``rummy-quiz-answers`` directive: a teacher's answer key to a Quiz's exercise file.

```{rummy-quiz-answers} ../exercises/05-jokers.yaml
```

The path is relative to the page. Each exercise is shown with its question, its
variant, its cards and the answer the rules core gives (for a ``choice``, the right
answer and the teacher's explanation), in the page's language. The page is built again
when the file changes.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from rummy_learn.exercises import (
    exercise_cards,
    exercise_rules,
    load_exercises,
    localized,
    prompt_text,
    solution_lines,
)
from rummy_learn.i18n.describe import variant_title

from .nodes import InlineCards, cards_text
from .page import page_language

__all__ = ["QuizAnswersDirective"]


class QuizAnswersDirective(SphinxDirective):
    """The exercises of one file with the core's answers, as a numbered list."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        """Read the exercise file and write each exercise with its answer."""
        relative, path = self.env.relfn2path(self.arguments[0], self.env.docname)
        self.env.note_dependency(relative)
        lang = page_language(self.config)
        try:
            exercises = load_exercises(Path(path))
            items = [self._item(e, n, lang) for n, e in enumerate(exercises, start=1)]
        except (OSError, ValueError) as error:
            raise self.error(f"rummy-quiz-answers: {self.arguments[0]}: {error}") from error
        listing = nodes.enumerated_list(classes=["rl-answers"])
        listing.extend(items)
        return [listing]

    def _item(self, exercise: dict[str, object], number: int, lang: str) -> nodes.list_item:
        from rummy_learn.render import cards_html

        rules = exercise_rules(exercise)
        item = nodes.list_item()
        question = nodes.paragraph()
        question += nodes.strong(text=prompt_text(exercise, rules, lang))
        if localized(exercise.get("prompt"), lang):  # the kit's own questions name the variant
            question += nodes.Text(f" ({variant_title(rules.variant, rules.options, lang)})")
        item += question
        cards = exercise_cards(exercise, number)
        if cards:  # drawn in HTML, as text in the book's notation elsewhere
            shown = InlineCards("", cards_text(cards, lang), classes=["rl-inline-cards"],
                                html=cards_html(cards, lang))  # fmt: skip
            item += nodes.paragraph("", "", shown)
        answer = nodes.bullet_list(classes=["rl-answer"])
        for line in solution_lines(exercise, number, lang):
            answer += nodes.list_item("", nodes.paragraph(text=line))
        item += answer
        return item
