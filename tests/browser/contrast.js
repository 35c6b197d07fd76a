// The contrast of everything the kit draws, computed from the browser's own computed styles
// (WCAG 2.2: 4.5:1 for text, 3:1 for large text and for graphics such as the joker's star).
// Evaluated by tests/browser/test_accessibility.py; returns the pairs that fail.
(scope) => {
  const parse = (value) => {
    const m = String(value).match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r, g, b, a };
  };
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const luminance = ({ r, g, b }) => {
    const f = (c) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  // the colour behind an element: its ancestors' backgrounds, composited from the page down
  const background = (node) => {
    const layers = [];
    for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
      const style = getComputedStyle(n);
      const colour = parse(style.backgroundColor);
      if (colour && colour.a > 0) layers.push(colour);
      if (colour && colour.a >= 1) break;
    }
    let result = { r: 255, g: 255, b: 255, a: 1 };
    for (const layer of layers.reverse()) result = over(layer, result);
    return result;
  };
  const visible = (node) => {
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(node).visibility !== "hidden";
  };
  const failures = [];
  let checked = 0;
  const roots = [...document.querySelectorAll(scope)];
  for (const root of roots) {
    // texts: every element with text of its own
    for (const node of [root, ...root.querySelectorAll("*")]) {
      if (node.closest("svg") || !visible(node) || node.closest(".rl-w-sr-only")) continue;
      const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
      if (!own) continue;
      const style = getComputedStyle(node);
      const fg = over(parse(style.color), background(node));
      const bg = background(node);
      const size = parseFloat(style.fontSize);
      const bold = Number(style.fontWeight) >= 700;
      const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
      const r = ratio(fg, bg);
      checked += 1;
      if (r < needed) failures.push({ what: node.className || node.tagName, text: node.textContent.trim().slice(0, 40), ratio: Math.round(r * 100) / 100, needed });
    }
    // cards: each ink on its card's face (the star is a graphic: 3:1)
    for (const svg of root.querySelectorAll("svg.rl-card")) {
      if (!visible(svg) || !svg.querySelector(".rl-card-face")) continue; // a card's back has no ink
      const face = parse(getComputedStyle(svg.querySelector(".rl-card-face")).fill);
      for (const ink of svg.querySelectorAll("text")) {
        const fill = parse(getComputedStyle(ink).fill);
        if (!face || !fill) continue;
        const needed = ink.classList.contains("rl-joker-star") ? 3 : 4.5;
        const r = ratio(over(fill, face), face);
        checked += 1;
        if (r < needed) failures.push({ what: `${svg.getAttribute("class")} ${ink.getAttribute("class")}`, text: ink.textContent, ratio: Math.round(r * 100) / 100, needed });
      }
    }
  }
  return { roots: roots.length, checked, failures };
}
