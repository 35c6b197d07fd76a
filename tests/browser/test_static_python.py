"""Every widget plays in a page with no kernel: the kit's Python runs in the reader's browser.

Chromium against pages served on 127.0.0.1, every other address blocked: a page made by
``rummy-learn export lessons/widgets.ipynb``, a lesson of the built book, and the same page
in a Chromium without WebAssembly. What the widgets say is compared with what the rules
core says, in the widget's language.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from servers import CHROMIUM, FLAGS, is_local, static_server

from rummy_learn import check_meld, parse_cards, preset
from rummy_learn.i18n import text
from rummy_learn.i18n.describe import verdict_lines

pytestmark = pytest.mark.browser

ROOT = Path(__file__).parent.parent.parent
# V8 without its compilers has no WebAssembly (Chromium 156 ignores --noexpose_wasm here)
NO_WASM = "--js-flags=--jitless"


@pytest.fixture(scope="module")
def exported_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``lessons/widgets.ipynb`` exported as ``rummy-learn export`` does."""
    from rummy_learn.widgets.export import export_html

    folder = tmp_path_factory.mktemp("exported")
    export_html(ROOT / "lessons" / "widgets.ipynb", folder)
    return folder


@pytest.fixture(scope="module")
def exported(exported_folder: Path) -> Iterator[str]:
    """The exported page, served on 127.0.0.1."""
    with static_server(exported_folder) as url:
        yield f"{url}/widgets.html"


def watch(page) -> tuple[list[str], list[str]]:
    """Console errors and requests that left the machine."""
    errors: list[str] = []
    outside: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error"
            and not m.location.get("url", "").endswith("/favicon.ico") else None)  # fmt: skip
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: None if is_local(r.url) else outside.append(r.url))
    return errors, outside


def play_a_turn(game, lang: str) -> None:
    """Draw, then discard a card; the bots answer, and it is the learner's turn again."""
    game.locator(".rl-w-card").first.wait_for(timeout=30_000)
    before = game.locator(".rl-w-log > div").count()
    game.get_by_role("button", name=text("ui.draw", lang), exact=True).click()
    hand = game.locator(".rl-w-hand [data-card]")
    drawn = text("game.log.you.draw", lang, cards="\0").split("\0")[0].strip()  # "You drew"
    game.locator(".rl-w-log").filter(has_text=drawn).wait_for(timeout=60_000)  # Python loaded
    cards = hand.count()
    hand.last.click()
    game.get_by_role("button", name=text("ui.discard", lang), exact=True).click()
    bot = text("game.bot", lang, number=1)
    game.locator(".rl-w-log > div").filter(has_text=bot).last.wait_for(timeout=30_000)
    game.locator(".rl-w-players [aria-current=true]").filter(
        has_text=text("game.you", lang)
    ).wait_for(timeout=30_000)
    assert hand.count() == cards - 1 or game.locator(".rl-w-result").text_content()
    assert game.locator(".rl-w-log > div").count() > before
    assert game.locator(".rl-w-error").text_content() == ""


def test_the_exported_game_plays_a_turn_against_the_bots(page, exported):
    errors, outside = watch(page)
    page.goto(exported)
    game = page.locator(".rl-w-game").first
    play_a_turn(game, "en")
    assert game.locator(".rl-w-python").text_content() == ""  # loaded: the line is gone
    assert not errors and not outside, (errors, outside)


def test_the_exported_game_takes_the_learners_move_back(page, exported):
    """Undo, answered by the browser's Python: the discard and the bots' moves after it are
    taken back, and the page says so in the learner's language."""
    errors, outside = watch(page)
    page.goto(exported)
    game = page.locator(".rl-w-game").first
    play_a_turn(game, "en")
    hand = game.locator(".rl-w-hand [data-card]")
    cards = hand.count()
    game.get_by_role("button", name=text("ui.undo", "en"), exact=True).click()
    game.locator(".rl-w-error").filter(has_text=text("game.undone", "en")).wait_for(timeout=30_000)
    assert hand.count() == cards + 1  # the discarded card is back in the hand
    assert not errors and not outside, (errors, outside)


