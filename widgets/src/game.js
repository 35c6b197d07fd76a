// Game: a round against the computer. The learner selects cards and asks for moves; Python
// checks each move with the engine, makes it or says why not, and lets the bots play.
// The practice Table is the same view without the other players, the piles and their moves.
//
// Keyboard: the hand is a row of checkboxes (arrows, Space); a joker on the table is a toggle
// button (Tab to it, Space or Enter chooses it for "Swap for the joker"); every move is a
// button. A move keeps the focus on its button; verdicts, hints and the log are live regions.
import { cardElement, ensureTabStop, pressable, roving, updateCard } from "./cards.js";
import { button, el, fill, liveRegion, setLines, setText, syncChildren } from "./dom.js";
import { keepFocus } from "./focus.js";
import { meldBox, tableParts } from "./piles.js";

const LOG_LINES = 8;

/**
 * The lines of `next` that are new since `previous` (both a log that keeps its last lines):
 * the longest end of previous that begins next is what was there already.
 */
export function newLogLines(previous, next) {
  for (let overlap = Math.min(previous.length, next.length); overlap > 0; overlap -= 1) {
    const tail = previous.slice(previous.length - overlap);
    if (tail.every((line, i) => line === next[i])) return { fresh: false, lines: next.slice(overlap) };
  }
  return { fresh: true, lines: next };
}

