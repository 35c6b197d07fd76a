"""Objects that draw themselves in a notebook, as python-chess's do, with the kit's one drawing
(``rummy_learn.render``), imported only when something is drawn."""

from __future__ import annotations

from helpers import cards

from rummy_learn.actions import DrawStock
from rummy_learn.cards import Hand
from rummy_learn.engine import Round
from rummy_learn.i18n import set_language, text
from rummy_learn.melds import check_meld
from rummy_learn.scoring import check_opening
from rummy_learn.variants import preset


def test_a_card_a_hand_a_meld_and_an_opening_draw_themselves():
    card = cards("Q♥")[0]
    assert 'aria-label="queen of hearts"' in card._repr_html_()
    hand = Hand(cards("Q♥ 7♠ Jkr"))
    shown = hand._repr_html_()
    assert shown.startswith("<style>") and shown.count("<svg") == 3
    meld = check_meld(cards("Jkr 7♠ 8♠"), preset("rami40"))._repr_html_()
    assert "Valid run: 21 points" in meld and meld.count("<svg") == 3
    opening = check_opening([cards("K♥ K♠ K♦")], preset("rami40"))._repr_html_()
    assert "10 points more" in opening


def test_a_round_draws_every_hand_the_table_and_the_piles_in_the_learners_language():
    game = Round.practice(preset("romme"), cards("10♠ 2♦"), [cards("7♠ 8♠ Jkr")])
    set_language("de")
    shown = game._repr_html_()
    assert "Spieler 0 (am Zug)" in shown and "Spieler 1" in shown and "Tisch" in shown
    assert shown.count("<svg") == 2 + 0 + 3  # two cards in hand, none, the meld; no upcard
    said = text("verdict.joker", "de", card="Pik-Neun")  # the joker's card, named in German
    assert f'aria-label="{said}"' in shown and "Ablagestapel: —" in shown


def test_a_round_that_is_over_says_how_it_ended():
    game = Round(preset("rami40"), 2, seed=1)
    game.apply(DrawStock())
    assert "(to move)" in game._repr_html_()
    from rummy_learn.simulate import make_bots, play_round

    play_round(game, make_bots("greedy", game.rules, 2, 1))
    shown = game._repr_html_()
    assert "(to move)" not in shown and "Winner: Player" in shown and "score" in shown
