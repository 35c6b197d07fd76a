// Quiz: exercises the core checks. Python checks each answer: a kernel, or in a page with no
// kernel the same Python in the reader's browser. While Python loads there, an exercise with
// few answers (yes or no, a choice, a number) shows the feedback Python made for each answer
// beforehand (exercise.said); the view looks it up and decides nothing.
//
// Nothing of an answer shows before the learner has answered the exercise in this view. An
// empty or unreadable number is not an answer: the quiz says what is missing and counts
// nothing. "Next" puts the focus on the new exercise's prompt; every other action keeps it on
// its control. The progress is kept in the browser (progress.js) and shown on the next visit.
import { cardElement, ensureTabStop, roving, updateCard } from "./cards.js";
import { attr, button, el, fill, liveRegion, sendAnswered, setLines, setText, syncChildren, uniqueId } from "./dom.js";
import { keepFocus, moveFocus } from "./focus.js";
import { countResults, loadResults, progressKeys, saveResults } from "./progress.js";

/** Python's feedback to an answer, made beforehand (exercise.said), or null where there is
 * none (an opening: Python answers it). A penalty's other numbers share one entry, "*". */
export function saidBeforehand(exercise, value) {
  const said = exercise.said || {};
  const key = String(value);
  if (key in said) return said[key];
  return exercise.kind === "penalty" && "*" in said ? said["*"] : null;
}

/** A penalty answer as a number of points, or null when it is not one (empty, a fraction, negative). */
export function pointsAnswer(raw) {
  const text = String(raw ?? "").trim();
  if (!/^\d{1,6}$/.test(text)) return null;
  return Number.parseInt(text, 10);
}

