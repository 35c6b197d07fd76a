"""The ``rummy-glossary`` directive: the glossary page, made from the glossary data.

Every term gets the anchor ``term-<id>`` in every language (Sphinx alone would make
``term-0`` of a Cyrillic word), its name, synonyms, definition, related terms, the
``Rules`` switches it explains, and links to the checked examples that show it (their
cards, wherever in the book they are). The text stays searchable: it is made of docutils
nodes.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.errors import NoUri
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

from rummy_learn.glossary import Glossary, Term
from rummy_learn.i18n import text
from rummy_learn.i18n.describe import variant_name
from rummy_learn.variants import OPTIONS, PRESETS, options_for

from .page import page_language, word_list
from .records import Recorded, example_pages, glossary_terms, note_use
from .strict import AnyOption, did_you_mean, mistake, options_of

if TYPE_CHECKING:
    from rummy_learn.compare import Comparison

__all__ = [
    "ExampleRef",
    "GlossaryDirective",
    "example_words",
    "resolve_example_refs",
    "rule_values",
    "sort_key",
]


_LABELS = ("also", "see", "rules", "examples")  # in the catalogs, glossary.<label>


class ExampleRef(nodes.Inline, nodes.Element):
    """A link to a checked example, waiting until every page has been read."""


def resolve_example_refs(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Point every example link at its page. Examples that no page of this project holds
    are left out, so that a glossary file serves other projects too (the kit's own book
    is tested to hold every example its glossary names)."""
    found = example_pages(app.env)
    lang = page_language(app.config)
    for para in list(doctree.findall(nodes.paragraph)):
        refs = [ref for ref in para.children if isinstance(ref, ExampleRef)]
        if not refs:
            continue
        links = []
        for ref in refs:
            if ref["example"] in found:
                page, example = found[ref["example"]]
                words = nodes.Text(example_words(example, ref.get("games", []), lang))
                try:
                    links.append(make_refnode(app.builder, docname, page,
                                              f"example-{example.id}", words))  # fmt: skip
                except NoUri:  # that page is not in this output (a LaTeX document)
                    continue
        if not links:
            para.parent.remove(para)
            continue
        label = para.children[0]
        para.children = []
        para += label
        for n, link in enumerate(links):
            para += [nodes.Text("; "), link] if n else [link]


def sort_key(name: str) -> str:
    """A term's place in the page language's alphabetical order: letters without their
    marks, case aside (Ä as A, as German dictionaries sort; Ё as Е, as Russian ones do).

    >>> sorted(["Zug", "Ablegen", "Äquivalent", "ass"], key=sort_key)
    ['Ablegen', 'Äquivalent', 'ass', 'Zug']
    >>> sorted(["жокер", "есть", "ёлка"], key=sort_key)
    ['ёлка', 'есть', 'жокер']
    """
    plain = unicodedata.normalize("NFD", name.casefold())
    return "".join(c for c in plain if not unicodedata.combining(c))


def example_words(example: Recorded, games: Sequence[str], lang: str) -> str:
    """An example's link text in a glossary of ``games``: its cards, and, in brackets, the
    game it is checked in when that is not one of them (a German glossary listed a Rummy
    Palace meld as if German Rommé refused it) and whether it is not valid.

    >>> meld = Recorded("x", "3♠ Joker Joker 6♠", "", valid=False, variant="palace")
    >>> example_words(meld, ["romme"], "de"), example_words(meld, ["palace"], "en")
    ('3♠ Joker Joker 6♠ (Rommé-App: ungültig)', '3♠ Joker Joker 6♠ (not valid)')
    >>> example_words(meld._replace(valid=True), [], "en")
    '3♠ Joker Joker 6♠'
    """
    game = variant_name(example.variant, lang) if games and example.variant not in games else ""
    invalid = "" if example.valid else text("glossary.invalid_example", lang)
    said = ": ".join(word for word in (game, invalid) if word)
    return f"{example.cards} ({said})" if said else example.cards


@lru_cache(maxsize=32)
def _comparison(games: tuple[str, ...], lang: str, options: tuple[str, ...]) -> Comparison:
    """The comparison table of ``games`` (frozen, so one is shared by every rule of a page)."""
    from rummy_learn.compare import compare_variants

    return compare_variants(games, lang, options)


