"""The Replay in an exported page with no kernel and no Python: forward and back by keyboard
and mouse, to any move by the slider, one player's view from the picker; the move and the
hands shown are Python's frames; axe, contrast and reflow at 320 px (400 % zoom) and at 640 px
(200 %)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from a11y_checks import contrast, is_focused, serious_axe_findings, sideways_scroll
from servers import exported_page
from test_a11y_static import WIDER_THAN_ITS_WIDGET

from rummy_learn.replay import played
from rummy_learn.variants import preset
from rummy_learn.widget_logic.replay import ReplayLogic

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def replay_page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The replay notebook exported offline, served on 127.0.0.1."""
    notebook = Path(__file__).parent / "notebooks" / "replay.ipynb"
    with exported_page(notebook, tmp_path_factory.mktemp("replay-site")) as url:
        yield url


@pytest.fixture(scope="module")
def expected() -> tuple[ReplayLogic, ReplayLogic]:
    """The notebook's two replays, made here again: what the page must show."""
    english = ReplayLogic.played("romme", ["hard", "medium"], seed=5, lang="en")
    game, _ = played(preset("rami40"), ["medium", "easy"], seed=2)
    return english, ReplayLogic(json.dumps(game.to_json()), lang="ru", view_of=0)


def _open(page, url: str) -> None:
    page.goto(url)
    page.locator(".rl-w-replay .rl-w-replay-line").first.wait_for(timeout=30_000)


def _line(logic: ReplayLogic, n: int, mine: int = -1) -> str:
    frame = logic.frames[n]
    if n == 0:
        return logic.texts["replay_dealt"].format(player=logic.names[frame["current"]])
    hidden = mine != -1 and frame["player"] != mine
    return frame["said"] if hidden else f"{frame['said']} {frame['reason']}"


def _hands(logic: ReplayLogic, n: int) -> list[list[str]]:
    return [[logic.cards[i]["label"] for i in hand] for hand in logic.frames[n]["hands"]]


def _shown_hands(widget) -> list[list[str]]:
    seats = widget.locator(".rl-w-seat")
    return [seats.nth(i).locator("[data-card]").evaluate_all("ns => ns.map(n => n.ariaLabel)")
            for i in range(seats.count())]  # fmt: skip


def test_steps_forward_and_back_by_keyboard_and_mouse(page, replay_page, expected):
    english, russian = expected
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    _open(page, replay_page)
    widget = page.locator(".rl-w-replay").first
    line = widget.locator(".rl-w-replay-line")
    assert line.text_content() == _line(english, 0)
    assert _shown_hands(widget) == _hands(english, 0)
    # the keyboard: Forward by Enter, then the arrows, End and Home; the focus stays put
    forward = widget.get_by_role("button", name="Forward")
    forward.focus()
    node = forward.element_handle()
    page.keyboard.press("Enter")
    assert line.text_content() == _line(english, 1)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert line.text_content() == _line(english, 3)
    assert _shown_hands(widget) == _hands(english, 3)
    page.keyboard.press("ArrowLeft")
    assert line.text_content() == _line(english, 2) and is_focused(page, node)
    page.keyboard.press("End")
    last = len(english.frames) - 1
    assert line.text_content() == _line(english, last)
    assert widget.locator(".rl-w-result").text_content() == "".join(english.result)
    assert forward.get_attribute("aria-disabled") == "true" and is_focused(page, node)
    page.keyboard.press("Home")
    assert line.text_content() == _line(english, 0)
    assert widget.locator(".rl-w-result").text_content() == ""
    # the mouse: the buttons, then the slider to any move
    widget.get_by_role("button", name="To the end").click()
    widget.get_by_role("button", name="Back").click()
    assert line.text_content() == _line(english, last - 1)
    slider = widget.get_by_role("slider", name="Move")
    slider.fill("4")
    assert line.text_content() == _line(english, 4)
    assert slider.get_attribute("aria-valuetext") == f"Move 4 of {last}"
    assert _shown_hands(widget) == _hands(english, 4)
    slider.press("ArrowRight")  # the slider's own key
    assert line.text_content() == _line(english, 5)
    pictures = widget.locator(".rl-w-replay-cards [data-card]")
    shown = [english.cards[i]["label"] for i in english.frames[5]["shown"]]
    assert pictures.evaluate_all("ns => ns.map(n => n.ariaLabel)") == shown
    # one player's view: the other hand is hidden, its size said
    widget.get_by_role("combobox", name="Hands shown").select_option(label="As Player 1 sees it")
    assert _shown_hands(widget) == [_hands(english, 5)[0], []]
    count = len(english.frames[5]["hands"][1])
    hidden = widget.locator(".rl-w-seat-count").nth(1).text_content()
    assert hidden == f"Player 2: cards in hand: {count}"
    assert line.text_content() == _line(english, 5, mine=0)
    # the saved round, in Russian, from the first player's seat
    other = page.locator(".rl-w-replay").nth(1)
    assert other.get_attribute("lang") == "ru"
    other.get_by_role("button", name="Вперёд").click()
    assert other.locator(".rl-w-replay-line").text_content() == _line(russian, 1, mine=0)
    assert other.locator(".rl-w-seat").nth(0).locator("[data-card]").count() == len(
        russian.frames[1]["hands"][0]
    )
    assert other.locator(".rl-w-seat").nth(1).locator("[data-card]").count() == 0
    assert not [url for url in requests if "pyodide" in url or url.endswith(".whl")], "no Python"
    assert not errors, errors


@pytest.mark.parametrize("width", [320, 640])  # 400 % and 200 % zoom of 1280 px
def test_the_replay_is_accessible_and_reflows(browser, replay_page, width):
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    try:
        _open(page, replay_page)
        page.locator(".rl-w-replay").first.get_by_role("button", name="To the end").click()
        assert serious_axe_findings(page) == []
        measured = contrast(page)
        assert measured["roots"] == 2 and measured["failures"] == []
        assert sideways_scroll(page) == 0
        assert page.evaluate(WIDER_THAN_ITS_WIDGET) == []
    finally:
        context.close()