export function renderQuiz({ model, el: root }) {
  const texts = model.get("texts");
  const exercises = () => model.get("exercises");
  const optional = () => exercises().map((e) => e.optional === true); // not in the lesson's ✓
  const keys = progressKeys(exercises());
  const stored = loadResults(keys, exercises().length);
  const state = {
    selected: new Set(),
    pending: [],
    local: null, // this view's answer to the current exercise: {value, right, lines}; right and
    // lines are Python's (made beforehand, or its answer), null until they are here
    hint: false,
    invalid: false,
    results: stored || exercises().map(() => null),
    lastTime: stored && countResults(stored).answered ? countResults(stored) : null,
  };
  saveResults(keys, state.results, optional()); // the page's sums know this quiz from the start

  // --- the parts, made once -----------------------------------------------------------------
  const variant = el("div", "rl-w-variant");
  const prompt = el("div", "rl-w-prompt");
  prompt.id = uniqueId("rl-w-prompt");
  prompt.tabIndex = -1;
  prompt.dataset.rlHeading = "";
  const row = el("div", "rl-w-row rl-w-hand");
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", texts.hand);
  const pending = liveRegion("rl-w-pending-list");
  const answers = el("div", "rl-w-answers");
  answers.setAttribute("role", "group");
  answers.setAttribute("aria-labelledby", prompt.id);
  const tools = el("div", "rl-w-toolbar");
  const hintButton = button(texts.hint, () => {
    state.hint = true;
    sendAnswered(model, { type: "hint" }); // the exercise carries its hint
    draw();
  });
  const next = button(texts.next, () => {
    const target = (model.get("current") + 1) % exercises().length; // Python answers the same
    sendAnswered(model, { type: "next" });
    goTo(target);
  });
  tools.append(hintButton, next);
  const feedback = liveRegion("rl-w-feedback");
  feedback.id = uniqueId("rl-w-feedback");
  const hint = liveRegion("rl-w-hint");
  const score = el("div", "rl-w-score");
  const progress = el("div", "rl-w-progress");
  const lastTime = el("span", "rl-w-last-time");
  const again = button(texts.start_again, () => {
    state.results = exercises().map(() => null);
    state.lastTime = null;
    saveResults(keys, state.results, optional());
    sendAnswered(model, { type: "restart" });
    goTo(0);
  });
  progress.append(lastTime, " ", again);
  root.append(variant, prompt, row, pending, answers, tools, feedback, hint, score, progress);
  answers.rlFallback = () => next;

  function exercise() {
    return exercises()[model.get("current")];
  }
  /** A new exercise: nothing of the last one stays, and the focus goes to its prompt. */
  function fresh() {
    Object.assign(state, { selected: new Set(), pending: [], local: null, hint: false, invalid: false, heard: null });
    answers.rlFor = undefined; // its own controls, even when it is the same exercise again
    const inside = root.contains(document.activeElement);
    draw();
    if (inside) moveFocus(prompt); // never take the focus from elsewhere in the page
  }
  function goTo(index) {
    const before = model.get("current");
    model.set("current", index); // a change is drawn by the handler below
    if (model.get("current") === before) fresh();
  }
  /** Python's verdict on the current exercise: the first answer counts in the browser's record. */
  function record(right) {
    const current = model.get("current");
    if (state.results[current] !== null) return false;
    state.results = state.results.map((r, i) => (i === current ? right : r));
    saveResults(keys, state.results, optional());
    return true;
  }
  function submit(value) {
    const said = saidBeforehand(exercise(), value);
    const first = said ? record(said.right) : state.results[model.get("current")] === null;
    const lines = said ? (first ? said.lines : [...said.lines, texts.already_answered]) : null;
    state.local = { value, right: said ? said.right : null, lines };
    state.invalid = false;
    state.heard = JSON.stringify(model.get("feedback")); // Python's words before this answer
    if (said) sendAnswered(model, { type: "answer", value }); // the feedback prepared for it
    else model.send({ type: "answer", value });
    draw();
  }
  function refuse(message) {
    state.local = { value: undefined, right: null, lines: [message] };
    state.invalid = true;
    draw();
  }
  function toggle(id) {
    if (state.selected.has(id)) state.selected.delete(id);
    else state.selected.add(id);
    draw();
  }
  function chosenMeld() {
    return exercise().cards.map((c) => c.id).filter((id) => state.selected.has(id));
  }

  // --- the answers of each kind -------------------------------------------------------------
  function answerButton(label, value) {
    const node = button(label, () => submit(value), "rl-w-answer");
    node.rlValue = value;
    node.setAttribute("aria-pressed", "false");
    return node;
  }
  function controls(ex) {
    if (ex.kind === "valid") return [answerButton(texts.yes_valid, true), answerButton(texts.no_invalid, false)];
    if (ex.kind === "choice") return ex.answers.map((words, index) => answerButton(words, index));
    if (ex.kind === "penalty") {
      const label = el("label", "rl-w-number-label", texts.your_answer + " ");
      const input = el("input", "rl-w-number");
      input.type = "text";
      input.inputMode = "numeric";
      input.autocomplete = "off";
      input.setAttribute("aria-describedby", feedback.id);
      label.appendChild(input);
      const check = () => {
        const points = pointsAnswer(input.value);
        if (points === null) {
          refuse(texts.enter_number);
          input.focus();
        } else submit(points);
      };
      input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); check(); } });
      label.rlInput = input;
      return [label, button(texts.check, check)];
    }
    const aside = button(texts.add_to_opening, () => {
      if (!state.selected.size) return;
      state.pending.push(chosenMeld());
      state.selected.clear();
      draw();
    });
    const check = button(texts.check, () => {
      const melds = state.selected.size ? [...state.pending, chosenMeld()] : [...state.pending];
      if (!melds.length) refuse(texts.empty_meld);
      else submit(melds.map((ids) => [...ids]));
    });
    return [aside, check];
  }

  // --- drawing, in place --------------------------------------------------------------------
  function draw() {
    keepFocus(root, () => {
      const ex = exercise();
      const current = model.get("current");
      setText(variant, ex.variant || "");
      variant.hidden = !ex.variant;
      setText(prompt, ex.prompt);
      const aside = new Set(state.pending.flat());
      const kind = ex.kind === "opening" ? "checkbox" : "image";
      syncChildren(row, ex.cards.filter((c) => !aside.has(c.id)), (c) => `${current}:${c.id}`, (c) => {
        const node = cardElement(c, { kind });
        if (kind === "checkbox") node.addEventListener("click", () => toggle(c.id));
        return node;
      }, (node, c) => updateCard(node, c, { kind, selected: state.selected.has(c.id) }));
      ensureTabStop(row);
      row.hidden = !ex.cards.length;
      const known = Object.fromEntries(ex.cards.map((c) => [c.id, c]));
      setLines(pending, state.pending.map((ids) => ids.map((id) => known[id].label).join(", ")));
      if (answers.rlFor !== current) {
        answers.replaceChildren(...controls(ex)); // a new exercise: its own controls
        answers.rlFor = current;
        answers.classList.toggle("rl-w-choices", ex.kind === "choice");
      }
      for (const node of answers.querySelectorAll(".rl-w-answer")) {
        attr(node, "aria-pressed", String(Boolean(state.local) && state.local.value === node.rlValue));
      }
      const input = answers.querySelector("input");
      if (input) attr(input, "aria-invalid", state.invalid ? "true" : null);
      hintButton.hidden = !ex.hint.length;
      const python = model.get("feedback");
      const answered = Boolean(python.length) && JSON.stringify(python) !== state.heard;
      // Python's words once they are here, else those it made beforehand, else "…" (on its way)
      let lines = [];
      if (state.local && state.invalid) lines = state.local.lines;
      else if (state.local && answered) {
        lines = [...python];
        const again = state.results[current] !== null && state.local.lines && state.local.lines.includes(texts.already_answered);
        if (again && !lines.includes(texts.already_answered)) lines.push(texts.already_answered); // answered on an earlier visit
      } else if (state.local) lines = state.local.lines || ["…"];
      const mark = state.local && state.local.right !== null && !state.invalid ? (state.local.right ? "✓ " : "✗ ") : "";
      if (mark && lines.length && lines[0] !== "…") lines = [mark + lines[0], ...lines.slice(1)];
      feedback.classList.toggle("rl-w-ok", Boolean(state.local) && state.local.right === true);
      feedback.classList.toggle("rl-w-bad", Boolean(state.local) && state.local.right === false);
      setLines(feedback, lines);
      setLines(hint, state.hint ? (model.get("hint_text").length ? model.get("hint_text") : ex.hint) : []);
      const tally = countResults(state.results);
      setText(score, fill(texts.score, { right: tally.right, answered: tally.answered }));
      progress.hidden = !state.lastTime;
      if (state.lastTime) setText(lastTime, fill(texts.quiz_last_time, state.lastTime));
    });
  }
  roving(row, { onToggle: toggle });
  for (const name of ["feedback", "hint_text", "exercises"]) model.on(`change:${name}`, () => draw());
  model.on("change:verdict", () => { // Python judged an answer: the view shows it, and keeps its record
    const verdict = model.get("verdict") || {};
    if (!state.local || verdict.exercise !== model.get("current") || typeof verdict.right !== "boolean") return;
    const first = record(verdict.right);
    state.local = { ...state.local, right: verdict.right, lines: state.local.lines || (first ? null : [texts.already_answered]) };
    draw();
  });
  model.on("change:current", () => fresh()); // Next here, or Python moved on (another view's Next)
  draw();
}
