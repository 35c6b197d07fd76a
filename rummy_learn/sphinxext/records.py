"""What the extension keeps in Sphinx's environment between builds, and what it checks there.

- the examples each page holds (their ids, cards and places), merged from parallel
  readers and checked once every page is read: an id is used once in the whole project,
  with or without ``-j``;
- the pages that use the kit: they are read again when the glossary file changes (a
  dependency noted on each) or when the kit's version does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from rummy_learn import __version__

from .page import readable_location
from .strict import mistake

__all__ = [
    "KIT_VERSION",
    "Recorded",
    "check_duplicates",
    "example_pages",
    "examples_of",
    "forget_page",
    "glossary_terms",
    "merge_pages",
    "note_use",
    "pages_of_another_version",
]

KIT_VERSION = __version__
"""The kit's version; pages read with another one are read again."""


class Recorded(NamedTuple):
    """One example as its page holds it."""

    id: str
    cards: str
    """The cards as the page's language writes them (its letters, the joker by its word)."""
    location: str
    valid: bool = True
    """The core's verdict: a link to an example that is not valid says so."""
    variant: str = "palace"
    """The game it is checked in: a glossary of other games names it."""


def _store(env: BuildEnvironment, name: str, empty: Any) -> Any:
    if not hasattr(env, name):
        setattr(env, name, empty)
    return getattr(env, name)


def examples_of(env: BuildEnvironment) -> dict[str, list[Recorded]]:
    """Every page's examples read so far, in page order."""
    found: dict[str, list[Recorded]] = _store(env, "rummy_examples", {})
    return found


def _users(env: BuildEnvironment) -> set[str]:
    users: set[str] = _store(env, "rummy_pages", set())
    return users


def example_pages(env: BuildEnvironment) -> dict[str, tuple[str, Recorded]]:
    """Each example id with its page (the first, should an id be used twice)."""
    pages: dict[str, tuple[str, Recorded]] = {}
    for docname in sorted(examples_of(env)):
        for example in examples_of(env)[docname]:
            pages.setdefault(example.id, (docname, example))
    return pages


def glossary_terms(env: BuildEnvironment) -> dict[str, set[str]]:
    """The terms each glossary page shows, by the page's name (a page may leave some out)."""
    shown: dict[str, set[str]] = _store(env, "rummy_glossary_terms", {})
    return shown


def note_use(env: BuildEnvironment, glossary: bool = False) -> None:
    """The page being read uses the kit (and, with ``glossary``, the project's glossary)."""
    _users(env).add(env.docname)
    if glossary and env.config.rummy_glossary:
        env.note_dependency(str(Path(env.app.confdir, env.config.rummy_glossary)))


def forget_page(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    """Drop a page's records before it is read again."""
    examples_of(env).pop(docname, None)
    glossary_terms(env).pop(docname, None)
    _users(env).discard(docname)


def merge_pages(
    app: Sphinx, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment
) -> None:
    """Take the records a parallel reader made."""
    theirs = examples_of(other)
    examples_of(env).update({doc: theirs[doc] for doc in docnames if doc in theirs})
    shown = glossary_terms(other)
    glossary_terms(env).update({doc: shown[doc] for doc in docnames if doc in shown})
    _users(env).update(_users(other) & docnames)


def check_duplicates(app: Sphinx, env: BuildEnvironment) -> None:
    """Once every page is read (parallel readers merged): each example id once."""
    seen: dict[str, Recorded] = {}
    for docname in sorted(examples_of(env)):
        for example in examples_of(env)[docname]:
            first = seen.setdefault(example.id, example)
            if first is not example:
                mistake(
                    env.config,
                    f"example id {example.id!r} is already used at"
                    f" {readable_location(first.location)}",
                    example.location,
                )


def pages_of_another_version(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """The pages that used the kit, when the environment was made by another version."""
    stored = getattr(env, "rummy_kit_version", KIT_VERSION)
    env.rummy_kit_version = KIT_VERSION  # type: ignore[attr-defined]
    if stored == KIT_VERSION:
        return []
    return sorted(_users(env) & env.found_docs - removed)
