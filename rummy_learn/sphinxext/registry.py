"""What the extension adds to Sphinx: its settings, directives and roles, in one place.

:func:`rummy_learn.sphinxext.setup` registers them from here, and the authors' reference
page (``rummy-reference``) lists them from here, so the two cannot drift apart. One more
directive is one more line in :data:`DIRECTIVES`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, NamedTuple

from .answers import QuizAnswersDirective
from .compare_table import VariantsDirective
from .example import ExampleDirective
from .glossary_page import GlossaryDirective
from .reference import ReferenceDirective
from .roles import card_role, term_role

__all__ = ["CONFIG_VALUES", "DIRECTIVES", "ROLES", "ConfigValue"]


class ConfigValue(NamedTuple):
    """One ``conf.py`` setting: its name, default, what it rebuilds, and what it does."""

    name: str
    default: Any
    rebuild: Literal["env", "html"]
    doc: str


CONFIG_VALUES: tuple[ConfigValue, ...] = (
    ConfigValue("rummy_glossary", "", "env",
                "the glossary file (YAML), relative to conf.py; term links and the glossary"
                " page need it. It may hold only the languages the project builds."),
    ConfigValue("rummy_glossary_page", "glossary", "env",
                "the page that holds rummy-glossary; term links point there"),
    ConfigValue("rummy_strict", True, "env",
                "an unknown card, term, variant, option, :kind: or option key, a duplicate"
                " example id or an unsupported language stops the build (with or without -W);"
                " False makes them warnings. A wrong expectation always stops it."),
    ConfigValue("rummy_language_switch", {}, "html",
                "the sites' languages and names, in order ({'ru': 'Русский', 'de': 'Deutsch'}):"
                " every page links to itself in the other sites, built side by side (../ru/)"),
    ConfigValue("rummy_offline_widgets", True, "html",
                "notebook pages load the widgets' scripts from the site's _static folder,"
                " never from a CDN"),
    ConfigValue("rummy_progress", True, "html",
                "every page marks the links to pages whose quizzes the reader has answered"
                " (kept in the reader's browser) and prints on A4 without the navigation"),
)  # fmt: skip
"""Every setting of the extension."""

DIRECTIVES: dict[str, type] = {
    "rummy-example": ExampleDirective,
    "rummy-glossary": GlossaryDirective,
    "rummy-variants": VariantsDirective,
    "rummy-reference": ReferenceDirective,
    "rummy-quiz-answers": QuizAnswersDirective,
}
"""Every directive of the extension, by name."""

ROLES: dict[str, Callable[..., Any]] = {
    "card": card_role,
    "rterm": term_role,
}
"""Every role of the extension, by name."""
