"""What the extension's pages share: the page's language, option lists, the templates."""

from __future__ import annotations

from typing import Any

from rummy_learn.i18n import LANGUAGES

__all__ = ["page_language", "readable_location", "render", "word_list"]


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
    numbers the lines of the n-th cell from n × 10000).

    >>> readable_location("lessons/de/02-sets.ipynb:30038")
    'lessons/de/02-sets.ipynb, cell 3, line 38'
    >>> readable_location("lessons/de/index.md:12")
    'lessons/de/index.md:12'
    """
    path, sep, line = location.rpartition(":")
    if sep and path.endswith(".ipynb") and line.isdigit() and int(line) >= 10000:
        return f"{path}, cell {int(line) // 10000}, line {int(line) % 10000}"
    return location


def render(template: str, **values: Any) -> str:
    """One of the extension's templates, autoescaped."""
    from rummy_learn.render import jinja_environment

    return jinja_environment(__package__ or "").get_template(template).render(**values)
