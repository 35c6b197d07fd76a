"""Screenshots of the Game's card table, compared with the images stored in the repository.

The notebook ``notebooks/table.ipynb`` (a fixed seed, the learner has drawn: 14 cards) is
exported in JupyterLab's light and dark themes and shown at 1280 × 720 (a projector) and
360 × 740 (a phone, where the hand fans out). Each screenshot of the widget is compared with
``screenshots/game-<theme>-<width>x<height>.png`` pixel by pixel, in the browser (a canvas):
a few pixels may differ (anti-aliasing), no more. The page uses the system's fonts only, and
nothing moves when it is taken (reduced motion; the moves made before the page was shown
are not played again).

To refresh the stored images after a change of the table's look (and look at them before
committing): ``./dev screenshots`` (which sets ``RUMMY_UPDATE_SCREENSHOTS=1``).
"""

from __future__ import annotations

import base64
import itertools
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from servers import static_server

pytestmark = pytest.mark.browser

HERE = Path(__file__).parent
STORED = HERE / "screenshots"
UPDATE = os.environ.get("RUMMY_UPDATE_SCREENSHOTS") == "1"
SIZES = [(1280, 720), (360, 740)]
TOLERANCE = 0.002  # the share of pixels that may differ (text anti-aliasing), no more
CHANNEL = 16  # a pixel differs when a colour channel differs by more than this

COMPARE_JS = """async ([stored, taken, channel]) => {
  const load = (b64) => new Promise((ok, fail) => {
    const image = new Image(); image.onload = () => ok(image); image.onerror = fail;
    image.src = 'data:image/png;base64,' + b64; });
  const [a, b] = await Promise.all([load(stored), load(taken)]);
  if (a.width !== b.width || a.height !== b.height)
    return { size: [a.width, a.height, b.width, b.height], differing: -1, pixels: 0 };
  const pixels = (image) => { const c = document.createElement('canvas');
    c.width = image.width; c.height = image.height; const g = c.getContext('2d');
    g.drawImage(image, 0, 0); return g.getImageData(0, 0, c.width, c.height).data; };
  const p = pixels(a), q = pixels(b);
  let differing = 0;
  for (let i = 0; i < p.length; i += 4) {
    if (Math.abs(p[i] - q[i]) > channel || Math.abs(p[i + 1] - q[i + 1]) > channel
        || Math.abs(p[i + 2] - q[i + 2]) > channel) differing += 1;
  }
  return { size: null, differing, pixels: p.length / 4 };
}"""


@pytest.fixture(scope="module")
def themed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The notebook exported in each theme, served on 127.0.0.1: {theme: page's address}."""
    from rummy_learn.widgets.export import export_html

    folder = tmp_path_factory.mktemp("themes")
    for theme in ("light", "dark"):
        export_html(HERE / "notebooks" / "table.ipynb", folder / theme, theme=theme)
    with static_server(folder) as url:
        yield {theme: f"{url}/{theme}/table.html" for theme in ("light", "dark")}


def shown(browser: object, url: str, width: int, height: int) -> tuple[object, object]:
    """A page at this size, nothing moving, its Game drawn and its fonts loaded."""
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": width, "height": height}, reduced_motion="reduce", device_scale_factor=1
    )
    page = context.new_page()
    page.goto(url)
    page.locator(".rl-w-game .rl-w-hand [data-card]").first.wait_for(timeout=30_000)
    page.evaluate("document.fonts.ready.then(() => true)")
    return context, page


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_game_looks_as_stored(browser, themed, theme, width, height):
    context, page = shown(browser, themed[theme], width, height)
    try:
        game = page.locator(".rl-w-game")
        taken = game.screenshot(animations="disabled", caret="hide")
        stored = STORED / f"game-{theme}-{width}x{height}.png"
        if UPDATE or not stored.exists():
            STORED.mkdir(exist_ok=True)
            stored.write_bytes(taken)
            if not UPDATE:
                pytest.fail(f"{stored.name} was missing: written now; look at it, then commit it")
            return
        found = page.evaluate(
            COMPARE_JS,
            [base64.b64encode(stored.read_bytes()).decode(), base64.b64encode(taken).decode(),
             CHANNEL],
        )  # fmt: skip
        if found["size"] or found["differing"] > TOLERANCE * found["pixels"]:
            (STORED / f"game-{theme}-{width}x{height}.new.png").write_bytes(taken)  # to look at
        assert not found["size"], f"the size changed: stored, taken: {found['size']}"
        assert found["differing"] <= TOLERANCE * found["pixels"], found
    finally:
        context.close()


def test_a_projector_shows_the_whole_hand_in_one_row_and_a_phone_fans_it(browser, themed):
    context, page = shown(browser, themed["light"], 1280, 720)
    try:
        hand = page.locator(".rl-w-game .rl-w-hand")
        tops = hand.locator("[data-card]").evaluate_all(
            "ns => ns.map(n => Math.round(n.getBoundingClientRect().top))"
        )
        assert len(tops) == 14 and len(set(tops)) == 1, tops  # one row
        assert hand.evaluate("n => n.scrollWidth <= n.clientWidth")  # all of it seen
        box = page.locator(".rl-w-game").bounding_box()
        assert box and box["height"] <= 720 and box["width"] <= 1280, box
    finally:
        context.close()
    context, page = shown(browser, themed["dark"], 360, 740)
    try:
        hand = page.locator(".rl-w-game .rl-w-hand")
        boxes = hand.locator("[data-card]").evaluate_all(
            "ns => ns.map(n => n.getBoundingClientRect()).map(r => [r.left, r.right, r.top])"
        )
        inside = hand.evaluate("n => n.getBoundingClientRect().right")
        steps = [b[0] - a[0] for a, b in itertools.pairwise(boxes)]
        width = boxes[0][1] - boxes[0][0]
        assert len({round(b[2]) for b in boxes}) == 1  # one row, fanned:
        assert max(steps) < width and min(steps) >= 16, (steps, width)  # overlapping, index seen
        assert boxes[-1][1] <= inside + 0.5  # the last card whole, inside the hand
        game = page.locator(".rl-w-game")
        assert game.evaluate("n => n.scrollWidth <= n.clientWidth + 1")  # nothing sticks out
    finally:
        context.close()
