// Static mode: the core's verdicts for every selection of the hand, precomputed by Python
// (rummy_learn/widget_logic/verdicts.py), shown at once while Python loads in the page.
// Selections are bit masks over the hand's positions; the view only looks them up.

/** Decode the base64 little-endian uint16 index into an array. */
export function decodeIndex(base64) {
  const binary = atob(base64);
  const out = new Uint16Array(binary.length / 2);
  for (let i = 0; i < out.length; i += 1) {
    out[i] = binary.charCodeAt(2 * i) | (binary.charCodeAt(2 * i + 1) << 8);
  }
  return out;
}

/** The bit mask of a selection of card ids, or -1 if an id is not in the hand. */
export function maskOf(ids, handIds) {
  let mask = 0;
  for (const id of ids) {
    const position = handIds.indexOf(id);
    if (position < 0) return -1;
    mask |= 1 << position;
  }
  return mask;
}

/** A lookup function over a static table (null when there is none): ids -> verdict record. */
export function staticLookup(table, handIds) {
  if (!table || !table.index) return null;
  const index = decodeIndex(table.index);
  return (ids) => {
    const mask = maskOf(ids, handIds);
    if (mask <= 0 || mask >= index.length) return null;
    const [valid, points, meets, opening, title, ...lines] = table.verdicts[index[mask]];
    const order = table.orders[String(mask)];
    const arrangement = order ? [...order].map((p) => handIds[parseInt(p, 16)]) : [...ids];
    const jokers = {};
    for (const [position, face] of Object.entries(table.jokers[String(mask)] || {})) {
      jokers[handIds[Number(position)]] = table.joker_svgs[face];
    }
    return {
      valid: Boolean(valid),
      points,
      meets: Boolean(meets), // the selection alone, as an opening (Python's word)
      opening: table.lines[opening],
      title: table.lines[title],
      lines: lines.map((n) => table.lines[n]),
      arrangement,
      jokers,
    };
  };
}
