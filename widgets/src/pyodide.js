// A page with no kernel: the widget's own Python runs in the reader's browser (Pyodide).
//
// pythonModel(model) gives a view the same model it has in JupyterLab (get, set, on, send),
// backed by the widget's logic in Python (rummy_learn/widget_logic) instead of a kernel. The
// page's saved state is the starting point; Pyodide loads when the learner first acts
// (the first send), once for the whole page, and every message then goes to the bridge
// (rummy_learn/widget_logic/bridge.py), whose answer is the fields Python set, in order.
// Nothing here decides a rule: the view shows what Python says.
//
// The files lie beside the page's scripts (rummy-widgets.js sets window.rummyLearnPython:
// {base, wheels}); nothing comes from the network.

const SHARE_DOWNLOAD = 85; // the progress line: downloading is most of the wait

/** Where the page's Python lies, or null in a page with a kernel (JupyterLab). */
export function pythonConfig(where = globalThis) {
  const config = where.rummyLearnPython;
  return config && typeof config.base === "string" && Array.isArray(config.wheels) ? config : null;
}

/** Whether this browser can run WebAssembly at all (a browser or a policy may turn it off). */
export function canRunPython(where = globalThis) {
  return typeof where.WebAssembly === "object" && typeof where.WebAssembly.instantiate === "function";
}

class PythonUnavailable extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason; // "no_wasm", "from_disk" or "failed"
  }
}

/** Fetch a file, reporting its bytes as they arrive; fails on anything but 200. */
async function fetchBytes(url, onBytes) {
  const response = await fetch(url);
  if (!response.ok) throw new PythonUnavailable("failed");
  const total = Number(response.headers.get("Content-Length")) || 0;
  onBytes(0, total);
  if (!response.body || !response.body.getReader) {
    const whole = new Uint8Array(await response.arrayBuffer());
    onBytes(whole.length, total || whole.length);
    return whole;
  }
  const reader = response.body.getReader();
  const parts = [];
  let got = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    got += value.length;
    onBytes(got, total);
  }
  const whole = new Uint8Array(got);
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

let shared = null; // one Python for the whole page
const listeners = new Set(); // each widget's progress line while it loads

function report(percent) {
  for (const listener of listeners) listener(percent);
}

// Python started once is kept in the browser (IndexedDB, which a school's plain-http
// intranet has too): a memory snapshot taken right after the kit was imported, named by the
// digest of the files it was made from. The next page or visit starts from it in a fraction
// of the time. Anything wrong with it (storage refused, a full quota, a snapshot that does
// not load) and Python starts as the first time.
const STORE = "rummy-learn-python";

function snapshots(mode, work) {
  return new Promise((resolve) => {
    try {
      const opening = indexedDB.open(STORE, 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore("snapshots");
      opening.onerror = () => resolve(null);
      opening.onsuccess = () => {
        const db = opening.result;
        const tx = db.transaction("snapshots", mode);
        const request = work(tx.objectStore("snapshots"));
        tx.oncomplete = () => { db.close(); resolve(request ? request.result : null); };
        tx.onerror = tx.onabort = () => { db.close(); resolve(null); };
      };
    } catch {
      resolve(null); // no IndexedDB here (a sandboxed frame, some private windows)
    }
  });
}

async function savedSnapshot(key) {
  const found = await snapshots("readonly", (store) => store.get(key));
  return found instanceof Uint8Array ? found : null;
}

function keepSnapshot(key, bytes) {
  return snapshots("readwrite", (store) => {
    store.clear(); // one Python per site: an older kit's snapshot goes
    store.put(bytes, key);
    return null;
  });
}

/** A named moment of the load, for the benchmark (performance.mark; nothing else reads it). */
function mark(name) {
  if (globalThis.performance && performance.mark) performance.mark(`rummy-python:${name}`);
}

async function boot(config) {
  mark("start");
  if (!canRunPython()) throw new PythonUnavailable("no_wasm");
  // a page opened as a file may fetch nothing beside it (the browser's rule): say so at once
  if (globalThis.location.protocol === "file:") throw new PythonUnavailable("from_disk");
  const base = new URL(config.base, globalThis.location.href).href;
  // the folder's name is the digest of Pyodide and the kit: the same in every language's site
  const key = base.replace(/\/$/, "").split("/").pop();
  const snapshot = savedSnapshot(key);
  const big = ["pyodide.asm.wasm", "python_stdlib.zip", ...config.wheels];
  const seen = big.map(() => ({ got: 0, total: 0 }));
  const progress = () => {
    const got = seen.reduce((sum, s) => sum + s.got, 0);
    const total = seen.reduce((sum, s) => sum + Math.max(s.total, s.got), 0);
    report(total ? Math.floor((SHARE_DOWNLOAD * got) / total) : 0);
  };
  const module = import(/* @vite-ignore */ base + "pyodide.mjs");
  const bytes = await Promise.all(big.map((name, i) => fetchBytes(base + name, (got, total) => {
    seen[i] = { got, total };
    progress();
  })));
  mark("fetched");
  const { loadPyodide } = await module;
  // Pyodide asks for its standard library by fetch: hand it the bytes here. Its WebAssembly it
  // fetches itself, from the browser's cache now: compiled from a cached response, the
  // browser may keep the compiled code for the next page
  const ready = new Map([[base + big[1], bytes[1]]]);
  const start = async (options) => {
    const plainFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const url = new URL(typeof input === "string" ? input : input.url, globalThis.location.href).href;
      const body = ready.get(url);
      if (!body) return plainFetch(input, init);
      return Promise.resolve(new Response(body, { headers: { "Content-Type": "application/zip" } }));
    };
    try {
      const python = await loadPyodide({ indexURL: base, stdout: () => {}, stderr: () => {}, ...options });
      mark("python");
      report(SHARE_DOWNLOAD + 5);
      config.wheels.forEach((name, i) => python.unpackArchive(bytes[2 + i], "wheel")); // the kit's files
      return python;
    } finally {
      globalThis.fetch = plainFetch;
    }
  };
  const kept = await snapshot;
  let pyodide = null;
  if (kept) {
    try {
      pyodide = await start({ _loadSnapshot: kept }); // the kit imported already
      mark("from-snapshot");
    } catch {
      pyodide = null; // a snapshot that does not load: start as the first time
    }
  }
  if (!pyodide) {
    pyodide = await start({ _makeSnapshot: true });
    pyodide.runPython("import rummy_learn.widget_logic.bridge");
    let made = null;
    try {
      made = pyodide.makeMemorySnapshot();
    } catch {
      made = null; // no snapshot: the next page starts as this one did
    }
    if (made) keepSnapshot(key, made).then(() => mark("kept")); // for the next page (not waited for)
  }
  const bridge = pyodide.pyimport("rummy_learn.widget_logic.bridge");
  mark("kit");
  report(100);
  return bridge;
}

