"""An author's mistakes: errors that stop the build, whatever ``-W`` says.

With ``rummy_strict = True`` (the default) an unknown card, term, variant, option,
``:kind:`` or option key raises :class:`AuthorError`; with ``False`` it is a warning and
the page shows what it can. Every message names the exact place and, where a close
match exists, says "did you mean".

>>> did_you_mean("jocker", ["joker", "jokers_in_play", "set"])
" (did you mean 'joker'?)"
>>> did_you_mean("zzz", ["joker"])
''
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from docutils.parsers.rst import directives
from sphinx.errors import SphinxError
from sphinx.util import logging

from .page import readable_location

__all__ = ["AnyOption", "AuthorError", "did_you_mean", "is_strict", "mistake", "options_of"]

logger = logging.getLogger(__name__)


class AuthorError(SphinxError):
    """A mistake in a page or in the project's settings (the build stops)."""

    category = "rummy-learn"


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """The words " (did you mean 'x'?)" for the closest of ``choices``, or nothing."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    if not close and word.lower() != word:
        close = difflib.get_close_matches(word.lower(), list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def is_strict(config: Any) -> bool:
    """Whether the project's mistakes stop the build (``rummy_strict``, on by default)."""
    return bool(getattr(config, "rummy_strict", True))


def mistake(
    config: Any,
    message: str,
    location: str,
    error: type[AuthorError] = AuthorError,
) -> None:
    """Raise ``error`` (strict projects) or warn, naming the place as an author finds it."""
    place = readable_location(location)
    if is_strict(config):
        raise error(f"{place}: {message}")
    logger.warning("%s", message, location=place, type="rummy_learn", subtype="author")


class AnyOption(dict[str, Callable[[Any], Any]]):
    """A directive's option spec that lets every key through to the directive.

    Docutils and MyST drop an unknown or badly written option with a mere warning, and
    the directive then runs without it (an example checked under other rules). With this
    spec the directive sees every option as written and checks them itself
    (:func:`options_of`). ``AnyOption(names)`` knows the names, whose values it keeps as
    written, too.
    """

    def __init__(self, names: Iterable[str] = ()) -> None:
        super().__init__(dict.fromkeys(names, directives.unchanged))

    def __bool__(self) -> bool:  # docutils and MyST read options only when the spec is true
        return True

    def __missing__(self, key: str) -> Callable[[Any], Any]:
        return directives.unchanged


def options_of(
    written: Mapping[str, Any],
    spec: Mapping[str, Callable[[Any], Any]],
    where: str,
    config: Any,
    location: str,
) -> dict[str, Any]:
    """The options as written, each checked against ``spec`` and converted.

    An unknown name or a value the option cannot take is a :func:`mistake`; when the
    project is not strict, the option is left out.
    """
    options: dict[str, Any] = {}
    for name, value in written.items():
        if name not in spec:
            hint = did_you_mean(name, spec)
            known = ", ".join(f":{n}:" for n in spec)
            mistake(config, f"{where}: unknown option :{name}:{hint}; it takes {known}", location)
            continue
        try:
            options[name] = spec[name](value)
        except (ValueError, TypeError) as error:
            mistake(config, f"{where}: option :{name}: {value!r}: {error}", location)
    return options
