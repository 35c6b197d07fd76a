"""The widgets' Python side: traits, messages from the page, and tampered input."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from rummy_learn.hints import hint
from rummy_learn.i18n import text
from rummy_learn.melds import check_meld
from rummy_learn.notation import parse_cards
from rummy_learn.variants import preset
from rummy_learn.widget_logic.verdicts import static_table
from rummy_learn.widgets import Game, Hand, MeldBuilder, Quiz, Table, load_exercises
from rummy_learn.widgets.base import with_copies


def send(widget, content):
    """A message as the page would send it."""
    widget._receive(widget, content, [])


# --- Hand ----------------------------------------------------------------------------------


def test_hand_cards_carry_id_name_and_the_one_drawing():
    hand = Hand("Q♥ Q♥ Jkr", lang="ru")
    assert [c["id"] for c in hand.cards] == ["Qh.0", "Qh.1", "Jkr.0"]
    assert [c["label"] for c in hand.cards] == ["дама червей", "дама червей", "джокер"]
    assert all(c["svg"].startswith("<svg") and 'aria-label="' in c["svg"] for c in hand.cards)
    assert ">Д<" in hand.cards[0]["svg"]
    assert hand.texts["sort_suit"] == text("ui.sort_suit", "ru")


def test_hand_selection_and_order():
    hand = Hand("Q♥ 7♠ Jkr", lang="en")
    send(hand, {"type": "select", "ids": ["Jkr.0", "Qh.0"]})
    assert hand.selected == ["Qh.0", "Jkr.0"] and [str(c) for c in hand.selection] == ["Q♥", "🃏"]
    send(hand, {"type": "order", "ids": ["Jkr.0", "7s.0", "Qh.0"]})
    assert hand.order == ["Jkr.0", "7s.0", "Qh.0"] and hand.error == ""


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ({"type": "select", "ids": ["Xx.9"]}, "ui.unknown_card"),
        ({"type": "select", "ids": ["Qh.0", "Qh.0"]}, "ui.same_card_twice"),
        ({"type": "select", "ids": "Qh.0"}, "ui.bad_message"),
        ({"type": "select", "ids": [1, 2]}, "ui.bad_message"),
        ({"type": "order", "ids": ["Qh.0"]}, "ui.bad_message"),  # not the whole hand
        ({"type": "explode"}, "ui.bad_message"),
        ({"ids": []}, "ui.bad_message"),
        ("select", "ui.bad_message"),
        ({"type": "_on_select"}, "ui.bad_message"),
    ],
)
def test_hand_refuses_tampered_messages_and_keeps_its_state(content, message):
    hand = Hand("Q♥ 7♠ Jkr", lang="de")
    send(hand, {"type": "select", "ids": ["7s.0"]})
    before = (hand.order, hand.selected)
    send(hand, content)
    assert hand.error == text(message, "de")
    assert (hand.order, hand.selected) == before


# --- MeldBuilder ---------------------------------------------------------------------------


def test_meld_builder_checks_every_slot_live():
    builder = MeldBuilder("K♥ K♠ K♦ 5♣ 6♣ Jkr 2♦", variant="rami40", lang="en", slots=2)
    send(builder, {"type": "slots", "slots": [["Kh.0", "Ks.0", "Kd.0"], ["5c.0", "Jkr.0", "6c.0"]]})
    first, second = builder.verdicts
    assert (first["valid"], first["points"], first["title"]) == (True, 30, "Valid set: 30 points")
    assert second["arrangement"] == ["Jkr.0", "5c.0", "6c.0"]  # the joker lies where it stands: 4♣
    assert "Jkr.0" in second["jokers"] and ">4<" in second["jokers"]["Jkr.0"]
    line = "Opening: 45 points, and 40 points are needed: enough."
    assert builder.opening == {"points": 45, "required": 40, "meets": True, "line": line}


def test_a_sets_joker_that_could_be_several_suits_is_drawn_as_a_joker():
    """Q♣ Q♦ + joker in Rami 40: the joker is Q♠ or Q♥, so no widget draws one of them
    (MeldCheck.drawn_face), neither the live verdict, the static table, nor a table meld."""
    builder = MeldBuilder("Q♣ Q♦ Jkr 7♠ 8♠", variant="rami40", lang="en")
    send(builder, {"type": "slots", "slots": [["Qc.0", "Qd.0", "Jkr.0"]]})
    verdict = builder.verdicts[0]
    assert verdict["valid"] and verdict["jokers"] == {}
    assert any("Q♠" in line and "Q♥" in line for line in verdict["lines"])
    static = builder.static
    assert static["jokers"].get(str(0b111)) is None  # the first three cards of the hand
    assert static["jokers"][str(0b11100)] == {"2": "6s"}  # Jkr 7♠ 8♠: one card, drawn
    table = Table("7♦", ["Q♣ Q♦ Jkr", "Jkr 7♠ 8♠"], variant="rami40", lang="en")
    (set_joker,) = [c for c in table.table[0]["cards"] if c["id"].startswith("Jkr")]
    (run_joker,) = [c for c in table.table[1]["cards"] if c["id"].startswith("Jkr")]
    assert "stands for" not in set_joker["label"]
    assert "stands for" in run_joker["label"] and ">6<" in run_joker["svg"]
    assert ">Q<" not in set_joker["svg"]


def test_meld_builder_says_every_reason_in_the_learners_language():
    builder = MeldBuilder("K♥ A♥ 2♥ 7♠", variant="rami51", lang="bg")
    send(builder, {"type": "slots", "slots": [["Kh.0", "Ah.0", "2h.0"]]})
    verdict = builder.verdicts[0]
    check = check_meld(parse_cards("K♥ A♥ 2♥"), preset("rami51"))
    assert not verdict["valid"] and len(verdict["lines"]) == len(check.reasons) == 1
    assert builder.opening["meets"] is False and builder.required == 51


@pytest.mark.parametrize(
    "slots",
    [
        [["Kh.0"], ["Kh.0"]],  # one card in two slots
        [["Zz.1"]],
        "Kh.0",
        [],
        [[]] * 9,
        [[1]],
    ],
)
def test_meld_builder_refuses_tampered_slots(slots):
    builder = MeldBuilder("K♥ K♠ K♦", lang="en")
    send(builder, {"type": "slots", "slots": [["Kh.0", "Ks.0"]]})
    before = (builder.slots, builder.verdicts, builder.opening)
    send(builder, {"type": "slots", "slots": slots})
    assert builder.error
    assert (builder.slots, builder.verdicts, builder.opening) == before


def test_static_table_holds_the_cores_verdict_for_every_selection():
    """Each selection's verdict, and what Python says of it as an opening on its own (what
    a one-meld MeldBuilder shows): data Python made, which the page only looks up."""
    from rummy_learn.widget_logic.meld_builder import MeldBuilderLogic

    hand = with_copies(parse_cards("5♥ 6♥ 7♥ 7♠ 7♣ Jkr"))
    rules = preset("romme")
    table = static_table(hand, rules, "en", False)
    builder = MeldBuilderLogic(hand, rules=rules, lang="en", static=False)
    index = base64.b64decode(table["index"])
    numbers = [int.from_bytes(index[2 * m : 2 * m + 2], "little") for m in range(1 << len(hand))]
    for mask in range(1, 1 << len(hand)):
        cards = [hand[i] for i in range(len(hand)) if mask >> i & 1]
        check = check_meld(cards, rules, any_order=True)
        valid, points, meets, opening, title, *_lines = table["verdicts"][numbers[mask]]
        assert (bool(valid), points) == (check.valid, check.points or 0)
        assert table["lines"][title].startswith(("Valid", "Not"))
        assert (str(mask) in table["orders"]) is check.valid
        builder.check(
            [[c["id"] for c, card in zip(builder.cards, hand, strict=True) if card in cards]]
        )
        if not any(card.is_joker for card in cards):  # a joker's place is the builder's pick
            assert table["lines"][opening] == builder.opening["line"]
            assert bool(meets) is builder.opening["meets"]


def test_static_table_size_for_thirteen_cards():
    hand = with_copies(parse_cards("5♥ 6♥ 7♥ 8♥ 9♥ 9♠ 9♣ K♦ K♠ Jkr Jkr Q♥ A♣"))
    size = len(
        json.dumps(static_table(hand, preset("romme"), "ru", False), ensure_ascii=False).encode()
    )
    assert size < 90_000  # about 88 KB (gaps name their cards; 10 KB of it the opening lines)


def test_no_static_table_beyond_thirteen_cards():
    builder = MeldBuilder("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 2♦", lang="en")
    assert builder.static == {}


def test_widget_language_must_be_known():
    with pytest.raises(ValueError, match="unknown language"):
        Hand("Q♥", lang="fr")


# --- Game ----------------------------------------------------------------------------------


def move(game, **content):
    send(game, {"type": "move", "move": content})


def test_game_learner_moves_first_and_the_bot_answers():
    game = Game(variant="rami40", bots=1, seed=3, lang="en")
    assert game.my_turn and game.phase == "draw" and len(game.cards) == 13
    move(game, type="draw")
    assert game.phase == "play" and len(game.cards) == 14 and game.message == []
    move(game, type="discard", card=game.cards[0]["id"])
    assert game.my_turn and game.phase == "draw"  # the bot has played its turn
    assert any(line.startswith("Computer 1") for line in game.log)
    assert game.log[0].startswith("You draw") or game.log[0].startswith("You")


def test_game_refuses_with_every_reason_in_the_learners_language():
    game = Game(variant="romme", bots=2, seed=4, lang="de")
    move(game, type="discard", card=game.cards[0]["id"])  # not yet: draw first
    assert game.message == [text("refusal.wrong_phase", "de")]
    move(game, type="draw")
    hand = game.round.view(0).hand
    odd = []  # three cards of different ranks and suits: never a meld
    for card in hand:
        if not card.is_joker and all(card.rank != o.rank and card.suit != o.suit for o in odd):
            odd.append(card)
    ids = [
        c["id"]
        for c in game.cards
        if any(
            c["id"] == __import__("rummy_learn.actions", fromlist=["card_id"]).card_id(o)
            for o in odd[:3]
        )
    ]
    move(game, type="meld", melds=[ids])
    assert game.message[0] == text("refusal.invalid_meld", "de", number=1)
    assert game.message[1] == text("reason.not_a_meld", "de")
    assert len(game.cards) == 14 and game.table == []  # nothing was laid


@pytest.mark.parametrize(
    "content",
    [
        {"type": "discard", "card": "Zz.9"},
        {"type": "discard", "card": 7},
        {"type": "meld", "melds": "Qh.0"},
        {"type": "lay_off", "card": "Qh.0", "meld": "1"},
        {"type": "lay_off", "card": "Qh.0", "meld": True},
        {"type": "fly"},
    ],
)
def test_game_refuses_tampered_moves_and_keeps_the_round(content):
    game = Game(variant="rami51", bots=1, seed=5, lang="ru")
    saved = game.round.to_json()
    send(game, {"type": "move", "move": content})
    assert game.message and game.round.to_json() == saved


def test_game_hint_and_a_whole_round_by_following_hints():
    game = Game(variant="rami40", bots=1, seed=8, lang="bg")
    for _ in range(300):
        if game.result:
            break
        send(game, {"type": "hint"})
        assert game.hint_text
        action = hint(game.round.view(0)).action
        game.logic.round.apply(action)  # the learner follows the hint
        game.logic._play_bots()
        game.logic._show()
        game._push()
    assert game.result and game.round.cards_accounted()
    send(game, {"type": "new_round"})
    assert not game.result and len(game.cards) >= 13 and game.round_number == 1


def test_game_new_round_only_after_the_end():
    game = Game(variant="palace", bots=3, seed=1, lang="en")
    send(game, {"type": "new_round"})
    assert game.message == [text("game.not_over", "en")]


def test_game_needs_one_to_five_bots():
    with pytest.raises(ValueError, match="1 to 5"):
        Game(bots=6)


# --- Quiz ----------------------------------------------------------------------------------

EXERCISES = Path(__file__).parent.parent / "lessons" / "exercises" / "first-steps.yaml"


def test_quiz_reads_a_teachers_file_and_checks_every_kind():
    quiz = Quiz(EXERCISES, lang="en")
    assert [e["kind"] for e in quiz.exercises] == ["valid", "valid", "valid", "penalty", "opening"]
    assert quiz.exercises[0]["prompt"] == "Is this meld valid under the rules of Rami 51?"
    send(quiz, {"type": "answer", "value": True})  # Jkr 7♠ 8♠ is valid in Rami 51
    assert quiz.right and quiz.feedback[0] == "Right!" and quiz.score == {"right": 1, "answered": 1}
    send(quiz, {"type": "next"})
    send(quiz, {"type": "answer", "value": True})  # two jokers: not in Rami
    assert not quiz.right and "Only 1 joker per meld" in " ".join(quiz.feedback)
    for _ in range(2):
        send(quiz, {"type": "next"})
    send(quiz, {"type": "answer", "value": 58})
    assert quiz.right and quiz.score == {"right": 2, "answered": 3}
    send(quiz, {"type": "next"})
    send(quiz, {"type": "answer", "value": [["Kh.0", "Ks.0", "Kd.0"], ["5c.0", "6c.0", "7c.0"]]})
    assert (
        quiz.right and quiz.feedback[-1] == "Opening: 48 points, and 40 points are needed: enough."
    )
    send(quiz, {"type": "hint"})
    assert quiz.hint_text == ["This hand can open with 48 points."]


@pytest.mark.parametrize(
    ("current", "value"),
    [(0, "yes"), (3, "58"), (3, True), (4, [["Kh.0", "Kh.0", "Ks.0"]]), (4, [["Zz.0"]]), (4, [])],
)
def test_quiz_refuses_malformed_answers_without_scoring(current, value):
    quiz = Quiz(EXERCISES, lang="ru")
    for _ in range(current):
        send(quiz, {"type": "next"})
    send(quiz, {"type": "answer", "value": value})
    assert quiz.feedback and quiz.score == {"right": 0, "answered": 0}


def test_quiz_carries_pythons_feedback_to_each_answer_for_static_pages():
    """What the page shows at once while Python loads is Python's own feedback, answer by
    answer: the page looks it up and decides nothing."""
    quiz = Quiz(EXERCISES, lang="de")
    said = [e["said"] for e in quiz.exercises]
    assert "answer" not in quiz.exercises[0]  # nothing for the page to compare
    for number, (value, key) in enumerate([(True, "true"), (False, "false")]):
        send(quiz, {"type": "answer", "value": value})
        lines = said[0][key]["lines"]  # the second answer: "already answered" follows
        assert said[0][key] == {"right": quiz.right, "lines": quiz.feedback[: len(lines)]}
        assert quiz.verdict == {"exercise": 0, "right": number == 0}
    for _ in range(3):
        send(quiz, {"type": "next"})
    assert set(said[3]) == {"58", "*"} and said[3]["58"]["right"] and not said[3]["*"]["right"]
    send(quiz, {"type": "answer", "value": 57})
    assert quiz.feedback == said[3]["*"]["lines"]
    assert said[4] == {}  # an opening has too many answers: Python answers it


def test_bad_exercise_files(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "valid"}')
    with pytest.raises(ValueError, match="list of objects"):
        load_exercises(bad)
    with pytest.raises(ValueError, match="kind must be one of"):
        Quiz([{"kind": "guess", "cards": "Qh"}])


# --- Table ---------------------------------------------------------------------------------


def test_table_lays_off_and_swaps_under_the_variants_rules():
    table = Table("10♠ 7♦ 6♠", ["7♠ 8♠ 9♠", "7♣ 7♥ Jkr"], variant="palace", lang="en")
    move(table, type="lay_off", card="10s.0", meld=1, end="high")
    move(table, type="lay_off", card="6s.0", meld=1, end="low")
    assert [c["id"] for c in table.table[0]["cards"]] == ["6s.0", "7s.0", "8s.0", "9s.0", "10s.0"]
    joker = next(c["id"] for c in table.table[1]["cards"] if c["id"].startswith("Jkr"))
    move(table, type="swap", meld=2, joker=joker, cards=["7d.0"], new_meld=[])
    assert table.message == [] and any(c["id"] == joker for c in table.cards)


def test_a_romme_swap_takes_the_new_meld_from_the_same_selection():
    # Rommé: the taken joker goes into a new meld at once; the page sends one selection
    table = Table("8♠ K♣ K♦ 6♦", ["7♠ Jkr 9♠", "6♠ 6♥ Jkr"], variant="romme", lang="de")
    joker = next(c["id"] for c in table.table[0]["cards"] if c["id"].startswith("Jkr"))
    move(table, type="swap", meld=1, joker=joker, cards=["8s.0"], new_meld=[])
    assert table.message == [text("refusal.swapped_joker_needs_new_meld", "de")]
    move(table, type="swap", meld=1, joker=joker, cards=["Kc.0", "8s.0", "Kd.0"], new_meld=[])
    assert table.message == []
    assert [c["id"] for c in table.table[0]["cards"]] == ["7s.0", "8s.0", "9s.0"]
    assert sorted(c["id"] for c in table.table[2]["cards"]) == sorted(["Kc.0", joker, "Kd.0"])
    assert [c["id"] for c in table.cards] == ["6d.0"]
    other = next(c["id"] for c in table.table[1]["cards"] if c["id"].startswith("Jkr"))
    move(table, type="swap", meld=2, joker=other, cards=["6d.0"], new_meld=[])  # no new meld
    assert table.message == [text("refusal.swapped_joker_needs_new_meld", "de")]


def test_table_refuses_with_the_rule_in_the_learners_language():
    table = Table("7♦", ["7♣ 7♥ Jkr"], variant="rami40", lang="de")  # Rami: sets of four only
    joker = next(c["id"] for c in table.table[0]["cards"] if c["id"].startswith("Jkr"))
    move(table, type="swap", meld=1, joker=joker, cards=["7d.0"], new_meld=[])
    assert table.message == [text("refusal.swap_needs_closed_set", "de")]
    move(table, type="lay_off", card="7d.0", meld=1, end="high")  # a set of three with a joker
    assert table.message == [] and len(table.table[0]["cards"]) == 4
    send(table, {"type": "new_round"})
    assert len(table.table[0]["cards"]) == 3 and len(table.cards) == 1  # back to the start


def test_cards_melds_and_openings_draw_themselves_in_ipython():
    from IPython.core.interactiveshell import InteractiveShell

    from rummy_learn.render import register_notebook_display
    from rummy_learn.scoring import check_opening

    shell = InteractiveShell.instance()
    assert register_notebook_display()
    html = shell.display_formatter.formatters["text/html"]
    card = parse_cards("Qh")[0]
    assert 'aria-label="queen of hearts"' in html(card)
    meld = check_meld(parse_cards("Jkr 7♠ 8♠"), preset("rami40"))
    shown = html(meld)
    assert "Valid run: 21 points" in shown and shown.count("<svg") == 3 and 'role="status"' in shown
    opening = check_opening([parse_cards("K♥ K♠ K♦")], preset("rami40"))
    assert "10 points more" in html(opening)


def test_meld_builder_joker_can_be_pinned():
    builder = MeldBuilder("7♠ 8♠ Jkr K♦", variant="romme", lang="en")
    send(builder, {"type": "slots", "slots": [["Jkr.0", "7s.0", "8s.0"]]})  # laid so: 6♠
    verdict = builder.verdicts[0]
    assert verdict["points"] == 21 and [o["id"] for o in verdict["pin_options"]["Jkr.0"]] == [
        "6s",
        "9s",
    ]
    send(builder, {"type": "pin", "joker": "Jkr.0", "as": "9s"})
    verdict = builder.verdicts[0]
    assert (verdict["points"], verdict["arrangement"], verdict["pins"]) == (
        24,
        ["7s.0", "8s.0", "Jkr.0"],
        {"Jkr.0": "9s"},
    )
    send(builder, {"type": "pin", "joker": "Jkr.0", "as": None})
    assert builder.verdicts[0]["points"] == 21


def test_meld_builder_follows_the_order_the_cards_were_picked_in():
    """The slot's order is the player's placement: the joker is where it was put."""
    builder = MeldBuilder("9♠ 10♠ Jkr 4♣ 4♦ 4♥", variant="romme", lang="en")
    send(
        builder, {"type": "slots", "slots": [["9s.0", "10s.0", "Jkr.0"], ["4c.0", "4d.0", "4h.0"]]}
    )
    assert [v["points"] for v in builder.verdicts] == [29, 12]
    assert builder.opening["points"] == 41 and builder.opening["meets"]
    send(
        builder, {"type": "slots", "slots": [["Jkr.0", "9s.0", "10s.0"], ["4c.0", "4d.0", "4h.0"]]}
    )
    assert builder.opening["points"] == 39 and not builder.opening["meets"]


def test_meld_builder_opening_counts_the_pinned_placement():
    builder = MeldBuilder("7♠ 8♠ Jkr K♥ K♠ K♦", variant="romme", lang="en")
    slots = [["Jkr.0", "7s.0", "8s.0"], ["Kh.0", "Ks.0", "Kd.0"]]
    send(builder, {"type": "slots", "slots": slots})
    assert builder.opening["points"] == 21 + 30
    send(builder, {"type": "pin", "joker": "Jkr.0", "as": "9s"})
    assert builder.verdicts[0]["points"] == 24 and builder.opening["points"] == 24 + 30


def test_meld_builder_rami_offers_no_pin_against_the_lower_place():
    """002 fixes the joker's place in Rami: the lower card; there is nothing to choose."""
    builder = MeldBuilder("7♠ 8♠ Jkr K♦", variant="rami40", lang="en")
    send(builder, {"type": "slots", "slots": [["7s.0", "8s.0", "Jkr.0"]]})
    assert builder.verdicts[0]["points"] == 21 and builder.verdicts[0]["pin_options"] == {}
    send(builder, {"type": "pin", "joker": "Jkr.0", "as": "9s"})
    assert not builder.verdicts[0]["valid"]


