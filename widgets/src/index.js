// rummy-learn's widgets: one module, one view per kind of widget.
import { renderGame } from "./game.js";
import { renderHand } from "./hand.js";
import { renderMeldBuilder } from "./meldbuilder.js";
import { renderQuiz } from "./quiz.js";

const VIEWS = { hand: renderHand, meld_builder: renderMeldBuilder, game: renderGame, table: renderGame, quiz: renderQuiz };

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
  return view({ model, el });
}

export default { render };
