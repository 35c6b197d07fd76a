"""The hint beside the hard bot: the same move, or another one and the hard bot's reason, in
each language; nothing to compare out of turn; the Game's hint ends with it."""

from __future__ import annotations

import pytest

from rummy_learn.actions import DrawStock, Meld, TakeDiscard
from rummy_learn.engine import Round
from rummy_learn.hint_compare import compare_with_hard, compared_line, explained_hint
from rummy_learn.i18n import LANGUAGES, text
from rummy_learn.i18n.describe import cards_text, hint_lines
from rummy_learn.i18n.explained import reason_text
from rummy_learn.notation import parse_cards
from rummy_learn.replay import played
from rummy_learn.variants import preset
from rummy_learn.widget_logic.game import LEARNER, GameLogic


def _before(game: Round, move: int) -> Round:
    """The round as it was before its ``move``-th move (from 0)."""
    again = game.copy()
    for _ in game.moves[move:]:
        again.undo()
    return again


@pytest.fixture(scope="module")
def medium_round():
    game, _ = played(preset("romme"), ["medium", "medium"], seed=0)
    return game


def test_where_the_hard_bot_would_take_the_discard_instead(medium_round):
    game = _before(medium_round, 26)
    view = game.view(game.current)
    compared = compare_with_hard(view)
    assert isinstance(compared.hint.action, DrawStock)
    assert isinstance(compared.hard.action, TakeDiscard) and not compared.same
    for lang in LANGUAGES:
        said = text("compare.take", lang, cards=cards_text(compared.hard.cards, lang))
        line = compared_line(compared, lang)
        assert line == f"{said} {reason_text(compared.hard, lang)}"
        assert explained_hint(view, lang) == [*hint_lines(compared.hint, lang), line]
    assert compared_line(compared, "en") == (
        "The hard bot would rather take 2♣ from the discard pile. It goes with 2♥: one of 2♠ "
        "or 2♦ would make a meld."
    )
    russian = compared_line(compared, "ru")
    assert russian.startswith("Сильный компьютер на вашем месте взял бы 2♣ из сброса.")


def test_where_the_hard_bot_would_keep_its_meld_in_hand(medium_round):
    game = _before(medium_round, 9)
    compared = compare_with_hard(game.view(game.current))
    assert isinstance(compared.hint.action, Meld) and not compared.same
    assert compared.hard.held  # the meld the hint lays stays in the hard bot's hand
    for lang in LANGUAGES:
        line = compared_line(compared, lang)
        assert "{" not in line and line.endswith(reason_text(compared.hard, lang))
        assert cards_text(compared.hard.cards, lang) in line
    assert compared_line(compared, "en").startswith(
        "The hard bot would rather lay off J♥. It extends J♣ joker J♦ on the table. 10♣ 10♠ 10♦ "
        "stays in the hand"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_same_move_says_so_with_the_hard_bots_reason(lang):
    game = Round(preset("romme"), players=2, seed=10)
    compared = compare_with_hard(game.view(game.current))
    assert compared.same
    lines = explained_hint(game.view(game.current), lang)
    line = f"{text('compare.same', lang)} {reason_text(compared.hard, lang)}"
    first = hint_lines(compared.hint, lang)  # the line follows the move to make now
    now = next(i for i, step in enumerate(compared.hint.steps) if step.action is not None)
    assert lines.index(line) == len(
        hint_lines(type(compared.hint)(compared.hint.steps[: now + 1]), lang)
    )
    assert len(lines) == len(first) + 1
    assert cards_text(parse_cards("J♣ J♥ J♦"), lang) in line  # taking: the meld it makes


def _played_until_the_hint_opens(lang: str) -> tuple[object, list[str]]:
    """A Rommé round played by the hint until the hint and the hard bot both open."""
    from rummy_learn.actions import Meld as MeldAction

    for seed in range(40):
        game = Round(preset("romme"), players=2, seed=seed)
        for _ in range(60):
            if game.outcome is not None:
                break
            view = game.view(game.current)
            compared = compare_with_hard(view)
            if compared.same and isinstance(compared.hint.action, MeldAction):
                return compared, explained_hint(view, lang)
            game.apply(compared.hint.action)
    raise AssertionError("no round where both open alike")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_same_meld_is_not_explained_twice(lang):
    """The hint's line gives the opening's points; the hard bot, laying the same melds, says
    only that it would do the same (a Russian teacher read "50 points (minimum: 30 points)"
    twice in a row)."""
    compared, lines = _played_until_the_hint_opens(lang)
    same = text("compare.same", lang)
    assert compared_line(compared, lang) == same
    assert same in lines
    assert reason_text(compared.hard, lang) not in lines[lines.index(same)]


def test_out_of_turn_there_is_nothing_to_compare():
    game = Round(preset("romme"), players=2, seed=3)
    waiting = game.view(1 - game.current)
    compared = compare_with_hard(waiting)
    assert compared.hard is None and compared_line(compared, "de") == ""
    assert explained_hint(waiting, "de") == hint_lines(compared.hint, "de")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_games_hint_has_the_hard_bot_beside_the_move_to_make_now(lang):
    logic = GameLogic(variant="romme", bots=1, seed=3, lang=lang)
    assert logic.my_turn
    logic.receive({"type": "hint"})
    view = logic.round.view(LEARNER)
    assert logic.hint_text == explained_hint(view, lang, seed=3)
    assert logic.hint_text[1].startswith(text("compare.same", lang)[:12])  # after the take
