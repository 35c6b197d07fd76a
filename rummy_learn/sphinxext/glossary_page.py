"""The ``rummy-glossary`` directive: the glossary page, made from the glossary data.

Every term gets the anchor ``term-<id>`` in every language (Sphinx alone would make
``term-0`` of a Cyrillic word), its name, synonyms, definition, related terms and the
``Rules`` switches it explains. The text stays searchable: it is made of docutils nodes.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from rummy_learn.glossary import Glossary, Term

from .page import page_language

__all__ = ["GlossaryDirective"]

_LABELS = {
    "ru": ("Также говорят", "См. также", "Правила"),
    "bg": ("Казва се още", "Вижте също", "Правила"),
    "de": ("Auch", "Siehe auch", "Regeln"),
    "en": ("Also", "See also", "Rules"),
}


class GlossaryDirective(SphinxDirective):
    """Every term of the project's glossary, in the page's language."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        glossary: Glossary = self.env.app.rummy_glossary  # type: ignore[attr-defined]
        lang = page_language(self.env.config)
        entries = nodes.definition_list(classes=["rl-glossary"])
        for term in glossary.values():
            entries += self._entry(glossary, term, lang)
        return [entries]

    def _entry(self, glossary: Glossary, term: Term, lang: str) -> nodes.definition_list_item:
        words = term.words_in(lang)
        also, see, rules = _LABELS[lang]
        body = nodes.definition()
        if words.definition:
            body += nodes.paragraph("", words.definition)
        if words.synonyms:
            body += nodes.paragraph(
                "", f"{also}: {', '.join(words.synonyms)}.", classes=["rl-synonyms"]
            )
        if term.related:
            para = nodes.paragraph("", f"{see}: ", classes=["rl-related"])
            for n, other in enumerate(term.related):
                if n:
                    para += nodes.Text(", ")
                name, anchor = glossary[other].words_in(lang).name, glossary[other].anchor
                para += nodes.reference("", name, refuri=f"#{anchor}", internal=True)
            body += para
        if term.switches:
            para = nodes.paragraph("", f"{rules}: ", classes=["rl-switches"])
            for n, switch in enumerate(term.switches):
                if n:
                    para += nodes.Text(", ")
                para += nodes.literal("", switch)
            body += para
        head = nodes.term("", words.name, ids=[term.anchor])
        return nodes.definition_list_item("", head, body)
