"""Issue 15 in the built book: every page in the book's light and dark modes (axe-core in
both, each page opened once a mode), the kit's colours computed on every page, reflow at
320 px, the language of each widget and of the switcher, and a lesson's widgets by keyboard
(the focus, the same live region, the quiz's progress across a reload)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from a11y_checks import contrast, focused, is_focused, serious_axe_findings, sideways_scroll
from servers import static_server
from test_book_site import LANGUAGES, open_page, site_pages

from rummy_learn.i18n import text

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def book(built_book: Path) -> Iterator[tuple[str, Path]]:
    with static_server(built_book) as url:
        yield url, built_book


def wait_for_widgets(page, built: Path, name: str) -> int:
    """Wait until every widget of the page is drawn; how many there are."""
    count = (built / name).read_text(encoding="utf-8").count("application/vnd.jupyter.widget-view")
    if count:  # drawn: a card, or a quiz's question (a choice exercise shows no card)
        drawn = page.locator(".rl-w").nth(count - 1).locator(".rl-w-card, .rl-w-prompt")
        drawn.first.wait_for(timeout=30_000)
    return count


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_in_light_and_dark_mode(browser, book, lang):
    url, built = book
    found: dict[str, object] = {}
    checked = 0
    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme)
        page = context.new_page()
        for name in [p for p in site_pages(built) if p.startswith(f"{lang}/")]:
            open_page(page, f"{url}/{name}")
            widgets = wait_for_widgets(page, built, name)
            assert page.evaluate("document.documentElement.dataset.theme") == scheme
            measured = contrast(page)
            checked += measured["checked"]
            if measured["failures"]:
                found[f"{scheme} {name} contrast"] = measured["failures"][:5]
            if serious := serious_axe_findings(page):  # axe-core, in both schemes
                found[f"{scheme} {name} axe"] = serious
            langs = page.evaluate("[...document.querySelectorAll('.rl-w')].map(w => w.lang)")
            assert langs == [lang] * widgets, name
            switcher = page.locator("nav.rl-languages")
            assert switcher.get_attribute("aria-label") == text("ui.language", lang), name
        context.close()
    assert found == {}
    assert checked > 1000  # the kit's texts and card inks were there to be measured


def test_every_page_reflows_at_320_pixels(browser, book):
    url, built = book
    context = browser.new_context(viewport={"width": 320, "height": 800})
    page = context.new_page()
    wide = {}
    for name in site_pages(built):
        open_page(page, f"{url}/{name}")
        wait_for_widgets(page, built, name)
        if sideways_scroll(page):
            wide[name] = sideways_scroll(page)
    context.close()
    assert wide == {}


def first_page_with(page, url: str, built: Path, lang: str, selector: str) -> str:
    for name in [p for p in site_pages(built) if p.startswith(f"{lang}/")]:
        open_page(page, f"{url}/{name}")
        if wait_for_widgets(page, built, name) and page.locator(selector).count():
            return name
    raise AssertionError(f"no {lang} page has {selector}")


def test_a_lessons_meld_builder_keeps_the_focus_in_the_hand(page, book):
    url, built = book
    first_page_with(page, url, built, "de", ".rl-w-meld_builder")
    builder = page.locator(".rl-w-meld_builder").first
    cards = builder.locator(".rl-w-hand [data-card]")
    second = cards.nth(1).get_attribute("aria-label")
    verdict = builder.locator(".rl-w-slot [role=status]").first.element_handle()
    cards.first.press("Space")  # the card goes into the meld; the focus stays in the hand
    assert focused(page)["label"] == second
    assert page.evaluate(
        "([n, root]) => root.querySelector('.rl-w-slot [role=status]') === n",
        [verdict, builder.element_handle()],
    )


def test_a_lessons_quiz_by_keyboard_and_its_progress_across_a_reload(page, book):
    url, built = book
    name = first_page_with(page, url, built, "de", ".rl-w-quiz")
    quiz = page.locator(".rl-w-quiz").first
    here = page.evaluate("location.pathname")
    quizzes = json.loads(page.evaluate("localStorage.getItem('rummy-learn:progress')"))
    assert here not in quizzes  # a page only looked at is not marked
    total = sum(e["total"] for k, e in quizzes.items() if k.startswith(f"{here}#quiz-"))
    assert total >= 1  # but every quiz of the page is counted from the start
    feedback = quiz.locator(".rl-w-feedback").element_handle()
    for _ in range(20):  # to an exercise answered with a button or a number (not an opening)
        answer = quiz.locator(".rl-w-answers .rl-w-answer, .rl-w-answers input").first
        if answer.count():
            break
        quiz.locator(".rl-w-toolbar button").last.press("Enter")
        assert "rl-w-prompt" in focused(page)["classes"]
    node = answer.element_handle()
    if answer.evaluate("n => n.tagName") == "INPUT":
        answer.press_sequentially("7")
    answer.press("Enter")
    assert is_focused(page, node)  # the focus stays on the answer
    assert answer.get_attribute("aria-pressed") in ("true", None)
    assert page.evaluate("(n) => n.isConnected && n.textContent.length > 0", feedback)
    stored = json.loads(page.evaluate("localStorage.getItem('rummy-learn:progress')"))
    assert stored[here] == {"answered": 1, "right": stored[here]["right"], "total": total}
    page.reload()
    wait_for_widgets(page, built, name)
    last = page.locator(".rl-w-quiz .rl-w-last-time").first
    assert last.text_content().startswith(text("quiz.last_time", "de").split("{")[0]), name
    assert page.locator(".rl-w-quiz .rl-w-progress").first.is_visible()
