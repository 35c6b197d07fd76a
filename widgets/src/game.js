// Game: a round against the computer, drawn as a card table. The other players sit at the top
// (their names, card backs for their hands, the melds they laid); the stock and the discard
// pile lie in the middle with the learner's melds; the learner's hand (sorted by suit unless
// they choose otherwise) and the moves are at the bottom; the log, with the cards as pictures
// and each computer player's reason, beside. Python checks every move with the engine, makes
// it or says why not, lets the bots play, and says which moves are legal now (`moves`).
// The practice Table is the same view without the other players, the piles and their moves.
//
// Keyboard: the hand is a row of checkboxes (arrows, Space; Shift + arrows reorder); a joker
// on the table is a toggle button; every move is a button, and so is each meld's lay-off and
// swap: what a drag does (a card onto a meld, onto the table, onto the pile) a selection and
// a button do too. A move keeps the focus on its button; verdicts, hints and the log are live.
import { PACES, botPlayer, path } from "./botplay.js";
import { cardElement, ensureTabStop, pressable, roving, updateCard } from "./cards.js";
import { el, fill, liveRegion, setLines, setText, syncChildren, uniqueId } from "./dom.js";
import { keepFocus } from "./focus.js";
import { moveId } from "./hand.js";
import { meldBox, tableParts } from "./piles.js";
import { moveButton, offer, whyNot } from "./offers.js";
import { backNode, choice, handOrder, makeSeat, updateSeat } from "./tableparts.js";

const LOG_LINES = 8;
const LEVELS = ["easy", "medium", "hard"];

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

/** The cards that came into the hand with its last change (`before` → `now`, sets of ids):
 * the card just drawn or taken, one or two; none when the hand was dealt anew or shrank. */
export function freshCards(before, now) {
  const came = [...now].filter((id) => !before.has(id));
  return new Set(before.size && came.length <= 2 ? came : []);
}

/** The lay-off end a drop on meld `meld` means for `card`: the legal one, else by the side. */
export function dropEnd(targets, card, meld, lowHalf) {
  const ends = ((targets && targets.lay_off) || []).filter(([c, m]) => c === card && m === meld).map((t) => t[2]);
  if (ends.length === 1) return ends[0];
  if (ends.length > 1) return lowHalf ? "low" : "high";
  return null;
}

