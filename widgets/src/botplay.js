// The computer players' moves, shown one after another: a card flies from the stock or the
// discard pile to the player's seat, or from the seat onto the table or the pile, and the
// move's line in the log lights up beside it. Where the reader asks for reduced motion
// (prefers-reduced-motion) nothing moves: the place the card went is highlighted instead.
// The pace is the learner's: slow, normal, or instant (nothing shown, the log only).
import { el, svgNode } from "./dom.js";

export const PACES = { slow: 1100, normal: 550, instant: 0 };

/** Whether the reader's system asks for reduced motion. */
export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Where a move's card comes from and goes to: "stock", "pile", "seat", "table". */
export function path(kind) {
  if (kind === "draw") return ["stock", "seat"];
  if (kind === "take" || kind === "knock") return ["pile", "seat"];
  if (kind === "discard") return ["seat", "pile"];
  if (kind === "meld" || kind === "lay_off" || kind === "swap") return ["seat", "table"];
  return ["seat", "seat"];
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A player of bot moves for one view. `places(entry)` gives {from, to} nodes for an entry;
 * `line(entry)` its log node; `back` the card back's drawing; `pace()` the chosen pace;
 * `stage(entry, "before" | "after")` shows the table as it was before or after a move, and
 * `stage(null, "done")` the table as it is now (the moves are then all shown, or stopped).
 */
export function botPlayer(root, { places, line, back, pace, stage = () => {} }) {
  let queue = Promise.resolve();
  let generation = 0;
  let waiting = 0; // moves queued and not shown yet
  async function show(entry, mine) {
    const ms = PACES[pace()] ?? PACES.normal;
    if (!ms || mine !== generation) return;
    stage(entry, "before"); // the table as it was before this move, while its card flies
    const { from, to } = places(entry);
    const logLine = line(entry);
    if (logLine) logLine.classList.add("rl-w-now");
    if (reducedMotion() || !from || !to || typeof root.animate !== "function") {
      if (to) to.classList.add("rl-w-flash"); // no motion: where the card went lights up
      await wait(ms);
      if (to) to.classList.remove("rl-w-flash");
    } else {
      await fly(entry, from, to, ms);
    }
    if (logLine) logLine.classList.remove("rl-w-now");
    if (mine === generation) stage(entry, "after");
  }
  async function fly(entry, from, to, ms) {
    const ghost = el("div", "rl-w-ghost");
    ghost.setAttribute("aria-hidden", "true");
    const face = entry.kind === "draw" ? back() : (entry.cards[0] || {}).svg;
    ghost.appendChild(face ? svgNode(face) : el("span", ""));
    root.appendChild(ghost);
    const base = root.getBoundingClientRect();
    const a = from.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    const at = (r) => `translate(${r.left - base.left + r.width / 2 - 28}px, ${r.top - base.top + r.height / 2 - 39}px)`;
    const animation = ghost.animate([{ transform: at(a) }, { transform: at(b) }], { duration: ms, easing: "ease-in-out", fill: "forwards" });
    try {
      await animation.finished;
    } catch {
      // cancelled (the view was redrawn): nothing to finish
    }
    ghost.remove();
  }
  return {
    /** Show these entries (the bots' new moves), after those already queued. */
    play(entries) {
      const mine = generation;
      waiting += entries.length; // (the moves may come a few at a time)
      for (const entry of entries) {
        queue = queue.then(async () => {
          await show(entry, mine);
          waiting -= 1;
          if (!waiting && mine === generation) stage(null, "done"); // all shown: the table as it is
        });
      }
      return queue;
    },
    /** Whether moves are queued and not all shown yet. */
    busy() {
      return waiting > 0;
    },
    /** Stop what is queued (the learner moved again, or chose "instant"). */
    stop() {
      generation += 1;
      waiting = 0;
      for (const ghost of root.querySelectorAll(".rl-w-ghost")) ghost.remove();
      stage(null, "done");
    },
  };
}
