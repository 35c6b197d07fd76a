"""Words for the kit in Russian, Bulgarian, German and English, from gettext catalogs.

The catalogs (``locale/<lang>/LC_MESSAGES/rummy_learn.po``) are compiled into the
package when it is built or installed. Message ids are stable keys.

>>> set_language("ru")
>>> points_text(41), points_text(42), points_text(45)
('41 очко', '42 очка', '45 очков')
>>> set_language("en")
>>> points_text(1, "bg"), points_text(2, "de")
('1 точка', '2 Punkte')
"""

from __future__ import annotations

import gettext
from functools import cache
from importlib import resources

from rummy_learn.language import LANGUAGES, check_language, get_language, set_language

__all__ = [
    "LANGUAGES",
    "CatalogMissingError",
    "get_language",
    "plural",
    "points_text",
    "set_language",
    "text",
]

DOMAIN = "rummy_learn"


class CatalogMissingError(RuntimeError):
    """The compiled catalogs are missing: the package was not built or installed."""


@cache
def translations(lang: str) -> gettext.GNUTranslations:
    """The compiled catalog of ``lang``."""
    path = resources.files(__package__).joinpath(
        "locale", check_language(lang), "LC_MESSAGES", DOMAIN + ".mo"
    )
    try:
        with path.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    except FileNotFoundError as err:
        raise CatalogMissingError(
            f"the compiled {lang} catalog is missing ({path}); install the package"
            " (pip install -e .) so that the build compiles it"
        ) from err


def text(key: str, lang: str | None = None, /, **params: object) -> str:
    """The message ``key`` in ``lang`` (default: :func:`get_language`), filled with ``params``.

    >>> text("reason.gap", "en")
    'The run has a gap.'
    """
    message = translations(lang or get_language()).gettext(key)
    return message.format(**params) if params else message


def plural(key: str, n: int, lang: str | None = None, /, **params: object) -> str:
    """The plural message ``key`` in the form for ``n``; ``n`` is also a parameter.

    A negative ``n`` (a score below zero) takes the form of its size, with a true minus sign:

    >>> plural("reason.too_many_jokers", 1, "en", limit=1)
    'Only 1 joker per meld is allowed in this variant.'
    >>> plural("points", -53, "ru"), plural("points", -9, "ru")
    ('−53 очка', '−9 очков')
    """
    message = translations(lang or get_language()).ngettext(key, key + ".plural", abs(n))
    return message.format(n=f"\u2212{-n}" if n < 0 else n, **params)


def points_text(n: int, lang: str | None = None) -> str:
    """``n`` with the word for points in the right plural form."""
    return plural("points", n, lang)
