// Hand: a hand drawn as cards; select, sort by suit or rank, reorder by dragging, with
// Shift + arrows, or with the Move left / Move right buttons (which move the selected cards).
import { cardElement, ensureTabStop, roving, updateCard } from "./cards.js";
import { button, el, fill, liveRegion, setText, syncChildren } from "./dom.js";
import { keepFocus } from "./focus.js";

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

/** Move the chosen ids one place left (step -1) or right (+1), together, keeping their order. */
export function moveIds(ids, chosen, step) {
  const out = [...ids];
  const positions = out.map((id, i) => (chosen.has(id) ? i : -1)).filter((i) => i >= 0);
  const ordered = step < 0 ? positions : positions.reverse();
  for (const i of ordered) {
    const j = i + step;
    if (j < 0 || j >= out.length || chosen.has(out[j])) continue; // at the edge, or behind a chosen card that stayed
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export function renderHand({ model, el: root }) {
  const texts = model.get("texts");
  const state = { order: model.get("order"), selected: new Set(model.get("selected")) };
  const bar = el("div", "rl-w-toolbar");
  const row = el("div", "rl-w-row rl-w-hand");
  row.setAttribute("aria-label", texts.hand);
  row.setAttribute("role", "group");
  const status = liveRegion("rl-w-status");
  const said = liveRegion("rl-w-sr-only"); // where a card went, for those who cannot see it
  root.append(bar, row, status, said);

  const cards = () => model.get("cards");
  const byId = () => Object.fromEntries(cards().map((c) => [c.id, c]));

  function draw() {
    keepFocus(root, () => {
      const known = byId();
      const shown = state.order.filter((id) => known[id]);
      syncChildren(row, shown, (id) => id, (id) => {
        const node = cardElement(known[id]);
        node.draggable = true;
        node.addEventListener("click", () => toggle(id));
        node.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", id));
        node.addEventListener("dragover", (e) => e.preventDefault());
        node.addEventListener("drop", (e) => {
          e.preventDefault();
          const moved = e.dataTransfer.getData("text/plain");
          if (!state.order.includes(moved)) return;
          const target = state.order.indexOf(id);
          reorder(moveId(state.order, moved, target - state.order.indexOf(moved)), [moved]);
        });
        return node;
      }, (node, id) => updateCard(node, known[id], { selected: state.selected.has(id) }));
      ensureTabStop(row);
      setText(status, model.get("error") || model.get("summary") || "");
    });
  }
  function toggle(id) {
    if (state.selected.has(id)) state.selected.delete(id);
    else state.selected.add(id);
    model.send({ type: "select", ids: [...state.selected] });
    draw();
  }
  function reorder(order, moved) {
    state.order = order;
    model.send({ type: "order", ids: order });
    draw();
    if (moved) {
      const known = byId();
      const places = moved.map((id) => fill(texts.moved, { card: known[id].label, place: order.indexOf(id) + 1, count: order.length }));
      setText(said, places.join("; "));
    }
  }
  function moveSelected(step) {
    const chosen = state.order.filter((id) => state.selected.has(id));
    if (!chosen.length) {
      setText(said, "");
      setText(status, texts.select_to_move);
      return;
    }
    reorder(moveIds(state.order, state.selected, step), chosen);
  }
  bar.append(
    button(texts.sort_suit, () => reorder(sortIds(cards(), state.order, "suit"))),
    button(texts.sort_rank, () => reorder(sortIds(cards(), state.order, "rank"))),
    button(texts.move_left, () => moveSelected(-1)),
    button(texts.move_right, () => moveSelected(1)),
  );
  roving(row, {
    onToggle: toggle,
    onMove: (id, step) => reorder(moveId(state.order, id, step), [id]), // the card keeps the focus
  });
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
