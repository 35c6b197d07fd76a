"""Nothing the page sends is trusted: every widget driven through ipywidgets' own entry point.

``Widget._handle_msg`` is where ipywidgets hands over what the page sent: trait writes
(``update``) and messages (``custom``). Trait writes are refused, every one: the page
gets Python's values back and is told. Malformed, oversized and hostile messages are
refused too, and the widget keeps its state.
"""

from __future__ import annotations

import json

import pytest

from rummy_learn.i18n import text
from rummy_learn.widgets import Game, Hand, MeldBuilder, Quiz, Replay, Table

EXERCISES = [
    {"kind": "valid", "variant": "rami40", "cards": "Jkr Jkr 5♥ 6♥"},
    {"kind": "penalty", "variant": "romme", "cards": "A♣ K♦ 7♠ Jkr"},
    {"kind": "opening", "variant": "rami40", "cards": "K♥ K♠ K♦ 5♣ 6♣ 7♣ 2♦ 9♥"},
]

WIDGETS = {
    "hand": lambda: Hand("Q♥ 7♠ Jkr 10♦", lang="de"),
    "meld_builder": lambda: MeldBuilder(
        "K♥ K♠ K♦ 5♣ 6♣ Jkr", variant="rami40", lang="ru", static=False
    ),
    "quiz": lambda: Quiz(EXERCISES, lang="bg"),
    "game": lambda: Game(variant="romme", bots=1, seed=3, lang="de"),
    "table": lambda: Table("10♠ K♦", ["7♠ 8♠ 9♠", "K♥ K♠ Jkr"], variant="palace", lang="ru"),
    "replay": lambda: Replay.played("rami40", ["hard", "easy"], seed=2, lang="bg"),
}
TOLD = {"error", "feedback", "message"}  # where a widget tells the learner of a refusal


def listening(widget):
    """Record what the widget sends to the page."""
    sent = []
    widget.comm.send = lambda data=None, metadata=None, buffers=None: sent.append(data)
    return sent


def page(widget, data, buffers=()):
    """A message from the page, as ipywidgets receives it from the comm."""
    widget._handle_msg({"content": {"comm_id": widget.model_id, "data": data},
                        "buffers": list(buffers)})  # fmt: skip


def custom(widget, content):
    page(widget, {"method": "custom", "content": content})


def state_of(widget):
    """The widget's state as the page would get it, less where a refusal is told."""
    return json.dumps(
        {k: v for k, v in widget.get_state().items() if k not in TOLD}, sort_keys=True, default=str
    )


HOSTILE = ["<!--<script>alert(1)</script>", 7, None, {"x": [1]}, [], True, "x" * 100_000, -1]


@pytest.mark.parametrize("kind", WIDGETS)
def test_every_trait_written_by_the_page_is_refused_and_sent_back(kind):
    widget = WIDGETS[kind]()
    lang = widget.lang
    for name in sorted(widget.keys):
        for value in HOSTILE[:3]:
            before = state_of(widget)
            python_value = widget.get_state(name)[name]
            sent = listening(widget)
            page(widget, {"method": "update", "state": {name: value}, "buffer_paths": []})
            assert state_of(widget) == before, name
            assert widget.error == text("ui.read_only", lang)
            resent = [m["state"] for m in sent if m and m.get("method") == "update"]
            assert any(s.get(name) == python_value for s in resent), name


def test_quiz_score_exercise_and_language_cannot_be_set_from_the_page():
    """The audit set a Quiz's score, an out-of-range exercise and an unknown language."""
    quiz = WIDGETS["quiz"]()
    for name, value in (("score", {"right": 99, "answered": 99}), ("current", 7), ("lang", "xx")):
        page(quiz, {"method": "update", "state": {name: value}, "buffer_paths": []})
    assert (quiz.score, quiz.current, quiz.lang) == ({"right": 0, "answered": 0}, 0, "bg")
    assert quiz.feedback == [text("ui.read_only", "bg")]
    custom(quiz, {"type": "answer", "value": False})  # later messages still work
    assert quiz.score == {"right": 1, "answered": 1}
    custom(quiz, {"type": "next"})
    custom(quiz, {"type": "next"})
    custom(quiz, {"type": "next"})
    assert quiz.current == 0


def test_a_quiz_needs_exercises():
    with pytest.raises(ValueError, match="at least one exercise"):
        Quiz([])


def test_an_optional_exercise_is_marked_for_the_page_and_a_bad_mark_is_named():
    """``optional: true`` reaches the page (which leaves it out of the lesson's ✓); anything
    but true or false is refused, naming the exercise."""
    choice = {"kind": "choice", "prompt": {"en": "?"}, "answers": {"en": ["a", "b"]}, "right": 0}
    quiz = Quiz([choice, {**choice, "optional": True}], lang="en")
    assert [e.get("optional", False) for e in quiz.exercises] == [False, True]
    with pytest.raises(ValueError, match="exercise 2: optional must be true or false, not 'yes'"):
        Quiz([choice, {**choice, "optional": "yes"}], lang="en")