@pytest.mark.parametrize(
    "content",
    [
        {"type": "pin", "joker": "7s.0", "as": "6s"},  # not a joker
        {"type": "pin", "joker": "Jkr.9", "as": "6s"},
        {"type": "pin", "joker": "Jkr.0", "as": "Zz"},
        {"type": "pin", "joker": "Jkr.0", "as": "Jkr"},
        {"type": "pin", "joker": "Jkr.0", "as": 6},
    ],
)
def test_meld_builder_refuses_tampered_pins(content):
    builder = MeldBuilder("7♠ 8♠ Jkr K♦", variant="rami40", lang="en")
    send(builder, {"type": "slots", "slots": [["Jkr.0", "7s.0", "8s.0"]]})
    before = builder.verdicts
    send(builder, content)
    assert builder.error and builder.verdicts == before


def test_a_pin_that_does_not_fit_is_a_reason():
    builder = MeldBuilder("7♠ 8♠ Jkr", variant="rami40", lang="en")
    send(builder, {"type": "slots", "slots": [["Jkr.0", "7s.0", "8s.0"]]})
    send(builder, {"type": "pin", "joker": "Jkr.0", "as": "Kh"})
    assert not builder.verdicts[0]["valid"]
    assert text("reason.pin_mismatch", "en", cards="K♥") in builder.verdicts[0]["lines"]


