import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { card, fakeModel } from "./fakemodel.js";

const TEXTS = {
  sort_suit: "By suit", sort_rank: "By rank", hand: "Your hand", new_meld: "New meld", meld_n: "Meld {number}",
  empty_meld: "Pick cards", opening_meets: "{points}/{required} ok", opening_short: "{points}/{required} short",
  opening_none: "{points}", points_forms: ["{n} point", "{n} points"],
};

function mount(traits) {
  const model = fakeModel({ lang: "en", four_colour: false, texts: TEXTS, error: "", ...traits });
  const root = document.createElement("div");
  document.body.appendChild(root);
  widget.render({ model, el: root });
  return { model, root };
}

describe("Hand view", () => {
  const cards = [card("Qh.0", "queen of hearts"), card("7s.0", "seven of spades")];
  it("draws every card with its name and sends a selection", () => {
    const { model, root } = mount({ kind: "hand", cards, order: ["Qh.0", "7s.0"], selected: [], summary: "" });
    const nodes = root.querySelectorAll("[data-card]");
    expect([...nodes].map((n) => n.getAttribute("aria-label"))).toEqual(["queen of hearts", "seven of spades"]);
    expect(root.querySelector("[role=status]")).not.toBeNull();
    nodes[1].click();
    expect(model.sent.at(-1)).toEqual({ type: "select", ids: ["7s.0"] });
    expect(root.querySelector('[data-card="7s.0"]').getAttribute("aria-checked")).toBe("true");
  });
  it("moves between cards with the arrows and selects with Space", () => {
    const { model, root } = mount({ kind: "hand", cards, order: ["Qh.0", "7s.0"], selected: [], summary: "" });
    const first = root.querySelector("[data-card]");
    expect(first.tabIndex).toBe(0);
    first.focus();
    first.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    expect(document.activeElement.dataset.card).toBe("7s.0");
    document.activeElement.dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true }));
    expect(model.sent.at(-1)).toEqual({ type: "select", ids: ["7s.0"] });
  });
  it("shows the error Python sets, as text", () => {
    const { model, root } = mount({ kind: "hand", cards, order: ["Qh.0", "7s.0"], selected: [], summary: "" });
    model.emit("error", "<i>That card is not in this hand.</i>");
    expect(root.querySelector("[role=status]").textContent).toBe("<i>That card is not in this hand.</i>");
    expect(root.querySelector("[role=status] i")).toBeNull();
  });
});

