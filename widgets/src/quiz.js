// Quiz: exercises the core checks. With a kernel, Python checks each answer; in a page with
// no kernel, the answers the core computed beforehand (and, for openings, every selection's
// verdict) check it here. Either way the verdict is the core's.
import { cardElement, roving, setTabStop } from "./cards.js";
import { el, fill } from "./dom.js";
import { plural } from "./plural.js";
import { staticLookup } from "./statictable.js";

function button(label, onClick) {
  const node = el("button", "rl-w-button", label);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

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

export function renderQuiz({ model, el: root }) {
  const texts = model.get("texts");
  const lang = model.get("lang");
  const state = { selected: new Set(), pending: [], local: null, score: { right: 0, answered: 0 }, answered: new Set(), hint: null };

  function exercise() {
    return model.get("exercises")[model.get("current")];
  }
  function submit(value) {
    if (exercise().kind === "opening" && !value.length) {
      state.local = { right: null, lines: [texts.empty_meld] };
      draw();
      return;
    }
    const result = localCheck(exercise(), value, texts, lang);
    const current = model.get("current");
    if (state.answered.has(current)) result.lines = [...result.lines, texts.already_answered];
    else {
      state.answered.add(current); // the first answer counts
      state.score = { right: state.score.right + (result.right ? 1 : 0), answered: state.score.answered + 1 };
    }
    state.local = result;
    model.send({ type: "answer", value });
    draw();
  }
  function toggle(id) {
    if (state.selected.has(id)) state.selected.delete(id);
    else state.selected.add(id);
    draw(id);
  }
  function draw(focusId) {
    const ex = exercise();
    root.replaceChildren();
    if (ex.variant) root.appendChild(el("div", "rl-w-variant", ex.variant));
    root.appendChild(el("div", "rl-w-prompt", ex.prompt));
    const aside = new Set(state.pending.flat());
    const row = el("div", "rl-w-row rl-w-hand");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", texts.hand);
    for (const card of ex.cards) {
      if (aside.has(card.id)) continue;
      const node = cardElement(card, { selected: state.selected.has(card.id), role: ex.kind === "opening" ? "checkbox" : "button" });
      if (ex.kind === "opening") node.addEventListener("click", () => toggle(card.id));
      row.appendChild(node);
    }
    if (ex.cards.length) {
      root.appendChild(row);
      setTabStop(row, focusId);
    }
    const bar = el("div", "rl-w-toolbar");
    if (ex.kind === "choice") {
      const answers = el("div", "rl-w-choices");
      answers.setAttribute("role", "group");
      answers.setAttribute("aria-label", ex.prompt);
      ex.answers.forEach((words, index) => answers.appendChild(button(words, () => submit(index))));
      root.appendChild(answers);
    } else if (ex.kind === "valid") {
      bar.append(button(texts.yes_valid, () => submit(true)), button(texts.no_invalid, () => submit(false)));
    } else if (ex.kind === "penalty") {
      const input = el("input", "rl-w-number");
      input.type = "number";
      input.min = "0";
      input.setAttribute("aria-label", texts.your_answer);
      const check = () => submit(Number.parseInt(input.value, 10));
      input.addEventListener("keydown", (e) => { if (e.key === "Enter") check(); });
      bar.append(input, button(texts.check, check));
    } else {
      for (const ids of state.pending) {
        root.appendChild(el("div", "rl-w-pending", ids.map((id) => ex.cards.find((c) => c.id === id).label).join(", ")));
      }
      bar.append(
        button(texts.add_to_opening, () => {
          if (state.selected.size) {
            state.pending.push(ex.cards.map((c) => c.id).filter((id) => state.selected.has(id)));
            state.selected.clear();
            draw();
          }
        }),
        button(texts.check, () => submit(state.pending.map((ids) => [...ids]))),
      );
    }
    if (ex.hint.length) {
      bar.append(button(texts.hint, () => { state.hint = exercise().hint; model.send({ type: "hint" }); draw(); }));
    }
    bar.append(
      button(texts.next, () => {
        state.pending = [];
        state.selected.clear();
        state.local = null;
        state.hint = null;
        model.send({ type: "next" });
        if (!model.comm_live) {
          model.set("current", (model.get("current") + 1) % model.get("exercises").length);
          draw();
        }
      }),
    );
    root.appendChild(bar);
    const feedback = el("div", "rl-w-feedback");
    feedback.setAttribute("role", "status");
    const verdict = (r) => (r === null ? [] : [r ? `✓ ${texts.quiz_right}` : `✗ ${texts.quiz_wrong}`]);
    const lines = model.get("feedback").length ? model.get("feedback") : state.local ? [...verdict(state.local.right), ...state.local.lines] : [];
    for (const line of lines) feedback.appendChild(el("div", "", line));
    root.appendChild(feedback);
    const hint = el("div", "rl-w-hint");
    hint.setAttribute("role", "status");
    for (const line of model.get("hint_text").length ? model.get("hint_text") : state.hint || []) hint.appendChild(el("div", "", line));
    root.appendChild(hint);
    const score = model.get("score") && model.get("score").answered ? model.get("score") : state.score;
    root.appendChild(el("div", "rl-w-score", fill(texts.score, score)));
  }
  roving(root, { onToggle: toggle, onConfirm: toggle });
  for (const name of ["feedback", "hint_text", "score", "current"]) model.on(`change:${name}`, () => draw());
  draw();
}
