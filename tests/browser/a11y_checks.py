"""What the accessibility browser tests share: axe's serious findings, the contrast of the
kit's colours, reflow, and where the keyboard's focus is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

CONTRAST_JS = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")
FOCUSED_JS = (Path(__file__).parent / "focused.js").read_text(encoding="utf-8")

KIT = (
    ".rl-w, .rl-verdict, .rl-meld-verdict, .rl-example, .rl-languages, .rl-hand-verdict,"
    " .rl-opening, .rl-cards, .rl-inline-cards"
)
"""Everything the kit draws in a page: widgets, verdicts, examples, cards, the switcher."""


def serious_axe_findings(page: Any, within: str | None = None) -> list[tuple[str, list[Any]]]:
    """axe-core's serious and critical findings on the page (or ``within`` the elements a
    selector finds), with a few of their nodes."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context={"include": [[within]]} if within else None)
    return [
        (v["id"], [n["target"] for n in v["nodes"]][:3])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def contrast(page: Any) -> dict[str, Any]:
    """The contrast of every text and card ink the kit draws: {roots, checked, failures}."""
    result: dict[str, Any] = page.evaluate(CONTRAST_JS, KIT)
    return result


def sideways_scroll(page: Any) -> int:
    """How far the page scrolls sideways (0 when it reflows)."""
    return int(
        page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    )


def focused(page: Any) -> dict[str, Any]:
    """What has the keyboard's focus: its name, text, classes and the widget it is in."""
    return dict(page.evaluate(FOCUSED_JS))


def is_focused(page: Any, handle: Any) -> bool:
    """Whether this very node (not one like it) has the focus."""
    return bool(page.evaluate("(n) => n.isConnected && document.activeElement === n", handle))


def tab_to(page: Any, wanted: str, *, back: bool = False, limit: int = 120) -> dict[str, Any]:
    """Press Tab (or Shift+Tab) until the focus is on an element named (or reading) ``wanted``."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        now = focused(page)
        if wanted in (now["label"], now["text"]):
            return now
    raise AssertionError(f"Tab never reached {wanted!r}; the focus is on {focused(page)}")