def test_the_exported_meld_builder_checks_fourteen_cards_and_a_pinned_joker(page, exported):
    errors, outside = watch(page)
    page.goto(exported)
    builder = page.locator(".rl-w-meld_builder").nth(4)
    builder.wait_for(timeout=30_000)
    assert builder.locator(".rl-w-hand [data-card]").count() == 14  # no table: Python answers
    for name in ("seven of spades", "eight of spades", "joker"):
        builder.locator(f'.rl-w-hand [aria-label="{name}"]').click()
    rules = preset("romme")
    laid = check_meld(parse_cards("7♠ 8♠ Jkr"), rules)  # as picked: the joker is 9♠
    status = builder.locator(".rl-w-slot [role=status]").first
    status.filter(has_text=verdict_lines(laid, "en")[0]).wait_for(timeout=60_000)
    assert laid.points == 24
    pick = builder.locator("select.rl-w-pin")
    pick.select_option("6s")  # the joker pinned to 6♠: 21 points
    pinned = check_meld(parse_cards("7♠ 8♠ Jkr"), rules, pins={2: parse_cards("6♠")[0]})
    status.filter(has_text=verdict_lines(pinned, "en")[0]).wait_for(timeout=10_000)
    assert pinned.points == 21
    opening = builder.locator(".rl-w-opening")
    assert "21 points" in opening.text_content() and "40 points" in opening.text_content()
    assert not errors and not outside, (errors, outside)


def test_the_exported_table_and_quiz_answer_from_python(page, exported):
    errors, _ = watch(page)
    page.goto(exported)
    table = page.locator(".rl-w-table").first
    table.locator(".rl-w-card").first.wait_for(timeout=30_000)
    table.get_by_role("button", name="Hint").click()
    table.locator(".rl-w-hint").filter(has_text="Lay off").wait_for(timeout=60_000)
    table.locator('.rl-w-hand [aria-label="ten of spades"]').click()
    table.locator(".rl-w-meld").first.get_by_role("button", name="Lay off at the end").click()
    table.locator(".rl-w-meld").first.locator('[aria-label="ten of spades"]').wait_for(
        timeout=10_000
    )
    quiz = page.locator(".rl-w-quiz").first
    while "Lay down" not in quiz.locator(".rl-w-prompt").text_content():
        quiz.get_by_role("button", name="Next exercise").click()
    quiz.locator(".rl-w-hand [data-card]").first.click()  # an opening: only Python can judge it
    quiz.get_by_role("button", name="Check").click()
    quiz.locator(".rl-w-feedback").filter(has_text="✗ Not quite.").wait_for(timeout=10_000)
    assert "Opening:" in quiz.locator(".rl-w-feedback").text_content()
    assert not errors, errors


def test_the_books_final_lesson_plays_a_turn_offline(page, built_book):
    with static_server(built_book) as url:
        errors, outside = watch(page)
        page.goto(f"{url}/de/10-round.html")
        game = page.locator(".rl-w-game").first
        started = time.monotonic()
        play_a_turn(game, "de")
        assert time.monotonic() - started < 120
        assert not errors and not outside, (errors, outside)


def test_a_lesson_meld_builder_gets_pythons_opening_for_two_melds(page, built_book):
    with static_server(built_book) as url:
        page.goto(f"{url}/ru/03-sets.html")
        builder = page.locator(".rl-w-meld_builder").first
        builder.wait_for(timeout=30_000)
        for name in ("туз треф", "туз червей", "туз пик"):
            builder.locator(f'.rl-w-hand [aria-label="{name}"]').first.click()
        builder.get_by_role("button", name=text("ui.new_meld", "ru")).click()
        builder.locator(".rl-w-hand [data-card]").first.click()
        opening = builder.locator(".rl-w-opening")
        opening.filter(has_text="33").wait_for(timeout=60_000)  # added up by Python, not the page
        assert text("opening.invalid_meld", "ru", number=2) in opening.text_content()


def test_without_webassembly_the_widget_says_so_and_the_table_still_answers(browser, exported):
    """The same Playwright, another Chromium: one whose V8 has no WebAssembly. The Game needs
    Python and says so; the meld builder answers from its table and says nothing of it."""
    without = browser.browser_type.launch(executable_path=CHROMIUM, args=[*FLAGS, NO_WASM])
    try:
        page = without.new_page()
        page.route("**/*", lambda r: r.continue_() if is_local(r.request.url) else r.abort())
        page.goto(exported)
        assert page.evaluate("typeof WebAssembly") == "undefined"
        game = page.locator(".rl-w-game").first
        game.locator(".rl-w-card").first.wait_for(timeout=30_000)
        clicked = time.monotonic()
        game.get_by_role("button", name="Hint").click()
        status = game.locator(".rl-w-python")
        status.filter(has_text=text("ui.python_no_wasm", "en")).wait_for(timeout=1_000)
        assert time.monotonic() - clicked < 1.5  # within a second of the click (and the check)
        builder = page.locator(".rl-w-meld_builder").first  # 11 cards: the table answers
        for name in ("nine of clubs", "nine of diamonds", "nine of hearts"):
            builder.locator(f'.rl-w-hand [aria-label="{name}"]').click()
        verdict = verdict_lines(check_meld(parse_cards("9♣ 9♦ 9♥"), preset("rami51")), "en")
        builder.locator(".rl-w-slot [role=status]").first.filter(has_text=verdict[0]).wait_for(
            timeout=5_000
        )
        page.wait_for_timeout(500)  # the table answered: nothing to say of a missing Python
        assert builder.locator(".rl-w-python").inner_text().strip() == ""
    finally:
        without.close()


