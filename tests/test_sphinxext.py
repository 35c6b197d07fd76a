"""The Sphinx extension, in real Sphinx builds of a small project in each language."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace

from rummy_learn.i18n import text
from rummy_learn.render import CSS
from rummy_learn.sphinxext import AuthorError, ExampleMismatch

GLOSSARY = Path(__file__).parent.parent / "lessons" / "glossary.yaml"

GOOD = """\
Lesson
======

Three kings :card:`K♥ K♠ K♦` make a :rterm:`set`; a :rterm:`joker <joker>` may help.

.. rummy-example:: three-kings
   :cards: K♥ K♠ K♦
   :variant: romme
   :expect: valid
   :points: 30

.. rummy-example:: gap
   :cards: 5♥ 6♥ 8♥
   :variant: rami51
   :expect: invalid
   :reasons: gap
"""


def build(
    tmp_path: Path,
    index: str,
    language: str = "ru",
    strict: bool = True,
    glossary: Path = GLOSSARY,
    glossary_page: str = ".. rummy-glossary::\n",
) -> tuple[Path, str]:
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir(parents=True, exist_ok=True)
    (src / "conf.py").write_text(
        f"extensions = ['rummy_learn.sphinxext']\nlanguage = {language!r}\n"
        f"rummy_glossary = {str(glossary)!r}\n",
        encoding="utf-8",
    )
    (src / "index.rst").write_text(index + "\n.. toctree::\n\n   glossary\n", encoding="utf-8")
    (src / "glossary.rst").write_text("Glossary\n========\n\n" + glossary_page, encoding="utf-8")
    warnings = io.StringIO()
    with docutils_namespace():  # each build registers its nodes afresh
        app = Sphinx(str(src), str(src), str(out), str(tmp_path / "doctrees"), "html",
                     status=None, warning=warnings, warningiserror=strict,
                     freshenv=True)  # fmt: skip
        app.build()
    return out, warnings.getvalue()


def test_examples_render_the_cores_verdict_in_the_page_language(tmp_path: Path) -> None:
    out, warnings = build(tmp_path, GOOD)
    page = (out / "index.html").read_text(encoding="utf-8")
    assert warnings == ""
    assert 'id="example-three-kings"' in page and "Группа составлена верно: 30 очков" in page
    assert 'id="example-gap"' in page and "неверно" in page
    assert page.count('class="rl-card') >= 9  # 3 inline cards and 6 in the two examples
    inline = page.split('<span class="rl-inline-cards">')[1].split("</span></span>")[0]
    assert inline.count("<svg") == 3  # drawn small, in the line of text
    assert (out / "_static" / "rummy-learn.css").read_text(encoding="utf-8") == CSS
    assert 'href="_static/rummy-learn.css' in page


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (":expect: invalid", "the core says valid"),
        (":expect: valid\n   :points: 31", "counts 30 points"),
        (":expect: invalid\n   :reasons: gap", "not ['gap']"),
    ],
)
def test_a_wrong_expectation_stops_the_build(tmp_path: Path, options: str, said: str) -> None:
    bad = f".. rummy-example:: wrong\n   :cards: K♥ K♠ K♦\n   :variant: romme\n   {options}\n"
    with pytest.raises(ExampleMismatch, match=re.escape(said)) as caught:
        build(tmp_path, "Page\n====\n\n" + bad)
    assert "index.rst" in str(caught.value) and "'wrong'" in str(caught.value)


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (":cards: K♥ K♠ X9\n   :expect: valid", "X9"),
        (":cards: K♥ K♠ K♦\n   :variant: canasta\n   :expect: valid", "canasta"),
        (":cards: K♥ K♠ K♦", "needs :cards: and :expect:"),
    ],
)
def test_a_broken_example_names_what_is_wrong(tmp_path: Path, body: str, said: str) -> None:
    with pytest.raises(ExampleMismatch, match=re.escape(said)):
        build(tmp_path, f"Page\n====\n\n.. rummy-example:: broken\n   {body}\n")


@pytest.mark.parametrize("language", ["ru", "bg", "de"])
def test_glossary_anchors_are_the_stable_ids_in_every_language(
    tmp_path: Path, language: str
) -> None:
    from rummy_learn.glossary import load_glossary
    from rummy_learn.sphinxext.glossary_page import sort_key

    glossary = load_glossary(GLOSSARY)
    out, _ = build(tmp_path, GOOD, language)
    page = (out / "glossary.html").read_text(encoding="utf-8")
    anchors = re.findall(r'<dt id="(term-[^"]+)"', page)
    by_name = sorted(glossary.values(), key=lambda t: sort_key(t.words_in(language).name))
    assert anchors == [term.anchor for term in by_name]  # the language's alphabetical order
    assert 'href="#term-run"' in page  # related terms link within the page
    assert glossary["joker"].words[language].name in page
    assert "term-0" not in page


def test_term_links_carry_the_definition_as_tooltip(tmp_path: Path) -> None:
    from rummy_learn.glossary import load_glossary

    out, _ = build(tmp_path, GOOD, "bg")
    page = (out / "index.html").read_text(encoding="utf-8")
    words = load_glossary(GLOSSARY)["set"].words["bg"]
    link = re.search(r'<a class="rl-term[^>]*href="glossary.html#term-set"[^>]*>([^<]*)</a>', page)
    assert link and link.group(1) == words.name
    assert f'title="{words.definition}"' in page.replace("&#34;", '"')
    assert re.search(r'href="glossary.html#term-joker"[^>]*>joker</a>', page)


def test_example_ids_are_recorded_per_page_and_must_be_unique(tmp_path: Path) -> None:
    from rummy_learn.sphinxext.records import examples_of

    out, _ = build(tmp_path, GOOD)
    with docutils_namespace():
        app = Sphinx(
            str(tmp_path / "src"),
            str(tmp_path / "src"),
            str(out),
            str(tmp_path / "doctrees"),
            "html",
            status=None,
            warning=io.StringIO(),
        )
        # the cards as the page (ru) shows them
        found = {doc: [(e.id, e.cards) for e in ex] for doc, ex in examples_of(app.env).items()}
        assert found == {"index": [("three-kings", "К♥ К♠ К♦"), ("gap", "5♥ 6♥ 8♥")]}
    twice = GOOD + "\n.. rummy-example:: gap\n   :cards: K♥ K♠ K♦\n   :expect: valid\n"
    with pytest.raises(AuthorError, match=r"index.rst:18: example id 'gap' is already used at "
                                          r".*index.rst:12"):  # fmt: skip
        build(tmp_path / "twice", twice)


def test_the_readme_example_builds_as_shown(tmp_path: Path) -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Checked examples in Sphinx and Jupyter Book")[1]
    conf = re.search(r"```python\n(.*?)```", section, re.S)
    page = re.search(r"````markdown\n(.*?)````", section, re.S)
    assert conf and page
    src = tmp_path / "src"
    (src / "lessons").mkdir(parents=True)
    (src / "lessons" / "glossary.yaml").write_bytes(GLOSSARY.read_bytes())
    (src / "conf.py").write_text(conf.group(1), encoding="utf-8")
    index = "# Beispiel\n\n" + page.group(1)
    (src / "glossary.md").write_text("# Glossar\n\n```{rummy-glossary}\n```\n", encoding="utf-8")
    (src / "index.md").write_text(index + "\n```{toctree}\nglossary\n```\n", encoding="utf-8")
    warnings = io.StringIO()
    with docutils_namespace():
        app = Sphinx(str(src), str(src), str(tmp_path / "out"), str(tmp_path / "doctrees"), "html",
                     status=None, warning=warnings, warningiserror=True)  # fmt: skip
        app.build()
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert 'id="example-drei-koenige"' in html and 'id="example-luecke"' in html
    assert 'href="glossary.html#term-set"' in html
    assert 'class="rl-variants' in html and "Rami 51" in html
    assert 'id="term-set"' in (tmp_path / "out" / "glossary.html").read_text(encoding="utf-8")


def test_the_variants_table_is_made_from_the_rules(tmp_path: Path) -> None:
    from rummy_learn.compare import compare_variants

    page = "Vergleich\n=========\n\n.. rummy-variants::\n   :variants: rami51 romme\n"
    page += "\n.. rummy-variants::\n   :differences:\n"
    out, warnings = build(tmp_path, page, "de")
    html = (out / "index.html").read_text(encoding="utf-8")
    assert warnings == ""
    table = compare_variants(["rami51", "romme"], "de")
    first = html.split('class="rl-legend')[0]
    for row in table.rows:
        cells = "".join(f"<td><p>{c.text}{'*' if c.not_stated else ''}</p></td>" for c in row.cells)
        assert f"<p>{row.label}</p></td>{cells}".replace("+", "+") in first.replace("\n", "")
    full = compare_variants(lang="de")
    second = html.split('class="rl-legend')[1]
    shown = [r for r in full.rows if r.label in second]
    assert {r.switch for r in shown} == {r.switch for r in full.rows if r.differs}


def test_a_variants_table_with_an_unknown_option_stops_the_build(tmp_path: Path) -> None:
    with pytest.raises(ExampleMismatch, match="unknown option 'opening_41'"):
        build(tmp_path, "P\n=\n\n.. rummy-variants::\n   :options: opening_41\n")


def test_a_variants_table_can_show_chosen_rules_only(tmp_path: Path) -> None:
    page = "P\n=\n\n.. rummy-variants::\n   :rules: joker_penalty opening_min\n"
    out, _ = build(tmp_path, page, "de")
    html = (out / "index.html").read_text(encoding="utf-8").replace("\n", "")
    rows = re.findall(r'<td class="rl-rule"><p>([^<]+)</p>', html)

    assert rows == [text("switch.joker_penalty", "de"), text("switch.opening_min", "de")]
    assert "<td><p>30</p></td>" in html  # Rommé's joker costs 30
    with pytest.raises(ExampleMismatch, match="unknown rule 'joker_price'"):
        build(tmp_path / "bad", "P\n=\n\n.. rummy-variants::\n   :rules: joker_price\n")


OPENING_AND_HAND = """\
Page
====

