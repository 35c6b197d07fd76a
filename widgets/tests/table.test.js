// The card table's view logic: the hand's order, what a drop on a meld means, and the moves
// Python offers (enabled, or aria-disabled saying why) — the page decides no rule itself.
import { afterEach, describe, expect, it } from "vitest";
import { path } from "../src/botplay.js";
import { dropEnd, freshCards } from "../src/game.js";
import widget from "../src/index.js";
import { whyNot } from "../src/offers.js";
import { handOrder } from "../src/tableparts.js";
import { card, fakeModel } from "./fakemodel.js";

const TEXTS = {
  widget_name: "Game", hand: "Your hand", players: "Players", table: "Table", log: "Log", cards_in_hand: "{player}: {n}",
  lay_off_low: "Start", lay_off_high: "End", swap: "Swap", draw: "Draw", take: "Take", meld: "Meld", discard: "Discard",
  go_out: "Go out", knock: "Knock", undo: "Undo", pass: "Let it go", new_round: "New round", stock: "Stock: {n}",
  discard_pile: "Discard pile", add_to_opening: "Put aside", hint: "Hint", meld_n: "Meld {number}", sort_by: "Order",
  sort_suit: "By suit", sort_rank: "By rank", sort_own: "My order", level: "Level", level_easy: "Easy", level_medium: "Medium",
  level_hard: "Hard", speed: "Pace", speed_slow: "Slow", speed_normal: "Normal", speed_instant: "Instant",
  melds_of: "{player}: melds", drop_table: "Drop here", no_fit_here: "Nothing fits here.",
};
const hand = [
  card("Kd.0", "king of diamonds", { suit_key: 73, rank_key: 133 }),
  card("10s.0", "ten of spades", { suit_key: 30, rank_key: 101 }),
  card("3s.0", "three of spades", { suit_key: 23, rank_key: 31 }),
];
const melds = [{ id: 1, owner: 1, kind: "run", cards: [card("7s.0", "seven of spades"), card("8s.0", "eight of spades"), card("9s.0", "nine of spades")] }];
const MOVES = { draw: "You have drawn.", take: "You have drawn.", add_to_opening: "No meld.", meld: "No meld.", lay_off: "", swap: "No joker.",
  discard: "", go_out: "Not empty.", knock: "No knock.", pass: "No knock.", undo: "", hint: "", new_round: "Not over." };
const traits = (extra = {}) => ({ kind: "game", lang: "en", four_colour: false, texts: TEXTS, error: "", title: "Rummy", cards: hand, table: melds,
  top_discard: {}, stock_size: 40, message: [], hint_text: [], result: [], log: [], level: "medium", card_back: "", entries: [],
  players: [{ name: "You", cards: 3, current: true }, { name: "Computer 1", cards: 13, current: false }], can_knock: false, can_undo: true,
  moves: MOVES, targets: { discard: ["Kd.0", "10s.0", "3s.0"], lay_off: [["10s.0", 1, "high"]], swap: [] }, ...extra });

const mounted = [];
function mount(extra) {
  const model = fakeModel(traits(extra));
  const root = document.createElement("div");
  document.body.appendChild(root);
  mounted.push(root);
  widget.render({ model, el: root });
  return { model, root };
}
afterEach(() => { for (const root of mounted.splice(0)) root.remove(); });
const buttonNamed = (root, name) => [...root.querySelectorAll("button")].find((b) => b.textContent === name);
const handIds = (root) => [...root.querySelectorAll(".rl-w-hand [data-card]")].map((n) => n.dataset.card);

describe("the parts", () => {
  it("the hand is sorted by suit or rank, or kept in the learner's order with new cards last", () => {
    const four = [...hand, card("4d.0", "four of diamonds", { suit_key: 64, rank_key: 43 })];
    expect(handOrder(four, [], "suit")).toEqual(["3s.0", "10s.0", "4d.0", "Kd.0"]);
    expect(handOrder(four, [], "rank")).toEqual(["3s.0", "4d.0", "10s.0", "Kd.0"]);
    expect(handOrder(hand, ["Kd.0", "3s.0", "gone"], "own")).toEqual(["Kd.0", "3s.0", "10s.0"]);
  });
  it("a drop on a meld lays off at the legal end; where both are legal, at the side dropped on", () => {
    expect(dropEnd({ lay_off: [["10s.0", 1, "high"]] }, "10s.0", 1, true)).toBe("high");
    expect(dropEnd({ lay_off: [["6s.0", 1, "low"], ["6s.0", 1, "high"]] }, "6s.0", 1, true)).toBe("low");
    expect(dropEnd({ lay_off: [["6s.0", 1, "low"], ["6s.0", 1, "high"]] }, "6s.0", 1, false)).toBe("high");
    expect(dropEnd({ lay_off: [["10s.0", 2, "high"]] }, "10s.0", 1, true)).toBe(null);
  });
  it("a move is possible unless Python says why not; a bot's card goes where its move goes", () => {
    expect([whyNot(undefined, "draw"), whyNot(MOVES, "draw"), whyNot(MOVES, "discard")]).toEqual(["", "You have drawn.", ""]);
    expect([path("draw"), path("take"), path("discard"), path("lay_off")]).toEqual([["stock", "seat"], ["pile", "seat"], ["seat", "pile"], ["seat", "table"]]);
  });
});

