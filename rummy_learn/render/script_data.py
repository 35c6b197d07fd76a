"""Data inside a page's ``<script>`` element, such as the widgets' saved state.

Inside a script element, ``<!--`` and then ``<script`` make the browser read past the
element's own ``</script>``, and ``</script`` ends the element early: either way the
rest of the page is lost, and no widget after it is drawn. With every ``<`` written as
the JSON escape ``\\u003c``, neither can happen, and JSON reads the same data.

>>> import json
>>> safe = script_json('{"prompt": "<!--<script>"}')
>>> "<" in safe, json.loads(safe)["prompt"]
(False, '<!--<script>')
"""

from __future__ import annotations

__all__ = ["WIDGET_STATE", "script_json"]

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
"""The type of the script element that holds the widgets' saved state."""


def script_json(text: str) -> str:
    """JSON text made safe to stand inside a ``<script>`` element (the same data)."""
    return text.replace("<", "\\u003c")
