"""An exported lesson says the book's MyST in plain Markdown: cards drawn, term links as
their words, boxes as quotations or <details>, checked examples with the core's verdict
(two trial users of an exported lesson saw raw {rterm}`…` markup and thought it broken)."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat

from rummy_learn.i18n import text
from rummy_learn.widgets.export import export_html
from rummy_learn.widgets.myst_cells import plain_markdown

LESSONS = Path(__file__).parent.parent / "lessons"
RAW = re.compile(r"\{(rterm|card|doc|term|ref)\}`|`{3}\{|:{3}\{|\{rummy-")


def test_roles_and_directives_become_plain_markdown():
    said = plain_markdown(
        "Draw from the {rterm}`stock <stock>`: {card}`9♠ 10♠ Jkr`.\n\n"
        "```{admonition} Other games\n:class: other-variants\n"
        "In Rami, {doc}`see <glossary>`.\n```\n\n"
        "```{rummy-example} gap\n:cards: 5♥ 6♥ 8♥\n:variant: rami51\n:expect: invalid\n```\n\n"
        "```{rummy-variants}\n:variants: romme scala40\n:rules: joker_penalty\n```\n",
        "en",
    )
    assert not RAW.search(said), said
    assert "Draw from the stock: " in said and 'class="rl-inline-cards"' in said
    assert "> **Other games**\n>\n> In Rami, see." in said
    assert text("reason.gap", "en") in said  # the core's verdict on the example
    assert "<table>" in said and "<td>30</td>" in said and "<td>25</td>" in said


def test_an_exported_lesson_shows_no_myst_markup(tmp_path: Path):
    page = export_html(LESSONS / "de" / "05-jokers.ipynb", tmp_path, execute=False)
    html = page.read_text(encoding="utf-8")
    source = nbformat.read(LESSONS / "de" / "05-jokers.ipynb", as_version=4)
    assert any(RAW.search(c.source) for c in source.cells if c.cell_type == "markdown")
    body = html.split("<body", 1)[1]
    assert not RAW.search(body), RAW.search(body)
    assert "<details><summary>Lösung</summary>" in body
    assert ".rl-inline-cards" in html.split("<body", 1)[0]  # the cards' style came along
    assert text("verdict.joker", "de", card="Pik-Acht") in body  # in the lesson's language
