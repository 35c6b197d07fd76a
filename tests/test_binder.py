"""binder/: what repo2docker (Binder, a school's JupyterHub) builds the kit from, and the
Jupyter settings that ./dev puts into .venv/ and binder/postBuild into the image."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import dev_setup
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

ROOT = Path(__file__).parent.parent
BINDER = ROOT / "binder"


def pins() -> dict[str, str]:
    found = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        name, _, version = line.partition("==")
        found[re.sub(r"[-_.]+", "-", name).lower()] = version
    return found


def lines(path: Path) -> list[str]:
    return [s for s in (x.split("#")[0].strip() for x in path.read_text().splitlines()) if s]


def test_requirements_install_the_kit_with_its_widgets_pinned_by_constraints():
    assert lines(BINDER / "requirements.txt") == ["-c ../constraints.txt", ".[hub]"]
    pyproject = dev_setup.read_pyproject(ROOT)
    assert dev_setup.extras_needed(pyproject, ["hub"]) == ["hub", "notebook"]
    for requirement in map(Requirement, dev_setup.requirements_of(pyproject, "hub")):
        (pin,) = requirement.specifier  # the hub's own packages: pinned, as in constraints.txt
        assert pin.operator == "==" and pins()[requirement.name] == pin.version


def test_every_package_the_notebook_extra_brings_is_pinned_as_installed_here():
    """What repo2docker installs is what ./dev installs: each package the notebook extra
    needs, down to the last dependency, has a pin in constraints.txt, the version here."""
    pyproject = dev_setup.read_pyproject(ROOT)
    todo = [Requirement(r) for r in dev_setup.requirements_of(pyproject, "notebook")]
    seen, unpinned = set(), []
    while todo:
        requirement = todo.pop()
        name = re.sub(r"[-_.]+", "-", requirement.name).lower()
        marker_env = {"extra": ""}
        if name in seen or (requirement.marker and not requirement.marker.evaluate(marker_env)):
            continue
        seen.add(name)
        version = metadata.version(name)
        if pins().get(name) != version:
            unpinned.append(f"{name} {version} (constraints.txt: {pins().get(name)})")
        extras = requirement.extras
        for text in metadata.requires(name) or []:
            needed = Requirement(text)
            if not needed.marker or any(needed.marker.evaluate({"extra": e}) for e in extras):
                todo.append(needed)
    assert len(seen) > 50
    assert unpinned == []


def test_the_python_version_is_one_the_kit_supports():
    version = (BINDER / "runtime.txt").read_text().strip()
    assert re.fullmatch(r"python-3\.\d+", version)
    requires = dev_setup.read_pyproject(ROOT)["project"]["requires-python"]
    assert version.removeprefix("python-") in SpecifierSet(requires)


def test_post_build_installs_the_kits_jupyter_settings(tmp_path):
    post_build = BINDER / "postBuild"
    assert os.access(post_build, os.X_OK)
    assert post_build.read_text().startswith("#!/usr/bin/env bash\n")
    bin_dir = tmp_path / "bin"  # repo2docker's environment: python3 is the server's Python
    bin_dir.mkdir()
    (bin_dir / "python3").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    (bin_dir / "python3").chmod(0o755)
    copy = tmp_path / "repo"  # the repository as repo2docker has it, the kit installed
    for folder in ("binder", "tools"):
        shutil.copytree(ROOT / folder, copy / folder)
    (copy / "node_modules").mkdir()  # needed only to build the kit: the script removes it
    env = {**os.environ, "NB_PYTHON_PREFIX": str(tmp_path / "prefix"),
           "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}  # fmt: skip
    subprocess.run(["bash", str(copy / "binder" / "postBuild")], cwd=copy, env=env, check=True)
    assert not (copy / "node_modules").exists()
    for source, target in dev_setup.JUPYTER_SETTINGS.items():
        assert (tmp_path / "prefix" / target).read_bytes() == (ROOT / source).read_bytes()
    for target in dev_setup.LOCAL_SETTINGS:  # ./dev's own, not a hub's
        installed = tmp_path / "prefix" / target
        assert not installed.exists() or "ws_ping_interval" not in installed.read_text()


def test_dev_merges_its_own_server_settings_into_the_kits(tmp_path):
    """./dev's server keeps the kit's settings of the same file (the kernel's websocket) and
    adds its own (no pings); a hub gets the kit's alone."""
    local = dev_setup.jupyter_settings(ROOT, tmp_path, True)
    hub = dev_setup.jupyter_settings(ROOT, tmp_path, False)
    (target,) = dev_setup.LOCAL_SETTINGS
    merged, kit = json.loads(local[tmp_path / target]), json.loads(hub[tmp_path / target])
    assert kit["ServerApp"]["kernel_websocket_connection_class"].endswith("NoDelayKernelConnection")
    assert merged["ServerApp"] == {**kit["ServerApp"], "tornado_settings": {"ws_ping_interval": 0}}


def test_every_jupyter_setting_is_a_real_one():
    """A misspelt setting is ignored without a word: each must name a trait or a schema key."""
    from jupyter_client.manager import KernelManager
    from jupyter_server.serverapp import ServerApp
    from jupyterlab.labapp import LabApp

    classes = {"LabApp": LabApp, "ServerApp": ServerApp, "KernelManager": KernelManager}
    configs = [
        json.loads((BINDER / name).read_text())
        for name in ("jupyter_lab_config.json", "jupyter_server_config.json")
    ]
    configs += dev_setup.LOCAL_SETTINGS.values()
    for section, values in (item for config in configs for item in config.items()):
        traits = classes[section].class_traits(config=True)
        assert set(values) <= set(traits), (section, set(values) - set(traits))
    (local,) = dev_setup.LOCAL_SETTINGS.values()  # the legacy key the websocket handler reads
    assert set(local["ServerApp"]["tornado_settings"]) == {"ws_ping_interval"}
    schemas = Path(sys.prefix) / "share" / "jupyter" / "lab" / "schemas"
    for plugin, values in json.loads((BINDER / "overrides.json").read_text()).items():
        package, name = plugin.split(":")
        schema = json.loads((schemas / package / f"{name}.json").read_text())["properties"]
        for key, value in values.items():
            allowed = [choice["const"] for choice in schema[key].get("oneOf", [])]
            assert not allowed or value in allowed, (key, value, allowed)
            assert isinstance(value, {"string": str, "boolean": bool}[schema[key]["type"]])
