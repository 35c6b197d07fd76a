// The moves a round's page offers: Python says which are legal now (the `moves` field, from
// the engine's legal_actions) and, for the others, why not. The page computes no rule.
//
// A move that is not possible now stays in the tab order, marked aria-disabled, and explains
// itself: its reason is its accessible description and, while it has the focus or the pointer,
// the visible line under the buttons. Pressing it says the reason again and sends nothing.
import { attr, button, el, setText, uniqueId } from "./dom.js";

/** Why `kind` is not possible now ("" when it is); with no `moves` (an old kernel) all are. */
export function whyNot(moves, kind) {
  if (!moves || typeof moves !== "object" || !(kind in moves)) return "";
  return String(moves[kind] || "");
}

/**
 * A move's button: `onPress` runs only while the move is offered. `why` (a node shared by a
 * row of buttons) shows the reason of the one that has the focus or the pointer.
 */
export function moveButton(label, onPress, why, className = "") {
  const reason = el("span", "rl-w-sr-only");
  reason.id = uniqueId("rl-w-why");
  const node = button(label, () => {
    if (node.rlWhy) setText(why, node.rlWhy);
    else onPress();
  }, className);
  node.rlReason = reason;
  node.rlWhy = "";
  const show = () => setText(why, node.rlWhy);
  const hide = () => { if (why.textContent === node.rlWhy) setText(why, ""); };
  node.addEventListener("focus", show);
  node.addEventListener("mouseenter", show);
  node.addEventListener("blur", hide);
  node.addEventListener("mouseleave", () => { if (document.activeElement !== node) hide(); });
  return node;
}

/** Offer the move or not: aria-disabled with its reason, or pressable. */
export function offer(node, reason, why) {
  const text = reason || "";
  node.rlWhy = text;
  setText(node.rlReason, text);
  attr(node, "aria-disabled", text ? "true" : null);
  node.classList.toggle("rl-w-off", Boolean(text));
  if (text && !node.rlReason.isConnected && node.parentNode) node.parentNode.appendChild(node.rlReason);
  attr(node, "aria-describedby", text ? node.rlReason.id : null);
  if (document.activeElement === node || node.matches(":hover")) setText(why, text);
}
