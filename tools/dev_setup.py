"""What ``./dev`` installs before a command: only what is missing, one line per step.

    python3 tools/dev_setup.py EXTRA[,EXTRA...]     # ./dev runs it with the system Python
    python3 tools/dev_setup.py --jupyter-settings PREFIX   # binder/postBuild: step 5 alone

The steps, each said in one line as it starts:

1. the widgets' front-end packages (``npm ci``, pinned by ``package-lock.json``);
2. the Python environment ``.venv/``;
3. the Python packages of the extras that are not installed yet, in one pip run (pinned
   by ``constraints.txt``), taking in the extras an extra names (``test`` brings
   ``notebook`` and ``book``, so ``./dev run`` after ``./dev test`` installs nothing);
4. the kit itself, an editable install whose build compiles the catalogs and builds the
   widgets' front end;
5. the kit's Jupyter settings (those of ``binder/``, and ``LOCAL_SETTINGS`` for ./dev's
   own server), written into ``.venv/``.

Each step keeps a stamp: a hash of what it was made from (the pins, the extra's
requirements, the ``.po`` catalogs, the front end's sources). A step runs again only when
those change. What a step produces (the compiled ``.mo`` files, the built front end) is
never one of its inputs, so one command's build cannot make another command reinstall.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "rummy-learn"
# The kit's Jupyter settings: where each file of binder/ goes under a Python prefix.
JUPYTER_SETTINGS = {
    "binder/jupyter_lab_config.json": "etc/jupyter/jupyter_lab_config.json",
    "binder/overrides.json": "share/jupyter/lab/settings/overrides.json",
    "binder/jupyter_server_config.json": "etc/jupyter/jupyter_server_config.json",
}
# ./dev's own server only (merged into the kit's settings of the same file): no websocket
# pings. Between a browser and a server on this machine (or the room's network) there is no
# proxy to keep a connection alive through, and jupyter_server 2.21 pings in milliseconds
# where tornado 6.5 reads seconds, which makes tornado warn at each server's first websocket
# (jupyter_server issue 1612); a timeout that quiets it closes busy connections. A hub keeps
# Jupyter's pings.
LOCAL_SETTINGS = {
    "etc/jupyter/jupyter_server_config.json": {"ServerApp": {"tornado_settings": {
        "ws_ping_interval": 0}}},
}  # fmt: skip


@dataclass
class Step:
    """One thing to do: its name, what the learner reads, the command, the stamps it leaves
    (each a file and the hash of what the step was made from)."""

    name: str
    says: str
    command: list[str]
    stamps: dict[Path, str] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)
    writes: dict[Path, bytes] = field(default_factory=dict)  # files to write, no command


def read_pyproject(root: Path) -> dict[str, object]:
    import tomllib

    with (root / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)


def extras_needed(pyproject: dict[str, object], wanted: Iterable[str]) -> list[str]:
    """The extras ``wanted`` and every extra they name, in a stable order.

    >>> extras_needed({"project": {"optional-dependencies": {
    ...     "a": ["x==1"], "b": ["rummy-learn[a]", "y==2"], "c": ["rummy-learn[a,b]"]}}}, ["c"])
    ['a', 'b', 'c']
    """
    table = _extras(pyproject)
    seen: set[str] = set()
    todo = [name for name in wanted if name]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in table:
            raise SystemExit(f"dev: pyproject.toml has no extra named {name!r}")
        seen.add(name)
        todo.extend(_self_extras(table[name]))
    return sorted(seen)


def requirements_of(pyproject: dict[str, object], extra: str) -> list[str]:
    """An extra's own requirements, without the extras of the kit it names.

    >>> requirements_of({"project": {"optional-dependencies": {
    ...     "b": ["rummy-learn[a]", "y==2"]}}}, "b")
    ['y==2']
    """
    return [r for r in _extras(pyproject)[extra] if not _is_self(r)]


def plan(root: Path, venv: Path, wanted: Iterable[str]) -> list[Step]:
    """The steps that are needed now for these extras, in the order they must run."""
    pyproject = read_pyproject(root)
    extras = extras_needed(pyproject, wanted)
    python, stamps = venv / "bin" / "python", venv / ".dev"
    pins = {"PIP_CONSTRAINT": str(root / "constraints.txt")}
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    steps = []
    lock, lock_digest = root / "node_modules" / ".dev-stamp", digest([root / "package-lock.json"])
    if _stamp(lock) != lock_digest:
        says = "installing the widgets' front-end packages (npm ci, pinned by package-lock.json)"
        npm = ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"]
        steps.append(Step("npm", says, npm, {lock: lock_digest}))
    if not python.exists():
        says = f"creating the Python environment {venv.name}/"
        steps.append(Step("venv", says, [sys.executable, "-m", "venv", str(venv)]))
    constraints = (root / "constraints.txt").read_text(encoding="utf-8")
    missing, requirements = {}, []  # the extras not installed yet: one pip run for all
    for extra in extras:
        wanted_digest = _hash(json.dumps([requirements_of(pyproject, extra), constraints]))
        if _stamp(stamps / f"extra-{extra}") != wanted_digest:
            missing[stamps / f"extra-{extra}"] = wanted_digest
            requirements += requirements_of(pyproject, extra)
    if missing:
        names = ", ".join(path.name.removeprefix("extra-") for path in missing)
        says = f"installing the Python packages for {names} (pinned by constraints.txt)"
        command = [*pip, *requirements] if requirements else []
        steps.append(Step("extras " + names, says, command, missing, pins))
    metadata = json.dumps({k: pyproject.get(k) for k in ("project", "build-system")})
    build_digest = digest(build_inputs(root), extra=metadata)
    if _stamp(stamps / "build") != build_digest or not built(root, venv):
        says = f"building rummy-learn into {venv.name}/ (the catalogs, the widgets' front end)"
        command = [*pip, "--no-deps", "--editable", str(root)]
        steps.append(Step("build", says, command, {stamps / "build": build_digest}, pins))
    stale = jupyter_settings(root, venv, local=True) if "notebook" in extras else {}
    if stale:
        says = f"the kit's Jupyter settings into {venv.name}/ (no news prompt, no update check)"
        steps.append(Step("settings", says, [], writes=stale))
    return steps


def build_inputs(root: Path) -> list[Path]:
    """What the kit's build is made from; never what it makes (.mo files, the built script)."""
    sources = [root / "hatch_build.py", root / "package-lock.json"]
    sources += [p for p in [root / "lessons" / "glossary.yaml"] if p.exists()]  # new-book's copy
    sources += [p for p in [root / "package.json"] if p.exists()]  # how the front end is built
    sources += sorted((root / "rummy_learn" / "i18n" / "locale").glob("*/LC_MESSAGES/*.po"))
    sources += sorted(p for p in (root / "widgets" / "src").rglob("*") if p.is_file())
    return sources


