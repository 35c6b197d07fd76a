"""The presets as RULES.md states them, the options, and where each value comes from."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rummy_learn.rules import (
    RummyBonus,
    SetSwap,
    Settlement,
    StockEmpty,
    SwappedJoker,
    switch_names,
)
from rummy_learn.variants import (
    OPTIONS,
    PRESET_SOURCES,
    PRESETS,
    OptionConflictError,
    Source,
    UnknownOptionError,
    UnknownVariantError,
    options_for,
    preset,
    provenance,
    source_of,
)

PALACE_OPTIONS = [
    "opening_40",
    "no_opening",
    "no_jokers",
    "win_without_discard",
    "small_deck",
    "cyclic_runs",
    "strict_groups",
    "strict_jokers",
    "knock",
    "casino_scoring",
]


def test_presets():
    assert PRESETS == ("palace", "rummy40", "rami40", "rami51", "romme", "scala40")


def test_option_names():
    assert set(PALACE_OPTIONS) <= set(OPTIONS)
    assert {"house_decks", "dskv_swap", "must_use_discard", "rauben", "dealer_14"} <= set(OPTIONS)


@pytest.mark.parametrize(
    ("variant", "switch", "value"),
    [
        ("palace", "opening_min", 30),
        ("rummy40", "opening_min", 40),
        ("rami40", "opening_min", 40),
        ("rami51", "opening_min", 51),
        ("romme", "opening_min", 40),
        ("palace", "joker_penalty", 20),
        ("rummy40", "joker_penalty", 15),
        ("scala40", "joker_penalty", 25),
        ("romme", "joker_penalty", 30),
        ("palace", "jokers_fewer_than_naturals", True),
        ("rami40", "max_jokers_per_meld", 1),
        ("romme", "min_naturals", 2),
        ("romme", "adjacent_jokers_from", 4),
        ("palace", "rummy_bonus", RummyBonus.DOUBLE),
        ("rummy40", "rummy_bonus", RummyBonus.PENALTY_PLUS),
        ("rummy40", "rummy_bonus_points", 25),
        ("palace", "stock_empty", StockEmpty.NO_WINNER),
        ("rummy40", "stock_empty", StockEmpty.RESHUFFLE),
        ("rami40", "max_reshuffles", 2),
        ("rami51", "turn_limit", 300),
        ("palace", "final_discard", True),
        ("rummy40", "final_discard", True),
        ("rami40", "final_discard", False),
        ("romme", "final_discard", False),
        ("scala40", "final_discard", True),
        ("rummy40", "discard_must_be_used", True),
        ("scala40", "discard_must_be_used", True),
        ("romme", "discard_must_be_used", False),
        ("rami40", "retake_discard_forbidden", True),
        ("romme", "layoff_on_opening_turn", False),
        ("rummy40", "layoff_on_opening_turn", True),
        ("rummy40", "set_swap", SetSwap.ALL_MISSING),
        ("rummy40", "swap_partial_locks", True),
        ("rami40", "set_swap", SetSwap.CLOSED_ONLY),
        ("rami40", "swap_exact_card", True),
        ("rami40", "swapped_joker", SwappedJoker.PLAY_IF_POSSIBLE),
        ("romme", "swapped_joker", SwappedJoker.NEW_MELD_AT_ONCE),
        ("palace", "settlement", Settlement.ZERO_SUM),
        ("scala40", "elimination_score", 101),
        ("romme", "deal_packets", (3, 3, 3, 4)),
        ("rummy40", "low_ace_points", 11),
        ("rummy40", "max_players", 4),
        ("rami40", "max_players", 6),
    ],
)
def test_values_from_the_sources(variant, switch, value):
    assert getattr(preset(variant), switch) == value


@pytest.mark.parametrize(
    ("options", "switch", "value"),
    [
        (["opening_40"], "opening_min", 40),
        (["no_opening"], "opening_min", None),
        (["small_deck"], "opening_min", None),
        (["win_without_discard"], "final_discard", False),
        (["cyclic_runs"], "cyclic_runs", True),
        (["strict_groups"], "strict_groups", True),
        (["strict_jokers"], "joker_discard_allowed", False),
        (["strict_jokers"], "adjacent_jokers_from", None),
        (["strict_jokers"], "swap_from_runs", False),
        (["strict_jokers"], "set_swap", SetSwap.CLOSED_ONLY),
        (["strict_jokers"], "swapped_joker", SwappedJoker.PLAY_SAME_TURN),
        (["knock"], "knock", True),
        (["casino_scoring"], "casino_scoring", True),
    ],
)
def test_palace_options(options, switch, value):
    assert getattr(preset("palace", options), switch) == value


def test_options_on_other_presets():
    assert preset("romme", ["dskv_swap"]).set_swap is SetSwap.CLOSED_ONLY
    assert preset("romme", ["dealer_14"]).dealer_14 and not preset("romme", ["dealer_14"]).upcard
    assert preset("rami51", ["knock"]).knock
    assert preset("rummy40", ["strict_groups"]).strict_groups
    assert preset("romme", ["must_use_discard"]).discard_must_be_used


def test_option_order_does_not_matter_and_implied_options_are_listed():
    a = preset("palace", ["no_jokers", "small_deck"])
    b = preset("palace", ["small_deck", "no_jokers"])
    assert (
        a == b
        and a.deck_for(2).jokers == 0
        and a.options == ("small_deck", "no_opening", "no_jokers")
    )


def test_errors():
    with pytest.raises(
        UnknownVariantError, match="palace, rummy40, rami40, rami51, romme, scala40"
    ):
        preset("gin")
    with pytest.raises(UnknownOptionError, match="'jokers_wild'"):
        preset("romme", ["jokers_wild"])
    with pytest.raises(UnknownOptionError):
        preset("romme", ["house_decks"])
    with pytest.raises(OptionConflictError):
        preset("palace", ["opening_40", "no_opening"])
    with pytest.raises(OptionConflictError):
        preset("palace", ["opening_40", "small_deck"])


def test_house_decks_only_for_rami():
    assert "house_decks" in options_for("rami40") and "house_decks" not in options_for("palace")


@pytest.mark.parametrize(
    ("variant", "switch", "source"),
    [
        ("palace", "joker_penalty", Source.PALACE),
        ("rummy40", "max_jokers_per_meld", Source.NOT_STATED),  # RULES.md: not stated
        ("rami40", "joker_penalty", Source.NOT_STATED),  # the page leaves hand values out
        ("rami40", "ace_penalty", Source.NOT_STATED),
        ("rami51", "max_jokers_per_meld", Source.RAMI),
        ("romme", "min_naturals", Source.ROMME),
        ("scala40", "elimination_score", Source.ROMME),
        ("scala40", "opening_min", Source.NOT_STATED),  # as German Rommé: the kit's choice
        ("palace", "hand_tiers", Source.NOT_STATED),
        ("romme", "dealer_rotates", Source.ROMME),  # 003:25 the dealer's role passes on
        # 003:58 has the dealer start without drawing; the kit plays the common German custom
        ("romme", "dealer_starts", Source.NOT_STATED),
        ("scala40", "dealer_starts", Source.NOT_STATED),  # as German Rommé
        ("rami51", "dealer_rotates", Source.RAMI),
        ("rami51", "dealer_starts", Source.RAMI),  # 002:15 the player left of the dealer starts
        ("palace", "dealer_starts", Source.NOT_STATED),
        # 003:71 bans lay-offs while the first melds are laid, 003:93 has the last discard "if
        # necessary": two Russian teachers read both as stated (a German one had asked for stars)
        ("romme", "layoff_on_opening_turn", Source.ROMME),
        ("romme", "final_discard", Source.ROMME),
        ("romme", "jokers_fewer_than_naturals", Source.ROMME),  # 003:38 ♠3–Jkr–Jkr–♠6 is allowed
    ],
)
def test_sources(variant, switch, source):
    assert source_of(preset(variant), switch) is source


def test_option_values_are_sourced_to_the_option():
    assert source_of(preset("rummy40", ["low_ace_1"]), "low_ace_points") is Source.NOT_STATED
    assert source_of(preset("romme", ["strict_groups"]), "strict_groups") is Source.PALACE


def test_a_presets_values_come_from_its_own_seed_or_the_kit():
    """No value of a preset is sourced to another preset's seed, and a cited line says what
    it says."""
    for variant in PRESETS:
        rules = preset(variant)
        for switch in switch_names():
            where = provenance(rules, switch)
            assert where.source in (PRESET_SOURCES[variant], Source.NOT_STATED), (variant, switch)
            assert where.line is None or where.note, (variant, switch)


def preset_name_tests(source):
    """Where code compares something with a preset's name (a comparison or a match case)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        constants = []
        if isinstance(node, ast.Compare):
            constants = [n for n in [node.left, *node.comparators] if isinstance(n, ast.Constant)]
            for side in [node.left, *node.comparators]:
                if isinstance(side, ast.Tuple | ast.List | ast.Set):
                    constants += [e for e in side.elts if isinstance(e, ast.Constant)]
        elif isinstance(node, ast.MatchValue) and isinstance(node.value, ast.Constant):
            constants = [node.value]
        found += [(node.lineno, c.value) for c in constants if c.value in PRESETS]
    return found


