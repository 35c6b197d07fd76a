"""Hints: a whole turn proposed from a player's view, each step with its reason.

>>> from rummy_learn.engine import Round
>>> from rummy_learn.variants import preset
>>> game = Round(preset("romme"), players=2, seed=3)
>>> [step.code.value for step in hint(game.view(game.current)).steps]
['take_discard', 'open', 'discard']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rummy_learn.actions import Action, Discard, DrawStock, GoOut, Meld, TakeDiscard
from rummy_learn.cards import Card
from rummy_learn.legality import is_legal
from rummy_learn.scoring import penalty_of
from rummy_learn.solver import Objective, best_arrangement, thrifty_opening
from rummy_learn.table import layoff_options
from rummy_learn.view import Phase, PlayerView

__all__ = ["Hint", "HintCode", "HintStep", "hint"]


class HintCode(Enum):
    """Why a step is proposed."""

    TAKE_DISCARD = "take_discard"  # the top discard fits into a meld
    DRAW_STOCK = "draw_stock"  # the top discard does not help
    OPEN = "open"  # these melds reach the opening minimum
    CANNOT_OPEN = "cannot_open"  # the best melds fall short of it
    MELD = "meld"  # lay down a meld
    LAY_OFF = "lay_off"  # a loose card fits onto a meld on the table
    DISCARD = "discard"  # the most expensive loose card
    GO_OUT = "go_out"  # the hand is empty
    WAIT = "wait"  # it is not this player's turn
    ROUND_OVER = "round_over"  # nothing more to do


@dataclass(frozen=True)
class HintStep:
    """One proposed move (``None`` for advice without a move) and its reason."""

    code: HintCode
    action: Action | None = None
    cards: tuple[Card, ...] = ()
    number: int | None = None
    points: int | None = None
    required: int | None = None


@dataclass(frozen=True)
class Hint:
    """A proposed turn, step by step; the first step is a legal move now (when there is one)."""

    steps: tuple[HintStep, ...]

    @property
    def action(self) -> Action | None:
        """The move to make now."""
        return next((s.action for s in self.steps if s.action is not None), None)


def hint(view: PlayerView) -> Hint:
    """Propose the rest of the turn for the view's player."""
    if view.phase is Phase.OVER:
        return Hint((HintStep(HintCode.ROUND_OVER),))
    if not view.my_turn:
        return Hint((HintStep(HintCode.WAIT),))
    if view.phase is Phase.DRAW:
        return _draw_hint(view)
    return Hint(tuple(_play_steps(view, list(view.hand))))


def _draw_hint(view: PlayerView) -> Hint:
    top = view.top_discard
    if top is not None and is_legal(view, TakeDiscard()):
        hand = [*view.hand, top]
        objective = Objective.DEADWOOD if view.has_opened else Objective.POINTS
        best = best_arrangement(hand, view.rules, objective)
        if any(top in meld for meld in best.melds):
            step = HintStep(HintCode.TAKE_DISCARD, TakeDiscard(), (top,))
            return Hint((step, *_play_steps(view, hand, taken=top)))
    if view.stock_size:
        return Hint((HintStep(HintCode.DRAW_STOCK, DrawStock(), (top,) if top else ()),))
    return Hint((HintStep(HintCode.TAKE_DISCARD, TakeDiscard(), (top,) if top else ()),))


def _play_steps(view: PlayerView, hand: list[Card], taken: Card | None = None) -> list[HintStep]:
    rules = view.rules
    steps: list[HintStep] = []
    if not hand:
        return [HintStep(HintCode.GO_OUT, GoOut())]
    owed = taken if rules.discard_must_be_used else view.must_use
    require = next((c for c in hand if owed is not None and c.face == owed.face), None)
    opened = view.has_opened
    laid_now = False
    if not opened:
        best = thrifty_opening(hand, rules, require)
        needed = rules.opening_min or 0
        if best.melds and best.points >= needed:
            melded = tuple(c for meld in best.melds for c in meld)
            step = HintStep(HintCode.OPEN, Meld(best.melds), melded, points=best.points,
                            required=rules.opening_min)  # fmt: skip
            steps.append(step)
            opened = laid_now = True
        else:
            steps.append(
                HintStep(HintCode.CANNOT_OPEN, points=best.points, required=rules.opening_min)
            )
        loose = list(best.deadwood) or hand  # keep the melds in the making; let a loose card go
    else:
        best = best_arrangement(hand, rules, Objective.DEADWOOD, require=require)
        steps += [HintStep(HintCode.MELD, Meld((meld,)), meld) for meld in best.melds]
        loose = list(best.deadwood)
    if opened and (not laid_now or rules.layoff_on_opening_turn):
        for card in sorted(loose, key=lambda c: -penalty_of(c, rules)):
            option = next(layoff_options([card], view.table, rules), None)
            if option is not None and len(loose) > (1 if rules.final_discard else 0):
                steps.append(HintStep(HintCode.LAY_OFF, option, (card,), option.meld))
                loose.remove(card)
    if not loose and not rules.final_discard:
        steps.append(HintStep(HintCode.GO_OUT, GoOut()))
    else:
        steps.append(_discard_step(view, loose or hand, taken))
    first = next((s for s in steps if s.action is not None), None)
    planned = taken is not None  # a plan for after taking the discard: not playable yet
    if (
        not planned
        and first is not None
        and first.action is not None
        and not is_legal(view, first.action)
    ):
        return [s for s in steps if s.action is None] or [_discard_step(view, hand, taken)]
    return steps


def _discard_step(view: PlayerView, loose: list[Card], taken: Card | None) -> HintStep:
    rules = view.rules

    def allowed(card: Card) -> bool:
        if card.is_joker and not rules.joker_discard_allowed:
            return False
        last = taken or view.taken
        return not (rules.retake_discard_forbidden and last is not None and card.face == last.face)

    ranked = sorted(loose, key=lambda c: (c.is_joker, -penalty_of(c, rules)))
    card = next((c for c in ranked if allowed(c)), ranked[0])
    return HintStep(HintCode.DISCARD, Discard(card), (card,))
