"""The fuzz suite: random command lines, random messages from the page, random damage to saves.

Hypothesis draws the inputs; each test has a fixed budget of examples, so that the suite
runs in CI in well under a minute. What must hold:

* the command line answers with exit status 0 or 2, and a refusal is one line, with
  anything the user typed shown as text (no escape character reaches the terminal);
* a widget never raises, and its state stays consistent whatever the page sends;
* a damaged save either loads as the very same round or is refused with a ``ValueError``
  that names the field (``SaveError``), never another exception.

``RUMMY_FUZZ_SCALE=20`` multiplies every budget, for a long run on a developer's machine.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_widgets_untrusted import WIDGETS, _consistent, custom, page

from rummy_learn.cli import main
from rummy_learn.engine import Round
from rummy_learn.saves import SaveError
from rummy_learn.simulate import make_bots
from rummy_learn.variants import OPTIONS, PRESETS, preset

FUZZ = settings(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
SCALE = int(os.environ.get("RUMMY_FUZZ_SCALE", "1"))

HOSTILE = ["\x1b[2J", "\x1b]0;x\x07", "\u202e", "<!--<script>", "</script>", "\x00", "Q" * 5000,
           "%s%n", "{lang}", "..", "-", "--json", "Jkr" * 20, "🃏️", "♥", "10", "Qh.0"]  # fmt: skip
WORDS = ["Q♥", "K♠", "10♦", "A♣", "Jkr", "7h", "дама", "пик", "поп", "купа", "Herz", "Dame",
         "queen", "of", "spades", "T♥", "Т♥", "2", "♠"]  # fmt: skip
token = st.one_of(st.sampled_from(WORDS), st.sampled_from(HOSTILE), st.text(max_size=12))


@st.composite
def command_lines(draw):
    command = draw(st.sampled_from(["check", "opening", "score", "hint", "variants", "demo"]))
    args = [command]
    if command not in ("variants", "demo"):
        variant = draw(st.sampled_from([*PRESETS, "ROMME", " palace ", "poker", *HOSTILE[:3]]))
        args += ["--variant", variant]
        for option in draw(st.lists(st.sampled_from([*OPTIONS, "fly", "knock,cyclic_runs"]),
                                    max_size=3)):  # fmt: skip
            args += ["--option", option]
    if command != "variants":
        args += ["--lang", draw(st.sampled_from(["ru", "bg", "de", "en"]))]
    if draw(st.booleans()) and command != "demo":
        args.append("--json")
    if command not in ("variants", "demo"):
        if command == "opening":
            melds = st.lists(token, min_size=1, max_size=5).map(" ".join)
            args += draw(st.lists(melds, min_size=1, max_size=4))
        else:
            args += draw(st.lists(token, min_size=0 if command == "score" else 1, max_size=16))
    return args


@settings(FUZZ, max_examples=300 * SCALE)
@given(command_lines())
def test_the_command_line_answers_every_input(args):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as exit_:  # argparse: a usage error
            code = exit_.code
    assert code in (0, 2), (args, err.getvalue())
    said = err.getvalue()
    assert not any(c in said + out.getvalue() for c in "\x1b\x07\x00\u202e"), args
    if code == 2 and said.startswith("rummy-learn: "):
        assert said.count("\n") == 1, said
    if code == 0 and "--json" in args:
        json.loads(out.getvalue())


@settings(FUZZ, max_examples=12 * SCALE)
@given(
    variant=st.sampled_from([*PRESETS, "poker"]),
    players=st.integers(-1, 9),
    rounds=st.integers(-2, 1),
    bots=st.sampled_from(["greedy", "random", "mixed", "smart"]),
    seed=st.integers(-(2**40), 2**40),
)
def test_simulate_answers_every_small_input(variant, players, rounds, bots, seed):
    args = ["simulate", "--variant", variant, "--players", str(players), "--rounds", str(rounds),
            "--bots", bots, "--seed", str(seed), "--json"]  # fmt: skip
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as exit_:
            code = exit_.code
    assert code in (0, 2), err.getvalue()
    if code == 0:
        assert json.loads(out.getvalue())["stuck"] == 0


# --- the widgets -------------------------------------------------------------------------------

_LIVE: dict[str, object] = {}


def widget(kind):
    """One widget of each kind for the whole run: messages pile up, as on a real page."""
    if kind not in _LIVE:
        _LIVE[kind] = WIDGETS[kind]()
    return _LIVE[kind]


IDS = ["Qh.0", "7s.0", "Jkr.0", "10d.0", "Kh.0", "Ks.0", "Kd.0", "5c.0", "6c.0", "Jkr.1",
       "10s.0", "Kd.1", "7c"]  # fmt: skip
KEYS = ["type", "ids", "slots", "seq", "joker", "as", "value", "move", "card", "cards",
        "melds", "meld", "end", "new_meld"]  # fmt: skip
TYPES = ["select", "order", "slots", "pin", "answer", "next", "hint", "move", "new_round",
         "draw", "take", "meld", "discard", "lay_off", "swap", "knock", "go_out"]  # fmt: skip
leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False),
    st.sampled_from(IDS + TYPES + ["low", "high"] + HOSTILE),
    st.text(max_size=8),
)
values = st.recursive(
    leaf,
    lambda inner: (
        st.lists(inner, max_size=6) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=4)
    ),
    max_leaves=20,
)
messages = st.dictionaries(st.sampled_from(KEYS), values, max_size=4).map(
    lambda d: d if "type" in d else {**d, "type": d.get("move", "select")}
)


@settings(FUZZ, max_examples=200 * SCALE)
@given(kind=st.sampled_from(list(WIDGETS)), content=messages)
def test_every_widget_survives_random_messages(kind, content):
    shown = widget(kind)
    custom(shown, content)
    _consistent(kind, shown)
    if kind in ("game", "table") and content.get("type") == "move" and shown.round.outcome:
        custom(shown, {"type": "new_round"})


@settings(FUZZ, max_examples=100 * SCALE)
@given(kind=st.sampled_from(list(WIDGETS)), data=values)
def test_every_widget_survives_random_trait_writes_and_envelopes(kind, data):
    shown = widget(kind)
    before = shown.get_state()
    page(shown, {"method": "update", "state": data, "buffer_paths": []})
    shown._handle_msg(data)  # an envelope that is not one
    after = shown.get_state()
    assert {k: v for k, v in after.items() if k not in ("error", "feedback", "message")} == {
        k: v for k, v in before.items() if k not in ("error", "feedback", "message")
    }


# --- saves -------------------------------------------------------------------------------------


def _save(variant, players, seed, moves):
    game = Round(preset(variant), players, seed=seed)
    bots = make_bots("mixed", game.rules, players, seed)
    for _ in range(moves):
        if game.outcome is not None:
            break
        game.apply(bots[game.current].choose(game.view(game.current)))
    return json.loads(json.dumps(game.to_json()))


SAVES = [_save("romme", 3, 2, 30), _save("palace", 2, 5, 12), _save("rami51", 4, 9, 0)]


def _paths(data, here=()):
    yield here
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*here, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, (*here, i))


@st.composite
def damaged_saves(draw):
    save = copy.deepcopy(draw(st.sampled_from(SAVES)))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(save) if p]
        path = draw(st.sampled_from(paths))
        parent = save
        for key in path[:-1]:
            parent = parent[key]
        how = draw(st.sampled_from(["set", "drop", "grow"]))
        if how == "drop" and isinstance(parent, dict):
            del parent[path[-1]]
        elif how == "grow" and isinstance(parent[path[-1]], list):
            parent[path[-1]].append(draw(values))
        else:
            parent[path[-1]] = draw(values)
    return save


@settings(FUZZ, max_examples=300 * SCALE)
@given(damaged_saves())
def test_a_damaged_save_is_refused_with_a_named_field_or_is_the_same_round(data):
    for load in (Round.from_json, Round.replay):
        refusal = None
        try:
            game = load(copy.deepcopy(data))
        except SaveError as err:
            refusal = err
        if refusal is not None:
            assert refusal.field and "\n" not in str(refusal)
            continue
        assert game.cards_accounted()
        if load is Round.from_json:
            assert game.to_json() == data
