// A stand-in for anywidget's model: traits to get, change events, and the messages sent.
export function fakeModel(traits) {
  const handlers = {};
  const sent = [];
  return {
    sent,
    get: (name) => traits[name],
    set: (name, value) => { // like Backbone: a change (by value) is announced at once
      const changed = JSON.stringify(traits[name]) !== JSON.stringify(value);
      traits[name] = value;
      if (changed) for (const handler of handlers[`change:${name}`] || []) handler();
    },
    send: (message) => sent.push(message),
    on: (event, handler) => { (handlers[event] ||= []).push(handler); },
    emit: (name, value) => {
      traits[name] = value;
      for (const handler of handlers[`change:${name}`] || []) handler();
    },
  };
}

export const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140"><rect x="2" y="2" width="96" height="136"/></svg>';

export function card(id, label, extra = {}) {
  return { id, label, svg: SVG, suit_key: 0, rank_key: 0, ...extra };
}
