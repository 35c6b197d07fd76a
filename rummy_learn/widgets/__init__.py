"""Notebook widgets (anywidget): cards you can touch, melds checked live by the core.

Importing this module needs the ``notebook`` extra (anywidget, ipywidgets, Jinja2);
``import rummy_learn`` alone does not.
"""

from rummy_learn.render import register_notebook_display
from rummy_learn.widgets.game import Game
from rummy_learn.widgets.hand import Hand
from rummy_learn.widgets.meldbuilder import MeldBuilder
from rummy_learn.widgets.quiz import Quiz, load_exercises
from rummy_learn.widgets.replay import Replay
from rummy_learn.widgets.table import Table

register_notebook_display()  # cards, melds and openings draw themselves in notebooks

__all__ = ["Game", "Hand", "MeldBuilder", "Quiz", "Replay", "Table", "load_exercises"]
