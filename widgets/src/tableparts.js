// The parts of a card table that only show what Python sent: the seats (name, card backs for
// the hand's size, the melds the player laid), the stock face down with its count, the discard
// pile face up, a choice (a labelled <select>), and the hand's order (sorted by default).
import { attr, el, fill, setText, svgNode, uniqueId } from "./dom.js";
import { sortIds } from "./hand.js";

export const MAX_BACKS = 15; // a hand is drawn as at most this many backs (the count says all)

/** A seat at the table: its name line, its hand as card backs, its melds. */
export function makeSeat() {
  const seat = el("li", "rl-w-seat");
  const name = el("span", "rl-w-seat-name");
  const backs = el("div", "rl-w-backs");
  backs.setAttribute("aria-hidden", "true");
  const melds = el("div", "rl-w-seat-melds");
  melds.setAttribute("role", "group");
  seat.append(name, backs, melds);
  Object.assign(seat, { rlName: name, rlBacks: backs, rlMelds: melds });
  return seat;
}

/** Bring a seat up to date: `p` is {name, cards, current, shown}; `me`: the learner's own
 * seat. `shown`: the hand's cards, laid open once the round is over. */
export function updateSeat(seat, p, { texts, back, me }) {
  setText(seat.rlName, fill(texts.cards_in_hand, { player: p.name, n: p.cards }));
  seat.classList.toggle("rl-w-current", Boolean(p.current));
  seat.classList.toggle("rl-w-seat-me", Boolean(me));
  attr(seat, "aria-current", p.current ? "true" : null);
  attr(seat.rlMelds, "aria-label", fill(texts.melds_of || "{player}", { player: p.name }));
  const faces = (p.shown || []).filter((c) => c && typeof c.svg === "string");
  const key = faces.length ? faces.map((c) => c.id).join(" ") : back;
  attr(seat.rlBacks, "aria-hidden", faces.length ? null : "true"); // backs say nothing
  if (faces.length) {
    // the round is over: the hand is laid open, to count what it costs
    if (seat.rlBacks.rlBack !== key) seat.rlBacks.replaceChildren(...faces.map(openCard));
    seat.rlBacks.rlBack = key;
    return;
  }
  const shown = me ? 0 : Math.min(p.cards, MAX_BACKS);
  if (seat.rlBacks.children.length !== shown || seat.rlBacks.rlBack !== key) {
    seat.rlBacks.replaceChildren(...Array.from({ length: shown }, () => backNode(back)));
    seat.rlBacks.rlBack = key;
  }
}

/** A card of a hand laid open at the end of the round: its face, named for screen readers. */
function openCard(c) {
  const node = el("span", "rl-w-open-card");
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", c.label || "");
  const drawing = svgNode(c.svg);
  drawing.setAttribute("aria-hidden", "true");
  node.appendChild(drawing);
  return node;
}

/** A card's back (the drawing Python sent), silent for screen readers. */
export function backNode(back) {
  const node = el("span", "rl-w-back");
  node.setAttribute("aria-hidden", "true");
  if (back) node.appendChild(svgNode(back));
  return node;
}

/** A labelled choice: [[value, text], …]; onChange(value). Returns the label around it. */
export function choice(label, options, value, onChange) {
  const box = el("label", "rl-w-choice");
  const select = el("select", "rl-w-select");
  select.id = uniqueId("rl-w-choice");
  for (const [key, text] of options) {
    const option = el("option", "", text);
    option.value = key;
    select.appendChild(option);
  }
  select.value = value;
  select.addEventListener("change", () => onChange(select.value));
  box.append(el("span", "rl-w-label", label), select);
  box.rlSelect = select;
  return box;
}

/**
 * The hand's order: sorted by suit (then rank) or by rank, or the learner's own ("own"), in
 * which cards keep their places and a new card comes last.
 */
export function handOrder(cards, previous, sort) {
  const ids = cards.map((c) => c.id);
  if (sort === "suit" || sort === "rank") return sortIds(cards, ids, sort);
  const present = new Set(ids);
  const kept = previous.filter((id) => present.has(id));
  const known = new Set(kept);
  return [...kept, ...ids.filter((id) => !known.has(id))];
}
