// Views that update in place: the focus after each kind of action, live regions that stay the
// same node, cards that say what they are, and the quiz's progress in the browser.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cardElement, updateCard } from "../src/cards.js";
import { syncChildren } from "../src/dom.js";
import { newLogLines } from "../src/game.js";
import { moveIds } from "../src/hand.js";
import widget from "../src/index.js";
import { STORAGE_KEY, fingerprint } from "../src/progress.js";
import { pointsAnswer } from "../src/quiz.js";
import { SVG, card, fakeModel } from "./fakemodel.js";

const TEXTS = {
  widget_name: "Meld builder", sort_suit: "By suit", sort_rank: "By rank", move_left: "Move left", move_right: "Move right",
  moved: "{card}: place {place} of {count}", select_to_move: "Select first.", hand: "Your hand", new_meld: "New meld",
  meld_n: "Meld {number}", slot_active: "{meld}: cards go here.", empty_meld: "Pick cards", opening_meets: "{points}/{required} ok",
  opening_short: "{points}/{required} short", opening_none: "{points}", points_forms: ["{n} point", "{n} points"],
  invalid_meld_n: "Meld {number} is not valid.", joker_as: "The joker stands for", joker_auto: "auto",
  yes_valid: "Yes", no_invalid: "No", check: "Check", next: "Next", hint: "Hint", score: "{right} of {answered}",
  your_answer: "Your answer", quiz_right: "Right!", quiz_wrong: "Not quite.", quiz_penalty_is: "They are worth {points}.",
  already_answered: "Already answered.", enter_number: "Write a number first.", quiz_last_time: "Last time: {right} of {total} right.",
  start_again: "Start again", add_to_opening: "Put aside",
  players: "Players", table: "Table", log: "Log", cards_in_hand: "{player}: {n}", lay_off_low: "Start", lay_off_high: "End",
  swap: "Swap", draw: "Draw", take: "Take", meld: "Meld", discard: "Discard", go_out: "Go out", knock: "Knock", undo: "Undo", pass: "Let it go",
  new_round: "New round", stock: "Stock: {n}", discard_pile: "Discard pile", needs_kernel: "Needs Python.",
};

const mounted = [];
function mount(traits) {
  const model = fakeModel({ lang: "en", four_colour: false, texts: TEXTS, error: "", ...traits });
  const root = document.createElement("div");
  document.body.appendChild(root);
  mounted.push(root);
  widget.render({ model, el: root });
  return { model, root };
}
afterEach(() => {
  for (const root of mounted.splice(0)) root.remove();
  localStorage.clear();
});
const key = (node, name, extra = {}) => node.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, ...extra }));
const buttonNamed = (root, name) => [...root.querySelectorAll("button")].find((b) => b.textContent === name);
const label = () => document.activeElement.getAttribute("aria-label") || document.activeElement.textContent;

