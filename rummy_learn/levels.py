"""The bots' levels, named for learners: ``easy``, ``medium`` and ``hard``.

* ``easy`` (:class:`EasyBot`) plays like a beginner: it draws from the stock unless the
  discard makes a meld it sees (and even then only now and then), lays the melds it can
  (it never throws a meld away), forgets to lay off, and discards any card that fits
  nothing;
* ``medium`` is the turn planner (:class:`~rummy_learn.bots.GreedyBot`), the moves a hint
  shows;
* ``hard`` (:class:`~rummy_learn.hard_bot.HardBot`) remembers the table, does not feed the
  next player, and weighs its draw and discard by sampling the unseen cards.

The older names still work: ``greedy`` is ``medium``; ``random`` is the bot that makes any
legal move (for testing the rules, not for learners).

>>> [level_name(name) for name in ("greedy", "EASY", "random")]
['medium', 'easy', 'random']
>>> from rummy_learn.variants import preset
>>> [type(b).__name__ for b in make_level_bots(["hard", "medium"], preset("romme"), seed=1)]
['HardBot', 'GreedyBot']
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummy_learn.actions import Action, Discard, DrawStock, LayOff, TakeDiscard
from rummy_learn.bots import Bot, GreedyBot, RandomBot
from rummy_learn.hard_bot import HardBot
from rummy_learn.legality import is_legal
from rummy_learn.planner import Greedy, StepCode
from rummy_learn.rules import Rules
from rummy_learn.solver import Objective, Solver
from rummy_learn.view import PlayerView

__all__ = ["ALIASES", "LEVELS", "EasyBot", "level_name", "make_level_bots"]

LEVELS = ("easy", "medium", "hard")
"""The levels a learner chooses from, weakest first."""

ALIASES = {"greedy": "medium"}
"""Older names of the levels."""

_OTHERS = ("random",)  # bots that are no level: the rules' testers


class EasyBot(Bot):
    """A beginner (see the module): seeded, from its own view only."""

    def __init__(self, rules: Rules, seed: int = 0, take_chance: float = 0.5) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.take_chance = take_chance
        self.planner = Greedy(rules)
        self._solver = Solver(rules, Objective.POINTS)

    def choose(self, view: PlayerView) -> Action:
        step = self.planner.step(view)[-1]
        action = step.action
        assert action is not None  # a step for the player to move always makes a move
        if (
            isinstance(action, TakeDiscard)
            and view.stock_size
            and self.rng.random() > self.take_chance
        ):
            return DrawStock()
        if isinstance(action, LayOff) or step.code is StepCode.DISCARD:
            return self._discard(view) or action
        return action

    def _discard(self, view: PlayerView) -> Discard | None:
        """Any card that fits nothing (never one of a meld it could lay, never a joker)."""
        loose = [c for c in self._solver.best(list(view.hand)).deadwood if not c.is_joker]
        self.rng.shuffle(loose)
        return next((Discard(c) for c in loose if is_legal(view, Discard(c))), None)


def level_name(name: str) -> str:
    """The level (or other bot) a name stands for; an unknown name raises ``ValueError``."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in (*LEVELS, *_OTHERS):
        known = ", ".join((*LEVELS, *ALIASES, *_OTHERS))
        raise ValueError(f"unknown bot level {name!r}; choose {known}")
    return key


def make_level_bots(names: Sequence[str], rules: Rules, seed: int = 0) -> list[Bot]:
    """One bot per name, in seat order; each seeded from ``seed`` and its seat."""
    bots: list[Bot] = []
    for seat, name in enumerate(names):
        level, own = level_name(name), seed * 31 + seat
        if level == "easy":
            bots.append(EasyBot(rules, own))
        elif level == "medium":
            bots.append(GreedyBot(rules))
        elif level == "hard":
            bots.append(HardBot(rules, own))
        else:
            bots.append(RandomBot(own))
    return bots
