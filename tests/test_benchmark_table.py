"""The README's benchmark table is the one ./dev bench prints (benchmarks/report.py): the
same benchmarks, the same words for what each measures and how, the same goals, the
machine and the date; only the figures come from a run."""

from __future__ import annotations

import json
import re
from pathlib import Path

import report

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def readme_table() -> tuple[str, str]:
    """The README's line about the machine, and its table, under "## Benchmarks"."""
    section = README.split("\n## Benchmarks\n", 1)[1].split("\n## ", 1)[0]
    measured = re.search(r"^Measured by `\./dev bench` on .*$", section, re.M)
    table = re.search(r"^\| benchmark \|.*?(?=\n\n|\Z)", section, re.M | re.S)
    assert measured and table, "the README's Benchmarks section lacks the table or its date"
    return measured.group(0), table.group(0)


def test_the_readme_table_is_what_dev_bench_prints():
    _, table = readme_table()
    figures = {}
    for row in table.splitlines()[2:]:
        command, _, _, measured = (cell.strip() for cell in row.strip("|").split(" | "))
        figures[command.strip("`").removeprefix("benchmarks/")] = measured
    assert table == report.table(figures)
    assert "not measured" not in table


def test_the_readme_says_the_machine_the_date_and_the_load():
    line, _ = readme_table()
    machine = r"on \d{4}-\d{2}-\d{2}: .+, \d+ cores, \d+ GB, .+, Python 3\.\d+\.\d+; "
    load = r"load average \d+\.\d at the start and \d+\.\d at the end\.$"
    assert re.search(machine + load, line)
    today = report.machine((1.25, 2.0), report.datetime.date(2026, 12, 1))
    assert today.startswith("Measured by `./dev bench` on 2026-12-01: ")
    assert today.endswith("load average 1.2 at the start and 2.0 at the end.")


def test_every_benchmark_script_is_in_the_table_and_records_its_figures():
    scripts = sorted(p.name for p in (ROOT / "benchmarks").glob("bench_*.py"))
    assert sorted({b.script for b in report.BENCHMARKS}) == scripts
    for script in scripts:
        source = (ROOT / "benchmarks" / script).read_text()
        assert re.search(rf'record\(\s*"{re.escape(script)}",\s', source), script


def test_record_writes_only_while_report_runs(tmp_path, monkeypatch):
    monkeypatch.delenv(report.RECORD, raising=False)
    report.record("bench_x.py", "1 ms")  # run alone: nothing written anywhere
    path = tmp_path / "figures.jsonl"
    monkeypatch.setenv(report.RECORD, str(path))
    report.record("bench_x.py", "1 ms")
    report.record("bench_y.py", "2 ms")
    assert [json.loads(line) for line in path.read_text().splitlines()] == [
        {"script": "bench_x.py", "figures": "1 ms"}, {"script": "bench_y.py", "figures": "2 ms"}
    ]  # fmt: skip
    assert "| `benchmarks/bench_book.py` |" in report.table({})
    assert "not measured (the benchmark failed)" in report.table({})
