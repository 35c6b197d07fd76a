"""Issue 15 in JupyterLab with a live kernel: keyboard alone swaps a joker and plays a turn,
the focus stays where it was after Python answers, the live regions stay the same nodes, and
the kit's colours pass axe and AA contrast in JupyterLab's light and dark themes."""

from __future__ import annotations

import pytest
from a11y_checks import contrast, focused, is_focused, serious_axe_findings, tab_to
from servers import open_notebook

pytestmark = pytest.mark.browser

SAME = "([node, selector, root]) => root.querySelector(selector) === node"


def open_a11y(page, lab: tuple[str, str]) -> None:
    url, token = lab
    open_notebook(page, url, token, "a11y.ipynb")
    page.locator(".rl-w-game .rl-w-card").first.wait_for(timeout=60_000)


def test_keyboard_alone_with_a_kernel_swaps_a_joker_and_plays_a_turn(page, lab):
    open_a11y(page, lab)
    # the meld builder: Python's answer does not take the focus away from the hand
    builder = page.locator(".rl-w-meld_builder")
    builder.locator('.rl-w-hand [data-card="Kh.0"]').press("Space")
    builder.locator(".rl-w-slot [role=status]").first.filter(has_text="Not a valid").wait_for()
    assert focused(page)["label"] == "king of spades"
    # the practice table: choose the joker, then the 7♦, then swap, all by keyboard
    table = page.locator(".rl-w-table")
    table.locator('[data-card="Jkr.0"]').focus()
    page.keyboard.press("Space")
    assert table.locator('[data-card="Jkr.0"]').get_attribute("aria-pressed") == "true"
    tab_to(page, "ten of spades")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    assert focused(page)["label"] == "seven of diamonds"
    tab_to(page, "Swap for the joker", back=True)
    page.keyboard.press("Enter")
    table.locator('.rl-w-hand [data-card="Jkr.0"]').wait_for(timeout=20_000)  # Python swapped
    # the swap button went with the joker and the meld's other buttons with the chosen card:
    # the focus is back in the hand, on a card
    now = focused(page)
    assert now["card"] and now["kind"].endswith("rl-w-table"), now
    assert page.evaluate("Boolean(document.activeElement.closest('.rl-w-table .rl-w-hand'))")
    # the game: draw, select the hand's first card, discard it; the bot answers (the hand is
    # sorted by suit: its last card is a joker, which not every variant lets a player discard)
    game = page.locator(".rl-w-game")
    log = game.locator(".rl-w-log")
    regions = [game.locator(s).element_handle() for s in (".rl-w-error", ".rl-w-log")]
    draw = tab_to(page, "Draw")
    page.keyboard.press("Enter")
    log.filter(has_text="You drew ").wait_for(timeout=20_000)
    assert focused(page)["text"] == draw["text"]
    tab_to(page, game.locator(".rl-w-hand [data-card]").first.get_attribute("aria-label"),
           back=True)  # fmt: skip
    page.keyboard.press("Home")
    page.keyboard.press("Space")
    drawn = focused(page)["card"]
    tab_to(page, "Discard")
    page.keyboard.press("Enter")
    log.filter(has_text="You discarded").wait_for(timeout=20_000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.rl-w-game .rl-w-log div')]"
        ".some(d => d.textContent.startsWith('Computer 1'))",
        timeout=20_000,
    )
    assert focused(page)["text"] == "Discard"
    assert game.locator(f'.rl-w-hand [data-card="{drawn}"]').count() == 0
    root = game.element_handle()
    assert page.evaluate(SAME, [regions[0], ".rl-w-error", root])
    assert page.evaluate(SAME, [regions[1], ".rl-w-log", root])
    # the quiz: Python's verdict arrives in the same region, the focus stays on the answer
    quiz = page.locator(".rl-w-quiz")
    feedback = quiz.locator(".rl-w-feedback").element_handle()
    yes = quiz.get_by_role("button", name="Yes, it is valid")
    yes.press("Enter")
    quiz.locator(".rl-w-feedback").filter(has_text="Valid run").wait_for(timeout=20_000)
    assert is_focused(page, yes.element_handle())
    assert page.evaluate(SAME, [feedback, ".rl-w-feedback", quiz.element_handle()])
    quiz.get_by_role("button", name="Next exercise").press("Enter")
    assert "rl-w-prompt" in focused(page)["classes"]


def test_the_kits_colours_pass_in_jupyterlabs_light_and_dark_themes(page, lab):
    open_a11y(page, lab)
    try:
        for theme in ("JupyterLab Light", "JupyterLab Dark"):
            if theme.endswith("Dark"):
                page.locator(".lm-MenuBar-itemLabel", has_text="Settings").first.click()
                page.get_by_text("Theme", exact=True).click()
                page.get_by_text(theme, exact=True).click()
                page.wait_for_function("document.body.dataset.jpThemeLight === 'false'")
            measured = contrast(page)
            assert measured["roots"] == 5 and measured["checked"] > 150, theme
            assert measured["failures"] == [], theme
            assert serious_axe_findings(page, ".rl-w") == [], theme
    finally:  # the other tests share this JupyterLab: back to its light theme
        page.locator(".lm-MenuBar-itemLabel", has_text="Settings").first.click()
        page.get_by_text("Theme", exact=True).click()
        page.get_by_text("JupyterLab Light", exact=True).click()
        page.wait_for_function("document.body.dataset.jpThemeLight === 'true'")
