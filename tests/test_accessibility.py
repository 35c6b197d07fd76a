"""The Python side of issue 15: what the views need to be usable by everyone.

The German four-colour deck, each widget's name and language for screen readers, the quiz's
"start again" and its empty answers, the exported page's title and language, and the book's
language switcher named in the page's language. The views themselves are tested with vitest
(widgets/tests) and in Chromium (tests/browser/test_accessibility.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from rummy_learn.i18n import text
from rummy_learn.notation import parse_cards
from rummy_learn.render import card_svg
from rummy_learn.sphinxext.switcher import switcher_html
from rummy_learn.widgets import Hand, MeldBuilder, Quiz, Table
from rummy_learn.widgets.export import export_html

SUITS = ("7♣", "7♠", "7♥", "7♦")


def ink(svg: str) -> str:
    found = re.search(r'class="rl-card rl-(\w+)', svg)
    assert found, svg
    return found.group(1)


def test_the_german_four_colour_deck_is_the_tournament_deck():
    cards = parse_cards(" ".join(SUITS))
    german = [ink(card_svg(c, "de", four_colour=True)) for c in cards]
    assert german == ["black", "green", "red", "yellow"]  # Kreuz, Pik, Herz, Karo
    for lang in ("ru", "bg", "en"):  # the others keep the deck they know
        assert [ink(card_svg(c, lang, four_colour=True)) for c in cards] == [
            "green", "black", "red", "blue"
        ]  # fmt: skip
    assert [ink(card_svg(c, "de")) for c in cards] == ["black", "black", "red", "red"]
    hand = Hand(" ".join(SUITS), lang="de", four_colour=True)
    assert "rl-yellow" in hand.cards[3]["svg"]


def test_the_css_draws_the_german_yellow_dark_enough_on_a_white_card():
    from rummy_learn.render import CSS

    def luminance(hex_colour: str) -> float:
        channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (0, 2, 4)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = re.findall(r"--rl-ink-yellow: #([0-9a-f]{6})", CSS)
    assert (1.05) / (luminance(light) + 0.05) >= 4.5  # on white
    assert (luminance(dark) + 0.05) / (luminance("111111") + 0.05) >= 4.5  # on JupyterLab's dark


@pytest.mark.parametrize("lang", ["ru", "bg", "de", "en"])
def test_each_widget_names_itself_in_its_language(lang):
    widgets = {
        "hand": Hand("Q♥ 7♠", lang=lang),
        "meld_builder": MeldBuilder("K♥ K♠ K♦", lang=lang),
        "table": Table("10♠", ["7♠ 8♠ 9♠"], lang=lang),
        "quiz": Quiz([{"kind": "valid", "cards": "K♥ K♠ K♦"}], lang=lang),
    }
    for kind, widget in widgets.items():
        assert widget.lang == lang
        assert widget.texts["widget_name"] == text(f"widget.{kind}", lang)
        for name in ("move_left", "move_right", "moved", "slot_active", "start_again"):
            assert widget.texts[name] == text(f"ui.{name}", lang)
        assert widget.texts["quiz_last_time"] == text("quiz.last_time", lang)


def test_the_quiz_starts_again_when_the_page_asks():
    quiz = Quiz(
        [{"kind": "valid", "cards": "K♥ K♠ K♦"}, {"kind": "penalty", "cards": "A♣ K♦"}], lang="de"
    )
    quiz._receive(quiz, {"type": "answer", "value": True}, [])
    quiz._receive(quiz, {"type": "next"}, [])
    quiz._receive(quiz, {"type": "restart"}, [])
    assert (quiz.current, quiz.feedback, quiz.score) == (0, [], {"right": 0, "answered": 0})
    quiz._receive(quiz, {"type": "answer", "value": True}, [])  # counts again: a new start
    assert quiz.score == {"right": 1, "answered": 1}
    assert text("ui.already_answered", "de") not in quiz.feedback


@pytest.mark.parametrize("value", [None, ""])
def test_an_empty_penalty_answer_is_not_wrong_and_shows_no_answer(value):
    quiz = Quiz([{"kind": "penalty", "variant": "romme", "cards": "A♣ K♦ 7♠ Jkr"}], lang="ru")
    quiz._receive(quiz, {"type": "answer", "value": value}, [])
    assert quiz.feedback == [text("ui.enter_number", "ru")]
    assert quiz.score == {"right": 0, "answered": 0}
    assert not any("58" in line for line in quiz.feedback)


def test_the_exported_page_has_a_real_title_and_the_language_of_its_widgets(tmp_path: Path):
    nb = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_code_cell("1 + 1"),
            nbformat.v4.new_markdown_cell("Vorwort\n\n# Der `Joker` im *Rommé*\n\n## Weiter"),
        ],
        metadata={
            "widgets": {
                "application/vnd.jupyter.widget-state+json": {
                    "version_major": 2,
                    "version_minor": 0,
                    "state": {"a": {"model_name": "AnyModel", "state": {"lang": "de"}}},
                }
            }
        },
    )
    source = tmp_path / "lektion.ipynb"
    nbformat.write(nb, source)
    page = export_html(source, tmp_path / "site", execute=False).read_text(encoding="utf-8")
    assert '<html lang="de">' in page
    assert "<title>Der Joker im Rommé</title>" in page
    assert "--jp-cell-prompt-not-active-opacity: 1" in page  # the prompts pass AA
    asked = export_html(source, tmp_path / "site", execute=False, lang="bg")
    assert '<html lang="bg">' in asked.read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        export_html(source, tmp_path / "site", execute=False, lang="fr")


@pytest.mark.parametrize(("lang", "label"), [("ru", "Язык"), ("bg", "Език"), ("de", "Sprache")])
def test_the_language_switcher_is_named_in_the_pages_language(lang, label):
    html = switcher_html("01-cards", lang, {"ru": "Русский", "bg": "Български", "de": "Deutsch"})
    assert f'<nav class="rl-languages" aria-label="{label}">' in html
