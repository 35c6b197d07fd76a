"""The course in a real browser: no answer shows before the learner tries, a quiz's progress
survives a reload and marks the lesson on the index, and every teacher's handout prints on one A4
page with no navigation."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from servers import static_server

pytestmark = pytest.mark.browser

LANGUAGES = ("ru", "bg", "de")
COURSE = ["01-game", "02-cards", "03-sets", "04-runs", "05-jokers", "06-turn", "07-opening",
          "08-scoring", "09-variants", "10-round"]  # fmt: skip


@pytest.fixture(scope="module")
def course_url(built_book: Path) -> Iterator[str]:
    with static_server(built_book) as url:
        yield url


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_answer_shows_before_the_learner_tries(page, course_url: str, lang: str) -> None:
    for lesson in COURSE:
        page.goto(f"{course_url}/{lang}/{lesson}.html")
        page.wait_for_load_state("networkidle")
        folded = page.locator("details.dropdown, div.dropdown")
        for n in range(folded.count()):  # worked solutions are folded away
            body = folded.nth(n).locator(".admonition-body, .dropdown-content, p").last
            assert not body.is_visible(), (lesson, folded.nth(n).inner_text()[:80])
        quiz = page.locator(".rl-w-quiz").first
        quiz.locator(".rl-w-prompt").wait_for(timeout=30_000)
        assert quiz.locator(".rl-w-feedback").inner_text().strip() == "", lesson


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_handout_prints_on_one_page_without_navigation(
    page, built_book: Path, course_url: str, lang: str
) -> None:
    handouts = sorted((built_book / lang / "teacher" / "handouts").glob("*.html"))
    assert len(handouts) >= len(COURSE)
    pages = {}
    for handout in handouts:
        page.goto(f"{course_url}/{lang}/teacher/handouts/{handout.name}")
        page.wait_for_load_state("networkidle")
        page.emulate_media(media="print")
        for chrome in (".bd-sidebar-primary", ".bd-header", ".rl-languages", ".prev-next-area"):
            shown = page.locator(chrome)
            assert all(not shown.nth(n).is_visible() for n in range(shown.count())), chrome
        assert page.locator("main h1").first.is_visible()
        pdf = page.pdf(format="A4", print_background=True)
        pages[handout.name] = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    assert {name: n for name, n in pages.items() if n != 1} == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_quiz_progress_survives_a_reload_and_marks_the_lesson(
    page, course_url: str, lang: str
) -> None:
    page.goto(f"{course_url}/{lang}/03-sets.html")
    quiz = page.locator(".rl-w-quiz").first
    quiz.locator(".rl-w-prompt").wait_for(timeout=30_000)
    assert quiz.locator(".rl-w-progress").is_hidden()  # nothing answered on a first visit
    quiz.locator(".rl-w-answer").first.click()
    quiz.locator(".rl-w-feedback").filter(has_text=re.compile(r"\S")).wait_for(timeout=10_000)

    page.reload()
    quiz = page.locator(".rl-w-quiz").first
    quiz.locator(".rl-w-prompt").wait_for(timeout=30_000)
    assert quiz.locator(".rl-w-progress").is_visible()  # the last time's result is shown

    page.goto(f"{course_url}/{lang}/index.html")
    badge = page.locator('a[href*="03-sets"] .rl-progress').first
    badge.wait_for(timeout=10_000)
    assert re.fullmatch(r"1/\d+", badge.inner_text().strip())
    assert page.locator('a[href*="04-runs"] .rl-progress').count() == 0  # untouched lesson
