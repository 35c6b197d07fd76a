"""Inline roles: ``{card}`Q♥``` draws cards, ``{rterm}`joker``` links a glossary term.

A term link carries the term's definition as its tooltip; ``{rterm}`джокера <joker>```
shows its own words. Links are resolved once the glossary page's place is known.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.nodes import split_explicit_title

from rummy_learn.glossary import Glossary
from rummy_learn.notation import CardParseError, parse_cards

from .page import page_language, render

__all__ = ["TermRef", "card_role", "resolve_term_refs", "term_role"]

logger = logging.getLogger(__name__)


class TermRef(nodes.Inline, nodes.Element):
    """A term link waiting for the glossary page's URI."""


def card_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:  # fmt: skip
    """Cards drawn inline; a bad card is an error that names it."""
    from rummy_learn.render import cards_html

    config = inliner.document.settings.env.config
    lang = page_language(config)
    try:
        cards = parse_cards(text, lang)
    except CardParseError as error:
        message = inliner.reporter.error(f"card role: {error}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    html = f'<span class="rl-inline-cards">{cards_html(cards, lang)}</span>'
    return [nodes.raw("", html, format="html")], []


def term_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Inliner,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:  # fmt: skip
    """A link to a glossary term by its stable id, with the definition as tooltip."""
    env = inliner.document.settings.env
    glossary: Glossary = env.app.rummy_glossary
    has_title, title, term_id = split_explicit_title(text)
    if term_id not in glossary:
        message = inliner.reporter.error(f"unknown glossary term {term_id!r}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    return [TermRef(rawtext, term=term_id, label=title if has_title else "")], []


def resolve_term_refs(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Turn every term link into HTML that points at the glossary page."""
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
    for ref in refs:
        term_id = ref["term"]
        words = glossary[term_id].words_in(lang)
        page = "" if docname == target else app.builder.get_relative_uri(docname, target)
        href = f"{page}#{glossary[term_id].anchor}"
        html = render(
            "term.html.j2", href=href, tooltip=words.definition, label=ref["label"] or words.name
        )
        ref.replace_self(nodes.raw("", html, format="html"))
