"""The ``rummy-example`` directive: a meld whose verdict the core checks at build time.

The author states the cards, the variant with its options, and the expected verdict
(``valid`` or ``invalid``, optionally the points and reason codes). The page shows the
cards, the core's verdict and reasons in the page's language. When the expectation
disagrees with the core, the build stops with :class:`ExampleMismatch`.

>>> from rummy_learn.variants import preset
>>> kings = check_example("K♥ K♠ K♦", preset("romme"))
>>> expectation_problems(kings, valid=True, points=30, reasons=())
[]
>>> expectation_problems(check_example("K♥ K♠", preset("romme")), valid=True)
['the core says invalid (too_few_cards), the example expects valid']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from markupsafe import Markup
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import SphinxError
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rummy_learn.i18n import text
from rummy_learn.melds import MeldCheck, check_meld
from rummy_learn.notation import CardParseError, parse_cards
from rummy_learn.rules import Rules
from rummy_learn.variants import preset

from .page import page_language, render, word_list

__all__ = [
    "ExampleDirective",
    "ExampleMismatch",
    "check_example",
    "examples_of",
    "expectation_problems",
    "forget_page",
    "merge_pages",
]

logger = logging.getLogger(__name__)


def examples_of(env: BuildEnvironment) -> dict[str, list[str]]:
    """The example ids of every page read so far (a page's own are in page order)."""
    if not hasattr(env, "rummy_examples"):
        env.rummy_examples = {}  # type: ignore[attr-defined]
    found: dict[str, list[str]] = env.rummy_examples  # type: ignore[attr-defined]
    return found


def forget_page(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    """Drop a page's examples before it is read again."""
    examples_of(env).pop(docname, None)


def merge_pages(
    app: Sphinx, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment
) -> None:
    """Take the examples a parallel reader found."""
    theirs = examples_of(other)
    examples_of(env).update({doc: theirs[doc] for doc in docnames if doc in theirs})


class ExampleMismatch(SphinxError):
    """An example's expectation disagrees with the rules core (the build stops)."""

    category = "rummy-learn example"


def check_example(cards: str, rules: Rules, lang: str | None = None) -> MeldCheck:
    """The core's verdict on an example's cards (read in any notation, or ``lang``'s)."""
    return check_meld(parse_cards(cards, lang), rules)


def expectation_problems(
    check: MeldCheck, *, valid: bool, points: int | None = None, reasons: Sequence[str] = ()
) -> list[str]:
    """What the core says differently from the example's expectation (empty: they agree)."""
    codes = [p.reason.value for p in check.problems]
    said = "valid" if check.valid else f"invalid ({', '.join(codes)})"
    problems = []
    if check.valid != valid:
        problems.append(
            f"the core says {said}, the example expects {'valid' if valid else 'invalid'}"
        )
    if points is not None and check.points != points:
        problems.append(f"the core counts {check.points} points, the example expects {points}")
    missing = [r for r in reasons if r not in codes]
    if missing:
        problems.append(f"the core gives reasons {codes}, not {missing}")
    return problems


def _verdict(argument: str) -> bool:
    value = argument.strip().lower()
    if value in ("valid", "yes", "true"):
        return True
    if value in ("invalid", "no", "false"):
        return False
    raise ValueError(f"expected 'valid' or 'invalid', not {argument!r}")


class ExampleDirective(SphinxDirective):
    """``.. rummy-example:: ID`` with ``:cards:``, ``:variant:``, ``:options:``,
    ``:expect:`` (valid/invalid), ``:points:`` and ``:reasons:``."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "cards": directives.unchanged_required,
        "variant": directives.unchanged_required,
        "options": directives.unchanged,
        "expect": _verdict,
        "points": directives.nonnegative_int,
        "reasons": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        example_id = self.arguments[0]
        where = f"{self.get_location()}: example {example_id!r}"
        if "cards" not in self.options or "expect" not in self.options:
            raise ExampleMismatch(f"{where} needs :cards: and :expect:")
        variant = self.options.get("variant", "palace")
        options = word_list(self.options.get("options"))
        try:
            rules = preset(variant, options)
            check = check_example(self.options["cards"], rules, page_language(self.env.config))
        except (CardParseError, ValueError) as error:
            raise ExampleMismatch(f"{where}: {error}") from error
        problems = expectation_problems(
            check, valid=self.options["expect"], points=self.options.get("points"),
            reasons=word_list(self.options.get("reasons")),
        )  # fmt: skip
        if problems:
            raise ExampleMismatch(f"{where}: " + "; ".join(problems))
        examples = examples_of(self.env)
        elsewhere = [doc for doc, ids in examples.items() if example_id in ids]
        if elsewhere:
            logger.warning(
                "example id %r is already used in %s",
                example_id,
                elsewhere[0],
                location=self.get_location(),
                type="rummy_learn",
                subtype="example",
            )
        examples.setdefault(self.env.docname, []).append(example_id)
        return [self._node(example_id, variant, options, check)]

    def _node(
        self, example_id: str, variant: str, options: list[str], check: MeldCheck
    ) -> nodes.Node:
        from rummy_learn.render import meld_html

        lang = page_language(self.env.config)
        name = " + ".join([text(f"variant.{variant}", lang), *options])
        html = render("example.html.j2", example_id=example_id, lang=lang, variant=name,
                      meld=Markup(meld_html(check, lang)))  # fmt: skip
        return nodes.raw("", html, format="html")
