"""The extension's nodes: each builder shows them, HTML with the kit's card drawing.

An example is a container of plain docutils nodes (its heading, the cards as text in the
book's notation, the verdict, the reasons and the points), so that LaTeX, text, man,
texinfo and any other builder print its words; HTML builders (html, dirhtml,
singlehtml, epub) draw it with the cards' SVG instead. Inline cards work the same way.

>>> from rummy_learn.notation import parse_cards
>>> cards_text(parse_cards("K♥ Jkr 10♦"), "de"), cards_text(parse_cards("Q♠"), "ru")
('K♥ Joker 10♦', 'Д♠')
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from markupsafe import Markup
from sphinx.application import Sphinx

from rummy_learn.i18n import text
from rummy_learn.i18n.describe import cards_text

from .page import render

__all__ = ["ExampleBox", "InlineCards", "cards_text", "register_nodes"]


class ExampleBox(nodes.container):
    """A checked example: its words as child nodes; ``html`` holds the cards' drawing."""


class InlineCards(nodes.inline):
    """Cards in a line of text: their text as the child; ``html`` holds the drawing."""


def _visit_example_html(self: Any, node: ExampleBox) -> None:
    lang = node["lang"]
    linked = self.config.html_permalinks and self.builder.add_permalinks
    self.body.append(
        render(
            "example.html.j2",
            node_id=node["ids"][0],
            lang=lang,
            variant=node["head"],
            meld=Markup(node["html"]),
            permalink=Markup(self.config.html_permalinks_icon) if linked else "",
            permalink_title=text("sphinx.example_link", lang),
        )
    )
    raise nodes.SkipNode


def _visit_cards_html(self: Any, node: InlineCards) -> None:
    self.body.append(f'<span class="rl-inline-cards">{node["html"]}</span>')
    raise nodes.SkipNode


def _visit_example_latex(self: Any, node: ExampleBox) -> None:
    self.body.append("\n\n" + self.hypertarget_to(node, anchor=True))  # a paragraph of its own
    self.visit_container(node)


def _depart_example_latex(self: Any, node: ExampleBox) -> None:
    self.depart_container(node)


def register_nodes(app: Sphinx) -> None:
    """HTML draws the cards; every other builder prints the nodes' words."""
    app.add_node(ExampleBox, html=(_visit_example_html, None),
                 latex=(_visit_example_latex, _depart_example_latex))  # fmt: skip
    app.add_node(InlineCards, html=(_visit_cards_html, None))
