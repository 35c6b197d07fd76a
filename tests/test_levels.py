"""The bots' levels: the hard bot plays from its own view only, the easy bot never throws a
meld away, every level's every move is legal, and the ladder is counted per seat and level."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rummy_learn.actions import Discard, DrawStock, Meld, TakeDiscard
from rummy_learn.bots import GreedyBot, drive_bots
from rummy_learn.cli import main
from rummy_learn.engine import Round
from rummy_learn.explain import Why
from rummy_learn.hard_bot import OUT_WORTH, HardBot
from rummy_learn.i18n.explained import reason_text
from rummy_learn.levels import EasyBot, level_name, make_level_bots
from rummy_learn.notation import parse_cards
from rummy_learn.scoring import penalty_of
from rummy_learn.simulate import InvariantBroken, play_round, seat_levels, simulate
from rummy_learn.solver import Objective, best_arrangement
from rummy_learn.unseen import unseen
from rummy_learn.variants import PRESETS, preset
from rummy_learn.view import Phase


def hidden_shuffled(game: Round, player: int, seed: int) -> Round:
    """The same round as ``player`` sees it, with every card they cannot see dealt anew:
    the other hands (less the cards known to be there) and the stock."""
    import random

    s = game.state
    others = [p for p in range(game.players) if p != player]
    known = {p: game.view(player).known_of(p) for p in others}
    pool = [c for p in others for c in s.hands[p] if c not in known[p]] + list(s.stock)
    random.Random(seed).shuffle(pool)
    hands = list(s.hands)
    for p in others:
        size = len(s.hands[p]) - len(known[p])
        hands[p], pool = (*known[p], *pool[:size]), pool[size:]
    clone = game.copy()
    clone._state = replace(s, hands=tuple(hands), stock=tuple(pool))
    return clone


@pytest.mark.parametrize("variant", ["romme", "rami40", "scala40"])
def test_the_hard_bot_does_not_peek(variant):
    """The same view with other hidden cards gives the same move, for the same seed; the
    hidden cards really differ, and a different seed may choose differently."""
    rules = preset(variant)
    game = Round(rules, 3, seed=12)
    bots = make_level_bots(["hard", "medium", "hard"], rules, seed=12)
    checked = 0
    for number, _ in enumerate(drive_bots(game, bots)):
        if game.outcome is not None or number % 5 or number > 120:
            continue
        player = game.current
        if game.phase is Phase.KNOCK:
            continue
        other = hidden_shuffled(game, player, seed=number)
        assert other.view(player) == game.view(player)
        assert other.state.stock != game.state.stock  # what the bot cannot see did change
        first = HardBot(rules, seed=7).decide(game.view(player))
        second = HardBot(rules, seed=7).decide(other.view(player))
        assert first == second
        checked += 1
    assert checked >= 5


def test_the_view_remembers_the_pile_and_what_was_taken_from_it():
    rules = preset("romme")
    game = Round.stacked(  # Rommé: the dealer's left neighbour, player 0, plays first
        rules,
        [parse_cards("5♥ 6♥ 8♠ 9♠ K♣ 2♦ 3♣ 4♠ J♦ Q♣ 7♣ 10♦ A♠"),
         parse_cards("A♣ A♦ 3♥ 4♥ 6♠ 7♦ 8♣ 9♦ 10♣ J♣ Q♦ K♦ 2♠")],
        upcard=parse_cards("7♥")[0], stock=parse_cards("K♠"), dealer=1,
    )  # fmt: skip
    taken = game.view(0).top_discard
    assert game.view(1).pile == (taken,) and game.view(1).known == ((), ())
    game.apply(TakeDiscard())
    assert game.view(1).known_of(0) == (taken,) and game.view(1).pile == ()
    assert taken not in unseen(game.view(1))
    hand = game.view(0).hand
    game.apply(Discard(next(c for c in hand if str(c) == "K♣")))
    assert [str(c) for c in game.view(0).pile] == ["K♣"]
    assert len(unseen(game.view(1))) == 110 - 13 - 1 - 1  # its hand, the 7♥ and the K♣
    game.undo()
    game.undo()
    assert game.view(1).known == ((), ())


def test_the_hard_bot_does_not_feed_the_next_player():
    """Two cards that fit nothing and cost the same: the one that goes with a card the next
    player took from the pile stays in the hand."""
    rules = preset("romme")
    game = Round.stacked(
        rules,
        [parse_cards("Q♠ K♣ 2♦ 3♦ 4♦ A♥ 2♥ 3♥ 5♣ 5♠ 5♥ 9♣ 10♣"),
         parse_cards("A♣ A♦ 3♥ 4♥ 6♠ 7♦ 8♣ 9♦ J♦ J♣ Q♦ A♥ 2♠")],
        upcard=parse_cards("K♥")[0], stock=parse_cards("3♠ 2♣"), dealer=0,
    )  # fmt: skip
    game.apply(TakeDiscard())  # player 1 takes K♥: everyone saw it
    game.apply(Discard(next(c for c in game.view(1).hand if str(c) == "2♠")))
    game.apply(DrawStock())  # player 0 draws 3♠ (a card that fits nothing either)
    view = game.view(0)
    assert [str(c) for c in view.known_of(1)] == ["K♥"]
    why = HardBot(rules).decide(view)
    assert isinstance(why.action, Discard) and str(why.action.card) != "K♣"
    blind = replace(view, known=((), ()))  # had it not seen K♥ taken, K♣ would do as well
    assert str(HardBot(rules).decide(blind).action.card) == "K♣"  # type: ignore[union-attr]
    assert why.why is Why.DISCARD_SAFE


def test_the_easy_bot_never_throws_a_meld_away():
    """Whenever it has a card that fits nothing, the easy bot's discard is such a card."""
    for variant in ("romme", "rami51", "scala40"):
        rules = preset(variant)
        for seed in range(4):
            game, bot = Round(rules, 2, seed=seed), EasyBot(rules, seed)
            discards = 0
            while game.outcome is None:
                view = game.view(game.current)
                action = bot.choose(view) if view.phase is not Phase.KNOCK else DrawStock()
                if isinstance(action, Discard):
                    best = best_arrangement(view.hand, rules, Objective.POINTS)
                    if best.deadwood:
                        assert all(action.card not in meld for meld in best.melds)
                        discards += 1
                game.apply(action)
            assert discards > 3


