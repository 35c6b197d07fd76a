"""Benchmark: every command on the hardest inputs it takes, and on inputs it refuses.

    .venv/bin/python benchmarks/bench_cli.py

Each line runs ``rummy-learn`` as a user would (a new process, Python's start-up
included) and prints the seconds it took and its exit status. Target: every command
answers within 2 s, whatever it is given (``simulate`` and ``export`` run as long as
the work they are asked for: rounds to play, a notebook to run).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from report import record

from rummy_learn.decks import build_deck
from rummy_learn.limits import MAX_CARDS_GIVEN, largest_hand
from rummy_learn.variants import preset

CLI = [str(Path(sys.executable).with_name("rummy-learn"))]
TARGET = 2.0


def _dense(variant: str, options: list[str], size: int) -> list[str]:
    """A hand that is hard to solve: neighbouring ranks in every suit, and every joker."""
    rules = preset(variant, options)
    shoe = build_deck(rules, rules.max_players)
    jokers = [c for c in shoe if c.is_joker]
    naturals = sorted((c for c in shoe if not c.is_joker and c.copy == 0),
                      key=lambda c: (int(c.rank or 0), c.suit.index if c.suit else 0))  # fmt: skip
    return [str(c) for c in [*jokers, *naturals][:size]]


def cases() -> list[tuple[str, list[str]]]:
    palace_knock = largest_hand(preset("palace", ["knock"]))
    dense = _dense("palace", [], 14)
    knock = ["hint", "--variant", "palace", "--option", "knock"]
    dense_knock = _dense("palace", ["knock"], palace_knock)
    return [
        ("check, a 100,000-character word", ["check", "Q" * 100_000]),
        ("check, 216 cards", ["check", *["Q♥"] * MAX_CARDS_GIVEN]),
        ("check, 217 cards (refused)", ["check", *["Q♥"] * (MAX_CARDS_GIVEN + 1)]),
        ("check, escape sequences", ["check", "\x1b[2J\x1b[31mQ♥"]),
        ("opening, 72 melds", ["opening", *["K♥ K♠ K♦"] * 72]),
        ("score, 216 cards", ["score", *["Jkr"] * MAX_CARDS_GIVEN]),
        ("hint, 14 cards with 6 jokers", ["hint", "--variant", "palace", *dense]),
        (f"hint, {palace_knock} cards with 6 jokers (knock)", [*knock, *dense_knock]),
        ("hint, 45 cards (refused)", ["hint", *_dense("romme", [], 45)]),
        ("variants", ["variants"]),
        ("demo", ["demo", "--lang", "ru"]),
        ("a mistyped command", ["chekc", "Q♥"]),
    ]


def main() -> int:
    worst, worst_label = 0.0, ""
    print(f"{'input':<44} {'seconds':>7}  exit")
    for label, args in cases():
        start = time.perf_counter()
        done = subprocess.run([*CLI, *args], capture_output=True, check=False)
        seconds = time.perf_counter() - start
        if seconds > worst:
            worst, worst_label = seconds, label
        print(f"{label:<44} {seconds:>7.2f}  {done.returncode}", flush=True)
    verdict = "ok" if worst <= TARGET else "TOO SLOW"
    print(f"worst: {worst:.2f} s (target ≤ {TARGET:.0f} s): {verdict}")
    record("bench_cli.py", f"worst {worst:.1f} s ({worst_label})")
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
