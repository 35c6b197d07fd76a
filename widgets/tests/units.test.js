import { describe, expect, it } from "vitest";
import { cardElement } from "../src/cards.js";
import { el, fill, svgNode } from "../src/dom.js";
import { moveId, sortIds } from "../src/hand.js";
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
  // two cards: masks 1, 2, 3 -> verdicts 0, 0, 1; a row: [valid, points, meets, opening, title, lines...]
  const index = btoa(String.fromCharCode(0, 0, 0, 0, 0, 0, 1, 0));
  const table = {
    index,
    verdicts: [[0, 0, 0, 3, 0, 1], [1, 21, 0, 4, 2]],
    lines: ["Not a valid meld", "A meld needs at least 3 cards.", "Valid run: 21 points", "0 of 40; meld 1 spoils it", "21 of 40"],
    orders: { 3: "10" },
    jokers: { 3: { 1: "6s" } },
    joker_svgs: { "6s": "<svg>six</svg>" },
  };
  it("decodes the index", () => {
    expect([...decodeIndex(index)]).toEqual([0, 0, 0, 1]);
    expect(maskOf(["b"], ["a", "b"])).toBe(2);
    expect(maskOf(["z"], ["a", "b"])).toBe(-1);
  });
  it("looks a selection up: words, arrangement, jokers, and Python's line on it as an opening", () => {
    const lookup = staticLookup(table, ["a", "b"]);
    expect(lookup(["a"])).toMatchObject({ valid: false, title: "Not a valid meld", lines: ["A meld needs at least 3 cards."], opening: "0 of 40; meld 1 spoils it" });
    expect(lookup(["b", "a"])).toMatchObject({ valid: true, points: 21, meets: false, opening: "21 of 40", arrangement: ["b", "a"], jokers: { b: "<svg>six</svg>" } });
    expect(lookup(["nope"])).toBeNull();
    expect(staticLookup({}, ["a"])).toBeNull();
  });
  it("gives the opening's line at once only where Python made it: one meld, in the first slot", () => {
    const lookup = staticLookup(table, ["a", "b"]);
    expect(verdictsAtOnce(lookup, [["a", "b"], []]).opening).toEqual({ line: "21 of 40" });
    expect(verdictsAtOnce(lookup, [[], ["a", "b"]]).opening).toBeNull(); // Python numbers the meld: 2
    expect(verdictsAtOnce(lookup, [["a"], ["b"]]).opening).toBeNull(); // two melds: Python adds them up
    expect(verdictsAtOnce(lookup, [["a", "b"], []]).complete).toBe(true);
    expect(verdictsAtOnce(lookup, [[], []]).complete).toBe(true); // nothing to say
    expect(verdictsAtOnce(lookup, [["a"], ["b"]]).complete).toBe(false); // Python must answer
    expect(verdictsAtOnce(lookup, [[], ["a", "b"]]).complete).toBe(false);
    expect(verdictsAtOnce(lookup, [["nope"]]).complete).toBe(false); // not in the table
  });
});

import { saidBeforehand } from "../src/quiz.js";
import { verdictsAtOnce } from "../src/meldbuilder.js";

describe("quiz answers in a page with no kernel", () => {
  it("look up the feedback Python made for each answer, and decide nothing", () => {
    const said = { true: { right: false, lines: ["Not quite.", "x"] }, false: { right: true, lines: ["Right!", "x"] } };
    expect(saidBeforehand({ kind: "valid", said }, false)).toEqual(said.false);
    const penalty = { kind: "penalty", said: { 58: { right: true, lines: ["Right!"] }, "*": { right: false, lines: ["Not quite."] } } };
    expect(saidBeforehand(penalty, 58).right).toBe(true);
    expect(saidBeforehand(penalty, 57).right).toBe(false);
    expect(saidBeforehand({ kind: "opening", said: {} }, [["a"]])).toBeNull(); // Python answers
  });
});
