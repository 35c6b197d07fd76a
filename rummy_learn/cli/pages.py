"""``export``: a notebook as an HTML page whose widgets work with no kernel and no network."""

from __future__ import annotations

import argparse
from pathlib import Path

from rummy_learn.cli.common import InputError
from rummy_learn.language import LANGUAGES


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``export``."""
    text_ = (
        "Run a notebook and write it as an HTML page that works offline (needs the notebook extra)."
    )
    export = commands.add_parser("export", help=text_, description=text_)
    export.add_argument("notebook", type=Path, help="the notebook (.ipynb)")
    export.add_argument("folder", type=Path, help="where the page and its scripts go")
    export.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help="the page's language (default: the language most of its widgets speak)",
    )
    export.add_argument(
        "--theme",
        choices=("light", "dark"),
        default="light",
        help="JupyterLab's light or dark look (default: light)",
    )
    export.set_defaults(run=_export)


def _export(args: argparse.Namespace) -> None:
    if not args.notebook.is_file():
        raise InputError(f"no notebook at {args.notebook}")
    try:
        from rummy_learn.widgets.export import ExportError, export_html
    except ImportError as err:  # the core runs without Jupyter; pages need it
        raise InputError(
            f"exporting needs the notebook extra (pip install 'rummy-learn[notebook]'): {err}"
        ) from err
    try:
        page = export_html(args.notebook, args.folder, lang=args.lang, theme=args.theme)
    except ExportError as err:
        raise InputError(str(err)) from err
    print(page)
