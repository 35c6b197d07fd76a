// Quiz: exercises the core checks. With a kernel, Python checks each answer; in a page with
// no kernel, the answers the core computed beforehand (and, for openings, every selection's
// verdict) check it here. Either way the verdict is the core's.
//
// Nothing of an answer shows before the learner has answered the exercise in this view. An
// empty or unreadable number is not an answer: the quiz says what is missing and counts
// nothing. "Next" puts the focus on the new exercise's prompt; every other action keeps it on
// its control. The progress is kept in the browser (progress.js) and shown on the next visit.
import { cardElement, ensureTabStop, roving, updateCard } from "./cards.js";
import { attr, button, el, fill, liveRegion, setLines, setText, syncChildren, uniqueId } from "./dom.js";
import { keepFocus, moveFocus } from "./focus.js";
import { plural } from "./plural.js";
import { countResults, loadResults, progressKeys, saveResults } from "./progress.js";
import { staticLookup } from "./statictable.js";

/** The core's verdict on an answer, from the exercise's precomputed data. */
export function localCheck(exercise, value, texts, lang) {
  const answer = exercise.answer;
  if (exercise.kind === "valid") return { right: value === answer.valid, lines: answer.lines };
  if (exercise.kind === "choice") return { right: value === answer.right, lines: answer.lines };
  if (exercise.kind === "penalty") {
    const worth = fill(texts.quiz_penalty_is || "{points}", { points: plural(lang, texts.points_forms, answer.points) });
    return { right: value === answer.points, lines: [worth] };
  }
  const lookup = staticLookup(answer.static, exercise.cards.map((c) => c.id));
  const verdicts = value.map((ids) => lookup(ids));
  const points = verdicts.reduce((sum, v) => sum + (v && v.valid ? v.points : 0), 0);
  const allValid = verdicts.every((v) => v && v.valid);
  const right = allValid && (answer.required === null || points >= answer.required);
  const lines = verdicts.map((v) => (v ? v.title : ""));
  lines.push(plural(lang, texts.points_forms, points));
  return { right, lines };
}

/** A penalty answer as a number of points, or null when it is not one (empty, a fraction, negative). */
export function pointsAnswer(raw) {
  const text = String(raw ?? "").trim();
  if (!/^\d{1,6}$/.test(text)) return null;
  return Number.parseInt(text, 10);
}

export function renderQuiz({ model, el: root }) {
  const texts = model.get("texts");
  const lang = model.get("lang");
  const exercises = () => model.get("exercises");
  const keys = progressKeys(exercises());
  const stored = loadResults(keys, exercises().length);
  const state = {
    selected: new Set(),
    pending: [],
    local: null, // this view's answer to the current exercise: {value, right, lines}
    hint: false,
    invalid: false,
    results: stored || exercises().map(() => null),
    lastTime: stored && countResults(stored).answered ? countResults(stored) : null,
  };
  saveResults(keys, state.results); // the page's sums know this quiz from the start

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
    model.send({ type: "hint" });
    draw();
  });
  const next = button(texts.next, () => {
    model.send({ type: "next" });
    goTo((model.get("current") + 1) % exercises().length); // Python answers the same
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
    saveResults(keys, state.results);
    model.send({ type: "restart" });
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
    Object.assign(state, { selected: new Set(), pending: [], local: null, hint: false, invalid: false });
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
  function submit(value) {
    const current = model.get("current");
    const result = localCheck(exercise(), value, texts, lang);
    const first = state.results[current] === null;
    if (first) {
      state.results = state.results.map((r, i) => (i === current ? result.right : r)); // the first answer counts
      saveResults(keys, state.results);
    }
    state.local = { value, right: result.right, lines: first ? result.lines : [...result.lines, texts.already_answered] };
    state.invalid = false;
    model.send({ type: "answer", value });
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
      const verdict = (r) => (r === null ? [] : [r ? `✓ ${texts.quiz_right}` : `✗ ${texts.quiz_wrong}`]);
      const python = model.get("feedback");
      // Python's words once they are here (with a kernel), else the core's precomputed answer
      let lines = [];
      if (state.local && (state.invalid || !python.length)) lines = [...verdict(state.local.right), ...state.local.lines];
      else if (state.local) {
        lines = [...python];
        const again = state.local.lines.includes(texts.already_answered);
        if (again && !lines.includes(texts.already_answered)) lines.push(texts.already_answered); // answered on an earlier visit
      }
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
  model.on("change:current", () => fresh()); // Next here, or Python moved on (another view's Next)
  draw();
}
