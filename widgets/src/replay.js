// Replay: a whole round, move by move. Every frame is in the page (Python made them all when
// the widget was made), so the view steps through them on its own: in a kernel, in the book,
// in an exported page with no Python at all. It tells Python where it is ("step", "view"),
// so that a kernel knows; Python may move it too (replay.go(n), replay.show(p)).
//
// Keyboard: ←/→ one move, Home/End the deal and the last move, anywhere in the widget except
// the slider and the picker, which have their own keys (the slider: arrows, Page Up/Down,
// Home/End). The buttons stay in place and focusable at the ends (aria-disabled), so the
// focus never jumps. The move's line is a polite live region; its cards are drawn beside it.
import { cardElement, updateCard } from "./cards.js";
import { attr, button, el, fill, liveRegion, setLines, setText, syncChildren, uniqueId } from "./dom.js";
import { keepFocus } from "./focus.js";
import { meldBox, tableParts } from "./piles.js";

const ALL_HANDS = -1;

/** A frame number within 0..last, or null when value is not a whole number. */
export function clampFrame(value, last) {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n)) return null;
  return Math.max(0, Math.min(last, n));
}

/**
 * What this view sent Python and Python has not answered yet. Python answers each "step"
 * by setting "current" to it: an answer to an earlier step is not news while later ones are
 * due (else quick steps would flicker back); a value never sent is Python's own move.
 */
export function pendingEchoes(limit = 64) {
  const sent = [];
  return {
    sent(value) {
      sent.push(value);
      if (sent.length > limit) sent.shift();
    },
    /** Whether Python's value is to be shown now. */
    heard(value) {
      const at = sent.indexOf(value);
      if (at < 0) {
        sent.length = 0;
        return true;
      }
      sent.splice(0, at + 1);
      return sent.length === 0;
    },
  };
}

/** Each player as a frame shows them under a view: their cards, or only how many. */
export function seatsOf(frame, names, viewOf) {
  return names.map((name, player) => {
    const hand = frame.hands[player] || [];
    const open = viewOf === ALL_HANDS || viewOf === player;
    return { player, name, open, cards: open ? hand : [], count: hand.length, toMove: !frame.over && frame.current === player };
  });
}

/** A frame's line: the deal, or the move and why; under one player's view, the others'
 * reasons stay hidden (they speak of cards that player cannot see). */
export function frameLine(frame, names, viewOf, texts) {
  if (!frame.move) return fill(texts.replay_dealt, { player: names[frame.current] || "" });
  const mine = viewOf === ALL_HANDS || viewOf === frame.player;
  return mine && frame.reason ? `${frame.said} ${frame.reason}` : frame.said;
}

