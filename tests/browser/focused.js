// What has the keyboard's focus: its accessible name (aria-label or its label), its text,
// its card id, tag and classes, the widget it is in, and its aria-current / aria-pressed.
() => {
  const a = document.activeElement;
  const widget = a.closest(".rl-w");
  const named = a.getAttribute("aria-label") || (a.labels && a.labels[0] ? a.labels[0].textContent.trim() : null);
  return {
    label: named,
    text: a.textContent.trim().slice(0, 80),
    card: a.dataset ? a.dataset.card || null : null,
    tag: a.tagName.toLowerCase(),
    classes: String(a.className),
    kind: widget ? widget.className : null,
    current: a.getAttribute("aria-current"),
    pressed: a.getAttribute("aria-pressed"),
  };
}
