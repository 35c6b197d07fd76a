"""The widgets in JupyterLab with a live kernel: mouse, keyboard, languages."""

from __future__ import annotations

import pytest
from servers import LESSON, open_notebook

pytestmark = pytest.mark.browser


def open_and_run(page, lab: tuple[str, str]) -> None:
    url, token = lab
    open_notebook(page, url, token, "widgets.ipynb")
    page.wait_for_selector(".rl-w-meld_builder", timeout=60_000)


def test_clicking_cards_into_a_meld_shows_the_cores_verdict(page, lab):
    open_and_run(page, lab)
    widget = page.locator(".rl-w-meld_builder").first
    for name in ("king of hearts", "king of spades", "king of diamonds"):
        widget.locator(f'.rl-w-hand [aria-label="{name}"]').click()
    status = widget.locator(".rl-w-slot [role=status]").first
    status.filter(has_text="Valid set: 30 points").wait_for(timeout=20_000)
    opening = widget.locator(".rl-w-opening")
    assert "30 points, but 40 points are needed: 10 points more" in opening.text_content()


def test_keyboard_only(page, lab):
    open_and_run(page, lab)
    widget = page.locator(".rl-w-meld_builder").first
    for count in (1, 2, 3):  # K♥, then K♠, then K♦: each Space moves the focused card into the meld
        # locator.press focuses the card once it is attached and stable, then presses:
        # focus() alone could land on a card that a re-render is about to replace
        widget.locator(".rl-w-hand [data-card]").first.press("Space")
        widget.locator(f".rl-w-slot >> nth=0 >> [data-card] >> nth={count - 1}").wait_for(
            timeout=20_000
        )
    status = widget.locator(".rl-w-slot [role=status]").first
    status.filter(has_text="Valid set: 30 points").wait_for(timeout=20_000)
    widget.locator(".rl-w-hand [data-card]").first.press("ArrowRight")
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused == "six of clubs"


def test_the_language_follows_set_language(page, lab):
    open_and_run(page, lab)
    german = page.locator(".rl-w-meld_builder").nth(1)
    german.locator(".rl-w-toolbar button").filter(has_text="Neue Figur").wait_for(timeout=20_000)
    for name in ("Herz-König", "Pik-König", "Karo-König"):
        german.locator(f'.rl-w-hand [aria-label="{name}"]').click()
    german.locator(".rl-w-slot [role=status]").first.filter(
        has_text="Gültiger Satz: 30 Punkte"
    ).wait_for(timeout=20_000)


def test_a_few_turns_of_game_against_a_bot(page, lab):
    open_and_run(page, lab)
    game = page.locator(".rl-w-game").first
    game.wait_for(timeout=30_000)
    log = game.locator(".rl-w-log")
    for turn in range(1, 4):
        game.get_by_role("button", name="Draw", exact=True).click()
        log.filter(has_text="You drew ").wait_for(timeout=20_000)
        game.locator(".rl-w-hand [data-card]").last.click()  # the card just drawn
        game.get_by_role("button", name="Discard", exact=True).click()
        page.wait_for_function(
            "n => [...document.querySelectorAll('.rl-w-game .rl-w-log div')]"
            ".filter(d => d.textContent.startsWith('Computer 1')).length >= n",
            arg=turn, timeout=20_000,
        )  # fmt: skip
    # the learner is to draw: the engine lists no discard, so the button is offered as not
    # possible; pressed anyway, it says why and sends nothing
    game.locator(".rl-w-moves button[aria-disabled=true]").filter(has_text="Discard").wait_for(
        timeout=20_000
    )
    game.locator(".rl-w-hand [data-card]").first.click()
    game.get_by_role("button", name="Discard", exact=True).click(force=True)
    game.locator(".rl-w-why").filter(has_text="Draw a card first").wait_for(timeout=5_000)
    assert game.locator(".rl-w-error").text_content() == ""
    game.locator(".rl-w-hand [data-card]").first.click()  # chosen no more
    game.get_by_role("button", name="Draw", exact=True).click()
    game.locator(".rl-w-moves button:not([aria-disabled])").filter(has_text="Discard").wait_for(
        timeout=20_000
    )
    game.get_by_role("button", name="Discard", exact=True).click()  # nothing chosen: said so
    game.locator(".rl-w-error").filter(has_text="Choose the cards").wait_for(timeout=20_000)


def test_a_lesson_plays_live_in_jupyterlab(page, lab):
    """A learner opens a lesson, runs it, and the practice table's hint comes from the kernel."""
    import nbformat

    import rummy_learn
    from rummy_learn.widgets import Table

    source = next(c.source for c in nbformat.read(LESSON, as_version=4).cells
                  if c.cell_type == "code" and c.source.startswith("Table("))  # fmt: skip
    rummy_learn.set_language("ru")
    table = eval(source, {"Table": Table})  # the lesson's own table, here in the test
    table._receive(table, {"type": "hint"}, [])
    expected = table.hint_text
    assert expected and "10♠" in expected[0]

    url, token = lab
    open_notebook(page, url, token, LESSON.name)
    widget = page.locator(".rl-w-table").first
    widget.wait_for(timeout=60_000)
    widget.get_by_role("button", name=rummy_learn.i18n.text("ui.hint", "ru")).click()
    widget.locator(".rl-w-hint").filter(has_text=expected[0]).wait_for(timeout=20_000)
    assert page.locator(".rl-w-quiz").count() == 1
