"""Mutation testing of the rules core with mutmut, with the unit tests that cover each part.

``./dev mutate [GROUP...]`` (or ``.venv/bin/python tools/mutate.py``): each group of core
modules is mutated by mutmut in its own copy of the repository under ``build/mutants/``
(mutmut keeps its results there, so a second run only tests what changed), against the
unit tests named for that group only (no book, no browser, no notebooks). Then it prints,
per group and in all, the mutants killed, survived (a test run passed with the mutant), not
covered by the group's tests, and timed out (counted as killed: a test noticed), and the
score: killed (with timeouts) over all mutants but the equivalent ones listed in
``tools/mutants_equivalent.txt`` (mutants that change no behaviour; each with why).

``--only-survivors`` runs again only the last run's survivors, once tests were added to
the group (its other verdicts kept: more tests can only kill more). ``--survivors`` lists
the mutants that survived, to read with ``mutmut show NAME`` in the
group's folder. ``--report`` runs nothing: it prints the table from the results kept under
``build/mutants/`` (a run stopped midway leaves its mutants ``not checked``, apart).

mutmut switches a mutant on when its function is called in a test; a function called only
while a module is imported (the presets' ``_make``, ``rules._switch``…) ran before any mutant
was on, so its mutants could never be killed: those functions carry ``# pragma: no mutate
block (import time)``, and the values they make are checked by table tests instead
(``test_boundaries``, ``test_variants``). mutmut (3.x) mutates code in functions only: the
presets' data are not mutated, for the same reason checked value by value.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "mutants"
EQUIVALENT = Path(__file__).with_name("mutants_equivalent.txt")

FAST = "not random_tables and not every_preset_and_option"  # the long sweeps of test_no_stuck
ORACLE = "not tweaked_rules and not oracle_on_pins and not every_opening"  # the longest runs


@dataclass(frozen=True)
class Group:
    """Core modules mutated together, and the unit tests that cover them."""

    modules: tuple[str, ...]
    tests: tuple[str, ...]
    select: str = ""  # a pytest -k expression, if some tests are too long to run per mutant


GROUPS: dict[str, Group] = {
    "scoring": Group(
        ("scoring", "rules", "outcome"),
        ("test_scoring", "test_boundaries", "test_engine", "test_variants", "test_round"),
    ),
    "variants": Group(("variants", "presets", "options"), ("test_variants", "test_boundaries")),
    "table": Group(
        ("table",), ("test_table", "test_engine", "test_placement", "test_legal_moves"), ORACLE
    ),
    "engine": Group(
        ("engine", "plays", "deal", "state"),
        # not the rounds of bots (test_simulation, test_no_stuck): every test of them calls
        # the deal, so each mutant of it ran them all (minutes a mutant on two shared cores)
        ("test_engine", "test_round", "test_boundaries", "test_placement", "test_saves"),
    ),
    "legality": Group(
        ("legality", "turn_end", "moves"),
        (
            "test_refusals",
            "test_turn_end",
            "test_engine",
            "test_legal_moves",
            "test_planner",
            "test_round",
            "test_no_stuck",
        ),
        f"{FAST} and {ORACLE}",
    ),
    "melds": Group(
        ("melds", "layouts", "runs", "sets"),
        (
            "test_melds_rules",
            "test_placement",
            "test_boundaries",
            "test_meld_oracle",
            "test_legal_moves",
        ),
        # the oracle on its fixed sample, not Hypothesis's 500 melds a preset (15 s a mutant)
        f"{ORACLE} and not oracle_on_presets and not not_vacuous",
    ),
    "solver": Group(
        (
            "solver",
            "objectives",
            "meld_shapes",
            "open_runs",
            "rank_dp",
            "rank_moves",
            "rank_groups",
            "rank_ends",
            "rank_bounds",
            "rank_melds",
        ),
        ("test_solver", "test_solver_walk", "test_boundaries"),
        "not solver_is_exact",  # the exactness on a fixed sample, not Hypothesis's 410 hands
    ),
}

KILLED = ("killed", "timeout")  # a timeout: the mutant made a test run forever (noticed)


def config(group: Group) -> str:
    """The group's ``[tool.mutmut]`` section."""
    modules = ", ".join(f'"rummy_learn/{m}.py"' for m in group.modules)
    tests = [f"tests/{t}.py" for t in group.tests] + (["-k", group.select] if group.select else [])
    selection = ", ".join(f'"{t}"' for t in tests)
    return f"""
[tool.mutmut]
source_paths = ["rummy_learn/"]
only_mutate = [{modules}]
also_copy = ["tools/"]
pytest_add_cli_args = ["-o", "addopts=--import-mode=importlib", "-p", "no:cacheprovider",
                       "-o", "pythonpath=tests tools", "-q"]
pytest_add_cli_args_test_selection = [{selection}]
"""


