"""The README's console sessions run as shown (its Python session is a doctest of its own)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from rummy_learn.cli import main

README = (Path(__file__).parent.parent / "README.md").read_text()


def console_sessions():
    """(command, expected output or None) for every `$ rummy-learn …` line of the README."""
    sessions = []
    for block in re.findall(r"```console\n(.*?)```", README, re.S):
        for chunk in re.split(r"^(?=\$ )", block, flags=re.M):
            if not chunk.startswith("$ "):
                continue
            command, _, output = chunk.partition("\n")
            command = command[2:].split("  #")[0].strip()
            sessions.append((command, output.strip() or None))
    return sessions


@pytest.mark.parametrize(("command", "expected"), console_sessions())
def test_console_examples(capsys, command, expected):
    words = shlex.split(command)
    assert words[0] == "rummy-learn"
    assert main(words[1:]) == 0
    out = capsys.readouterr().out.strip()
    if expected is not None:
        assert out == expected


def test_there_are_console_examples():
    assert len(console_sessions()) >= 5


def test_the_layout_names_every_module_of_the_package():
    """The README's layout section lists each module and folder of rummy_learn/, no more."""
    block = README.split("## Layout", 1)[1].split("```")[1]
    lines = block.split("rummy_learn/", 1)[1].split("\nwidgets/")[0].splitlines()
    named = set()
    for line in lines:
        names, _, _ = line.strip().partition("  ")
        if line.startswith("  ") and not line.startswith("   "):
            named |= {n.strip() for n in names.split(",")}
    package = Path(__file__).parent.parent / "rummy_learn"
    modules = {p.stem for p in package.glob("*.py") if p.stem != "__init__"}
    folders = {f"{p.name}/" for p in package.iterdir() if (p / "__init__.py").exists()}
    assert named == modules | folders