LEVEL_MIXES = [["easy", "medium"], ["hard", "easy"], ["medium", "hard", "easy"], ["hard", "medium"]]


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_every_move_of_every_level_is_legal(variant):
    """Rounds of mixed levels under every preset: the engine refuses an illegal move
    (``IllegalMove``), and the cards are checked at every move (``InvariantBroken``)."""
    rules = preset(variant)
    rounds = 0
    for seed, levels in enumerate(LEVEL_MIXES):
        players = max(len(levels), rules.min_players)
        names = (levels * players)[:players]
        game = Round(rules, players, seed=seed)
        try:
            play_round(game, make_level_bots(names, rules, seed))
        except InvariantBroken:  # pragma: no cover - the failure is the report
            raise
        assert game.outcome is not None and game.cards_accounted()
        rounds += 1
    easy_medium = simulate(rules, 2, 20, seed=50, bots="easy,medium")
    assert easy_medium.stuck == 0 and easy_medium.all_accounted
    assert rounds + easy_medium.rounds == len(LEVEL_MIXES) + 20


def test_levels_and_their_old_names():
    assert [level_name(n) for n in ("greedy", "Medium", " hard ", "random")] == [
        "medium",
        "medium",
        "hard",
        "random",
    ]
    with pytest.raises(ValueError, match="unknown bot level 'expert'"):
        level_name("expert")
    assert seat_levels("hard,medium", 2) == ["hard", "medium"]
    with pytest.raises(ValueError, match="3 bot levels for 2 players"):
        seat_levels("hard,medium,easy", 2)


def test_simulate_counts_wins_per_seat_and_level():
    report = simulate(preset("rami40"), 2, 6, seed=3, bots="medium,easy")
    assert sum(report.wins) == 6 - report.ends.get("stock_empty", 0)
    assert report.level_wins() == {"medium": report.wins[0], "easy": report.wins[1]}
    penalties = report.level_penalties()
    assert set(penalties) == {"medium", "easy"} and penalties["medium"] >= 0


def test_simulate_json_has_the_ladder(capsys):
    code = main(["simulate", "--variant", "romme", "--players", "2", "--rounds", "3",
                 "--bots", "greedy,easy", "--json"])  # fmt: skip
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["seats"] == ["medium", "easy"]
    assert sum(data["wins"]["seats"]) == sum(data["wins"]["levels"].values()) <= 3
    assert set(data["average_penalty"]) == {"medium", "easy"}
    code = main(["simulate", "--players", "2", "--bots", "hard,medium,easy"])
    assert code == 2 and "3 bot levels for 2 players" in capsys.readouterr().err


def test_the_hard_bot_holds_its_melds_until_it_can_go_out():
    rules = preset("romme")
    table = [parse_cards("7♠ 8♠ 9♠")]
    game = Round.practice(rules, parse_cards("7♥ 8♥ 9♥ K♣ 2♦ 5♣"), table)
    why = HardBot(rules).decide(game.view(0))
    assert isinstance(why.action, Discard) and str(why.action.card) == "K♣"
    assert [[str(c) for c in meld] for meld in why.held] == [["7♥", "8♥", "9♥"]]
    assert "7♥ 8♥ 9♥ stays in the hand until the hand can go out" in reason_text(why, "en")
    assert "Комбинация 7♥ 8♥ 9♥ остаётся на руке до выхода" in reason_text(why, "ru")
    assert isinstance(GreedyBot(rules).choose(game.view(0)), Meld)  # medium lays it at once
    out = Round.practice(rules, parse_cards("7♥ 8♥ 9♥ K♣"), table)
    assert isinstance(HardBot(rules).decide(out.view(0)).action, Meld)  # it can go out


