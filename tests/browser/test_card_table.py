"""Issue 17 in a real browser: the Game and the practice Table as a card table.

Each test runs twice: in a page exported with no kernel (the moves answered by Python in the
page, Pyodide) and in JupyterLab with a live kernel (where the other Game tests run). What
the page shows is compared with what the kit's Python says for the same round: the hand's
order, the moves enabled (the engine's legal_actions), the meld a card was dropped on.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from a11y_checks import focused, tab_to
from servers import open_notebook, static_server

from rummy_learn.actions import Discard, DrawStock, GoOut, LayOff, Meld, SwapJoker, TakeDiscard
from rummy_learn.moves import legal_actions
from rummy_learn.widget_logic.base import ui_texts
from rummy_learn.widget_logic.game import LEARNER, GameLogic
from rummy_learn.widget_logic.table import TableLogic

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).parent / "notebooks" / "table.ipynb"
TEXTS = ui_texts("en")
KINDS = {DrawStock: "draw", TakeDiscard: "take", Meld: "meld", LayOff: "lay_off",
         SwapJoker: "swap", Discard: "discard", GoOut: "go_out"}  # fmt: skip
BUTTONS = ("draw", "take", "meld", "discard", "go_out", "knock")  # the moves of the bar
MOTION_JS = (Path(__file__).parent / "motion.js").read_text(encoding="utf-8")
PYTHON = 120_000  # ms: Python loading in the page on a busy machine, then answering


def the_game() -> GameLogic:
    """The notebook's Game, here: the same seed, the learner has drawn."""
    game = GameLogic(variant="scala40", bots=2, seed=3, lang="en")
    game.receive({"type": "move", "move": {"type": "draw"}})
    return game


def the_table() -> TableLogic:
    return TableLogic("10♠ K♦", ["7♠ 8♠ 9♠", "K♥ K♠ Jkr"], variant="palace", lang="en")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from rummy_learn.widgets.export import export_html

    folder = tmp_path_factory.mktemp("card-table")
    export_html(NOTEBOOK, folder)
    with static_server(folder) as url:
        yield f"{url}/table.html"


@pytest.fixture(params=["static", "lab"])
def opened(request: pytest.FixtureRequest, page: object) -> object:
    """The notebook's page, its widgets drawn: exported (Pyodide) or in JupyterLab (a kernel)."""
    if request.param == "static":
        page.goto(request.getfixturevalue("exported"))  # type: ignore[attr-defined]
    else:
        url, token = request.getfixturevalue("lab")
        open_notebook(page, url, token, NOTEBOOK.name)
    page.locator(".rl-w-game .rl-w-hand [data-card]").first.wait_for(timeout=90_000)  # type: ignore[attr-defined]
    page.locator(".rl-w-table .rl-w-hand [data-card]").first.wait_for(timeout=30_000)  # type: ignore[attr-defined]
    return page


def hand_ids(widget) -> list[str]:
    return widget.locator(".rl-w-hand [data-card]").evaluate_all(
        "ns => ns.map(n => n.dataset.card)"
    )


def enabled_moves(widget) -> set[str]:
    """The moves of the bar the page lets the learner press (shown, not aria-disabled)."""
    enabled = widget.locator(".rl-w-moves button:not([hidden]):not([aria-disabled=true])")
    names = set(enabled.evaluate_all("ns => ns.map(n => n.textContent)"))
    return {kind for kind in BUTTONS if TEXTS[kind] in names}


def legal_kinds(game: GameLogic) -> set[str]:
    """The kinds of the learner's legal moves, from the engine's own whole list."""
    kinds = {KINDS.get(type(a), "knock") for a in legal_actions(game.round.view(LEARNER))}
    return kinds & set(BUTTONS)


def wait_for_the_learners_turn(game_widget, card: str) -> None:
    """Python answered the learner's discard of ``card`` and the bots played their moves."""
    game_widget.locator(f'.rl-w-hand [data-card="{card}"]').wait_for(
        state="detached", timeout=PYTHON
    )
    game_widget.locator(".rl-w-players [aria-current=true]").filter(has_text="You").wait_for(
        timeout=PYTHON
    )
    game_widget.locator(".rl-w-moves button:not([aria-disabled=true])").filter(
        has_text=TEXTS["draw"]
    ).wait_for(timeout=PYTHON)


