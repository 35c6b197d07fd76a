// Game: a round against the computer. The learner selects cards and asks for moves; Python
// checks each move with the engine, makes it or says why not, and lets the bots play.
import { cardElement, roving, setTabStop } from "./cards.js";
import { el, fill } from "./dom.js";

function button(label, onClick) {
  const node = el("button", "rl-w-button", label);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

function lines(className, role, items) {
  const box = el("div", className);
  if (role) box.setAttribute("role", role);
  for (const line of items || []) box.appendChild(el("div", "", line));
  return box;
}

export function renderGame({ model, el: root }) {
  const texts = model.get("texts");
  const practice = model.get("kind") === "table"; // a practice table: lay off and swap only
  const state = { selected: new Set(), pending: [], joker: null, waiting: null, offline: false };
  // In a page with no kernel nothing answers: say so rather than seem broken.
  const ask = (message) => {
    model.send(message);
    clearTimeout(state.waiting);
    state.waiting = setTimeout(() => { state.offline = true; draw(); }, 2500);
  };
  const send = (move) => ask({ type: "move", move });

  function toggle(id) {
    if (state.selected.has(id)) state.selected.delete(id);
    else state.selected.add(id);
    draw(id);
  }
  function chosen() {
    return model.get("cards").map((c) => c.id).filter((id) => state.selected.has(id));
  }
  function meldNow() {
    const melds = [...state.pending];
    if (state.selected.size) melds.push(chosen());
    state.pending = [];
    state.selected.clear();
    send({ type: "meld", melds });
  }
  function draw(focusId) {
    const hadFocus = root.contains(document.activeElement);
    root.replaceChildren();
    root.appendChild(el("div", "rl-w-title", model.get("title")));

    const players = el("ul", "rl-w-players");
    if (practice) players.hidden = true; // nobody else plays at a practice table
    players.setAttribute("aria-label", texts.players);
    for (const player of model.get("players")) {
      const item = el("li", player.current ? "rl-w-current" : "", fill(texts.cards_in_hand, { player: player.name, n: player.cards }));
      players.appendChild(item);
    }
    root.appendChild(players);

    const table = el("section", "rl-w-table");
    table.setAttribute("aria-label", texts.table);
    for (const meld of model.get("table")) {
      const box = el("div", "rl-w-meld");
      box.appendChild(el("span", "rl-w-meld-number", fill(texts.meld_n, { number: meld.id })));
      const row = el("div", "rl-w-row");
      for (const card of meld.cards) {
        const isJoker = card.id.startsWith("Jkr");
        const node = cardElement(card, { role: "button", selected: state.joker === card.id });
        if (isJoker) node.addEventListener("click", () => { state.joker = state.joker === card.id ? null : card.id; draw(card.id); });
        row.appendChild(node);
      }
      const tools = el("div", "rl-w-toolbar");
      const one = () => chosen()[0];
      if (meld.kind === "run") tools.appendChild(button(texts.lay_off_low, () => send({ type: "lay_off", card: one(), meld: meld.id, end: "low" })));
      tools.appendChild(button(texts.lay_off_high, () => send({ type: "lay_off", card: one(), meld: meld.id, end: "high" })));
      if (meld.cards.some((c) => c.id.startsWith("Jkr"))) {
        tools.appendChild(button(texts.swap, () => {
          const joker = state.joker || meld.cards.find((c) => c.id.startsWith("Jkr")).id;
          send({ type: "swap", meld: meld.id, joker, cards: chosen(), new_meld: [] });
        }));
      }
      box.append(row, tools);
      table.appendChild(box);
    }
    root.appendChild(table);

    if (!practice) {
      const piles = el("div", "rl-w-piles");
      piles.appendChild(el("span", "rl-w-stock", fill(texts.stock, { n: model.get("stock_size") })));
      const top = model.get("top_discard");
      const pile = el("span", "rl-w-discard");
      pile.appendChild(el("span", "rl-w-label", texts.discard_pile));
      if (top && top.id) pile.appendChild(cardElement(top, { role: "button" }));
      piles.appendChild(pile);
      root.appendChild(piles);
    }

    if (state.pending.length) {
      const pending = el("div", "rl-w-pending");
      for (const ids of state.pending) pending.appendChild(el("div", "", ids.map((id) => (model.get("cards").find((c) => c.id === id) || {}).label).join(", ")));
      root.appendChild(pending);
    }

    const hand = el("div", "rl-w-row rl-w-hand");
    hand.setAttribute("role", "group");
    hand.setAttribute("aria-label", texts.hand);
    const aside = new Set(state.pending.flat());
    for (const card of model.get("cards")) {
      if (aside.has(card.id)) continue;
      const node = cardElement(card, { selected: state.selected.has(card.id) });
      node.addEventListener("click", () => toggle(card.id));
      hand.appendChild(node);
    }
    root.appendChild(hand);
    setTabStop(hand, focusId);

    const bar = el("div", "rl-w-toolbar rl-w-moves");
    const again = button(texts.new_round, () => { state.pending = []; state.selected.clear(); model.send({ type: "new_round" }); });
    if (practice) {
      bar.append(button(texts.meld, meldNow), button(texts.hint, () => ask({ type: "hint" })), again);
    } else {
      bar.append(
        button(texts.draw, () => send({ type: "draw" })),
        button(texts.take, () => send({ type: "take" })),
        button(texts.add_to_opening, () => { if (state.selected.size) { state.pending.push(chosen()); state.selected.clear(); draw(); } }),
        button(texts.meld, meldNow),
        button(texts.discard, () => { const ids = chosen(); state.selected.clear(); send({ type: "discard", card: ids[0] }); }),
        button(texts.go_out, () => send({ type: "go_out" })),
        ...(model.get("can_knock") ? [button(texts.knock, () => send({ type: "knock" }))] : []),
        button(texts.hint, () => ask({ type: "hint" })),
        again,
      );
    }
    root.appendChild(bar);
    root.appendChild(lines("rl-w-error", "status", state.offline ? [texts.needs_kernel] : model.get("message")));
    root.appendChild(lines("rl-w-hint", "status", model.get("hint_text")));
    root.appendChild(lines("rl-w-result", "status", model.get("result")));
    const log = lines("rl-w-log", "log", model.get("log").slice(-8));
    log.setAttribute("aria-label", texts.log);
    root.appendChild(log);
    if (hadFocus && focusId) {
      const again = root.querySelector(`[data-card="${focusId}"]`);
      if (again) again.focus();
    }
  }
  roving(root, { onToggle: toggle, onConfirm: toggle });
  for (const name of ["cards", "table", "top_discard", "message", "hint_text", "result", "log", "players"]) {
    model.on(`change:${name}`, () => {
      clearTimeout(state.waiting); // Python answered
      state.offline = false;
      if (name === "cards") {
        const ids = new Set(model.get("cards").map((c) => c.id));
        state.selected = new Set([...state.selected].filter((id) => ids.has(id)));
      }
      draw();
    });
  }
  draw();
}