/** The page's one Python (loading it the first time); onPercent hears the progress. */
export function loadPython(config, onPercent) {
  if (onPercent) listeners.add(onPercent);
  if (!shared) {
    shared = boot(config).catch((error) => {
      throw error instanceof PythonUnavailable ? error : new PythonUnavailable("failed");
    });
  }
  return shared.finally(() => listeners.delete(onPercent));
}

/** Forget the page's Python (for tests). */
export function resetPython() {
  shared = null;
  listeners.clear();
}

/**
 * A model for a view, backed by the widget's logic in the page's Python.
 * model: the page's own widget model (its saved state); onStatus(kind, percent): "loading",
 * "ready", "no_wasm", "from_disk" or "failed", for the widget's status line. load: how Python is had
 * (loadPython, or a stand-in in tests).
 */
export function pythonModel(model, { onStatus = () => {}, load = loadPython, config = pythonConfig() } = {}) {
  const local = {}; // the fields Python set, over the page's saved state
  const handlers = {};
  const queue = [];
  let started = null; // {bridge, id}
  let busy = false;
  let broken = false;

  const get = (name) => (name in local ? local[name] : model.get(name));
  const fire = (name) => {
    for (const handler of handlers[`change:${name}`] || []) handler();
  };
  const apply = (changes) => {
    for (const [name, value] of changes) {
      const changed = JSON.stringify(get(name)) !== JSON.stringify(value);
      local[name] = value;
      if (changed) fire(name);
    }
  };
  async function start() {
    const bridge = await load(config, (percent) => onStatus("loading", percent));
    const answer = JSON.parse(bridge.start(model.get("kind"), JSON.stringify(model.get("setup") || {})));
    if (answer.error) throw new PythonUnavailable("failed");
    // Python starts where the page's saved state is: only where it differs does it say so
    // (what the view set meanwhile, such as the quiz's exercise, its messages will confirm)
    apply(Object.entries(answer.state).filter(([name, value]) => JSON.stringify(model.get(name)) !== JSON.stringify(value)));
    onStatus("ready");
    return { bridge, id: answer.id };
  }
  async function pump() {
    if (busy || broken) return;
    busy = true;
    try {
      if (!started) {
        if (!config) throw new PythonUnavailable("failed");
        onStatus("loading", 0);
        started = await start();
      }
      while (queue.length) {
        apply(JSON.parse(started.bridge.receive(started.id, queue.shift())));
      }
    } catch (error) {
      broken = true;
      queue.length = 0;
      onStatus(error && ["no_wasm", "from_disk"].includes(error.reason) ? error.reason : "failed");
      if (!(error instanceof PythonUnavailable)) console.warn("rummy-learn: Python failed", error);
    } finally {
      busy = false;
    }
  }
  return {
    get,
    set(name, value) { // the view's own change (as with a kernel, not sent anywhere)
      const changed = JSON.stringify(get(name)) !== JSON.stringify(value);
      local[name] = value;
      if (changed) fire(name);
    },
    on(event, handler) {
      (handlers[event] ||= []).push(handler);
    },
    send(message) { // answered later, as a kernel answers: the view goes on first
      queue.push(JSON.stringify(message)); // as it is now (a kernel's comm serializes it at once)
      Promise.resolve().then(pump);
    },
  };
}