export function renderGame({ model, el: root }) {
  const texts = model.get("texts");
  const practice = model.get("kind") === "table"; // a practice table: lay off and swap only
  const state = { selected: new Set(), pending: [], joker: null, log: [], logCount: 0 };
  const ask = (message) => model.send(message); // Python answers (a kernel, or in the page)
  const send = (move) => ask({ type: "move", move });
  const cards = () => model.get("cards");
  const chosen = () => cards().map((c) => c.id).filter((id) => state.selected.has(id));
  const meldOf = (id) => model.get("table").find((m) => m.id === id);
  const isJoker = (card) => card.id.startsWith("Jkr");

  // --- the parts, made once ---------------------------------------------------------------
  const title = el("div", "rl-w-title");
  title.dataset.rlHeading = "";
  title.tabIndex = -1;
  const players = el("ul", "rl-w-players");
  players.setAttribute("aria-label", texts.players);
  players.hidden = practice; // nobody else plays at a practice table
  const { melds, piles, stock, pileTop } = tableParts(texts);
  piles.hidden = practice;
  const pending = liveRegion("rl-w-pending");
  const hand = el("div", "rl-w-row rl-w-hand");
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", texts.hand);
  const bar = el("div", "rl-w-toolbar rl-w-moves");
  const error = liveRegion("rl-w-error");
  const hint = liveRegion("rl-w-hint");
  const result = liveRegion("rl-w-result");
  const log = liveRegion("rl-w-log", "log");
  log.setAttribute("aria-label", texts.log);
  root.append(title, players, melds, piles, pending, hand, bar, error, hint, result, log);
  hand.rlFallback = () => bar.querySelector("button:not([hidden])");

  // --- what the learner does ----------------------------------------------------------------
  function toggle(id) {
    if (state.selected.has(id)) state.selected.delete(id);
    else state.selected.add(id);
    draw();
  }
  function chooseJoker(id) {
    state.joker = state.joker === id ? null : id;
    draw();
  }
  function meldNow() {
    const all = [...state.pending];
    if (state.selected.size) all.push(chosen());
    state.pending = [];
    state.selected.clear();
    send({ type: "meld", melds: all });
    draw();
  }
  function putAside() {
    if (!state.selected.size) return;
    state.pending.push(chosen());
    state.selected.clear();
    draw();
  }
  function newRound() {
    state.pending = [];
    state.selected.clear();
    model.send({ type: "new_round" });
    draw();
  }
  const knock = button(texts.knock, () => send({ type: "knock" }));
  const pass = button(texts.pass, () => ask({ type: "pass" })); // let the discard go
  const undo = button(texts.undo, () => {
    state.pending = [];
    state.selected.clear();
    ask({ type: "undo" }); // Python takes back the learner's last move and the bots' after it
    draw();
  });
  if (practice) {
    bar.append(button(texts.meld, meldNow), button(texts.hint, () => ask({ type: "hint" })), button(texts.new_round, newRound));
  } else {
    bar.append(
      button(texts.draw, () => send({ type: "draw" })),
      button(texts.take, () => send({ type: "take" })),
      button(texts.add_to_opening, putAside),
      button(texts.meld, meldNow),
      button(texts.discard, () => { const ids = chosen(); state.selected.clear(); send({ type: "discard", card: ids[0] }); draw(); }),
      button(texts.go_out, () => send({ type: "go_out" })),
      knock,
      pass,
      undo,
      button(texts.hint, () => ask({ type: "hint" })),
      button(texts.new_round, newRound),
    );
  }

  // --- drawing, in place --------------------------------------------------------------------
  function makeMeld(meld) {
    const box = meldBox();
    const tools = el("div", "rl-w-toolbar");
    const id = meld.id;
    const one = () => chosen()[0];
    const low = button(texts.lay_off_low, () => send({ type: "lay_off", card: one(), meld: id, end: "low" }));
    const high = button(texts.lay_off_high, () => send({ type: "lay_off", card: one(), meld: id, end: "high" }));
    const swap = button(texts.swap, () => {
      const current = meldOf(id);
      const jokers = current ? current.cards.filter(isJoker).map((c) => c.id) : [];
      const joker = jokers.includes(state.joker) ? state.joker : jokers[0];
      send({ type: "swap", meld: id, joker, cards: chosen(), new_meld: [] });
    });
    tools.append(low, high, swap);
    box.append(tools);
    Object.assign(box, { rlLow: low, rlSwap: swap });
    return box;
  }
  function updateMeld(box, meld) {
    setText(box.rlNumber, fill(texts.meld_n, { number: meld.id }));
    syncChildren(box.rlRow, meld.cards, (c) => c.id, (c) => {
      const node = cardElement(c, { kind: isJoker(c) ? "toggle" : "image" });
      if (isJoker(c)) pressable(node, () => chooseJoker(c.id));
      return node;
    }, (node, c) => updateCard(node, c, { kind: isJoker(c) ? "toggle" : "image", selected: state.joker === c.id }));
    box.rlLow.hidden = meld.kind !== "run";
    box.rlSwap.hidden = !meld.cards.some(isJoker);
  }
  function draw() {
    keepFocus(root, () => {
      const known = Object.fromEntries(cards().map((c) => [c.id, c]));
      const onTable = new Set(model.get("table").flatMap((m) => m.cards.map((c) => c.id)));
      if (state.joker && !onTable.has(state.joker)) state.joker = null;
      setText(title, model.get("title"));
      syncChildren(players, model.get("players"), (p) => p.name, () => el("li", ""), (item, p) => {
        setText(item, fill(texts.cards_in_hand, { player: p.name, n: p.cards }));
        item.classList.toggle("rl-w-current", Boolean(p.current));
        if (p.current) item.setAttribute("aria-current", "true");
        else item.removeAttribute("aria-current");
      });
      syncChildren(melds, model.get("table"), (m) => m.id, makeMeld, updateMeld);
      if (!practice) {
        setText(stock, fill(texts.stock, { n: model.get("stock_size") }));
        const top = model.get("top_discard");
        syncChildren(pileTop, top && top.id ? [top] : [], (c) => c.id, (c) => cardElement(c, { kind: "image" }), (node, c) => updateCard(node, c, { kind: "image" }));
      }
      setLines(pending, state.pending.map((ids) => ids.map((id) => (known[id] || {}).label).join(", ")));
      const aside = new Set(state.pending.flat());
      syncChildren(hand, cards().filter((c) => !aside.has(c.id)), (c) => c.id, (c) => {
        const node = cardElement(c);
        node.addEventListener("click", () => toggle(c.id));
        return node;
      }, (node, c) => updateCard(node, c, { selected: state.selected.has(c.id) }));
      ensureTabStop(hand);
      knock.hidden = !model.get("can_knock");
      pass.hidden = !model.get("knock_open");
      undo.hidden = practice || !model.get("can_undo");
      setLines(error, model.get("message"));
      setLines(hint, model.get("hint_text"));
      setLines(result, model.get("result"));
      drawLog();
    });
  }
  function drawLog() {
    const next = model.get("log");
    const { fresh, lines } = newLogLines(state.log, next);
    state.log = next;
    if (fresh) log.replaceChildren();
    for (const line of lines) log.appendChild(el("div", "", line)); // a log only grows: additions are read
    while (log.children.length > LOG_LINES) log.firstElementChild.remove();
  }
  roving(hand, { onToggle: toggle });
  for (const name of ["cards", "table", "top_discard", "message", "hint_text", "result", "log", "players", "stock_size", "can_knock", "knock_open", "can_undo", "title"]) {
    model.on(`change:${name}`, () => {
      if (name === "cards") {
        const ids = new Set(cards().map((c) => c.id));
        state.selected = new Set([...state.selected].filter((id) => ids.has(id)));
        state.pending = state.pending.filter((meld) => meld.every((id) => ids.has(id)));
      }
      draw();
    });
  }
  draw();
}
