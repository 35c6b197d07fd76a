// Small DOM helpers. Learner-visible text is always set with textContent, never innerHTML.

/** An element with a class and, optionally, text. */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Parse the kit's own SVG drawing of a card (made by Python from one template) into a node. */
export function svgNode(markup) {
  const doc = new DOMParser().parseFromString(markup, "image/svg+xml");
  const root = doc.documentElement;
  if (!root || root.nodeName !== "svg") return el("span", "rl-w-missing", "?");
  // the card element around it carries the spoken name; the drawing itself stays silent
  root.removeAttribute("role");
  root.removeAttribute("aria-label");
  root.setAttribute("aria-hidden", "true");
  return document.importNode(root, true);
}

/** Fill a "{name}" template with values. */
export function fill(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}
