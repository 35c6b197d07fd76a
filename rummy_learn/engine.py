"""A round of rummy as a state machine: deal → turns of draw / play / discard → over.

The round uses only its :class:`~rummy_learn.rules.Rules` value. Moves are the
frozen actions of :mod:`rummy_learn.actions`; :meth:`Round.apply` refuses an
illegal one with :class:`~rummy_learn.refusals.IllegalMove` and leaves the state
exactly as it was, and :meth:`Round.undo` takes the last move back (push and pop, as
in python-chess). Every change is logged; the same seed deals the same round. The deal
is :mod:`rummy_learn.deal`'s, saving and loading :mod:`rummy_learn.persist`'s.

>>> from rummy_learn.variants import preset
>>> game = Round(preset("rami40"), players=2, seed=7)
>>> game.phase.value, game.current, len(game.view(1).hand)
('draw', 1, 13)
>>> game.apply(DrawStock())
>>> game.phase.value, len(game.view(1).hand)
('play', 14)
>>> game.apply(DrawStock())
Traceback (most recent call last):
...
rummy_learn.refusals.IllegalMove: illegal move: wrong_phase
>>> game.undo()
Move(player=1, action=DrawStock())
>>> game.phase.value, len(game.view(1).hand)
('draw', 13)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from rummy_learn import deal, persist
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
    action_to_json,
    card_id,
    card_ids,
)
from rummy_learn.cards import Card, Hand
from rummy_learn.decks import build_deck
from rummy_learn.legality import refusals
from rummy_learn.moves import legal_actions
from rummy_learn.outcome import EndReason, RoundOutcome, settle
from rummy_learn.plays import advanced
from rummy_learn.refusals import IllegalMove, Legality, MoveProblem, Refusal
from rummy_learn.rules import Rules, RummyBonus, StockEmpty
from rummy_learn.scoring import hand_penalty
from rummy_learn.state import Phase, RoundState
from rummy_learn.table import TableMeld
from rummy_learn.turn_end import without
from rummy_learn.view import PlayerView

__all__ = ["DEFAULT_TURN_CAP", "Move", "Round"]

DEFAULT_TURN_CAP = 600
"""The kit's safety cap on turns per round (no source has one; rami's own limit is 300)."""


class Move(NamedTuple):
    """A move made: who made it, and the action."""

    player: int
    action: Action


class _Done(NamedTuple):
    """What :meth:`Round.undo` needs: the state before a move, and the log's length then."""

    before: RoundState
    log_size: int
    move: Move


