"""Static mode: an exported page with no kernel and no network checks selections at once
(the precomputed table), and its moves are answered by Python in the browser."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_static_page_checks_selections_offline(page, static_site):
    errors, blocked = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("requestfailed", lambda r: blocked.append(r.url))
    page.goto(f"{static_site}/static.html")
    widget = page.locator(".rl-w-meld_builder").first
    widget.wait_for(timeout=30_000)
    for name in ("king of hearts", "king of spades", "king of diamonds"):
        widget.locator(f'.rl-w-hand [aria-label="{name}"]').click()
    widget.locator(".rl-w-slot [role=status]").first.filter(
        has_text="Valid set: 30 points"
    ).wait_for(timeout=5_000)
    assert "30 points, but 40 points are needed" in widget.locator(".rl-w-opening").text_content()
    russian = page.locator(".rl-w-meld_builder").nth(1)
    for name in ("король червей", "туз червей", "двойка червей"):
        russian.locator(f'.rl-w-hand [aria-label="{name}"]').click()
    status = russian.locator(".rl-w-slot [role=status]").first
    status.filter(has_text="Секвенция составлена неверно").wait_for(timeout=5_000)
    assert "по кругу" in status.text_content()
    quiz = page.locator(".rl-w-quiz").first
    quiz.get_by_role("button", name="Ja, gültig").click()
    quiz.locator(".rl-w-feedback").filter(has_text="✓").wait_for(timeout=5_000)
    quiz.get_by_role("button", name="Nächste Aufgabe").click()
    quiz.get_by_role("textbox", name="Deine Antwort").fill("58")
    quiz.get_by_role("button", name="Prüfen").click()
    quiz.locator(".rl-w-score").filter(has_text="2").wait_for(timeout=5_000)
    table = page.locator(".rl-w-table").first  # moves: Python, loaded in the page on first use
    table.get_by_role("button", name="Hint").click()
    table.locator(".rl-w-hint").filter(has_text="Lay off 10♠").wait_for(timeout=60_000)
    assert not [url for url in blocked if url.startswith("http://127.0.0.1")], blocked
    assert not errors, errors
