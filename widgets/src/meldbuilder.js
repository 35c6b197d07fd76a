// MeldBuilder: pick cards from a hand into meld slots; every slot is checked by the core.
// Python answers each change with its verdicts and the opening's line (a kernel, or in a page
// with no kernel the same Python in the browser). While that answer is on its way, a page
// with no kernel shows the verdict from the table Python precomputed for every selection of
// the hand (and, for one meld alone, what Python said of it as an opening); the view itself
// adds nothing up and decides nothing.
//
// Keyboard: in the hand, Space or Enter puts the focused card into the active meld and the
// focus stays in the hand (on the next card); in a meld, they give the card back. The active
// meld's button carries aria-current; "New meld" and a meld's button make a meld active.
import { cardElement, ensureTabStop, roving, updateCard } from "./cards.js";
import { attr, button, el, fill, liveRegion, sendAnswered, setText, syncChildren, uniqueId } from "./dom.js";
import { keepFocus } from "./focus.js";
import { staticLookup } from "./statictable.js";

/** What the table says of the slots at once: each slot's verdict, and the opening's line
 * where Python made it (one meld alone, in the first slot); null where Python must answer.
 * ``complete``: the table answered everything, Python need not (of two melds, or one not in
 * the first slot, only Python can give the opening's line). */
export function verdictsAtOnce(lookup, slots) {
  const verdicts = slots.map((ids) => (ids.length ? lookup(ids) : null));
  const filled = slots.map((ids, i) => (ids.length ? i : -1)).filter((i) => i >= 0);
  const opening = filled.length === 1 && filled[0] === 0 && verdicts[0] ? { line: verdicts[0].opening } : null;
  const complete = filled.every((i) => verdicts[i]) && (!filled.length || opening !== null);
  return { verdicts, opening, complete };
}

