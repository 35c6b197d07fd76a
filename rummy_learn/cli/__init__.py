"""The ``rummy-learn`` command line: check melds, openings and hands; hints; variants; bots.

The commands, their options and their JSON fields are a contract other tools
rely on. Exit status 0 for any verdict, 2 for input that cannot be used.

>>> main(["check", "--variant", "rami40", "Jkr", "7♠", "8♠"])
🃏 7♠ 8♠
Valid run: 21 points
The joker stands for six of spades
0
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Sequence
from typing import NoReturn, cast

from rummy_learn.cli import info, melds, newbook, pages, simulation
from rummy_learn.cli.common import InputError
from rummy_learn.i18n.printable import printable

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """argparse, with what the user typed shown as text in its usage errors (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {printable(message)}\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="rummy-learn",
        description="Check rummy melds, openings and hands under the rules of a variant.",
    )
    commands = cast(  # the commands' parsers are _Parser too: they show input as text
        "argparse._SubParsersAction[argparse.ArgumentParser]",
        parser.add_subparsers(dest="command", required=True, metavar="COMMAND"),
    )
    melds.register(commands)
    info.register(commands)
    simulation.register(commands)
    pages.register(commands)
    newbook.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show ♥ gets "?", not a crash
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
    args = _parser().parse_args(argv)
    try:
        args.run(args)
    except InputError as err:  # one line; what the user typed is shown as text, never run
        print(f"rummy-learn: {printable(str(err))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (| head): not an error of ours
        sys.stderr.close()
    return 0