describe("the card table", () => {
  it("the hand is sorted by suit at first; the learner's own order stays when the cards change", () => {
    const { root, model } = mount();
    expect(handIds(root)).toEqual(["3s.0", "10s.0", "Kd.0"]); // not as dealt
    const select = root.querySelector(".rl-w-choice select");
    select.value = "own";
    select.dispatchEvent(new Event("change"));
    const first = root.querySelector('.rl-w-hand [data-card="3s.0"]');
    first.focus();
    first.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", shiftKey: true, bubbles: true }));
    expect(handIds(root)).toEqual(["10s.0", "3s.0", "Kd.0"]);
    model.emit("cards", [...hand, card("2c.0", "two of clubs", { suit_key: 2, rank_key: 20 })]);
    expect(handIds(root)).toEqual(["10s.0", "3s.0", "Kd.0", "2c.0"]); // kept; the new card last
  });
  it("only the moves Python offers can be pressed; the others say why, and send nothing", () => {
    const { root, model } = mount();
    const draw = buttonNamed(root, "Draw");
    expect(draw.getAttribute("aria-disabled")).toBe("true");
    expect(document.getElementById(draw.getAttribute("aria-describedby")).textContent).toBe("You have drawn.");
    draw.focus();
    expect(root.querySelector(".rl-w-why").textContent).toBe("You have drawn.");
    draw.click();
    expect(model.sent).toEqual([]);
    const discard = buttonNamed(root, "Discard");
    expect(discard.hasAttribute("aria-disabled")).toBe(false);
    root.querySelector('.rl-w-hand [data-card="Kd.0"]').click();
    discard.click();
    expect(model.sent.at(-1)).toEqual({ type: "move", move: { type: "discard", card: "Kd.0" } });
    model.emit("moves", { ...MOVES, draw: "" });
    expect(draw.hasAttribute("aria-disabled")).toBe(false);
  });
  it("a meld shows the lay-off the chosen card can make on it, and only that; its owner's seat holds it", () => {
    const { root } = mount();
    const meld = root.querySelector(".rl-w-seat .rl-w-meld"); // laid by Computer 1: in front of them
    expect(meld).not.toBeNull();
    const tools = meld.querySelector(".rl-w-toolbar");
    expect(tools.hidden).toBe(true); // no card chosen: the meld is only cards
    root.querySelector('.rl-w-hand [data-card="10s.0"]').click(); // 10♠ goes at the meld's end
    const end = buttonNamed(meld, "End");
    const start = buttonNamed(meld, "Start");
    expect([tools.hidden, end.hidden, start.hidden]).toEqual([false, false, true]);
    expect(end.getAttribute("aria-disabled")).toBe(null);
    expect(document.getElementById(start.getAttribute("aria-describedby")).textContent).toBe("Nothing fits here.");
    root.querySelector('.rl-w-hand [data-card="10s.0"]').click();
    root.querySelector('.rl-w-hand [data-card="Kd.0"]').click(); // K♦ fits no meld: nothing shown
    expect(tools.hidden).toBe(true);
  });
  it("at the end of the round a computer player's hand lies open, each card named; before, only backs", () => {
    const { root, model } = mount();
    const backs = () => root.querySelectorAll(".rl-w-seat")[1].querySelector(".rl-w-backs");
    expect(backs().getAttribute("aria-hidden")).toBe("true");
    expect(backs().querySelectorAll(".rl-w-open-card").length).toBe(0);
    const shown = [card("Qh.0", "queen of hearts"), card("Jkr.1", "joker")];
    model.emit("players", [{ name: "You", cards: 0, current: false }, { name: "Computer 1", cards: 2, current: false, shown }]);
    const open = [...backs().querySelectorAll(".rl-w-open-card")];
    expect(open.map((n) => n.getAttribute("aria-label"))).toEqual(["queen of hearts", "joker"]);
    expect(backs().getAttribute("aria-hidden")).toBe(null);
    expect(backs().querySelectorAll(".rl-w-back").length).toBe(0);
  });
  it("the card just drawn is marked in the hand until the hand changes again; a new deal marks none", () => {
    expect([...freshCards(new Set(["a", "b"]), new Set(["a", "b", "c"]))]).toEqual(["c"]);
    expect([...freshCards(new Set(["a", "b"]), new Set(["a"]))]).toEqual([]);
    expect([...freshCards(new Set(), new Set(["a", "b", "c"]))]).toEqual([]);
    expect([...freshCards(new Set(["a"]), new Set(["x", "y", "z"]))]).toEqual([]);
    const { root, model } = mount();
    model.emit("cards", [...hand, card("Qh.0", "queen of hearts", { suit_key: 60, rank_key: 121 })]);
    const marked = () => [...root.querySelectorAll(".rl-w-hand .rl-w-fresh")].map((n) => n.dataset.card);
    expect(marked()).toEqual(["Qh.0"]);
    model.emit("cards", hand);
    expect(marked()).toEqual([]);
  });
  it("a meld's swap is shown only for a chosen card that can take its joker's place", () => {
    const jokerRun = [{ id: 1, owner: 1, kind: "run", cards: [card("7s.0", "seven of spades"), card("8s.0", "eight of spades"), card("Jkr.0", "joker as nine of spades")] }];
    const { root } = mount({ table: jokerRun, moves: { ...MOVES, swap: "" }, targets: { discard: [], lay_off: [["10s.0", 1, "high"]], swap: [[1, "Jkr.0", "3s.0"]] } });
    const meld = root.querySelector(".rl-w-meld");
    const swap = buttonNamed(meld, "Swap");
    root.querySelector('.rl-w-hand [data-card="10s.0"]').click(); // fits the end, not the joker's place
    expect([swap.hidden, buttonNamed(meld, "End").hidden]).toEqual([true, false]);
    root.querySelector('.rl-w-hand [data-card="10s.0"]').click();
    root.querySelector('.rl-w-hand [data-card="3s.0"]').click();
    expect(swap.hidden).toBe(false);
  });
  it("a click on the stock draws when drawing is a move Python offers, else sends nothing", () => {
    const { root, model } = mount({ moves: { ...MOVES, draw: "" } });
    root.querySelector(".rl-w-stock-pile").click();
    expect(model.sent.at(-1)).toEqual({ type: "move", move: { type: "draw" } });
    const other = mount();
    const before = other.model.sent.length;
    other.root.querySelector(".rl-w-stock-pile").click(); // drawn already: "You have drawn."
    expect(other.model.sent.length).toBe(before);
  });
  it("dropping a card on a meld lays it off; on the table, melds; on the pile, discards", () => {
    const { root, model } = mount();
    const drop = (node, id) => {
      const event = new Event("drop", { bubbles: true, cancelable: true });
      event.dataTransfer = { getData: () => id };
      event.clientX = 0;
      node.dispatchEvent(event);
    };
    drop(root.querySelector(".rl-w-meld"), "10s.0");
    expect(model.sent.at(-1)).toEqual({ type: "move", move: { type: "lay_off", card: "10s.0", meld: 1, end: "high" } });
    drop(root.querySelector(".rl-w-discard"), "Kd.0");
    expect(model.sent.at(-1)).toEqual({ type: "move", move: { type: "discard", card: "Kd.0" } });
    drop(root.querySelector(".rl-w-melds"), "3s.0");
    expect(model.sent.at(-1)).toEqual({ type: "move", move: { type: "meld", melds: [["3s.0"]] } });
    const before = model.sent.length;
    drop(root.querySelector(".rl-w-discard"), "Qh.9"); // not a card of the hand: nothing sent
    expect(model.sent.length).toBe(before);
  });
  it("when the computers answer, the table first stands as it was before their first move", () => {
    const { root, model } = mount(); // the table holds the bot's meld already (Python is ahead)
    const entry = (number, player, table) => ({ number, player, kind: "meld", cards: [], meld: 1, after: { table } });
    model.emit("entries", [entry(1, 0, []), entry(2, 1, melds)]);
    expect(root.querySelectorAll(".rl-w-meld").length).toBe(0); // staged: before the bot's meld
    const pace = [...root.querySelectorAll(".rl-w-choice")].find((c) => c.textContent.startsWith("Pace")).querySelector("select");
    pace.value = "instant";
    pace.dispatchEvent(new Event("change"));
    model.emit("entries", [entry(1, 0, []), entry(2, 1, melds), entry(3, 0, []), entry(4, 1, melds)]);
    expect(root.querySelectorAll(".rl-w-meld").length).toBe(1); // no pace: the table as it is
  });
  it("the learner picks the computer players' level; Python keeps it", () => {
    const { root, model } = mount();
    const level = [...root.querySelectorAll(".rl-w-choice")].find((c) => c.textContent.startsWith("Level")).querySelector("select");
    expect(level.value).toBe("medium");
    level.value = "hard";
    level.dispatchEvent(new Event("change"));
    expect(model.sent.at(-1)).toEqual({ type: "level", level: "hard" });
    model.emit("level", "easy");
    expect(level.value).toBe("easy");
  });
});
