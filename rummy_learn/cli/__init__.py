"""The ``rummy-learn`` command line: check melds, openings and hands; hints; variants; bots.

The commands, their options and their JSON fields are a contract other tools
rely on. Exit status 0 for any verdict, 2 for input that cannot be used.

>>> main(["check", "--variant", "rami40", "Jkr", "7♠", "8♠"])
🃏 7♠ 8♠
Valid run: 21 points
Joker stands for six of spades
0
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Sequence

from rummy_learn.cli import info, melds, newbook, pages, simulation
from rummy_learn.cli.common import InputError

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rummy-learn",
        description="Check rummy melds, openings and hands under the rules of a variant.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
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
    except InputError as err:
        print(f"rummy-learn: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (| head): not an error of ours
        sys.stderr.close()
    return 0
