"""The round as a value: one constructor from a state, a cheap copy, undo (push and pop), and
a phase that tells the whole state of the turn."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from helpers import cards
from test_engine import FILLER, MELDED13, OTHER, hand_of, stack

from rummy_learn.actions import Discard, DrawStock, Knock, Meld, TakeDiscard
from rummy_learn.bots import GreedyBot, RandomBot
from rummy_learn.deal import shuffled
from rummy_learn.engine import Move, Round
from rummy_learn.outcome import EndReason
from rummy_learn.simulate import make_bots
from rummy_learn.state import Phase, RoundState
from rummy_learn.variants import preset


def saved(game):
    return json.dumps(game.to_json(), sort_keys=True)


def played(variant, players, seed, kind="mixed", options=()):
    rules = preset(variant, options)
    game = Round(rules, players, seed=seed, dealer=seed % players)
    bots = make_bots(kind, rules, players, seed)
    while game.outcome is None:
        view = game.view(game.current)
        knockers = [p for p in range(players) if p != game.current and game.is_legal(Knock(p))]
        game.apply(Knock(knockers[0]) if knockers else bots[game.current].choose(view))
    return game


@pytest.mark.parametrize(
    ("variant", "options", "players", "seed"),
    [
        ("palace", ("knock",), 4, 3),
        ("rami40", (), 2, 1),
        ("rummy40", (), 3, 5),
        ("romme", (), 2, 7),
    ],
)
def test_undo_takes_every_move_back_exactly(variant, options, players, seed):
    """Knocks, reshuffles and the end included: each undo gives the save before that move."""
    game = played(variant, players, seed, options=options)
    moves = game.moves
    states = []
    replay = Round(game.rules, players, seed=seed, dealer=seed % players)
    for move in moves:
        states.append(saved(replay))
        replay.apply(move.action)
    assert saved(replay) == saved(game)
    for move, before in zip(reversed(moves), reversed(states), strict=True):
        assert game.undo() == move
        assert saved(game) == before
    assert game.moves == () and game.log == replay.log[:1]
    with pytest.raises(IndexError, match="no move to take back"):
        game.undo()


def test_undo_after_the_end_opens_the_round_again():
    game = stack("rami40", [MELDED13, FILLER], stock="A♦")
    game.apply(DrawStock())
    game.apply(Meld((hand_of(game, 0, "K♥ K♠ K♦"), hand_of(game, 0, "5♣ 6♣ 7♣"),
                     hand_of(game, 0, "9♥ 10♥ J♥"), hand_of(game, 0, "2♦ 2♠ 2♥ 2♣"))))  # fmt: skip
    assert game.phase is Phase.OPENED
    game.apply(Discard(hand_of(game, 0, "A♦")[0]))
    assert game.outcome.reason is EndReason.WENT_OUT and game.log[-1]["event"] == "end"
    assert game.undo().action == Discard(hand_of(game, 0, "A♦")[0])
    assert game.outcome is None and game.phase is Phase.OPENED and game.log[-1]["event"] == "move"


def test_a_copy_is_independent_and_shares_what_does_not_change():
    game = played("romme", 3, 4)
    for _ in range(6):
        game.undo()
    copy = game.copy()
    assert copy.state is game.state and copy.moves == game.moves  # nothing copied but lists
    bot = GreedyBot(copy.rules)
    copy.apply(bot.choose(copy.view(copy.current)))
    assert copy.state is not game.state and len(copy.moves) == len(game.moves) + 1
    assert saved(game) != saved(copy)
    copy.undo()
    assert saved(copy) == saved(game)
    game.undo()
    assert len(copy.moves) == len(game.moves) + 1


def test_one_constructor_from_a_state():
    rules = preset("rami51")
    dealt = shuffled(rules, 3, seed=9, dealer=2)
    game = Round(rules, 3, seed=9, dealer=2, state=dealt.state, log=dealt.events)
    assert saved(game) == saved(Round(rules, 3, seed=9, dealer=2))
    with pytest.raises(ValueError, match="a state of 3 hands"):
        Round(rules, 2, state=dealt.state, log=dealt.events)


def test_moves_record_who_moved():
    game = stack("palace", [FILLER, FILLER, OTHER], options=["knock"], stock="A♦ 9♦ 8♣", dealer=2)
    game.apply(DrawStock())
    game.apply(Discard(hand_of(game, 0, "A♦")[0]))
    assert game.phase is Phase.KNOCK and game.view(2).knock_open
    game.apply(Knock(2))
    assert game.phase is Phase.DRAW and not game.view(2).knock_open
    assert [m.player for m in game.moves] == [0, 0, 2]
    assert game.moves[-1] == Move(2, Knock(2))


@pytest.mark.parametrize(("options", "phase"), [((), Phase.DRAW), (("knock",), Phase.KNOCK)])
def test_a_discard_opens_a_knock_window_only_where_knocking_is_played(options, phase):
    game = stack("palace", [FILLER, FILLER, OTHER], options=options, stock="A♦")
    game.apply(DrawStock())
    assert game.phase is Phase.PLAY
    game.apply(Discard(hand_of(game, 0, "A♦")[0]))
    assert game.phase is phase


def test_the_opening_turn_is_a_phase_of_its_own():
    game = stack("romme", ["K♥ K♠ K♦ 5♣ 6♣ 7♣ 8♣ 2♦ 9♥ J♠ 4♥ 8♦ 3♠", FILLER], stock="A♦")
    game.apply(DrawStock())
    view = game.view(0)
    assert (view.phase, view.opened_this_turn) == (Phase.PLAY, False)
    game.apply(Meld((hand_of(game, 0, "K♥ K♠ K♦"), hand_of(game, 0, "5♣ 6♣ 7♣"))))
    assert (game.phase, game.view(0).opened_this_turn) == (Phase.OPENED, True)
    game.apply(Discard(hand_of(game, 0, "A♦")[0]))
    game.apply(DrawStock())
    game.apply(Discard(game.hand(1)[-1]))
    game.apply(DrawStock())
    assert game.phase is Phase.PLAY and game.view(0).has_opened


def test_a_bad_stacked_deal_is_refused():
    rules = preset("rami40")
    with pytest.raises(ValueError, match="no 7♠ left"):
        Round.stacked(rules, [cards("7♠ 7♠ 7♠"), cards("K♦")])


def test_a_random_bot_and_undo_agree():
    """Undoing and making the same moves again gives the same round (the log included)."""
    rules = preset("scala40")
    game = Round(rules, 2, seed=11)
    bots = [RandomBot(1), RandomBot(2)]
    for _ in range(25):
        game.apply(bots[game.current].choose(game.view(game.current)))
    end = saved(game)
    undone = [game.undo() for _ in range(10)]
    for move in reversed(undone):
        game.apply(move.action)
    assert saved(game) == end


def test_a_move_that_fails_inside_the_engine_leaves_the_round_as_it_was(monkeypatch):
    """Should a transition ever fail (a bug), the state and the log stay as they were."""
    from rummy_learn import engine

    game = Round(preset("romme"), 2, seed=3)
    before = saved(game)

    def broken(*_args):
        raise RuntimeError("a bug")

    monkeypatch.setattr(engine, "advanced", broken)
    with pytest.raises(RuntimeError):
        game.apply(TakeDiscard())
    assert saved(game) == before and game.moves == ()


def test_a_practice_table_is_dealt_laid_and_opened():
    """Player 0 plays, both opened, player 1's melds on the table as written (ids from 1), the
    rest of the shoe in the stock; a meld player 1 cannot hold is refused."""
    rules = preset("romme")
    game = Round.practice(rules, cards("10♠ 2♦"), [cards("7♠ 8♠ Jkr"), cards("K♣ K♥ K♦")], seed=4)
    state = game.state
    assert (state.current, state.phase, state.opened) == (0, Phase.PLAY, (True, True))
    assert state.next_meld == 3
    assert [m.id for m in state.table] == [1, 2] and {m.owner for m in state.table} == {1}
    assert [" ".join(map(str, m.cards)) for m in state.table] == ["7♠ 8♠ 🃏", "K♣ K♥ K♦"]
    assert [str(c) for c in game.hand(0)] == ["10♠", "2♦"] and game.hand(1) == ()
    assert len(state.stock) == 110 - 2 - 6 and state.discard == () and game.cards_accounted()
    laid = [["7s.0", "8s.0", "Jkr.0"], ["Kc.0", "Kh.0", "Kd.0"]]
    assert game.log[1] == {"event": "practice", "table": laid}
    assert Round.replay(game.to_json()).to_json() == game.to_json()
    with pytest.raises(ValueError, match="not a valid meld"):
        Round.practice(rules, cards("10♠"), [cards("7♠ 9♥ J♦")])


# --- the edges of the engine (each was a surviving mutant) -------------------------------------


def test_a_stacked_deal_keeps_its_settings_and_refuses_a_dealer_out_of_range():
    rules = preset("rami40")
    game = Round.stacked(rules, [cards(FILLER), cards(OTHER)], dealer=1, seed=5, turn_cap=50)
    assert (game.dealer, game.seed, game.turn_cap, game.current) == (1, 5, 50, 0)
    again = Round.stacked(rules, [cards(FILLER), cards(OTHER)], dealer=1, seed=5)
    other = Round.stacked(rules, [cards(FILLER), cards(OTHER)], dealer=1, seed=6)
    assert again.state.stock == game.state.stock != other.state.stock  # the rest, by the seed
    assert Round.stacked(rules, [cards(FILLER), cards(OTHER)]).dealer == 0
    for dealer in (2, -1):
        with pytest.raises(ValueError, match=f"^the dealer is one of the 2 players, not {dealer}$"):
            Round.stacked(rules, [cards(FILLER), cards(OTHER)], dealer=dealer)
    event = game.log[0]
    assert sorted(event) == ["dealer", "event", "hands", "stacked", "stock", "upcard"]
    assert (event["event"], event["dealer"], event["stacked"]) == ("deal", 1, True)
    assert len(event["stock"]) == len(game.state.stock) and event["upcard"] == []
    assert game.copy().turn_cap == 50


def test_undo_says_why_it_cannot():
    with pytest.raises(IndexError, match=r"^no move to take back: the round is as it was dealt$"):
        Round(preset("romme"), 2).undo()


def _stock_of_one(discards, *, players=2, hands=None):
    """Player 0 to draw the stock's last card, with ``discards`` on the pile."""
    rules = preset("rummy40")  # a reshuffle each time the stock runs out
    hands = hands or [cards("2♣ 3♦ 4♠ 5♥ 9♣"), cards("2♦ 3♠ 4♥ 5♣ 9♦")][:players]
    state = RoundState(hands=tuple(tuple(h) for h in hands), stock=tuple(cards("K♣")),
                       discard=tuple(cards(discards)), opened=(False,) * players)  # fmt: skip
    return Round(rules, players, state=state, log=[{"event": "deal"}])


