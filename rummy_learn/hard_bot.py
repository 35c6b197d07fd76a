"""The hard bot: it plays from its own view, remembers the table, holds its melds back,
and weighs its draw by sampling the cards it has not seen (determinized Monte Carlo).

Opening, melding, laying off and swapping are the turn planner's
(:class:`~rummy_learn.planner.Greedy`, as the medium bot plays them), with one exception
and decisions of its own:

* **melds held**: once opened, it keeps its new melds in its hand until it can lay them
  all and go out: no one can lay off onto them or swap their jokers away (lay-offs and
  swaps it still makes). Laying every meld only to go out measured better against the
  medium bot than laying the melds without a joker at once (a few rounds in 200);
* **the discard**: a loose card's cost is its penalty less what it is worth in near melds:
  :data:`OUT_WORTH` for each unseen card (:func:`~rummy_learn.unseen.unseen`: the cards
  not in its hand, on the table, in the discard pile or known in another hand) that would
  make a meld of it with another loose card; it discards the card whose loss costs least;
* **the race, once opened** (games where a taken discard must be melded at once, Rummy 40
  and Scala 40): no one takes a discard to build a pair there, so the round is a race of
  stock draws to go out, and the winner is whoever goes out first. Once it has opened, a
  loose card's penalty counts for :data:`RACE_PENALTY` of itself only, and a card also has
  an out for each unseen card that would join it to a run (on the table or held in its
  hand): 9♥ waits for 8♥ beside 5♥ 6♥ 7♥. It keeps the cards that can still be used and
  throws the ones that cannot, high or low (against the medium bot, over the ladder's
  1,000 rounds: Rummy 40 59% to 59.5%, Scala 40 58% to 60.6%);
* **not feeding the next player**: a card that goes with a card the next player took from
  the pile, or that they could lay off once opened, costs :data:`FEED_COST` more. In the
  race games, while the next player has not opened, a card taken from the pile can only open
  them, and what an opening lacks is points: each point of a card costs
  :data:`UNOPENED_FEED` more, so it throws its low cards first (of the cards the medium bot
  took from the hard bot's discards to open, over 160 rounds of Rummy 40, half were tens
  and aces; against it, over the ladder's 1,000 rounds: Rummy 40 59.5% to 62.9%, Scala 40
  60.6% to 62.0%);
* **the draw**: it takes the discard when the planner would (it completes a meld), or
  when its hand with the discard is worth :data:`TAKE_MARGIN` more than with a card from
  the stock, averaged over :data:`SAMPLES` draws sampled from the unseen cards.

Its samples are seeded by its seed and the view: the same view gives the same move.

>>> from rummy_learn.engine import Round
>>> from rummy_learn.variants import preset
>>> game = Round(preset("romme"), players=2, seed=10)
>>> why = HardBot(game.rules, seed=1).decide(game.view(game.current))
>>> type(why.action).__name__, why.why.value, [str(c) for c in why.melds[0]]
('TakeDiscard', 'take_completes', ['J♣', 'J♥', 'J♦'])
>>> from rummy_learn.notation import parse_cards
>>> scala = preset("scala40")  # the race: 9♥ waits for 8♥ beside 5♥ 6♥ 7♥; 4♦ goes
>>> race = Round.practice(scala, parse_cards("2♠ 3♠ 4♠ 9♥ 4♦"), [parse_cards("5♥ 6♥ 7♥")])
>>> HardBot(scala, seed=1).decide(race.view(0)).action
Discard(card=Card('4♦', copy=0))
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from rummy_learn.actions import Action, Discard, DrawStock, Meld, TakeDiscard
from rummy_learn.bots import Bot
from rummy_learn.cards import RANKS, Card
from rummy_learn.explain import Explanation, Why, discarded, explain, waiting
from rummy_learn.legality import is_legal
from rummy_learn.melds import MeldKind, check_meld
from rummy_learn.planner import Greedy, StepCode
from rummy_learn.rules import Rules
from rummy_learn.scoring import penalty_of
from rummy_learn.solver import Arrangement, Objective, Solver
from rummy_learn.table import layoff_options
from rummy_learn.unseen import unseen
from rummy_learn.view import PlayerView

__all__ = [
    "FEED_COST",
    "OUT_WORTH",
    "RACE_PENALTY",
    "SAMPLES",
    "TAKE_MARGIN",
    "UNOPENED_FEED",
    "HardBot",
]

SAMPLES = 10
"""Draws from the unseen cards that each choice is weighed against."""

FEED_COST = 8.0
"""What feeding the next player a card they collect costs, in penalty points."""

OUT_WORTH = 0.75
"""What each unseen card that would make a meld of two loose cards is worth, in penalty points."""

RACE_PENALTY = 0.05
"""Once opened in a game where a taken discard must be melded at once: the share of a loose
card's penalty that counts (the penalty breaks ties; whether the card can be used decides)."""

