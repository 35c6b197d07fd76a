// A quiz's progress, kept in the reader's own browser (localStorage). Nothing leaves the machine.
//
// The contract (the book's index page reads it to mark lessons as done):
//   key   "rummy-learn:progress"
//   value a JSON object with
//     "<location.pathname>": {"answered": n, "right": n, "total": n}
//         the page: the sums over every quiz of the page (total: how many exercises they
//         have, leaving out those marked optional), there once something on the page is
//         answered (a page only looked at has none)
//     "<location.pathname>#quiz-<fingerprint>": {"answered", "right", "total", "results"}
//         one quiz, named by a fingerprint of its exercises; results[i] is true (right), false
//         (wrong) or null (not answered yet), the first answer to exercise i; the sums leave
//         out the optional exercises (an author's `optional: true`)
// A quiz writes its entry when it is drawn (answered 0 the first time, so that the page's
// total counts every quiz on it) and after each answer, and then the page's sums again. Storage that is missing or refused (private
// windows, file:// pages, a full quota) is ignored: the quiz works as before.

export const STORAGE_KEY = "rummy-learn:progress";

/** A short, stable name for a list of exercises (FNV-1a over their kinds, prompts and cards). */
export function fingerprint(exercises) {
  const text = JSON.stringify(exercises.map((e) => [e.kind, e.prompt, (e.cards || []).map((c) => c.id), e.answers || []]));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function storage() {
  try {
    return globalThis.localStorage || null;
  } catch {
    return null; // a sandboxed frame: even asking throws
  }
}

function readAll() {
  try {
    const value = JSON.parse(storage().getItem(STORAGE_KEY) || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/** The sums over the exercises that count (optional[i] true: exercise i does not). */
function count(results, optional = []) {
  const counted = results.filter((_, i) => optional[i] !== true);
  return {
    answered: counted.filter((r) => r === true || r === false).length,
    right: counted.filter((r) => r === true).length,
    total: counted.length,
  };
}

/** The page this quiz is on (location.pathname), and its own key. */
export function progressKeys(exercises, where = globalThis.location) {
  const page = (where && where.pathname) || "/";
  return { page, quiz: `${page}#quiz-${fingerprint(exercises)}` };
}

/** This quiz's stored results (one per exercise), or null when there are none or they do not fit. */
export function loadResults(keys, total) {
  const entry = readAll()[keys.quiz];
  if (!entry || !Array.isArray(entry.results) || entry.results.length !== total) return null;
  return entry.results.map((r) => (r === true || r === false ? r : null));
}

/** Store this quiz's results and the page's sums again; false when the browser refuses. */
export function saveResults(keys, results, optional = []) {
  const store = storage();
  if (!store) return false;
  try {
    const all = readAll();
    all[keys.quiz] = { ...count(results, optional), results };
    const sums = { answered: 0, right: 0, total: 0 };
    for (const [key, entry] of Object.entries(all)) {
      if (!key.startsWith(`${keys.page}#quiz-`) || !entry || typeof entry !== "object") continue;
      for (const name of Object.keys(sums)) sums[name] += Number.isInteger(entry[name]) ? entry[name] : 0;
    }
    if (sums.answered) all[keys.page] = sums;
    else delete all[keys.page]; // nothing answered here (yet, or again after Start again)
    store.setItem(STORAGE_KEY, JSON.stringify(all));
    return true;
  } catch {
    return false; // private mode, a full quota, file:// in some browsers
  }
}

export { count as countResults };