export function renderReplay({ model, el: root }) {
  const texts = model.get("texts");
  const frames = () => model.get("frames") || [];
  const last = () => Math.max(0, frames().length - 1);
  const names = () => model.get("names") || [];
  const state = { current: clampFrame(model.get("current"), last()) ?? 0, viewOf: model.get("view_of") ?? ALL_HANDS };
  const steps = pendingEchoes();
  const views = pendingEchoes();
  const tell = (message) => {
    try {
      model.send(message); // a kernel keeps track; a page with no kernel has no one to tell
    } catch {
      // nothing listens
    }
  };
  const card = (index) => (model.get("cards") || [])[index];

  // --- the parts, made once -----------------------------------------------------------------
  const title = el("div", "rl-w-title");
  title.dataset.rlHeading = "";
  title.tabIndex = -1;
  const nav = el("div", "rl-w-toolbar rl-w-replay-nav");
  const first = button(texts.replay_first, () => go(0));
  const back = button(texts.replay_back, () => go(state.current - 1));
  const forward = button(texts.replay_forward, () => go(state.current + 1));
  const end = button(texts.replay_last, () => go(last()));
  nav.append(first, back, forward, end);
  const sliderLabel = el("label", "rl-w-replay-slider");
  const slider = el("input", "rl-w-slider");
  slider.type = "range";
  slider.min = "0";
  slider.step = "1";
  const position = el("span", "rl-w-replay-position");
  position.setAttribute("aria-hidden", "true"); // the slider says it (aria-valuetext)
  sliderLabel.append(el("span", "rl-w-label", texts.replay_move), slider, position);
  slider.addEventListener("input", () => go(clampFrame(slider.value, last()) ?? state.current));
  const pickerLabel = el("label", "rl-w-pin-label", texts.replay_hands + " ");
  const picker = el("select", "rl-w-pin");
  pickerLabel.append(picker);
  picker.addEventListener("change", () => show(Number(picker.value)));
  const shown = el("div", "rl-w-row rl-w-replay-cards");
  shown.setAttribute("aria-hidden", "true"); // the line names them
  const line = liveRegion("rl-w-replay-line");
  const seats = el("div", "rl-w-seats");
  const { melds, piles, stock, pileTop } = tableParts(texts);
  const result = liveRegion("rl-w-result");
  const error = liveRegion("rl-w-error");
  root.append(title, nav, sliderLabel, pickerLabel, shown, line, seats, melds, piles, result, error);

  // --- moving -------------------------------------------------------------------------------
  function go(target) {
    const next = clampFrame(target, last());
    if (next === null || next === state.current) return;
    state.current = next;
    steps.sent(next);
    tell({ type: "step", move: next });
    draw();
  }
  function show(player) {
    const known = player === ALL_HANDS || (Number.isInteger(player) && player >= 0 && player < names().length);
    if (!known || player === state.viewOf) return;
    state.viewOf = player;
    views.sent(player);
    tell({ type: "view", player });
    draw();
  }
  root.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return; // their own keys
    const target = { ArrowLeft: state.current - 1, ArrowRight: state.current + 1, Home: 0, End: last() }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    go(target);
  });

  // --- drawing, in place --------------------------------------------------------------------
  function images(row, indices, key) {
    syncChildren(row, indices.map((i) => card(i)).filter(Boolean), (c) => `${key}:${c.id}`, (c) => cardElement(c, { kind: "image" }), (node, c) => updateCard(node, c, { kind: "image" }));
  }
  function makeSeat() {
    const box = el("div", "rl-w-seat");
    const name = el("div", "rl-w-seat-name");
    name.id = uniqueId("rl-w-seat");
    const row = el("div", "rl-w-row rl-w-seat-cards");
    row.setAttribute("role", "group");
    row.setAttribute("aria-labelledby", name.id);
    const count = el("div", "rl-w-seat-count");
    box.append(name, row, count);
    Object.assign(box, { rlName: name, rlRow: row, rlCount: count });
    return box;
  }
  function updateSeat(box, seat) {
    setText(box.rlName, seat.name);
    box.classList.toggle("rl-w-current", seat.toMove);
    attr(box.rlName, "aria-current", seat.toMove ? "true" : null);
    images(box.rlRow, seat.cards, seat.player);
    box.rlRow.hidden = !seat.open || !seat.cards.length;
    setText(box.rlCount, seat.open ? "" : fill(texts.cards_in_hand, { player: seat.name, n: seat.count }));
    box.rlCount.hidden = seat.open;
  }
  function updateMeld(box, meld) {
    setText(box.rlNumber, fill(texts.meld_n, { number: meld.id }));
    images(box.rlRow, meld.cards, `m${meld.id}`);
  }
  function draw() {
    keepFocus(root, () => {
      const all = frames();
      if (!all.length) return;
      state.current = clampFrame(state.current, last()) ?? 0;
      const frame = all[state.current];
      const who = names();
      setText(title, model.get("title"));
      for (const [button_, off] of [[first, state.current === 0], [back, state.current === 0], [forward, state.current === last()], [end, state.current === last()]]) {
        attr(button_, "aria-disabled", off ? "true" : null);
      }
      slider.max = String(last());
      if (slider.value !== String(state.current)) slider.value = String(state.current);
      const spoken = fill(texts.replay_position, { n: state.current, count: last() });
      setText(position, spoken);
      attr(slider, "aria-valuetext", state.current ? spoken : frameLine(frame, who, ALL_HANDS, texts));
      const options = [{ value: ALL_HANDS, label: texts.replay_all_hands }, ...who.map((name, p) => ({ value: p, label: fill(texts.replay_view_of, { player: name }) }))];
      syncChildren(picker, options, (o) => String(o.value), (o) => {
        const option = el("option", "", o.label);
        option.value = String(o.value);
        return option;
      }, (option, o) => setText(option, o.label));
      if (picker.value !== String(state.viewOf)) picker.value = String(state.viewOf);
      images(shown, frame.shown || [], "shown");
      shown.hidden = !(frame.shown || []).length;
      setText(line, frameLine(frame, who, state.viewOf, texts));
      syncChildren(seats, seatsOf(frame, who, state.viewOf), (s) => String(s.player), makeSeat, updateSeat);
      syncChildren(melds, frame.table, (m) => String(m.id), meldBox, updateMeld);
      melds.hidden = !frame.table.length;
      setText(stock, fill(texts.stock, { n: frame.stock }));
      images(pileTop, frame.top || [], "top");
      setLines(result, frame.over ? model.get("result") : []);
      setText(error, model.get("error"));
    });
  }
  model.on("change:current", () => {
    const value = clampFrame(model.get("current"), last());
    if (value !== null && steps.heard(value) && value !== state.current) {
      state.current = value;
      draw();
    }
  });
  model.on("change:view_of", () => {
    const value = model.get("view_of");
    if (views.heard(value) && value !== state.viewOf) {
      state.viewOf = value;
      draw();
    }
  });
  for (const name of ["error", "frames", "names", "result", "title"]) model.on(`change:${name}`, () => draw());
  draw();
}
