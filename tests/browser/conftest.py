"""Real-browser fixtures: Debian's Chromium driven by Playwright, servers on 127.0.0.1."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from servers import CHROMIUM, FLAGS, LESSON, is_local, jupyterlab, static_server

NOTEBOOKS = Path(__file__).parent / "notebooks"


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (./dev test does)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """JupyterLab serving the fixture notebooks on 127.0.0.1; stopped after the tests."""
    notebooks = [*sorted(NOTEBOOKS.glob("*.ipynb")), LESSON]
    root = tmp_path_factory.mktemp("lab")
    shutil.copytree(LESSON.parent / "exercises", root / "exercises")  # the lesson's quiz file
    with jupyterlab(root, notebooks) as server:
        yield server


@pytest.fixture(scope="session")
def static_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The static fixture notebook exported offline, served on 127.0.0.1."""
    from rummy_learn.widgets.export import export_html

    folder = tmp_path_factory.mktemp("site")
    export_html(NOTEBOOKS / "static.ipynb", folder)
    with static_server(folder) as url:
        yield url


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    """A fresh page that may reach 127.0.0.1 only."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})  # type: ignore[attr-defined]
    context.route(
        "**/*", lambda route: route.continue_() if is_local(route.request.url) else route.abort()
    )
    page = context.new_page()
    yield page
    context.close()
