// The model backed by the page's Python: the same interface as a kernel's, with a stand-in
// bridge (the real one runs in Chromium: tests/browser/test_static_python.py).
import { describe, expect, it } from "vitest";
import { canRunPython, pythonConfig, pythonModel } from "../src/pyodide.js";
import { pythonStatus } from "../src/index.js";
import { fakeModel } from "./fakemodel.js";

function bridge(answers) {
  const calls = [];
  return {
    calls,
    start: (kind, setup) => { calls.push(["start", kind, JSON.parse(setup)]); return JSON.stringify({ id: 7, state: { error: "" } }); },
    receive: (id, message) => { calls.push(["receive", id, JSON.parse(message)]); return JSON.stringify(answers.shift() || []); },
  };
}
const page = () => fakeModel({ kind: "game", setup: { round: "r" }, message: [], log: ["dealt"] });
const config = { base: "/x/", wheels: [] };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a page's Python as the model", () => {
  it("loads nothing until the learner acts, then sends each message in order", async () => {
    const fake = bridge([[["message", ["no"]], ["message", []]], [["log", ["dealt", "you drew"]]]]);
    let loads = 0;
    const statuses = [];
    const model = pythonModel(page(), { config, load: async (_c, onPercent) => { loads += 1; onPercent(40); return fake; }, onStatus: (...s) => statuses.push(s) });
    const heard = [];
    model.on("change:log", () => heard.push(model.get("log")));
    model.on("change:message", () => heard.push(model.get("message")));
    expect(loads).toBe(0);
    expect(model.get("log")).toEqual(["dealt"]); // the page's saved state
    model.send({ type: "move", move: { type: "discard" } });
    model.send({ type: "move", move: { type: "draw" } });
    await tick();
    expect(loads).toBe(1);
    expect(fake.calls.map((c) => c[0])).toEqual(["start", "receive", "receive"]);
    expect(fake.calls[0]).toEqual(["start", "game", { round: "r" }]);
    expect(fake.calls[2][2]).toEqual({ type: "move", move: { type: "draw" } });
    expect(heard).toEqual([["no"], [], ["dealt", "you drew"]]); // every change, in order
    expect(statuses).toEqual([["loading", 0], ["loading", 40], ["ready"]]);
  });
  it("keeps what the view set while Python loaded: Python's start is the page's saved state", async () => {
    const fake = { start: () => JSON.stringify({ id: 1, state: { current: 0, log: ["dealt"] } }), receive: () => JSON.stringify([["current", 1]]) };
    const saved = fakeModel({ kind: "quiz", setup: {}, current: 0, log: ["dealt"] });
    const model = pythonModel(saved, { config, load: async () => fake });
    const seen = [];
    model.on("change:current", () => seen.push(model.get("current")));
    model.send({ type: "next" });
    model.set("current", 1); // the view moves on at once, as it does with a kernel
    await tick();
    expect(seen).toEqual([1]); // never back to 0 and on again
  });
  it("answers that come later than the view goes on never take it back (Next clicked twice)", async () => {
    let current = 0;
    const later = () => new Promise((resolve) => setTimeout(resolve, 5));
    const fake = {
      start: () => JSON.stringify({ id: 1, state: { current: 0 } }),
      receive: async () => { await later(); current += 1; return JSON.stringify([["current", current]]); },
    };
    const model = pythonModel(fakeModel({ kind: "quiz", setup: {}, current: 0 }), { config, load: async () => fake });
    const seen = [];
    model.on("change:current", () => seen.push(model.get("current")));
    for (const number of [1, 2, 3]) {
      model.send({ type: "next" });
      model.set("current", number); // the view moves on at once
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([1, 2, 3]); // never 1 again after 3
    expect(model.get("current")).toBe(3);
  });
  it("sends a message as it was when sent, though the view changes its own copy later", async () => {
    const fake = bridge([]);
    const model = pythonModel(page(), { config, load: async () => fake });
    const slots = [["Kh.0"]];
    model.send({ type: "slots", slots });
    slots[0].push("Ks.0"); // the view goes on before Python has answered
    await tick();
    expect(fake.calls[1][2]).toEqual({ type: "slots", slots: [["Kh.0"]] });
  });
  it("says why when the browser cannot run Python, and sends nothing after", async () => {
    const statuses = [];
    const unavailable = Object.assign(new Error("no"), { reason: "no_wasm" });
    const model = pythonModel(page(), { config, load: async () => { throw unavailable; }, onStatus: (s) => statuses.push(s) });
    model.send({ type: "hint" });
    await tick();
    expect(statuses.at(-1)).toBe("no_wasm");
    model.send({ type: "hint" });
    await tick();
    expect(statuses.filter((s) => s === "no_wasm").length).toBe(1);
  });
  it("says nothing of a missing Python while the page's own data answers, and why once it cannot", async () => {
    const statuses = [];
    const unavailable = Object.assign(new Error("no"), { reason: "from_disk" });
    const model = pythonModel(page(), { config, load: async () => { throw unavailable; }, onStatus: (s) => statuses.push(s) });
    model.answeredHere(); // a quiz answered from its prepared feedback
    model.send({ type: "answer", value: true });
    await tick();
    expect(statuses).toEqual(["loading", "quiet"]);
    model.answeredHere();
    model.send({ type: "next" });
    await tick();
    expect(statuses).not.toContain("from_disk");
    model.send({ type: "answer", value: 12 }); // nothing prepared: only Python could answer
    model.send({ type: "answer", value: 13 });
    await tick();
    expect(statuses.filter((s) => s === "from_disk")).toEqual(["from_disk"]);
  });
  it("names each failure for the status line, in the widget's words", () => {
    const texts = { python_loading: "Python … {percent} %", python_no_wasm: "no wasm", python_from_disk: "from disk", python_failed: "failed" };
    expect(pythonStatus(texts, "loading", 40)).toBe("Python … 40 %");
    expect(["no_wasm", "from_disk", "failed", "ready"].map((k) => pythonStatus(texts, k))).toEqual(["no wasm", "from disk", "failed", ""]);
  });
  it("says it failed when the snapshot is refused", async () => {
    const statuses = [];
    const refusing = { start: () => JSON.stringify({ error: "not a saved round" }), receive: () => "[]" };
    const model = pythonModel(page(), { config, load: async () => refusing, onStatus: (s) => statuses.push(s) });
    model.send({ type: "hint" });
    await tick();
    expect(statuses.at(-1)).toBe("failed");
  });
  it("knows a static page by the settings rummy-widgets.js leaves, and a browser without WebAssembly", () => {
    expect(pythonConfig({})).toBeNull();
    expect(pythonConfig({ rummyLearnPython: { base: "/s/", wheels: ["k.whl"] } })).toEqual({ base: "/s/", wheels: ["k.whl"] });
    expect(canRunPython({})).toBe(false);
    expect(canRunPython({ WebAssembly: { instantiate() {} } })).toBe(true);
  });
});
