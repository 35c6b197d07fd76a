"""Benchmark: a class of thirty on one Jupyter server, each learner with a Game and a MeldBuilder.

One JupyterLab server on 127.0.0.1, with the kit's Jupyter settings as ``./dev run`` has
them, and one kernel per learner, opened through the server's REST API. Each learner's
kernel runs a notebook cell that makes a ``Game`` (Rommé against 2 bots) and a
``MeldBuilder`` (13 cards), in ru, bg or de. Then every learner makes a move every 2 s for
2 minutes, on one widget and then the other: a meld in the builder (1 to 6 cards in two
slots) or a turn's step in the game (draw, discard and the bots' turns, a new round at the
end). A move goes the way the widgets' front end sends it: a comm message (anywidget's
"custom" message) built with jupyter_client's Session, on the kernel's websocket through
the server. It is answered when the kernel is idle again, every state update sent; its
time runs from the send until then.

Prints move → answer p50, p95 and max (for all moves, and for each widget), the memory of
the server with its kernels (RSS, and PSS, which counts shared pages once), the machine's
load, and every failed move: no answer within 30 s, an error, a refused move, a closed
websocket. Goals on the project's 2-core machine: p95 ≤ 250 ms, no failed move, total
RSS ≤ 3 GB.

    .venv/bin/python benchmarks/bench_classroom.py [--learners 30] [--minutes 2] [--every 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil
from jupyter_client.jsonutil import json_default
from jupyter_client.session import Session
from jupyter_server.services.kernels.connection.base import deserialize_binary_message
from tornado.httpclient import HTTPRequest
from tornado.websocket import WebSocketClientConnection, WebSocketClosedError, websocket_connect

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "browser"))
from report import record
from servers import jupyterlab

HAND = "K♥ K♠ K♦ 5♣ 6♣ 7♣ 8♣ Jkr 2♦ 9♥ Q♠ Q♦ 3♥"
CELL = """import rummy_learn
from rummy_learn.widgets import Game, MeldBuilder
rummy_learn.set_language({lang!r})
game = Game(variant="romme", bots=2, seed={seed})
builder = MeldBuilder({hand!r}, variant="romme")
display(game, builder)"""
LANGUAGES = ("ru", "bg", "de")
TIMEOUT = 30.0  # seconds without an answer: a failed move
GOAL_P95_MS, GOAL_RSS_GB = 250, 3.0


@dataclass
class Learner:
    """One learner's kernel, seen through its websocket: the widgets' state, answers awaited."""

    number: int
    kernel: str
    socket: WebSocketClientConnection
    session: Session = field(default_factory=Session)
    widgets: dict[str, str] = field(default_factory=dict)  # kind -> comm id
    state: dict[str, dict[str, Any]] = field(default_factory=dict)  # comm id -> state
    waiting: dict[str, asyncio.Future[list[dict[str, Any]]]] = field(default_factory=dict)
    answers: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    moves: int = 0

    async def listen(self) -> None:
        """Read every message of the websocket until it closes."""
        while (frame := await self.socket.read_message()) is not None:
            message = (
                deserialize_binary_message(frame) if isinstance(frame, bytes) else json.loads(frame)
            )
            self.receive(message)
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(ConnectionError("the websocket closed"))

    def receive(self, message: dict[str, Any]) -> None:
        kind, content = message["msg_type"], message["content"]
        parent = message.get("parent_header", {}).get("msg_id", "")
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            state = content["data"]["state"]
            self.state[content["comm_id"]] = dict(state)
            if state.get("kind"):
                self.widgets[state["kind"]] = content["comm_id"]
        elif kind == "comm_msg" and content["data"].get("method") == "update":
            self.state.setdefault(content["comm_id"], {}).update(content["data"]["state"])
        if parent in self.answers:
            self.answers[parent].append(message)
        if kind == "status" and content["execution_state"] == "idle" and parent in self.waiting:
            self.waiting.pop(parent).set_result(self.answers.pop(parent))

    async def ask(self, msg_type: str, content: dict[str, Any]) -> list[dict[str, Any]]:
        """Send a shell message; the messages it caused, once the kernel is idle again."""
        message = self.session.msg(msg_type, content)
        message["channel"] = "shell"
        msg_id = message["header"]["msg_id"]
        self.answers[msg_id] = []
        self.waiting[msg_id] = asyncio.get_running_loop().create_future()
        await self.socket.write_message(json.dumps(message, default=json_default))
        return await asyncio.wait_for(self.waiting[msg_id], TIMEOUT)

    def next_move(self) -> tuple[str, str, dict[str, Any]]:
        """(widget, what, the front end's message) for this learner's next move."""
        self.moves += 1
        if self.moves % 2:
            ids = [card["id"] for card in self.state[self.widgets["meld_builder"]]["cards"]]
            size = self.moves // 2 % 7
            slots = [ids[: min(size, 3)], ids[3 : 3 + max(0, size - 3)]]
            return "meld_builder", "slots", {"type": "slots", "slots": slots, "seq": self.moves}
        game = self.state[self.widgets["game"]]
        if game["result"]:
            return "game", "new_round", {"type": "new_round"}
        if game["phase"] == "draw":
            return "game", "draw", {"type": "move", "move": {"type": "draw"}}
        hand = [card["id"] for card in game["cards"] if not card["id"].startswith("Jkr")]
        card = hand[-1] if hand else game["cards"][-1]["id"]
        return "game", "discard", {"type": "move", "move": {"type": "discard", "card": card}}

    def problem(self, widget: str, answer: list[dict[str, Any]]) -> str | None:
        """What went wrong with a move, seen in its answer and the widget's state."""
        errors = [m["content"].get("ename", "") for m in answer if m["msg_type"] == "error"]
        state = self.state[self.widgets[widget]]
        if errors:
            return "error in the kernel: " + ", ".join(errors)
        if state.get("error"):
            return "the widget refused the message: " + state["error"]
        if widget == "game" and state.get("message"):
            return "the game refused the move: " + " ".join(state["message"])
        if widget == "meld_builder" and state.get("seq") != self.moves:
            return "the builder did not answer this move"
        return None


def api(url: str, token: str, path: str, method: str = "GET", body: object = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{url}{path}", data=data, method=method,
                                     headers={"Authorization": f"token {token}"})  # fmt: skip
    with urllib.request.urlopen(request, timeout=120) as answer:
        text = answer.read()
    return json.loads(text) if text else None


async def open_learner(url: str, token: str, number: int) -> Learner:
    """A kernel with its websocket, and the learner's cell run in it."""
    loop = asyncio.get_running_loop()
    kernel = await loop.run_in_executor(
        None, api, url, token, "/api/kernels", "POST", {"name": "python3"}
    )
    session = Session()
    ws_url = url.replace("http", "ws") + f"/api/kernels/{kernel['id']}/channels"
    request = HTTPRequest(f"{ws_url}?session_id={session.session}",
                          headers={"Authorization": f"token {token}"})  # fmt: skip
    learner = Learner(number, kernel["id"], await websocket_connect(request), session)
    asyncio.get_running_loop().create_task(learner.listen())
    lang = LANGUAGES[number % len(LANGUAGES)]
    code = CELL.format(lang=lang, seed=number, hand=HAND)
    answer = await learner.ask("execute_request", {"code": code, "silent": False})
    if [m for m in answer if m["msg_type"] == "error"] or len(learner.widgets) < 2:
        raise RuntimeError(f"learner {number}: the cell did not make both widgets: {answer}")
    return learner


@dataclass
class Results:
    times: dict[str, list[float]] = field(default_factory=dict)  # widget -> ms
    failures: list[str] = field(default_factory=list)
    rss_peak: int = 0


async def play(learner: Learner, start: float, moves: int, every: float, out: Results) -> None:
    """The learner's moves, one every ``every`` seconds (or at once after a late answer)."""
    loop = asyncio.get_running_loop()
    for index in range(moves):
        await asyncio.sleep(max(0.0, start + index * every - loop.time()))
        widget, what, content = learner.next_move()
        data = {"method": "custom", "content": content}
        sent = time.perf_counter()
        try:
            answer = await learner.ask(
                "comm_msg", {"comm_id": learner.widgets[widget], "data": data}
            )
        except (TimeoutError, ConnectionError, WebSocketClosedError) as failure:
            out.failures.append(f"learner {learner.number}, {what}: {failure or 'no answer'}")
            continue
        out.times.setdefault(widget, []).append((time.perf_counter() - sent) * 1000)
        problem = learner.problem(widget, answer)
        if problem:
            out.failures.append(f"learner {learner.number}, {what}: {problem}")


def memory() -> tuple[int, int, int]:
    """(RSS of the server and its kernels, their PSS, the server's own RSS), in bytes."""
    rss = pss = server = 0
    for process in psutil.Process().children(recursive=True):
        try:
            info = process.memory_full_info()
        except psutil.Error:
            continue
        rss, pss = rss + info.rss, pss + info.pss
        if "jupyterlab" in " ".join(process.cmdline()):
            server = info.rss
    return rss, pss, server


async def watch_memory(out: Results) -> None:
    while True:
        out.rss_peak = max(out.rss_peak, memory()[0])
        await asyncio.sleep(5)


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def run_class(url: str, token: str, args: argparse.Namespace) -> int:
    load_before = os.getloadavg()[0]
    idle_server = memory()[2]
    started = time.perf_counter()
    learners = []
    for number in range(args.learners):  # one after another, as a class logs in
        learners.append(await open_learner(url, token, number))
    opened = time.perf_counter() - started
    rss_ready, _pss, _ = memory()
    out = Results(rss_peak=rss_ready)
    watcher = asyncio.get_running_loop().create_task(watch_memory(out))
    moves = int(args.minutes * 60 / args.every)
    begin = asyncio.get_running_loop().time() + 1
    await asyncio.gather(*(
        play(learner, begin + n * args.every / len(learners), moves, args.every, out)
        for n, learner in enumerate(learners)
    ))  # fmt: skip
    watcher.cancel()
    rss, pss, server = memory()
    out.rss_peak = max(out.rss_peak, rss)
    load_after = os.getloadavg()[0]
    for learner in learners:
        await asyncio.get_running_loop().run_in_executor(
            None, api, url, token, f"/api/kernels/{learner.kernel}", "DELETE"
        )
    return report(args, out, opened, (idle_server, server, rss, pss), (load_before, load_after))


def report(args: argparse.Namespace, out: Results, opened: float,
           mem: tuple[int, int, int, int], load: tuple[float, float]) -> int:  # fmt: skip
    idle_server, server, rss, pss = mem
    every = [t for times in out.times.values() for t in times]
    print(f"a class of {args.learners} on one Jupyter server (127.0.0.1): a move every "
          f"{args.every:g} s each for {args.minutes:g} min; {os.cpu_count()} cores, load "
          f"average {load[0]:.1f} before and {load[1]:.1f} after")  # fmt: skip
    print(f"{args.learners} kernels opened with their widgets in {opened:.0f} s")
    print(f"{'moves':<22} {'answered':>8} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    rows = [("all", every), *sorted(out.times.items())]
    for name, times in rows:
        if times:
            print(f"{name:<22} {len(times):>8} {statistics.median(times):>8.1f} "
                  f"{percentile(times, 0.95):>8.1f} {max(times):>8.1f}")  # fmt: skip
    p95 = percentile(every, 0.95) if every else float("inf")
    kernels = (rss - server) / max(1, args.learners)
    gb, mb = 2**30, 2**20
    print(f"memory: server and kernels RSS {rss / gb:.2f} GB (peak {out.rss_peak / gb:.2f} GB), "
          f"PSS {pss / gb:.2f} GB; the server {server / mb:.0f} MB (idle {idle_server / mb:.0f} "
          f"MB), a kernel {kernels / mb:.0f} MB on average")  # fmt: skip
    print(f"failed moves: {len(out.failures)}")
    for kind, count in Counter(f.split(": ", 1)[1] for f in out.failures).most_common(10):
        print(f"  {count} × {kind}")
    goals = p95 <= GOAL_P95_MS and not out.failures and out.rss_peak <= GOAL_RSS_GB * 2**30
    print(f"goals: p95 ≤ {GOAL_P95_MS} ms, no failed move, RSS ≤ {GOAL_RSS_GB:g} GB: "
          + ("met" if goals else "NOT met"))  # fmt: skip
    record("bench_classroom.py", f"{args.learners} learners: p50 {statistics.median(every):.0f} "
           f"ms, p95 {p95:.0f} ms, max {max(every):.0f} ms; {len(out.failures)} failed of "
           f"{len(every) + len(out.failures)}; RSS {out.rss_peak / 2**30:.1f} GB (server "
           f"{server / 2**20:.0f} MB, a kernel {kernels / 2**20:.0f} MB)")  # fmt: skip
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--minutes", type=float, default=2)
    parser.add_argument("--every", type=float, default=2, help="seconds between a learner's moves")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        with jupyterlab(root, []) as (url, token):
            status = asyncio.run(run_class(url, token, args))
        log = (root / "lab.log").read_text(encoding="utf-8").splitlines()
    warnings = [line for line in log if line.startswith(("[W", "[E"))]
    print(f"the server's warnings and errors: {len(warnings)}")
    for line in warnings[:10]:
        print("  " + line[:200])
    return status


if __name__ == "__main__":
    sys.exit(main())
