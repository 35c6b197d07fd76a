"""``new-book``: a minimal Jupyter Book that uses the kit, ready to build offline.

``rummy-learn new-book DIR --lang de`` writes the book's settings, a page with checked
examples, a notebook with a widget, the glossary page and a copy of the kit's glossary.
``jupyter-book build DIR`` then builds it at once, with no network.
"""

from __future__ import annotations

import argparse
import json
from importlib import resources
from pathlib import Path

from rummy_learn.cli.common import InputError

__all__ = ["BOOK_LANGUAGES", "register", "write_book"]

BOOK_LANGUAGES = ("ru", "bg", "de", "en")

# title, the page's first line, the notebook's title and line, the glossary's title
_WORDS = {
    "ru": ("Моя книга о рамми", "Три короля {card}`K♥ K♠ K♦` составляют {rterm}`группу <set>`.",
           "Собери комбинацию", "Нажимай на карты и смотри, что скажет проверка.", "Словарь"),
    "bg": ("Моята книга за рами", "Три попа {card}`K♥ K♠ K♦` образуват {rterm}`група <set>`.",
           "Събери комбинация", "Натискай картите и виж какво казва проверката.", "Речник"),
    "de": ("Mein Rommé-Buch", "Drei Könige {card}`K♥ K♠ K♦` bilden einen {rterm}`Satz <set>`.",
           "Lege eine Figur", "Klicke die Karten an und sieh, was die Prüfung sagt.", "Glossar"),
    "en": ("My rummy book", "Three kings {card}`K♥ K♠ K♦` make a {rterm}`set`.",
           "Build a meld", "Click the cards and see what the check says.", "Glossary"),
}  # fmt: skip

_CONFIG = """\
# A Jupyter Book 1.x book that uses rummy-learn (written by rummy-learn new-book).
# Build it with: jupyter-book build .   (nothing is fetched from the network)
title: "{title}"
author: ""
only_build_toc_files: true
execute:
  execute_notebooks: cache  # run each notebook once, again only when it changes
  timeout: 300
html:
  use_issues_button: false
  use_repository_button: false
  use_edit_page_button: false
sphinx:
  extra_extensions:
    - rummy_learn.sphinxext
  config:
    language: {lang}
    rummy_glossary: glossary.yaml  # a copy of the kit's; keep only the languages you build
"""

_TOC = "format: jb-book\nroot: intro\nchapters:\n  - file: widgets\n  - file: glossary\n"

_PAGE = """\
# {title}

{line}

```{{rummy-example}} kings
:cards: K♥ K♠ K♦
:variant: romme
:expect: valid
:points: 30
```

```{{rummy-example}} gap
:cards: 5♥ 6♥ 8♥
:variant: rami51
:expect: invalid
:reasons: gap
```

```{{rummy-variants}}
:variants: rami51 romme
:differences:
```
"""


def _notebook(title: str, line: str) -> str:
    def cell(kind: str, source: str) -> dict[str, object]:
        made: dict[str, object] = {"cell_type": kind, "id": kind, "metadata": {}, "source": source}
        return made | ({"execution_count": None, "outputs": []} if kind == "code" else {})

    code = 'from rummy_learn.widgets import MeldBuilder\n\nMeldBuilder("9♣ 9♦ 9♥ 10♥ J♥ K♠")'
    notebook = {
        "cells": [cell("markdown", f"# {title}\n\n{line}"), cell("code", code)],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }  # fmt: skip
    return json.dumps(notebook, ensure_ascii=False, indent=1) + "\n"


def write_book(folder: Path, lang: str) -> list[Path]:
    """Write the book into ``folder`` (new or empty); returns the files written."""
    if lang not in BOOK_LANGUAGES:
        raise InputError(f"unknown language {lang!r}; choose one of: {', '.join(BOOK_LANGUAGES)}")
    if folder.exists() and any(folder.iterdir()):
        raise InputError(f"{folder} is not empty; name a new folder")
    glossary = resources.files(__package__).joinpath("glossary.yaml")
    if not glossary.is_file():
        raise InputError("the kit's glossary is missing: install the package (pip install -e .)")
    title, line, nb_title, nb_line, glossary_title = _WORDS[lang]
    files = {
        "_config.yml": _CONFIG.format(title=title, lang=lang),
        "_toc.yml": _TOC,
        "intro.md": _PAGE.format(title=title, line=line),
        "widgets.ipynb": _notebook(nb_title, nb_line),
        "glossary.md": f"# {glossary_title}\n\n```{{rummy-glossary}}\n```\n",
        "glossary.yaml": glossary.read_text(encoding="utf-8"),
    }
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return [folder / name for name in files]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``new-book``."""
    text_ = "Write a minimal Jupyter Book that uses the kit (examples, a widget, the glossary)."
    new = commands.add_parser("new-book", help=text_, description=text_)
    new.add_argument("folder", type=Path, help="a new (or empty) folder for the book")
    new.add_argument("--lang", choices=BOOK_LANGUAGES, default="en", help="the book's language")
    new.set_defaults(run=_new_book)


def _new_book(args: argparse.Namespace) -> None:
    files = write_book(args.folder, args.lang)
    print("\n".join(str(f) for f in files))
    print(f"build it: jupyter-book build {args.folder}")