def test_the_stock_is_made_again_from_a_pile_of_two_and_not_from_one():
    game = _stock_of_one("7♥")  # after the discard: two cards on the pile
    game.apply(DrawStock())
    game.apply(Discard(game.hand(0)[0]))
    assert game.outcome is None and game.log[-1] == {
        "event": "reshuffle", "count": 1, "stock": ["7h"]
    }  # fmt: skip
    assert (len(game.state.stock), len(game.state.discard), game.state.reshuffles) == (1, 1, 1)
    empty = _stock_of_one("")  # after the discard: one card on the pile
    empty.apply(DrawStock())
    empty.apply(Discard(empty.hand(0)[0]))
    assert empty.outcome.reason is EndReason.STOCK_EMPTY


def test_the_lowest_hand_wins_ties_go_to_fewer_cards_then_the_next_in_turn():
    """Three players, the stock runs out with nothing to reshuffle."""
    hands = [cards("A♣ 2♦"), cards("K♦ Q♠ J♥"), cards("A♦ 2♣")]  # 13, 30 and 13 points
    game = _stock_of_one("", players=3, hands=hands)
    game.apply(DrawStock())
    game.apply(Discard(game.hand(0)[-1]))  # K♣ goes: player 1 is to move, and it ends
    outcome = game.outcome
    assert outcome.reason is EndReason.STOCK_EMPTY and outcome.hand_points == (13, 30, 13)
    assert outcome.winner == 2  # a tie of 0 and 2: the next in turn after player 1 is 2
    hands = [cards("Jkr"), cards("K♦ 2♠"), cards("A♦ 2♣")]  # 15 (a joker), 12, 13 points
    game = _stock_of_one("", players=3, hands=hands)
    game.apply(DrawStock())
    game.apply(Discard(game.hand(0)[-1]))
    assert game.outcome.winner == 1 and game.outcome.hand_points == (15, 12, 13)