def test_quiz_counts_the_first_answer_only():
    quiz = Quiz([{"kind": "valid", "variant": "rami40", "cards": "Jkr 7♠ 8♠"}], lang="en")
    for _ in range(4):
        send(quiz, {"type": "answer", "value": True})
    assert quiz.score == {"right": 1, "answered": 1}
    assert quiz.feedback[-1] == text("ui.already_answered", "en")
    send(quiz, {"type": "hint"})
    assert quiz.hint_text == quiz.exercises[0]["hint"] and quiz.hint_text


def test_an_invalid_meld_spoils_the_opening_line():
    builder = MeldBuilder("K♥ K♠ K♦ Q♥ Q♠ Q♦ 7♣ 9♥", variant="romme", lang="en")
    send(
        builder,
        {
            "type": "slots",
            "slots": [["Kh.0", "Ks.0", "Kd.0"], ["Qh.0", "Qs.0", "Qd.0"], ["7c.0", "9h.0"]],
        },
    )
    assert not builder.opening["meets"]
    assert builder.opening["line"].endswith(text("opening.invalid_meld", "en", number=3))


def test_a_widget_reads_the_same_in_every_run_where_it_cannot_be_drawn() -> None:
    from rummy_learn.widgets import MeldBuilder

    builder = MeldBuilder("K♥ K♠ K♦ Jkr", lang="bg")
    assert repr(builder) == "MeldBuilder(4 cards, lang='bg')"  # no object address for nbval


