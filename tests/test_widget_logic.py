"""One logic, two transports: the widgets' logic alone, as the kernel and the browser run it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rummy_learn.widget_logic import LOGICS
from rummy_learn.widget_logic.bridge import receive, start
from rummy_learn.widgets import Game, Hand, MeldBuilder, Quiz, Table

EXERCISES = [
    {"kind": "valid", "variant": "rami40", "cards": "Jkr Jkr 5♥ 6♥"},
    {"kind": "penalty", "variant": "romme", "cards": "A♣ K♦ 7♠ Jkr"},
    {"kind": "opening", "variant": "rami40", "cards": "K♥ K♠ K♦ 5♣ 6♣ 7♣ 2♦ 9♥"},
    {"kind": "choice", "variant": "romme", "prompt": {"bg": "Колко жокера?"},
     "answers": {"bg": ["Два", "Четири"]}, "right": 1},
]  # fmt: skip
IPYWIDGETS_OWN = ("layout", "tabbable", "tooltip")
FOURTEEN = "K♥ K♠ K♦ 5♣ 6♣ Jkr 2♦ 9♥ Q♠ Q♦ 3♥ 4♥ 5♥ 8♣"
WIDGETS = {
    "hand": lambda: Hand("Q♥ 7♠ Jkr 10♦", lang="de"),
    "meld_builder": lambda: MeldBuilder(FOURTEEN, variant="romme", lang="ru"),
    "quiz": lambda: Quiz(EXERCISES, lang="bg"),
    "game": lambda: Game(variant="romme", bots=2, seed=3, lang="de"),
    "table": lambda: Table("10♠ K♦", ["7♠ 8♠ 9♠", "K♥ K♠ Jkr"], variant="palace", lang="ru"),
}


@pytest.mark.parametrize("kind", WIDGETS)
def test_the_widgets_traits_are_the_logics_fields(kind):
    widget = WIDGETS[kind]()
    synced = set(widget.keys) - {"_esm", "_css", "_anywidget_id", "scale", "setup"}
    synced -= {k for k in widget.keys if k.startswith("_") or k in IPYWIDGETS_OWN}
    assert synced == set(LOGICS[kind].FIELDS)


@pytest.mark.parametrize("kind", WIDGETS)
def test_a_snapshot_starts_the_same_logic_in_the_browser(kind):
    """What the page carries (``setup``) starts, through the bridge, a logic whose state is
    the kernel's, and which answers the same message the same way."""
    widget = WIDGETS[kind]()
    started = json.loads(start(kind, json.dumps(widget.setup)))
    kernel = {name: widget.get_state(name)[name] for name in LOGICS[kind].FIELDS}
    assert started["state"] == json.loads(json.dumps(kernel))
    message = {
        "hand": {"type": "select", "ids": ["7s.0"]},
        "meld_builder": {"type": "slots", "slots": [["Kh.0", "Ks.0", "Jkr.0"]], "seq": 1},
        "quiz": {"type": "answer", "value": False},
        "game": {"type": "move", "move": {"type": "draw"}},
        "table": {"type": "move", "move": {"type": "lay_off", "card": "10s.0", "meld": 1}},
    }[kind]
    changes = json.loads(receive(started["id"], json.dumps(message)))
    widget._receive(widget, message, [])
    for name, value in dict(changes).items():
        assert json.loads(json.dumps(widget.get_state(name)[name])) == value, name


def test_a_game_goes_on_in_the_browser_where_the_kernel_left_it():
    game = Game(variant="rami51", bots=1, seed=5, lang="bg")
    game._receive(game, {"type": "move", "move": {"type": "draw"}}, [])
    game._push()  # a call from Python: the page's snapshot follows
    started = json.loads(start("game", json.dumps(game.setup)))
    assert started["state"]["cards"] == game.cards and started["state"]["log"] == game.log
    assert started["state"]["phase"] == "play"


