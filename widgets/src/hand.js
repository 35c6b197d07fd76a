// Hand: a hand drawn as cards; select, sort by suit or rank, reorder by dragging or Shift+arrows.
import { cardElement, roving, setTabStop, focusCard } from "./cards.js";
import { el } from "./dom.js";

export function sortIds(cards, ids, by) {
  const key = Object.fromEntries(cards.map((c) => [c.id, by === "rank" ? c.rank_key : c.suit_key]));
  return [...ids].sort((a, b) => key[a] - key[b]);
}

export function moveId(ids, id, step) {
  const from = ids.indexOf(id);
  const to = Math.max(0, Math.min(ids.length - 1, from + step));
  const out = [...ids];
  out.splice(from, 1);
  out.splice(to, 0, id);
  return out;
}

export function renderHand({ model, el: root }) {
  const texts = model.get("texts");
  const state = { order: model.get("order"), selected: new Set(model.get("selected")) };
  const bar = el("div", "rl-w-toolbar");
  const bySuit = el("button", "rl-w-button", texts.sort_suit);
  const byRank = el("button", "rl-w-button", texts.sort_rank);
  bar.append(bySuit, byRank);
  const row = el("div", "rl-w-row");
  row.setAttribute("aria-label", texts.hand);
  row.setAttribute("role", "group");
  const status = el("div", "rl-w-status");
  status.setAttribute("role", "status");
  root.append(bar, row, status);

  const cards = () => model.get("cards");
  const byId = () => Object.fromEntries(cards().map((c) => [c.id, c]));
  let focused = null;

  function draw() {
    const hadFocus = root.contains(document.activeElement);
    row.replaceChildren();
    const known = byId();
    for (const id of state.order) {
      if (!known[id]) continue;
      const node = cardElement(known[id], { selected: state.selected.has(id) });
      node.draggable = true;
      node.addEventListener("click", () => toggle(id));
      node.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", id));
      node.addEventListener("dragover", (e) => e.preventDefault());
      node.addEventListener("drop", (e) => {
        e.preventDefault();
        const moved = e.dataTransfer.getData("text/plain");
        const target = state.order.indexOf(id);
        reorder(moveId(state.order, moved, target - state.order.indexOf(moved)));
      });
      row.appendChild(node);
    }
    setTabStop(row, focused);
    status.textContent = model.get("error") || model.get("summary") || "";
    const again = focused && row.querySelector(`[data-card="${focused}"]`);
    if (hadFocus && again) again.focus(); // the redrawn card keeps the keyboard's focus
  }
  function toggle(id) {
    focused = id;
    if (state.selected.has(id)) state.selected.delete(id);
    else state.selected.add(id);
    model.send({ type: "select", ids: [...state.selected] });
    draw();
  }
  function reorder(order) {
    state.order = order;
    model.send({ type: "order", ids: order });
    draw();
  }
  roving(row, {
    onToggle: toggle,
    onConfirm: toggle,
    onMove: (id, step) => {
      focused = id;
      reorder(moveId(state.order, id, step));
      focusCard([...row.querySelectorAll("[data-card]")], state.order.indexOf(id));
    },
  });
  bySuit.addEventListener("click", () => reorder(sortIds(cards(), state.order, "suit")));
  byRank.addEventListener("click", () => reorder(sortIds(cards(), state.order, "rank")));
  model.on("change:order", () => { state.order = model.get("order"); draw(); });
  model.on("change:selected", () => { state.selected = new Set(model.get("selected")); draw(); });
  model.on("change:error", () => {
    // a refusal: Python kept its hand, so the page shows Python's order and selection again
    state.order = model.get("order");
    state.selected = new Set(model.get("selected"));
    draw();
  });
  model.on("change:summary", draw);
  draw();
}
