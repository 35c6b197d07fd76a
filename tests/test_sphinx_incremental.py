"""Incremental and parallel builds: the glossary file and the kit's version are
dependencies, and duplicate example ids are caught across parallel readers."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from sphinx_project import GLOSSARY, sphinx_build, write_project

from rummy_learn.sphinxext import AuthorError

PAGE = "# P\n\nA {rterm}`set`.\n\n```{toctree}\nglossary\nother\n```\n"


def project(tmp_path: Path) -> Path:
    src = write_project(tmp_path / "src", {"index.md": PAGE, "other.md": "# Other\n\nNo kit.\n"})
    shutil.copy(GLOSSARY, src / "glossary.yaml")
    conf = (src / "conf.py").read_text().replace(repr(str(GLOSSARY)), "'glossary.yaml'")
    (src / "conf.py").write_text(conf)
    return src


def reread(src: Path, out: Path) -> list[str]:
    """Build again (not afresh); the pages Sphinx read."""
    status = io.StringIO()
    sphinx_build(src, out, fresh=False, status=status)
    plain = re.sub(r"\x1b\[[0-9;]*m", "", status.getvalue())
    reading = [line for line in plain.splitlines() if "reading sources" in line]
    return re.findall(r"\] (\w+)", " ".join(reading))


def test_a_changed_glossary_rebuilds_the_pages_that_use_it(tmp_path: Path) -> None:
    src, out = project(tmp_path), tmp_path / "html"
    sphinx_build(src, out)
    assert reread(src, out) == []
    file = src / "glossary.yaml"
    old = "Ein Satz (Mehrzahl: Sätze) besteht aus drei oder vier Karten"
    file.write_text(file.read_text(encoding="utf-8").replace(old, "Neu: ein Satz hat"))
    assert sorted(reread(src, out)) == ["glossary", "index"]  # not "other"
    page = (out / "index.html").read_text(encoding="utf-8")
    assert 'title="Neu: ein Satz hat' in page


def test_another_kit_version_rebuilds_the_pages_that_use_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rummy_learn.sphinxext import records

    src, out = project(tmp_path), tmp_path / "html"
    sphinx_build(src, out)
    monkeypatch.setattr(records, "KIT_VERSION", "99.0")
    assert sorted(reread(src, out)) == ["glossary", "index"]
    assert reread(src, out) == []


def test_duplicate_ids_are_caught_in_a_parallel_build(tmp_path: Path) -> None:
    example = "```{{rummy-example}} {id}\n:cards: K♥ K♠ K♦\n:expect: valid\n```\n"
    pages = {f"p{n}.md": f"# Page {n}\n\n" + example.format(id=f"e{n}") for n in range(10)}
    pages["p9.md"] = "# Page 9\n\n" + example.format(id="e0")
    toc = "\n".join(f"p{n}" for n in range(10))
    pages["index.md"] = f"# Book\n\n```{{toctree}}\n{toc}\n```\n"
    src = write_project(tmp_path / "src", pages)
    with pytest.raises(AuthorError, match=r"p9.md:3: example id 'e0' is already used at .*p0.md:3"):
        sphinx_build(src, tmp_path / "html", parallel=2)
