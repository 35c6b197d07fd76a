"""Computer players. They see a :class:`~rummy_learn.view.PlayerView`, never the whole round.

* :class:`RandomBot` picks any legal move at random (among the first ones listed).
* :class:`GreedyBot` plays the turn planner's moves (:class:`~rummy_learn.planner.Greedy`):
  the very moves a hint explains.

:func:`drive_bots` is the one loop that lets bots play a round: simulations run it to the
end, a widget runs it until it is a human's turn; :func:`take_back` undoes a human's last
move and the bots' moves after it.

>>> from rummy_learn.engine import Round
>>> from rummy_learn.variants import preset
>>> game = Round(preset("romme"), players=2, seed=10)
>>> bot = GreedyBot(game.rules)
>>> type(bot.choose(game.view(game.current))).__name__
'TakeDiscard'
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import islice

from rummy_learn.actions import Action, DrawStock, Knock
from rummy_learn.engine import Move, Round
from rummy_learn.explain import Explanation, explain
from rummy_learn.legality import knock_order
from rummy_learn.moves import legal_actions
from rummy_learn.planner import Greedy
from rummy_learn.refusals import NoLegalMove
from rummy_learn.rules import Rules
from rummy_learn.view import Phase, PlayerView

__all__ = [
    "RANDOM_CHOICES",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "can_take_back",
    "drive_bots",
    "take_back",
]

RANDOM_CHOICES = 64
"""How many of the legal moves (in :func:`~rummy_learn.moves.legal_actions`' order) a random
bot chooses from: every discard, lay-off and swap, and the first ways to meld."""


class Bot:
    """A computer player: one move at a time, from its own view."""

    def choose(self, view: PlayerView) -> Action:
        """The move to make; ``view`` is this bot's own view and it is its turn."""
        raise NotImplementedError

    def decide(self, view: PlayerView) -> Explanation:
        """The move to make (``.action``) and why, from this bot's view only."""
        return explain(view, self.choose(view))

    def knock(self, view: PlayerView) -> bool:
        """Whether to knock for the last discard (asked only when knocking is allowed)."""
        return False


class RandomBot(Bot):
    """Any legal move, uniformly at random (seeded), from the first :data:`RANDOM_CHOICES`."""

    def __init__(self, seed: int = 0, knock_chance: float = 0.1) -> None:
        self.rng = random.Random(seed)
        self.knock_chance = knock_chance

    def choose(self, view: PlayerView) -> Action:
        actions = list(islice(legal_actions(view), RANDOM_CHOICES))
        if not actions:
            raise NoLegalMove(f"player {view.player} has no legal move")
        return self.rng.choice(actions)

    def knock(self, view: PlayerView) -> bool:
        return self.rng.random() < self.knock_chance


class GreedyBot(Bot):
    """Plays the greedy turn planner's first step (see :mod:`rummy_learn.planner`)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.planner = Greedy(rules)

    def knock(self, view: PlayerView) -> bool:
        return self.planner.knock(view) is not None

    def choose(self, view: PlayerView) -> Action:
        action = self.planner.step(view)[-1].action
        assert action is not None  # a step for the player to move always makes a move
        return action


def drive_bots(
    game: Round,
    bots: Sequence[Bot | None],
    *,
    passed: bool = False,
    why: list[Explanation] | None = None,
) -> Iterator[Move]:
    """Let the bots play until a human is to decide or the round is over; yield each move made.

    ``bots[p]`` plays for player ``p``; ``None`` marks a human. Before a turn, while the
    last discard may be claimed, the players who may knock are asked in
    :func:`~rummy_learn.legality.knock_order`: a bot knocks if it wants the card; at a
    human the loop stops, for them to knock or not. ``passed``: the humans let the
    discard that may be claimed now go (they are asked again at the next one).

    >>> from rummy_learn.variants import preset
    >>> game = Round(preset("rami40"), players=3, seed=2)
    >>> moves = list(drive_bots(game, [None, GreedyBot(game.rules), GreedyBot(game.rules)]))
    >>> game.current, [move.player for move in moves][:2]
    (0, [1, 1])
    """
    while game.outcome is None:
        if game.phase is Phase.KNOCK:
            for player in knock_order(game.players, game.current):
                bot, knock = bots[player], Knock(player)
                if not game.is_legal(knock):
                    continue
                if bot is None:
                    if passed:
                        continue
                    return
                if bot.knock(game.view(player)):
                    if why is not None:
                        why.append(explain(game.view(player), knock))
                    game.apply(knock)
                    yield Move(player, knock)
                    break
            if game.outcome is not None:  # a knock can empty the stock
                return
        passed = False  # the next discard asks the humans again
        bot = bots[game.current]
        if bot is None:
            return
        player = game.current
        if why is None:  # explaining costs time: a simulation does without
            action = bot.choose(game.view(player))
        else:
            why.append(bot.decide(game.view(player)))
            action = why[-1].action
        game.apply(action)
        yield Move(player, action)


def can_take_back(game: Round, player: int) -> bool:
    """Whether ``player`` has a last move that may be taken back: one that showed them no
    hidden card, in a round that is not over. A draw from the stock, or a knock (which draws
    one), may not: the player would look at the card and choose again. Nor may any move once
    the round is scored: its result stands (pupils write it down).

    >>> from rummy_learn.variants import preset
    >>> game = Round(preset("rami40"), players=2, seed=7)  # player 1 plays first
    >>> can_take_back(game, 1), game.apply(DrawStock()), can_take_back(game, 1)
    (False, None, False)
    """
    if game.outcome is not None:
        return False
    mine = [move for move in game.moves if move.player == player]
    return bool(mine) and not isinstance(mine[-1].action, DrawStock | Knock)


def take_back(game: Round, player: int) -> list[Move]:
    """Take back ``player``'s last move and every move made after it (:meth:`Round.undo`):
    the round is as it was when ``player`` chose that move. Returns the moves taken back,
    the last made first; none when :func:`can_take_back` says no.

    >>> from rummy_learn.actions import Discard, TakeDiscard
    >>> from rummy_learn.variants import preset
    >>> game = Round(preset("rami40"), players=2, seed=7)  # player 1 plays first
    >>> moves = list(drive_bots(game, [None, GreedyBot(game.rules)]))  # until player 0's turn
    >>> game.current, take_back(game, 0)
    (0, [])
    >>> turn_begins = game.state
    >>> game.apply(TakeDiscard())
    >>> take_back(game, 0), game.state == turn_begins
    ([Move(player=0, action=TakeDiscard())], True)
    >>> game.apply(DrawStock())  # a card from the stock, seen: it stays drawn
    >>> take_back(game, 0), game.state == turn_begins
    ([], False)
    >>> [move.player for move in take_back(game, 1)], len(game.moves) == len(moves) - 1
    ([0, 1], True)
    """
    if not can_take_back(game, player):
        return []
    taken: list[Move] = []
    while not taken or taken[-1].player != player:
        taken.append(game.undo())
    return taken
