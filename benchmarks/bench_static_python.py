"""Benchmark: widgets in a page with no kernel, their Python running in the browser (Pyodide).

An exported page (``rummy-learn export``) with a 14-card MeldBuilder (no precomputed table:
every verdict comes from Python) and a Game, served on 127.0.0.1 with every other address
blocked, in Chromium. It prints:

- the bytes the page carries for Python in the browser before first use: the widgets'
  snapshots (``setup``), the loader's code in each widget's copy of the front end, and
  ``rummy-widgets.js``'s settings; and that nothing of Pyodide is fetched before a click;
- first click → first verdict on screen, cold (a new browser profile) and warm (the
  browser's cache filled, the page opened again);
- click → verdict on screen once Python is loaded, p50 and p95;
- the size of the files a site gains (``rummy-python/``) and of the whole export folder.

The static server sends the digest-named Python folder with a year's ``Cache-Control``
(as the README's hosting notes suggest); everything else as Python's ``http.server`` does.
The clicks after loading are ``bench_widgets_browser.py``'s: a card into the meld and out.
Targets: < 50 KB before first use, cold ≤ 4 s, warm ≤ 1.5 s, p95 ≤ 50 ms.

    .venv/bin/python benchmarks/bench_static_python.py [--clicks N]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_notebook
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "browser"))
from servers import CHROMIUM, FLAGS, is_local, static_server

sys.path.insert(0, str(Path(__file__).parent))
from bench_widgets_browser import CLICK
from report import record

HAND = "7♠ 8♠ Jkr K♥ K♠ K♦ 3♣ 4♣ 5♣ 6♣ 2♦ 9♥ Q♠ A♦"
CELLS = [
    f'from rummy_learn.widgets import Game, MeldBuilder\nMeldBuilder("{HAND}", variant="romme")',
    'Game(variant="romme", bots=2, seed=1)',
]
FIRST = """() => new Promise((resolve) => {
  const root = document.querySelector('.rl-w-meld_builder');
  const status = () => root.querySelector('.rl-w-slot [role=status]');
  const t0 = performance.now();
  for (const label of ['king of hearts', 'king of spades', 'king of diamonds']) {
    root.querySelector(`.rl-w-hand [aria-label="${label}"]`).click();
  }
  const done = () => status() && /points/.test(status().textContent);
  const observer = new MutationObserver(() => {
    if (!done()) return;
    observer.disconnect();
    requestAnimationFrame(() => resolve(performance.now() - t0));
  });
  observer.observe(root, { subtree: true, childList: true, characterData: true });
})"""


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def loader_bytes() -> int:
    """The loader's share of the front end: ``widgets/src/pyodide.js`` built as the kit builds
    its front end (esbuild, minified)."""
    root = Path(__file__).resolve().parent.parent
    built = subprocess.run(["npx", "esbuild", "widgets/src/pyodide.js", "--bundle", "--minify",
                            "--format=esm", "--target=es2020"], cwd=root, capture_output=True,
                           check=True)  # fmt: skip
    return len(built.stdout)


def before_first_use(page_html: str, folder: Path) -> tuple[int, int, int]:
    """Bytes the page carries for Python in the browser: (snapshots, loader code, settings).

    Each widget's state holds its own copy of the front end (anywidget's ``_esm``), so the
    loader counts once per widget."""
    found = re.search(r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>',
                      page_html, re.S)  # fmt: skip
    state = json.loads(found.group(1)) if found else {"state": {}}
    setups = copies = 0
    for model in state["state"].values():
        traits = model.get("state", {})
        if "setup" in traits:
            setups += len(json.dumps(traits["setup"], ensure_ascii=False).encode())
        copies += "_esm" in traits
    settings = re.search(r"var python = (.*?);", (folder / "rummy-widgets.js").read_text())
    return setups, copies * loader_bytes(), len(settings.group(1)) if settings else 0


PHASES = """() => Object.fromEntries(performance.getEntriesByType('mark')
  .filter((m) => m.name.startsWith('rummy-python:')).map((m) => [m.name.slice(13), m.startTime]))"""


def phases(marks: dict[str, float]) -> str:
    """Where the first verdict's time went: fetching, starting Python, importing the kit."""
    steps = [("fetched", "files"), ("python", "Python starts"), ("kit", "the kit imports")]
    before, said = marks.get("start", 0.0), []
    for name, words in steps:
        if name in marks:
            said.append(f"{words} {marks[name] - before:.0f} ms")
            before = marks[name]
    return ", ".join(said)