.. rummy-example:: short-opening
   :kind: opening
   :cards: K♥ K♠ K♦ | A♥ 2♥ 3♥
   :variant: rami40
   :expect: invalid
   :points: 36

.. rummy-example:: joker-in-hand
   :kind: penalty
   :cards: A♣ K♦ 7♠ Jkr
   :variant: romme
   :points: 58
"""


def test_opening_and_penalty_examples_show_the_cores_answer(tmp_path: Path) -> None:
    out, warnings = build(tmp_path, OPENING_AND_HAND, "ru")
    page = (out / "index.html").read_text(encoding="utf-8")
    assert warnings == ""
    opening = page.split('id="example-short-opening"')[1].split("</figure>")[0]
    assert opening.count("<svg") == 6 and "36 очков" in opening and "40" in opening
    hand = page.split('id="example-joker-in-hand"')[1].split("</figure>")[0]
    assert hand.count("<svg") == 4 and "58 очков" in hand


@pytest.mark.parametrize(
    ("changed", "said"),
    [
        (("36", "37"), "the core counts 36 points, the example expects 37"),
        (
            (":expect: invalid", ":expect: valid"),
            "the core says invalid, the example expects valid",
        ),
        ((":points: 58", ":points: 48"), "the core counts 58 points, the example expects 48"),
        (("A♥ 2♥ 3♥", "A♥ 2♥ 3♥ |"), "an empty meld"),
        ((":points: 58", ":expect: valid"), "needs :cards: and :points:"),
        (("   :points: 58", "   :points: 58\n   :expect: valid"), "not :expect: or :reasons:"),
        ((":kind: penalty", ":kind: penalt"), "not a kind of example (did you mean 'penalty'?)"),
        # cards the shoe cannot hold (Rami: 3 decks at most): a penalty example stops the build,
        # an opening says why
        (("A♣ K♦ 7♠ Jkr", "A♣ A♣ A♣ Jkr"), "the romme shoe cannot hold 'A♣ A♣ A♣ Jkr'"),
        (
            (
                "K♥ K♠ K♦ | A♥ 2♥ 3♥\n   :variant: rami40\n   :expect: invalid\n   :points: 36",
                "K♥ K♠ K♦ | K♥ K♠ K♦ | K♥ K♠ K♦ | K♥ K♠ K♦\n   :variant: rami40\n   :expect: valid",
            ),
            "the core says invalid (copies_not_in_shoe), the example expects valid",
        ),
    ],
)
def test_a_wrong_opening_or_penalty_example_stops_the_build(
    tmp_path: Path, changed: tuple[str, str], said: str
) -> None:
    with pytest.raises(Exception, match=re.escape(said)):
        build(tmp_path, OPENING_AND_HAND.replace(*changed))


def test_the_glossary_links_the_examples_the_book_holds(tmp_path: Path) -> None:
    out, warnings = build(tmp_path, GOOD, "de")
    html = (out / "glossary.html").read_text(encoding="utf-8")
    assert warnings == ""
    run = html.split('id="term-run"')[1].split("</dd>")[0]
    link = r'href="index.html#example-gap">5♥ 6♥ 8♥ \(ungültig\)</a></p>'  # not valid: said
    assert re.search(r'<p class="rl-examples">Beispiele: <a class="reference[^"]*" ' + link, run)
    set_entry = html.split('id="term-set"')[1].split("</dd>")[0]
    assert "rl-examples" not in set_entry  # none of its examples is in this project


def test_the_glossary_shows_an_examples_cards_in_the_pages_letters(tmp_path: Path) -> None:
    index = GOOD.replace(
        "5♥ 6♥ 8♥\n   :variant: rami51\n   :expect: invalid\n   :reasons: gap",
        "J♥ Q♥ Jkr\n   :variant: romme\n   :expect: valid",
    )
    out, _ = build(tmp_path, index, "de")
    run = (out / "glossary.html").read_text(encoding="utf-8").split('id="term-run"')[1]
    assert 'href="index.html#example-gap">B♥ D♥ Joker</a>' in run.split("</dd>")[0]


@pytest.mark.parametrize(
    ("language", "heading"),
    [("ru", "{palace} + «Строгие группы»"), ("de", "{palace} + „Strenge Gruppen“")],
)
def test_an_examples_heading_names_its_options_in_the_pages_words(
    tmp_path: Path, language: str, heading: str
) -> None:
    page = "P\n=\n\n.. rummy-example:: strict\n   :cards: 5♣ 5♠ 5♥\n   :variant: Palace\n"
    page += "   :options: strict_groups\n   :expect: valid\n"
    out, _ = build(tmp_path, page, language)
    html = (out / "index.html").read_text(encoding="utf-8")
    heading = heading.format(palace=text("variant.palace", language))  # as the catalog names it
    assert f'<figcaption class="rl-example-head">{heading}<a class="headerlink"' in html


def test_the_glossary_names_a_terms_rules_in_words(tmp_path: Path) -> None:
    from rummy_learn.sphinxext.typography import bind_one_letter_words

    out, _ = build(tmp_path, GOOD, "bg")
    html = (out / "glossary.html").read_text(encoding="utf-8")
    entry = html.split('id="term-strict-groups"')[1].split("</dd>")[0]
    rules = bind_one_letter_words(text("switch.strict_groups", "bg"), "bg")  # as typeset
    assert f"Правила: {rules}." in entry
    assert "<code" not in entry


def test_a_missing_glossary_file_is_named(tmp_path: Path) -> None:
    from sphinx.errors import ConfigError

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text("extensions = ['rummy_learn.sphinxext']\n"
                                 "rummy_glossary = 'lessons/glossary.yaml'\n")  # fmt: skip
    (src / "index.rst").write_text("Page\n====\n")
    with docutils_namespace(), pytest.raises(ConfigError, match=r"no glossary at .*lessons"):
        Sphinx(str(src), str(src), str(tmp_path / "out"), str(tmp_path / "d"), "html",
               status=None, warning=io.StringIO()).build()  # fmt: skip


def test_term_links_without_a_glossary_page_are_a_warning(tmp_path: Path) -> None:
    from sphinx.errors import SphinxWarning

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(f"extensions = ['rummy_learn.sphinxext']\n"
                                 f"rummy_glossary = {str(GLOSSARY)!r}\n")  # fmt: skip
    (src / "index.rst").write_text("Page\n====\n\nA :rterm:`set`.\n")
    with docutils_namespace(), pytest.raises(SphinxWarning, match=r"index.rst:4:.*page 'glossary'"):
        Sphinx(str(src), str(src), str(tmp_path / "out"), str(tmp_path / "d"), "html",
               status=None, warning=io.StringIO(), warningiserror=True).build()  # fmt: skip


def notebook_site(tmp_path: Path, widget_state: dict[str, object]) -> str:
    """A myst-nb site of one notebook page whose saved widget state is ``widget_state``."""
    import nbformat

    src = tmp_path / "src"
    src.mkdir()
    # source_suffix of its own: Sphinx would add myst-nb's suffixes to its default (a dict
    # shared by every build in the process), and later builds would look for myst-nb
    (src / "conf.py").write_text("extensions = ['myst_nb', 'rummy_learn.sphinxext']\n"
                                 "source_suffix = {'.rst': 'restructuredtext'}\n"
                                 "nb_execution_mode = 'off'\n")  # fmt: skip
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Widgets")])
    model = {"model_name": "LayoutModel", "model_module": "@jupyter-widgets/base",
             "model_module_version": "2.0.0", "state": widget_state}  # fmt: skip
    state = {"state": {"0" * 32: model}, "version_major": 2, "version_minor": 0}
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": state}
    nbformat.write(nb, src / "index.ipynb")
    with docutils_namespace():
        Sphinx(str(src), str(src), str(tmp_path / "out"), str(tmp_path / "d"), "html",
               status=None, warning=io.StringIO(), warningiserror=True).build()  # fmt: skip
    return (tmp_path / "out" / "index.html").read_text(encoding="utf-8")


def test_notebook_pages_load_widget_scripts_from_the_site(tmp_path: Path) -> None:
    page = notebook_site(tmp_path, {})
    scripts = re.findall(r'<script[^>]*src="([^"]+)"', page)
    wanted = ["_static/require.js", "_static/rummy-widgets.js", "_static/embed-amd.js"]
    assert [s for s in scripts if s in wanted] == wanted  # in this order
    assert not [s for s in scripts if "//" in s]  # no CDN
    static = tmp_path / "out" / "_static"
    assert all((static / name).is_file() for name in ("require.js", "embed-amd.js", "anywidget.js"))
    assert "require.config" in (static / "rummy-widgets.js").read_text(encoding="utf-8")


def test_plain_sphinx_projects_get_no_widget_scripts(tmp_path: Path) -> None:
    out, _ = build(tmp_path, GOOD)
    assert not (out / "_static" / "require.js").exists()


def test_a_glossary_of_some_games_names_the_game_of_another_games_example(tmp_path: Path) -> None:
    """A German glossary (:games: romme) listed a Rummy Palace meld as '(ungültig)', where
    the lessons say German Rommé allows it: an example from another game names that game."""
    out, _ = build(tmp_path, GOOD, "de", glossary_page=".. rummy-glossary::\n   :games: romme\n")
    run = (out / "glossary.html").read_text(encoding="utf-8").split('id="term-run"')[1]
    assert 'href="index.html#example-gap">5♥ 6♥ 8♥ (Rami 51: ungültig)</a>' in run.split("</dd>")[0]
    out, _ = build(
        tmp_path / "2", GOOD, "de", glossary_page=".. rummy-glossary::\n   :games: rami51\n"
    )
    run = (out / "glossary.html").read_text(encoding="utf-8").split('id="term-run"')[1]
    assert 'href="index.html#example-gap">5♥ 6♥ 8♥ (ungültig)</a>' in run.split("</dd>")[0]
