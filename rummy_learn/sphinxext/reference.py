"""The ``rummy-reference`` directive: the authors' reference, made from the code.

It lists every setting of the extension, every directive and role with its options,
every reason code with its words in each language (as the catalogs hold them, with
their placeholders), and every term id of the project's glossary, so the page cannot
drift from the kit it documents. The tables are in English, like the names they list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from rummy_learn.glossary import Glossary
from rummy_learn.i18n import LANGUAGES, translations
from rummy_learn.reasons import Reason

from .page import page_language

__all__ = ["ReferenceDirective", "reason_words", "table"]


def reason_words(code: str, lang: str) -> str:
    """A reason's words as the catalog holds them (the one-card form of a plural).

    >>> reason_words("gap", "de")
    'Die Folge hat eine Lücke.'
    """
    key = f"reason.{code}"
    catalog = translations(lang)
    words = catalog.gettext(key)
    return catalog.ngettext(key, f"{key}.plural", 1) if words == key else words


def table(header: Sequence[str], rows: Sequence[Sequence[str]], code: int = 1) -> nodes.table:
    """A docutils table; the first ``code`` columns are written as code."""
    group = nodes.tgroup(cols=len(header))
    group += [nodes.colspec(colwidth=1) for _ in header]

    def row(cells: Sequence[str], head: bool = False) -> nodes.row:
        line = nodes.row()
        for n, cell in enumerate(cells):
            inner = nodes.literal("", cell) if n < code and not head else nodes.Text(cell)
            line += nodes.entry("", nodes.paragraph("", "", inner))
        return line

    group += nodes.thead("", row(header, head=True))
    group += nodes.tbody("", *[row(cells) for cells in rows])
    return nodes.table("", group, classes=["rl-reference"])


def _doc(thing: Any) -> str:
    return " ".join((thing.__doc__ or "").strip().split("\n\n")[0].split())


class ReferenceDirective(SphinxDirective):
    """The authors' reference: settings, directives, roles, reason codes and term ids."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {}
    option_docs: ClassVar[dict[str, str]] = {}

    def run(self) -> list[nodes.Node]:
        from .registry import CONFIG_VALUES, DIRECTIVES, ROLES

        result: list[nodes.Node] = [nodes.rubric("", "Settings (conf.py)")]
        settings = [(v.name, repr(v.default), v.doc) for v in CONFIG_VALUES]
        result.append(table(["setting", "default", "what it does"], settings, 2))
        result.append(nodes.rubric("", "Directives"))
        for name, directive in DIRECTIVES.items():
            argument = " ID" if getattr(directive, "required_arguments", 0) else ""
            result.append(nodes.paragraph("", "", nodes.literal("", name + argument),
                                          nodes.Text(f": {_doc(directive)}")))  # fmt: skip
            docs: dict[str, str] = getattr(directive, "option_docs", {})
            if docs:
                result.append(table(["option", "what it says"],
                                    [(f":{o}:", d) for o, d in docs.items()]))  # fmt: skip
        result.append(nodes.rubric("", "Roles"))
        result.append(table(["role", "what it does"], [(n, _doc(r)) for n, r in ROLES.items()]))
        result.append(nodes.rubric("", "Reason codes (:reasons: of rummy-example)"))
        result.append(table(["code", *LANGUAGES],
                            [(r.value, *(reason_words(r.value, lang) for lang in LANGUAGES))
                             for r in Reason]))  # fmt: skip
        glossary: Glossary = self.env.app.rummy_glossary  # type: ignore[attr-defined]
        if glossary:
            lang = page_language(self.config)
            result.append(nodes.rubric("", "Term ids (rterm)"))
            terms = [(t.id, t.words_in(lang).name) for t in glossary.values()]
            result.append(table(["id", f"name ({lang})"], terms))
        return result
