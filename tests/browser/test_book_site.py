"""The built book in a real browser, served on 127.0.0.1 with every other address blocked.

Every page of every language loads without a console error, its widgets render from the
site's own scripts, a static MeldBuilder on a lesson page checks a selection with the
core's verdict, and axe-core finds no serious or critical accessibility violation.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from servers import static_server

pytestmark = pytest.mark.browser

LANGUAGES = ("ru", "bg", "de")


@pytest.fixture(scope="module")
def book_url(built_book: Path) -> Iterator[str]:
    with static_server(built_book) as url:
        yield url


def site_pages(built_book: Path) -> list[str]:
    return sorted(
        f"{lang}/{p.relative_to(built_book / lang).as_posix()}"
        for lang in LANGUAGES
        for p in (built_book / lang).glob("*.html")
        if p.name not in ("genindex.html", "search.html")
    )


def open_page(page, url: str) -> tuple[list[str], list[str]]:
    """Open ``url``; gather console errors and requests that left the machine."""
    errors: list[str] = []
    outside: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on(
        "request",
        lambda r: (
            None if r.url.startswith(("http://127.0.0.1", "data:")) else outside.append(r.url)
        ),
    )
    page.goto(url)
    page.wait_for_load_state("networkidle")
    return errors, outside


def test_every_page_loads_offline_with_its_widgets_and_no_errors(page, book_url, built_book):
    pages = site_pages(built_book)
    assert len(pages) >= 3 * 11
    for name in pages:
        html = (built_book / name).read_text(encoding="utf-8")
        widgets = html.count('type="application/vnd.jupyter.widget-view+json"')
        errors, outside = open_page(page, f"{book_url}/{name}")
        if widgets:
            page.locator(".rl-w").nth(widgets - 1).wait_for(timeout=30_000)
            assert page.locator(".rl-w").count() == widgets, name
            assert page.locator(".rl-w-card").count() > 0, name
        assert errors == [], (name, errors)
        assert outside == [], (name, outside)


def test_the_static_meld_builder_checks_a_selection_with_the_cores_verdict(page, book_url):
    from rummy_learn import check_meld, parse_cards, preset
    from rummy_learn.i18n.describe import verdict_lines

    open_page(page, f"{book_url}/ru/03-sets.html")
    builder = page.locator(".rl-w-meld_builder").first
    builder.wait_for(timeout=30_000)
    for name in ("туз треф", "туз червей", "туз пик"):
        builder.locator(f'.rl-w-hand [aria-label="{name}"]').first.click()
    verdict = verdict_lines(check_meld(parse_cards("A♣ A♥ A♠"), preset("palace")), "ru")[0]
    status = builder.locator(".rl-w-slot [role=status]").first
    status.filter(has_text=verdict).wait_for(timeout=5_000)
    assert "33 очка" in verdict