def test_the_hand_is_sorted_by_suit_and_the_chosen_order_stays(opened):
    game = opened.locator(".rl-w-game")
    python = the_game()
    by_suit = sorted(python.cards, key=lambda c: c["suit_key"])
    assert hand_ids(game) == [c["id"] for c in by_suit]  # sorted by default, not as dealt
    assert [c["id"] for c in python.cards] != hand_ids(game)  # (dealt otherwise)
    game.get_by_label(TEXTS["sort_by"]).select_option("rank")
    assert hand_ids(game) == [c["id"] for c in sorted(python.cards, key=lambda c: c["rank_key"])]
    card = python.targets["discard"][0]
    game.locator(f'.rl-w-hand [data-card="{card}"]').click()
    game.get_by_role("button", name=TEXTS["discard"], exact=True).click()
    wait_for_the_learners_turn(game, card)
    python.receive({"type": "move", "move": {"type": "discard", "card": card}})
    assert sorted(hand_ids(game)) == sorted(c["id"] for c in python.cards)
    assert hand_ids(game) == [c["id"] for c in sorted(python.cards, key=lambda c: c["rank_key"])]


def test_only_the_legal_moves_are_enabled_and_a_disabled_one_says_why(opened):
    game = opened.locator(".rl-w-game")
    python = the_game()
    assert enabled_moves(game) == legal_kinds(python)
    assert "discard" in enabled_moves(game) and "draw" not in enabled_moves(game)
    draw = game.get_by_role("button", name=TEXTS["draw"], exact=True)
    assert draw.get_attribute("aria-disabled") == "true"
    draw.focus()
    why = game.locator(".rl-w-why")
    assert why.text_content() == python.moves["draw"] != ""  # "you have drawn already"
    described = draw.get_attribute("aria-describedby")
    assert opened.locator(f"#{described}").text_content() == python.moves["draw"]
    card = python.targets["discard"][0]
    # the discard by dragging the card onto the pile; Python makes it, the bots answer
    game.locator(f'.rl-w-hand [data-card="{card}"]').drag_to(game.locator(".rl-w-discard"))
    wait_for_the_learners_turn(game, card)
    python.receive({"type": "move", "move": {"type": "discard", "card": card}})
    assert game.locator(".rl-w-log").text_content().count("You discarded") == 1
    assert enabled_moves(game) == legal_kinds(python)
    assert "draw" in enabled_moves(game) and "discard" not in enabled_moves(game)


def lay_off_by_drag(page) -> list[str]:
    table = page.locator(".rl-w-table")
    table.locator('.rl-w-hand [data-card="10s.0"]').drag_to(table.locator(".rl-w-meld").first)
    table.locator('.rl-w-meld [data-card="10s.0"]').wait_for(timeout=PYTHON)
    return (
        table.locator(".rl-w-meld")
        .first.locator("[data-card]")
        .evaluate_all("ns => ns.map(n => n.dataset.card)")
    )


def lay_off_by_keyboard(page) -> list[str]:
    """From the Start again button: back to the hand (its one tab stop), Home to its first card
    (10♠: sorted by suit), Space to choose it, back to meld 1's button, Enter."""
    table = page.locator(".rl-w-table")
    in_hand = "() => Boolean(document.activeElement.closest('.rl-w-table .rl-w-hand'))"
    for _ in range(5):
        page.keyboard.press("Shift+Tab")
        if page.evaluate(in_hand):
            break
    page.keyboard.press("Home")
    page.keyboard.press("Space")
    assert focused(page)["card"] == "10s.0"
    in_meld = "() => (document.activeElement.closest('.rl-w-meld') || {dataset: {}}).dataset.meld"
    for _ in range(12):
        tab_to(page, TEXTS["lay_off_high"], back=True)
        if page.evaluate(in_meld) == "1":
            break
    assert page.evaluate(in_meld) == "1"
    page.keyboard.press("Enter")
    table.locator('.rl-w-meld [data-card="10s.0"]').wait_for(timeout=PYTHON)
    return (
        table.locator(".rl-w-meld")
        .first.locator("[data-card]")
        .evaluate_all("ns => ns.map(n => n.dataset.card)")
    )


