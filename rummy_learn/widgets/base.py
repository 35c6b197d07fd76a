"""What every widget shares: the front end, its logic in a kernel, the traits the page sees.

The front end (``widgets/`` in the repository) is built into ``static/widget.js``; the
wheel carries it, so no Node.js is needed to use an installed kit. A widget's logic is
plain Python (:mod:`rummy_learn.widget_logic`); this module carries it in a kernel: the
page's messages go to the logic, and the fields it sets become traits, in the order it
set them. Everything the front end sends is untrusted. The page asks by messages only: no
trait may be written from the page (a write is refused, the page gets Python's values
back and is told so).

A page with no kernel runs the same logic in the reader's browser, started from the
``setup`` trait (the logic's snapshot, taken when the widget is shown or saved and after
each call from Python, never after the page's own moves).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from rummy_learn.i18n import text
from rummy_learn.render import CSS
from rummy_learn.widget_logic.base import (
    Logic,
    card_payload,
    from_the_shoe,
    ui_texts,
    with_copies,
)

__all__ = ["STATIC", "KitWidget", "card_payload", "from_the_shoe", "ui_texts", "with_copies"]

STATIC = Path(__file__).parent / "static"


class KitWidget(anywidget.AnyWidget):
    """The base of the kit's widgets: one front-end module that draws each ``kind``, and the
    widget's logic (``self.logic``), whose fields are the traits of the same names."""

    _esm = STATIC / "widget.js"
    _css = CSS + (STATIC / "widget.css").read_text(encoding="utf-8")

    kind = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    scale = traitlets.Float(1.0).tag(sync=True)  # card size: 1.5 for a projector
    texts = traitlets.Dict().tag(sync=True)
    cards = traitlets.List(traitlets.Dict()).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    setup = traitlets.Dict().tag(sync=True)  # the logic's snapshot, for a page with no kernel

    def __init__(self, logic: Logic, **kwargs: Any) -> None:
        self.__dict__["logic"] = logic
        logic.take_changes()
        super().__init__(**logic.state(), setup=logic.snapshot(), **kwargs)
        self.on_msg(self._receive)

    def __getattr__(self, name: str) -> Any:
        """What the logic holds (``round``, ``rules``…), read through the widget."""
        logic = self.__dict__.get("logic")
        if logic is None or name.startswith("__"):
            raise AttributeError(name)
        return getattr(logic, name)

    def __repr__(self) -> str:
        """The widget for a developer: the same text every run (no object address)."""
        return f"{type(self).__name__}({len(self.cards)} cards, lang={self.lang!r})"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The widget's view, and for a reader who sees only text (a notebook opened where
        widgets cannot be drawn, or its stored outputs) a line in the widget's language."""
        bundle: tuple[dict[str, Any], dict[str, Any]] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        name = text(f"widget.{self.kind}", self.lang)
        return {**data, "text/plain": text("widget.text_only", self.lang, name=name)}, metadata

    def _push(self, snapshot: bool = True) -> None:
        """The logic's changes onto the traits, sent to the page as one message; where the
        logic set a field twice (a refusal told again), one by one and in order, so that the
        page hears each. ``snapshot``: the page with no kernel gets the new state too."""
        changes = self.logic.take_changes()
        names = [name for name, _ in changes]
        together = self.hold_sync() if len(set(names)) == len(names) else contextlib.nullcontext()
        with together:
            for name, value in changes:
                setattr(self, name, value)
            if snapshot:
                self.setup = self.logic.snapshot()

    # --- everything from the front end: untrusted --------------------------------------------

    def _handle_msg(self, msg: Any) -> None:
        """ipywidgets' entry point for all the page sends: checked before anything is done."""
        content = msg.get("content") if isinstance(msg, dict) else None
        data = content.get("data") if isinstance(content, dict) else None
        method = data.get("method") if isinstance(data, dict) else None
        if not isinstance(data, dict) or method not in ("update", "request_state", "custom"):
            self._tell("ui.bad_message")
        elif method == "update":
            self.set_state(data.get("state"))
        elif method == "request_state":
            self.send_state()
        else:
            buffers = msg.get("buffers")
            buffers = buffers if isinstance(buffers, list) else []
            self._handle_custom_msg(data.get("content"), buffers)

    def set_state(self, sync_data: Any) -> None:
        """A trait written by the page: refused, every one. The page asks by messages only.

        The page gets Python's values back, and is told.
        """
        names = [n for n in sync_data if n in self.keys] if isinstance(sync_data, dict) else []
        self._tell("ui.read_only")
        if names:
            self.send_state(names)

    def _tell(self, key: str) -> None:
        """Show the learner why what the page sent was refused (in the widget's language)."""
        self.logic._tell(key)
        self._push(snapshot=False)

    def _receive(self, _widget: object, content: object, _buffers: Sequence[bytes]) -> None:
        """A message from the page, for the logic; its changes go back as they were made."""
        self.logic.receive(content)
        self._push(snapshot=False)
