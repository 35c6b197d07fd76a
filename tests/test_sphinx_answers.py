"""The teacher's answer key (``rummy-quiz-answers``) in a real Sphinx build."""

from __future__ import annotations

from pathlib import Path

import pytest
from sphinx.errors import SphinxError
from test_sphinxext import build

EXERCISES = """\
- kind: valid
  variant: romme
  cards: "Jkr 5♥ Jkr"
  prompt: {de: "Herz-Fünf zwischen zwei Jokern?"}
- kind: penalty
  variant: romme
  cards: "A♣ K♦ 7♠ Jkr"
- kind: choice
  variant: romme
  prompt: {de: "Wer beginnt?"}
  answers: {de: ["der Geber", "der linke Nachbar des Gebers"]}
  right: 1
  explain: {de: "Gespielt wird im Uhrzeigersinn."}
"""


def test_the_key_gives_each_exercise_with_the_cores_answer(tmp_path: Path) -> None:
    src = tmp_path / "src"
    (src / "exercises").mkdir(parents=True)
    (src / "exercises" / "quiz.yaml").write_text(EXERCISES, encoding="utf-8")
    out, _ = build(tmp_path, "Key\n===\n\n.. rummy-quiz-answers:: exercises/quiz.yaml\n", "de")
    page = (out / "index.html").read_text(encoding="utf-8")
    assert page.count('class="rl-answer simple"') == 3
    assert "<strong>Herz-Fünf zwischen zwei Jokern?</strong> (Deutsches Rommé)" in page
    assert "<p>Sie zählen 58 Punkte.</p>" in page  # the core's penalty
    assert "<p>Richtige Antwort: der linke Nachbar des Gebers</p>" in page
    assert "<p>Gespielt wird im Uhrzeigersinn.</p>" in page
    assert page.count('class="rl-card') >= 7  # the cards drawn: 3 + 4


def test_a_broken_exercise_file_stops_the_build_and_is_named(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir(parents=True)
    (src / "quiz.yaml").write_text("- kind: choice\n  answers: [a]\n", encoding="utf-8")
    with pytest.raises(SphinxError, match=r"quiz\.yaml.*exercise 1: 'answers'"):
        build(tmp_path, "Key\n===\n\n.. rummy-quiz-answers:: quiz.yaml\n", "de")