def test_code_never_branches_on_a_preset_name():
    """No comparison and no match case in the package tests a preset's name; switches decide."""
    package = Path(__file__).parent.parent / "rummy_learn"
    found = {path.name: preset_name_tests(path.read_text()) for path in package.rglob("*.py")}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_branching_check_finds_every_form_of_it():
    """The check above finds a preset's name compared, listed, or matched."""
    source = (
        'if rules.variant == "romme":\n    pass\n'
        'if variant in ("rami40", "x"):\n    pass\n'
        'match name:\n    case "scala40":\n        pass\n'
        'if rules.variant == "gin":\n    pass\n'
    )
    assert preset_name_tests(source) == [(1, "romme"), (3, "rami40"), (6, "scala40")]


# --- Scala 40 from its source (issue 11, item 3) ----------------------------------------------

SCALA40_FROM_003 = {
    "deck_tiers": 107,
    "joker_penalty": 108,
    "deal_packets": 109,
    "discard_must_be_used": 110,
    "final_discard": 111,
    "elimination_score": 112,
}


def test_scala40_is_romme_but_for_what_003_names():
    from rummy_learn.rules_json import rules_to_json

    scala, romme = rules_to_json(preset("scala40")), rules_to_json(preset("romme"))
    differ = {name for name in switch_names() if scala[name] != romme[name]}
    assert differ == set(SCALA40_FROM_003)
    assert preset("scala40").low_ace_points == 1  # as Rommé (the old kit: Rummy 40's 11)
    assert preset("scala40").rummy_bonus is RummyBonus.NONE  # not Rummy 40's +25
    assert not preset("scala40").swap_partial_locks  # not Rummy 40's lock


