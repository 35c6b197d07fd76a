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

Every builder shows them: HTML draws the cards, LaTeX, text, man and the others print
their words. Mistakes stop the build (``rummy_strict``). Texts come in the project's
``language`` (ru, bg, de or en; any other is an error), cards are the kit's one drawing,
and the HTML comes from autoescaped Jinja2 templates. ``rummy-reference`` lists every
setting, directive, role, reason code and term id for authors.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ConfigError

from rummy_learn import __version__
from rummy_learn.glossary import Glossary, load_glossary
from rummy_learn.i18n import LANGUAGES
from rummy_learn.render import CSS

from . import docutils_bg, jupyter_book, records
from .example import ExampleMismatch
from .glossary_page import ExampleRef, resolve_example_refs
from .nodes import register_nodes
from .offline import copy_scripts, drop_repeated_scripts, safe_widget_state, use_local_scripts
from .page import page_language
from .progress import add_progress, copy_progress
from .registry import CONFIG_VALUES, DIRECTIVES, ROLES
from .roles import TermRef, resolve_term_refs
from .strict import AuthorError, is_strict
from .switcher import add_switcher
from .theme_labels import translate_theme_labels
from .typography import BindOneLetterWords

__all__ = ["AuthorError", "ExampleMismatch", "setup"]

_CSS_FILE = "rummy-learn.css"


def _language(app: Sphinx, config: Any) -> None:
    """The project's language must be one the kit speaks."""
    written = getattr(config, "language", None) or "en"
    if written.split("_")[0].lower() not in LANGUAGES:
        message = (
            f"language = {written!r}: rummy-learn writes its examples, verdicts and glossary"
            f" in {', '.join(LANGUAGES)}; set language to one of them"
        )
        if is_strict(config):
            raise ConfigError(message)
        from sphinx.util import logging

        logging.getLogger(__name__).warning("%s (the kit writes English)", message,
                                            type="rummy_learn", subtype="language")  # fmt: skip
    if page_language(config) == "bg":
        docutils_bg.install()


def _load_glossary(app: Sphinx) -> None:
    path = app.config.rummy_glossary
    glossary = _glossary_at(Path(app.confdir, path), page_language(app.config)) if path else None
    app.rummy_glossary = glossary or Glossary([])  # type: ignore[attr-defined]
    app.add_css_file(_CSS_FILE)


def _glossary_at(file: Path, lang: str) -> Glossary:
    """The project's glossary; a missing or broken file stops the build with a clear word."""
    if not file.is_file():
        raise ConfigError(
            f"rummy_glossary: there is no glossary at {file}. Copy lessons/glossary.yaml from"
            " rummy-learn's repository (or write one in its format; rummy-learn new-book writes"
            " a book with one), or leave rummy_glossary out."
        )
    try:
        return load_glossary(file, [lang])
    except ValueError as error:
        raise ConfigError(f"rummy_glossary: {file}: {error}") from error


def _write_css(app: Sphinx, error: Exception | None) -> None:
    if error is None and app.builder.format == "html":
        static = Path(app.outdir, "_static")
        static.mkdir(parents=True, exist_ok=True)
        (static / _CSS_FILE).write_text(CSS, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives, roles and settings with Sphinx."""
    for value in CONFIG_VALUES:
        app.add_config_value(value.name, value.default, value.rebuild, [type(value.default)])
    for name, directive in DIRECTIVES.items():
        app.add_directive(name, directive)
    for name, role in ROLES.items():
        app.add_role(name, role)
    app.add_node(TermRef)
    app.add_node(ExampleRef)
    register_nodes(app)
    app.add_post_transform(BindOneLetterWords)
    app.connect("config-inited", _language)
    app.connect("config-inited", use_local_scripts)
    app.connect("config-inited", jupyter_book.theme_settings)
    app.connect("config-inited", jupyter_book.book_language_for_kernels)
    app.connect("builder-inited", _load_glossary)
    app.connect("builder-inited", add_progress)
    app.connect("builder-inited", translate_theme_labels)
    app.connect("env-get-outdated", records.pages_of_another_version)
    app.connect("env-purge-doc", records.forget_page)
    app.connect("env-merge-info", records.merge_pages)
    app.connect("env-updated", records.check_duplicates)
    app.connect("doctree-resolved", resolve_term_refs)
    app.connect("doctree-resolved", resolve_example_refs)
    app.connect("html-page-context", add_switcher)
    app.connect("html-page-context", drop_repeated_scripts)
    app.connect("html-page-context", safe_widget_state, priority=900)  # after myst-nb adds it
    app.connect("build-finished", _write_css)
    app.connect("build-finished", copy_scripts)
    app.connect("build-finished", copy_progress)
    app.connect("build-finished", jupyter_book.one_line_mistakes)
    return {
        "version": __version__,
        "env_version": 5,  # bump when stored nodes or transforms change: Sphinx rereads all
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