def test_a_page_opened_from_the_disk_says_how_to_serve_it(page, exported_folder):
    """file://: the browser lets the page fetch nothing beside it, so Python cannot load."""
    page.goto((exported_folder / "widgets.html").as_uri())
    table = page.locator(".rl-w-table").first
    table.locator(".rl-w-card").first.wait_for(timeout=30_000)
    table.get_by_role("button", name="Hint").click()
    table.locator(".rl-w-python").filter(has_text="python3 -m http.server").wait_for(timeout=1_000)


def test_a_page_opened_from_the_disk_says_why_two_melds_get_no_total(page, exported_folder):
    """Each meld's verdict comes from the table; the opening of two melds only Python adds up.
    From the disk the builder showed "…" for ever, without a word (review ru 13): it says why."""
    page.goto((exported_folder / "widgets.html").as_uri())
    builder = page.locator(".rl-w-meld_builder").first  # 11 cards: the table answers
    for name in ("nine of clubs", "nine of diamonds", "nine of hearts"):
        builder.locator(f'.rl-w-hand [aria-label="{name}"]').click()
    builder.locator(".rl-w-slot [role=status]").first.filter(has_text="Valid").wait_for(
        timeout=5_000
    )
    page.wait_for_timeout(500)
    assert builder.locator(".rl-w-python").inner_text().strip() == ""  # one meld: all answered
    builder.get_by_role("button", name=text("ui.new_meld", "en")).click()
    builder.locator(".rl-w-hand [data-card]").first.click()
    status = builder.locator(".rl-w-python")
    status.filter(has_text="python3 -m http.server").wait_for(timeout=5_000)


def test_a_page_opened_from_the_disk_answers_a_quiz_without_a_word_about_python(
    page, exported_folder
):
    """A teacher's USB stick: what was computed in advance answers, and the learner is not
    told about Python and web servers for it (two teachers found that red line alarming)."""
    page.goto((exported_folder / "widgets.html").as_uri())
    quiz = page.locator(".rl-w-quiz").first
    quiz.locator(".rl-w-answer").first.wait_for(timeout=30_000)
    quiz.locator(".rl-w-answer").first.click()
    quiz.locator(".rl-w-feedback").filter(has_text=re.compile(r"\S")).wait_for(timeout=10_000)
    page.wait_for_timeout(1_000)  # Python's start was tried, and refused, meanwhile
    assert quiz.locator(".rl-w-python").inner_text().strip() == ""


def test_the_next_page_starts_python_from_the_browsers_snapshot(page, exported):
    """The first start keeps a snapshot of Python (the kit imported) in the browser; the next
    page starts from it, and its widgets answer as before."""
    kept = "performance.getEntriesByName('rummy-python:kept').length"
    page.goto(exported)
    table = page.locator(".rl-w-table").first
    table.locator(".rl-w-card").first.wait_for(timeout=30_000)
    table.get_by_role("button", name="Hint").click()
    page.wait_for_function(f"{kept} > 0", timeout=90_000)
    page.reload()
    game = page.locator(".rl-w-game").first
    play_a_turn(game, "en")
    started = "performance.getEntriesByName('rummy-python:from-snapshot').length"
    assert page.evaluate(started) == 1  # this page started from the kept snapshot
    assert page.evaluate(kept) == 0  # and made none


def test_the_page_answers_while_python_starts(page, exported):
    """Python starts in a Web Worker: while it starts (seconds of work), the page's own thread
    stays free, so a precomputed verdict shows at once. Python on the page's thread froze the
    page for most of the load (12 s on a busy machine); the test compares the longest pause
    between the page's answers with the whole load, so a slow machine does not fail it."""
    page.goto(exported)
    builder = page.locator(".rl-w-meld_builder").first
    builder.locator(".rl-w-hand [data-card]").first.wait_for(timeout=30_000)
    page.evaluate("() => performance.clearMarks()")
    builder.locator(".rl-w-hand [data-card]").first.click()  # Python starts loading
    loaded = "() => performance.getEntriesByName('rummy-python:kit').length > 0"
    began = time.monotonic()
    answers = [began]
    while not page.evaluate(loaded):  # each evaluate needs the page's thread
        answers.append(time.monotonic())
        assert answers[-1] - began < 120, "Python did not load"
        time.sleep(0.05)
    answers.append(time.monotonic())
    load = answers[-1] - began
    longest = max(b - a for a, b in itertools.pairwise(answers))
    assert load > 0.5 and longest < load / 2, (longest, load)
