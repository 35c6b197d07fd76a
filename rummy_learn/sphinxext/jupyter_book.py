"""Jupyter Book 1.x and notebooks: the book's language for widgets, the theme's settings,
and a mistake told in one line.

- Notebooks executed while the book is built run in kernels started by this process:
  they inherit ``RUMMY_LEARN_LANGUAGE``, set here to the book's ``language``, which the
  kit takes as its default language (:mod:`rummy_learn.language`). Widgets in a book
  follow the book's language with no ``set_language()`` call.
- With ``sphinx_book_theme`` (Jupyter Book's theme) the extension sets, unless the book
  sets them itself, ``html_context["default_mode"] = "auto"`` (the theme's default is
  empty, which its script reports as a console error) and turns the download and
  full-screen buttons off (with them, a notebook page asks for the widget manager's
  ``.ttf`` fonts at a path that does not exist: 404s in the console).
- Jupyter Book prints two long tracebacks for any error; a mistake of an author's
  (:class:`~rummy_learn.sphinxext.strict.AuthorError`) is printed as its one line, and
  the build exits with status 1.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from .page import page_language
from .strict import AuthorError

__all__ = ["LANGUAGE_VARIABLE", "book_language_for_kernels", "one_line_mistakes", "theme_settings"]

LANGUAGE_VARIABLE = "RUMMY_LEARN_LANGUAGE"

_BOOK_THEME_DEFAULTS = {"use_download_button": False, "use_fullscreen_button": False}


def book_language_for_kernels(app: Sphinx, config: Any) -> None:
    """Kernels started for this build speak the book's language."""
    app.rummy_saved_language = os.environ.get(LANGUAGE_VARIABLE)  # type: ignore[attr-defined]
    os.environ[LANGUAGE_VARIABLE] = page_language(config)


def theme_settings(app: Sphinx, config: Any) -> None:
    """The book theme's settings that keep a page's console free of errors."""
    if config.html_theme != "sphinx_book_theme":
        return
    config.html_context = {"default_mode": "auto", **(config.html_context or {})}
    config.html_theme_options = {**_BOOK_THEME_DEFAULTS, **(config.html_theme_options or {})}


def one_line_mistakes(app: Sphinx, error: Exception | None) -> None:
    """Restore the language variable; under the ``jupyter-book`` command, an author's
    mistake ends the build with its one line instead of Jupyter Book's tracebacks."""
    saved = getattr(app, "rummy_saved_language", None)
    if saved is None:
        os.environ.pop(LANGUAGE_VARIABLE, None)
    else:
        os.environ[LANGUAGE_VARIABLE] = saved
    command = Path(sys.argv[0]).name if sys.argv else ""
    if isinstance(error, AuthorError) and command in ("jupyter-book", "jb"):
        print(f"{error.category}: {error}", file=sys.stderr)
        raise SystemExit(1)