describe("MeldBuilder view", () => {
  const cards = [card("Kh.0", "king of hearts"), card("Ks.0", "king of spades"), card("Kd.0", "king of diamonds")];
  const index = btoa(String.fromCharCode(...new Array(16).fill(0).map((_, i) => (i === 14 ? 1 : 0))));
  const table = {
    index, verdicts: [[0, 0, 0, 2, 0], [1, 30, 0, 3, 1]],
    lines: ["Not a valid meld", "Valid set: 30 points", "0 points/40 points short", "30 points/40 points short"],
    orders: { 7: "102" }, jokers: {}, joker_svgs: {},
  };
  function builder(extra = {}) {
    return mount({ kind: "meld_builder", cards, slots: [[]], verdicts: [], required: 40, static: table, opening: {}, ...extra });
  }
  it("moves clicked cards into the active slot and says the static verdict", () => {
    const { model, root } = builder();
    for (const id of ["Kh.0", "Ks.0", "Kd.0"]) root.querySelector(`.rl-w-hand [data-card="${id}"]`).click();
    expect(model.sent.at(-1)).toEqual({ type: "slots", slots: [["Kh.0", "Ks.0", "Kd.0"]], seq: 3 });
    const status = root.querySelector(".rl-w-slot [role=status]");
    expect(status.textContent).toContain("Valid set: 30 points");
    expect([...root.querySelectorAll(".rl-w-slot [data-card]")].map((n) => n.dataset.card)).toEqual(["Ks.0", "Kh.0", "Kd.0"]);
    expect(root.querySelector(".rl-w-opening").textContent).toBe("30 points/40 points short");
  });
  it("asks Python whenever the table cannot give the opening's line: two melds, or one not in the first slot", () => {
    const { model, root } = builder({ slots: [[], []] });
    let answered = 0;
    model.answeredHere = () => { answered += 1; };
    root.querySelector('.rl-w-hand [data-card="Kh.0"]').click(); // one meld, the first slot: the table answers
    expect(answered).toBe(1);
    root.querySelectorAll(".rl-w-slot-title")[1].click(); // meld 2
    root.querySelector('.rl-w-hand [data-card="Ks.0"]').click(); // two melds: only Python adds them up
    expect(answered).toBe(1);
    expect(model.sent.at(-1).slots).toEqual([["Kh.0"], ["Ks.0"]]);
  });
  it("takes Python's verdicts when the kernel answers", () => {
    const { model, root } = builder({ static: {} });
    root.querySelector('.rl-w-hand [data-card="Kh.0"]').click();
    model.set("slots", [["Kh.0"]]);
    model.set("seq", 1);
    model.emit("verdicts", [{ valid: false, points: 0, title: "Not a valid set", lines: ["A meld needs at least 3 cards."], arrangement: ["Kh.0"], jokers: {} }]);
    expect(root.querySelector(".rl-w-slot [role=status]").textContent).toContain("A meld needs at least 3 cards.");
  });
  it("offers the cards a joker may be pinned to, and sends the choice", () => {
    const { model, root } = builder({ static: {}, texts: { ...TEXTS, joker_as: "The joker stands for", joker_auto: "auto" } });
    model.set("slots", [["Kh.0", "Ks.0", "Kd.0"]]);
    model.set("seq", 0);
    model.emit("verdicts", [{ valid: true, points: 21, title: "ok", lines: [], arrangement: ["Kh.0", "Ks.0", "Kd.0"], jokers: {},
      pin_options: { "Kd.0": [{ id: "6s", label: "six of spades" }, { id: "9s", label: "nine of spades" }] }, pins: {} }]);
    const pick = root.querySelector("select.rl-w-pin");
    expect(pick.closest("label").textContent.startsWith("The joker stands for")).toBe(true);
    expect([...pick.options].map((o) => o.textContent)).toEqual(["auto", "six of spades", "nine of spades"]);
    pick.value = "9s";
    pick.dispatchEvent(new Event("change"));
    expect(model.sent.at(-1)).toEqual({ type: "pin", joker: "Kd.0", as: "9s" });
  });
  it("shows Python's answer to the newest change even when it repeats an earlier answer", () => {
    const { model, root } = builder({ static: {}, seq: 0 });
    const kings = { valid: false, points: 0, title: "Not yet", lines: [], arrangement: ["Kh.0"], jokers: {} };
    root.querySelector('.rl-w-hand [data-card="Kh.0"]').click(); // seq 1
    model.set("slots", [["Kh.0"]]);
    model.set("verdicts", [kings]); // the answer to seq 1 comes while seq 2 is on its way: ignored
    model.set("opening", { line: "0 of 40" });
    root.querySelector('.rl-w-slot [data-card="Kh.0"]').click(); // seq 2: out again...
    root.querySelector('.rl-w-hand [data-card="Kh.0"]').click(); // seq 3: ...and in again
    model.set("seq", 1);
    expect(root.querySelector(".rl-w-opening").textContent).toBe("…");
    model.set("seq", 3); // the same slots, the same verdicts: only seq says it is the answer
    expect(root.querySelector(".rl-w-opening").textContent).toBe("0 of 40");
    expect(root.querySelector(".rl-w-slot [role=status]").textContent).toContain("Not yet");
  });
  it("ignores an answer to an older change", () => {
    const { model, root } = builder({ static: {}, seq: 0 });
    root.querySelector('.rl-w-hand [data-card="Kh.0"]').click();
    root.querySelector('.rl-w-hand [data-card="Ks.0"]').click();
    model.set("slots", [["Kh.0"]]);
    model.set("seq", 1);
    model.emit("verdicts", [{ valid: false, points: 0, title: "old", lines: [], arrangement: ["Kh.0"], jokers: {} }]);
    expect(root.querySelectorAll(".rl-w-slot [data-card]").length).toBe(2);
  });
  it("a card goes back to the hand when clicked in its slot; a new slot becomes active", () => {
    const { model, root } = builder();
    root.querySelector('.rl-w-hand [data-card="Kh.0"]').click();
    root.querySelector('.rl-w-slot [data-card="Kh.0"]').click();
    expect(model.sent.at(-1)).toMatchObject({ type: "slots", slots: [[]] });
    root.querySelector(".rl-w-toolbar button").click(); // the empty slot is used first
    expect(root.querySelectorAll(".rl-w-slot").length).toBe(1);
    root.querySelector('.rl-w-hand [data-card="Ks.0"]').click();
    root.querySelector(".rl-w-toolbar button").click();
    expect(model.sent.at(-1)).toMatchObject({ type: "slots", slots: [["Ks.0"], []] });
    expect(root.querySelectorAll(".rl-w-slot")[1].classList.contains("rl-w-active")).toBe(true);
  });
});

