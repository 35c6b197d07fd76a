"""The widgets' logic, plain Python with no Jupyter import: the page's messages in, fields out.

One logic, two transports: the anywidget classes (:mod:`rummy_learn.widgets`) carry it in a
kernel, and :mod:`rummy_learn.widget_logic.bridge` carries it in a page with no kernel,
where it runs in the reader's browser (Pyodide). The front-end views (``widgets/src``) are
the same either way.
"""

from __future__ import annotations

from rummy_learn.widget_logic.base import HandLogic, Logic
from rummy_learn.widget_logic.game import GameLogic
from rummy_learn.widget_logic.meld_builder import MeldBuilderLogic
from rummy_learn.widget_logic.quiz import QuizLogic
from rummy_learn.widget_logic.table import TableLogic

LOGICS: dict[str, type[Logic]] = {
    logic.KIND: logic for logic in (HandLogic, MeldBuilderLogic, GameLogic, TableLogic, QuizLogic)
}
"""Each widget's logic by its ``kind``."""

__all__ = ["LOGICS", "GameLogic", "HandLogic", "Logic", "MeldBuilderLogic", "QuizLogic",
           "TableLogic"]  # fmt: skip
