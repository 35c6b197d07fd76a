// MeldBuilder: pick cards from a hand into meld slots; every slot is checked by the core.
// With a kernel, Python answers each change with its verdicts; without one (a static page),
// the verdicts come from the table Python precomputed for every selection of the hand.
import { cardElement, roving, setTabStop } from "./cards.js";
import { el, fill } from "./dom.js";
import { plural } from "./plural.js";
import { staticLookup } from "./statictable.js";

export function openingLine(texts, lang, verdicts, required) {
  const points = verdicts.reduce((sum, v) => sum + (v && v.valid ? v.points : 0), 0);
  const shown = (n) => plural(lang, texts.points_forms, n);
  if (required === null || required === undefined) {
    return { points, meets: verdicts.some((v) => v && v.valid), line: fill(texts.opening_none, { points: shown(points) }) };
  }
  const allValid = verdicts.length > 0 && verdicts.every((v) => v && v.valid);
  const meets = allValid && points >= required;
  const template = points >= required ? texts.opening_meets : texts.opening_short;
  const line = fill(template, { points: shown(points), required: shown(required), missing: shown(Math.max(0, required - points)) });
  return { points, meets, line };
}

export function renderMeldBuilder({ model, el: root }) {
  const texts = model.get("texts");
  const lang = model.get("lang");
  const handIds = model.get("cards").map((c) => c.id);
  const lookup = staticLookup(model.get("static"), handIds);
  const state = { slots: model.get("slots").map((s) => [...s]), active: 0, verdicts: model.get("verdicts"), seq: 0 };
  let focused = null;

  const bar = el("div", "rl-w-toolbar");
  const add = el("button", "rl-w-button", texts.new_meld);
  bar.appendChild(add);
  const handRow = el("div", "rl-w-row rl-w-hand");
  handRow.setAttribute("role", "group");
  handRow.setAttribute("aria-label", texts.hand);
  const slotsBox = el("div", "rl-w-slots");
  const opening = el("div", "rl-w-opening");
  opening.setAttribute("role", "status");
  const error = el("div", "rl-w-error");
  error.setAttribute("role", "status");
  root.append(handRow, bar, slotsBox, opening, error);

  const cardsById = () => Object.fromEntries(model.get("cards").map((c) => [c.id, c]));
  const used = () => new Set(state.slots.flat());

  function localVerdicts() {
    return lookup ? state.slots.map((ids) => (ids.length ? lookup(ids) : null)) : state.verdicts;
  }
  function changed() {
    // with the table, the verdict is here at once; without, it is on its way from Python
    state.verdicts = lookup ? localVerdicts() : state.slots.map(() => null);
    state.seq += 1; // answers to older requests must not undo newer changes
    model.send({ type: "slots", slots: state.slots, seq: state.seq });
    draw();
  }
  function toggle(id) {
    focused = id;
    const slot = state.slots.findIndex((ids) => ids.includes(id));
    if (slot >= 0) state.slots[slot] = state.slots[slot].filter((x) => x !== id);
    else state.slots[state.active].push(id);
    changed();
  }
  function draw() {
    const hadFocus = root.contains(document.activeElement);
    const known = cardsById();
    const taken = used();
    handRow.replaceChildren(...model.get("cards").filter((c) => !taken.has(c.id)).map((c) => {
      const node = cardElement(c, { selected: false });
      node.addEventListener("click", () => toggle(c.id));
      return node;
    }));
    slotsBox.replaceChildren(...state.slots.map((ids, i) => drawSlot(ids, i, known)));
    for (const row of [handRow, ...slotsBox.querySelectorAll(".rl-w-row")]) setTabStop(row, focused);
    const required = model.get("required");
    const spoilt = state.slots.map((ids, i) => (ids.length && state.verdicts[i] && !state.verdicts[i].valid ? fill(texts.invalid_meld_n, { number: i + 1 }) : null)).filter(Boolean);
    opening.textContent = [openingLine(texts, lang, state.verdicts.filter((v, i) => state.slots[i].length), required).line, ...spoilt].join(" ");
    error.textContent = model.get("error") || "";
    const again = focused && root.querySelector(`[data-card="${focused}"]`);
    if (hadFocus && again) again.focus(); // the card keeps the keyboard's focus in its new place
  }
  function drawSlot(ids, i, known) {
    const box = el("section", "rl-w-slot" + (i === state.active ? " rl-w-active" : ""));
    box.setAttribute("aria-label", fill(texts.meld_n, { number: i + 1 }));
    box.addEventListener("click", (e) => { if (e.target === box) { state.active = i; draw(); } });
    const title = el("button", "rl-w-slot-title", fill(texts.meld_n, { number: i + 1 }));
    title.addEventListener("click", () => { state.active = i; draw(); });
    const verdict = state.verdicts[i];
    const row = el("div", "rl-w-row");
    const order = verdict && verdict.arrangement && verdict.arrangement.length === ids.length ? verdict.arrangement : ids;
    for (const id of order) {
      const card = known[id];
      if (!card) continue;
      const jokerSvg = verdict && verdict.jokers && verdict.jokers[id];
      const shown = jokerSvg ? { ...card, svg: jokerSvg } : card;
      const node = cardElement(shown, { selected: true });
      node.addEventListener("click", () => toggle(id));
      row.appendChild(node);
    }
    for (const [joker, options] of Object.entries((verdict && verdict.pin_options) || {})) {
      const label = el("label", "rl-w-pin-label", texts.joker_as + " ");
      const pick = el("select", "rl-w-pin");
      label.appendChild(pick);
      const auto = el("option", "", texts.joker_auto);
      auto.value = "";
      pick.appendChild(auto);
      for (const option of options) {
        const item = el("option", "", option.label);
        item.value = option.id;
        pick.appendChild(item);
      }
      pick.value = (verdict.pins && verdict.pins[joker]) || "";
      pick.addEventListener("change", () => model.send({ type: "pin", joker, as: pick.value || null }));
      box.appendChild(label);
    }
    const status = el("div", "rl-w-verdict " + (verdict ? (verdict.valid ? "rl-w-ok" : "rl-w-bad") : ""));
    status.setAttribute("role", "status");
    if (!ids.length) status.textContent = texts.empty_meld;
    else if (!verdict) status.textContent = "…";
    else {
      status.appendChild(el("strong", "", verdict.title));
      const list = el("ul");
      for (const line of verdict.lines) list.appendChild(el("li", "", line));
      if (verdict.lines.length) status.appendChild(list);
    }
    box.append(title, row, status);
    return box;
  }
  add.addEventListener("click", () => {
    const empty = state.slots.findIndex((ids) => !ids.length);
    if (empty >= 0) { state.active = empty; draw(); return; } // use the empty slot first
    state.slots.push([]);
    state.active = state.slots.length - 1;
    changed();
  });
  roving(root, {
    onToggle: toggle,
    onConfirm: (id) => { toggle(id); },
  });
  model.on("change:verdicts", () => {
    if (model.get("seq") < state.seq) return; // a newer change is on its way to Python
    state.slots = model.get("slots").map((s) => [...s]);
    state.verdicts = model.get("verdicts");
    state.active = Math.min(state.active, state.slots.length - 1);
    draw();
  });
  model.on("change:error", () => {
    if (model.get("error")) { // a refusal: Python kept its slots, and so does the page
      state.slots = model.get("slots").map((s) => [...s]);
      state.verdicts = model.get("verdicts");
      state.active = Math.min(state.active, state.slots.length - 1);
    }
    draw();
  });
  if (lookup && !state.verdicts.length) state.verdicts = localVerdicts();
  draw();
}
