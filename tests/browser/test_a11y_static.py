"""Issue 15 in an exported page (no kernel): every widget by keyboard alone, the focus after
each kind of action, live regions that stay the same node, axe, contrast, reflow at 320 px,
and the quiz's progress kept across a reload."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from a11y_checks import contrast, focused, is_focused, serious_axe_findings, sideways_scroll, tab_to
from servers import exported_page

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def a11y_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The accessibility notebook exported offline, served on 127.0.0.1."""
    notebook = Path(__file__).parent / "notebooks" / "a11y.ipynb"
    with exported_page(notebook, tmp_path_factory.mktemp("a11y-site")) as url:
        yield url


WIDER_THAN_ITS_WIDGET = """[...document.querySelectorAll('.rl-w *')].filter(n => {
  const box = n.getBoundingClientRect(), widget = n.closest('.rl-w').getBoundingClientRect();
  return box.width > 0 && (box.right > widget.right + 0.5 || box.right > innerWidth);
}).map(n => n.className || n.tagName)"""
"""What sticks out of its widget (clipped, or pushing the page sideways)."""


def open_widgets(page, url: str) -> None:
    page.goto(url)
    page.locator(".rl-w-game .rl-w-card").first.wait_for(timeout=30_000)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_exported_page_passes_axe_and_contrast(browser, a11y_site, scheme):
    context = browser.new_context(color_scheme=scheme)
    page = context.new_page()
    try:
        open_widgets(page, a11y_site)
        assert page.title() == "Every widget, for every learner"
        assert page.evaluate("document.documentElement.lang") == "en"
        assert page.evaluate("[...document.querySelectorAll('.rl-w')].map(w => w.lang)") == [
            "de", "en", "en", "en", "en"
        ]  # fmt: skip
        assert serious_axe_findings(page) == []
        measured = contrast(page)
        assert measured["roots"] == 5 and measured["checked"] > 150
        assert measured["failures"] == []
    finally:
        context.close()


def test_the_widgets_reflow_at_320_pixels(browser, a11y_site):
    context = browser.new_context(viewport={"width": 320, "height": 800})
    page = context.new_page()
    try:
        open_widgets(page, a11y_site)
        assert sideways_scroll(page) == 0
        overflowing = page.evaluate(WIDER_THAN_ITS_WIDGET)
        assert overflowing == []
    finally:
        context.close()


def test_the_focus_after_each_kind_of_action(page, a11y_site):
    open_widgets(page, a11y_site)
    # Hand: Space and Shift+arrow keep the same card node; the buttons keep their focus
    hand = page.locator(".rl-w").nth(0)
    queen = hand.locator('[data-card="Qh.0"]')
    queen_node = queen.element_handle()
    queen.press("Space")
    assert is_focused(page, queen_node) and queen.get_attribute("aria-checked") == "true"
    page.keyboard.press("Shift+ArrowRight")
    assert is_focused(page, queen_node)
    assert hand.locator("[data-card]").nth(1).get_attribute("data-card") == "Qh.0"
    assert hand.locator(".rl-w-sr-only").text_content() == "Herz-Dame: Platz 2 von 5"
    for name in ("Nach rechts schieben", "Nach Farbe sortieren", "Nach Wert sortieren"):
        button = hand.get_by_role("button", name=name)
        button.press("Enter")
        assert focused(page)["text"] == name
    # MeldBuilder: Space sends the card to the meld, the focus to the next card of the hand
    builder = page.locator(".rl-w").nth(1)
    builder.locator('.rl-w-hand [data-card="Kh.0"]').press("Space")
    assert focused(page)["label"] == "king of spades"
    page.keyboard.press("Space")
    assert focused(page)["label"] == "king of diamonds"
    builder.get_by_role("button", name="New meld").press("Enter")
    assert focused(page)["text"] == "New meld"
    assert builder.get_by_role("button", name="Meld 2").get_attribute("aria-current") == "true"
    builder.get_by_role("button", name="Meld 1").press("Enter")
    now = focused(page)
    assert (now["text"], now["current"]) == ("Meld 1", "true")
    builder.locator('.rl-w-slot [data-card="Kh.0"]').press("Space")  # back to the hand
    assert focused(page)["label"] == "king of spades"  # the next card of the meld
    page.keyboard.press("Space")
    now = focused(page)
    assert (now["text"], now["current"]) == ("Meld 1", "true")  # the meld is empty: its button
    # Quiz: an answer and Hint keep the focus; Next puts it on the prompt
    quiz = page.locator(".rl-w").nth(2)
    quiz.get_by_role("button", name="Yes, it is valid").press("Enter")
    now = focused(page)
    assert (now["text"], now["pressed"]) == ("Yes, it is valid", "true")
    quiz.get_by_role("button", name="Hint").press("Enter")
    assert focused(page)["text"] == "Hint"
    quiz.get_by_role("button", name="Next exercise").press("Enter")
    assert "rl-w-prompt" in focused(page)["classes"]
    answer = quiz.get_by_role("textbox", name="Your answer")
    answer.press("Enter")  # nothing written: said, not counted, and the focus stays
    assert focused(page)["tag"] == "input" and answer.get_attribute("aria-invalid") == "true"
    assert quiz.locator(".rl-w-feedback").text_content() == "First write the number of points."
    assert quiz.locator(".rl-w-score").text_content() == "Right so far: 1 of 1"  # as before
    # Table (Python in the page): a joker chosen by keyboard; a move keeps the focus on its button
    table = page.locator(".rl-w").nth(3)
    joker = table.locator('[data-card="Jkr.0"]')
    joker.press("Space")
    assert joker.get_attribute("aria-pressed") == "true" and focused(page)["card"] == "Jkr.0"
    table.get_by_role("button", name="Hint").press("Enter")
    table.locator(".rl-w-hint").filter(has_text="10♠").wait_for(timeout=60_000)
    assert focused(page)["text"] == "Hint"
    assert not table.locator(".rl-w-players").is_visible()  # nobody else at a practice table
    # Game: a card stays focused when selected
    game = page.locator(".rl-w").nth(4)
    card = game.locator(".rl-w-hand [data-card]").first
    card.press("Space")
    assert card.get_attribute("aria-checked") == "true" and focused(page)["card"] is not None


