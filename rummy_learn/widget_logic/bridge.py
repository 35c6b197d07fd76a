"""The bridge a page with no kernel talks to: the widgets' logic in the reader's browser.

The front end (``widgets/src/pyodide.js``) loads Pyodide, then calls :func:`start` once for
each widget, with the snapshot the page carries, and :func:`receive` with each message
the view sends. Both take and give JSON text, so that nothing but plain data crosses, and
everything that comes from the page is checked as in a kernel: a snapshot is read by the
logic's own ``restore`` (a saved round played again move by move), a message by the
logic's own handlers.

>>> started = json.loads(start("hand", json.dumps({"lang": "en", "cards": ["Qh.0", "7s.0"],
...                                                "order": [], "selected": []})))
>>> json.loads(receive(started["id"], '{"type": "select", "ids": ["7s.0"]}'))
[['error', ''], ['selected', ['7s.0']]]
>>> json.loads(receive(started["id"], '{"type": "select"'))[-1]
['error', 'That did not come through; please try again.']
"""

from __future__ import annotations

import json
from typing import Any

from rummy_learn.widget_logic import LOGICS, Logic
from rummy_learn.widget_logic.base import MAX_MESSAGE

__all__ = ["receive", "start"]

_LIVE: dict[int, Logic] = {}


def start(kind: str, snapshot: str) -> str:
    """Start a widget's logic from its snapshot: ``{"id", "state"}``, or ``{"error"}``."""
    logic_class = LOGICS.get(kind)
    try:
        data = json.loads(snapshot) if len(snapshot) <= 10 * MAX_MESSAGE else None
        if logic_class is None or not isinstance(data, dict):
            raise ValueError(f"not a widget's snapshot: {kind!r}")
        logic = logic_class.restore(data)
    except (ValueError, TypeError, KeyError, RecursionError) as err:
        return json.dumps({"error": str(err)[:300]})
    logic.take_changes()
    number = len(_LIVE) + 1
    _LIVE[number] = logic
    return json.dumps({"id": number, "state": logic.state()})


def receive(number: int, message: str) -> str:
    """A message from the view for widget ``number``: the fields it set, in order."""
    logic = _LIVE[number]
    content: Any = None
    if len(message) <= MAX_MESSAGE:
        try:
            content = json.loads(message)
        except (ValueError, RecursionError):
            content = None
    if content is None:
        logic._tell("ui.bad_message")
    else:
        logic.receive(content)
    return json.dumps(logic.take_changes())
