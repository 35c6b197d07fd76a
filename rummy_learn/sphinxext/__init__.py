"""A Sphinx extension for pages about rummy: checked examples, cards, and a glossary.

Add ``"rummy_learn.sphinxext"`` to a Sphinx (or Jupyter Book 1.x) project's extensions.
It provides:

- ``rummy-example``: a meld with its expected verdict; the build stops when the rules
  core disagrees (:class:`~rummy_learn.sphinxext.example.ExampleMismatch`);
- the ``card`` role for inline cards (``{card}`Q♥ 10♥ J♥```);
- ``rummy-variants``: the variants compared, a table made from the ``Rules`` data;
- ``rummy-quiz-answers``: a teacher's answer key to a Quiz's exercise file;
- ``rummy-glossary``: the glossary page from ``rummy_glossary`` (a YAML file), with
  anchors ``#term-<id>`` in every language;
- the ``rterm`` role: a link to a term, with its definition as the tooltip;
- with ``rummy_language_switch``, a link on every page to the same page in the other
  languages' sites;
- with ``rummy_progress`` (on by default), a learner's quiz progress marked on the links
  to each page (kept in the reader's browser), and pages that print without navigation;
- with ``rummy_offline_widgets`` (on by default), notebook pages whose widgets load
  their scripts from the site itself, never from a CDN.

Texts come in the project's ``language`` (ru, bg, de or en), cards are the kit's one
drawing, and the HTML comes from autoescaped Jinja2 templates.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ConfigError

from rummy_learn import __version__
from rummy_learn.glossary import Glossary, load_glossary
from rummy_learn.render import CSS

from . import docutils_bg
from .answers import QuizAnswersDirective
from .compare_table import VariantsDirective
from .example import ExampleDirective, ExampleMismatch, forget_page, merge_pages
from .glossary_page import ExampleRef, GlossaryDirective, resolve_example_refs
from .offline import copy_scripts, drop_repeated_scripts, use_local_scripts
from .page import page_language
from .progress import add_progress, copy_progress
from .roles import TermRef, card_role, resolve_term_refs, term_role
from .switcher import add_switcher

__all__ = ["ExampleMismatch", "setup"]

_CSS_FILE = "rummy-learn.css"


def _language(app: Sphinx, config: Any) -> None:
    if page_language(config) == "bg":
        docutils_bg.install()


def _load_glossary(app: Sphinx) -> None:
    path = app.config.rummy_glossary
    glossary = _glossary_at(Path(app.confdir, path)) if path else Glossary([])
    app.rummy_glossary = glossary  # type: ignore[attr-defined]
    app.add_css_file(_CSS_FILE)


def _glossary_at(file: Path) -> Glossary:
    """The project's glossary; a missing or broken file stops the build with a clear word."""
    if not file.is_file():
        raise ConfigError(
            f"rummy_glossary: there is no glossary at {file}. Copy lessons/glossary.yaml from"
            " rummy-learn's repository (or write one in its format), or leave rummy_glossary out."
        )
    try:
        return load_glossary(file)
    except ValueError as error:
        raise ConfigError(f"rummy_glossary: {file}: {error}") from error


def _write_css(app: Sphinx, error: Exception | None) -> None:
    if error is None and app.builder.format == "html":
        static = Path(app.outdir, "_static")
        static.mkdir(parents=True, exist_ok=True)
        (static / _CSS_FILE).write_text(CSS, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives, roles and settings with Sphinx."""
    app.add_config_value("rummy_glossary", "", "env", [str])
    app.add_config_value("rummy_glossary_page", "glossary", "env", [str])
    app.add_config_value("rummy_language_switch", {}, "html", [dict])
    app.add_config_value("rummy_offline_widgets", True, "html", [bool])
    app.add_config_value("rummy_progress", True, "html", [bool])
    app.add_node(TermRef)
    app.add_node(ExampleRef)
    app.add_directive("rummy-example", ExampleDirective)
    app.add_directive("rummy-glossary", GlossaryDirective)
    app.add_directive("rummy-variants", VariantsDirective)
    app.add_directive("rummy-quiz-answers", QuizAnswersDirective)
    app.add_role("card", card_role)
    app.add_role("rterm", term_role)
    app.connect("config-inited", _language)
    app.connect("config-inited", use_local_scripts)
    app.connect("builder-inited", _load_glossary)
    app.connect("builder-inited", add_progress)
    app.connect("env-purge-doc", forget_page)
    app.connect("env-merge-info", merge_pages)
    app.connect("doctree-resolved", resolve_term_refs)
    app.connect("doctree-resolved", resolve_example_refs)
    app.connect("html-page-context", add_switcher)
    app.connect("html-page-context", drop_repeated_scripts)
    app.connect("build-finished", _write_css)
    app.connect("build-finished", copy_scripts)
    app.connect("build-finished", copy_progress)
    return {
        "version": __version__,
        "env_version": 3,  # bump when the stored HTML changes: Sphinx then rereads every page
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