def test_cards_accounted_finds_a_card_twice_or_missing():
    game = Round(preset("romme"), 2, seed=1)
    assert game.cards_accounted()
    s = game.state
    twice = replace(s, hands=(s.hands[0], (*s.hands[1][:-1], s.hands[0][0])))
    assert not Round(game.rules, 2, state=twice, log=game.log).cards_accounted()
    missing = replace(s, stock=s.stock[:-1])
    assert not Round(game.rules, 2, state=missing, log=game.log).cards_accounted()


def test_casino_scoring_counts_the_winners_melds_on_the_table():
    hand = "K♥ K♠ K♦ 5♣ 6♣ 7♣ 9♥ 10♥ J♥ 2♦ 2♠ 2♥ 2♣"
    for options, bonus in (((), 0), (("casino_scoring",), 30 + 18 + 29 + 8)):
        game = stack("palace", [hand, FILLER], options=options, stock="A♦")
        game.apply(DrawStock())
        melds = ("K♥ K♠ K♦", "5♣ 6♣ 7♣", "9♥ 10♥ J♥", "2♦ 2♠ 2♥ 2♣")
        game.apply(Meld(tuple(hand_of(game, 0, meld) for meld in melds)))
        game.apply(Discard(hand_of(game, 0, "A♦")[0]))
        filler = game.outcome.hand_points[1]
        lost = 2 * filler + bonus  # a Rummy doubles the hand, not the bonus
        assert game.outcome.scores == (lost, -lost)