describe("the parts", () => {
  it("a card says what it is: a checkbox, a toggle button or only a picture", () => {
    const node = cardElement(card("Qh.0", "queen of hearts"), { selected: true });
    expect([node.getAttribute("role"), node.getAttribute("aria-checked"), node.tabIndex]).toEqual(["checkbox", "true", -1]);
    updateCard(node, card("Qh.0", "queen of hearts"), { kind: "image" });
    expect([node.getAttribute("role"), node.hasAttribute("aria-checked"), node.hasAttribute("tabindex")]).toEqual(["img", false, false]);
    updateCard(node, card("Qh.0", "queen of hearts"), { kind: "toggle", selected: true });
    expect([node.getAttribute("role"), node.getAttribute("aria-pressed"), node.tabIndex]).toEqual(["button", "true", 0]);
  });
  it("a card's drawing is replaced only when it changes", () => {
    const node = cardElement(card("Jkr.0", "joker"));
    const drawing = node.querySelector("svg");
    updateCard(node, card("Jkr.0", "joker"));
    expect(node.querySelector("svg")).toBe(drawing);
    updateCard(node, card("Jkr.0", "joker as six", { svg: SVG.replace("96", "95") }));
    expect(node.querySelector("svg")).not.toBe(drawing);
    expect(node.querySelectorAll("svg").length).toBe(1);
  });
  it("children keep their nodes by key, in the new order", () => {
    const box = document.createElement("div");
    syncChildren(box, ["a", "b", "c"], (k) => k, (k) => Object.assign(document.createElement("i"), { textContent: k }));
    const [a, b, c] = box.children;
    syncChildren(box, ["c", "a", "d"], (k) => k, (k) => Object.assign(document.createElement("i"), { textContent: k }));
    expect([...box.children].map((n) => n.textContent)).toEqual(["c", "a", "d"]);
    expect(box.children[0]).toBe(c);
    expect(box.children[1]).toBe(a);
    expect(b.isConnected).toBe(false);
  });
  it("a log's new lines are found even when its start was cut", () => {
    expect(newLogLines(["a", "b"], ["a", "b", "c"])).toEqual({ fresh: false, lines: ["c"] });
    expect(newLogLines(["a", "b", "c"], ["b", "c", "d", "e"])).toEqual({ fresh: false, lines: ["d", "e"] });
    expect(newLogLines(["x", "x"], ["x", "x", "x"])).toEqual({ fresh: false, lines: ["x"] });
    expect(newLogLines(["a"], ["z"])).toEqual({ fresh: true, lines: ["z"] });
  });
  it("selected cards move together, one place, and stop at the edge", () => {
    expect(moveIds(["a", "b", "c", "d"], new Set(["b", "c"]), -1)).toEqual(["b", "c", "a", "d"]);
    expect(moveIds(["a", "b", "c", "d"], new Set(["a", "c"]), -1)).toEqual(["a", "c", "b", "d"]);
    expect(moveIds(["a", "b", "c", "d"], new Set(["d"]), 1)).toEqual(["a", "b", "c", "d"]);
  });
  it("a penalty answer is a whole number of points, nothing else", () => {
    expect([" 58 ", "0", "", "  ", "3.5", "-2", "1e3", "zwölf"].map(pointsAnswer)).toEqual([58, 0, null, null, null, null, null, null]);
  });
});

describe("every widget's root", () => {
  it("carries its language and its name, and can take the focus as a last resort", () => {
    const { root } = mount({ kind: "hand", lang: "de", cards: [card("Qh.0", "Herz-Dame")], order: ["Qh.0"], selected: [], summary: "" });
    expect(root.lang).toBe("de");
    expect(root.getAttribute("role")).toBe("group");
    expect(root.getAttribute("aria-label")).toBe("Meld builder");
    expect(root.tabIndex).toBe(-1);
  });
});

