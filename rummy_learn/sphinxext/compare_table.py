"""The ``rummy-variants`` directive: the variants compared, made from the ``Rules`` data.

Options: ``:variants:`` (default: every preset), ``:options:`` (switched on wherever a
variant knows them), ``:rules:`` (only these switches, in this order) and
``:differences:`` (only the rules where the variants differ).
A value the source does not state carries a ``*``, explained under the table.
"""

from __future__ import annotations

from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from rummy_learn.compare import Comparison, compare_variants
from rummy_learn.rules import switch_names
from rummy_learn.variants import PRESETS

from .example import ExampleMismatch
from .page import page_language, readable_location, word_list
from .strict import AnyOption, did_you_mean, options_of

__all__ = ["VariantsDirective", "comparison_table"]


def _row(cells: list[str], header: bool = False) -> nodes.row:
    row = nodes.row()
    for n, cell in enumerate(cells):
        entry = nodes.entry("", nodes.paragraph("", cell))
        if header or n == 0:
            entry["classes"].append("rl-rule" if n == 0 and not header else "rl-head")
        row += entry
    return row


def comparison_table(table: Comparison, differences: bool = False) -> list[nodes.Node]:
    """A docutils table (searchable, readable by screen readers) and its legend."""
    rows = [r for r in table.rows if r.differs or not differences]
    group = nodes.tgroup(cols=len(table.header))
    group += [nodes.colspec(colwidth=3 if n == 0 else 2) for n in range(len(table.header))]
    group += nodes.thead("", _row(list(table.header), header=True))
    group += nodes.tbody("", *[
        _row([r.label, *(c.text + ("*" if c.not_stated else "") for c in r.cells)]) for r in rows
    ])  # fmt: skip
    result: list[nodes.Node] = [nodes.table("", group, classes=["rl-variants"])]
    if any(c.not_stated for r in rows for c in r.cells):
        result.append(nodes.paragraph("", f"* {table.legend}", classes=["rl-legend"]))
    return result


class VariantsDirective(SphinxDirective):
    """The variants side by side, in the page's language."""

    has_content = False
    options_known: ClassVar[dict[str, Any]] = {
        "variants": directives.unchanged,
        "options": directives.unchanged,
        "rules": directives.unchanged,
        "differences": directives.flag,
    }
    option_spec: ClassVar[dict[str, Any]] = AnyOption(options_known)
    option_docs: ClassVar[dict[str, str]] = {
        "variants": "the presets to compare (default: all)",
        "options": "table options, switched on wherever a variant knows them",
        "rules": "only these switches, in this order (rummy-learn variants lists them)",
        "differences": "only the rules where the variants differ",
    }

    def run(self) -> list[nodes.Node]:
        where = f"{readable_location(self.get_location())}: rummy-variants"
        self.options = options_of(self.options, self.options_known, "rummy-variants",
                                  self.config, self.get_location())  # fmt: skip
        variants = word_list(self.options.get("variants")) or list(PRESETS)
        try:
            table = compare_variants(
                variants, page_language(self.env.config), word_list(self.options.get("options"))
            )
        except ValueError as error:
            raise ExampleMismatch(f"{where}: {error}") from error
        rules = word_list(self.options.get("rules"))
        unknown = [name for name in rules if name not in switch_names()]
        if unknown:
            hint = did_you_mean(unknown[0], switch_names())
            raise ExampleMismatch(
                f"{where}: unknown rule {unknown[0]!r}{hint}"
                " (rummy-learn variants lists every switch)"
            )
        if rules:
            table = Comparison(table.header, tuple(table.row(n) for n in rules), table.legend)
        return comparison_table(table, "differences" in self.options)
