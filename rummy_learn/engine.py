"""A round of rummy as a state machine: deal → turns of draw / play / discard → over.

The round uses only its :class:`~rummy_learn.rules.Rules` value. Moves are the
frozen actions of :mod:`rummy_learn.actions`; :meth:`Round.apply` refuses an
illegal one with :class:`~rummy_learn.refusals.IllegalMove` and leaves the state
exactly as it was. Every change is logged; a round saves to JSON and loads back
exactly, and the same seed deals the same round.

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
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rummy_learn import saves
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
    parse_card_id,
)
from rummy_learn.cards import Card
from rummy_learn.decks import build_deck
from rummy_learn.legality import legal_actions, refusals
from rummy_learn.melds import MeldKind
from rummy_learn.outcome import EndReason, RoundOutcome, settle
from rummy_learn.refusals import IllegalMove, Legality, MoveProblem, Refusal
from rummy_learn.rules import Rules, RummyBonus, StockEmpty, SwappedJoker
from rummy_learn.rules_json import rules_to_json
from rummy_learn.scoring import hand_penalty
from rummy_learn.table import TableMeld, extend, relaid, with_swap
from rummy_learn.view import Phase, PlayerView

__all__ = ["DEFAULT_TURN_CAP", "Round"]

DEFAULT_TURN_CAP = 600
"""The kit's safety cap on turns per round (no source has one; rami's own limit is 300)."""


@dataclass
class _State:
    hands: list[list[Card]]
    stock: list[Card]  # the top card is the last
    discard: list[Card]  # the top card is the last
    table: list[TableMeld] = field(default_factory=list)
    opened: list[bool] = field(default_factory=list)
    phase: Phase = Phase.DRAW
    current: int = 0
    turns: int = 0
    reshuffles: int = 0
    next_meld: int = 1
    taken: Card | None = None
    must_use: Card | None = None
    swapped_joker: Card | None = None
    opened_this_turn: bool = False
    started_unopened: bool = True
    others_had_melded: bool = False
    knock_open: bool = False
    last_discarder: int | None = None
    outcome: RoundOutcome | None = None


def _ids(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    return [card_id(c) for c in cards]


def _cards(ids: list[str]) -> list[Card]:
    return [parse_card_id(i) for i in ids]


class Round:
    """One round: the deal, the turns, the end. See the module's documentation."""

    def __init__(
        self,
        rules: Rules,
        players: int = 2,
        *,
        seed: int = 0,
        dealer: int = 0,
        turn_cap: int = DEFAULT_TURN_CAP,
    ) -> None:
        if not rules.min_players <= players <= rules.max_players:
            raise ValueError(f"{rules.variant} is played by {rules.min_players} to "
                             f"{rules.max_players} players, not {players}")  # fmt: skip
        if not 0 <= dealer < players:
            raise ValueError(f"the dealer is one of the {players} players, not {dealer}")
        self.rules = rules
        self.players = players
        self.seed = seed
        self.dealer = dealer
        self.turn_cap = turn_cap
        self.shoe = build_deck(rules, players)
        self.log: list[dict[str, Any]] = []
        self._s = self._deal()

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
        free = list(build_deck(rules, len(hands)))

        def take(face: Card) -> Card:
            card = next((c for c in free if c.face == face.face), None)
            if card is None:
                raise ValueError(f"the shoe has no {face} left")
            free.remove(card)
            return card

        if not 0 <= dealer < len(hands):
            raise ValueError(f"the dealer is one of the {len(hands)} players, not {dealer}")
        dealt = [[take(c) for c in hand] for hand in hands]
        discard = [take(upcard)] if upcard is not None else []
        top = [take(c) for c in stock or []]
        random.Random(seed).shuffle(free)
        return cls._laid(rules, seed, dealer, turn_cap, dealt, [*free, *reversed(top)], discard)

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
        dealer = 0 if _dealer_starts(rules) else 1  # player 0 plays the first turn
        game = cls.stacked(rules, [[*hand], laid_cards], dealer=dealer, seed=seed)
        pool = list(game._s.hands[1])
        physical = []
        for meld in melds:  # player 1's melds, each card taken once from their hand
            chosen = [next(c for c in pool if c.face == face.face) for face in meld]
            for card in chosen:
                pool.remove(card)
            physical.append(tuple(chosen))
        game._practice(physical)
        return game

    def _practice(self, melds: list[tuple[Card, ...]]) -> None:
        """Lay player 1's melds and open both players: a practice table."""
        for cards in melds:
            self._lay(1, cards)
        s = self._s
        s.opened = [True] * self.players
        s.phase = Phase.PLAY
        s.started_unopened = False
        self.log.append({"event": "practice", "table": [_ids(list(m)) for m in melds]})

    @classmethod
    def _laid(
        cls,
        rules: Rules,
        seed: int,
        dealer: int,
        turn_cap: int,
        hands: list[list[Card]],
        stock: list[Card],
        discard: list[Card],
    ) -> Round:
        """A round whose cards lie as given (a stacked deal, or one read back from a log)."""
        game = cls.__new__(cls)
        game.rules, game.players, game.seed = rules, len(hands), seed
        game.dealer, game.turn_cap = dealer, turn_cap
        game.shoe = build_deck(rules, game.players)
        state = _State(hands, stock, discard, opened=[False] * game.players)
        state.current = dealer if _dealer_starts(rules) else (dealer + 1) % game.players
        state.phase = Phase.PLAY if rules.dealer_14 else Phase.DRAW
        game.log = [{"event": "deal", "dealer": dealer, "stacked": True,
                     "hands": [_ids(h) for h in hands], "upcard": _ids(discard),
                     "stock": _ids(stock)}]  # fmt: skip
        game._s = state
        game._start_turn()
        return game

    # --- the deal -------------------------------------------------------------------------

    def _deal(self) -> _State:
        rules, n = self.rules, self.players
        stock = list(self.shoe)
        rng = random.Random(self.seed)
        rng.shuffle(stock)
        hands: list[list[Card]] = [[] for _ in range(n)]
        event: dict[str, Any] = {"event": "deal", "dealer": self.dealer}
        if rules.rauben and n > 1:
            cutter = (self.dealer - 1) % n
            seen = stock[rng.randrange(len(stock))]
            if seen.is_joker:  # the cutter keeps a joker seen while cutting
                stock.remove(seen)
                hands[cutter].append(seen)
                event["rauben"] = {"player": cutter, "card": card_id(seen)}
        size = [rules.hand_size_for(n)] * n
        if rules.dealer_14:
            size[self.dealer] += 1
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        while any(len(hands[p]) < size[p] for p in order):
            for packet in rules.deal_packets:
                for p in order:
                    for _ in range(min(packet, size[p] - len(hands[p]))):
                        hands[p].append(stock.pop())
        discard = [stock.pop()] if rules.upcard and not rules.dealer_14 else []
        state = _State(hands, stock, discard, opened=[False] * n)
        state.current = self.dealer if _dealer_starts(rules) else (self.dealer + 1) % n
        state.phase = Phase.PLAY if rules.dealer_14 else Phase.DRAW
        event |= {"hands": [_ids(h) for h in hands], "upcard": _ids(discard)}
        self.log.append(event)
        self._s = state
        self._start_turn()
        return state

    # --- what players see and may do ------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """Where the round is."""
        return self._s.phase

    @property
    def current(self) -> int:
        """The player to move."""
        return self._s.current

    @property
    def outcome(self) -> RoundOutcome | None:
        """How the round ended, once it has."""
        return self._s.outcome

    @property
    def table(self) -> tuple[TableMeld, ...]:
        """The melds on the table."""
        return tuple(self._s.table)

    def hand(self, player: int) -> tuple[Card, ...]:
        """A player's hand (the whole state's business; bots use :meth:`view`)."""
        return tuple(self._s.hands[player])

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see."""
        if not 0 <= player < self.players:
            raise ValueError(f"there is no player {player} (players are 0 to {self.players - 1})")
        s = self._s
        return PlayerView(
            rules=self.rules,
            player=player,
            players=self.players,
            phase=s.phase,
            current=s.current,
            hand=tuple(s.hands[player]),
            hand_sizes=tuple(len(h) for h in s.hands),
            table=tuple(s.table),
            top_discard=s.discard[-1] if s.discard else None,
            discard_size=len(s.discard),
            stock_size=len(s.stock),
            opened=tuple(s.opened),
            turn=s.turns,
            taken=s.taken,
            must_use=s.must_use,
            swapped_joker=s.swapped_joker,
            opened_this_turn=s.opened_this_turn,
            knock_open=s.knock_open,
            last_discarder=s.last_discarder,
        )

    def _actor(self, action: Action) -> int:
        return action.player if isinstance(action, Knock) else self._s.current

    def is_legal(self, action: Action) -> Legality:
        """Whether ``action`` is allowed: true if so, else with every reason why not."""
        actor = self._actor(action)
        if not 0 <= actor < self.players:
            return Legality((MoveProblem(Refusal.NOT_A_PLAYER, number=actor),))
        return Legality(refusals(self.view(actor), action))

    def legal_actions(self) -> list[Action]:
        """Every move of the player to move, and the knocks other players may make."""
        if self._s.phase is Phase.OVER:
            return []
        actions = legal_actions(self.view(self._s.current))
        for player in range(self.players):
            if player != self._s.current:
                actions += legal_actions(self.view(player))
        return actions

    # --- moves ----------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Make a move; an illegal one raises :class:`IllegalMove` and changes nothing."""
        legality = self.is_legal(action)
        if not legality:
            raise IllegalMove(legality.problems)
        actor = self._actor(action)
        event: dict[str, Any] = {"event": "move", "player": actor, "action": action_to_json(action)}
        self.log.append(event)
        s = self._s
        if isinstance(action, DrawStock):
            card = s.stock.pop()
            s.hands[actor].append(card)
            event["card"] = card_id(card)
            s.phase, s.knock_open = Phase.PLAY, False
        elif isinstance(action, TakeDiscard):
            card = s.discard.pop()
            s.hands[actor].append(card)
            s.taken = card
            s.must_use = card if self.rules.discard_must_be_used else None
            s.phase, s.knock_open = Phase.PLAY, False
        elif isinstance(action, Meld):
            for cards in action.melds:
                self._lay(actor, cards)
            if not s.opened[actor]:
                s.opened[actor] = True
                s.opened_this_turn = True
        elif isinstance(action, LayOff):
            self._lay_off(actor, action)
        elif isinstance(action, SwapJoker):
            self._swap(actor, action)
        elif isinstance(action, Discard):
            self._discard(actor, action.card)
        elif isinstance(action, GoOut):
            self._finish(actor)
        elif isinstance(action, Knock):
            card, extra = s.discard.pop(), s.stock.pop()
            s.hands[actor] += [card, extra]
            event["card"] = card_id(extra)
            s.knock_open = False
            self._start_turn()

    def _settle_duty(self, used: tuple[Card, ...]) -> None:
        """Melding or laying off a card of the taken face settles the duty to use it."""
        owed = self._s.must_use
        if owed is not None and any(c.face == owed.face for c in used):
            self._s.must_use = None

    def _lay(self, player: int, cards: tuple[Card, ...], *, any_order: bool = False) -> TableMeld:
        s = self._s
        self._settle_duty(cards)
        for card in cards:
            s.hands[player].remove(card)
        meld = TableMeld.lay(s.next_meld, player, cards, self.rules, any_order=any_order)
        s.next_meld += 1
        s.table.append(meld)
        return meld

    def _replace(self, meld: TableMeld) -> None:
        self._s.table = [meld if m.id == meld.id else m for m in self._s.table]

    def _lay_off(self, player: int, action: LayOff) -> None:
        s = self._s
        meld = next(m for m in s.table if m.id == action.meld)
        check = extend(meld, action.card, action.end, self.rules)
        lock = (
            self.rules.swap_partial_locks
            and meld.kind is MeldKind.SET
            and len(meld.cards) == 3
            and any(c.is_joker for c in meld.cards)
            and not action.card.is_joker
        )
        s.hands[player].remove(action.card)
        self._settle_duty((action.card,))
        self._replace(relaid(meld, check, lock=lock))

    def _swap(self, player: int, action: SwapJoker) -> None:
        s = self._s
        meld = next(m for m in s.table if m.id == action.meld)
        check = with_swap(meld, action.joker, action.cards, self.rules)
        for card in action.cards:
            s.hands[player].remove(card)
        self._settle_duty(action.cards)
        self._replace(relaid(meld, check))
        s.hands[player].append(action.joker)
        if action.new_meld:  # the freed joker's place in it is not chosen: the kit's
            self._lay(player, (action.joker, *action.new_meld), any_order=True)
        elif self.rules.swapped_joker in (
            SwappedJoker.PLAY_SAME_TURN,
            SwappedJoker.PLAY_IF_POSSIBLE,
        ):
            s.swapped_joker = action.joker

    def _discard(self, player: int, card: Card) -> None:
        s = self._s
        s.hands[player].remove(card)
        s.discard.append(card)
        s.turns += 1
        if not s.hands[player]:
            self._finish(player)
            return
        s.last_discarder = player
        s.knock_open = self.rules.knock and self.players >= self.rules.knock_min_players
        s.current = (player + 1) % self.players
        s.phase = Phase.DRAW
        self._start_turn()

    def _start_turn(self) -> None:
        """Reset the turn's bookkeeping; apply the stock's and the turn limit's rules."""
        s = self._s
        if s.phase is not Phase.DRAW or s.outcome is not None:
            return
        s.taken = s.must_use = s.swapped_joker = None
        s.opened_this_turn = False
        s.started_unopened = not s.opened[s.current]
        s.others_had_melded = any(m.owner != s.current for m in s.table)
        if s.turns >= self.turn_cap:
            self._end_lowest(EndReason.TURN_CAP)
        elif self.rules.turn_limit is not None and s.turns >= self.rules.turn_limit:
            self._end_lowest(EndReason.TURN_LIMIT)
        elif not s.stock:
            self._stock_ran_out()

    def _stock_ran_out(self) -> None:
        s, rules = self._s, self.rules
        if rules.stock_empty is StockEmpty.NO_WINNER:
            self._end(EndReason.STOCK_EMPTY, None)
        elif rules.max_reshuffles is not None and s.reshuffles >= rules.max_reshuffles:
            self._end_lowest(EndReason.RESHUFFLE_LIMIT)
        elif len(s.discard) < 2:
            self._end_lowest(EndReason.STOCK_EMPTY)
        else:
            top = s.discard.pop()
            s.stock, s.discard = s.discard, [top]
            s.reshuffles += 1
            random.Random(f"{self.seed}/reshuffle/{s.reshuffles}").shuffle(s.stock)
            self.log.append({"event": "reshuffle", "count": s.reshuffles, "stock": _ids(s.stock)})

    def _finish(self, winner: int) -> None:
        s, rules = self._s, self.rules
        at_once = s.started_unopened and not (rules.rummy_needs_bare_table and s.others_had_melded)
        rummy = at_once and rules.rummy_bonus is not RummyBonus.NONE
        self._end(EndReason.RUMMY if rummy else EndReason.WENT_OUT, winner)

    def _end_lowest(self, reason: EndReason) -> None:
        """End the round; the lowest hand wins (ties: fewer cards, then the next in turn)."""
        s = self._s
        order = [(s.current + i) % self.players for i in range(self.players)]
        winner = min(order, key=lambda p: (hand_penalty(s.hands[p], self.rules), len(s.hands[p])))
        self._end(reason, winner)

    def _end(self, reason: EndReason, winner: int | None) -> None:
        s = self._s
        points = tuple(hand_penalty(h, self.rules) for h in s.hands)
        s.outcome = RoundOutcome(reason, winner, points, settle(self.rules, reason, winner, points))
        s.phase = Phase.OVER
        s.knock_open = False
        self.log.append(
            {
                "event": "end",
                "reason": reason.value,
                "winner": winner,
                "hand_points": list(points),
                "scores": list(s.outcome.scores),
            }
        )

    # --- integrity, saving, replay ------------------------------------------------------------

    def cards_accounted(self) -> bool:
        """Every card of the shoe lies in exactly one place: a hand, stock, pile or table."""
        s = self._s
        places = [
            *s.stock,
            *s.discard,
            *(c for h in s.hands for c in h),
            *(c for m in s.table for c in m.cards),
        ]
        return len(places) == len(self.shoe) and Counter(places) == Counter(self.shoe)

    def to_json(self) -> dict[str, Any]:
        """The whole round (rules, state and log) as JSON data."""
        s = self._s
        outcome = s.outcome
        return {
            "rules": rules_to_json(self.rules),
            "players": self.players,
            "seed": self.seed,
            "dealer": self.dealer,
            "turn_cap": self.turn_cap,
            "state": {
                "hands": [_ids(h) for h in s.hands],
                "stock": _ids(s.stock),
                "discard": _ids(s.discard),
                "table": [
                    {
                        "id": m.id,
                        "owner": m.owner,
                        "cards": _ids(m.cards),
                        "kind": m.kind.value,
                        "locked": m.locked,
                    }
                    for m in s.table
                ],
                "opened": list(s.opened),
                "phase": s.phase.value,
                "current": s.current,
                "turns": s.turns,
                "reshuffles": s.reshuffles,
                "next_meld": s.next_meld,
                "taken": card_id(s.taken) if s.taken else None,
                "must_use": card_id(s.must_use) if s.must_use else None,
                "swapped_joker": card_id(s.swapped_joker) if s.swapped_joker else None,
                "opened_this_turn": s.opened_this_turn,
                "started_unopened": s.started_unopened,
                "others_had_melded": s.others_had_melded,
                "knock_open": s.knock_open,
                "last_discarder": s.last_discarder,
                "outcome": None
                if outcome is None
                else {
                    "reason": outcome.reason.value,
                    "winner": outcome.winner,
                    "hand_points": list(outcome.hand_points),
                    "scores": list(outcome.scores),
                },
            },
            "log": [dict(e) for e in self.log],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Round:
        """A round saved by :meth:`to_json`, exactly as it was.

        The save is checked, not trusted (:mod:`rummy_learn.saves`): every field, then
        its log played again, which must lead to the saved state. A bad save raises
        :class:`~rummy_learn.saves.SaveError`, a ``ValueError`` that names the field.
        """
        return saves.load(cls, data)

    @classmethod
    def replay(cls, data: dict[str, Any]) -> Round:
        """Play a saved round again from its deal (its seed, or the stacked cards) and its moves.

        The rules, the deal and every entry of the log are checked (:func:`saves.replay`).
        """
        return saves.replay(cls, data)

    def copy(self) -> Round:
        """An independent copy of the round."""
        return Round.from_json(self.to_json())


def _dealer_starts(rules: Rules) -> bool:
    """Whether the dealer plays the first turn: by the variant's rule, or because the
    dealer was dealt the card that starts the round (``dealer_14``)."""
    return rules.dealer_starts or rules.dealer_14
