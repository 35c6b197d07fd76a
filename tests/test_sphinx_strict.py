"""An author's mistakes stop the build, with or without -W, naming the exact line and the
closest name; ``rummy_strict = False`` makes them warnings."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from sphinx.errors import ConfigError
from sphinx_project import sphinx_build, write_project

from rummy_learn.sphinxext import AuthorError

EXAMPLE = "```{{rummy-example}} e\n:cards: K♥ K♠ K♦\n:variant: romme\n{options}\n```\n"


def build(tmp_path: Path, page: str, language: str = "de", conf: str = "") -> str:
    """A MyST page built without -W (a warning alone would not stop it)."""
    src = write_project(tmp_path / "src", {"index.md": "# P\n\n" + page}, language, conf)
    return sphinx_build(src, tmp_path / "out", warnings_are_errors=False)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (":expect: valid\n:option: no_jokers", "unknown option :option: (did you mean 'options'?)"),
        (":expect: valid\n:points: 3O", "option :points: '3O': expected a whole number"),
        (":expect: valid\n:kind: meld | opening", "not a kind of example"),
        (":expect: valid\n:kind: openning", "not a kind of example (did you mean 'opening'?)"),
        (":expect: vaild", "expected 'valid' or 'invalid' (did you mean 'valid'?)"),
        (
            ":expect: valid\n:options: no_joker",
            "unknown option 'no_joker' for variant 'romme' (did you mean 'no_jokers'?)",
        ),
    ],
)
def test_a_mistyped_option_stops_a_myst_build_without_w(
    tmp_path: Path, options: str, said: str
) -> None:
    with pytest.raises(AuthorError, match=re.escape(said)) as caught:
        build(tmp_path, "Text.\n\n" + EXAMPLE.format(options=options))
    assert "index.md:5: example 'e'" in str(caught.value)


def test_an_unknown_variant_names_the_closest(tmp_path: Path) -> None:
    page = EXAMPLE.format(options=":expect: valid").replace("romme", "rami50")
    with pytest.raises(
        AuthorError, match=r"unknown variant 'rami50' \(did you mean 'rami\d\d'\?\)"
    ):
        build(tmp_path, page)


def test_a_meld_with_a_bar_says_what_the_bar_is_for(tmp_path: Path) -> None:
    page = EXAMPLE.format(options=":expect: valid").replace("K♦", "K♦ | A♥ 2♥ 3♥")
    with pytest.raises(AuthorError, match=r"'\|' separates the melds of a :kind: opening"):
        build(tmp_path, page)


def test_not_strict_warns_and_leaves_the_broken_example_out(tmp_path: Path) -> None:
    page = EXAMPLE.format(options=":expect: valid\n:option: no_jokers")
    page += "\nA {rterm}`jocker` and {card}`Zz`.\n"
    warnings = re.sub(r"\x1b\[[0-9;]*m", "", build(tmp_path, page, conf="rummy_strict = False\n"))
    assert "index.md:3: WARNING: example 'e': unknown option :option:" in warnings
    assert (
        "index.md:10: WARNING: unknown glossary term 'jocker' (did you mean 'joker'?)" in warnings
    )
    assert "index.md:10: WARNING: card role: cannot read card 'Zz'" in warnings
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert 'id="example-e"' not in html  # never shown under rules the author did not mean


def test_a_terms_name_suggests_its_id(tmp_path: Path) -> None:
    with pytest.raises(AuthorError, match=r"unknown glossary term 'Jokertausch' \(did you mean "
                                          r"'joker_swap'\?\)"):  # fmt: skip
        build(tmp_path, "A {rterm}`Jokertausch`.\n")


def test_term_links_without_rummy_glossary_say_so_once(tmp_path: Path) -> None:
    pages = {"index.md": "# P\n\nA {rterm}`set`, {rterm}`run`.\n", "glossary.md": "# G\n"}
    src = write_project(tmp_path / "src", pages)
    conf = (src / "conf.py").read_text().replace("rummy_glossary", "# rummy_glossary")
    (src / "conf.py").write_text(conf + "rummy_strict = False\n")
    warnings = sphinx_build(src, tmp_path / "out", warnings_are_errors=False)
    assert warnings.count("term links need a glossary: set rummy_glossary") == 1
    assert "unknown glossary term" not in warnings
    (src / "conf.py").write_text(conf)
    with pytest.raises(AuthorError, match=r"index.md:3: term links need a glossary"):
        sphinx_build(src, tmp_path / "out2", warnings_are_errors=False)


def test_an_unsupported_language_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"language = 'fr': rummy-learn writes .* in ru, bg"):
        build(tmp_path, "Text.\n", language="fr")


def test_cards_in_another_languages_letters_are_read(tmp_path: Path) -> None:
    page = "Eine {card}`Д♥`.\n\n" + EXAMPLE.format(options=":expect: valid").replace(
        "K♥ K♠ K♦", "D♥ D♠ D♦"
    )
    assert build(tmp_path, page, "ru") == ""
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert 'aria-label="дама червей"' in html and "Группа составлена верно: 30 очков" in html


def test_mistakes_in_a_notebook_name_the_cell_and_line(tmp_path: Path) -> None:
    src = write_project(tmp_path / "src", {}, conf="nb_execution_mode = 'off'\n")
    conf = (src / "conf.py").read_text().replace("'myst_parser'", "'myst_nb'")
    (src / "conf.py").write_text(conf)
    cells = [
        nbformat.v4.new_markdown_cell("# NB"),
        nbformat.v4.new_markdown_cell("first line\nsecond {card}`11♠` line\n"),
    ]
    nbformat.write(nbformat.v4.new_notebook(cells=cells), src / "index.ipynb")
    with pytest.raises(AuthorError, match=r"index.ipynb, cell 2, line 2: card role"):
        sphinx_build(src, tmp_path / "out", warnings_are_errors=False)
    cells[1] = nbformat.v4.new_markdown_cell("text\n\n" + EXAMPLE.format(options=":expect: no"))
    nbformat.write(nbformat.v4.new_notebook(cells=cells), src / "index.ipynb")
    with pytest.raises(AuthorError, match=r"index.ipynb, cell 2, line 3: example 'e': the core"):
        sphinx_build(src, tmp_path / "out", warnings_are_errors=False)