export function renderMeldBuilder({ model, el: root }) {
  const texts = model.get("texts");
  const handIds = model.get("cards").map((c) => c.id);
  const lookup = staticLookup(model.get("static"), handIds);
  const state = { slots: model.get("slots").map((s) => [...s]), active: 0, verdicts: model.get("verdicts"), opening: model.get("opening"), seq: 0 };

  const bar = el("div", "rl-w-toolbar");
  const add = button(texts.new_meld, newMeld);
  bar.appendChild(add);
  const handRow = el("div", "rl-w-row rl-w-hand");
  handRow.setAttribute("role", "group");
  handRow.setAttribute("aria-label", texts.hand);
  handRow.rlFallback = () => add; // the hand is empty: every card lies in a meld
  const slotsBox = el("div", "rl-w-slots");
  const opening = liveRegion("rl-w-opening");
  const error = liveRegion("rl-w-error");
  const said = liveRegion("rl-w-sr-only");
  root.append(handRow, bar, slotsBox, opening, error, said);

  const cardsById = () => Object.fromEntries(model.get("cards").map((c) => [c.id, c]));
  const used = () => new Set(state.slots.flat());

  function changed() {
    // with the table, the verdict is here at once; without, it is on its way from Python
    const now = lookup ? verdictsAtOnce(lookup, state.slots) : { verdicts: state.slots.map(() => null), opening: null, complete: false };
    state.verdicts = now.verdicts;
    state.opening = now.opening;
    state.seq += 1; // answers to older requests must not undo newer changes
    const message = { type: "slots", slots: state.slots, seq: state.seq };
    // where the table cannot answer, Python must: a page that cannot start Python then says
    // why, instead of showing "…" for ever
    if (now.complete) sendAnswered(model, message);
    else model.send(message);
    draw();
  }
  function toggle(id) {
    const slot = state.slots.findIndex((ids) => ids.includes(id));
    if (slot >= 0) state.slots[slot] = state.slots[slot].filter((x) => x !== id);
    else state.slots[state.active].push(id);
    changed();
  }
  function activate(i) {
    state.active = i;
    draw();
    setText(said, fill(texts.slot_active, { meld: fill(texts.meld_n, { number: i + 1 }) }));
  }
  function newMeld() {
    const empty = state.slots.findIndex((ids) => !ids.length);
    if (empty >= 0) { activate(empty); return; } // use the empty slot first
    state.slots.push([]);
    state.active = state.slots.length - 1;
    changed();
    setText(said, fill(texts.slot_active, { meld: fill(texts.meld_n, { number: state.active + 1 }) }));
  }
  function draw() {
    keepFocus(root, () => {
      const known = cardsById();
      const taken = used();
      syncChildren(handRow, model.get("cards").filter((c) => !taken.has(c.id)), (c) => c.id, (c) => {
        const node = cardElement(c);
        node.addEventListener("click", () => toggle(c.id));
        return node;
      }, (node, c) => updateCard(node, c, { selected: false }));
      ensureTabStop(handRow);
      syncChildren(slotsBox, state.slots.map((ids, i) => ({ ids, i })), ({ i }) => i, makeSlot, (box, { ids, i }) => updateSlot(box, ids, i, known));
      setText(opening, state.opening && state.opening.line ? state.opening.line : "…"); // Python's words
      setText(error, model.get("error") || "");
    });
  }
  function makeSlot({ i }) {
    const box = el("div", "rl-w-slot");
    box.setAttribute("role", "group");
    const title = button(fill(texts.meld_n, { number: i + 1 }), () => activate(i), "rl-w-slot-title");
    title.id = uniqueId("rl-w-slot");
    box.setAttribute("aria-labelledby", title.id);
    box.addEventListener("click", (e) => { if (e.target === box) activate(i); });
    const row = el("div", "rl-w-row");
    row.setAttribute("role", "group");
    row.setAttribute("aria-labelledby", title.id);
    row.rlFallback = () => title; // the meld is empty again: its button
    roving(row, { onToggle: toggle });
    const pins = el("div", "rl-w-pins");
    const status = liveRegion("rl-w-verdict");
    box.append(title, row, pins, status);
    Object.assign(box, { rlTitle: title, rlRow: row, rlPins: pins, rlStatus: status });
    return box;
  }
  function updateSlot(box, ids, i, known) {
    const active = i === state.active;
    box.classList.toggle("rl-w-active", active);
    attr(box.rlTitle, "aria-current", active ? "true" : null);
    const verdict = state.verdicts[i];
    const order = verdict && verdict.arrangement && verdict.arrangement.length === ids.length ? verdict.arrangement : ids;
    const shown = order.filter((id) => known[id]).map((id) => {
      const jokerSvg = verdict && verdict.jokers && verdict.jokers[id];
      return jokerSvg ? { ...known[id], svg: jokerSvg } : known[id];
    });
    syncChildren(box.rlRow, shown, (c) => c.id, (c) => {
      const node = cardElement(c, { selected: true });
      node.addEventListener("click", () => toggle(c.id));
      return node;
    }, (node, c) => updateCard(node, c, { selected: true }));
    ensureTabStop(box.rlRow);
    const pinOptions = Object.entries((verdict && verdict.pin_options) || {});
    syncChildren(box.rlPins, pinOptions, ([joker]) => joker, ([joker]) => makePin(joker), (label, [joker, options]) => updatePin(label, joker, options, verdict));
    const judged = ids.length && verdict && verdict.title;
    box.rlStatus.className = "rl-w-verdict" + (judged ? (verdict.valid ? " rl-w-ok" : " rl-w-bad") : "");
    if (!ids.length) setText(box.rlStatus, texts.empty_meld);
    else if (!judged) setText(box.rlStatus, "…"); // on its way from Python
    else showVerdict(box.rlStatus, verdict);
  }
  function makePin(joker) {
    const label = el("label", "rl-w-pin-label", texts.joker_as + " ");
    const pick = el("select", "rl-w-pin");
    label.appendChild(pick);
    pick.addEventListener("change", () => model.send({ type: "pin", joker, as: pick.value || null }));
    label.rlPick = pick;
    return label;
  }
  function updatePin(label, joker, options, verdict) {
    const pick = label.rlPick;
    const choices = [{ id: "", label: texts.joker_auto }, ...options];
    syncChildren(pick, choices, (o) => o.id, (o) => {
      const item = el("option", "", o.label);
      item.value = o.id;
      return item;
    }, (item, o) => setText(item, o.label));
    const value = (verdict.pins && verdict.pins[joker]) || "";
    if (pick.value !== value) pick.value = value;
  }
  function showVerdict(status, verdict) {
    // one title and a list of reasons; the nodes stay, only their text changes
    if (!status.rlTitle || status.rlTitle.parentNode !== status) {
      status.replaceChildren();
      status.rlTitle = status.appendChild(el("strong", ""));
      status.rlList = status.appendChild(el("ul"));
    }
    setText(status.rlTitle, verdict.title);
    const lines = verdict.lines || [];
    syncChildren(status.rlList, lines.map((line, n) => ({ line, n })), ({ n }) => n, () => el("li", ""), (li, { line }) => setText(li, line));
    status.rlList.hidden = !lines.length;
  }
  roving(handRow, { onToggle: toggle });
  function fromPython() {
    state.slots = model.get("slots").map((s) => [...s]);
    state.verdicts = model.get("verdicts");
    state.opening = model.get("opening");
    state.active = Math.min(state.active, state.slots.length - 1);
  }
  for (const name of ["verdicts", "opening", "seq"]) { // seq comes last: an answer that repeats the last one still arrives
    model.on(`change:${name}`, () => {
      if (model.get("seq") < state.seq) return; // a newer change is on its way to Python
      fromPython();
      draw();
    });
  }
  model.on("change:error", () => {
    if (model.get("error")) fromPython(); // a refusal: Python kept its slots, and so does the page
    draw();
  });
  draw();
}