describe("Quiz view", () => {
  it("names the exercise's variant above the prompt", () => {
    const exercise = { kind: "valid", variant: "Rami 51", prompt: "Is it valid?", cards: [card("Kh.0", "king of hearts")],
      answer: { valid: true, lines: ["ok"] }, hint: ["look"] };
    const { root } = mount({ kind: "quiz", exercises: [exercise], current: 0, feedback: [], right: false, hint_text: [],
      score: { right: 0, answered: 0 } });
    expect(root.querySelector(".rl-w-variant").textContent).toBe("Rami 51");
    expect(root.querySelector(".rl-w-variant").nextSibling.textContent).toBe("Is it valid?");
  });

  it("asks a choice exercise with its written answers and shows nothing before an answer", () => {
    const exercise = { kind: "choice", variant: "Deutsches Rommé", prompt: "Wer beginnt?", cards: [],
      answers: ["der Geber", "der linke Nachbar"], hint: [],
      said: { 0: { right: false, lines: ["Leider nicht.", "Erklärung"] }, 1: { right: true, lines: ["Richtig!", "Erklärung"] } } };
    const { root, model } = mount({ kind: "quiz", exercises: [exercise], current: 0, feedback: [], right: false,
      hint_text: [], score: { right: 0, answered: 0 } });
    const answers = [...root.querySelectorAll(".rl-w-choices button")];
    expect(answers.map((b) => b.textContent)).toEqual(["der Geber", "der linke Nachbar"]);
    expect(root.querySelector(".rl-w-hand").hidden).toBe(true); // no cards, no empty hand
    expect(root.textContent).not.toContain("Erklärung");
    expect([...root.querySelectorAll(".rl-w-toolbar button")].filter((b) => !b.hidden).length).toBe(1); // no hint to give: Next only
    answers[0].click();
    expect(model.sent.at(-1)).toEqual({ type: "answer", value: 0 });
    expect(root.querySelector(".rl-w-feedback").textContent).toBe("✗ Leider nicht.Erklärung"); // Python's, made beforehand
  });
  it("shows Python's answer to an opening when it comes, with its verdict's mark", () => {
    const exercise = { kind: "opening", variant: "Rami 40", prompt: "Open!", cards: [card("Kh.0", "king of hearts")], hint: [], said: {} };
    const { root, model } = mount({ kind: "quiz", exercises: [exercise], current: 0, feedback: [], right: false, verdict: {},
      hint_text: [], score: { right: 0, answered: 0 } });
    root.querySelector('[data-card="Kh.0"]').click();
    [...root.querySelectorAll(".rl-w-answers button")].at(-1).click();
    expect(root.querySelector(".rl-w-feedback").textContent).toBe("…"); // on its way from Python
    model.set("right", false);
    model.set("feedback", ["Not quite.", "30 of 40"]);
    model.emit("verdict", { exercise: 0, right: false });
    expect(root.querySelector(".rl-w-feedback").textContent).toBe("✗ Not quite.30 of 40");
  });
});

describe("a Python that answers at once (in the page)", () => {
  it("Next moves one exercise on, even when Python has moved before the view does", () => {
    const exercise = (prompt) => ({ kind: "valid", variant: "Rommé", prompt, cards: [], hint: [], said: {} });
    const { root, model } = mount({ kind: "quiz", exercises: ["a", "b", "c"].map(exercise), current: 0, feedback: [],
      right: false, verdict: {}, hint_text: [], score: { right: 0, answered: 0 } });
    model.send = (message) => { if (message.type === "next") model.set("current", (model.get("current") + 1) % 3); };
    root.querySelector(".rl-w-toolbar button:not([hidden]):last-child").click();
    expect(root.querySelector(".rl-w-prompt").textContent).toBe("b");
  });
});

describe("a refusal from Python: the page shows Python's state again", () => {
  const cards = [card("Kh.0", "king of hearts"), card("Ks.0", "king of spades")];
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