UNOPENED_FEED = 2.0
"""In a game where a taken discard must be melded at once, while the next player has not
opened: what each point of a discarded card costs, in penalty points."""

TAKE_MARGIN = 2.0
"""Taking the discard shows the card to everyone: the hand with it must be worth this much
more than with a card from the stock, on average."""


class HardBot(Bot):
    """The hard level: see the module's documentation."""

    def __init__(self, rules: Rules, seed: int = 0, samples: int = SAMPLES) -> None:
        self.planner = Greedy(rules)
        self.rules = rules
        self.seed = seed
        self.samples = samples
        self._solver = Solver(rules, Objective.DEADWOOD)
        self._waits = _WAITS.setdefault(rules, {})  # shared by the bots of these rules

    def _waiting(self, a: Card, b: Card) -> tuple[Card, ...]:
        """:func:`~rummy_learn.explain.waiting`, remembered face by face for these rules (a
        cache keyed by the rules at each call spent most of a draw's time hashing them)."""
        if a.rank is None or b.rank is None or (a.rank != b.rank and a.suit != b.suit):
            return ()
        pair = (a.face, b.face) if a.sort_key <= b.sort_key else (b.face, a.face)
        if pair not in self._waits:
            self._waits[pair] = waiting(pair, self.rules)
        return self._waits[pair]

    def knock(self, view: PlayerView) -> bool:
        return self.planner.knock(view) is not None

    def choose(self, view: PlayerView) -> Action:
        return self.decide(view).action

    def decide(self, view: PlayerView) -> Explanation:
        step = self.planner.step(view)[-1]
        assert step.action is not None  # a step for the player to move always makes a move
        if view.phase.drawing:
            return self._draw(view, step.action, step.code is StepCode.TAKE_DISCARD)
        held = None
        if isinstance(step.action, Meld) and view.has_opened:
            held = None if self._going_out(view, step.action) else self._holding(view, step.action)
        if held is not None:
            return held
        if step.code is StepCode.DISCARD and isinstance(step.action, Discard):
            return self._discard(view, step.action) or explain(view, step.action)
        return explain(view, step.action)

    def _going_out(self, view: PlayerView, action: Meld) -> bool:
        return len(view.hand) - sum(len(m) for m in action.melds) <= 1

    def _holding(self, view: PlayerView, melds: Meld) -> Explanation | None:
        """The planner's lay-offs and swaps without its melds, which stay in the hand (where
        no one can lay off onto them or take their jokers) until the hand can go out; then
        the discard. ``None``: the turn owes a card, and the planner's move pays it."""
        if view.must_use is not None or view.swapped_joker is not None:
            return None
        why = next(
            (explain(view, a) for a in self.planner.moves(view)
             if not isinstance(a, Meld) and is_legal(view, a)),
            None,
        ) or self._discard(view, None)  # fmt: skip
        return replace(why, held=melds.melds) if why is not None else None

    # --- weighing hands ------------------------------------------------------------------

    def _table(self, view: PlayerView, best: Arrangement | None = None) -> _Odds:
        """The unseen cards, face by face, and the draws sampled from them for this decision;
        ``best``: the hand's arrangement, if already solved."""
        pool = unseen(view)
        counts: dict[Card, int] = {}
        for c in pool:
            counts[c.face] = counts.get(c.face, 0) + 1
        rng = random.Random(f"{self.seed}/{view.player}/{view.turn}/{len(view.hand)}")
        draws = rng.sample(pool, min(self.samples, len(pool)))
        if not (self.rules.discard_must_be_used and view.has_opened):
            return _Odds(counts, draws)
        runs = [m.cards for m in view.table if m.kind is MeldKind.RUN]
        held = (best if best is not None else self._solver.best(list(view.hand))).melds
        runs += [m for m in held if check_meld(m, self.rules, any_order=True).kind is MeldKind.RUN]
        return _Odds(counts, draws, penalty=RACE_PENALTY, runs=tuple(runs))

    def _run_outs(self, card: Card, odds: _Odds) -> int:
        """Unseen cards that would join ``card`` to one of ``odds.runs`` (beside it, same suit)."""
        if not odds.runs or card.rank is None or card.suit is None:
            return 0
        if card.face not in odds.run_outs:
            rank, live = RANKS.index(card.rank), 0
            for step in (-1, 1):
                if not 0 <= rank + step < len(RANKS):
                    continue
                gap = Card(RANKS[rank + step], card.suit)
                if odds.counts.get(gap, 0) and any(
                    check_meld([*run, gap, card], self.rules, any_order=True).valid
                    for run in odds.runs
                    if any(c.suit == card.suit for c in run if not c.is_joker)
                ):
                    live += odds.counts[gap]
            odds.run_outs[card.face] = live
        return odds.run_outs[card.face]

    def _pair_outs(self, a: Card, b: Card, odds: _Odds, jokers: int) -> int:
        """Unseen cards (``jokers`` of them jokers) that would make a meld of ``a`` and ``b``."""
        waits = self._waiting(a, b)
        return sum(odds.counts.get(w, 0) for w in waits) + jokers if waits else 0

    def _left_each(self, loose: list[Card], odds: _Odds) -> list[float]:
        """For each loose card, what the others cost once it is thrown, less what their near
        melds (and near runs) are worth. Each pair is weighed once, not once a throw."""
        jokers = odds.jokers
        pairs = [[0] * len(loose) for _ in loose]
        for i, a in enumerate(loose):
            for j in range(i + 1, len(loose)):
                pairs[i][j] = pairs[j][i] = self._pair_outs(a, loose[j], odds, jokers)
        rows = [sum(row) for row in pairs]
        runs = [self._run_outs(c, odds) for c in loose]
        pens = [penalty_of(c, self.rules) for c in loose]
        both, run, pen = sum(rows), sum(runs), sum(pens)  # both: each pair counted twice
        return [
            odds.penalty * (pen - pens[k]) - OUT_WORTH * ((both - 2 * rows[k]) / 2 + run - runs[k])
            for k in range(len(loose))
        ]

    def _best_throw(
        self,
        view: PlayerView,
        hand: list[Card],
        odds: _Odds,
        *,
        legal: bool = False,
        best: Arrangement | None = None,
    ) -> tuple[float, Card | None]:
        """The hand's worth once its best card to throw is thrown, and that card; ``best``:
        the hand's arrangement, if already solved."""
        solved = best if best is not None else self._solver.best(hand)
        loose = [c for c in solved.deadwood if not c.is_joker]
        pool = loose or [c for c in hand if not c.is_joker]
        after = (view.player + 1) % view.players
        unopened = (
            legal and odds.feed and self.rules.discard_must_be_used and not view.opened[after]
        )
        lefts = self._left_each(loose, odds) or [0.0] * len(pool)  # no loose card: none left
        choices: list[tuple[float, Card]] = []
        for card, left in zip(pool, lefts, strict=True):
            if legal and not is_legal(view, Discard(card)):
                continue
            feed = FEED_COST * self._feeds(view, card) if legal and odds.feed else 0.0
            if unopened:
                feed += UNOPENED_FEED * penalty_of(card, self.rules)
            choices.append((left + feed, card))
        if not choices:
            return (0.0, None)
        worth, card = min(choices, key=lambda wc: (wc[0], -penalty_of(wc[1], self.rules)))
        return (worth, card)

    def _feeds(self, view: PlayerView, card: Card) -> bool:
        """Would ``card`` help the next player, as far as this player can tell?"""
        after = (view.player + 1) % view.players
        if any(self._waiting(card, other) for other in view.known_of(after)):
            return True
        return view.opened[after] and any(layoff_options([card], view.table, self.rules))

    # --- the decisions -----------------------------------------------------------------------

    def _draw(self, view: PlayerView, planned: Action, wanted: bool) -> Explanation:
        top, hand = view.top_discard, list(view.hand)
        if wanted or top is None or self.rules.discard_must_be_used:
            return explain(view, planned)
        if not is_legal(view, TakeDiscard()):
            return explain(view, planned)
        odds = self._table(view)
        with_top, _ = self._best_throw(view, [*hand, top], odds)
        blind = [self._best_throw(view, [*hand, d], odds)[0] for d in odds.draws]
        if blind and with_top + TAKE_MARGIN < sum(blind) / len(blind):
            return explain(view, TakeDiscard())
        return explain(view, DrawStock())

    def _discard(self, view: PlayerView, planned: Discard | None) -> Explanation | None:
        hand = list(view.hand)
        best = self._solver.best(hand)  # solved once for the whole decision
        odds = self._table(view, best)
        _, card = self._best_throw(view, hand, odds, legal=True, best=best)
        if card is None:
            return None if planned is None else explain(view, planned)
        why = discarded(view, Discard(card))
        _, plain = self._best_throw(view, hand, replace(odds, feed=False), legal=True, best=best)
        if plain != card and why.why in (Why.DISCARD_LOOSE, Why.DISCARD_COSTLY):
            return replace(why, why=Why.DISCARD_SAFE, points=None)
        return why


_WAITS: dict[Rules, dict[tuple[Card, Card], tuple[Card, ...]]] = {}
"""What each pair of faces waits for, per rule set (a few hundred pairs a rule set)."""


@dataclass(frozen=True)
class _Odds:
    counts: dict[Card, int]
    draws: list[Card]
    feed: bool = True
    penalty: float = 1.0  # the share of a loose card's penalty that counts
    runs: tuple[tuple[Card, ...], ...] = ()  # runs a loose card may join (the race, opened)
    run_outs: dict[Card, int] = field(default_factory=dict)  # remembered face by face

    @property
    def jokers(self) -> int:
        return sum(n for face, n in self.counts.items() if face.is_joker)