describe("Hand", () => {
  const cards = [card("Qh.0", "queen of hearts", { suit_key: 3, rank_key: 3 }), card("7s.0", "seven of spades", { suit_key: 1, rank_key: 1 }), card("Ac.0", "ace of clubs", { suit_key: 0, rank_key: 5 })];
  const hand = () => mount({ kind: "hand", cards, order: ["Qh.0", "7s.0", "Ac.0"], selected: [], summary: "" });
  const ids = (root) => [...root.querySelectorAll("[data-card]")].map((n) => n.dataset.card);

  it("sorting keeps the focus on the sort button, not on the last card moved", () => {
    const { root } = hand();
    const byRank = buttonNamed(root, "By rank");
    byRank.focus();
    byRank.click();
    expect(ids(root)).toEqual(["7s.0", "Qh.0", "Ac.0"]);
    expect(document.activeElement).toBe(byRank);
  });
  it("Space selects and keeps the focus on the same card node", () => {
    const { root, model } = hand();
    const queen = root.querySelector('[data-card="Qh.0"]');
    queen.focus();
    key(queen, " ");
    expect(model.sent.at(-1)).toEqual({ type: "select", ids: ["Qh.0"] });
    model.emit("selected", ["Qh.0"]); // Python answers
    expect(document.activeElement).toBe(queen);
    expect(queen.getAttribute("aria-checked")).toBe("true");
  });
  it("Shift + arrow moves the focused card, keeps its node focused and says where it went", () => {
    const { root, model } = hand();
    const queen = root.querySelector('[data-card="Qh.0"]');
    queen.focus();
    key(queen, "ArrowRight", { shiftKey: true });
    expect(ids(root)).toEqual(["7s.0", "Qh.0", "Ac.0"]);
    expect(document.activeElement).toBe(queen);
    expect(model.sent.at(-1)).toEqual({ type: "order", ids: ["7s.0", "Qh.0", "Ac.0"] });
    expect(root.querySelector(".rl-w-sr-only").textContent).toBe("queen of hearts: place 2 of 3");
  });
  it("Move left and Move right move the selected cards, for a single pointer too", () => {
    const { root, model } = hand();
    root.querySelector('[data-card="Ac.0"]').click();
    const left = buttonNamed(root, "Move left");
    left.focus();
    left.click();
    left.click();
    expect(ids(root)).toEqual(["Ac.0", "Qh.0", "7s.0"]);
    expect(model.sent.at(-1)).toEqual({ type: "order", ids: ["Ac.0", "Qh.0", "7s.0"] });
    expect(root.querySelector(".rl-w-sr-only").textContent).toBe("ace of clubs: place 1 of 3");
    expect(document.activeElement).toBe(left);
  });
  it("Move with nothing selected says what to do, and moves nothing", () => {
    const { root, model } = hand();
    buttonNamed(root, "Move right").click();
    expect(root.querySelector(".rl-w-status").textContent).toBe("Select first.");
    expect(model.sent).toEqual([]);
  });
  it("the status region is one node for the widget's life", () => {
    const { root, model } = hand();
    const status = root.querySelector("[role=status].rl-w-status");
    model.emit("error", "That card is not in this hand.");
    model.emit("order", ["Ac.0", "7s.0", "Qh.0"]);
    expect(root.querySelector("[role=status].rl-w-status")).toBe(status);
    expect(status.textContent).toBe("That card is not in this hand.");
  });
});

