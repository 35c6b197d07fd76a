"""The variants compared: values from the Rules data, labels from the catalogs."""

from __future__ import annotations

import pytest

from rummy_learn.compare import applies, compare_variants, short_value
from rummy_learn.i18n import text
from rummy_learn.rules import switch_names
from rummy_learn.variants import PRESETS, Source, preset, source_of


def test_every_switch_is_a_row_and_the_values_are_the_presets() -> None:
    table = compare_variants()
    assert [r.switch for r in table.rows] == list(switch_names())
    assert [c.text for c in table.row("opening_min").cells] == ["30", "40", "40", "51", "40", "40"]
    assert [c.text for c in table.row("max_jokers_per_meld").cells][2:4] == ["1", "1"]
    assert [c.text for c in table.row("stock_empty").cells][:2] == [
        text("value.no_winner", "en"),
        text("value.reshuffle", "en"),
    ]


def test_not_stated_values_are_flagged_as_the_sources_say() -> None:
    table = compare_variants()
    for row in table.rows:
        for variant, cell in zip(PRESETS, row.cells, strict=True):
            said = source_of(preset(variant), row.switch) is Source.NOT_STATED
            moot = not applies(preset(variant), row.switch)
            assert cell.not_stated == (said and not moot), (row.switch, variant)
            assert (cell.text == "does not apply") == moot, (row.switch, variant)
    assert table.row("max_players").cells[0].not_stated  # palace: the kit's choice


def test_values_other_rules_make_moot_are_not_shown_as_rules() -> None:
    """A reviewer: Rami's table said "2 jokers side by side from 3 cards" for a game of one
    joker per meld, and "at least 1 natural card" where every meld holds two."""
    rami, romme, palace = (compare_variants([v], "en") for v in ("rami40", "romme", "palace"))
    moot = "does not apply"
    assert rami.row("adjacent_jokers_from").cells[0].text == moot
    assert rami.row("jokers_fewer_than_naturals").cells[0].text == moot
    assert rami.row("min_naturals").cells[0].text == "2"
    assert romme.row("adjacent_jokers_from").cells[0].text == "4"  # Rommé: it matters
    assert romme.row("rummy_needs_bare_table").cells[0].text == moot  # no Rummy bonus
    assert palace.row("rummy_needs_bare_table").cells[0].text != moot
    jokerless = compare_variants(["palace"], "en", ["no_jokers"])
    assert {jokerless.row(s).cells[0].text for s in ("joker_penalty", "set_swap")} == {moot}


def test_options_change_the_variants_that_know_them() -> None:
    plain = compare_variants(["palace", "rami40"], "en")
    house = compare_variants(["palace", "rami40"], "en", ["opening_40", "house_decks"])
    assert [c.text for c in plain.row("opening_min").cells] == ["30", "40"]
    assert [c.text for c in house.row("opening_min").cells] == ["40", "40"]
    decks = [c.text for c in house.row("deck_tiers").cells]
    before = [c.text for c in plain.row("deck_tiers").cells]
    assert decks[0] == before[0]  # palace has no such option
    assert decks[1] != before[1]
    with pytest.raises(ValueError, match="unknown option 'opening_41'"):
        compare_variants(["palace"], "en", ["opening_41"])


@pytest.mark.parametrize("lang", ["ru", "bg", "de"])
def test_labels_and_words_are_in_the_learners_language(lang: str) -> None:
    table = compare_variants(PRESETS, lang)
    english = compare_variants(PRESETS, "en")
    for ours, theirs in zip(table.rows, english.rows, strict=True):
        assert ours.label != theirs.label, ours.switch
        assert not ours.label.startswith("switch.")
    assert table.header[0] == text("compare.rule", lang) != english.header[0]
    assert short_value(True, lang) != "yes" and short_value(False, lang) != "no"


def test_differences_are_the_rows_where_variants_disagree() -> None:
    table = compare_variants()
    assert not table.row("set_min").differs
    assert table.row("opening_min").differs


def test_palace_shows_the_natural_cards_and_jokers_a_meld_really_needs():
    """A Russian teacher: Rummy Palace's row said "at least 1 natural card" and "two jokers
    side by side from 3 cards", where fewer jokers than natural cards means 2 and 5."""
    palace = compare_variants(["palace"], "en")
    assert palace.row("min_naturals").cells[0].text == "2"
    assert palace.row("adjacent_jokers_from").cells[0].text == "5"
    strict = compare_variants(["palace"], "en", ["strict_jokers"])
    assert strict.row("adjacent_jokers_from").cells[0].text == "—"  # never: no number


@pytest.mark.parametrize("variant", ["romme", "palace", "rummy40", "scala40"])
def test_two_jokers_side_by_side_from_the_length_the_table_shows(variant: str) -> None:
    from rummy_learn import check_meld, parse_cards, preset

    rules = preset(variant)
    shown = int(compare_variants([variant], "en").row("adjacent_jokers_from").cells[0].text)
    naturals = ["3♠", "4♠", "5♠", "6♠", "7♠"]

    def run(length: int) -> bool:
        cards = parse_cards(" ".join([*naturals[: length - 2], "Jkr", "Jkr"]))
        return check_meld(cards, rules).valid

    assert run(shown) and not run(shown - 1)


@pytest.mark.parametrize(
    ("lang", "cell"),
    [("de", "108 (2 × 52 + 4); ab 5 Spielern: 160 (3 × 52 + 4)"),
     ("ru", "108 (2 × 52 + 4); от 5 игроков: 160 (3 × 52 + 4)")],
)  # fmt: skip
def test_a_deck_reads_as_its_cards_then_how_they_add_up(lang: str, cell: str) -> None:
    """A German teacher read "2×52+6" and "5+" as codes: the count comes first, the players in
    words; packets read as a list, not a hyphenated code."""
    table = compare_variants(["rami40", "romme"], lang)
    assert table.row("deck_tiers").cells[0].text == cell
    assert table.row("deck_tiers").cells[1].text == "110 (2 × 52 + 6)"
    assert table.row("deal_packets").cells[1].text == "3, 3, 3, 4"