def test_dragging_a_card_onto_a_meld_lays_it_off_and_the_keyboard_does_the_same(opened, request):
    python = the_table()
    python.receive({"type": "move", "move": {"type": "lay_off", "card": "10s.0", "meld": 1,
                                             "end": "high"}})  # fmt: skip
    expected = [c["id"] for c in python.table[0]["cards"]]
    assert lay_off_by_drag(opened) == expected == ["7s.0", "8s.0", "9s.0", "10s.0"]
    table = opened.locator(".rl-w-table")
    table.get_by_role("button", name=TEXTS["start_again"], exact=True).click()  # as it was
    table.locator('.rl-w-hand [data-card="10s.0"]').wait_for(timeout=PYTHON)
    assert lay_off_by_keyboard(opened) == expected


def bots_move_after_a_discard(page, card: str) -> dict[str, int]:
    """Discard ``card``; record what moves on the page while the bots' moves are shown."""
    page.evaluate(MOTION_JS)
    game = page.locator(".rl-w-game")
    game.locator(f'.rl-w-hand [data-card="{card}"]').click()
    game.get_by_role("button", name=TEXTS["discard"], exact=True).click()
    wait_for_the_learners_turn(game, card)
    page.wait_for_function("() => !document.querySelector('.rl-w-now')", timeout=30_000)
    return dict(page.evaluate("() => rlSeen"))


def test_choosing_a_card_shows_its_moves_on_the_melds_without_moving_the_table(opened):
    """Two trial users on a 720-px projector: every meld grew a row of buttons once a card was
    chosen, and the hand and the moves went off screen. A meld now shows only the chosen
    card's moves, over the foot of its cards: the table keeps its size."""
    table = opened.locator(".rl-w-table")
    felt = table.locator(".rl-w-felt")
    meld = table.locator('.rl-w-meld[data-meld="1"]')
    before = felt.bounding_box()
    assert not meld.get_by_role("button", name=TEXTS["lay_off_high"], exact=True).is_visible()
    table.locator('.rl-w-hand [data-card="10s.0"]').click()
    end = meld.get_by_role("button", name=TEXTS["lay_off_high"], exact=True)
    end.wait_for(state="visible")
    assert not meld.get_by_role("button", name=TEXTS["lay_off_low"], exact=True).is_visible()
    assert felt.bounding_box()["height"] == before["height"]  # type: ignore[index]
    table.locator('.rl-w-hand [data-card="10s.0"]').click()  # chosen no more
    end.wait_for(state="hidden")


def test_the_bots_moves_fly_and_reduced_motion_shows_them_without_motion(opened):
    python = the_game()
    card = python.targets["discard"][0]
    seen = bots_move_after_a_discard(opened, card)
    assert seen["ghosts"] >= 2 and seen["animations"] >= 1 and seen["flashes"] == 0, seen
    python.receive({"type": "move", "move": {"type": "discard", "card": card}})
    # the table goes with the moves shown, one at a time: the stock as it was after each
    # bot's move, never the end of their turn at once (a teacher's trial)
    mine = max(i for i, e in enumerate(python.entries) if e["player"] == LEARNER)
    counts = [e["after"]["stock"] for e in python.entries[mine:]]
    expected = [c for i, c in enumerate(counts) if i == 0 or c != counts[i - 1]]
    assert len(expected) >= 2 and seen["stocks"] == expected, (seen["stocks"], expected)
    python.receive({"type": "move", "move": {"type": "draw"}})
    opened.emulate_media(reduced_motion="reduce")
    game = opened.locator(".rl-w-game")
    game.get_by_role("button", name=TEXTS["draw"], exact=True).click()
    game.locator(f'.rl-w-hand [data-card="{python.cards[-1]["id"]}"]').wait_for(timeout=PYTHON)
    seen = bots_move_after_a_discard(opened, python.targets["discard"][0])
    assert seen["ghosts"] == 0 and seen["animations"] == 0 and seen["flashes"] >= 2, seen