def built(root: Path, venv: Path) -> bool:
    """Whether the editable install and what its build makes are all in place."""
    catalogs = (root / "rummy_learn" / "i18n" / "locale").glob("*/LC_MESSAGES/*.po")
    return (
        any(venv.glob("lib/python*/site-packages/rummy_learn-*.dist-info"))
        and (root / "rummy_learn" / "widgets" / "static" / "widget.js").exists()
        and all(po.with_suffix(".mo").exists() for po in catalogs)
    )


def digest(paths: Iterable[Path], extra: str = "") -> str:
    """A hash of these files' names and contents (and of ``extra``)."""
    sha = hashlib.sha256(extra.encode())
    for path in paths:
        sha.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return sha.hexdigest()


def run(steps: list[Step], runner: Callable[[Step], None] | None = None) -> None:
    """Do each step, saying it first in one line; its stamps are written once it worked."""
    for step in steps:
        print(f"dev: {step.says}", flush=True)
        if step.command or step.writes:
            (runner or _execute)(step)
        for stamp, made_from in step.stamps.items():
            stamp.parent.mkdir(parents=True, exist_ok=True)
            stamp.write_text(made_from, encoding="utf-8")


def _execute(step: Step) -> None:
    for target, content in step.writes.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)
    if step.command:
        if step.command[0] == "npm" and shutil.which("npm") is None:
            raise SystemExit("dev: the widgets' front end needs Node.js with npm on the PATH")
        env = {**os.environ, **step.env}
        out = {"stdout": subprocess.PIPE, "stderr": subprocess.STDOUT}
        done = subprocess.run(step.command, cwd=ROOT, env=env, check=False, **out)
        if done.returncode:  # the tools' own words only when they failed
            sys.stdout.buffer.write(done.stdout)
            raise SystemExit(f"dev: this step failed (exit {done.returncode}): {step.says}")


def _extras(pyproject: dict[str, object]) -> dict[str, list[str]]:
    project = pyproject.get("project")
    table = project.get("optional-dependencies", {}) if isinstance(project, dict) else {}
    return dict(table)


def _is_self(requirement: str) -> bool:
    return re.match(rf"{PACKAGE}\s*\[", requirement) is not None


def _self_extras(requirements: list[str]) -> list[str]:
    found = []
    for requirement in requirements:
        if _is_self(requirement):
            inside = requirement.split("[", 1)[1].split("]", 1)[0]
            found += [name.strip() for name in inside.split(",")]
    return found


def _stamp(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _merged(base: dict[str, object], extra: dict[str, object]) -> dict[str, object]:
    """``base`` with ``extra``'s settings, section by section.

    >>> _merged({"A": {"x": 1}}, {"A": {"y": {"z": 2}}, "B": {}})
    {'A': {'x': 1, 'y': {'z': 2}}, 'B': {}}
    """
    out = dict(base)
    for key, value in extra.items():
        known = out.get(key)
        both = isinstance(known, dict) and isinstance(value, dict)
        out[key] = _merged(known, value) if both else value  # type: ignore[arg-type]
    return out


def jupyter_settings(root: Path, prefix: Path, local: bool) -> dict[Path, bytes]:
    """The kit's Jupyter settings that ``prefix`` lacks (``local``: with ./dev's own), by file."""
    wanted = {prefix / target: (root / source).read_bytes()
              for source, target in JUPYTER_SETTINGS.items()}  # fmt: skip
    if local:
        for target, config in LOCAL_SETTINGS.items():
            kit = json.loads(wanted.get(prefix / target, b"{}"))
            wanted[prefix / target] = (json.dumps(_merged(kit, config), indent=2) + "\n").encode()
    return {t: c for t, c in wanted.items() if not t.exists() or t.read_bytes() != c}


def main(argv: list[str]) -> int:
    if sys.version_info < (3, 11):  # noqa: UP036 (./dev runs this with any python3)
        sys.exit(f"dev: rummy-learn needs Python 3.11 or newer; {sys.executable} is "
                 f"{sys.version.split()[0]} (set PYTHON=/path/to/python3.11)")  # fmt: skip
    if argv[:1] == ["--jupyter-settings"] and len(argv) == 2:  # binder/postBuild
        _execute(Step("settings", "", [], writes=jupyter_settings(ROOT, Path(argv[1]), False)))
        return 0
    wanted = argv[0].split(",") if argv else []
    run(plan(ROOT, ROOT / ".venv", wanted))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