describe("MeldBuilder", () => {
  const cards = [card("Kh.0", "king of hearts"), card("Ks.0", "king of spades"), card("Kd.0", "king of diamonds")];
  const index = btoa(String.fromCharCode(...new Array(16).fill(0).map((_, i) => (i === 14 ? 1 : 0))));
  const table = { index, verdicts: [[0, 0, 0, 2, 0], [1, 30, 0, 3, 1]], lines: ["Not a valid meld", "Valid set: 30 points", "0/40 short", "30/40 short"], orders: {}, jokers: {}, joker_svgs: {} };
  const builder = (extra = {}) => mount({ kind: "meld_builder", cards, slots: [[], []], verdicts: [], required: 40, static: table, opening: {}, ...extra });
  const handCard = (root, id) => root.querySelector(`.rl-w-hand [data-card="${id}"]`);

  it("Space puts the card into the active meld; the focus goes to the next card of the hand", () => {
    const { root } = builder();
    handCard(root, "Kh.0").focus();
    key(handCard(root, "Kh.0"), " ");
    expect(root.querySelector('.rl-w-slot [data-card="Kh.0"]')).not.toBeNull();
    expect(label()).toBe("king of spades");
    expect(document.activeElement.tabIndex).toBe(0);
    key(document.activeElement, " ");
    key(document.activeElement, " ");
    expect(document.activeElement).toBe(buttonNamed(root, "New meld")); // the hand is empty
    expect(root.querySelector(".rl-w-slot [role=status]").textContent).toContain("Valid set: 30 points");
  });
  it("the verdict and opening regions stay the same nodes; only their text changes", () => {
    const { root } = builder();
    const verdict = root.querySelector(".rl-w-slot [role=status]");
    const opening = root.querySelector(".rl-w-opening");
    const before = verdict.textContent;
    for (const id of ["Kh.0", "Ks.0", "Kd.0"]) handCard(root, id).click();
    expect(root.querySelector(".rl-w-slot [role=status]")).toBe(verdict);
    expect(root.querySelector(".rl-w-opening")).toBe(opening);
    expect(verdict.textContent).not.toBe(before);
    expect(opening.textContent).toBe("30/40 short"); // Python's line, made beforehand
  });
  it("a card given back from a meld: the focus goes to the next card there, then to the meld's button", () => {
    const { root } = builder();
    for (const id of ["Kh.0", "Ks.0"]) handCard(root, id).click();
    const inMeld = () => [...root.querySelectorAll(".rl-w-slot")[0].querySelectorAll("[data-card]")];
    inMeld()[0].focus();
    key(inMeld()[0], "Enter");
    expect(inMeld().length).toBe(1);
    expect(document.activeElement).toBe(inMeld()[0]);
    key(inMeld()[0], " ");
    expect(document.activeElement.textContent).toBe("Meld 1");
    expect(document.activeElement.getAttribute("aria-current")).toBe("true");
  });
  it("the active meld is marked with aria-current; its button keeps the focus and it is announced", () => {
    const { root } = builder();
    const [first, second] = root.querySelectorAll(".rl-w-slot-title");
    expect(first.getAttribute("aria-current")).toBe("true");
    expect(second.hasAttribute("aria-current")).toBe(false);
    second.focus();
    second.click();
    expect(document.activeElement).toBe(second);
    expect(second.getAttribute("aria-current")).toBe("true");
    expect(first.hasAttribute("aria-current")).toBe(false);
    expect(root.querySelector(".rl-w-sr-only").textContent).toBe("Meld 2: cards go here.");
    expect(root.querySelector(".rl-w-slot").getAttribute("role")).toBe("group"); // no landmark per slot
  });
  it("New meld keeps the focus on itself (Space then presses it again, it does not take a card back)", () => {
    const { root, model } = builder({ slots: [[]] });
    handCard(root, "Kh.0").click();
    const add = buttonNamed(root, "New meld");
    add.focus();
    add.click();
    expect(document.activeElement).toBe(add);
    expect(model.sent.at(-1)).toMatchObject({ type: "slots", slots: [["Kh.0"], []] });
    expect(root.querySelectorAll(".rl-w-slot-title")[1].getAttribute("aria-current")).toBe("true");
  });
  it("a joker's pin list stays the same node when Python answers", () => {
    const { root, model } = builder({ static: {} });
    const verdicts = [{ valid: true, points: 21, title: "ok", lines: [], arrangement: ["Kh.0", "Ks.0", "Kd.0"], jokers: {},
      pin_options: { "Kd.0": [{ id: "6s", label: "six of spades" }] }, pins: {} }, {}];
    model.set("slots", [["Kh.0", "Ks.0", "Kd.0"], []]);
    model.emit("verdicts", verdicts);
    const pick = root.querySelector("select.rl-w-pin");
    pick.focus();
    model.emit("verdicts", [{ ...verdicts[0], pins: { "Kd.0": "6s" } }, {}]);
    expect(root.querySelector("select.rl-w-pin")).toBe(pick);
    expect(document.activeElement).toBe(pick);
    expect(pick.value).toBe("6s");
  });
});

