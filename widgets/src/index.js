// rummy-learn's widgets: one module, one view per kind of widget. The same views talk to a
// kernel (anywidget's model) or, in a page with no kernel, to the widget's Python running in
// the reader's browser (pyodide.js), through a model with the same interface.
import { fill, liveRegion, setText } from "./dom.js";
import { renderGame } from "./game.js";
import { renderHand } from "./hand.js";
import { renderMeldBuilder } from "./meldbuilder.js";
import { pythonConfig, pythonModel } from "./pyodide.js";
import { renderQuiz } from "./quiz.js";
import { renderReplay } from "./replay.js";

const VIEWS = { hand: renderHand, meld_builder: renderMeldBuilder, game: renderGame, table: renderGame, quiz: renderQuiz, replay: renderReplay };
// the widgets whose moves need Python (a hand only selects and sorts, in the page; a replay
// has every frame in the page)
const NEEDS_PYTHON = new Set(["meld_builder", "game", "table", "quiz"]);

/** The status line of a widget whose Python runs in the page: loading, or why it cannot. */
export function pythonStatus(texts, kind, percent) {
  if (kind === "loading") return fill(texts.python_loading, { percent: percent || 0 });
  if (kind === "no_wasm") return texts.python_no_wasm;
  if (kind === "from_disk") return texts.python_from_disk;
  if (kind === "failed") return texts.python_failed;
  return "";
}

function render({ model, el }) {
  el.classList.add("rl-w", "rl-w-" + model.get("kind"));
  if (model.get("four_colour")) el.classList.add("rl-w-four");
  // a widget may speak another language than the page: screen readers switch voice here
  el.lang = model.get("lang") || "en";
  // a named group, and the place the focus goes when what had it is gone
  el.setAttribute("role", "group");
  const texts = model.get("texts") || {};
  if (texts.widget_name) el.setAttribute("aria-label", texts.widget_name);
  el.tabIndex = -1;
  el.style.setProperty("--rl-w-scale", String(model.get("scale") || 1));
  const view = VIEWS[model.get("kind")];
  if (!view) {
    el.textContent = "?";
    return undefined;
  }
  if (!pythonConfig() || !NEEDS_PYTHON.has(model.get("kind")) || !model.get("setup")) {
    return view({ model, el }); // a kernel answers (or, for a hand, nothing needs to)
  }
  const status = liveRegion("rl-w-python");
  const onStatus = (kind, percent) => {
    setText(status, pythonStatus(texts, kind, percent));
    status.classList.toggle("rl-w-error", ["no_wasm", "from_disk", "failed"].includes(kind));
  };
  const cleanup = view({ model: pythonModel(model, { onStatus }), el });
  el.appendChild(status);
  return cleanup;
}

export default { render };