def test_live_regions_stay_the_same_nodes(page, a11y_site):
    open_widgets(page, a11y_site)
    builder = page.locator(".rl-w").nth(1)
    verdict = builder.locator(".rl-w-slot [role=status]").first.element_handle()
    opening = builder.locator(".rl-w-opening").element_handle()
    for name in ("king of hearts", "king of spades", "king of diamonds"):
        builder.locator(f'.rl-w-hand [aria-label="{name}"]').click()
    same = "([node, selector, root]) => root.querySelector(selector) === node"
    root = builder.element_handle()
    assert page.evaluate(same, [verdict, ".rl-w-slot [role=status]", root])
    assert page.evaluate(same, [opening, ".rl-w-opening", root])
    assert "Valid set: 30 points" in page.evaluate("(n) => n.textContent", verdict)
    quiz = page.locator(".rl-w").nth(2)
    feedback = quiz.locator(".rl-w-feedback").element_handle()
    assert page.evaluate("(n) => n.textContent", feedback) == ""
    quiz.get_by_role("button", name="No, it is not").click()
    quiz.get_by_role("button", name="Next exercise").click()
    quiz.get_by_role("textbox", name="Your answer").fill("58")
    quiz.get_by_role("button", name="Check").click()
    assert page.evaluate(same, [feedback, ".rl-w-feedback", quiz.element_handle()])
    assert "They are worth 58 points." in page.evaluate("(n) => n.textContent", feedback)


def test_keyboard_alone_does_a_whole_quiz_and_builds_an_opening(page, a11y_site):
    open_widgets(page, a11y_site)
    page.locator("h1").first.click()  # then nothing but the keyboard
    # the opening: three kings into meld 1, then 5♣ 6♣ and the joker into meld 2
    tab_to(page, "king of hearts")
    for _ in range(3):
        page.keyboard.press("Space")
    tab_to(page, "New meld")
    page.keyboard.press("Enter")
    tab_to(page, "five of clubs", back=True)
    for _ in range(3):  # 5♣, then 6♣, then the joker: the focus moves on in the hand
        page.keyboard.press("Space")
    builder = page.locator(".rl-w").nth(1)  # two melds: Python adds them up, in the page
    builder.locator(".rl-w-opening").filter(has_text="40 points are needed: enough").wait_for(
        timeout=60_000
    )
    # the whole quiz: (where Tab goes, what is typed there, then Enter)
    steps = [
        ("Yes, it is valid", ""),
        ("Next exercise", ""),
        ("Your answer", "58"),
        ("Next exercise", ""),
        ("The player left of the dealer", ""),
        ("Next exercise", ""),
    ]
    for wanted, typed in steps:
        tab_to(page, wanted)
        page.keyboard.type(typed)
        page.keyboard.press("Enter")
    for first, then in (
        ("king of hearts", "Put aside for the opening"),
        ("five of clubs", "Check"),
    ):
        tab_to(page, first, back=first == "five of clubs")
        for _ in range(3):  # Space selects, the focus stays on the card; the arrow moves on
            page.keyboard.press("Space")
            page.keyboard.press("ArrowRight")
        tab_to(page, then)
        page.keyboard.press("Enter")
    quiz = page.locator(".rl-w").nth(2)  # an opening: Python (in its worker) answers later
    quiz.locator(".rl-w-feedback").filter(has_text="✓ Right!").wait_for(timeout=30_000)
    assert quiz.locator(".rl-w-score").text_content() == "Right so far: 4 of 4"


def test_the_quiz_keeps_its_progress_in_the_browser_across_a_reload(page, a11y_site):
    open_widgets(page, a11y_site)
    quiz = page.locator(".rl-w").nth(2)
    quiz.get_by_role("button", name="Yes, it is valid").click()
    quiz.get_by_role("button", name="Next exercise").click()
    quiz.get_by_role("textbox", name="Your answer").fill("57")
    quiz.get_by_role("button", name="Check").click()
    stored = json.loads(page.evaluate("localStorage.getItem('rummy-learn:progress')"))
    path = page.evaluate("location.pathname")
    assert stored[path] == {"answered": 2, "right": 1, "total": 4}
    page.reload()
    open_widgets(page, a11y_site)
    quiz = page.locator(".rl-w").nth(2)
    assert quiz.locator(".rl-w-last-time").text_content() == "Last time: 1 of 4 right."
    assert quiz.locator(".rl-w-score").text_content() == "Right so far: 1 of 2"
    quiz.get_by_role("button", name="Start again").press("Enter")
    assert "rl-w-prompt" in focused(page)["classes"]
    assert not quiz.locator(".rl-w-progress").is_visible()
    stored = json.loads(page.evaluate("localStorage.getItem('rummy-learn:progress')"))
    assert path not in stored  # nothing answered on the page now
    assert [e["answered"] for k, e in stored.items() if k.startswith(f"{path}#quiz-")] == [0]
