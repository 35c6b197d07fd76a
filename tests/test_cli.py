"""The command line contract: names, fields, exit codes, languages."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from rummy_learn.cli import main
from rummy_learn.rules import switch_names
from rummy_learn.variants import PRESETS


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *args):
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_check_json_contract(capsys):
    data = run_json(capsys, "check", "--variant", "rami40", "Jkr", "7♠", "8♠")
    assert {"variant", "valid", "kind", "points", "jokers", "reasons"} <= data.keys()
    assert data["variant"] == "rami40"
    assert (data["valid"], data["kind"], data["points"]) == (True, "run", 21)
    assert data["jokers"][0]["as"] == "6♠"
    assert data["reasons"] == []


def test_check_invalid_lists_every_reason_with_a_message(capsys):
    data = run_json(capsys, "check", "--variant", "rami51", "K♥", "A♥", "2♥")
    assert (data["valid"], data["kind"], data["points"]) == (False, "run", None)
    assert [r["code"] for r in data["reasons"]] == ["wrap_around"]  # one reason, not two
    assert all(r["message"] for r in data["reasons"])


def test_check_not_a_meld_has_no_kind(capsys):
    data = run_json(capsys, "check", "7♠", "8♥", "9♦", "J♣")
    assert (data["kind"], data["valid"]) == (None, False)


def test_default_variant_is_romme(capsys):
    assert run_json(capsys, "check", "3♠ Jkr Jkr 6♠")["variant"] == "romme"


def test_options_and_language(capsys):
    data = run_json(
        capsys,
        "check",
        "--variant",
        "palace",
        "--option",
        "cyclic_runs",
        "--lang",
        "ru",
        "K♥ Т♥ 2♥",
    )
    assert data["valid"] and data["points"] == 23
    data = run_json(capsys, "check", "--variant", "palace", "--lang", "de", "K♥ A♥ 2♥")
    assert "Folge" in data["reasons"][-1]["message"]


def test_human_output_in_the_learners_language(capsys):
    code, out, _ = run(capsys, "check", "--variant", "rami40", "--lang", "bg", "Jkr 7♠ 8♠")
    assert code == 0 and "21 точки" in out and "шестица пика" in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["check", "Qh", "Xy"], "Xy"),
        (["check", "--variant", "gin", "Qh"], "palace, rummy40, rami40, rami51, romme, scala40"),
        (["check", "--option", "turbo", "Qh Kh Ah"], "turbo"),
        (
            [
                "check",
                "--variant",
                "palace",
                "--option",
                "opening_40",
                "--option",
                "no_opening",
                "Qh Kh Ah",
            ],
            "opening_40",
        ),
        (["opening", "Qh Kh Ah", "7c 8c Zz"], "Zz"),
        (["score", "Qh", "11s"], "11s"),
        (["check", ""], ""),
    ],
)
def test_bad_input_exits_2_with_a_clear_message(capsys, args, needle):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert needle in err and err.startswith("rummy-learn: ")


def test_bad_token_named_in_the_learners_language(capsys):
    _, _, err = run(capsys, "check", "--lang", "ru", "Д♥", "Ъ♥")
    assert "«Ъ♥»" in err and "2" in err


def test_opening_json(capsys):
    data = run_json(capsys, "opening", "--variant", "rami51", "Q♥ K♥ A♥", "9♣ 9♦ 9♥ Jkr")
    assert (data["points"], data["required"], data["meets"]) == (67, 51, True)
    assert [m["points"] for m in data["melds"]] == [31, 36]


def test_opening_human(capsys):
    code, out, _ = run(capsys, "opening", "--variant", "rami51", "--lang", "ru", "K♥ K♠ K♦")
    assert code == 0 and "21 очко" in out


def test_score_json(capsys):
    assert run_json(capsys, "score", "--variant", "romme", "A♣", "K♦", "7♠", "Jkr")["points"] == 58
    assert run_json(capsys, "score", "--variant", "palace")["points"] == 0


def test_variants_json_has_every_switch_and_source(capsys):
    data = run_json(capsys, "variants")
    assert [v["name"] for v in data["variants"]] == list(PRESETS)
    for variant in data["variants"]:
        assert [s["name"] for s in variant["switches"]] == list(switch_names())
        assert all(s["source"] for s in variant["switches"])
    rami = next(v for v in data["variants"] if v["name"] == "rami40")
    switches = {s["name"]: s for s in rami["switches"]}
    assert switches["joker_penalty"]["source"] == "not stated in the source"
    assert switches["max_jokers_per_meld"] == {
        **switches["max_jokers_per_meld"],
        "value": 1,
        "source": "002",
    }
    assert {o["name"] for o in data["options"]} >= {"knock", "house_decks", "dskv_swap"}


def test_variants_table_marks_what_is_not_stated(capsys):
    code, out, _ = run(capsys, "variants")
    assert code == 0 and "not stated in the source" in out and "house_decks" in out


def test_variants_table_names_the_source_of_every_value(capsys):
    _code, out, _ = run(capsys, "variants")
    table = out.split("\n\n")[0].splitlines()
    header, rows = table[0].split(), table[1:]
    assert header == list(PRESETS) and len(rows) == len(switch_names())
    for row in rows:  # each of the six cells ends with its source: (000)…(003) or (*)
        assert len(re.findall(r"\((?:00[0-3]|\*)\)", row)) == len(PRESETS), row
    cells = {row.split()[0]: row for row in rows}
    assert re.search(r"joker_penalty .*25 \(003\)$", cells["joker_penalty"])
    assert re.search(r"opening_min .*40 \(\*\)$", cells["opening_min"])  # scala40: as Rommé
    assert "joker_policy [rami40, rami51] 002:38" in out
    assert "scala40: * as German Rommé" in out


def test_variants_json_has_the_deciding_line_and_note(capsys):
    data = run_json(capsys, "variants")
    scala = next(v for v in data["variants"] if v["name"] == "scala40")
    switches = {s["name"]: s for s in scala["switches"]}
    assert (switches["joker_penalty"]["source"], switches["joker_penalty"]["line"]) == ("003", 108)
    assert switches["opening_min"]["source"] == "not stated in the source"
    assert "001" not in {s["source"] for s in scala["switches"]}
    options = {o["name"]: o for o in data["options"]}
    assert options["hand_romme_double"]["source"] == "not stated in the source"
    assert options["hand_romme_double"]["presets"] == ["romme", "scala40"]


@pytest.mark.parametrize("lang", ["ru", "bg", "de", "en"])
def test_demo(capsys, lang):
    code, out, _ = run(capsys, "demo", "--lang", lang)
    assert code == 0 and out.count("==") >= 10


def test_installed_entry_point():
    """The console script as a user calls it (exit status and stdout through a real process)."""
    result = subprocess.run(
        [sys.executable, "-m", "rummy_learn.cli", "check", "--json", "Q♥", "K♥", "A♥"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0 and json.loads(result.stdout)["points"] == 31
    bad = subprocess.run(
        [sys.executable, "-m", "rummy_learn.cli", "check", "--variant", "x", "Qh"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and "romme" in bad.stderr


def test_local_notation_without_lang_suggests_it(capsys):
    code, _, err = run(capsys, "check", "Д♥", "Т♠", "дама пик")
    assert code == 2 and "--lang ru" in err


def test_names_in_any_case_and_comma_separated_options(capsys):
    data = run_json(
        capsys, "check", "--variant", "Palace", "--option", "CYCLIC_RUNS,strict_groups", "K♥ A♥ 2♥"
    )
    assert data["options"] == ["cyclic_runs", "strict_groups"] and data["valid"]


def test_empty_meld_in_an_opening_is_named(capsys):
    code, _, err = run(capsys, "opening", "Q♥ K♥ A♥", "")
    assert code == 2 and "Meld 2" in err


def test_arrangement_in_json(capsys):
    data = run_json(capsys, "check", "9♣ 9♦ 9♥ Jkr")
    assert data["cards"] == ["9♣", "9♦", "9♥", "🃏"] and data["arrangement"] == [
        "9♣",
        "🃏",
        "9♥",
        "9♦",
    ]


def test_a_terminal_without_unicode_gets_ascii_cards():
    import os

    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    result = subprocess.run(
        [sys.executable, "-m", "rummy_learn.cli", "check", "Qh", "Kh", "Ah"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "Qh Kh Ah"


def test_hint_json(capsys):
    data = run_json(capsys, "hint", "--variant", "rami51", "Q♥ K♥ A♥ 9♣ 9♦ 9♥ Jkr 2♠ 5♦ 7♣")
    assert {"can_open", "points", "required", "melds", "deadwood"} <= data.keys()
    assert (data["can_open"], data["points"], data["required"]) == (True, 68, 51)
    assert sorted(data["deadwood"]) == ["2♠", "5♦", "7♣"]
    assert sorted(len(m) for m in data["melds"]) == [3, 4]


def test_hint_cannot_open(capsys):
    data = run_json(capsys, "hint", "--variant", "rami51", "K♥ K♠ K♦ 2♣ 7♦")
    assert (data["can_open"], data["points"], data["deadwood"]) == (False, 30, ["2♣", "7♦"])


def test_simulate_json(capsys):
    data = run_json(
        capsys, "simulate", "--variant", "rami40", "--players", "3", "--rounds", "2", "--seed", "5"
    )
    assert data["rounds"] == 2 and data["cards_accounted"] and sum(data["ends"].values()) == 2
    assert data["rounds_per_second"] > 0 and data["average_turns"] > 0


def test_simulate_refuses_a_wrong_number_of_players(capsys):
    code, _, err = run(capsys, "simulate", "--variant", "rummy40", "--players", "6")
    assert code == 2 and "2 to 4" in err


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["hint", "5♥ 5♥ 5♥ 5♥ 5♥"], "only 2 times; too many: 5♥"),
        (["hint", "--variant", "palace", "--option", "no_jokers", "5♥ 6♥ Jkr"], "without jokers"),
        (["hint", ""], "No cards"),
        (["check", "--variant", "romme", "--option", "house_decks", "Qh Kh Ah"], "does not apply"),
    ],
)
def test_impossible_input_is_refused(capsys, args, needle):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and needle in err


def test_hint_json_says_what_jokers_stand_for(capsys):
    data = run_json(capsys, "hint", "--variant", "rami40", "Jkr 7♠ 8♠ K♥ K♠ K♦")
    assert data["jokers"] == [
        {"meld": data["melds"].index(["🃏", "7♠", "8♠"]), "index": 0, "as": "6♠"}
    ]


def test_simulate_zero_sum_only_where_it_means_something(capsys):
    data = run_json(capsys, "simulate", "--variant", "rami40", "--players", "2", "--rounds", "1")
    assert data["zero_sum"] is None
    data = run_json(capsys, "simulate", "--variant", "palace", "--players", "2", "--rounds", "1")
    assert data["zero_sum"] is True


@pytest.mark.parametrize(
    "args", [["--json", "check", "Qh Kh Ah"], ["demo", "--lang", "de"], ["variants"]]
)
def test_an_ascii_terminal_never_gets_a_traceback(args):
    import os

    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    if args[0] == "--json":
        args = [args[1], "--json", *args[2:]]
    result = subprocess.run([sys.executable, "-m", "rummy_learn.cli", *args],
                            capture_output=True, text=True, env=env, check=False)  # fmt: skip
    assert result.returncode == 0 and "Traceback" not in result.stderr
    if "--json" in args:
        assert json.loads(result.stdout)["points"] == 31


def test_export_names_a_missing_notebook(capsys, tmp_path):
    code, _, err = run(capsys, "export", str(tmp_path / "nowhere.ipynb"), str(tmp_path / "site"))
    assert code == 2 and "nowhere.ipynb" in err