describe("Game and the practice Table", () => {
  const hand = [card("10s.0", "ten of spades"), card("6s.0", "six of spades")];
  const melds = [{ id: 1, owner: 1, kind: "run", cards: [card("7s.0", "seven of spades"), card("8s.0", "eight of spades"), card("Jkr.0", "joker as nine of spades")] }];
  const traits = (kind) => ({ kind, title: "Rummy Palace", cards: hand, table: melds, top_discard: {}, stock_size: 40, message: [], hint_text: [], result: [], log: [],
    players: [{ name: "You", cards: 2, current: true }, { name: "Computer 1", cards: 13, current: false }], can_knock: false });

  it("a table joker is a toggle button chosen by keyboard, and the swap names it", () => {
    const { root, model } = mount(traits("table"));
    const joker = root.querySelector('[data-card="Jkr.0"]');
    expect([joker.getAttribute("role"), joker.getAttribute("aria-pressed"), joker.tabIndex]).toEqual(["button", "false", 0]);
    expect(root.querySelector('[data-card="7s.0"]').getAttribute("role")).toBe("img"); // nothing to do with it
    joker.focus();
    key(joker, " ");
    expect(joker.getAttribute("aria-pressed")).toBe("true");
    expect(document.activeElement).toBe(joker);
    key(joker, "Enter");
    expect(joker.getAttribute("aria-pressed")).toBe("false");
    key(joker, "Enter");
    root.querySelector('.rl-w-hand [data-card="6s.0"]').click();
    buttonNamed(root, "Swap").click();
    expect(model.sent.at(-1)).toEqual({ type: "move", move: { type: "swap", meld: 1, joker: "Jkr.0", cards: ["6s.0"], new_meld: [] } });
  });
  it("Undo and Let it go show when Python offers them, and ask Python", () => {
    const { root, model } = mount({ ...traits("game"), can_undo: false, knock_open: false });
    expect([buttonNamed(root, "Undo").hidden, buttonNamed(root, "Let it go").hidden]).toEqual([true, true]);
    model.emit("can_undo", true);
    model.emit("knock_open", true);
    expect([buttonNamed(root, "Undo").hidden, buttonNamed(root, "Let it go").hidden]).toEqual([false, false]);
    buttonNamed(root, "Undo").click();
    expect(model.sent.at(-1)).toEqual({ type: "undo" });
    buttonNamed(root, "Let it go").click();
    expect(model.sent.at(-1)).toEqual({ type: "pass" });
    const table = mount({ ...traits("table"), can_undo: true }).root;
    expect(buttonNamed(table, "Undo")).toBeUndefined(); // the practice table has its own buttons
  });
  it("the practice table's player list is hidden", () => {
    const { root } = mount(traits("table"));
    expect(root.querySelector(".rl-w-players").hidden).toBe(true);
    expect(root.querySelector(".rl-w-piles").hidden).toBe(true);
  });
  it("a move keeps the focus on its button when Python answers; the regions stay the same nodes", () => {
    const { root, model } = mount(traits("game"));
    const regions = [...root.querySelectorAll("[role=status], [role=log]")];
    expect(regions.map((r) => r.className)).toEqual(["rl-w-pending", "rl-w-error", "rl-w-hint", "rl-w-result", "rl-w-log"]);
    root.querySelector('.rl-w-hand [data-card="10s.0"]').click();
    const discard = buttonNamed(root, "Discard");
    discard.focus();
    discard.click();
    expect(model.sent.at(-1)).toEqual({ type: "move", move: { type: "discard", card: "10s.0" } });
    model.emit("cards", [hand[1]]);
    model.emit("log", ["You: discarded 10♠.", "Computer 1: drew."]);
    model.emit("message", ["Not now."]);
    expect(document.activeElement).toBe(discard);
    expect([...root.querySelectorAll("[role=status], [role=log]")]).toEqual(regions);
    expect(root.querySelector(".rl-w-error").textContent).toBe("Not now.");
    const firstLine = root.querySelector(".rl-w-log div");
    model.emit("log", ["You: discarded 10♠.", "Computer 1: drew.", "Computer 1: discarded 2♦."]);
    expect(root.querySelector(".rl-w-log div")).toBe(firstLine); // the log grows; old lines are not read again
    expect(root.querySelectorAll(".rl-w-log div").length).toBe(3);
  });
  it("when the focused card leaves the hand, the focus goes to the next card", () => {
    const { root, model } = mount(traits("game"));
    const ten = root.querySelector('.rl-w-hand [data-card="10s.0"]');
    ten.focus();
    model.emit("cards", [hand[1]]);
    expect(document.activeElement.dataset.card).toBe("6s.0");
    model.emit("cards", []);
    expect(document.activeElement.textContent).toBe("Draw"); // the hand is empty: the moves
  });
  it("the swap button goes when the joker goes; the focus stays in the meld's tools", () => {
    const { root, model } = mount(traits("table"));
    root.querySelector('.rl-w-hand [data-card="10s.0"]').click(); // a meld shows its moves for a chosen card
    const swap = buttonNamed(root, "Swap");
    swap.focus();
    model.emit("table", [{ ...melds[0], cards: [...melds[0].cards.slice(0, 2), card("9s.0", "nine of spades")] }]);
    expect(swap.hidden).toBe(true);
    expect(document.activeElement.textContent).toBe("End");
  });
});

