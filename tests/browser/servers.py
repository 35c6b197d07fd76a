"""Servers the browser tests and the browser benchmark start on 127.0.0.1, and stop."""

from __future__ import annotations

import contextlib
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

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
TOKEN = "rummy-learn-test"
LESSON = Path(__file__).parent.parent.parent / "lessons" / "ru" / "06-turn.ipynb"  # run live


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def jupyterlab(root: Path, notebooks: list[Path]) -> Iterator[tuple[str, str]]:
    """JupyterLab serving copies of ``notebooks`` from ``root``; yields (url, token)."""
    for notebook in notebooks:
        shutil.copy(notebook, root / notebook.name)
    port = free_port()
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(root / ".config"),
           "JUPYTER_RUNTIME_DIR": str(root / ".runtime")}  # fmt: skip
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
        wait_for_jupyter(url, TOKEN, server, root / "lab.log", seconds=90)
        yield url, TOKEN
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


def wait_for_jupyter(
    url: str, token: str, server: subprocess.Popen[bytes], log: Path, seconds: float
) -> None:
    """Wait until the Jupyter server at ``url`` answers; its log's end if it never does."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2) as answer:
                json.load(answer)
            return
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(log.read_text()[-4000:]) from None
            time.sleep(0.5)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    immutable: str | None = None  # paths holding this are sent to be cached for a year

    def log_message(self, *args: object) -> None:  # the output stays readable
        pass

    def end_headers(self) -> None:
        if self.immutable and self.immutable in self.path:
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        super().end_headers()


@contextlib.contextmanager
def static_server(folder: Path, immutable: str | None = None) -> Iterator[str]:
    """A plain file server for ``folder`` on 127.0.0.1; files whose path holds ``immutable``
    are sent with a year's ``Cache-Control`` (as a site may send its digest-named files)."""
    quiet = type("Handler", (_QuietHandler,), {"immutable": immutable})
    handler = functools.partial(quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def exported_page(notebook: Path, folder: Path) -> Iterator[str]:
    """``notebook`` run and exported offline into ``folder``, served on 127.0.0.1: its URL."""
    from rummy_learn.widgets.export import export_html

    export_html(notebook, folder)
    with static_server(folder) as url:
        yield f"{url}/{notebook.stem}.html"


def is_local(url: str) -> bool:
    """Requests the pages may make: this machine, and in-page data."""
    return url.startswith(("http://127.0.0.1", "http://localhost", "file://", "data:", "blob:"))


def open_notebook(page: object, url: str, token: str, name: str) -> None:
    """Open a notebook in a fresh JupyterLab workspace and run all its cells."""
    page.goto(f"{url}/lab/tree/{name}?reset&token={token}")  # type: ignore[attr-defined]
    page.wait_for_selector(".jp-NotebookPanel", timeout=60_000)  # type: ignore[attr-defined]
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=60_000)  # type: ignore[attr-defined]
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()  # type: ignore[attr-defined]
    page.get_by_text("Run All Cells", exact=True).click()  # type: ignore[attr-defined]
