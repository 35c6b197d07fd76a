"""The widgets' logic, plain Python with no Jupyter import: the page's messages in, fields out.

One logic, two transports: the anywidget classes (:mod:`rummy_learn.widgets`) carry it in a
kernel, and :mod:`rummy_learn.widget_logic.bridge` carries it in a page with no kernel,
where it runs in the reader's browser (Pyodide). The front-end views (``widgets/src``) are
the same either way.

Each logic is imported when a widget of its kind is first asked for: in a page, a meld
builder clicked first does not wait for the Game's bots and solver to load.

>>> LOGICS["meld_builder"].__name__, sorted(LOGICS)[:2]
('MeldBuilderLogic', ['game', 'hand'])
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any

from rummy_learn.widget_logic.base import HandLogic, Logic

if TYPE_CHECKING:
    from rummy_learn.widget_logic.game import GameLogic
    from rummy_learn.widget_logic.meld_builder import MeldBuilderLogic
    from rummy_learn.widget_logic.quiz import QuizLogic
    from rummy_learn.widget_logic.table import TableLogic

_WHERE = {  # each kind: its module and class
    "hand": ("base", "HandLogic"),
    "meld_builder": ("meld_builder", "MeldBuilderLogic"),
    "game": ("game", "GameLogic"),
    "table": ("table", "TableLogic"),
    "quiz": ("quiz", "QuizLogic"),
}


class _Logics(Mapping[str, type[Logic]]):
    """Each widget's logic by its ``kind``, imported when first asked for."""

    def __getitem__(self, kind: str) -> type[Logic]:
        module, name = _WHERE[kind]
        logic: type[Logic] = getattr(import_module(f"{__name__}.{module}"), name)
        return logic

    def __iter__(self) -> Iterator[str]:
        return iter(_WHERE)

    def __len__(self) -> int:
        return len(_WHERE)


LOGICS: Mapping[str, type[Logic]] = _Logics()
"""Each widget's logic by its ``kind``."""


def __getattr__(name: str) -> Any:
    """The logic classes by name, imported on first use."""
    for module, class_name in _WHERE.values():
        if class_name == name:
            return getattr(import_module(f"{__name__}.{module}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["LOGICS", "GameLogic", "HandLogic", "Logic", "MeldBuilderLogic", "QuizLogic",
           "TableLogic"]  # fmt: skip