def first_verdict(browser: object, url: str, warm: bool) -> tuple[float, list[str], str]:
    """ms from the first click to the first verdict; warm: the page opened once before."""
    context = browser.new_context()  # type: ignore[attr-defined]
    context.route("**/*", lambda r: r.continue_() if is_local(r.request.url) else r.abort())
    page = context.new_page()
    early: list[str] = []
    try:
        if warm:
            page.goto(url)
            page.wait_for_selector(".rl-w-meld_builder .rl-w-card", timeout=60_000)
            page.evaluate(FIRST)  # Python loaded once: the cache holds its files, and
            page.wait_for_function(  # the browser the snapshot of Python once it is written
                "performance.getEntriesByName('rummy-python:kept').length > 0", timeout=60_000
            )
            page.reload()
        page.on("request", lambda r: early.append(r.url) if "rummy-python" in r.url else None)
        page.goto(url)
        page.wait_for_selector(".rl-w-meld_builder .rl-w-card", timeout=60_000)
        page.wait_for_timeout(500)
        fetched_early = list(early)
        ms = float(page.evaluate(FIRST))
        return ms, fetched_early, phases(page.evaluate(PHASES))
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--clicks", type=int, default=60)
    args = parser.parse_args()
    from rummy_learn.widgets.export import export_html

    work = Path(tempfile.mkdtemp())
    nb = new_notebook(cells=[new_code_cell(c) for c in CELLS])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}  # fmt: skip
    nbformat.write(nb, work / "static.ipynb")
    site = work / "site"
    page_file = export_html(work / "static.ipynb", site)
    setups, loaders, settings = before_first_use(page_file.read_text(encoding="utf-8"), site)
    gained = setups + loaders + settings
    python_folder = folder_size(site / "rummy-python")
    print(f"before first use: {gained / 1000:.1f} KB (snapshots {setups / 1000:.1f} KB, loader "
          f"{loaders / 1000:.1f} KB in 2 widgets, settings {settings} B)")  # fmt: skip
    print("(target < 50 KB)")
    with static_server(site, immutable="/rummy-python/") as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        colds, warms, early = [], [], []
        for _ in range(3):
            ms, fetched, cold_phases = first_verdict(browser, f"{url}/static.html", warm=False)
            colds.append(ms)
            early += fetched
            ms, _, warm_phases = first_verdict(browser, f"{url}/static.html", warm=True)
            warms.append(ms)
            print(f"  cold {colds[-1]:.0f} ms ({cold_phases}); warm {ms:.0f} ms ({warm_phases})")
        cold, warm = statistics.median(colds), statistics.median(warms)
        print(f"first click → first verdict: cold {cold:.0f} ms, warm {warm:.0f} ms (median of 3; "
              f"targets ≤ 4000 and ≤ 1500 ms)")  # fmt: skip
        print(f"Pyodide's files fetched before a click: {len(early)} (should be 0)")
        context = browser.new_context()
        context.route("**/*", lambda r: r.continue_() if is_local(r.request.url) else r.abort())
        page = context.new_page()
        page.goto(f"{url}/static.html")
        page.wait_for_selector(".rl-w-meld_builder .rl-w-card", timeout=60_000)
        page.evaluate(FIRST)
        times = [float(page.evaluate(CLICK, 0)) for _ in range(args.clicks)][2:]
        p50, p95 = statistics.median(times), statistics.quantiles(times, n=20)[-1]
        print(f"click → verdict after loading: p50 {p50:.0f} ms, p95 {p95:.0f} ms over "
              f"{len(times)} clicks (target p95 ≤ 50 ms)")  # fmt: skip
        browser.close()
    total = folder_size(site)
    print(f"the Python a site gains (rummy-python/): {python_folder / 1e6:.1f} MB; the whole "
          f"export folder {total / 1e6:.1f} MB")  # fmt: skip
    figures = (f"{gained / 1000:.0f} KB before first use, {len(early)} of Pyodide's files "
               f"fetched before a click; first verdict cold {cold / 1000:.1f} s, warm "
               f"{warm / 1000:.1f} s; after loading p50 {p50:.0f} ms, p95 {p95:.0f} ms; "
               f"rummy-python/ {python_folder / 1e6:.1f} MB")  # fmt: skip
    record("bench_static_python.py", figures)
    return 0 if not early else 1


if __name__ == "__main__":
    sys.exit(main())
