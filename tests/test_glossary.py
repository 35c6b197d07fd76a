"""The glossary: one file, stable ids, every term in ru, bg, de and en, sound references."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_learn.glossary import GLOSSARY_LANGUAGES, load_glossary
from rummy_learn.variants import OPTIONS

FILE = Path(__file__).parent.parent / "lessons" / "glossary.yaml"
QUOTES = {"ru": ("«", "»"), "bg": ("„", "“"), "de": ("„", "“"), "en": ("“", "”")}


@pytest.fixture(scope="module")
def glossary():
    return load_glossary(FILE, GLOSSARY_LANGUAGES)


def test_the_terms_the_lessons_need(glossary):
    needed = {
        "joker",
        "run",
        "set",
        "opening",
        "lay_off",
        "joker_swap",
        "discard_pile",
        "stock",
        "going_out",
        "hand_rummy",
        "penalty",
        "knock",
        "strict_groups",
        "cyclic_runs",
        "three_of_a_kind",
        "four_of_a_kind",
        "clean_run",
        "laying_down",
        "rauben",
    }
    assert needed <= set(glossary) and len(glossary) >= 45
    palace_options = {o.name for o in OPTIONS.values() if o.source.seed == "000"}
    assert palace_options <= set(glossary), "every Rummy Palace special rule is a term"


@pytest.mark.parametrize("lang", GLOSSARY_LANGUAGES)
def test_every_term_in_every_language(glossary, lang):
    names = set()
    for term in glossary.values():
        words = term.words[lang]
        assert words.name.strip() and len(words.definition) > 20, term.id
        names.add(words.name)
        text = " ".join([words.name, *words.synonyms, words.definition])
        opening, closing = QUOTES[lang]
        assert '"' not in text, f"{lang} {term.id}: straight quotes"
        assert text.count(opening) == text.count(closing), f"{lang} {term.id}: unbalanced quotes"
        assert not set("«»„“”") - {opening, closing} & set(text), (
            f"{lang} {term.id}: foreign quotes"
        )
    assert len(names) >= len(glossary) - 2  # names tell terms apart (ru: deck and stock share one)


def test_anchors_are_the_stable_ids(glossary):
    assert glossary["joker"].anchor == "term-joker"
    assert glossary["lay_off"].anchor == "term-lay-off"


WORDS = "ru: {name: a, definition: b}, bg: {name: a, definition: b}"
GERMAN = "de: {name: a, definition: b}"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (f"- {{id: x, related: [nowhere], {WORDS}, {GERMAN}}}", "unknown terms"),
        (f"- {{id: x, switches: [warp_drive], {WORDS}, {GERMAN}}}", "switches"),
        (f"- {{id: x, {WORDS}}}", "de needs"),
        ("{id: x}", "a list of terms"),
    ],
)
def test_a_broken_glossary_is_refused(tmp_path, text, message):
    path = tmp_path / "glossary.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        load_glossary(path, ["de"])


def test_an_authors_glossary_holds_only_the_languages_it_builds(tmp_path):
    path = tmp_path / "glossary.yaml"
    path.write_text(f"- {{id: x, {GERMAN}}}", encoding="utf-8")
    assert load_glossary(path, ["de"])["x"].words_in("de").name == "a"
    with pytest.raises(ValueError, match="term 'x': ru needs a name and a definition"):
        load_glossary(path, ["ru"])
    path.write_text("- {id: x, sources: ['000']}", encoding="utf-8")
    with pytest.raises(ValueError, match="term 'x': no language"):
        load_glossary(path)
