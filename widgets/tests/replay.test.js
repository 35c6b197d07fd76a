import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { clampFrame, frameLine, pendingEchoes, seatsOf } from "../src/replay.js";
import { card, fakeModel } from "./fakemodel.js";

const TEXTS = {
  replay_first: "To the deal", replay_back: "Back", replay_forward: "Forward", replay_last: "To the end",
  replay_move: "Move", replay_position: "Move {n} of {count}", replay_dealt: "Dealt. {player} plays first.",
  replay_hands: "Hands shown", replay_all_hands: "Every hand, face up", replay_view_of: "As {player} sees it",
  table: "Table", discard_pile: "Discard pile", stock: "Stock: {n}", meld_n: "Meld {number}",
  cards_in_hand: "{player}: cards in hand: {n}", widget_name: "A round, move by move",
};
const CARDS = [card("Qh.0", "queen of hearts"), card("7s.0", "seven of spades"), card("Kc.0", "king of clubs"), card("2d.0", "two of diamonds")];
const FRAMES = [
  { move: 0, player: null, said: "", reason: "", shown: [], current: 0, hands: [[0, 1], [2, 3]], table: [], top: [], stock: 40, over: false },
  { move: 1, player: 0, said: "Ann: discarded Q♥.", reason: "It fits nothing.", shown: [0], current: 1, hands: [[1], [2, 3]], table: [], top: [0], stock: 40, over: false },
  { move: 2, player: 1, said: "Ben: took Q♥.", reason: "It goes with K♣.", shown: [0], current: 1, hands: [[1], [2, 3, 0]], table: [], top: [], stock: 40, over: false },
  { move: 3, player: 1, said: "Ben: went out.", reason: "The hand is empty.", shown: [], current: 1, hands: [[1], []], table: [{ id: 1, owner: 1, kind: "run", cards: [2, 0, 3] }], top: [], stock: 40, over: true },
];

function mount(traits = {}) {
  const model = fakeModel({
    kind: "replay", lang: "en", four_colour: false, texts: TEXTS, error: "", cards: CARDS, frames: FRAMES,
    names: ["Ann", "Ben"], title: "Rommé", current: 0, view_of: -1, result: ["Ben won."], ...traits,
  });
  const root = document.createElement("div");
  document.body.appendChild(root);
  widget.render({ model, el: root });
  return { model, root, line: () => root.querySelector(".rl-w-replay-line").textContent };
}
const key = (node, name) => node.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true }));
const hands = (root) => [...root.querySelectorAll(".rl-w-seat")].map((seat) => [...seat.querySelectorAll("[data-card]")].map((c) => c.dataset.card));

describe("Replay's logic", () => {
  it("keeps a frame number in range and refuses what is not one", () => {
    expect([clampFrame(-3, 5), clampFrame(9, 5), clampFrame("2", 5), clampFrame(2, 5)]).toEqual([0, 5, 2, 2]);
    expect([clampFrame(1.5, 5), clampFrame("x", 5), clampFrame(null, 5), clampFrame("", 5), clampFrame(true, 5)]).toEqual([null, null, null, null, null]);
  });
  it("hears Python's answers to earlier steps as no news while later ones are due", () => {
    const echoes = pendingEchoes();
    for (const n of [1, 2, 3]) echoes.sent(n);
    expect([echoes.heard(1), echoes.heard(2), echoes.heard(3)]).toEqual([false, false, true]);
    echoes.sent(4);
    expect(echoes.heard(7)).toBe(true); // Python moved on its own
    expect(echoes.heard(4)).toBe(true); // and forgot what was due
  });
  it("hides the other hands, and their reasons, in one player's view", () => {
    const seats = seatsOf(FRAMES[2], ["Ann", "Ben"], 0);
    expect(seats.map((s) => [s.open, s.cards, s.count, s.toMove])).toEqual([[true, [1], 1, false], [false, [], 3, true]]);
    expect(frameLine(FRAMES[2], ["Ann", "Ben"], 0, TEXTS)).toBe("Ben: took Q♥.");
    expect(frameLine(FRAMES[2], ["Ann", "Ben"], 1, TEXTS)).toBe("Ben: took Q♥. It goes with K♣.");
    expect(frameLine(FRAMES[0], ["Ann", "Ben"], -1, TEXTS)).toBe("Dealt. Ann plays first.");
    expect(seatsOf(FRAMES[3], ["Ann", "Ben"], -1).every((s) => !s.toMove)).toBe(true); // over
  });
});

