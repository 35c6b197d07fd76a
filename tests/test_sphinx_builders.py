"""Every builder shows the extension's examples, cards and term links; real targets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sphinx_project import sphinx_build, write_project

PAGE = """\
# Figuren

Drei Könige {card}`K♥ K♠ Jkr` bilden einen {rterm}`Satz <set>`; ein {rterm}`joker` hilft.

```{rummy-example} drei-koenige
:cards: K♥ K♠ K♦
:variant: romme
:expect: valid
:points: 30
```

```{rummy-example} luecke
:cards: 5♥ 6♥ 8♥
:variant: rami51
:expect: invalid
:reasons: gap
```

Siehe {ref}`drei-koenige` und {ref}`das Beispiel <luecke>`.

```{toctree}
glossary
```
"""

CONF = "latex_engine = 'xelatex'\ncopyright = '2026'\nversion = '1'\n"

WORDS = [
    "Drei Könige K♥ K♠ Joker bilden einen Satz",  # inline cards as text, the term's words
    "ein Joker hilft",
    "Rommé",  # an example's heading
    "K♠ K♥ K♦: Gültiger Satz: 30 Punkte",  # its cards, verdict and points
    "5♥ 6♥ 8♥: Keine gültige Folge",
    "Die Folge hat eine Lücke.",  # a reason
    "K♠ K♥ K♦ (Deutsches Rommé)",  # {ref} to an example, with its title
    "das Beispiel",
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_project(tmp_path_factory.mktemp("builders") / "src", {"index.md": PAGE},
                         conf=CONF)  # fmt: skip


@pytest.mark.parametrize(("builder", "output"), [("text", "*.txt"), ("man", "*.1"),
                                                 ("latex", "*.tex")])  # fmt: skip
def test_text_man_and_latex_print_every_word(project: Path, builder: str, output: str) -> None:
    out = project.parent / builder
    assert sphinx_build(project, out, builder) == ""
    written = "".join(sorted(f.read_text(encoding="utf-8") for f in out.glob(output)))
    plain = written.replace("\\sphinxhyphen{}", "-").replace("\\-", "-")
    markup = r"\\DUrole\{[^}]*\}|\\f[BIPR]|\\%|\\[a-zA-Z]+|\[[^\]]*\]|[{}]"  # LaTeX, roff
    plain = re.sub(r"\s+", " ", re.sub(markup, "", plain))
    for words in WORDS:
        assert words in plain, (builder, words)
    assert "Eine Folge besteht aus mindestens drei" in plain  # the glossary page too


def test_latex_has_labels_index_entries_and_xelatex(project: Path) -> None:
    out = project.parent / "latex"
    sphinx_build(project, out, "latex")
    tex = next(out.glob("*.tex")).read_text(encoding="utf-8")
    assert r"\label{\detokenize{index:example-drei-koenige}}" in tex
    assert r"\hyperref[\detokenize{index:example-drei-koenige}]" in tex
    assert r"\hyperref[\detokenize{glossary:term-set}]" in tex
    assert r"\label{\detokenize{glossary:term-set}}" in tex
    assert r"\index{Beispiele@\spxentry{Beispiele}!luecke" in tex
    assert r"\usepackage{fontspec}" in tex and r"\setmainfont{FreeSerif}" in tex  # xelatex
    assert "🃏" not in tex  # a joker is its word: every font has it


def test_html_examples_are_targets_with_permalinks_and_index_entries(project: Path) -> None:
    out = project.parent / "html"
    sphinx_build(project, out, "html")
    page = (out / "index.html").read_text(encoding="utf-8")
    figure = (
        r'<figure class="rl-example" id="example-drei-koenige" lang="de">\s*'
        r'<figcaption class="rl-example-head">Deutsches Rommé<a class="headerlink" '
        r'href="#example-drei-koenige" title="Link zu diesem Beispiel">'
    )
    assert re.search(figure, page)
    assert re.search(r'href="#example-drei-koenige"><span class="std std-ref">'
                     r"K♠ K♥ K♦ \(Deutsches Rommé\)</span>", page)  # fmt: skip
    assert re.search(r'href="#example-luecke"><span class="std std-ref">das Beispiel', page)
    assert page.count("<svg") >= 9  # cards drawn, not written
    index = (out / "genindex.html").read_text(encoding="utf-8")
    assert "Beispiele" in index and 'href="index.html#example-luecke"' in index


@pytest.mark.parametrize("builder", ["singlehtml", "epub"])
def test_term_and_example_links_resolve_in_singlehtml_and_epub(
    tmp_path: Path, builder: str
) -> None:
    src = write_project(tmp_path / "src", {"index.md": PAGE.replace("drei-koenige", "kings")},
                        conf=CONF)  # fmt: skip
    out = tmp_path / builder
    sphinx_build(src, out, builder)
    name = "index.html" if builder == "singlehtml" else "index.xhtml"
    page = (out / name).read_text(encoding="utf-8")
    hrefs = set(re.findall(r'href="([^"]*#term-[^"]*)"', page))
    wanted = "index.html#term-set" if builder == "singlehtml" else "glossary.xhtml#term-set"
    assert wanted in hrefs and not [h for h in hrefs if h.count("#") > 1], hrefs
    glossary = page if builder == "singlehtml" else (out / "glossary.xhtml").read_text()
    assert 'id="term-set"' in glossary
    set_entry = glossary.split('id="term-set"')[1].split("</dd>")[0]
    assert re.search(r'href="(index\.x?html)?#example-kings"[^>]*>K♥ K♠ K♦</a>', set_entry)


def test_an_english_book_is_complete(tmp_path: Path) -> None:
    from rummy_learn.glossary import load_glossary

    page = "Three kings :card:`K♥ K♠ K♦` make a :rterm:`set`.\n\n.. toctree::\n\n   glossary\n"
    src = write_project(tmp_path / "src", {"index.rst": "Page\n====\n\n" + page}, "en")
    out = tmp_path / "html"
    assert sphinx_build(src, out) == ""
    words = load_glossary(Path(__file__).parent.parent / "lessons" / "glossary.yaml")["set"]
    html = (out / "index.html").read_text(encoding="utf-8")
    assert f'title="{words.words["en"].definition}"' in html and ">set</a>" in html
    glossary = (out / "glossary.html").read_text(encoding="utf-8")
    assert words.words["en"].definition.split(",")[0] in glossary
    assert "See also" in glossary and 'id="term-lay-off"' in glossary