def test_a_quiz_names_each_exercises_variant_even_with_a_teachers_prompt() -> None:
    from rummy_learn.widgets import Quiz

    quiz = Quiz(
        [{"kind": "valid", "variant": "palace", "options": ["strict_groups"], "cards": "5♣ 5♥ 5♦",
          "prompt": {"ru": "Можно ли так?"}}],
        lang="ru",
    )  # fmt: skip
    assert quiz.exercises[0]["prompt"] == "Можно ли так?"
    assert quiz.exercises[0]["variant"] == "Rummy Palace + «Строгие группы»"


def test_the_practice_tables_hint_proposes_no_discard_it_has_no_button_for() -> None:
    from rummy_learn.widgets import Table

    table = Table("10♠ 6♦ K♣", ["7♠ 8♠ 9♠", "7♣ 7♥ Jkr"], variant="rami40", lang="en")
    table._receive(table, {"type": "hint"}, [])
    assert len(table.hint_text) == 1 and "10♠" in table.hint_text[0]
    assert not any("K♣" in line for line in table.hint_text)  # the discard is left out
    move = {"type": "lay_off", "card": "10s.0", "meld": 1, "end": "high"}
    table._receive(table, {"type": "move", "move": move}, [])
    table._receive(table, {"type": "hint"}, [])
    assert table.hint_text == [text("hint.table_done", "en")]


@pytest.mark.parametrize("lang", ["ru", "bg", "de", "en"])
def test_a_reader_who_sees_only_text_gets_a_line_in_the_widgets_language(lang):
    widgets = [Hand("Q♥", lang=lang), MeldBuilder("Q♥ K♥ A♥", lang=lang),
               Table("10♠", ["7♠ 8♠ 9♠"], lang=lang), Game(lang=lang, seed=1),
               Quiz([{"kind": "valid", "cards": "Q♥ K♥ A♥"}], lang=lang)]  # fmt: skip
    lines = [w._repr_mimebundle_()[0]["text/plain"] for w in widgets]
    assert len(set(lines)) == len(widgets)  # each names its widget
    for widget, line in zip(widgets, lines, strict=True):
        name = text(f"widget.{widget.kind}", lang)
        assert line == text("widget.text_only", lang, name=name) and name in line
        assert "cards" not in line and "lang=" not in line  # not the developer's repr