def prepare(name: str, group: Group) -> Path:
    """The group's copy of the repository: the package (with its built catalogs), the tests
    and tools, and a pyproject.toml with the group's mutmut settings."""
    folder = WORK / name
    folder.mkdir(parents=True, exist_ok=True)
    for part in ("rummy_learn", "tests", "tools"):
        shutil.copytree(
            ROOT / part,
            folder / part,
            dirs_exist_ok=True,
            ignore=shutil.ignore_patterns("__pycache__"),
        )
    built = folder / "mutants" / "rummy_learn" / "i18n" / "locale"
    if built.is_dir():  # mutmut copies the sources again, not the compiled catalogs
        shutil.copytree(ROOT / "rummy_learn" / "i18n" / "locale", built, dirs_exist_ok=True)
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (folder / "pyproject.toml").write_text(text + config(group), encoding="utf-8")
    return folder


def mutmut(folder: Path, *args: str) -> str:
    command = [str(Path(sys.executable).with_name("mutmut")), *args]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, env=env, check=False)
    return done.stdout + done.stderr


def results(folder: Path) -> dict[str, str]:
    """Each mutant's status, as ``mutmut results --all true`` prints it."""
    found = {}
    for line in mutmut(folder, "results", "--all", "true").splitlines():
        name, colon, status = line.strip().rpartition(": ")
        if colon and name.startswith("rummy_learn."):
            found[name] = status
    return found


def keep_verdicts(folder: Path) -> None:
    """Let mutmut keep its verdicts although the group's test selection changed.

    mutmut 3 forgets every verdict when the selection changes. Tests added to a group can
    only kill more mutants, so a killed mutant stays killed: forgetting the fingerprint of
    the old selection keeps the verdicts, and mutmut finds the new tests (and which
    functions they call) before it runs the survivors again.
    """
    stats = folder / "mutants" / "mutmut-stats.json"
    if stats.is_file():
        data = json.loads(stats.read_text(encoding="utf-8"))
        data.pop("config_fingerprint", None)
        stats.write_text(json.dumps(data), encoding="utf-8")


def equivalent() -> dict[str, str]:
    """The survivors judged equivalent (``name  why`` a line; ``#`` starts a comment)."""
    listed = {}
    for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, why = line.partition(" ")
            listed[name] = why.strip()
    return listed


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("groups", nargs="*", help=f"of {', '.join(GROUPS)}")
    parser.add_argument("--children", type=int, default=2, help="mutants tested at once")
    parser.add_argument("--survivors", action="store_true", help="list the surviving mutants")
    parser.add_argument("--report", action="store_true", help="print the kept results only")
    parser.add_argument(
        "--only-survivors",
        action="store_true",
        help="run again only the survivors (and the mutants no test covered) of the last run",
    )
    args = parser.parse_args(argv)
    chosen = args.groups or list(GROUPS)
    unknown = [g for g in chosen if g not in GROUPS]
    if unknown:
        parser.error(f"no group {', '.join(unknown)}; choose from {', '.join(GROUPS)}")
    known = equivalent()
    total: dict[str, int] = {}
    rows = []
    for name in chosen:
        folder = WORK / name if args.report else prepare(name, GROUPS[name])
        if not args.report:
            print(f"mutate: {name} ({', '.join(GROUPS[name].modules)})", flush=True)
            if args.only_survivors:
                keep_verdicts(folder)
            else:
                mutmut(folder, "run", "--max-children", str(args.children))
            again = [m for m, s in results(folder).items() if s in ("survived", "no tests")]
            if again:  # mutmut tests again only what changed: the tests may have, since
                mutmut(folder, "run", "--max-children", str(args.children), *again)
        statuses = results(folder) if folder.is_dir() else {}
        counts: dict[str, int] = {}
        for mutant, status in statuses.items():
            status = "equivalent" if status == "survived" and mutant in known else status
            counts[status] = counts.get(status, 0) + 1
            total[status] = total.get(status, 0) + 1
            if args.survivors and status == "survived":
                print(f"  survived: {mutant}  (in {folder})")
        rows.append((name, counts))
    rows.append(("all", total))
    print(
        f"{'group':<10} {'mutants':>7} {'killed':>7} {'survived':>8} {'no tests':>8} "
        f"{'equivalent':>10} {'unchecked':>9} {'score':>6}"
    )
    for name, counts in rows:
        killed = sum(counts.get(s, 0) for s in KILLED)
        mutants = sum(counts.values())
        unchecked = counts.get("not checked", 0)
        judged = mutants - counts.get("equivalent", 0) - unchecked
        score = f"{100 * killed / judged:.1f}%" if judged else "—"
        print(
            f"{name:<10} {mutants:>7} {killed:>7} {counts.get('survived', 0):>8} "
            f"{counts.get('no tests', 0):>8} {counts.get('equivalent', 0):>10} "
            f"{unchecked:>9} {score:>6}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
