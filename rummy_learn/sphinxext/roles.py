"""Inline roles: ``{card}`Q♥``` shows cards, ``{rterm}`joker``` links a glossary term.

Both work in every builder: cards are drawn in HTML and written as text elsewhere; a
term link is a real reference (its words, and the definition as the tooltip in HTML), so
``singlehtml``, epub and LaTeX resolve it too. ``{rterm}`джокера <joker>``` shows its own
words. An unknown card or term is a mistake (:mod:`~rummy_learn.sphinxext.strict`) named
with its exact line and, for a term, the closest id.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import NoUri
from sphinx.util import logging
from sphinx.util.nodes import make_refnode, split_explicit_title

from rummy_learn.glossary import Glossary

from .nodes import InlineCards, cards_text
from .page import page_language, readable_location, role_location
from .reading import letters_hint, read_cards
from .records import glossary_terms, note_use
from .strict import did_you_mean, mistake

__all__ = ["TermRef", "card_role", "resolve_term_refs", "term_role"]

logger = logging.getLogger(__name__)

Result = tuple[list[nodes.Node], list[nodes.system_message]]


class TermRef(nodes.Inline, nodes.TextElement):
    """A term link waiting for the glossary page's place; its text is the term's words."""


def _refused(inliner: Inliner, rawtext: str, message: str, location: str) -> Result:
    """A mistake in a role: the build stops (strict), or the role is shown as written."""
    env: BuildEnvironment = inliner.document.settings.env
    mistake(env.config, message, location)
    return [nodes.problematic(rawtext, rawtext)], []


def _location(inliner: Inliner, lineno: int, written: str) -> str:
    env: BuildEnvironment = inliner.document.settings.env
    return role_location(str(env.doc2path(env.docname)), lineno, written)


def card_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> Result:  # fmt: skip
    """Cards inline: drawn in HTML, their text in the book's notation elsewhere."""
    from rummy_learn.render import cards_html

    env: BuildEnvironment = inliner.document.settings.env
    lang = page_language(env.config)
    note_use(env)
    try:
        cards, letters = read_cards(text, lang)
    except ValueError as error:
        return _refused(inliner, rawtext, f"card role: {error}", _location(inliner, lineno, text))
    if letters != lang:
        where = readable_location(_location(inliner, lineno, text))
        logger.info("rummy-learn hint: %s", letters_hint(text, letters, lang), location=where)
    node = InlineCards(rawtext, cards_text(cards, lang), classes=["rl-inline-cards"],
                       html=cards_html(cards, lang))  # fmt: skip
    return [node], []


def term_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> Result:  # fmt: skip
    """A link to a glossary term by its stable id, with the definition as tooltip."""
    env: BuildEnvironment = inliner.document.settings.env
    glossary: Glossary = env.app.rummy_glossary  # type: ignore[attr-defined]
    has_title, title, term_id = split_explicit_title(text)
    note_use(env, glossary=True)
    if not env.config.rummy_glossary:
        if getattr(env.app, "rummy_told_no_glossary", False):  # one message is enough
            return [nodes.inline(rawtext, title, classes=["rl-term"])], []
        env.app.rummy_told_no_glossary = True  # type: ignore[attr-defined]
        message = (
            "term links need a glossary: set rummy_glossary in conf.py (or in _config.yml"
            " under sphinx: config:) to a glossary file, e.g. a copy of the kit's"
            " (rummy-learn new-book writes one)"
        )
        return _refused(inliner, rawtext, message, _location(inliner, lineno, text))
    if term_id not in glossary:
        names = {
            t.words_in(page_language(env.config)).name.lower(): t.id for t in glossary.values()
        }
        hint = did_you_mean(term_id, glossary)
        if term_id.lower() in names:  # the term's name, not its id
            hint = f" (did you mean {names[term_id.lower()]!r}?)"
        message = f"unknown glossary term {term_id!r}{hint}; rummy-learn's reference lists the ids"
        return _refused(inliner, rawtext, message, _location(inliner, lineno, text))
    words = glossary[term_id].words_in(page_language(env.config))
    node = TermRef(rawtext, title if has_title else words.name, term=term_id)
    node.line, node.source = lineno, str(env.doc2path(env.docname))
    return [node], []


def resolve_term_refs(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Point every term link at its term on the glossary page, in every builder."""
    glossary: Glossary = app.rummy_glossary  # type: ignore[attr-defined]
    lang = page_language(app.config)
    target = app.config.rummy_glossary_page
    refs = list(doctree.findall(TermRef))
    if refs and target not in app.env.all_docs:
        logger.warning(
            "term links point at the page %r, which this project does not have: add a page %s"
            " holding the rummy-glossary directive, or name yours in rummy_glossary_page",
            target, target, location=refs[0], type="rummy_learn", subtype="glossary",
        )  # fmt: skip
    shown = glossary_terms(app.env).get(target)  # None: not read (another output)
    for ref in refs:
        term = glossary[ref["term"]]
        words = nodes.inline("", ref.astext(), classes=["rl-term"])
        if shown is not None and term.id not in shown:  # a link would lead nowhere
            logger.warning(
                "term link to %r: the glossary page %r leaves that term out (its :games:"
                " with :others: none); link to a term it shows, or show the other games'"
                " terms", term.id, target, location=ref, type="rummy_learn", subtype="glossary",
            )  # fmt: skip
            ref.replace_self(words)
            continue
        try:
            if target not in app.env.all_docs:
                raise NoUri(target)
            definition = term.words_in(lang).definition
            link = make_refnode(app.builder, docname, target, term.anchor,
                                nodes.Text(ref.astext()), definition)  # fmt: skip
        except NoUri:  # the glossary is not in this output (a LaTeX document of one page)
            ref.replace_self(words)
            continue
        link["classes"].append("rl-term")
        ref.replace_self(link)
