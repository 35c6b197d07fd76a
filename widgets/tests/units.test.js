import { describe, expect, it } from "vitest";
import { cardElement } from "../src/cards.js";
import { el, fill, svgNode } from "../src/dom.js";
import { moveId, sortIds } from "../src/hand.js";
import { openingLine } from "../src/meldbuilder.js";
import { plural, pluralIndex } from "../src/plural.js";
import { decodeIndex, maskOf, staticLookup } from "../src/statictable.js";
import { SVG, card } from "./fakemodel.js";

describe("plural forms", () => {
  it("follow each language's rules", () => {
    expect([1, 2, 5, 11, 21, 22, 41, 45].map((n) => pluralIndex("ru", n))).toEqual([0, 1, 2, 2, 0, 1, 0, 2]);
    expect([1, 2, 0].map((n) => pluralIndex("de", n))).toEqual([0, 1, 1]);
    expect(plural("ru", ["{n} очко", "{n} очка", "{n} очков"], 42)).toBe("42 очка");
    expect(plural("bg", ["{n} точка", "{n} точки"], 1)).toBe("1 точка");
  });
});

describe("dom", () => {
  it("sets text with textContent and fills templates", () => {
    const node = el("span", "x", "<b>not markup</b>");
    expect(node.textContent).toBe("<b>not markup</b>");
    expect(node.children.length).toBe(0);
    expect(fill("Meld {number} of {x}", { number: 2 })).toBe("Meld 2 of {x}");
  });
  it("parses the kit's SVG, hidden from screen readers", () => {
    const node = svgNode(SVG);
    expect(node.nodeName.toLowerCase()).toBe("svg");
    expect(node.getAttribute("aria-hidden")).toBe("true");
    expect(svgNode('<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="x"/>').hasAttribute("aria-label")).toBe(false);
    expect(svgNode("not svg").textContent).toBe("?");
  });
});

describe("cards", () => {
  it("are focusable checkboxes named as spoken", () => {
    const node = cardElement(card("Qh.0", "дама червей"), { selected: true });
    expect(node.getAttribute("role")).toBe("checkbox");
    expect(node.getAttribute("aria-checked")).toBe("true");
    expect(node.getAttribute("aria-label")).toBe("дама червей");
    expect(node.tabIndex).toBe(-1);
    const button = cardElement(card("Qh.0", "x"), { kind: "toggle" });
    expect(button.getAttribute("aria-pressed")).toBe("false");
  });
});

describe("hand ordering", () => {
  const cards = [card("a", "", { suit_key: 3, rank_key: 1 }), card("b", "", { suit_key: 1, rank_key: 3 }), card("c", "", { suit_key: 2, rank_key: 2 })];
  it("sorts by suit or rank keys", () => {
    expect(sortIds(cards, ["a", "b", "c"], "suit")).toEqual(["b", "c", "a"]);
    expect(sortIds(cards, ["a", "b", "c"], "rank")).toEqual(["a", "c", "b"]);
  });
  it("moves a card within bounds", () => {
    expect(moveId(["a", "b", "c"], "a", 1)).toEqual(["b", "a", "c"]);
    expect(moveId(["a", "b", "c"], "a", -1)).toEqual(["a", "b", "c"]);
  });
});

describe("static table", () => {
  // two cards: masks 1, 2, 3 -> verdicts 0, 0, 1
  const index = btoa(String.fromCharCode(0, 0, 0, 0, 0, 0, 1, 0));
  const table = {
    index,
    verdicts: [[0, 0, 0, 1], [1, 21, 2]],
    lines: ["Not a valid meld", "A meld needs at least 3 cards.", "Valid run: 21 points"],
    orders: { 3: "10" },
    jokers: { 3: { 1: "6s" } },
    joker_svgs: { "6s": "<svg>six</svg>" },
  };
  it("decodes the index", () => {
    expect([...decodeIndex(index)]).toEqual([0, 0, 0, 1]);
    expect(maskOf(["b"], ["a", "b"])).toBe(2);
    expect(maskOf(["z"], ["a", "b"])).toBe(-1);
  });
  it("looks a selection up: words, arrangement, jokers", () => {
    const lookup = staticLookup(table, ["a", "b"]);
    expect(lookup(["a"])).toMatchObject({ valid: false, title: "Not a valid meld", lines: ["A meld needs at least 3 cards."] });
    expect(lookup(["b", "a"])).toMatchObject({ valid: true, points: 21, arrangement: ["b", "a"], jokers: { b: "<svg>six</svg>" } });
    expect(lookup(["nope"])).toBeNull();
    expect(staticLookup({}, ["a"])).toBeNull();
  });
});

describe("opening line", () => {
  const texts = { points_forms: ["{n} point", "{n} points"], opening_meets: "{points} of {required}: enough", opening_short: "{points} of {required}: {missing} more", opening_none: "{points}" };
  it("adds the valid slots against the minimum", () => {
    const verdicts = [{ valid: true, points: 30 }, { valid: true, points: 15 }];
    expect(openingLine(texts, "en", verdicts, 40)).toEqual({ points: 45, meets: true, line: "45 points of 40 points: enough" });
    expect(openingLine(texts, "en", [{ valid: true, points: 30 }, { valid: false, points: 0 }], 40).meets).toBe(false);
    expect(openingLine(texts, "en", [{ valid: true, points: 9 }], null).line).toBe("9 points");
  });
});

import { localCheck } from "../src/quiz.js";

describe("quiz answers in a page with no kernel", () => {
  const texts = { points_forms: ["{n} point", "{n} points"] };
  it("compares with the core's precomputed answers", () => {
    expect(localCheck({ kind: "valid", answer: { valid: false, lines: ["x"] } }, false, texts, "en")).toEqual({ right: true, lines: ["x"] });
    expect(localCheck({ kind: "penalty", answer: { points: 58 } }, 57, texts, "en").right).toBe(false);
    expect(localCheck({ kind: "choice", answer: { right: 2, lines: ["why"] } }, 2, texts, "en")).toEqual({ right: true, lines: ["why"] });
    expect(localCheck({ kind: "choice", answer: { right: 2, lines: ["why"] } }, 1, texts, "en").right).toBe(false);
  });
  it("adds an opening's valid melds against the minimum", () => {
    const index = btoa(String.fromCharCode(...new Array(16).fill(0).map((_, i) => (i === 14 ? 1 : 0))));
    const exercise = {
      kind: "opening",
      cards: [{ id: "a" }, { id: "b" }, { id: "c" }],
      answer: { required: 30, static: { index, verdicts: [[0, 0, 0], [1, 30, 1]], lines: ["no", "Valid set: 30 points"], orders: {}, jokers: {}, joker_svgs: {} } },
    };
    expect(localCheck(exercise, [["a", "b", "c"]], texts, "en")).toEqual({ right: true, lines: ["Valid set: 30 points", "30 points"] });
    expect(localCheck(exercise, [["a", "b"]], texts, "en").right).toBe(false);
  });
});