def test_no_scala40_value_is_credited_to_001():
    from rummy_learn.variants import provenance

    rules = preset("scala40")
    for switch in switch_names():
        where = provenance(rules, switch)
        if switch in SCALA40_FROM_003:
            assert (where.source, where.line) == (Source.ROMME, SCALA40_FROM_003[switch])
        else:
            assert where.source is Source.NOT_STATED, switch
            assert "as German Rommé" in where.note


def test_the_deciding_lines_are_named():
    from rummy_learn.variants import provenance

    assert provenance(preset("rami40"), "joker_policy").cite() == "002:38"
    assert provenance(preset("romme"), "ace_points").cite() == "003:48"
    assert provenance(preset("palace", ["strict_groups"]), "strict_groups").cite() == "000:57"
    reading = provenance(preset("rummy40"), "swap_before_opening")  # 001:38 is silent on it
    assert reading.cite() == "*" and reading.line == 38 and "reading of 001" in reading.note
    assert provenance(preset("palace"), "ace_points").cite() == "*"  # 000:69 speaks of runs
    for variant in ("palace", "rummy40", "romme"):  # the player places: the kit's reading
        where = provenance(preset(variant), "joker_policy")
        assert where.source is Source.NOT_STATED and "the player" in where.note


@pytest.mark.parametrize(
    ("variant", "value", "seed"),
    [
        ("palace", False, "000"),
        ("rummy40", True, None),  # the kit's reading of 001, line 38
        ("rami40", False, "002"),
        ("romme", False, "003"),
        ("scala40", False, None),
    ],
)
def test_swap_before_opening_per_source(variant, value, seed):
    rules = preset(variant)
    assert (
        rules.swap_before_opening is value and source_of(rules, "swap_before_opening").seed == seed
    )


