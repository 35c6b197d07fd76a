"""``simulate``: bot rounds with their invariants checked, and the figures."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from rummy_learn.cli.common import InputError, add_json, add_variant, head, print_json, rules_from
from rummy_learn.rules import Settlement
from rummy_learn.simulate import seat_levels, simulate


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``simulate``."""
    text_ = "Play rounds between bots and check that every card is accounted for at every step."
    sim = commands.add_parser("simulate", help=text_, description=text_)
    add_variant(sim)
    sim.add_argument("--players", type=int, default=4, metavar="N", help="players (default 4)")
    sim.add_argument("--rounds", type=int, default=20, metavar="N", help="rounds (default 20)")
    sim.add_argument("--seed", type=int, default=0, metavar="S", help="first seed (default 0)")
    sim.add_argument(
        "--bots",
        default="medium",
        metavar="LEVELS",
        help="the bots' level: easy, medium or hard for every seat, or one per seat in order"
        " (hard,medium); also random (any legal move) and mixed (medium and random by"
        " turns); greedy is medium (default medium)",
    )
    add_json(sim)
    sim.set_defaults(run=_simulate, lang="en")


def _bar(total: int) -> Callable[[int], None]:
    def progress(done: int) -> None:
        filled = 30 * done // total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} rounds")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return progress


def _simulate(args: argparse.Namespace) -> None:
    rules = rules_from(args)
    if not rules.min_players <= args.players <= rules.max_players:
        raise InputError(
            f"{rules.variant} is played by {rules.min_players} to {rules.max_players} players"
        )
    if args.rounds < 1:
        raise InputError("--rounds must be at least 1")
    try:
        seats = seat_levels(args.bots, args.players)
    except ValueError as err:
        raise InputError(f"--bots: {err}") from None
    progress = _bar(args.rounds) if sys.stderr.isatty() else None
    report = simulate(
        rules, args.players, args.rounds, args.seed, bots=args.bots, progress=progress
    )
    data = head(rules) | {
        "players": args.players,
        "bots": args.bots,
        "rounds": report.rounds,
        "seconds": round(report.seconds, 3),
        "rounds_per_second": round(report.rounds_per_second, 2),
        "ends": dict(sorted(report.ends.items())),
        "average_turns": round(report.average_turns, 1),
        "stuck": report.stuck,
        "cards_accounted": report.all_accounted,
        "zero_sum": report.zero_sum if rules.settlement is Settlement.ZERO_SUM else None,
        "seats": seats,
        "wins": {"seats": report.wins, "levels": report.level_wins()},
        "average_penalty": {
            level: round(points, 1) for level, points in report.level_penalties().items()
        },
    }
    if args.json:
        print_json(data)
        return
    print(
        f"{report.rounds} rounds of {rules.variant} with {args.players} bots"
        f" ({', '.join(seats)})"
        f" in {report.seconds:.2f} s: {report.rounds_per_second:.1f} rounds/s"
    )
    print("ends: " + ", ".join(f"{k} {v}" for k, v in sorted(report.ends.items())))
    print(f"average turns: {report.average_turns:.1f}")
    print(f"stuck rounds (a player with no legal move): {report.stuck}")
    print(f"every card accounted for at every step: {'yes' if report.all_accounted else 'NO'}")
    print("wins per seat: " + ", ".join(f"{seat} {won}" for seat, won in enumerate(report.wins)))
    penalties = report.level_penalties()
    for level, won in report.level_wins().items():
        print(f"{level}: {won} wins, average penalty {penalties[level]:.1f}")