@pytest.mark.parametrize(
    ("kind", "snapshot"),
    [
        ("game", {"lang": "en", "round": {"players": 2}, "title": "x", "log": [], "seed": 0,
                  "bots": 1, "round_number": 0}),
        ("game", {"lang": "en"}),
        ("meld_builder", {"lang": "en", "cards": ["Kh.0", "Kh.0"], "rules": {}, "slots": [],
                          "pins": {}}),
        ("hand", {"lang": "xx", "cards": ["Kh.0"], "order": [], "selected": []}),
        ("quiz", {"lang": "en", "exercises": []}),
        ("nothing", {}),
    ],
)  # fmt: skip
def test_a_tampered_snapshot_is_refused_with_a_reason(kind, snapshot):
    answer = json.loads(start(kind, json.dumps(snapshot)))
    assert set(answer) == {"error"} and answer["error"]


def test_a_game_snapshot_with_a_forged_move_is_refused():
    game = Game(variant="romme", bots=1, seed=3, lang="en")
    forged = json.loads(json.dumps(game.setup))
    forged["round"]["state"]["hands"][0][0] = forged["round"]["state"]["hands"][1][0]
    assert "error" in json.loads(start("game", json.dumps(forged)))


def test_the_bridge_refuses_what_is_not_a_message():
    hand = json.loads(start("hand", json.dumps(WIDGETS["hand"]().setup)))
    for message in ("{", "[1, 2]", "x" * 300_000, json.dumps({"type": "_on_select"})):
        changes = dict(json.loads(receive(hand["id"], message)))
        assert changes["error"]


def test_the_logic_imports_nothing_of_jupyter():
    code = ("import sys, rummy_learn.widget_logic.bridge\n"
            "print(sorted(m for m in ('anywidget', 'ipywidgets', 'traitlets', 'IPython', 'yaml')"
            " if m in sys.modules))")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_meld_builders_answer_ends_with_the_number_of_the_change():
    """The page takes an answer when it hears ``seq``: so seq comes after the verdicts, and an
    answer that repeats the last one (the same slots again) is still heard."""
    builder = LOGICS["meld_builder"]("K♥ K♠ K♦", lang="en", static=False)
    builder.take_changes()
    for seq in (1, 2):
        builder.receive({"type": "slots", "slots": [["Kh.0", "Ks.0", "Kd.0"]], "seq": seq})
        names = [name for name, _ in builder.take_changes()]
        assert names[-1] == "seq" and names.index("verdicts") < names.index("seq")


@pytest.mark.parametrize("kind", WIDGETS)
def test_hostile_messages_through_the_bridge_leave_the_state_consistent(kind):
    """Issue 11's checks hold in the browser's transport too: the same hostile messages as
    the kernel's (test_widgets_untrusted), through the bridge, as JSON text."""
    from test_widgets_untrusted import _consistent, _contents

    from rummy_learn.widget_logic import bridge

    started = json.loads(start(kind, json.dumps(WIDGETS[kind]().setup)))
    logic = bridge._LIVE[started["id"]]
    for content in _contents(kind):
        json.loads(receive(started["id"], json.dumps(content)))
        _consistent(kind, logic)


def test_a_widgets_logic_loads_only_what_its_kind_needs():
    """In a page, Python loads when a learner first acts on a widget: a meld builder clicked
    first does not wait for the Game's bots, solver and hint to be imported (issue 10's cold
    start)."""
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from rummy_learn.widget_logic import bridge, LOGICS\n"
        "LOGICS['meld_builder']\n"
        "print(sorted(m for m in sys.modules if m in ('rummy_learn.widget_logic.game',"
        " 'rummy_learn.hard_bot', 'rummy_learn.widget_logic.quiz')))\n"
        "LOGICS['game']\n"
        "print('rummy_learn.hard_bot' in sys.modules)\n"
    )
    said = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert said.stdout.split("\n")[:2] == ["[]", "True"], said.stdout
