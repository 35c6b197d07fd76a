"""Cards that no meld can hold: the solver's walk leaves them out of the hand.

A natural card can lie in a set only if its rank has enough copies (with the jokers) to
reach the smallest set, and in a run only if some window of the shortest run's length
around it has few enough gaps for the jokers to fill. A card that can do neither is dead
weight in every arrangement, whatever the objective: the walk need not carry it from slot
to slot. The test is loose on purpose (any suit's copies count for a set, every run may turn
the corner): it may keep a card that no meld can use, but it never drops one that one can.

>>> from rummy_learn.meld_shapes import hand_counts
>>> from rummy_learn.notation import parse_cards
>>> from rummy_learn.variants import preset
>>> counts, jokers = hand_counts(parse_cards("5♥ 6♥ 7♥ 9♣ K♠ K♦"))
>>> live = live_counts(counts, jokers, preset("rami40"))
>>> sum(live), live == counts
(3, False)
>>> counts, jokers = hand_counts(parse_cards("5♥ 7♥ 9♣ K♠ K♦ Jkr"))
>>> sum(live_counts(counts, jokers, preset("rami40")))  # a joker fills 6♥, or makes K K Jkr
4
"""

from __future__ import annotations

from rummy_learn.rules import Rules

__all__ = ["live_counts"]


def live_counts(counts: list[int], jokers: int, rules: Rules, keep: int | None = None) -> list[int]:
    """``counts`` (copies of each face, ``suit * 13 + rank - 1``) less the faces no meld can
    hold; ``keep``: a face kept whatever (a card that must be used)."""
    set_short = max(rules.set_min - jokers, 1)  # natural copies a set of the rank needs
    width = min(max(rules.run_min, 2), 13)  # the shortest run's window
    ranks = [counts[r] + counts[13 + r] + counts[26 + r] + counts[39 + r] for r in range(13)]
    live = list(counts)
    for face, copies in enumerate(counts):
        if not copies or face == keep:
            continue
        rank = face % 13
        if ranks[rank] >= set_short:
            continue  # enough of the rank for a set
        base = face - rank
        for start in range(rank - width + 1, rank + 1):
            gaps = 0
            for i in range(start, start + width):
                if not counts[base + i % 13]:
                    gaps += 1
            if gaps <= jokers:
                break  # a window of a run around it, its gaps filled by jokers
        else:
            live[face] = 0
    return live
