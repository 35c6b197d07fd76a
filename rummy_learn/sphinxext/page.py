"""What the extension's pages share: the page's language, option lists, the templates."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rummy_learn.i18n import LANGUAGES

__all__ = ["page_language", "readable_location", "render", "role_location", "word_list"]


def page_language(config: Any) -> str:
    """The kit's language for a Sphinx project: its ``language``, else English.

    >>> from types import SimpleNamespace
    >>> page_language(SimpleNamespace(language="bg")), page_language(SimpleNamespace(language="fr"))
    ('bg', 'en')
    """
    lang = (getattr(config, "language", None) or "en").split("_")[0].lower()
    return lang if lang in LANGUAGES else "en"


def word_list(argument: str | None) -> list[str]:
    """A directive option's list of words, split at spaces or commas.

    >>> word_list("opening_40, knock"), word_list(None)
    (['opening_40', 'knock'], [])
    """
    return (argument or "").replace(",", " ").split()


def readable_location(location: str) -> str:
    """A place in a page as an author finds it: in a notebook, its cell and line (myst-nb
    numbers the lines of the n-th cell from n × 10000 + 1, one more than the line).

    >>> readable_location("lessons/de/02-sets.ipynb:30038")
    'lessons/de/02-sets.ipynb, cell 3, line 37'
    >>> readable_location("lessons/de/index.md:12")
    'lessons/de/index.md:12'
    """
    path, sep, line = location.rpartition(":")
    if sep and path.endswith(".ipynb") and line.isdigit() and int(line) >= 10000:
        return f"{path}, cell {int(line) // 10000}, line {max(int(line) % 10000 - 1, 1)}"
    return location


def role_location(path: str, lineno: int, written: str) -> str:
    """The line of a role in its page: ``lineno`` is its paragraph's first line (as docutils,
    MyST and myst-nb give it); the role is on the first line from there that holds it."""
    cell, start = divmod(lineno, 10000) if path.endswith(".ipynb") else (0, lineno)
    needle = "`" + (written.splitlines() or [""])[0]
    try:
        lines = _source_lines(path, cell)
    except (OSError, ValueError, LookupError):
        return f"{path}:{lineno}"
    first = start - 1 if cell else start
    for number in range(max(first, 1), len(lines) + 1):
        if needle in lines[number - 1]:
            return f"{path}:{cell * 10000 + number + 1 if cell else number}"
    return f"{path}:{lineno}"


def _source_lines(path: str, cell: int) -> list[str]:
    """A page's lines, or those of a notebook's ``cell`` (counted from 1)."""
    source = Path(path).read_text(encoding="utf-8")
    if not cell:
        return source.splitlines()
    written = json.loads(source)["cells"][cell - 1]["source"]
    return ("".join(written) if isinstance(written, list) else str(written)).splitlines()


def render(template: str, **values: Any) -> str:
    """One of the extension's templates, autoescaped."""
    from rummy_learn.render import jinja_environment

    return jinja_environment(__package__ or "").get_template(template).render(**values)
