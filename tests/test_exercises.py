"""Quiz exercises as data: the choice kind, and the core's answers for a teacher's key."""

from __future__ import annotations

import pytest

from rummy_learn.exercises import solution_lines
from rummy_learn.widgets import Quiz


def send(widget, content):
    """A message as the page would send it."""
    widget._receive(widget, content, [])


CHOICE = {
    "kind": "choice",
    "variant": "romme",
    "prompt": {"de": "Wer beginnt?", "en": "Who starts?"},
    "answers": {"de": ["der Geber", "der linke Nachbar", "der Jüngste"], "en": ["a", "b", "c"]},
    "right": 1,
    "explain": {"de": "Reihum im Uhrzeigersinn, links vom Geber."},
}


def right_answer(shown: dict) -> int:
    """The right answer's place, from Python's precomputed words (the page decides nothing)."""
    (right,) = [int(value) for value, said in shown["said"].items() if said["right"]]
    return right


def test_a_choice_is_asked_in_the_learners_words_and_checked_in_python():
    quiz = Quiz([CHOICE], lang="de")
    shown = quiz.exercises[0]
    assert shown["prompt"] == "Wer beginnt?"
    assert sorted(shown["answers"]) == ["der Geber", "der Jüngste", "der linke Nachbar"]
    assert shown["cards"] == [] and shown["hint"] == []  # no cards needed, no hint written
    right = shown["answers"].index("der linke Nachbar")
    assert right_answer(shown) == right  # what Python said of each answer, made in advance
    send(quiz, {"type": "answer", "value": shown["answers"].index("der Geber")})
    assert not quiz.right and quiz.score == {"right": 0, "answered": 1}
    assert quiz.feedback[-1] == "Reihum im Uhrzeigersinn, links vom Geber."
    quiz2 = Quiz([CHOICE], lang="de")
    send(quiz2, {"type": "answer", "value": right})
    assert quiz2.right and quiz2.score == {"right": 1, "answered": 1}


def test_a_choices_answers_are_mixed_the_same_way_on_every_run():
    """A Russian teacher: the right answer was first in 30 of 47 questions."""
    firsts = []
    for n in range(12):
        exercise = CHOICE | {"prompt": {"de": f"Frage {n}?"}, "right": 0}
        shown = Quiz([exercise], lang="de").exercises[0]
        assert shown == Quiz([exercise], lang="de").exercises[0]  # steady: nbval, the book
        assert shown["answers"][right_answer(shown)] == "der Geber"
        firsts.append(right_answer(shown) == 0)
    assert 0 < sum(firsts) < len(firsts)
    kept = Quiz([CHOICE | {"shuffle": False}], lang="de").exercises[0]
    assert kept["answers"] == ["der Geber", "der linke Nachbar", "der Jüngste"]


@pytest.mark.parametrize("value", [True, 3, -1, "1", 1.0, None, [1]])
def test_a_choice_refuses_what_is_not_one_of_its_answers(value):
    quiz = Quiz([CHOICE], lang="de")
    send(quiz, {"type": "answer", "value": value})
    assert quiz.feedback and quiz.score == {"right": 0, "answered": 0} and not quiz.right


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"right": 3}, "'right' must be the index"),
        ({"right": True}, "'right' must be the index"),
        ({"answers": {"de": ["nur eine"]}}, "'answers' must hold 2 to 5"),
        ({"answers": {"ru": ["а", "б"]}}, "'answers' must hold 2 to 5 answers in 'de'"),
        ({"answers": "ja, nein"}, "'answers' must hold"),
        ({"prompt": {"ru": "Кто?"}}, "a choice needs a 'prompt' in 'de'"),
    ],
)
def test_a_broken_choice_is_named_when_the_quiz_is_made(change, message):
    with pytest.raises(ValueError, match=f"exercise 1: {message}"):
        Quiz([CHOICE | change], lang="de")


def test_a_teachers_key_gives_the_cores_answer_for_every_kind():
    assert solution_lines(CHOICE, 1, "de") == [
        "Richtige Antwort: der linke Nachbar",
        "Reihum im Uhrzeigersinn, links vom Geber.",
    ]
    valid = solution_lines(
        {"kind": "valid", "variant": "rami51", "cards": "Jkr Jkr 5♥ 6♥"}, 2, "en"
    )
    assert valid[0] == "Not a valid run" and any("1 joker" in line for line in valid)
    penalty = solution_lines({"kind": "penalty", "variant": "rami40", "cards": "A♣ Jkr"}, 3, "en")
    assert penalty[0] == "They are worth 31 points."  # Rami: ace 11, joker 20
    opening = solution_lines(
        {"kind": "opening", "variant": "rami40", "cards": "K♥ K♠ K♦ 5♣ 6♣ 7♣ 2♦ 9♥"}, 4, "en"
    )
    assert opening[-1] == "Opening: 48 points, and 40 points are needed: enough."
    assert sorted(opening[:-1]) == [
        "5♣ 6♣ 7♣: Valid run: 18 points",
        "K♠ K♥ K♦: Valid set: 30 points",
    ]
    stuck = solution_lines({"kind": "opening", "variant": "rami51", "cards": "2♣ 7♦ 9♥"}, 5, "en")
    assert len(stuck) == 1 and "51 points" in stuck[0]


def test_a_penalty_answer_names_the_cards_in_the_learners_letters():
    exercise = {"kind": "penalty", "variant": "rami40", "cards": "Q♠ Jkr"}
    assert solution_lines(exercise, 1, "bg")[1:] == ["Д♠: 10 точки", "жокер: 20 точки"]
    quiz = Quiz([exercise], lang="bg")
    quiz.answer(25)
    assert quiz.feedback[-2:] == ["Д♠: 10 точки", "жокер: 20 точки"]
