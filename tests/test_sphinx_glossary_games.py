"""The glossary page in the page language's alphabetical order, and a book's own games
first: terms that belong only to other games come last, under their own heading."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from sphinx.errors import SphinxError
from test_sphinxext import build

from rummy_learn.i18n import text

GLOSSARY = """\
- id: meld
  sources: ['000']
  de: {name: Figur, definition: Drei oder mehr Karten.}
- id: knock
  games: [palace]
  sources: ['000']
  de: {name: Klopfen, definition: Außer der Reihe die Ablage nehmen.}
- id: rauben
  games: [romme, scala40]
  sources: ['003']
  de: {name: Rauben, definition: Den Joker beim Abheben behalten.}
- id: ace
  related: [knock]
  sources: ['000']
  de: {name: Ass, definition: Die Karte über dem König.}
- id: lay_off
  switches: [layoff_on_opening_turn]
  sources: ['003']
  de: {name: Anlegen, definition: Eine Karte an eine Figur auf dem Tisch legen.}
- id: opening_40
  games: [palace]
  switches: [opening_min]
  sources: ['000']
  de: {name: Anmeldung mit 40, definition: Die Erstauslage muss 40 Punkte haben.}
- id: small_deck
  games: [palace]
  switches: [hand_tiers]
  sources: ['000']
  de: {name: Kurzes Blatt, definition: Weniger Karten auf der Hand.}