def test_the_freed_jokers_new_meld_is_laid_by_the_kit_where_the_joker_counts_most():
    from test_engine import swap_ready

    from rummy_learn.actions import SwapJoker

    game, joker = swap_ready("romme", "Jkr 5♥ 6♥", "4♥ 9♣ 10♣")
    new = hand_of(game, 1, "9♣ 10♣")
    game.apply(SwapJoker(1, joker, hand_of(game, 1, "4♥"), new_meld=new))
    laid = game.table[-1]
    assert " ".join(map(str, laid.cards)) == "9♣ 10♣ 🃏"  # J♣ (10 points), not 8♣


# --- the constructors' defaults and bounds (each was a surviving mutant) -----------------------


def test_a_rounds_defaults_and_the_bounds_of_its_players_and_dealer():
    rules = preset("romme")  # 2 to 6 players
    game = Round(rules)
    assert (game.players, game.seed, game.dealer) == (2, 0, 0)
    assert Round(rules, 6, dealer=5).players == 6
    with pytest.raises(ValueError, match="the dealer is one of the 2 players, not 2"):
        Round(rules, 2, dealer=2)
    with pytest.raises(ValueError, match=r"there is no player 2 \(players are 0 to 1\)"):
        game.view(2)
    refused = game.is_legal(Knock(2))
    assert [(p.code.value, p.number) for p in refused.problems] == [("not_a_player", 2)]


def test_a_stacked_deal_by_default_and_its_bounds():
    from rummy_learn import deal

    rules = preset("rami40")
    hands = [cards(FILLER), cards(OTHER)]
    assert Round.stacked(rules, hands).dealer == 0
    assert (
        Round.stacked(rules, hands).state.stock == Round.stacked(rules, hands, seed=0).state.stock
    )
    with pytest.raises(ValueError, match="the dealer is one of the 2 players, not 2"):
        Round.stacked(rules, hands, dealer=2)
    with pytest.raises(ValueError, match="the dealer is one of the 2 players, not 2"):
        deal.laid(rules, 2, hands, cards("2♣"), [])
    with pytest.raises(ValueError, match="the deal leaves no card in the stock"):
        deal.laid(rules, 0, hands, [], [])


def test_the_practice_table_deals_so_that_player_0_plays_first():
    hand, melds = cards("10♠ 2♦"), [cards("7♠ 8♠ 9♠")]
    dealer_first = replace(preset("romme"), dealer_starts=True)  # the dealer plays first
    romme, palace = (
        Round.practice(dealer_first, hand, melds),
        Round.practice(preset("palace"), hand, melds),
    )
    assert (romme.dealer, palace.dealer, romme.current, palace.current) == (0, 1, 0, 0)
    assert romme.seed == 0 and Round.practice(preset("romme"), hand, melds, seed=3).seed == 3
    stocks = {Round.practice(preset("romme"), hand, melds, seed=s).state.stock for s in (0, 3)}
    assert len(stocks) == 2  # the rest of the shoe, shuffled by the seed
