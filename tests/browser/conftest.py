"""Real-browser fixtures: Debian's Chromium driven by Playwright, JupyterLab on 127.0.0.1."""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:  # the test output stays readable
        pass


FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
TOKEN = "rummy-learn-test"


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (./dev test does)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield chromium
        chromium.close()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """JupyterLab serving tests/browser/notebooks on 127.0.0.1; stopped after the tests."""
    root = tmp_path_factory.mktemp("lab")
    for notebook in (Path(__file__).parent / "notebooks").glob("*.ipynb"):
        shutil.copy(notebook, root / notebook.name)
    port = _free_port()
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(root / ".config"),
        "JUPYTER_RUNTIME_DIR": str(root / ".runtime"),
    }
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", f"--ServerApp.port={port}",
        "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={TOKEN}",
        f"--ServerApp.root_dir={root}", "--LabApp.news_url=", "--ServerApp.port_retries=0",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", "--allow-root",
        "--LabApp.extension_manager=readonly",
    ]  # fmt: skip
    log = (root / "lab.log").open("w")
    server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/status?token={TOKEN}", timeout=2) as answer:
                    json.load(answer)
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError((root / "lab.log").read_text()[-3000:]) from None
                time.sleep(0.5)
        yield url, TOKEN
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    """A fresh page that may reach 127.0.0.1 only."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})  # type: ignore[attr-defined]
    context.route(
        "**/*", lambda route: route.continue_() if _local(route.request.url) else route.abort()
    )
    page = context.new_page()
    yield page
    context.close()


def _local(url: str) -> bool:
    return url.startswith(("http://127.0.0.1", "http://localhost", "file://", "data:", "blob:"))


@pytest.fixture(scope="session")
def static_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The static fixture notebook exported offline, served on 127.0.0.1."""
    from rummy_learn.widgets.export import export_html

    folder = tmp_path_factory.mktemp("site")
    export_html(Path(__file__).parent / "notebooks" / "static.ipynb", folder)
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