describe("Quiz", () => {
  const exercises = [
    { kind: "valid", variant: "Rami 51", prompt: "Is it valid?", cards: [card("Kh.0", "king of hearts")], said: { true: { right: true, lines: ["Right!", "Valid set"] }, false: { right: false, lines: ["Not quite.", "Valid set"] } }, hint: ["look"] },
    { kind: "penalty", variant: "Rommé", prompt: "How many points?", cards: [card("Ac.0", "ace of clubs")], said: { 11: { right: true, lines: ["Right!"] }, "*": { right: false, lines: ["Not quite.", "They are worth 11 points."] } }, hint: [] },
    { kind: "choice", variant: "Rommé", prompt: "Who begins?", cards: [], answers: ["the dealer", "the left neighbour"], said: { 0: { right: false, lines: ["Not quite.", "Explained"] }, 1: { right: true, lines: ["Right!", "Explained"] } }, hint: [] },
  ];
  const quiz = (extra = {}) => mount({ kind: "quiz", exercises, current: 0, feedback: [], right: false, hint_text: [], score: { right: 0, answered: 0 }, ...extra });
  const prompt = (root) => root.querySelector(".rl-w-prompt");
  const feedback = (root) => root.querySelector(".rl-w-feedback");
  let where;
  beforeEach(() => { where = `${location.pathname}#quiz-${fingerprint(exercises)}`; });

  it("an answer keeps the focus on its button, marks it pressed, and the same region says the verdict", () => {
    const { root, model } = quiz();
    const region = feedback(root);
    expect(region.textContent).toBe("");
    const yes = buttonNamed(root, "Yes");
    yes.focus();
    yes.click();
    expect(document.activeElement).toBe(yes);
    expect(yes.getAttribute("aria-pressed")).toBe("true");
    expect(buttonNamed(root, "No").getAttribute("aria-pressed")).toBe("false");
    expect(feedback(root)).toBe(region);
    expect(region.textContent).toContain("Right!");
    model.emit("feedback", ["Right!", "Valid set (Python)"]); // the kernel's words replace the page's
    expect(feedback(root)).toBe(region);
    expect(region.textContent).toBe("✓ Right!Valid set (Python)");
  });
  it("Hint keeps the focus; Next puts it on the new exercise's prompt and forgets the last answer", () => {
    const { root, model } = quiz();
    const hint = buttonNamed(root, "Hint");
    hint.focus();
    hint.click();
    expect(document.activeElement).toBe(hint);
    expect(root.querySelector(".rl-w-hint").textContent).toBe("look");
    buttonNamed(root, "Yes").click();
    const next = buttonNamed(root, "Next");
    next.focus();
    next.click();
    expect(model.sent.at(-1)).toEqual({ type: "next" });
    expect(document.activeElement).toBe(prompt(root));
    expect(prompt(root).textContent).toBe("How many points?");
    expect(feedback(root).textContent).toBe("");
    expect(root.querySelector(".rl-w-hint").textContent).toBe("");
  });
  it("no kind shows its answer before the learner answers", () => {
    const { root } = quiz();
    for (let i = 0; i < exercises.length; i += 1) {
      expect(root.textContent).not.toMatch(/Valid set|worth|Explained/);
      expect(feedback(root).textContent).toBe("");
      buttonNamed(root, "Next").click();
    }
  });
  it("an empty or unreadable penalty answer is not counted and shows no answer", () => {
    const { root, model } = quiz({ current: 1 });
    const input = root.querySelector("input");
    expect(input.closest("label").textContent).toContain("Your answer");
    for (const value of ["", "elf", "3.5"]) {
      input.value = value;
      buttonNamed(root, "Check").click();
      expect(feedback(root).textContent).toBe("Write a number first.");
      expect(input.getAttribute("aria-invalid")).toBe("true");
      expect(document.activeElement).toBe(input);
    }
    expect(model.sent).toEqual([]);
    expect(root.querySelector(".rl-w-score").textContent).toBe("0 of 0");
    input.value = "11";
    key(input, "Enter");
    expect(model.sent.at(-1)).toEqual({ type: "answer", value: 11 });
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(feedback(root).textContent).toBe("✓ Right!");
  });
  it("a choice's answers are a group named by the question; the explanation comes after the answer", () => {
    const { root } = quiz({ current: 2 });
    const group = root.querySelector(".rl-w-answers");
    expect(group.getAttribute("role")).toBe("group");
    expect(document.getElementById(group.getAttribute("aria-labelledby"))).toBe(prompt(root));
    expect(root.querySelector(".rl-w-hand").hidden).toBe(true);
    expect(buttonNamed(root, "Hint").hidden).toBe(true);
    buttonNamed(root, "the dealer").click();
    expect(feedback(root).textContent).toBe("✗ Not quite.Explained");
  });
  it("keeps its progress in the browser and shows it on the next visit", () => {
    const first = quiz();
    buttonNamed(first.root, "Yes").click();
    buttonNamed(first.root, "Next").click();
    buttonNamed(first.root, "Next").click();
    buttonNamed(first.root, "the dealer").click();
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY));
    expect(stored[location.pathname]).toEqual({ answered: 2, right: 1, total: 3 });
    expect(stored[where]).toEqual({ answered: 2, right: 1, total: 3, results: [true, null, false] });
    const again = quiz(); // the page is opened again
    expect(again.root.querySelector(".rl-w-last-time").textContent).toBe("Last time: 1 of 3 right.");
    expect(again.root.querySelector(".rl-w-score").textContent).toBe("1 of 2");
    buttonNamed(again.root, "Yes").click(); // the first answer counts, across visits too
    expect(feedback(again.root).textContent).toContain("Already answered.");
    const restart = buttonNamed(again.root, "Start again");
    restart.focus();
    restart.click();
    expect(again.model.sent.at(-1)).toEqual({ type: "restart" });
    expect(again.root.querySelector(".rl-w-progress").hidden).toBe(true);
    expect(again.root.querySelector(".rl-w-score").textContent).toBe("0 of 0");
    expect(document.activeElement).toBe(prompt(again.root));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY))[location.pathname]).toBeUndefined(); // nothing answered
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY))[where].answered).toBe(0);
  });
  it("leaves an optional exercise out of the lesson's sums, not out of its own record", () => {
    const some = [exercises[0], { ...exercises[2], optional: true }];
    const { root } = mount({ kind: "quiz", exercises: some, current: 0, feedback: [], right: false, hint_text: [], score: {} });
    buttonNamed(root, "Yes").click();
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY));
    expect(stored[location.pathname]).toEqual({ answered: 1, right: 1, total: 1 }); // the lesson is done
    expect(stored[`${location.pathname}#quiz-${fingerprint(some)}`].results).toEqual([true, null]);
    buttonNamed(root, "Next").click();
    buttonNamed(root, "the dealer").click(); // the optional one, answered wrong
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY))[location.pathname]).toEqual({ answered: 1, right: 1, total: 1 });
    expect(root.querySelector(".rl-w-score").textContent).toBe("1 of 2"); // the quiz itself counts it
  });
  it("sums every quiz of a page, and works when storage refuses", () => {
    quiz();
    const other = [{ ...exercises[2], prompt: "Another question?" }];
    const second = mount({ kind: "quiz", exercises: other, current: 0, feedback: [], right: false, hint_text: [], score: {} });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY))[location.pathname]).toBeUndefined(); // only looked at
    buttonNamed(second.root, "the left neighbour").click();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY))[location.pathname]).toEqual({ answered: 1, right: 1, total: 4 });
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => { throw new Error("QuotaExceededError"); };
    try {
      const { root } = quiz();
      buttonNamed(root, "Yes").click();
      expect(feedback(root).textContent).toContain("Right!");
    } finally {
      Storage.prototype.setItem = setItem;
    }
  });
});