def rule_values(switch: str, games: list[str], lang: str, options: Sequence[str] = ()) -> str:
    """A switch's value in ``games`` (with ``options`` on), as the comparison table shows
    it: one value, or each game's where they differ.

    >>> rule_values("opening_min", ["rami40", "rami51"], "en")
    'Rami 40: 40*; Rami 51: 51*'
    >>> rule_values("final_discard", ["romme"], "de")
    'nein'
    >>> rule_values("opening_min", ["palace"], "en", ["opening_40"])
    '40'

    A rule that does not apply in any of them gives nothing:

    >>> rule_values("adjacent_jokers_from", ["rami40"], "en")
    ''
    """
    cells = _comparison(tuple(games), lang, tuple(options)).row(switch).cells
    if all(c.text == text("compare.moot", lang) for c in cells):
        return ""  # the rule does not apply in any of them
    if len({c.text for c in cells}) == 1:
        return cells[0].text + ("*" if cells[0].not_stated else "")
    named = zip((variant_name(g, lang) for g in games), cells, strict=True)
    return "; ".join(f"{name}: {c.text}{'*' if c.not_stated else ''}" for name, c in named)


def term_games(term: Term, book: list[str]) -> tuple[list[str], tuple[str, ...]]:
    """The games whose values a term's rules are said in, and the options on: the book's
    games, or the term's own where it belongs to other games; a term named for a table option
    says the values with that option on, in the games that have it (a Russian teacher read
    "Opening 40: … 30", the plain game's value, under the option that makes it 40).

    >>> from rummy_learn.glossary import Term
    >>> term_games(Term("opening_40", (), (), (), {}, games=("palace",)), ["palace"])
    (['palace'], ('opening_40',))
    >>> term_games(Term("knock", (), (), (), {}, games=("palace",)), ["romme"])
    (['palace'], ('knock',))
    >>> term_games(Term("ace", (), (), (), {}), ["rami40", "rami51"])
    (['rami40', 'rami51'], ())
    """
    games = list(book) if term.belongs_to(book) or not term.games else list(term.games)
    if term.id in OPTIONS:
        having = [g for g in games if term.id in options_for(g)]
        if having:
            return having, (term.id,)
    return games, ()