export function renderGame({ model, el: root }) {
  const texts = model.get("texts");
  const practice = model.get("kind") === "table"; // a practice table: lay off and swap only
  const state = { selected: new Set(), pending: [], joker: null, log: [], sort: "suit", order: [], pace: "normal", seen: 0,
    held: new Set((model.get("cards") || []).map((c) => c.id)), fresh: new Set() };
  const ask = (message) => model.send(message); // Python answers (a kernel, or in the page)
  const send = (move) => ask({ type: "move", move });
  const cards = () => model.get("cards");
  // what the table shows: Python's state, or, while the bots' moves are shown one by one, the
  // table as it was at the move being shown (state.staged)
  const shown = (name) => (state.staged ? state.staged[name] : model.get(name));
  const moves = () => model.get("moves");
  const targets = () => model.get("targets") || {};
  const chosen = () => state.order.filter((id) => state.selected.has(id));
  const meldOf = (id) => model.get("table").find((m) => m.id === id);
  const isJoker = (card) => card.id.startsWith("Jkr");
  root.classList.toggle("rl-w-projector", Number(model.get("scale") || 1) >= 1.4);

  // --- the parts, made once ---------------------------------------------------------------
  const head = el("div", "rl-w-head");
  const title = el("div", "rl-w-title");
  title.dataset.rlHeading = "";
  title.tabIndex = -1;
  const settings = el("div", "rl-w-settings");
  head.append(title, settings);
  const felt = el("div", "rl-w-felt");
  const players = el("ul", "rl-w-players");
  players.setAttribute("aria-label", texts.players);
  players.hidden = practice; // nobody else plays at a practice table
  const middle = el("div", "rl-w-middle");
  const { melds, piles, stock, stockPile, pile, pileTop } = tableParts(texts, backNode(model.get("card_back")));
  piles.hidden = practice;
  const dropHint = el("p", "rl-w-drop-hint", texts.drop_table || "");
  dropHint.id = uniqueId("rl-w-drop");
  const meldRow = el("div", "rl-w-meld-row");
  melds.append(meldRow, dropHint);
  middle.append(piles, melds);
  felt.append(players, middle);
  const pending = liveRegion("rl-w-pending");
  const hand = el("div", "rl-w-row rl-w-hand");
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", texts.hand);
  const why = el("div", "rl-w-why"); // why the move with the focus is not possible now
  const bar = el("div", "rl-w-toolbar rl-w-moves");
  const error = liveRegion("rl-w-error");
  const hint = liveRegion("rl-w-hint");
  const result = liveRegion("rl-w-result");
  const log = liveRegion("rl-w-log", "log");
  log.setAttribute("aria-label", texts.log);
  const mine = el("div", "rl-w-mine");
  mine.append(pending, hand, bar, why, error, hint, result);
  const main = el("div", "rl-w-main");
  main.append(felt, mine);
  root.append(head, main, log);
  hand.rlFallback = () => bar.querySelector("button:not([hidden])");

  // --- the settings: the hand's order; the computer's level and pace ----------------------
  const sortBox = choice(texts.sort_by || texts.sort_suit, [["suit", texts.sort_suit], ["rank", texts.sort_rank], ["own", texts.sort_own || "…"]], state.sort, (value) => {
    state.sort = value;
    draw();
  });
  settings.append(sortBox);
  let levelBox = null;
  if (!practice) {
    levelBox = choice(texts.level || "Level", LEVELS.map((l) => [l, texts["level_" + l] || l]), model.get("level") || "medium", (value) => ask({ type: "level", level: value }));
    const paceBox = choice(texts.speed || "Pace", Object.keys(PACES).map((p) => [p, texts["speed_" + p] || p]), state.pace, (value) => {
      state.pace = value;
      if (value === "instant") bots.stop();
    });
    settings.append(levelBox, paceBox);
  }

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
  function meldNow(extra = []) {
    const all = [...state.pending];
    const now = [...new Set([...chosen(), ...extra])];
    if (now.length) all.push(now);
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
  function discard(id) {
    state.selected.clear();
    send({ type: "discard", card: id });
    draw();
  }
  function newRound() {
    state.pending = [];
    state.selected.clear();
    model.send({ type: "new_round" });
    draw();
  }
  function layOff(meld, end, ids = chosen()) {
    send({ type: "lay_off", card: ids[0], meld, end });
  }
  function swap(meld, ids = chosen()) {
    const current = meldOf(meld);
    const jokers = current ? current.cards.filter(isJoker).map((c) => c.id) : [];
    const joker = jokers.includes(state.joker) ? state.joker : jokers[0];
    send({ type: "swap", meld, joker, cards: ids, new_meld: [] });
  }
  const buttons = {};
  const add = (kind, label, onPress) => {
    buttons[kind] = moveButton(label, onPress, why);
    bar.appendChild(buttons[kind]);
  };
  if (practice) {
    add("meld", texts.meld, () => meldNow());
    add("hint", texts.hint, () => ask({ type: "hint" }));
    add("new_round", texts.start_again || texts.new_round, newRound); // no round: the cards anew
  } else {
    add("draw", texts.draw, () => send({ type: "draw" }));
    add("take", texts.take, () => send({ type: "take" }));
    add("add_to_opening", texts.add_to_opening, putAside);
    add("meld", texts.meld, () => meldNow());
    add("discard", texts.discard, () => discard(chosen()[0]));
    add("go_out", texts.go_out, () => send({ type: "go_out" }));
    add("knock", texts.knock, () => send({ type: "knock" }));
    add("pass", texts.pass, () => ask({ type: "pass" })); // let the discard go
    add("undo", texts.undo, () => {
      state.pending = [];
      state.selected.clear();
      ask({ type: "undo" }); // Python takes back the learner's last move and the bots' after it
      draw();
    });
    add("hint", texts.hint, () => ask({ type: "hint" }));
    add("new_round", texts.new_round, newRound);
  }

  // --- dragging: a card (or the selection it belongs to) onto a meld, the table, the pile --
  const draggedIds = (event) => {
    const id = event.dataTransfer ? event.dataTransfer.getData("text/plain") : "";
    if (!cards().some((c) => c.id === id)) return [];
    return state.selected.has(id) ? chosen() : [id];
  };
  function dropZone(node, onDrop) {
    node.addEventListener("dragover", (event) => {
      event.preventDefault();
      node.classList.add("rl-w-drop-over");
    });
    node.addEventListener("dragleave", () => node.classList.remove("rl-w-drop-over"));
    node.addEventListener("drop", (event) => {
      event.preventDefault();
      event.stopPropagation();
      node.classList.remove("rl-w-drop-over");
      const ids = draggedIds(event);
      if (ids.length) onDrop(ids, event);
    });
  }
  dropZone(melds, (ids) => meldNow(ids));
  if (!practice) dropZone(pile, (ids) => discard(ids[0]));
  // a click on the stock draws, as at a table (a pupil clicked it first); the keyboard and
  // screen readers have the Draw button, so the stock stays out of the tab order
  stockPile.addEventListener("click", () => {
    if (!whyNot(moves(), "draw")) send({ type: "draw" });
  });
  /** Whether one of the cards `ids` may take the place of a joker of meld `id` now. */
  const swapsWith = (id, ids) => (targets().swap || []).some(([m, , card]) => m === id && ids.includes(card));
  function dropOnMeld(id, ids, event) {
    const box = event.currentTarget.getBoundingClientRect();
    const end = dropEnd(targets(), ids[0], id, event.clientX < box.left + box.width / 2);
    const meld = meldOf(id);
    const canSwap = meld && meld.cards.some(isJoker) && swapsWith(id, ids);
    if (!end && canSwap) swap(id, ids);
    else layOff(id, end || "high", ids);
  }

  // --- drawing, in place --------------------------------------------------------------------
  function makeMeld(meld) {
    const box = meldBox(); // its number and its cards' row, as the Replay draws a meld
    const tools = el("div", "rl-w-toolbar");
    const id = meld.id;
    const low = moveButton(texts.lay_off_low, () => layOff(id, "low"), why);
    const high = moveButton(texts.lay_off_high, () => layOff(id, "high"), why);
    const swapButton = moveButton(texts.swap, () => swap(id), why);
    tools.append(low, high, swapButton);
    // its buttons go with the chosen card: the focus then goes back to the hand
    tools.rlFallback = () => hand.querySelector('[data-card][tabindex="0"]') || hand.querySelector("[data-card]");
    box.append(tools);
    box.dataset.meld = String(id);
    dropZone(box, (ids, event) => dropOnMeld(id, ids, event));
    Object.assign(box, { rlTools: tools, rlLow: low, rlHigh: high, rlSwap: swapButton });
    return box;
  }
  function updateMeld(box, meld) {
    setText(box.rlNumber, fill(texts.meld_n, { number: meld.id }));
    syncChildren(box.rlRow, meld.cards, (c) => c.id, (c) => {
      const node = cardElement(c, { kind: isJoker(c) ? "toggle" : "image" });
      if (isJoker(c)) pressable(node, () => chooseJoker(c.id));
      return node;
    }, (node, c) => updateCard(node, c, { kind: isJoker(c) ? "toggle" : "image", selected: state.joker === c.id }));
    // A meld shows only the moves a card of the hand can make on it now, over the foot of its
    // cards: the table keeps its size while cards are chosen (on a 720-px projector the hand
    // and the buttons went off screen when every meld grew a row of buttons).
    const card = chosen()[0]; // the card a lay-off lays (layOff)
    const ends = (targets().lay_off || []).filter((t) => t[0] === card && t[1] === meld.id).map((t) => t[2]);
    const here = (reason, ok) => (reason || ok || !moves() ? reason : texts.no_fit_here);
    const offers = [
      [box.rlLow, meld.kind === "run", here(whyNot(moves(), "lay_off"), ends.includes("low"))],
      [box.rlHigh, true, here(whyNot(moves(), "lay_off"), ends.includes("high"))],
      [box.rlSwap, meld.cards.some(isJoker), here(whyNot(moves(), "swap"), swapsWith(meld.id, chosen()))],
    ];
    for (const [button, fits, reason] of offers) {
      offer(button, reason, why);
      button.hidden = !fits || Boolean(reason) || !chosen().length;
    }
    box.rlTools.hidden = offers.every(([button]) => button.hidden);
  }
  function drawMelds() {
    const table = shown("table") || [];
    const seats = [...players.children];
    const home = (m) => (practice || !m.owner || !seats[m.owner] ? meldRow : seats[m.owner].rlMelds);
    syncChildren(meldRow, table.filter((m) => home(m) === meldRow), (m) => m.id, makeMeld, updateMeld);
    for (const seat of seats) syncChildren(seat.rlMelds, table.filter((m) => home(m) === seat.rlMelds), (m) => m.id, makeMeld, updateMeld);
    dropHint.hidden = practice || table.some((m) => home(m) === meldRow);
  }
  function makeHandCard(c) {
    const node = cardElement(c);
    node.draggable = true;
    node.addEventListener("click", () => toggle(c.id));
    node.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", c.id));
    node.addEventListener("dragover", (e) => e.preventDefault());
    node.addEventListener("drop", (e) => {
      e.preventDefault();
      e.stopPropagation();
      const moved = e.dataTransfer.getData("text/plain");
      if (!state.order.includes(moved) || moved === c.id) return;
      reorder(moveId(state.order, moved, state.order.indexOf(c.id) - state.order.indexOf(moved)));
    });
    return node;
  }
  function reorder(order) {
    state.order = order;
    state.sort = "own"; // the learner's own order, kept from now on
    sortBox.rlSelect.value = "own";
    draw();
  }
  function draw() {
    stageFirst();
    keepFocus(root, () => {
      const known = Object.fromEntries(cards().map((c) => [c.id, c]));
      const onTable = new Set(model.get("table").flatMap((m) => m.cards.map((c) => c.id)));
      if (state.joker && !onTable.has(state.joker)) state.joker = null;
      setText(title, model.get("title"));
      const back = model.get("card_back") || "";
      const seen = shown("players") || [];
      syncChildren(players, seen, (p) => p.name, makeSeat, (seat, p) => updateSeat(seat, p, { texts, back, me: p === seen[0] }));
      drawMelds();
      if (!practice) {
        setText(stock, fill(texts.stock, { n: shown("stock_size") }));
        stockPile.classList.toggle("rl-w-empty", !shown("stock_size"));
        const top = shown("top_discard");
        syncChildren(pileTop, top && top.id ? [top] : [], (c) => c.id, (c) => cardElement(c, { kind: "image" }), (node, c) => updateCard(node, c, { kind: "image" }));
      }
      setLines(pending, state.pending.map((ids) => ids.map((id) => (known[id] || {}).label).join(", ")));
      const aside = new Set(state.pending.flat());
      state.order = handOrder(cards(), state.order, state.sort);
      syncChildren(hand, state.order.filter((id) => !aside.has(id) && known[id]).map((id) => known[id]), (c) => c.id, makeHandCard, (node, c) => {
        updateCard(node, c, { selected: state.selected.has(c.id) });
        node.classList.toggle("rl-w-fresh", state.fresh.has(c.id)); // just drawn or taken
      });
      ensureTabStop(hand);
      hand.style.setProperty("--rl-w-n", String(hand.children.length)); // how the fan overlaps
      for (const [kind, node] of Object.entries(buttons)) offer(node, whyNot(moves(), kind), why);
      if (buttons.knock) buttons.knock.hidden = !model.get("can_knock");
      if (buttons.pass) buttons.pass.hidden = !model.get("knock_open");
      if (buttons.undo) buttons.undo.hidden = !model.get("can_undo");
      if (levelBox && model.get("level")) levelBox.rlSelect.value = model.get("level");
      setLines(error, model.get("message"));
      setLines(hint, model.get("hint_text"));
      setLines(result, model.get("result"));
      drawLog();
    });
  }

  // --- the log: a line per move, its cards as pictures and, for a computer player, why -----
  function entryOf(line) {
    return (model.get("entries") || []).findLast((e) => e.text === line);
  }
  function dressLine(node) {
    const entry = entryOf(node.rlLine);
    if (!entry || node.rlEntry === entry.number) return;
    node.rlEntry = entry.number;
    const pictures = el("span", "rl-w-log-cards");
    pictures.setAttribute("aria-hidden", "true"); // the line names the cards already
    for (const c of entry.cards || []) pictures.appendChild(cardElement(c, { kind: "image" }));
    const reason = el("span", "rl-w-log-why", entry.why || "");
    node.querySelectorAll(".rl-w-log-cards, .rl-w-log-why").forEach((n) => n.remove());
    if (entry.cards && entry.cards.length) node.appendChild(pictures);
    if (entry.why) node.appendChild(reason);
  }
  function drawLog() {
    const next = model.get("log") || [];
    const { fresh, lines } = newLogLines(state.log, next);
    state.log = next;
    if (fresh) log.replaceChildren();
    for (const line of lines) { // a log only grows: additions are read
      const node = el("div", "rl-w-log-line");
      node.appendChild(el("span", "rl-w-log-text", line));
      node.rlLine = line;
      log.appendChild(node);
    }
    while (log.children.length > LOG_LINES) log.firstElementChild.remove();
    for (const node of log.children) dressLine(node);
  }
  const seatOf = (player) => players.children[player] || null;
  /** The table after `entry` (its `after`: ids), drawn with the cards Python sent. */
  function stagedTable(after) {
    if (!after || !Array.isArray(after.table)) return null;
    const known = new Map();
    const learn = (c) => { if (c && c.id && !known.has(c.id)) known.set(c.id, c); };
    for (const m of model.get("table") || []) m.cards.forEach(learn); // as they lie now first
    learn(model.get("top_discard"));
    for (const e of model.get("entries") || []) (e.cards || []).forEach(learn);
    const now = model.get("players") || [];
    return {
      table: after.table.map(([id, owner, kind, ids]) => ({ id, owner, kind, cards: ids.map((i) => known.get(i)).filter(Boolean) })),
      top_discard: known.get(after.top) || {},
      stock_size: after.stock,
      players: now.map((p, i) => ({ ...p, cards: (after.hands || [])[i] ?? p.cards, current: i === after.current, shown: [] })),
    };
  }
  function beforeTheirs(entries, seen) {
    // the table just before the bots' first move after entry `seen`: where it waits for them
    const first = entries.findIndex((e) => e.number > seen && e.player !== 0);
    return first > 0 ? stagedTable(entries[first - 1].after) : null;
  }
  /** New bot moves not shown yet: the table waits at the first one's start (Python's whole
   * new state arrives at once, and would show the end of their turn before the moves). */
  function stageFirst() {
    if (state.staged || !state.shown || !PACES[state.pace]) return;
    state.staged = beforeTheirs(model.get("entries") || [], state.seen);
  }
  function stage(entry, when) {
    const entries = model.get("entries") || [];
    const before = entry && entries[entries.findIndex((e) => e.number === entry.number) - 1];
    state.staged = when === "done" ? null : stagedTable(when === "after" ? entry.after : before && before.after);
    draw();
  }
  const bots = botPlayer(root, {
    stage,
    pace: () => state.pace,
    back: () => model.get("card_back"),
    line: (entry) => [...log.children].find((n) => n.rlEntry === entry.number) || null,
    places: (entry) => {
      const spot = {
        stock: stockPile,
        pile,
        seat: seatOf(entry.player),
        table: root.querySelector(`[data-meld="${entry.meld}"]`) || (seatOf(entry.player) || {}).rlMelds || meldRow,
      };
      const [from, to] = path(entry.kind);
      return { from: spot[from], to: spot[to] };
    },
  });
  function playNewEntries() {
    const entries = model.get("entries") || [];
    const seen = state.seen;
    const fresh = entries.filter((e) => e.number > seen);
    state.seen = Math.max(0, ...entries.map((e) => e.number)); // after an undo: fewer
    if (!state.shown) { // the moves made before the page was shown are not played again
      state.shown = true;
      return;
    }
    if (fresh.some((e) => e.player === 0)) bots.stop(); // the learner moved: what was queued is old
    const theirs = fresh.filter((e) => e.player !== 0);
    if (!theirs.length) return;
    const waiting = PACES[state.pace] && !bots.busy() ? beforeTheirs(entries, seen) : null;
    if (waiting) { // the table waits at their first move's start
      state.staged = waiting;
      draw();
    }
    bots.play(theirs);
  }

  roving(hand, { onToggle: toggle, onMove: (id, step) => reorder(moveId(state.order, id, step)) });
  for (const name of ["cards", "table", "top_discard", "message", "hint_text", "result", "log", "players", "stock_size", "can_knock", "knock_open", "can_undo", "title", "moves", "targets", "level", "card_back"]) {
    model.on(`change:${name}`, () => {
      if (name === "cards") {
        const ids = new Set(cards().map((c) => c.id));
        state.selected = new Set([...state.selected].filter((id) => ids.has(id)));
        state.pending = state.pending.filter((meld) => meld.every((id) => ids.has(id)));
        state.fresh = freshCards(state.held, ids);
        state.held = ids;
      }
      draw();
    });
  }
  model.on("change:entries", () => {
    draw();
    playNewEntries();
  });
  draw();
  playNewEntries();
}
