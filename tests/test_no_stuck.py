"""No round can stick: every state of a round has a legal move, or the round is over.

The Scala 40 case the reliability audit found, scripted and as the audit ran it; then
random rounds of every preset and table option, played by random, greedy and mixed bots.
"""

from __future__ import annotations

import pytest
from helpers import cards
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_engine import hand_of

from rummy_learn.actions import Discard, DrawStock, End, LayOff, Meld, SwapJoker, TakeDiscard
from rummy_learn.bots import Bot
from rummy_learn.cli import main
from rummy_learn.engine import Round
from rummy_learn.moves import legal_actions
from rummy_learn.refusals import Refusal
from rummy_learn.simulate import make_bots, play_round
from rummy_learn.variants import PRESETS, OptionConflictError, options_for, preset
from rummy_learn.view import Phase


def owing_the_taken_card(variant: str = "rummy40"):
    """Player 0 opened with 8♠ 8♥ 8♦ 🃏 and 3♠ 4♠ 5♠, kept 8♣, and takes player 1's 2♠.

    The audit found it in Scala 40 when Scala 40 took Rummy 40's swap (the joker played
    again in the same turn); Scala 40 now swaps as German Rommé does (source 003), so the
    case is played under Rummy 40, whose rules hold it still."""
    opener = cards("8♠ 8♥ 8♦ Jkr 3♠ 4♠ 5♠ 8♣")
    other = cards("2♠ 9♣ J♥ 4♦ 6♣ 10♠ Q♣ 7♥ K♣")
    game = Round.stacked(preset(variant), [opener, other], stock=cards("7♦ 9♥"),
                         upcard=cards("3♣")[0], dealer=1)  # fmt: skip
    game.apply(DrawStock())
    game.apply(Meld((hand_of(game, 0, "8♠ 8♥ 8♦ Jkr"), hand_of(game, 0, "3♠ 4♠ 5♠"))))
    game.apply(Discard(hand_of(game, 0, "7♦")[0]))
    game.apply(DrawStock())
    game.apply(Discard(hand_of(game, 1, "2♠")[0]))
    game.apply(TakeDiscard())  # 2♠ must be melded this turn
    return game


def test_swapping_the_joker_while_owing_the_taken_card_is_refused():
    """The audit's case: swap the joker out for 8♣, lay off 2♠, and hold only the joker.

    That joker must be played again this turn, and a card must be kept for the last
    discard: a hand of 8♣ and 2♠ cannot also pay for the joker. The swap is refused
    (meld the taken card first), and every state of the turn keeps a legal move.
    """
    game = owing_the_taken_card()
    assert [str(c) for c in game.hand(0)] == ["8♣", "2♠"] and game.current == 0
    sets, run = game.table
    joker = next(c for c in sets.cards if c.is_joker)
    swap = SwapJoker(sets.id, joker, hand_of(game, 0, "8♣"))
    assert game.is_legal(swap).codes == (Refusal.MUST_USE_TAKEN_CARD,)
    assert swap not in game.legal_actions()
    game.apply(LayOff(hand_of(game, 0, "2♠")[0], run.id, End.LOW))
    assert game.is_legal(swap).codes == (Refusal.SWAPPED_JOKER_UNPLAYABLE,)
    assert list(game.legal_actions()) == [Discard(hand_of(game, 0, "8♣")[0])]


def test_scala40_seed_51_with_random_bots_ends():
    """``simulate --variant scala40 --players 4 --bots random --seed 51 --rounds 1`` stuck."""
    rules = preset("scala40")
    game = Round(rules, 4, seed=51, dealer=0)
    bots = make_bots("random", rules, 4, 51)
    play_round(game, bots)
    assert game.phase is Phase.OVER and game.cards_accounted()


def test_simulate_command_of_the_audit_answers(capsys):
    code = main(["simulate", "--variant", "scala40", "--players", "4", "--bots", "random",
                 "--seed", "51", "--rounds", "1", "--json"])  # fmt: skip
    assert code == 0
    assert '"stuck": 0' in capsys.readouterr().out


# --- random rounds of every preset and option --------------------------------------------------


class Watching(Bot):
    """A bot that first checks that the player to move has a legal move."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def choose(self, view):
        assert next(legal_actions(view), None), f"player {view.player} has no legal move"
        return self.bot.choose(view)

    def knock(self, view):
        return self.bot.knock(view)


def play_watched(rules, players, seed, kind):
    game = Round(rules, players, seed=seed, dealer=seed % players)
    play_round(game, [Watching(bot) for bot in make_bots(kind, rules, players, seed)])
    assert game.phase is Phase.OVER and game.outcome is not None
    assert game.cards_accounted()
    return game


SWEEP = [(variant, option) for variant in PRESETS for option in (None, *options_for(variant))]


@pytest.mark.parametrize(("variant", "option"), SWEEP)
def test_a_round_of_every_preset_and_option_ends(variant, option):
    """One round per preset and option; the bots and the number of players take turns."""
    number = SWEEP.index((variant, option))
    rules = preset(variant, [option] if option else [])
    low, high = rules.min_players, rules.max_players
    players = max(low, min(high, (3 if option == "knock" else 2) + number % 3))
    play_watched(rules, players, seed=number, kind=("mixed", "random", "greedy")[number % 3])


@st.composite
def tables(draw):
    """A preset, up to three of its options (not conflicting), players, a seed and the bots."""
    variant = draw(st.sampled_from(PRESETS))
    options = draw(st.lists(st.sampled_from(options_for(variant)), unique=True, max_size=3))
    try:
        rules = preset(variant, options)
    except OptionConflictError:
        assume(False)
    players = draw(st.integers(rules.min_players, rules.max_players))
    return rules, players, draw(st.integers(0, 10**6)), draw(st.sampled_from(BOTS))


BOTS = ("random", "greedy", "mixed")


@settings(max_examples=25, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
@given(tables())
def test_random_rounds_of_random_tables_end(table):
    rules, players, seed, kind = table
    play_watched(rules, players, seed, kind)


def test_rummy40_with_strict_groups_seed_136_ends():
    """Found by the random tables: a taken Q♣ had to go into the opening Q♣ Q♠ Jkr Q♦, but no
    placement of a strict group was made from cards not yet in the suits' order: stuck."""
    play_watched(preset("rummy40", ["strict_groups"]), 2, 136, "random")
