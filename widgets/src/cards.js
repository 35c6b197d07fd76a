// A card the learner can touch: focusable, with its spoken name and its selected state.
import { el, svgNode } from "./dom.js";

/** A card element; `card` is {id, label, svg}. */
export function cardElement(card, { selected = false, role = "checkbox", caption } = {}) {
  const node = el("div", "rl-w-card");
  node.dataset.card = card.id;
  node.tabIndex = -1;
  node.setAttribute("role", role);
  node.setAttribute(role === "checkbox" ? "aria-checked" : "aria-pressed", String(selected));
  node.setAttribute("aria-label", card.label);
  if (selected) node.classList.add("rl-w-selected");
  node.appendChild(svgNode(card.svg));
  if (caption) node.appendChild(el("span", "rl-w-caption", caption));
  return node;
}

/** Move focus among the cards of a container with the arrow keys; Space and Enter act. */
export function roving(container, { onToggle, onConfirm, onMove } = {}) {
  container.addEventListener("keydown", (event) => {
    const cards = [...container.querySelectorAll("[data-card]")];
    const current = cards.indexOf(document.activeElement);
    if (current < 0) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step && event.shiftKey && onMove) {
      event.preventDefault();
      onMove(cards[current].dataset.card, step);
    } else if (step) {
      event.preventDefault();
      focusCard(cards, current + step);
    } else if (event.key === " " && onToggle) {
      event.preventDefault();
      onToggle(cards[current].dataset.card);
    } else if (event.key === "Enter" && onConfirm) {
      event.preventDefault();
      onConfirm(cards[current].dataset.card);
    }
  });
}

/** Give focus to the card at index (clamped), making it the one tab stop. */
export function focusCard(cards, index) {
  if (!cards.length) return;
  const target = cards[Math.max(0, Math.min(cards.length - 1, index))];
  for (const card of cards) card.tabIndex = card === target ? 0 : -1;
  target.focus();
}

/** Make the first card (or the card with this id) the tab stop without moving focus. */
export function setTabStop(container, id) {
  const cards = [...container.querySelectorAll("[data-card]")];
  const chosen = cards.find((c) => c.dataset.card === id) || cards[0];
  for (const card of cards) card.tabIndex = card === chosen ? 0 : -1;
}
