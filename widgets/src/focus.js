// The keyboard's focus across a view's updates. A view updates its nodes in place; the node
// that had the focus keeps it. When that node is gone (a card left the row, a button is no
// longer offered), the focus goes to the nearest sensible place: the next item of the same
// row or toolbar, else the previous one, else what the container names as its fallback
// (`container.rlFallback = () => node`), else the widget's own heading or root.

const FOCUSABLE = "button, input, select, textarea, [tabindex]";

function canFocus(node, root) {
  return Boolean(
    node &&
      node.isConnected &&
      root.contains(node) &&
      node.matches(FOCUSABLE) &&
      !node.disabled &&
      !node.closest("[hidden]"),
  );
}

/** Focus node; a card becomes its row's one tab stop. */
export function moveFocus(node) {
  if (node.dataset && node.dataset.card !== undefined && node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling.dataset.card !== undefined && sibling.hasAttribute("tabindex")) sibling.tabIndex = sibling === node ? 0 : -1;
    }
  }
  node.focus({ preventScroll: false });
}

/** Where the focus may go if `active` disappears, nearest first (evaluated after the update). */
function fallbacks(active, root) {
  const later = [];
  const earlier = [];
  const parent = active.parentElement;
  if (parent) {
    let seen = false;
    for (const sibling of parent.children) {
      if (sibling === active) seen = true;
      else if (seen) later.push(sibling);
      else earlier.unshift(sibling);
    }
  }
  const up = [];
  for (let node = parent; node && node !== root.parentElement; node = node.parentElement) {
    if (typeof node.rlFallback === "function") up.push(node.rlFallback);
  }
  return () => [...later, ...earlier, ...up.map((f) => f()), root.querySelector("[data-rl-heading]"), root];
}

/**
 * Run update(); afterwards the focus is where it was, or, if that node is gone, at the
 * nearest sensible place in the widget. Focus outside the widget is never touched.
 */
export function keepFocus(root, update) {
  const active = document.activeElement;
  if (!active || active === document.body || !root.contains(active) || active === root) {
    update();
    return;
  }
  const candidates = fallbacks(active, root);
  update();
  if (canFocus(active, root)) {
    if (document.activeElement !== active) moveFocus(active); // moved within its row
    return;
  }
  const target = candidates().find((node) => canFocus(node, root));
  if (target) moveFocus(target);
}
