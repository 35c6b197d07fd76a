"""The one turn planner: what the kit's greedy (medium) player would do now, and why.

:class:`Greedy` decides one move at a time from a player's view; :meth:`Greedy.plan`
looks ahead through the rest of the turn (the draw's card is unknown, so a plan after
drawing from the stock stops there). The greedy bot plays the first step of the plan
(:class:`~rummy_learn.bots.GreedyBot`), a hint shows the whole plan in words
(:mod:`rummy_learn.hints`): both ask the same question and get the same answer.

The greedy player takes a discard it can meld, opens as soon as it can (keeping as many
jokers as the minimum allows, and a card to discard), lays down all its best melds at
once, lays off its loose cards, swaps jokers it can, and discards its most expensive
loose card.

>>> from rummy_learn.engine import Round
>>> from rummy_learn.variants import preset
>>> game = Round(preset("romme"), players=2, seed=10)
>>> [step.code.value for step in plan_turn(game.view(game.current)).steps]
['take_discard', 'open', 'discard']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from enum import Enum

from rummy_learn.actions import (
    Action,
    Discard,
    DrawStock,
    GoOut,
    Knock,
    LayOff,
    Meld,
    SwapJoker,
    TakeDiscard,
)
from rummy_learn.cards import Card, Hand
from rummy_learn.legality import is_legal, swap_cards
from rummy_learn.moves import legal_actions
from rummy_learn.plays import advanced
from rummy_learn.refusals import NoLegalMove
from rummy_learn.rules import Rules
from rummy_learn.scoring import check_opening, penalty_of
from rummy_learn.solver import Arrangement, Objective, Solver, thrifty_opening
from rummy_learn.state import RoundState
from rummy_learn.table import joker_faces, layoff_options
from rummy_learn.view import Phase, PlayerView

__all__ = ["Greedy", "Plan", "Step", "StepCode", "plan_turn"]


class StepCode(Enum):
    """Why a step is proposed (the words are ``hint.<code>`` in the catalogs)."""

    TAKE_DISCARD = "take_discard"  # the top discard fits into a meld (or the stock is empty)
    DRAW_STOCK = "draw_stock"  # the top discard does not help
    OPEN = "open"  # these melds reach the opening minimum
    CANNOT_OPEN = "cannot_open"  # the best melds fall short of it (advice, no move)
    MELD = "meld"  # lay down a meld
    MELDS = "melds"  # lay down several melds at once
    LAY_OFF = "lay_off"  # a loose card fits onto a meld on the table
    SWAP = "swap"  # take a joker from the table, putting the card it stands for in its place
    DISCARD = "discard"  # the most expensive loose card
    GO_OUT = "go_out"  # the hand is empty
    KNOCK = "knock"  # out of turn: the last discard fits into a meld
    WAIT = "wait"  # it is not this player's turn
    ROUND_OVER = "round_over"  # nothing more to do


@dataclass(frozen=True)
class Step:
    """One proposed move (``None`` for advice without a move) and its reason."""

    code: StepCode
    action: Action | None = None
    cards: tuple[Card, ...] = ()
    number: int | None = None
    points: int | None = None
    required: int | None = None


@dataclass(frozen=True)
class Plan:
    """The rest of a turn, step by step; the first move is legal now (when there is one)."""

    steps: tuple[Step, ...]

    @property
    def action(self) -> Action | None:
        """The move to make now."""
        return next((s.action for s in self.steps if s.action is not None), None)


class Greedy:
    """The greedy player for one rule set: it keeps its solvers' memos for a whole round."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._points = Solver(rules, Objective.POINTS)
        self._deadwood = Solver(rules, Objective.DEADWOOD)

    # --- one move ------------------------------------------------------------------------------

    def step(self, view: PlayerView) -> tuple[Step, ...]:
        """What to do now, as the player to move: advice (if any), then the move."""
        if view.phase.drawing:
            return (self._draw(view),)
        if not view.hand:
            return (Step(StepCode.GO_OUT, GoOut()),)
        notes: list[Step] = []
        for action in self._plays(view, notes):
            if is_legal(view, action):
                return (*notes, self._explained(view, action))
        return (*notes, self._discard(view))

    def knock(self, view: PlayerView) -> Step | None:
        """A knock for the last discard, out of turn, when it would lie in a meld."""
        top, knock = view.top_discard, Knock(view.player)
        if top is not None and self._wants(view, top) and is_legal(view, knock):
            return Step(StepCode.KNOCK, knock, (top,))
        return None

    def moves(self, view: PlayerView) -> Iterator[Action]:
        """The melds, lay-offs and swaps worth making now, best first (not all legal)."""
        return self._plays(view, [])

    # --- the whole turn --------------------------------------------------------------------------

    def plan(self, view: PlayerView) -> Plan:
        """The rest of the view's player's turn (or a knock, or why there is nothing to do)."""
        if view.phase is Phase.OVER:
            return Plan((Step(StepCode.ROUND_OVER),))
        if not view.my_turn:
            knock = self.knock(view)
            return Plan((knock or Step(StepCode.WAIT),))
        steps: list[Step] = []
        for _ in range(4 * len(view.hand) + 4):  # each move lays a card, or ends the turn
            chosen = self.step(view)
            steps += chosen
            action = chosen[-1].action
            if not isinstance(action, TakeDiscard | Meld | LayOff | SwapJoker):
                break
            view = view_after(view, action)
        return Plan(tuple(steps))

    # --- the decisions ---------------------------------------------------------------------------

    def _best(self, view: PlayerView, hand: list[Card], require: Card | None = None) -> Arrangement:
        solver = self._deadwood if view.has_opened else self._points
        return solver.best(hand, require=require)

    def _wants(self, view: PlayerView, card: Card) -> bool:
        """Would ``card`` lie in a meld of the best arrangement of the hand with it?"""
        best = self._best(view, [*view.hand, card])
        return any(card in meld for meld in best.melds)

    def _draw(self, view: PlayerView) -> Step:
        top = view.top_discard
        shown = (top,) if top is not None else ()
        if top is not None and self._wants(view, top) and is_legal(view, TakeDiscard()):
            return Step(StepCode.TAKE_DISCARD, TakeDiscard(), shown)
        if view.stock_size:
            return Step(StepCode.DRAW_STOCK, DrawStock(), shown)
        return Step(StepCode.TAKE_DISCARD, TakeDiscard(), shown)

    def _plays(self, view: PlayerView, notes: list[Step]) -> Iterator[Action]:
        """The moves worth making, best first (the first legal one is made)."""
        rules, hand = self.rules, list(view.hand)
        owed = view.must_use
        pending = next((c for c in hand if owed is not None and c.face == owed.face), None)
        if view.has_opened:
            best = self._best(view, hand, pending)
            if best.melds:
                yield Meld(best.melds)
                yield from (Meld((meld,)) for meld in best.melds)
            loose = sorted(best.deadwood, key=lambda c: -penalty_of(c, rules))
            yield from layoff_options(loose, view.table, rules)
            if rules.joker_swap:
                for meld in view.table:
                    for joker in joker_faces(meld, rules):
                        for cards in swap_cards(meld, joker, hand, view):
                            yield SwapJoker(meld.id, joker, cards)
            return
        best = thrifty_opening(hand, rules, pending)  # keep as many jokers as the minimum allows
        if not best.melds or not rules.opening_reached(best.points):
            notes.append(Step(StepCode.CANNOT_OPEN, points=best.points, required=rules.opening_min))
            return
        yield Meld(best.melds)
        for card in sorted(hand, key=lambda c: -penalty_of(c, rules)):  # keep a card back to
            if card != pending:  # discard, if that was the trouble
                fewer = self._best(view, [c for c in hand if c != card], pending)
                if fewer.melds:
                    yield Meld(fewer.melds)
                    break

    def _discard(self, view: PlayerView) -> Step:
        best = self._best(view, list(view.hand))
        loose = list(best.deadwood) or list(view.hand)
        ranked = sorted(loose, key=lambda c: (c.is_joker, -penalty_of(c, self.rules)))
        ranked += [c for c in view.hand if c not in ranked]
        for card in ranked:
            if is_legal(view, Discard(card)):
                return Step(StepCode.DISCARD, Discard(card), (card,))
        action = next(legal_actions(view), None)  # the turn owes a card first
        if action is None:
            raise NoLegalMove(f"player {view.player} has no legal move")
        return self._explained(view, action)

    def _explained(self, view: PlayerView, action: Action) -> Step:
        """The step that makes ``action``, with its reason."""
        if isinstance(action, Meld):
            cards = tuple(c for meld in action.melds for c in meld)
            if not view.has_opened:
                points = check_opening(action.melds, self.rules).points
                return Step(
                    StepCode.OPEN, action, cards, points=points, required=self.rules.opening_min
                )
            code = StepCode.MELD if len(action.melds) == 1 else StepCode.MELDS
            return Step(code, action, cards)
        if isinstance(action, LayOff):
            return Step(StepCode.LAY_OFF, action, (action.card,), action.meld)
        if isinstance(action, SwapJoker):
            return Step(StepCode.SWAP, action, action.cards, action.meld)
        if isinstance(action, Discard):
            return Step(StepCode.DISCARD, action, (action.card,))
        shown = (view.top_discard,) if view.top_discard is not None else ()
        if isinstance(action, TakeDiscard | Knock):
            code = StepCode.TAKE_DISCARD if isinstance(action, TakeDiscard) else StepCode.KNOCK
            return Step(code, action, shown)
        return Step(
            StepCode.DRAW_STOCK if isinstance(action, DrawStock) else StepCode.GO_OUT, action
        )


