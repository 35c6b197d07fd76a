"""The ``rummy-example`` directive: cards whose verdict the core checks at build time.

The author states the cards, the variant with its options, and what the core must say.
Three kinds of example (``:kind:``):

- ``meld`` (the default): one meld; ``:expect:`` ``valid``/``invalid``, ``:points:``,
  ``:reasons:`` (reason codes);
- ``opening``: melds laid in one turn, separated by ``|``; ``valid`` means they reach the
  variant's minimum, ``:points:`` is their total;
- ``penalty``: a hand left at the end of a round; ``:points:`` is what it costs.

The page shows the cards and the core's verdict in the page's language. When the
expectation disagrees with the core, the build stops with :class:`ExampleMismatch`.

>>> from rummy_learn.variants import preset
>>> kings = ask_core("meld", "K♥ K♠ K♦", preset("romme"))
>>> kings.valid, kings.points, expectation_problems(kings, valid=True, points=30)
(True, 30, [])
>>> expectation_problems(ask_core("meld", "K♥ K♠", preset("romme")), valid=True)
['the core says invalid (too_few_cards), the example expects valid']
>>> ask_core("opening", "K♥ K♠ K♦ | A♥ 2♥ 3♥", preset("rami40")).points
36
>>> ask_core("penalty", "A♣ K♦ 7♠ Jkr", preset("romme")).points
58
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rummy_learn.example_answers import KINDS, Answer, ask_core, expectation_problems
from rummy_learn.i18n import text
from rummy_learn.i18n.describe import (
    variant_name,
    variant_title,
)
from rummy_learn.notation import CardParseError
from rummy_learn.variants import PRESETS, OptionConflictError, options_for, preset

from .nodes import ExampleBox, cards_text
from .page import page_language, readable_location, word_list
from .reading import letters_hint, read_cards
from .records import Recorded, examples_of, note_use
from .strict import AnyOption, AuthorError, did_you_mean, mistake, options_of

__all__ = [
    "KINDS",
    "Answer",
    "ExampleDirective",
    "ExampleMismatch",
    "ask_core",
    "expectation_problems",
]

logger = logging.getLogger(__name__)


class ExampleMismatch(AuthorError):
    """An example's expectation disagrees with the rules core, or the example cannot be
    read (the build stops)."""

    category = "rummy-learn example"


def _verdict(argument: str | None) -> bool:
    value = (argument or "").strip().lower()
    if value in ("valid", "yes", "true"):
        return True
    if value in ("invalid", "no", "false"):
        return False
    raise ValueError(f"expected 'valid' or 'invalid'{did_you_mean(value, ['valid', 'invalid'])}")


def _kind(argument: str | None) -> str:
    value = (argument or "").strip().lower()
    if value not in KINDS:
        hint = did_you_mean(value, KINDS)
        raise ValueError(f"not a kind of example{hint}; choose one of {', '.join(KINDS)}")
    return value


def _points(argument: str | None) -> int:
    try:
        return directives.nonnegative_int(argument or "")
    except (ValueError, TypeError):
        raise ValueError("expected a whole number of points, 0 or more") from None


OPTIONS: dict[str, Callable[[Any], Any]] = {
    "kind": _kind,
    "cards": directives.unchanged_required,
    "variant": directives.unchanged_required,
    "options": directives.unchanged,
    "expect": _verdict,
    "points": _points,
    "reasons": directives.unchanged,
}
"""The options of ``rummy-example``: each is checked by the directive itself."""

OPTION_DOCS: dict[str, str] = {
    "kind": "what is checked: meld (the default), opening (melds separated by |) or penalty",
    "cards": "the cards, in any notation (the book's letters first)",
    "variant": "the variant, a preset name (default: palace)",
    "options": "the variant's table options, separated by spaces or commas",
    "expect": "valid or invalid (meld and opening)",
    "points": "the points the core must count: the meld, the opening's total, the hand's cost",
    "reasons": "reason codes the core must give (meld and opening)",
}


class ExampleDirective(SphinxDirective):
    """``.. rummy-example:: ID`` with ``:kind:``, ``:cards:``, ``:variant:``, ``:options:``,
    ``:expect:`` (valid/invalid), ``:points:`` and ``:reasons:``."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = AnyOption(OPTIONS)
    option_docs: ClassVar[dict[str, str]] = OPTION_DOCS

    def run(self) -> list[nodes.Node]:
        example_id = self.arguments[0]
        where, location = f"example {example_id!r}", self.get_location()
        config = self.env.config
        note_use(self.env)
        try:
            written = options_of(self.options, OPTIONS, where, config, location)
            if len(written) < len(self.options):  # not strict: a mistake was warned about
                return []  # never checked and shown under rules the author did not mean
            kind = written.get("kind", "meld")
            self._check_options(kind, written)
            variant, options = self._variant(written)
            lang = page_language(config)
            reader = self._reader(written["cards"], kind, lang, location)
            answer = ask_core(kind, written["cards"], preset(variant, options), reader)
        except (CardParseError, ValueError) as error:  # strict: the build stops here
            mistake(config, f"{where}: {error}", location, ExampleMismatch)
            return []
        problems = expectation_problems(
            answer, valid=written.get("expect"), points=written.get("points"),
            reasons=word_list(written.get("reasons")),
        )  # fmt: skip
        if problems:
            raise ExampleMismatch(f"{readable_location(location)}: {where}: " + "; ".join(problems))
        shown = " | ".join(  # in the author's order, in the page's letters: D♠, not Q♠
            cards_text(read_cards(group, lang)[0], lang) for group in written["cards"].split("|")
        )
        examples_of(self.env).setdefault(self.env.docname, []).append(
            Recorded(example_id, shown, location, answer.valid is not False, variant)
        )
        return self._nodes(example_id, variant, options, answer, lang)

    def _check_options(self, kind: str, written: dict[str, Any]) -> None:
        """The options each kind needs, and those it cannot use."""
        needed = ("cards", "points") if kind == "penalty" else ("cards", "expect")
        if not all(name in written for name in needed):
            raise ValueError("needs " + " and ".join(f":{n}:" for n in needed))
        if kind == "penalty" and ({"expect", "reasons"} & set(written)):
            raise ValueError("a penalty example has :points:, not :expect: or :reasons:")

    def _variant(self, written: dict[str, Any]) -> tuple[str, list[str]]:
        """The preset and its options, each checked with "did you mean"."""
        variant = written.get("variant", "palace").strip().lower()
        if variant not in PRESETS:
            raise ValueError(
                f"unknown variant {variant!r}{did_you_mean(variant, PRESETS)};"
                f" choose one of: {', '.join(PRESETS)}"
            )
        options = [o.lower() for o in word_list(written.get("options"))]
        known = options_for(variant)
        for option in options:
            if option not in known:
                raise ValueError(
                    f"unknown option {option!r} for variant {variant!r}"
                    f"{did_you_mean(option, known)}; it takes: {', '.join(known)}"
                )
        try:
            preset(variant, options)
        except OptionConflictError as error:
            raise ValueError(str(error)) from error
        return variant, options

    def _reader(self, cards: str, kind: str, lang: str, location: str) -> str:
        """The language whose letters read the cards: the book's, else another (a hint)."""
        _, letters = read_cards(cards.replace("|", " ") if kind == "opening" else cards, lang)
        if letters != lang:
            hint = letters_hint(cards, letters, lang)
            logger.info("rummy-learn hint: %s", hint, location=readable_location(location))
        return letters

    def _nodes(
        self, example_id: str, variant: str, options: list[str], answer: Answer, lang: str
    ) -> list[nodes.Node]:
        """The example (every builder shows its words), its index entry and its label."""
        node_id = f"example-{example_id}"
        head = variant_title(variant, options, lang)
        box = ExampleBox("", ids=[node_id], classes=["rl-example"], lang=lang, head=head,
                         html=answer.html(lang))  # fmt: skip
        box += nodes.paragraph("", "", nodes.strong("", head))
        for cards, lines in answer.words(lang):
            first = f"{cards}: {lines[0]}" if cards else lines[0]
            box += [nodes.paragraph("", line) for line in (first, *lines[1:])]
        self.set_source_info(box)
        words = answer.words(lang)
        title = f"{words[0][0]} ({variant_name(variant, lang)})"
        std = self.env.domains["std"]
        if example_id.lower() not in std.anonlabels:  # a duplicate is reported once all is read
            std.note_hyperlink_target(example_id.lower(), self.env.docname, node_id, title)
        entry = f"{text('sphinx.example_index', lang)}; {example_id}"
        index = addnodes.index(entries=[("single", entry, node_id, "", None)])
        return [index, box]