class GlossaryDirective(SphinxDirective):
    """Every term of the project's glossary, in the page's language and its alphabetical
    order; with ``:games:``, the terms of other games come last, under their own heading."""

    has_content = False
    options_known: ClassVar[dict[str, Any]] = {
        "games": directives.unchanged,
        "others": directives.unchanged,
        "rules": directives.unchanged,
    }
    option_spec: ClassVar[dict[str, Any]] = AnyOption(options_known)
    option_docs: ClassVar[dict[str, str]] = {
        "games": "the presets the book teaches (e.g. romme): terms that belong only to other"
        " games (a glossary term's games) are listed last, under their own heading",
        "others": "with games: 'last' (the default) lists the other games' terms last, under"
        " their own heading; 'none' leaves them out (a school's glossary of its one game)",
        "rules": "'shown' (the default): under each term, the rules it explains with their"
        " values in the book's games; 'none' leaves those lines out (the definitions say it)",
    }

    def run(self) -> list[nodes.Node]:
        glossary: Glossary = self.env.app.rummy_glossary  # type: ignore[attr-defined]
        lang = page_language(self.env.config)
        note_use(self.env, glossary=True)
        if not self.config.rummy_glossary:
            needed = "rummy-glossary needs a glossary: set rummy_glossary in conf.py to a"
            mistake(self.config, f"{needed} glossary file, e.g. a copy of the kit's",
                    self.get_location())  # fmt: skip
            return []
        self.options = options_of(self.options, self.options_known, "rummy-glossary",
                                  self.config, self.get_location())  # fmt: skip
        games = word_list(self.options.get("games"))
        unknown = [g for g in games if g not in PRESETS]
        if unknown:
            hint = did_you_mean(unknown[0], PRESETS)
            mistake(self.config, f"rummy-glossary: unknown game {unknown[0]!r}{hint}",
                    self.get_location())  # fmt: skip
            games = [g for g in games if g in PRESETS]
        rules_shown = self.options.get("rules", "shown").strip()
        if rules_shown not in ("shown", "none"):
            hint = did_you_mean(rules_shown, ["shown", "none"])
            mistake(self.config, f"rummy-glossary: :rules: is 'shown' or 'none', not"
                    f" {rules_shown!r}{hint}", self.get_location())  # fmt: skip
        self._rules = rules_shown != "none"
        others_shown = self.options.get("others", "last").strip()
        if others_shown not in ("last", "none"):
            hint = did_you_mean(others_shown, ["last", "none"])
            mistake(self.config, f"rummy-glossary: :others: is 'last' or 'none', not"
                    f" {others_shown!r}{hint}", self.get_location())  # fmt: skip
            others_shown = "last"
        terms = sorted(glossary.values(), key=lambda t: sort_key(t.words_in(lang).name))
        ours = [t for t in terms if not games or t.belongs_to(games)]
        others = [t for t in terms if t not in ours and others_shown == "last"]
        self._games = games
        self._shown = {t.id for t in [*ours, *others]}  # "see also" links only to these
        glossary_terms(self.env)[self.env.docname] = set(self._shown)  # and term links
        found: list[nodes.Node] = [self._list(glossary, ours, lang)]
        if others:
            heading = nodes.rubric("", text("glossary.other_games", lang), classes=["rl-other"])
            found += [heading, self._list(glossary, others, lang)]
        return found

    def _list(self, glossary: Glossary, terms: list[Term], lang: str) -> nodes.definition_list:
        entries = nodes.definition_list(classes=["rl-glossary"])
        for term in terms:
            entries += self._entry(glossary, term, lang)
        return entries

    def _entry(self, glossary: Glossary, term: Term, lang: str) -> nodes.definition_list_item:
        words = term.words_in(lang)
        also, see, rules, examples = (text(f"glossary.{k}", lang) for k in _LABELS)
        body = nodes.definition()
        if words.definition:
            body += nodes.paragraph("", words.definition)
        if words.synonyms:
            body += nodes.paragraph(
                "", f"{also}: {', '.join(words.synonyms)}.", classes=["rl-synonyms"]
            )
        related = [other for other in term.related if other in self._shown]
        if related:  # a term left off the page (:others: none) is not linked to
            para = nodes.paragraph("", f"{see}: ", classes=["rl-related"])
            for n, other in enumerate(related):
                if n:
                    para += nodes.Text(", ")
                name, anchor = glossary[other].words_in(lang).name, glossary[other].anchor
                para += nodes.reference("", name, refid=anchor, internal=True)
            body += para
        if not self._rules:
            pass  # the book's definitions say the rules (:rules: none)
        elif term.switches and self._games:  # each rule with its value in the term's games
            games, options = term_games(term, self._games)
            listing = nodes.bullet_list(classes=["rl-switches"])
            for switch in term.switches:
                value = rule_values(switch, games, lang, options)
                if value:  # a rule that does not apply in these games is not said
                    said = f"{text(f'switch.{switch}', lang)}: {value}"
                    listing += nodes.list_item("", nodes.paragraph("", said))
            if len(listing):
                if options:  # the values with the term's option on, not the game's own
                    rules = text("glossary.rules_with_option", lang)
                elif games != self._games:  # another game's term: that game's values
                    named = ", ".join(variant_name(g, lang) for g in games)
                    rules = text("glossary.rules_in_games", lang, games=named)
                body += nodes.paragraph("", f"{rules}:", classes=["rl-switches"])
                body += listing
        elif term.switches:  # no games named: the rules by their names, as the tables say them
            labels = [text(f"switch.{switch}", lang) for switch in term.switches]
            body += nodes.paragraph("", f"{rules}: {'; '.join(labels)}.", classes=["rl-switches"])
        if term.examples:
            para = nodes.paragraph("", f"{examples}: ", classes=["rl-examples"])
            para += [ExampleRef("", example=example_id, games=list(self._games))
                     for example_id in term.examples]  # fmt: skip
            body += para
        head = nodes.term("", words.name, ids=[term.anchor])
        return nodes.definition_list_item("", head, body)