describe("Replay view", () => {
  it("steps by its buttons, tells Python, and keeps the focus on the button", () => {
    const { model, root, line } = mount();
    expect(line()).toBe("Dealt. Ann plays first.");
    const [first, back, forward, end] = root.querySelectorAll(".rl-w-replay-nav button");
    expect(first.getAttribute("aria-disabled")).toBe("true");
    forward.focus();
    forward.click();
    expect(line()).toBe("Ann: discarded Q♥. It fits nothing.");
    expect(model.sent.at(-1)).toEqual({ type: "step", move: 1 });
    expect(root.querySelector(".rl-w-replay-cards [data-card]").getAttribute("aria-label")).toBe("queen of hearts");
    end.click();
    expect(line()).toBe("Ben: went out. The hand is empty.");
    expect(end.getAttribute("aria-disabled")).toBe("true");
    end.click(); // at the end: nothing more
    expect(model.sent.at(-1)).toEqual({ type: "step", move: 3 });
    expect(root.querySelector(".rl-w-result").textContent).toBe("Ben won.");
    expect(root.querySelectorAll(".rl-w-meld [data-card]").length).toBe(3);
    back.click();
    expect(root.querySelector(".rl-w-result").textContent).toBe("");
    expect(document.activeElement).toBe(forward);
  });
  it("answers ←, →, Home and End anywhere but in the slider", () => {
    const { root, line } = mount();
    const forward = root.querySelectorAll(".rl-w-replay-nav button")[2];
    forward.focus();
    key(forward, "ArrowRight");
    key(forward, "ArrowRight");
    expect(line()).toBe("Ben: took Q♥. It goes with K♣.");
    key(forward, "ArrowLeft");
    expect(root.querySelector(".rl-w-slider").value).toBe("1");
    key(forward, "End");
    expect(line()).toBe("Ben: went out. The hand is empty.");
    key(forward, "Home");
    expect(line()).toBe("Dealt. Ann plays first.");
    const slider = root.querySelector(".rl-w-slider");
    expect(slider.getAttribute("aria-valuetext")).toBe("Dealt. Ann plays first.");
    key(slider, "End"); // the slider's own key: the view leaves it to the slider
    expect(line()).toBe("Dealt. Ann plays first.");
    slider.value = "2";
    slider.dispatchEvent(new Event("input", { bubbles: true }));
    expect(line()).toBe("Ben: took Q♥. It goes with K♣.");
    expect(slider.getAttribute("aria-valuetext")).toBe("Move 2 of 3");
  });
  it("shows one player's view from the picker, and every hand again", () => {
    const { model, root, line } = mount({ current: 2 });
    expect(hands(root)).toEqual([["7s.0"], ["Kc.0", "2d.0", "Qh.0"]]);
    const picker = root.querySelector("select");
    expect([...picker.options].map((o) => o.textContent)).toEqual(["Every hand, face up", "As Ann sees it", "As Ben sees it"]);
    picker.value = "0";
    picker.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent.at(-1)).toEqual({ type: "view", player: 0 });
    expect(hands(root)).toEqual([["7s.0"], []]);
    expect(root.querySelectorAll(".rl-w-seat-count")[1].textContent).toBe("Ben: cards in hand: 3");
    expect(line()).toBe("Ben: took Q♥.");
    model.emit("view_of", -1); // Python's own change (replay.show(-1))
    expect(hands(root)).toEqual([["7s.0"], ["Kc.0", "2d.0", "Qh.0"]]);
  });
  it("follows Python's moves but not the echoes of its own quick steps", () => {
    const { model, root, line } = mount();
    const forward = root.querySelectorAll(".rl-w-replay-nav button")[2];
    forward.click();
    forward.click();
    model.emit("current", 1); // the answer to the first step arrives late
    expect(line()).toBe("Ben: took Q♥. It goes with K♣.");
    model.emit("current", 2);
    model.emit("current", 0); // Python's own move (replay.go(0))
    expect(line()).toBe("Dealt. Ann plays first.");
    model.emit("error", "<b>This round has no move 9.</b>");
    expect(root.querySelector(".rl-w-error").textContent).toBe("<b>This round has no move 9.</b>");
    expect(root.querySelector(".rl-w-error b")).toBeNull();
  });
});
