// Cards as the views show them. A card the learner can select is a checkbox in a row with
// one tab stop (the arrow keys move within the row); a card that can only be pressed (a
// table joker to swap) is a toggle button; a card that does nothing is an image with its
// spoken name, not a control.
import { attr, el, svgNode } from "./dom.js";
import { moveFocus } from "./focus.js";

/** A card node; `card` is {id, label, svg}. Bring it up to date with updateCard. */
export function cardElement(card, options = {}) {
  const node = el("div", "rl-w-card");
  node.dataset.card = card.id;
  updateCard(node, card, options);
  return node;
}

/**
 * Bring a card node up to date: its drawing (only when it changed), its spoken name and what
 * it is. kind: "checkbox" (selectable, in a roving row), "toggle" (a button that is pressed
 * or not) or "image" (nothing to do).
 */
export function updateCard(node, card, { selected = false, kind = "checkbox" } = {}) {
  if (node.rlSvg !== card.svg) {
    const old = node.querySelector("svg, .rl-w-missing");
    const drawing = svgNode(card.svg);
    if (old) old.replaceWith(drawing);
    else node.prepend(drawing);
    node.rlSvg = card.svg;
  }
  attr(node, "aria-label", card.label);
  attr(node, "role", { checkbox: "checkbox", toggle: "button", image: "img" }[kind]);
  attr(node, "aria-checked", kind === "checkbox" ? String(selected) : null);
  attr(node, "aria-pressed", kind === "toggle" ? String(selected) : null);
  if (kind === "image") {
    node.removeAttribute("tabindex");
  } else if (kind === "toggle") {
    node.tabIndex = 0; // a few jokers on the table: each is its own tab stop
  } else if (!node.hasAttribute("tabindex")) {
    node.tabIndex = -1; // the row decides which card is its tab stop
  }
  node.classList.toggle("rl-w-selected", Boolean(selected));
  node.classList.toggle("rl-w-inert", kind === "image");
}

/** The selectable cards of a row, in order. */
export function rowCards(row) {
  return [...row.children].filter((node) => node.dataset.card !== undefined && node.getAttribute("role") === "checkbox");
}

/** Keep exactly one tab stop in a row: the card that had it, else the first. */
export function ensureTabStop(row) {
  const cards = rowCards(row);
  const stop = cards.find((c) => c.tabIndex === 0) || cards[0];
  for (const card of cards) card.tabIndex = card === stop ? 0 : -1;
}

/**
 * A row of selectable cards: arrows, Home and End move the focus; Space (and Enter, if
 * onConfirm is given) act on the focused card; Shift + arrows call onMove.
 */
export function roving(row, { onToggle, onConfirm, onMove } = {}) {
  row.addEventListener("keydown", (event) => {
    const cards = rowCards(row);
    const current = cards.indexOf(document.activeElement);
    if (current < 0) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const id = cards[current].dataset.card;
    if (step && event.shiftKey && onMove) {
      event.preventDefault();
      onMove(id, step);
    } else if (step && !event.shiftKey) {
      event.preventDefault();
      focusCard(cards, current + step);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      focusCard(cards, event.key === "Home" ? 0 : cards.length - 1);
    } else if (event.key === " " && onToggle) {
      event.preventDefault();
      onToggle(id);
    } else if (event.key === "Enter" && (onConfirm || onToggle)) {
      event.preventDefault();
      (onConfirm || onToggle)(id);
    }
  });
}

/** Give focus to the card at index (clamped), making it the one tab stop. */
export function focusCard(cards, index) {
  if (!cards.length) return;
  moveFocus(cards[Math.max(0, Math.min(cards.length - 1, index))]);
}

/** A toggle card (a table joker) answers Space and Enter like a button. */
export function pressable(node, onPress) {
  node.addEventListener("click", onPress);
  node.addEventListener("keydown", (event) => {
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      onPress();
    }
  });
}
