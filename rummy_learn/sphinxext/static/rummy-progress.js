// A learner's progress, kept in their own browser and never sent anywhere: the Quiz widget
// stores under "rummy-learn:progress" an object that maps a page's location.pathname to
// {answered, right, total}. This script marks every link to such a page (the table of
// contents, the lesson list of the index page): "✓" when every exercise has been answered,
// "3/6" while some are left. The words come from the page's language (this script's data-*).
(function () {
  "use strict";
  const me = document.currentScript;
  function stored() {
    try {
      const value = JSON.parse(window.localStorage.getItem("rummy-learn:progress") || "{}");
      return value && typeof value === "object" ? value : {};
    } catch (error) {
      return {}; // no storage (private mode, some file:// pages) or a value we did not write
    }
  }
  function count(value) {
    return Number.isInteger(value) && value >= 0 ? value : null;
  }
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  }
  function mark() {
    const progress = stored();
    const links = document.querySelectorAll("a.reference.internal[href], .bd-sidebar-primary a[href]");
    for (const link of links) {
      if (link.querySelector(".rl-progress")) continue;
      let path;
      try {
        path = new URL(link.getAttribute("href"), window.location.href).pathname;
      } catch (error) {
        continue;
      }
      const entry = progress[path];
      if (!entry || typeof entry !== "object") continue;
      const answered = count(entry.answered), right = count(entry.right), total = count(entry.total);
      if (answered === null || right === null || !total) continue;
      const done = answered >= total;
      const badge = document.createElement("span");
      badge.className = done ? "rl-progress rl-progress-done" : "rl-progress";
      badge.textContent = done ? "✓" : `${Math.min(answered, total)}/${total}`;
      const words = fill(me.dataset[done ? "done" : "partly"] || "", { answered, right, total });
      badge.title = words;
      const spoken = document.createElement("span");
      spoken.className = "rl-visually-hidden";
      spoken.textContent = ` (${words})`;
      link.append(" ", badge, spoken);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mark);
  else mark();
})();