# --- hand_romme_double (issue 11, item 4) ------------------------------------------------------


def test_hand_romme_double_is_an_option_of_romme_and_scala40_from_no_source():
    from rummy_learn.outcome import EndReason, settle
    from rummy_learn.variants import provenance

    assert options_for("romme")[-1] == "hand_romme_double" and "hand_romme_double" in options_for(
        "scala40"
    )
    with pytest.raises(UnknownOptionError):
        preset("palace", ["hand_romme_double"])
    rules = preset("romme", ["hand_romme_double"])
    assert rules.rummy_bonus is RummyBonus.DOUBLE
    where = provenance(rules, "rummy_bonus")
    assert where.source is Source.NOT_STATED and "German" in where.note
    assert settle(rules, EndReason.RUMMY, 0, (0, 12, 30)) == (0, 24, 60)
    assert settle(preset("romme"), EndReason.RUMMY, 0, (0, 12, 30)) == (0, 12, 30)


def test_rami_reads_its_minimum_from_the_tables_names():
    """A Bulgarian teacher: source 002 says only "a certain threshold"; 40 and 51 come from
    the names Rami 40 and Rami 51, so the tables mark them as the kit's reading."""
    for variant in ("rami40", "rami51"):
        assert source_of(preset(variant), "opening_min") is Source.NOT_STATED
    assert source_of(preset("romme"), "opening_min") is Source.ROMME


# --- what the errors carry ----------------------------------------------------------------------


def test_errors_name_what_was_wrong():
    with pytest.raises(UnknownVariantError) as unknown:
        preset("gin")
    assert unknown.value.name == "gin" and "'gin'" in str(unknown.value)
    with pytest.raises(UnknownVariantError, match="'gin'"):
        options_for("gin")
    with pytest.raises(UnknownOptionError) as option:
        preset("romme", ["house_decks"])
    assert (option.value.name, option.value.variant) == ("house_decks", "romme")
    assert str(option.value).endswith("choose from: " + ", ".join(options_for("romme")))
    with pytest.raises(OptionConflictError) as conflict:
        preset("palace", ["no_opening", "opening_40"])
    assert conflict.value.options == ("opening_40", "no_opening")
    assert str(conflict.value) == "options 'opening_40' and 'no_opening' cannot be used together"
    with pytest.raises(KeyError, match="fly"):
        provenance(preset("romme"), "fly")


def test_an_options_change_is_sourced_to_the_option():
    rules = preset("palace", ["no_jokers"])
    assert provenance(rules, "deck_tiers") == OPTIONS["no_jokers"].provenance
    assert provenance(preset("romme"), "deck_tiers").source is Source.ROMME


def test_switch_names_and_docs():
    from rummy_learn.rules import switch_doc

    names = switch_names()
    assert "variant" not in names and "options" not in names and len(names) == len(set(names))
    assert switch_doc("cyclic_runs") == "a run may turn the corner K-A-2"
    assert all(switch_doc(name) not in ("", "None") for name in names)
    with pytest.raises(KeyError, match="fly"):
        switch_doc("fly")
    with pytest.raises(ValueError, match="no deck or hand size is defined for 1 players"):
        preset("romme").deck_for(1)