def test_once_opened_in_a_race_the_hard_bot_keeps_a_pair_rather_than_a_low_card():
    """Scala 40 (a taken discard must be melded at once): once opened, going out first is
    what counts, so 9♦ 10♦ (waiting for 8♦ or J♦) stay and 3♣, which nothing awaits, goes;
    in Rami 40, where the penalty still counts in full, 10♦ goes."""
    table = [parse_cards("K♥ K♣ K♠")]
    hand = parse_cards("2♠ 3♠ 4♠ 9♦ 10♦ 3♣")
    why = HardBot(preset("scala40")).decide(Round.practice(preset("scala40"), hand, table).view(0))
    assert isinstance(why.action, Discard) and str(why.action.card) == "3♣"
    rami40 = preset("rami40")
    full = HardBot(rami40).decide(Round.practice(rami40, hand, table).view(0))
    assert isinstance(full.action, Discard) and str(full.action.card) == "10♦"


@pytest.mark.parametrize(
    ("hand", "table", "thrown"),
    [
        ("2♠ 3♠ 4♠ 9♥ 4♦", "5♥ 6♥ 7♥", "4♦"),  # 9♥ waits for 8♥ beside the table's run
        ("2♠ 3♠ 4♠ 6♠ 5♦", "K♥ K♣ K♠", "5♦"),  # 6♠ waits for 5♠ beside the run it holds
    ],
)
def test_once_opened_in_a_race_the_hard_bot_keeps_a_card_that_waits_beside_a_run(
    hand: str, table: str, thrown: str
) -> None:
    rules = preset("scala40")
    game = Round.practice(rules, parse_cards(hand), [parse_cards(table)])
    why = HardBot(rules).decide(game.view(0))
    assert isinstance(why.action, Discard) and str(why.action.card) == thrown
    assert [[str(c) for c in meld] for meld in why.held] == [["2♠", "3♠", "4♠"]]


@pytest.mark.parametrize("variant", ["scala40", "rami40"])
def test_the_hard_bot_solves_the_hand_once_for_a_discard(variant: str) -> None:
    """The hand's arrangement is worked out once per discard and handed on (it was solved
    three times in a race game: for the held runs and for each of two throws)."""
    rules = preset(variant)
    bot = HardBot(rules)
    game = Round.practice(rules, parse_cards("2♠ 3♠ 4♠ 9♥ 4♦"), [parse_cards("5♥ 6♥ 7♥")])
    hands: list[tuple[str, ...]] = []
    solve = bot._solver.best

    def counted(hand, **kwargs):  # type: ignore[no-untyped-def]
        hands.append(tuple(sorted(str(c) for c in hand)))
        return solve(hand, **kwargs)

    bot._solver.best = counted  # type: ignore[method-assign]
    why = bot.decide(game.view(0))
    assert isinstance(why.action, Discard)
    assert len(hands) == len(set(hands)) == 1


@pytest.mark.parametrize("variant", ["rummy40", "scala40", "rami40"])
def test_in_a_race_the_hard_bot_throws_low_cards_while_the_next_player_has_not_opened(
    variant: str,
) -> None:
    """A taken discard must be melded at once (Rummy 40, Scala 40): before the next player
    has opened, it can only open them, and a king gives an opening ten points where a three
    gives three. With both opened, the king goes (the race: nothing awaits either card); so
    it does in Rami 40, where a discard may be taken to keep."""
    rules = preset(variant)
    hand, table = parse_cards("2♠ 3♠ 4♠ K♣ 3♦"), [parse_cards("7♥ 8♥ 9♥")]
    view = Round.practice(rules, hand, table).view(0)
    both = HardBot(rules).decide(view)
    unopened = HardBot(rules).decide(replace(view, opened=(True, False)))
    assert isinstance(both.action, Discard) and isinstance(unopened.action, Discard)
    assert str(both.action.card) == "K♣"
    if rules.discard_must_be_used:
        assert str(unopened.action.card) == "3♦"
        assert unopened.why is Why.DISCARD_SAFE  # "the next player is unlikely to use it"
    else:
        assert str(unopened.action.card) == "K♣"


@pytest.mark.parametrize("variant", ["romme", "scala40"])
def test_the_hard_bots_worth_of_each_throw_is_the_plain_sum_over_the_cards_left(
    variant: str,
) -> None:
    """Each pair of loose cards is weighed once for all throws: the worth of a throw must be
    what the plain definition gives, the loose cards left and every pair of them."""
    rules = preset(variant)
    bot = HardBot(rules)
    game = Round.practice(rules, parse_cards("2♠ 3♠ 5♠ 9♥ 9♦ 10♥ K♣ K♦ 4♦"), [])
    odds = bot._table(game.view(0))
    loose = list(game.view(0).hand)
    for k, worth in enumerate(bot._left_each(loose, odds)):
        left = loose[:k] + loose[k + 1 :]
        pairs = sum(
            bot._pair_outs(a, b, odds, odds.jokers)
            for i, a in enumerate(left)
            for b in left[i + 1 :]
        )
        runs = sum(bot._run_outs(c, odds) for c in left)
        penalty = sum(penalty_of(c, rules) for c in left)
        assert worth == odds.penalty * penalty - OUT_WORTH * (pairs + runs)
    assert any(bot._pair_outs(a, b, odds, odds.jokers) for a in loose for b in loose if a is not b)