class Round:
    """One round: the deal, the turns, the end. See the module's documentation.

    The one constructor: from ``state`` and the ``log`` that led to it, or, by default,
    the cards shuffled by ``seed`` and dealt by ``dealer`` (:func:`rummy_learn.deal.shuffled`).
    """

    def __init__(
        self,
        rules: Rules,
        players: int = 2,
        *,
        seed: int = 0,
        dealer: int = 0,
        turn_cap: int = DEFAULT_TURN_CAP,
        state: RoundState | None = None,
        log: Sequence[dict[str, Any]] = (),
    ) -> None:
        if not rules.min_players <= players <= rules.max_players:
            raise ValueError(
                f"{rules.variant} is played by {rules.min_players} to "
                f"{rules.max_players} players, not {players}"
            )
        if not 0 <= dealer < players:
            raise ValueError(f"the dealer is one of the {players} players, not {dealer}")
        if state is None:
            state, log = deal.shuffled(rules, players, seed, dealer)
        elif len(state.hands) != players or not log:
            raise ValueError(f"a state of {len(state.hands)} hands, with its log, for {players}")
        self.rules = rules
        self.players = players
        self.seed = seed
        self.dealer = dealer
        self.turn_cap = turn_cap
        self.shoe = build_deck(rules, players)
        self.log: list[dict[str, Any]] = list(log)
        self._state = state
        self._done: list[_Done] = []
        self._known_of: tuple[RoundState, tuple[tuple[Card, ...], ...]] | None = None

    @classmethod
    def stacked(
        cls,
        rules: Rules,
        hands: list[list[Card]],
        *,
        stock: list[Card] | None = None,
        upcard: Card | None = None,
        dealer: int = 0,
        seed: int = 0,
        turn_cap: int = DEFAULT_TURN_CAP,
    ) -> Round:
        """A round dealt as given: for lessons, exercises and scripted tests.

        ``hands`` and ``stock`` (top card first) name faces; each gets a physical card of
        the shoe. The rest of the shoe lies under the given stock, shuffled by ``seed``.
        """
        dealt = deal.stacked(
            rules, hands, stock=stock or (), upcard=upcard, dealer=dealer, seed=seed
        )
        return cls(
            rules,
            len(hands),
            seed=seed,
            dealer=dealer,
            turn_cap=turn_cap,
            state=dealt.state,
            log=dealt.events,
        )

    @classmethod
    def practice(
        cls, rules: Rules, hand: list[Card], melds: list[list[Card]], *, seed: int = 0
    ) -> Round:
        """Player 0 to play, already opened, with ``melds`` on the table (laid by player 1).

        For practising lay-offs and joker swaps; the rest of the shoe is the stock.

        >>> from rummy_learn.notation import parse_cards
        >>> from rummy_learn.variants import preset
        >>> game = Round.practice(preset("romme"), parse_cards("10♠"), [parse_cards("7♠ 8♠ 9♠")])
        >>> game.phase.value, game.view(0).opened, len(game.table)
        ('play', (True, True), 1)
        """
        laid_cards = [c for meld in melds for c in meld]
        dealer = 0 if deal.first_player(rules, 0, 2) == 0 else 1  # player 0 plays first
        dealt = deal.stacked(rules, [[*hand], laid_cards], dealer=dealer, seed=seed)
        pool = list(dealt.state.hands[1])
        physical = []
        for meld in melds:  # player 1's melds, each card taken once from their hand
            chosen = [next(c for c in pool if c.face == face.face) for face in meld]
            for card in chosen:
                pool.remove(card)
            physical.append(tuple(chosen))
        practice = deal.practised(dealt, rules, physical)
        return cls(rules, 2, seed=seed, dealer=dealer, state=practice.state, log=practice.events)

    # --- what players see and may do ------------------------------------------------------

    @property
    def state(self) -> RoundState:
        """Where the round stands (a frozen value)."""
        return self._state

    @property
    def phase(self) -> Phase:
        """Where the round is."""
        return self._state.phase

    @property
    def current(self) -> int:
        """The player to move."""
        return self._state.current

    @property
    def outcome(self) -> RoundOutcome | None:
        """How the round ended, once it has."""
        return self._state.outcome

    @property
    def table(self) -> tuple[TableMeld, ...]:
        """The melds on the table."""
        return self._state.table

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves made so far, first to last (what :meth:`undo` takes back)."""
        return tuple(done.move for done in self._done)

    def _repr_html_(self) -> str:
        """The round drawn in a notebook: hands, table, piles (the drawing imported when drawn)."""
        from rummy_learn.render import notebook_html

        return notebook_html(self)

    def hand(self, player: int) -> Hand:
        """A player's hand (the whole state's business; bots use :meth:`view`)."""
        return Hand(self._state.hands[player])

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see."""
        if not 0 <= player < self.players:
            raise ValueError(f"there is no player {player} (players are 0 to {self.players - 1})")
        s = self._state
        return PlayerView(
            rules=self.rules,
            player=player,
            players=self.players,
            phase=s.phase,
            current=s.current,
            hand=Hand(s.hands[player]),
            hand_sizes=tuple(len(h) for h in s.hands),
            table=s.table,
            top_discard=s.discard[-1] if s.discard else None,
            discard_size=len(s.discard),
            stock_size=len(s.stock),
            opened=s.opened,
            turn=s.turns,
            taken=s.taken,
            must_use=s.must_use,
            swapped_joker=s.swapped_joker,
            last_discarder=s.last_discarder,
            pile=s.discard,
            known=self._known(s),
        )

    def _known(self, s: RoundState) -> tuple[tuple[Card, ...], ...]:
        """Per player, the cards everyone saw go into their hand (taken from the discard pile
        or knocked for) that are still there: what any player may remember (kept per state:
        a view is asked for often)."""
        cached = self._known_of
        if cached is not None and cached[0] is s:
            return cached[1]
        seen: list[list[Card]] = [[] for _ in range(self.players)]
        for done in self._done:
            if isinstance(done.move.action, TakeDiscard | Knock) and done.before.discard:
                seen[done.move.player].append(done.before.discard[-1])
        known = tuple(tuple(c for c in cards if c in s.hands[p]) for p, cards in enumerate(seen))
        self._known_of = (s, known)
        return known

    def _actor(self, action: Action) -> int:
        return action.player if isinstance(action, Knock) else self._state.current

    def is_legal(self, action: Action) -> Legality:
        """Whether ``action`` is allowed: true if so, else with every reason why not."""
        actor = self._actor(action)
        if not 0 <= actor < self.players:
            return Legality((MoveProblem(Refusal.NOT_A_PLAYER, number=actor),))
        return Legality(refusals(self.view(actor), action))

    def legal_actions(self) -> Iterator[Action]:
        """Every legal move: the player to move's, then the knocks other players may make.

        A generator (there may be thousands of ways to open); take what you need of it.
        """
        if self._state.phase is Phase.OVER:
            return
        yield from legal_actions(self.view(self._state.current))
        for player in range(self.players):
            if player != self._state.current:
                yield from legal_actions(self.view(player))

    # --- moves ----------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Make a move; an illegal one raises :class:`IllegalMove` and changes nothing."""
        legality = self.is_legal(action)
        if not legality:
            raise IllegalMove(legality.problems)
        actor = self._actor(action)
        before, size = self._state, len(self.log)
        event: dict[str, Any] = {"event": "move", "player": actor, "action": action_to_json(action)}
        self.log.append(event)
        try:
            self._state = self._after(self._state, actor, action, event)
        except Exception:  # a bug of the kit's: the round stays as it was, log included
            del self.log[size:]
            raise
        self._done.append(_Done(before, size, Move(actor, action)))

    def undo(self) -> Move:
        """Take the last move back: the round is exactly as it was before it (log included).

        >>> from rummy_learn.variants import preset
        >>> Round(preset("romme"), 2).undo()
        Traceback (most recent call last):
        ...
        IndexError: no move to take back: the round is as it was dealt
        """
        if not self._done:
            raise IndexError("no move to take back: the round is as it was dealt")
        done = self._done.pop()
        self._state = done.before
        del self.log[done.log_size :]
        return done.move

    def copy(self) -> Round:
        """An independent copy of the round, its moves included (cheap: states are shared)."""
        clone = Round(
            self.rules,
            self.players,
            seed=self.seed,
            dealer=self.dealer,
            turn_cap=self.turn_cap,
            state=self._state,
            log=self.log,
        )
        clone._done = list(self._done)
        return clone

    def _after(
        self, s: RoundState, actor: int, action: Action, event: dict[str, Any]
    ) -> RoundState:
        """The state after a legal ``action`` by ``actor`` (``event``: its log entry)."""
        hand = s.hands[actor]
        if isinstance(action, DrawStock):
            card = s.stock[-1]
            event["card"] = card_id(card)
            s = s.with_hand(actor, (*hand, card))
            return replace(s, stock=s.stock[:-1], phase=Phase.PLAY)
        if isinstance(action, TakeDiscard | Meld | LayOff | SwapJoker):
            return advanced(s, self.rules, actor, action)
        if isinstance(action, Discard):
            return self._discard(s, actor, action.card)
        if isinstance(action, GoOut):
            return self._finish(s, actor)
        card, extra = s.discard[-1], s.stock[-1]  # a knock
        event["card"] = card_id(extra)
        s = s.with_hand(actor, (*hand, card, extra))
        s = replace(s, discard=s.discard[:-1], stock=s.stock[:-1], phase=Phase.DRAW)
        return self._begin_turn(s)

    def _discard(self, s: RoundState, player: int, card: Card) -> RoundState:
        s = s.with_hand(player, tuple(without(s.hands[player], [card])))
        s = replace(s, discard=(*s.discard, card), turns=s.turns + 1)
        if not s.hands[player]:
            return self._finish(s, player)
        knock = self.rules.knock and self.players >= self.rules.knock_min_players
        s = replace(
            s,
            last_discarder=player,
            current=(player + 1) % self.players,
            phase=Phase.KNOCK if knock else Phase.DRAW,
        )
        return self._begin_turn(s)

    def _begin_turn(self, s: RoundState) -> RoundState:
        """A new turn: nothing taken or owed yet; the stock's and the turn limit's rules."""
        s = replace(s, taken=None, must_use=None, swapped_joker=None)
        if s.turns >= self.turn_cap:
            return self._end_lowest(s, EndReason.TURN_CAP)
        if self.rules.turn_limit is not None and s.turns >= self.rules.turn_limit:
            return self._end_lowest(s, EndReason.TURN_LIMIT)
        if not s.stock:
            return self._stock_ran_out(s)
        return s

    def _stock_ran_out(self, s: RoundState) -> RoundState:
        rules = self.rules
        if rules.stock_empty is StockEmpty.NO_WINNER:
            return self._end(s, EndReason.STOCK_EMPTY, None)
        if rules.max_reshuffles is not None and s.reshuffles >= rules.max_reshuffles:
            return self._end_lowest(s, EndReason.RESHUFFLE_LIMIT)
        if len(s.discard) < 2:
            return self._end_lowest(s, EndReason.STOCK_EMPTY)
        stock = list(s.discard[:-1])
        count = s.reshuffles + 1
        random.Random(f"{self.seed}/reshuffle/{count}").shuffle(stock)
        self.log.append({"event": "reshuffle", "count": count, "stock": card_ids(stock)})
        return replace(s, stock=tuple(stock), discard=s.discard[-1:], reshuffles=count)

    def _finish(self, s: RoundState, winner: int) -> RoundState:
        rules = self.rules
        at_once = s.started_unopened and not (rules.rummy_needs_bare_table and s.others_have_melded)
        rummy = at_once and rules.rummy_bonus is not RummyBonus.NONE
        return self._end(s, EndReason.RUMMY if rummy else EndReason.WENT_OUT, winner)

    def _end_lowest(self, s: RoundState, reason: EndReason) -> RoundState:
        """End the round; the lowest hand wins (ties: fewer cards, then the next in turn)."""
        order = [(s.current + i) % self.players for i in range(self.players)]
        winner = min(order, key=lambda p: (hand_penalty(s.hands[p], self.rules), len(s.hands[p])))
        return self._end(s, reason, winner)

    def _end(self, s: RoundState, reason: EndReason, winner: int | None) -> RoundState:
        points = tuple(hand_penalty(h, self.rules) for h in s.hands)
        melded = sum(m.check(self.rules).points or 0 for m in s.table if m.owner == winner)
        scores = settle(self.rules, reason, winner, points, melded)
        outcome = RoundOutcome(reason, winner, points, scores)
        self.log.append(
            {
                "event": "end",
                "reason": reason.value,
                "winner": winner,
                "hand_points": list(points),
                "scores": list(outcome.scores),
            }
        )
        return replace(s, outcome=outcome, phase=Phase.OVER)

    # --- integrity, saving, replay ------------------------------------------------------------

    def cards_accounted(self) -> bool:
        """Every card of the shoe lies in exactly one place: a hand, stock, pile or table."""
        s = self._state
        places = [
            *s.stock,
            *s.discard,
            *(c for h in s.hands for c in h),
            *(c for m in s.table for c in m.cards),
        ]
        return len(places) == len(self.shoe) and Counter(places) == Counter(self.shoe)

    def to_json(self) -> dict[str, Any]:
        """The whole round (rules, state and log) as JSON data (:func:`persist.round_to_json`)."""
        return persist.round_to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Round:
        """A round saved by :meth:`to_json`, exactly as it was.

        The save is checked, not trusted (:mod:`rummy_learn.saves`): every field, then
        its log played again, which must lead to the saved state. A bad save raises
        :class:`~rummy_learn.saves.SaveError`, a ``ValueError`` that names the field.
        """
        return persist.load(cls, data)

    @classmethod
    def replay(cls, data: dict[str, Any]) -> Round:
        """Play a saved round again from its deal (its seed, or the stacked cards) and its moves.

        The rules, the deal and every entry of the log are checked (:func:`persist.replay`).
        """
        return persist.replay(cls, data)
