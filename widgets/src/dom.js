// Small DOM helpers. Learner-visible text is always set with textContent, never innerHTML.
// The views update their nodes in place: a node made once keeps its identity (and the
// keyboard's focus, and a screen reader's attention) for as long as what it shows is there.

/** An element with a class and, optionally, text. */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A button that does something when pressed (mouse, Enter or Space). */
export function button(label, onClick, className = "") {
  const node = el("button", ("rl-w-button " + className).trim(), label);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

let counter = 0;
/** A page-unique id for aria-labelledby and aria-describedby. */
export function uniqueId(prefix = "rl-w") {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 7)}`;
}

/** Parse the kit's own SVG drawing of a card (made by Python from one template) into a node. */
export function svgNode(markup) {
  const doc = new DOMParser().parseFromString(markup, "image/svg+xml");
  const root = doc.documentElement;
  if (!root || root.nodeName !== "svg") return el("span", "rl-w-missing", "?");
  // the card element around it carries the spoken name; the drawing itself stays silent
  root.removeAttribute("role");
  root.removeAttribute("aria-label");
  for (const title of [...root.querySelectorAll("title")]) title.remove();
  root.setAttribute("aria-hidden", "true");
  root.setAttribute("focusable", "false");
  return document.importNode(root, true);
}

/** Fill a "{name}" template with values. */
export function fill(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

/** Set an attribute only when it changes (null removes it). */
export function attr(node, name, value) {
  if (value === null || value === undefined || value === false) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
  } else if (node.getAttribute(name) !== String(value)) {
    node.setAttribute(name, String(value));
  }
}

/** Set a node's text only when it changes, so that a live region speaks only news. */
export function setText(node, text) {
  const value = text === undefined || text === null ? "" : String(text);
  if (node.textContent !== value) node.textContent = value;
}

/** A live region, made once with the view and then only given new text. */
export function liveRegion(className, role = "status") {
  const node = el("div", className);
  node.setAttribute("role", role);
  if (role === "log") node.setAttribute("aria-live", "polite");
  return node;
}

/** Show lines as one <div> each, reusing the line nodes that are already there. */
export function setLines(box, lines) {
  const wanted = lines || [];
  while (box.children.length > wanted.length) box.lastElementChild.remove();
  wanted.forEach((line, i) => {
    const node = box.children[i] || box.appendChild(el("div", ""));
    setText(node, line);
  });
}

/** Insert node before ref, keeping its focus and state where the browser can (moveBefore). */
function place(parent, node, ref) {
  if (node.parentNode === parent && node.nextSibling === ref) return;
  if (node.isConnected && parent.isConnected && typeof parent.moveBefore === "function") {
    try {
      parent.moveBefore(node, ref);
      return;
    } catch {
      // a node from another document, or an old browser: insert it plainly
    }
  }
  parent.insertBefore(node, ref);
}

/**
 * Make parent's children show items, in order: a child keeps its node as long as an item
 * with its key is there (create(item) makes the node once, update(node, item) brings it up
 * to date). Every child of parent is expected to be made here.
 */
export function syncChildren(parent, items, keyOf, create, update) {
  const keys = items.map(keyOf);
  const wanted = new Set(keys);
  const existing = new Map();
  for (const child of [...parent.children]) {
    if (wanted.has(child.rlKey) && !existing.has(child.rlKey)) existing.set(child.rlKey, child);
    else child.remove(); // gone first, so that what stays need not move around it
  }
  let ref = parent.firstElementChild;
  items.forEach((item, i) => {
    let node = existing.get(keys[i]);
    if (!node) {
      node = create(item);
      node.rlKey = keys[i];
    }
    if (update) update(node, item);
    if (node === ref) ref = ref.nextElementSibling;
    else place(parent, node, ref);
  });
}

/** Send a message the view has already answered from the page's own data (a quiz's prepared
 * feedback, a meld builder's table): a page whose Python cannot run need not say so for it. */
export function sendAnswered(model, message) {
  if (typeof model.answeredHere === "function") model.answeredHere(); // the page's Python only
  model.send(message);
}