def view_after(view: PlayerView, action: TakeDiscard | Meld | LayOff | SwapJoker) -> PlayerView:
    """The view once its player has made ``action`` (legal): the engine's own transition.

    Taking the discard, melding, laying off and swapping touch only the player's hand,
    the table, the top of the pile and what the turn owes: all in the view.
    """
    me = view.player
    state = RoundState(
        hands=tuple(view.hand if p == me else () for p in range(view.players)),
        stock=(),
        discard=view.pile or ((view.top_discard,) if view.top_discard is not None else ()),
        opened=view.opened,
        table=view.table,
        phase=view.phase,
        current=view.current,
        turns=view.turn,
        next_meld=max((m.id for m in view.table), default=0) + 1,
        taken=view.taken,
        must_use=view.must_use,
        swapped_joker=view.swapped_joker,
        last_discarder=view.last_discarder,
    )
    state = advanced(state, view.rules, me, action)
    taken = isinstance(action, TakeDiscard)
    return replace(
        view,
        hand=Hand(state.hands[me]),
        hand_sizes=tuple(
            len(state.hands[me]) if p == me else n for p, n in enumerate(view.hand_sizes)
        ),
        table=state.table,
        top_discard=state.discard[-1] if state.discard else None,
        discard_size=view.discard_size - taken,
        pile=state.discard if view.pile else (),
        known=tuple(
            cards
            if p != me
            else _still_held((*cards, *[c for c in [state.taken] if taken and c]), state.hands[me])
            for p, cards in enumerate(view.known)
        ),
        opened=state.opened,
        phase=state.phase,
        taken=state.taken,
        must_use=state.must_use,
        swapped_joker=state.swapped_joker,
    )


def _still_held(cards: tuple[Card, ...], hand: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(c for c in cards if c in hand)


def plan_turn(view: PlayerView) -> Plan:
    """The greedy player's plan for the rest of the view's player's turn, step by step."""
    return Greedy(view.rules).plan(view)
