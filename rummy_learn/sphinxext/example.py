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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from markupsafe import Markup
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import SphinxError
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rummy_learn.decks import shoe_problems
from rummy_learn.i18n import points_text, text
from rummy_learn.i18n.describe import variant_title
from rummy_learn.melds import check_meld
from rummy_learn.notation import CardParseError, parse_cards
from rummy_learn.rules import Rules
from rummy_learn.scoring import check_opening, hand_penalty
from rummy_learn.variants import preset

from .page import page_language, readable_location, render, word_list

__all__ = [
    "KINDS",
    "Answer",
    "ExampleDirective",
    "ExampleMismatch",
    "ask_core",
    "examples_of",
    "expectation_problems",
    "forget_page",
    "merge_pages",
]

logger = logging.getLogger(__name__)


def examples_of(env: BuildEnvironment) -> dict[str, dict[str, str]]:
    """Every page's examples read so far: their ids (in page order) and cards as written."""
    if not hasattr(env, "rummy_examples"):
        env.rummy_examples = {}  # type: ignore[attr-defined]
    found: dict[str, dict[str, str]] = env.rummy_examples  # type: ignore[attr-defined]
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


KINDS = ("meld", "opening", "penalty")


@dataclass(frozen=True)
class Answer:
    """What the core says about an example: verdict (none for a hand), points, reasons."""

    valid: bool | None
    points: int | None
    codes: tuple[str, ...]
    draw: Callable[[str], str] = field(repr=False, compare=False)

    def html(self, lang: str) -> str:
        """The cards and the verdict, drawn in ``lang``."""
        return self.draw(lang)


def ask_core(kind: str, cards: str, rules: Rules, lang: str | None = None) -> Answer:
    """The core's answer on an example's cards (read in any notation, or ``lang``'s)."""
    from rummy_learn import render

    if kind == "meld":
        check = check_meld(parse_cards(cards, lang), rules)
        codes = tuple(p.reason.value for p in check.problems)
        return Answer(check.valid, check.points, codes, lambda to: render.meld_html(check, to))
    if kind == "opening":
        melds = [parse_cards(meld, lang) for meld in cards.split("|")]
        if not all(melds):
            raise ValueError(f"an empty meld in {cards!r} (melds are separated by '|')")
        opening = check_opening(melds, rules)
        every = [*(p for m in opening.melds for p in m.problems), *opening.problems]
        codes = tuple(dict.fromkeys(p.reason.value for p in every))
        return Answer(opening.meets, opening.points, codes,
                      lambda to: render.opening_html(opening, to))  # fmt: skip
    if kind == "penalty":
        hand = parse_cards(cards, lang)
        impossible = shoe_problems(hand, rules)
        if impossible:
            said = ", ".join(p.reason.value for p in impossible)
            raise ValueError(f"the {rules.variant} shoe cannot hold {cards!r} ({said})")
        points = hand_penalty(hand, rules)

        def draw(to: str) -> str:
            line = text("penalty.hand", to, points=points_text(points, to))
            return render.hand_html(hand, line, to)

        return Answer(None, points, (), draw)
    raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")


def expectation_problems(
    answer: Answer, *, valid: bool | None = None, points: int | None = None,
    reasons: Sequence[str] = (),
) -> list[str]:  # fmt: skip
    """What the core says differently from the example's expectation (empty: they agree)."""
    said = "invalid" + (f" ({', '.join(answer.codes)})" if answer.codes else "")
    said = "valid" if answer.valid else said
    problems = []
    if valid is not None and answer.valid != valid:
        problems.append(
            f"the core says {said}, the example expects {'valid' if valid else 'invalid'}"
        )
    if points is not None and answer.points != points:
        problems.append(f"the core counts {answer.points} points, the example expects {points}")
    missing = [r for r in reasons if r not in answer.codes]
    if missing:
        problems.append(f"the core gives reasons {list(answer.codes)}, not {missing}")
    return problems


def _verdict(argument: str) -> bool:
    value = argument.strip().lower()
    if value in ("valid", "yes", "true"):
        return True
    if value in ("invalid", "no", "false"):
        return False
    raise ValueError(f"expected 'valid' or 'invalid', not {argument!r}")


class ExampleDirective(SphinxDirective):
    """``.. rummy-example:: ID`` with ``:kind:``, ``:cards:``, ``:variant:``, ``:options:``,
    ``:expect:`` (valid/invalid), ``:points:`` and ``:reasons:``."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "kind": lambda argument: directives.choice(argument, KINDS),
        "cards": directives.unchanged_required,
        "variant": directives.unchanged_required,
        "options": directives.unchanged,
        "expect": _verdict,
        "points": directives.nonnegative_int,
        "reasons": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        example_id = self.arguments[0]
        where = f"{readable_location(self.get_location())}: example {example_id!r}"
        kind = self.options.get("kind", "meld")
        self._check_options(where, kind)
        variant = self.options.get("variant", "palace").lower()
        options = [o.lower() for o in word_list(self.options.get("options"))]
        try:
            rules = preset(variant, options)
            answer = ask_core(kind, self.options["cards"], rules, page_language(self.env.config))
        except (CardParseError, ValueError) as error:
            raise ExampleMismatch(f"{where}: {error}") from error
        problems = expectation_problems(
            answer, valid=self.options.get("expect"), points=self.options.get("points"),
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
        examples.setdefault(self.env.docname, {})[example_id] = self.options["cards"]
        return [self._node(example_id, variant, options, answer)]

    def _check_options(self, where: str, kind: str) -> None:
        """The options each kind needs, and those it cannot use."""
        needed = ("cards", "points") if kind == "penalty" else ("cards", "expect")
        if not all(name in self.options for name in needed):
            raise ExampleMismatch(f"{where} needs " + " and ".join(f":{n}:" for n in needed))
        if kind == "penalty" and ({"expect", "reasons"} & set(self.options)):
            raise ExampleMismatch(
                f"{where}: a penalty example has :points:, not :expect: or :reasons:"
            )

    def _node(
        self, example_id: str, variant: str, options: list[str], answer: Answer
    ) -> nodes.Node:
        lang = page_language(self.env.config)
        name = variant_title(variant, options, lang)
        html = render("example.html.j2", example_id=example_id, lang=lang, variant=name,
                      meld=Markup(answer.html(lang)))  # fmt: skip
        return nodes.raw("", html, format="html")
