"""Hints: the turn planner's plan for a player's turn, each step with its reason.

A hint is what the greedy bot would play (:mod:`rummy_learn.planner`): the same question,
the same answer. :func:`~rummy_learn.i18n.describe.hint_lines` puts it in words.

>>> from rummy_learn.engine import Round
>>> from rummy_learn.variants import preset
>>> game = Round(preset("romme"), players=2, seed=10)
>>> [step.code.value for step in hint(game.view(game.current)).steps]
['take_discard', 'open', 'discard']
"""

from __future__ import annotations

from rummy_learn.planner import Plan, Step, StepCode, plan_turn
from rummy_learn.view import PlayerView

__all__ = ["Hint", "HintCode", "HintStep", "hint"]

Hint = Plan
"""A proposed turn (the planner's :class:`~rummy_learn.planner.Plan`)."""
HintStep = Step
"""One step of it, with its reason."""
HintCode = StepCode
"""Why a step is proposed."""


def hint(view: PlayerView) -> Plan:
    """Propose the rest of the turn for the view's player (or a knock, or to wait)."""
    return plan_turn(view)
