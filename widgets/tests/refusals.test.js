// A refusal from Python: the page shows Python's state again, not what it had sent.
import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { card, fakeModel } from "./fakemodel.js";

const TEXTS = {
  sort_suit: "By suit", sort_rank: "By rank", hand: "Your hand", new_meld: "New meld", meld_n: "Meld {number}",
  empty_meld: "Pick cards", opening_meets: "{points}/{required} ok", opening_short: "{points}/{required} short",
  opening_none: "{points}", points_forms: ["{n} point", "{n} points"],
};
const cards = [card("Kh.0", "king of hearts"), card("Ks.0", "king of spades")];

function mount(traits) {
  const model = fakeModel({ lang: "en", four_colour: false, texts: TEXTS, error: "", ...traits });
  const root = document.createElement("div");
  document.body.appendChild(root);
  widget.render({ model, el: root });
  return { model, root };
}

describe("a refused message", () => {
  it("puts the hand's selection back as Python has it", () => {
    const { model, root } = mount({ kind: "hand", cards, order: ["Kh.0", "Ks.0"], selected: [], summary: "" });
    root.querySelector('[data-card="Ks.0"]').click();
    expect(root.querySelector('[data-card="Ks.0"]').getAttribute("aria-checked")).toBe("true");
    model.emit("error", "refused");
    expect(root.querySelector('[data-card="Ks.0"]').getAttribute("aria-checked")).toBe("false");
    expect(root.querySelector("[role=status]").textContent).toBe("refused");
  });
  it("puts the meld builder's slots back as Python has them", () => {
    const { model, root } = mount({ kind: "meld_builder", cards, slots: [[]], verdicts: [], required: 40, static: {}, opening: {} });
    root.querySelector('.rl-w-hand [data-card="Kh.0"]').click();
    expect(root.querySelector('.rl-w-hand [data-card="Kh.0"]')).toBeNull();
    model.emit("error", "refused");
    expect(root.querySelector('.rl-w-hand [data-card="Kh.0"]')).not.toBeNull();
    expect(root.querySelector(".rl-w-error").textContent).toBe("refused");
  });
});