"""


def glossary_page(tmp_path: Path, directive: str) -> str:
    src = tmp_path / "src"
    src.mkdir(parents=True)
    (src / "words.yaml").write_text(GLOSSARY, encoding="utf-8")
    page = "Seite\n=====\n\n:rterm:`meld`\n"
    out, _ = build(tmp_path, page, "de", glossary=src / "words.yaml", glossary_page=directive)
    return (out / "glossary.html").read_text(encoding="utf-8")


def test_terms_in_alphabetical_order_and_other_games_last(tmp_path: Path) -> None:
    html = glossary_page(tmp_path, ".. rummy-glossary::\n   :games: romme\n")
    anchors = re.findall(r'<dt id="(term-[^"]+)"', html)
    assert anchors == ["term-lay-off", "term-ace", "term-meld", "term-rauben",
                       "term-opening-40", "term-knock", "term-small-deck"]  # fmt: skip
    heading = html.index("Begriffe aus anderen Spielen")
    assert html.index('id="term-rauben"') < heading < html.index('id="term-knock"')


def test_without_games_every_term_is_in_one_list(tmp_path: Path) -> None:
    html = glossary_page(tmp_path, ".. rummy-glossary::\n")
    anchors = re.findall(r'<dt id="(term-[^"]+)"', html)
    assert anchors == ["term-lay-off", "term-opening-40", "term-ace", "term-meld", "term-knock",
                       "term-small-deck", "term-rauben"]  # fmt: skip
    assert "Begriffe aus anderen Spielen" not in html


def test_an_unknown_game_stops_the_build(tmp_path: Path) -> None:
    with pytest.raises(SphinxError, match=r"unknown game 'rome' \(did you mean 'romme'\?\)"):
        glossary_page(tmp_path, ".. rummy-glossary::\n   :games: rome\n")


def test_the_kits_glossary_names_real_games_for_its_game_terms() -> None:
    from rummy_learn.glossary import load_glossary

    root = Path(__file__).parent.parent / "lessons" / "glossary.yaml"
    assert load_glossary(root)  # every term's games are presets (the loader checks them)
    data = yaml.safe_load(root.read_text(encoding="utf-8"))
    assert all(set(t.get("games", [])) <= {"palace", "rummy40", "rami40", "rami51", "romme",
                                           "scala40"} for t in data)  # fmt: skip


def test_a_terms_rules_are_said_with_their_value_in_the_books_game(tmp_path: Path) -> None:
    """A German teacher: "Regeln: Im Zug der Erstauslage darf man schon anlegen" read as a
    rule of German Rommé, where it is the name of a rule whose answer there is no."""
    html = glossary_page(tmp_path, ".. rummy-glossary::\n   :games: romme\n")
    entry = html[html.index('id="term-lay-off"') : html.index('id="term-ace"')]
    assert re.search(r"<p>[^<]*anlegen: nein\*?</p>", entry), entry


def test_an_options_rules_are_said_with_the_option_on_and_other_games_in_their_own(
    tmp_path: Path,
) -> None:
    """A Russian teacher read «40 очков за начальную комбинацию — …: 30», the plain game's
    value under the option that makes it 40; and a Palace term's rules in German Rommé's."""
    html = glossary_page(tmp_path, ".. rummy-glossary::\n   :games: palace\n")
    entry = html[html.index('id="term-opening-40"') :]
    entry = entry[: entry.index("</dd>")]
    assert re.search(r"<p>[^<]*: 40</p>", entry), entry
    with_option = text("glossary.rules_with_option", "de")
    assert f"{with_option}:" in entry and text("glossary.rules", "de") not in entry
    html = glossary_page(tmp_path / "romme", ".. rummy-glossary::\n   :games: romme\n")
    entry = html[html.index('id="term-small-deck"') :]
    entry = entry[: entry.index("</dd>")]  # the hand sizes of Rummy Palace's small deck
    assert "13" not in entry, entry
    assert f"{with_option}:" in entry  # small_deck is an option of Rummy Palace


def test_a_glossary_may_leave_the_other_games_terms_out(tmp_path: Path) -> None:
    """A German teacher: a school glossary of German Rommé need not list an online game's
    terms "you don't need"."""
    html = glossary_page(tmp_path, ".. rummy-glossary::\n   :games: romme\n   :others: none\n")
    anchors = re.findall(r'<dt id="(term-[^"]+)"', html)
    assert anchors == ["term-lay-off", "term-ace", "term-meld", "term-rauben"]
    assert "Begriffe aus anderen Spielen" not in html
    assert "#term-knock" not in html  # no "see also" to a term left off the page
    with pytest.raises(SphinxError, match=r":others: is 'last' or 'none', not 'non'"):
        glossary_page(tmp_path / "b", ".. rummy-glossary::\n   :games: romme\n   :others: non\n")


def test_a_glossary_may_leave_the_rule_lines_out(tmp_path: Path) -> None:
    """Three teachers found the generated "rule: value" lines under the terms hard for pupils;
    a book whose definitions say the rules may leave them out."""
    html = glossary_page(tmp_path, ".. rummy-glossary::\n   :games: romme\n   :rules: none\n")
    assert "rl-switches" not in html and 'id="term-lay-off"' in html
    with pytest.raises(SphinxError, match=r":rules: is 'shown' or 'none', not 'off'"):
        glossary_page(tmp_path / "b", ".. rummy-glossary::\n   :rules: off\n")


def test_a_link_to_a_term_the_glossary_leaves_out_is_named(tmp_path: Path) -> None:
    """A German writer's links to a term its glossary left out (:others: none) led to an
    anchor that was not there, with no warning: now the build says so, and the words stay
    plain text."""
    src = tmp_path / "src"
    src.mkdir(parents=True)
    (src / "words.yaml").write_text(GLOSSARY, encoding="utf-8")
    page = "Seite\n=====\n\n:rterm:`knock` und :rterm:`meld`\n"
    directive = ".. rummy-glossary::\n   :games: romme\n   :others: none\n"
    with pytest.raises(SphinxError, match=r"term link to 'knock': the glossary page 'glossary'"):
        build(tmp_path / "a", page, "de", glossary=src / "words.yaml", glossary_page=directive)
    out, warnings = build(tmp_path / "b", page, "de", strict=False, glossary=src / "words.yaml",
                          glossary_page=directive)  # fmt: skip
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "leaves that term out" in warnings
    assert "#term-knock" not in html and '<span class="rl-term">Klopfen</span>' in html
    assert "glossary.html#term-meld" in html
