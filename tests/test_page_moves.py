"""The page's moves read by the core (``page_moves``), the one reader the ``Game`` uses: what
it cannot read is refused by name, in the learner's language, and the round is untouched;
what it reads is the engine's to allow or refuse."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_learn.actions import Meld
from rummy_learn.i18n import text
from rummy_learn.i18n.describe import move_problem_lines
from rummy_learn.page_moves import PageMoveError, read_page_move
from rummy_learn.widgets import Game


def game_reading(game, move):
    """What the Game does with the move: the message it shows, the round as it is after."""
    before = game.round.state
    game._receive(game, {"type": "move", "move": move}, [])
    return game.message, before, game.round.state


def core_reading(game, move):
    try:
        return read_page_move(move, game.round.view(0))
    except PageMoveError as err:
        return [text(err.key, game.lang)]


def drawn():
    """A Game whose learner has drawn (every move of the page may be tried)."""
    game = Game(variant="romme", bots=2, seed=4, lang="en")
    game._receive(game, {"type": "move", "move": {"type": "draw"}}, [])
    return game


@pytest.fixture(scope="module")
def game():
    return drawn()


def moves_for(game):
    hand = [c["id"] for c in game.cards]
    return [
        {"type": "draw"}, {"type": "take"}, {"type": "go_out"}, {"type": "knock"}, {"type": "fly"},
        {"type": ["draw"]}, {}, {"type": "discard", "card": hand[0]}, {"type": "discard"},
        {"type": "discard", "card": "Zz.1"}, {"type": "discard", "card": 7},
        {"type": "meld", "melds": [hand[:3]]}, {"type": "meld", "melds": [hand[:3], hand[3:6]]},
        {"type": "meld", "melds": [[]]}, {"type": "meld", "melds": [[None]]},
        {"type": "meld", "melds": "x"}, {"type": "meld", "melds": [[hand[0], hand[0], hand[1]]]},
        {"type": "lay_off", "card": hand[1], "meld": 1}, {"type": "lay_off", "card": hand[1],
        "meld": 1, "end": "low"}, {"type": "lay_off", "card": hand[1], "meld": True},
        {"type": "lay_off", "card": hand[1], "meld": 1, "end": "middle"},
        {"type": "swap", "meld": 1, "joker": hand[0], "cards": [hand[1]]},
        {"type": "swap", "meld": 1, "joker": "Jkr.9", "cards": [hand[1]]},
        {"type": "swap", "meld": 1, "joker": hand[0], "cards": [hand[1]], "new_meld": hand[2:4]},
        {"type": "swap", "meld": 1, "joker": hand[0], "cards": []},
    ]  # fmt: skip


def assert_same_reading(game, move):
    """A move the core refuses is refused by the Game in the same words, the round as it was;
    a move it reads is made, or refused with the engine's reasons for that very action."""
    core = core_reading(game, move)
    message, before, after = game_reading(game, move)
    if isinstance(core, list):
        assert message == core and after == before, move
    elif message:
        legality = game.round.is_legal(core)
        lines = [line for p in legality.problems for line in move_problem_lines(p, game.lang)]
        assert message == lines and after == before, move
    else:
        assert after != before, move


def test_the_game_reads_the_page_with_the_core(game):
    for move in moves_for(game):
        assert_same_reading(drawn(), move)


def test_a_selected_meld_is_laid_by_the_kit():
    game = Game(variant="romme", bots=1, seed=4, lang="en")
    view = game.round.view(0)
    ids = {c["id"]: card for c, card in zip(game.cards, view.hand, strict=True)}
    run = [i for i in ids if ids[i].suit is not None][:3]
    action = read_page_move({"type": "meld", "melds": [run]}, view)
    assert isinstance(action, Meld) and len(action.melds) == 1
    assert sorted(map(str, action.melds[0])) == sorted(str(ids[i]) for i in run)


@settings(max_examples=150, deadline=None, database=None)
@given(
    st.dictionaries(
        st.sampled_from(["type", "card", "melds", "meld", "end", "joker", "cards", "new_meld"]),
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(-2, 3),
            st.text(max_size=6),
            st.lists(st.text(max_size=6), max_size=3),
        ),
    )
)
def test_anything_the_page_sends_is_read_or_refused_by_name(move):
    assert_same_reading(Game(variant="rami40", bots=1, seed=1, lang="en"), move)
