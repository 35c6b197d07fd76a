"""The authors' reference page is made from the code: every setting, directive, option,
role, reason code (with its words in each language) and term id."""

from __future__ import annotations

import html as markup
from pathlib import Path

from sphinx_project import GLOSSARY, sphinx_build, write_project

from rummy_learn.glossary import load_glossary
from rummy_learn.i18n import LANGUAGES
from rummy_learn.reasons import Reason
from rummy_learn.sphinxext.reference import reason_words
from rummy_learn.sphinxext.registry import CONFIG_VALUES, DIRECTIVES, ROLES

ROOT = Path(__file__).parent.parent


def test_the_reference_lists_everything_from_the_code(tmp_path: Path) -> None:
    src = write_project(tmp_path / "src", {"index.md": "# Ref\n\n```{rummy-reference}\n```\n"})
    assert sphinx_build(src, tmp_path / "out") == ""
    page = markup.unescape((tmp_path / "out" / "index.html").read_text(encoding="utf-8"))
    for value in CONFIG_VALUES:
        assert f'<span class="pre">{value.name}</span>' in page
    assert "rummy_language_switch" in page and "rummy_strict" in page
    for name, directive in DIRECTIVES.items():
        assert f'<span class="pre">{name}' in page
        for option in getattr(directive, "option_docs", {}):
            assert f'<span class="pre">:{option}:</span>' in page, (name, option)
    for name in ROLES:
        assert f'<span class="pre">{name}</span>' in page
    for reason in Reason:
        assert f'<span class="pre">{reason.value}</span>' in page
        for lang in LANGUAGES:
            assert reason_words(reason.value, lang) in page, (reason, lang)
    for term in load_glossary(GLOSSARY):
        assert f'<span class="pre">{term}</span>' in page


def test_every_site_builds_the_reference_outside_its_menu() -> None:
    """Not in the menu of a school's site (three teachers asked): an orphan page, built."""
    import yaml

    for lang in ("ru", "bg", "de"):
        toc = (ROOT / "book" / lang / "_toc.yml").read_text(encoding="utf-8")
        assert "authors/reference" not in toc, lang
        config = yaml.safe_load((ROOT / "book" / lang / "_config.yml").read_text(encoding="utf-8"))
        assert config["only_build_toc_files"] is False, lang
        page = (ROOT / "lessons" / lang / "authors" / "reference.md").read_text(encoding="utf-8")
        assert page.startswith("---\norphan: true\n---") and "```{rummy-reference}\n```" in page
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "authors/reference.html" in readme
