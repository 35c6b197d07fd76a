// A page with no kernel: the widget's own Python runs in the reader's browser (Pyodide).
//
// pythonModel(model) gives a view the same model it has in JupyterLab (get, set, on, send),
// backed by the widget's logic in Python (rummy_learn/widget_logic) instead of a kernel. The
// page's saved state is the starting point; Pyodide loads when the learner first acts
// (the first send), once for the whole page, in a Web Worker, and every message then goes
// to the bridge (rummy_learn/widget_logic/bridge.py) there, whose answer is the fields
// Python set, in order.
// Nothing here decides a rule: the view shows what Python says.
//
// The files lie beside the page's scripts (rummy-widgets.js sets window.rummyLearnPython:
// {base, wheels}); nothing comes from the network.

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

// Python runs in a Worker: starting it takes seconds of work (in a busy classroom machine's
// browser, ten and more), and on the page's own thread that would freeze the page, so that
// the answers computed in advance could not be shown, nor the progress line move. The
// worker's code is this one function, sent to it as text (it uses nothing of this module).
function pythonWorker() {
  const SHARE_DOWNLOAD = 85; // the progress line: downloading is most of the wait
  const STORE = "rummy-learn-python";
  const post = (message) => self.postMessage(message);
  const mark = (name) => post({ type: "mark", name }); // for the benchmark, on the page's clock
  const report = (percent) => post({ type: "progress", percent });
  const unavailable = (reason) => Object.assign(new Error(reason), { reason });

  /** Fetch a file, reporting its bytes as they arrive; fails on anything but 200. */
  async function fetchBytes(url, onBytes) {
    const response = await fetch(url);
    if (!response.ok) throw unavailable("failed");
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

  // Python started once is kept in the browser (IndexedDB, which a school's plain-http
  // intranet has too): a memory snapshot taken right after the kit was imported, named by
  // the digest of the files it was made from. The next page or visit starts from it in a
  // fraction of the time. Anything wrong with it (storage refused, a full quota, a snapshot
  // that does not load) and Python starts as the first time.
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

  async function boot({ base, wheels }) {
    // the folder's name is the digest of Pyodide and the kit: the same in every language's site
    const key = base.replace(/\/$/, "").split("/").pop();
    const snapshot = savedSnapshot(key);
    const big = ["pyodide.asm.wasm", "python_stdlib.zip", ...wheels];
    const seen = big.map(() => ({ got: 0, total: 0 }));
    const progress = () => {
      const got = seen.reduce((sum, s) => sum + s.got, 0);
      const total = seen.reduce((sum, s) => sum + Math.max(s.total, s.got), 0);
      report(total ? Math.floor((SHARE_DOWNLOAD * got) / total) : 0);
    };
    const module = import(base + "pyodide.mjs");
    const bytes = await Promise.all(big.map((name, i) => fetchBytes(base + name, (got, total) => {
      seen[i] = { got, total };
      progress();
    })));
    mark("fetched");
    const { loadPyodide } = await module;
    // Pyodide asks for its standard library by fetch: hand it the bytes here. Its WebAssembly
    // it fetches itself, from the browser's cache now: compiled from a cached response, the
    // browser may keep the compiled code for the next page
    const ready = new Map([[base + big[1], bytes[1]]]);
    const start = async (options) => {
      const plainFetch = globalThis.fetch;
      globalThis.fetch = (input, init) => {
        const url = new URL(typeof input === "string" ? input : input.url, base).href;
        const body = ready.get(url);
        if (!body) return plainFetch(input, init);
        return Promise.resolve(new Response(body, { headers: { "Content-Type": "application/zip" } }));
      };
      try {
        const python = await loadPyodide({ indexURL: base, stdout: () => {}, stderr: () => {}, ...options });
        mark("python");
        report(SHARE_DOWNLOAD + 5);
        wheels.forEach((name, i) => python.unpackArchive(bytes[2 + i], "wheel")); // the kit's files
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
    return bridge;
  }

  let booted = null;
  self.onmessage = async ({ data }) => {
    if (data.type === "boot") {
      booted = boot(data.config);
      try {
        await booted;
        post({ type: "ready" });
      } catch (error) {
        post({ type: "failed", reason: (error && error.reason) || "failed", detail: String(error) });
      }
    } else if (data.type === "call" && booted) {
      try {
        const bridge = await booted;
        const fn = data.name === "start" ? bridge.start : bridge.receive;
        post({ type: "answer", call: data.call, result: String(fn(...data.args)) });
      } catch (error) {
        post({ type: "answer", call: data.call, error: String(error) });
      }
    }
  };
}

let shared = null; // one Python for the whole page
const listeners = new Set(); // each widget's progress line while it loads

function report(percent) {
  for (const listener of listeners) listener(percent);
}

/** A named moment of the load, for the benchmark (performance.mark; nothing else reads it). */
function mark(name) {
  if (globalThis.performance && performance.mark) performance.mark(`rummy-python:${name}`);
}

/** The page's Python, started in a Worker: a bridge whose start and receive answer later. */
async function boot(config) {
  mark("start");
  if (!canRunPython()) throw new PythonUnavailable("no_wasm");
  // a page opened as a file may fetch nothing beside it (the browser's rule): say so at once
  if (globalThis.location.protocol === "file:") throw new PythonUnavailable("from_disk");
  const base = new URL(config.base, globalThis.location.href).href;
  let worker = null;
  try {
    const source = new Blob([`(${pythonWorker.toString()})();`], { type: "text/javascript" });
    worker = new Worker(URL.createObjectURL(source), { type: "module" });
  } catch {
    throw new PythonUnavailable("failed"); // no workers here
  }
  const waiting = new Map();
  let calls = 0;
  const ready = new Promise((resolve, reject) => {
    const fail = (reason) => {
      reject(new PythonUnavailable(reason));
      for (const { reject: answer } of waiting.values()) answer(new PythonUnavailable("failed"));
      waiting.clear();
    };
    worker.onmessage = ({ data }) => {
      if (data.type === "progress") report(data.percent);
      else if (data.type === "mark") mark(data.name);
      else if (data.type === "ready") resolve();
      else if (data.type === "failed") {
        if (data.reason !== "no_wasm") console.warn("rummy-learn: Python failed", data.detail);
        fail(data.reason === "no_wasm" ? "no_wasm" : "failed");
      } else if (data.type === "answer" && waiting.has(data.call)) {
        const { resolve: answer, reject: refuse } = waiting.get(data.call);
        waiting.delete(data.call);
        if ("error" in data) refuse(new Error(data.error));
        else answer(data.result);
      }
    };
    worker.onerror = () => fail("failed");
  });
  worker.postMessage({ type: "boot", config: { base, wheels: [...config.wheels] } });
  await ready;
  const call = (name, args) => new Promise((resolve, reject) => {
    calls += 1;
    waiting.set(calls, { resolve, reject });
    worker.postMessage({ type: "call", call: calls, name, args });
  });
  report(100);
  return {
    start: (kind, setup) => call("start", [kind, setup]),
    receive: (id, message) => call("receive", [id, message]),
  };
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
 * "ready", "quiet" (nothing to say), "no_wasm", "from_disk" or "failed", for the widget's
 * status line; why Python is missing only once a message the view did not answer itself (see
 * answeredHere) needed it. load: how Python is had
 * (loadPython, or a stand-in in tests).
 */
export function pythonModel(model, { onStatus = () => {}, load = loadPython, config = pythonConfig() } = {}) {
  const local = {}; // the fields Python set, over the page's saved state
  const handlers = {};
  const queue = []; // [number, message as sent]
  let sent = 0; // messages sent so far
  const setAt = {}; // field → how many messages had been sent when the view last set it
  let started = null; // {bridge, id}
  let busy = false;
  let broken = false;
  // a page where Python cannot run still answers what was computed in advance: why Python is
  // missing is said only once the learner does something that only Python could answer
  let unavailable = null; // why Python cannot run here, once known
  let needed = false; // a message went out that the view could not answer itself
  let nextAnswered = false; // the view answered the next message from the page's own data
  let said = false;
  const tellUnavailable = () => {
    if (unavailable && needed && !said) {
      said = true;
      onStatus(unavailable);
    }
  };

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
    const answer = JSON.parse(await bridge.start(model.get("kind"), JSON.stringify(model.get("setup") || {})));
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
        const [number, message] = queue.shift();
        const changes = JSON.parse(await started.bridge.receive(started.id, message)); // in order
        // Python answers later than the view goes on: a field the view set after this message
        // was sent is newer than this answer (Next clicked twice: the answer to the first
        // would take the quiz back one exercise); the answer to its own message still counts
        apply(changes.filter(([name]) => !(setAt[name] > number)));
      }
    } catch (error) {
      broken = true;
      queue.length = 0;
      unavailable = error && ["no_wasm", "from_disk"].includes(error.reason) ? error.reason : "failed";
      if (!needed) onStatus("quiet"); // no loading line left behind: nothing asked went unanswered
      tellUnavailable();
      if (!(error instanceof PythonUnavailable)) console.warn("rummy-learn: Python failed", error);
    } finally {
      busy = false;
    }
  }
  return {
    get,
    set(name, value) { // the view's own change (as with a kernel, not sent anywhere)
      setAt[name] = sent;
      const changed = JSON.stringify(get(name)) !== JSON.stringify(value);
      local[name] = value;
      if (changed) fire(name);
    },
    on(event, handler) {
      (handlers[event] ||= []).push(handler);
    },
    /** The view answers the next message itself (from what was computed in advance). */
    answeredHere() {
      nextAnswered = true;
    },
    send(message) { // answered later, as a kernel answers: the view goes on first
      if (!nextAnswered) needed = true;
      nextAnswered = false;
      if (broken) {
        tellUnavailable();
        return;
      }
      sent += 1;
      queue.push([sent, JSON.stringify(message)]); // as it is now (a kernel's comm serializes it at once)
      Promise.resolve().then(pump);
    },
  };
}