MALFORMED = [
    None,
    "update",
    {},
    {"content": 5},
    {"content": {"data": []}},
    {"content": {"data": {"method": "explode"}}},
    {"content": {"data": {"method": 7}}},
    {"content": {"data": {"method": "update", "state": "selected"}}},
    {"content": {"data": {"method": "update", "state": ["selected"]}}},
    {"content": {"data": {"method": "custom"}}},
    {"content": {"data": {"method": "custom", "content": None}}},
    {"content": {"data": {"method": "custom", "content": "select"}}},
    {"content": {"data": {"method": "custom", "content": {"type": 7}}}},
    {"content": {"data": {"method": "custom", "content": {"type": ["move"]}}}},
    {"content": {"data": {"method": "custom", "content": {"type": "__init__"}}}},
    {"content": {"data": {"method": "custom", "content": {"type": "x" * 100_000}}}},
]


@pytest.mark.parametrize("kind", WIDGETS)
def test_malformed_messages_are_refused_and_change_nothing(kind):
    widget = WIDGETS[kind]()
    for msg in MALFORMED:
        before = state_of(widget)
        widget._handle_msg(msg)
        assert state_of(widget) == before, msg
        refusals = (text("ui.bad_message", widget.lang), text("ui.read_only", widget.lang))
        assert widget.error in refusals


def _contents(kind):
    """Messages of the widget's own types, with content that is wrong, oversized or hostile."""
    many = [f"Qh.{i}" for i in range(100_000)]
    long = "Q" * 100_000
    script = "<!--<script>alert(1)</script>"
    own = {
        "hand": ["select", "order"],
        "meld_builder": ["slots", "pin"],
        "quiz": ["answer", "next", "hint"],
        "game": ["move", "hint", "new_round"],
        "table": ["move", "hint", "new_round"],
        "replay": ["step", "view"],
    }[kind]
    values = [None, 7, True, long, script, many, [long], [script], [[script]], {"a": many}, -1.5]
    for type_ in own:
        yield {"type": type_}
        for field in ("ids", "slots", "joker", "as", "value", "seq", "move", "player"):
            for value in values:
                yield {"type": type_, field: value}
    for move in ("draw", "take", "meld", "discard", "lay_off", "swap", "knock", "go_out", "x"):
        for field in ("card", "cards", "melds", "meld", "end", "joker", "new_meld"):
            for value in values:
                yield {"type": "move", "move": {"type": move, field: value}}


@pytest.mark.parametrize("kind", WIDGETS)
def test_wrong_oversized_and_hostile_content_leaves_the_state_consistent(kind):
    widget = WIDGETS[kind]()
    for content in _contents(kind):
        custom(widget, content)
        _consistent(kind, widget)


def _consistent(kind, widget):
    ids = [c["id"] for c in widget.cards]
    if kind == "hand":
        assert sorted(widget.order) == sorted(ids) and set(widget.selected) <= set(ids)
    elif kind == "meld_builder":
        placed = [i for slot in widget.slots for i in slot]
        assert len(placed) == len(set(placed)) and set(placed) <= set(ids)
        assert len(widget.verdicts) == len(widget.slots)
    elif kind == "quiz":
        assert 0 <= widget.current < len(widget.exercises)
        assert 0 <= widget.score["right"] <= widget.score["answered"] <= len(widget.exercises)
    elif kind == "replay":
        assert 0 <= widget.current < len(widget.frames) and -1 <= widget.view_of < 2
    else:
        assert widget.round.cards_accounted()
        assert ids == [c["id"] for c in [*map(_payload_id, widget.round.view(0).hand)]]


def _payload_id(card):
    from rummy_learn.actions import card_id

    return {"id": card_id(card)}


def test_meld_builder_refuses_a_slot_that_is_not_a_list():
    """The audit's case: ``["Kh.0"]`` as slots raised and left garbled slots."""
    builder = WIDGETS["meld_builder"]()
    custom(builder, {"type": "slots", "slots": [["Kh.0", "Ks.0", "Kd.0"], []]})
    before = builder.slots
    sent = listening(builder)
    for slots in (["Kh.0"], [["Kh.0"], "Ks.0"], [["Kh.0"], None], [["Kh.0"], {"ids": []}]):
        custom(builder, {"type": "slots", "slots": slots, "seq": 5})
        assert builder.slots == before and builder.error == text("ui.bad_message", "ru")
    assert builder.seq == 0
    assert any(m["state"].get("error") == "" for m in sent)  # told again each time


def test_meld_builder_refuses_an_oversized_or_odd_pin():
    builder = WIDGETS["meld_builder"]()
    custom(builder, {"type": "slots", "slots": [["5c.0", "6c.0", "Jkr.0"]]})
    before = builder.verdicts
    for face in ("Q" * 100_000, "Jkr", "Qh.0", "<script>", 7, ["Qh"]):
        custom(builder, {"type": "pin", "joker": "Jkr.0", "as": face})
        assert builder.verdicts == before
        assert builder.error == text("ui.bad_message", "ru")
    custom(builder, {"type": "pin", "joker": "Jkr.0", "as": "7c"})
    assert builder.error == "" and builder.verdicts[0]["pins"] == {"Jkr.0": "7c"}
