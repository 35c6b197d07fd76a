"""The hint beside the hard bot: what the hard bot would do in the player's place, and why.

A hint is the turn planner's plan (:mod:`rummy_learn.hints`), each step with its reason.
:func:`compare_with_hard` asks the hard bot (:class:`~rummy_learn.hard_bot.HardBot`, which
sees what the player sees and nothing more) for its move in the same place, so that a
learner can weigh the two: the same move, or another one and the hard bot's reason for it.
:func:`explained_hint` puts both in words.

>>> from rummy_learn.engine import Round
>>> from rummy_learn.variants import preset
>>> game = Round(preset("romme"), players=2, seed=10)
>>> compared = compare_with_hard(game.view(game.current))
>>> [step.code.value for step in compared.hint.steps], compared.same
(['take_discard', 'open', 'discard'], True)
>>> for line in explained_hint(game.view(game.current), "en")[:3]:  # the hard bot: 2nd
...     print(line)
Take J♥ from the discard pile: it fits into a meld.
The hard bot would do the same. It makes J♣ J♥ J♦.
Open with these melds: 56 points (minimum: 40 points).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rummy_learn.actions import (
    Action,
    Discard,
    DrawStock,
    GoOut,
    LayOff,
    Meld,
    SwapJoker,
    TakeDiscard,
)
from rummy_learn.explain import Explanation
from rummy_learn.hard_bot import HardBot
from rummy_learn.hints import Hint, hint
from rummy_learn.i18n import get_language, text
from rummy_learn.i18n.describe import cards_text, hint_lines
from rummy_learn.i18n.explained import moved_cards, reason_text
from rummy_learn.view import PlayerView

__all__ = ["Compared", "compare_with_hard", "compared_line", "explained_hint"]

_SAID_BY_THE_HINT = (Meld, LayOff, SwapJoker, GoOut)
"""Moves whose reason the hint's own line already gives (the melds and their points, the
card and the meld): when the hard bot makes the same one, its reason would say it again."""

_KEYS: dict[type, str] = {
    DrawStock: "compare.draw",
    TakeDiscard: "compare.take",
    Meld: "compare.meld",
    LayOff: "compare.lay_off",
    SwapJoker: "compare.swap",
    Discard: "compare.discard",
    GoOut: "compare.go_out",
}


@dataclass(frozen=True)
class Compared:
    """A hint and the hard bot's move in the same place (``None``: not the player's turn to
    move, so there is nothing to compare); ``same``: the hint's move is the hard bot's."""

    hint: Hint
    hard: Explanation | None
    same: bool


def _same(a: Action | None, b: Action) -> bool:
    """The same move; melds laid together are the same in any order."""
    if isinstance(a, Meld) and isinstance(b, Meld):
        return sorted(map(sorted, a.melds)) == sorted(map(sorted, b.melds))
    return a == b


def compare_with_hard(view: PlayerView, seed: int = 0) -> Compared:
    """The hint for the view's player, and what the hard bot would do in their place."""
    proposal = hint(view)
    if not view.my_turn or view.phase.value not in ("draw", "play"):
        return Compared(proposal, None, False)
    hard = HardBot(view.rules, seed).decide(view)
    return Compared(proposal, hard, _same(proposal.action, hard.action))


def compared_line(compared: Compared, lang: str | None = None) -> str:
    """The hard bot's move in words ("would do the same", or "would rather …"), then why;
    ``""`` when there is nothing to compare. The same meld, lay-off, swap or going out says
    no more: the hint's line has already said why (a Russian teacher read the opening's
    points twice in a row)."""
    lang = lang or get_language()
    hard = compared.hard
    if hard is None or type(hard.action) not in _KEYS:
        return ""
    if compared.same:
        said = text("compare.same", lang)
        if isinstance(hard.action, _SAID_BY_THE_HINT):
            return said
    else:
        action = hard.action
        top = hard.cards[0] if isinstance(action, TakeDiscard) and hard.cards else None
        cards = cards_text(moved_cards(action, top), lang)
        if isinstance(action, Meld):  # one meld after another, apart
            cards = " | ".join(cards_text(meld, lang) for meld in action.melds)
        said = text(_KEYS[type(action)], lang, cards=cards)
    return f"{said} {reason_text(hard, lang)}"


def explained_hint(view: PlayerView, lang: str | None = None, seed: int = 0) -> list[str]:
    """The hint's lines, each step with its reason, and the hard bot's move and reason right
    after the step it is compared with, the move to make now (after the last step, a German
    pupil read "Die Karte …" as the next card's reason)."""
    compared = compare_with_hard(view, seed)
    line = compared_line(compared, lang)
    steps = compared.hint.steps
    now = next((i for i, step in enumerate(steps) if step.action is not None), len(steps) - 1)
    head = hint_lines(replace(compared.hint, steps=steps[: now + 1]), lang)
    tail = hint_lines(replace(compared.hint, steps=steps[now + 1 :]), lang)
    return [*head, *([line] if line else []), *tail]
