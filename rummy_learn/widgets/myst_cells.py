"""A lesson's MyST in an exported page: the book's roles and directives said in plain Markdown.

``rummy-learn export`` makes a page of a notebook with nbconvert, whose Markdown knows no
MyST: a lesson's ``{card}`9♠ 10♠```, ``{rterm}`stock <stock>``` and ```` ```{admonition} ````
blocks showed as raw markup (two trial users of an exported lesson thought it was broken).
Before the export, each Markdown cell is said again: cards are drawn, a link to a term or a
page keeps its words, a box becomes a quotation with its title, a box that opens on demand a
``<details>``, a checked example its cards and the core's verdict, a comparison its table.
What is not known is left as its words, never as markup.

>>> plain_markdown("Take from the {rterm}`stock <stock>`, see {doc}`the glossary <glossary>`.")
'Take from the stock, see the glossary.'
>>> print(plain_markdown("```{admonition} Solution\\n:class: dropdown\\nSeven.\\n```"))
<details><summary>Solution</summary>
<BLANKLINE>
Seven.
<BLANKLINE>
</details>
"""

from __future__ import annotations

import re
from html import escape

from rummy_learn.compare import compare_variants
from rummy_learn.example_answers import ask_core
from rummy_learn.notation import CardParseError, parse_cards
from rummy_learn.render import cards_html
from rummy_learn.variants import OptionConflictError, preset

__all__ = ["plain_markdown"]

_ROLE = re.compile(r"\{([\w-]+)\}`([^`]*)`")
_DIRECTIVE = re.compile(
    r"^(?P<fence>`{3,}|:{3,}|~{3,})\{(?P<name>[\w-]+)\}(?P<argument>[^\n]*)\n"
    r"(?P<body>.*?)^(?P=fence)[ \t]*$",
    re.MULTILINE | re.DOTALL,
)
_OPTION = re.compile(r"^:([\w-]+):[ \t]*(.*)$")
_BOXES = {"admonition", "note", "tip", "hint", "important", "warning", "attention", "caution",
          "seealso", "danger", "error"}  # fmt: skip


def plain_markdown(source: str, lang: str = "en") -> str:
    """``source`` (a Markdown cell written in MyST) in plain Markdown with HTML, in ``lang``."""
    said = _DIRECTIVE.sub(lambda m: _directive(m, lang), source)
    return _ROLE.sub(lambda m: _role(m.group(1), m.group(2), lang), said)


def _role(name: str, content: str, lang: str) -> str:
    """A role's words: cards drawn, or a link's words (the text before its ``<target>``)."""
    if name == "card":
        try:
            drawn = cards_html(parse_cards(content, lang), lang)
        except CardParseError:
            return escape(content)
        return f'<span class="rl-inline-cards">{drawn}</span>'
    words = re.sub(r"\s*<[^<>]*>\s*$", "", content).strip() if "<" in content else content
    return escape(words or content)


def _directive(match: re.Match[str], lang: str) -> str:
    name, title = match.group("name"), match.group("argument").strip()
    options: dict[str, str] = {}
    lines = match.group("body").splitlines()
    while lines and _OPTION.match(lines[0]):
        key, value = _OPTION.match(lines[0]).groups()  # type: ignore[union-attr]
        options[key] = value.strip()
        lines.pop(0)
    body = plain_markdown("\n".join(lines).strip("\n"), lang)
    if name == "rummy-example":
        return _example(options, lang)
    if name == "rummy-variants":
        return _variants(options, lang)
    if name == "dropdown" or (name in _BOXES and "dropdown" in options.get("class", "")):
        return f"<details><summary>{_role_words(title, lang)}</summary>\n\n{body}\n\n</details>"
    if name in _BOXES:
        quoted = "\n".join(f"> {line}" if line else ">" for line in body.splitlines())
        head = f"> **{_role_words(title, lang)}**\n>\n" if title else ""
        return head + quoted
    return body  # another directive: its words, without the markup


def _role_words(title: str, lang: str) -> str:
    return _ROLE.sub(lambda m: _role(m.group(1), m.group(2), lang), title)


def _example(options: dict[str, str], lang: str) -> str:
    """A checked example: its cards and what the core says of them, drawn."""
    try:
        rules = preset(options.get("variant", "palace").strip().lower(),
                       options.get("options", "").replace(",", " ").split())  # fmt: skip
        answer = ask_core(options.get("kind", "meld").strip(), options.get("cards", ""), rules,
                          lang)  # fmt: skip
    except (ValueError, CardParseError, OptionConflictError):
        return escape(options.get("cards", ""))
    return f'<div class="rl-example">{answer.html(lang)}</div>'


def _variants(options: dict[str, str], lang: str) -> str:
    """A comparison of games: their values, rule by rule, as a table."""
    games = options.get("variants", "").split()
    rules = options.get("rules", "").split()
    try:
        table = compare_variants(games, lang, options.get("options", "").split())
        rows = [table.row(rule) for rule in rules] if rules else list(table.rows)
    except (ValueError, KeyError, StopIteration):
        return ""
    head = "".join(f"<th>{escape(cell)}</th>" for cell in table.header)
    body = "".join(
        "<tr><th>"
        + escape(row.label)
        + "</th>"
        + "".join(f"<td>{escape(c.text)}{'*' if c.not_stated else ''}</td>" for c in row.cells)
        + "</tr>"
        for row in rows
    )
    legend = (
        f"<p>* {escape(table.legend)}</p>"
        if any(c.not_stated for row in rows for c in row.cells)
        else ""
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>\n{legend}"
