// A stand-in for an anywidget model: get/set/on/off/send, recording sends.

export class FakeModel {
  /** @param {Record<string, any>} state */
  constructor(state) {
    this.state = structuredClone(state);
    /** @type {Map<string, Set<Function>>} */
    this.handlers = new Map();
    /** @type {any[]} */
    this.sent = [];
  }

  /** @param {string} name */
  get(name) {
    return this.state[name];
  }

  /** @param {string} event @param {Function} cb */
  on(event, cb) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)?.add(cb);
  }

  /** @param {string} event @param {Function} [cb] */
  off(event, cb) {
    if (!cb) this.handlers.delete(event);
    else this.handlers.get(event)?.delete(cb);
  }

  /** @param {string} event @param {...any} args */
  emit(event, ...args) {
    for (const cb of [...(this.handlers.get(event) ?? [])]) cb(...args);
  }

  /** Count the listeners still registered. */
  listenerCount() {
    let n = 0;
    for (const set of this.handlers.values()) n += set.size;
    return n;
  }

  /** Set traits the way the kernel does (then one change event per trait). @param {Record<string, any>} state */
  update(state) {
    const changed = [];
    for (const [k, v] of Object.entries(state)) {
      if (JSON.stringify(v) !== JSON.stringify(this.state[k])) {
        this.state[k] = structuredClone(v);
        changed.push(k);
      }
    }
    for (const k of changed) this.emit(`change:${k}`);
    if (changed.length) this.emit("change");
  }

  /** @param {any} content */
  send(content) {
    this.sent.push(content);
  }

  /** Answer the last request like the kernel. @param {boolean} ok @param {string} [reason] */
  reply(ok, reason = "") {
    const last = this.sent[this.sent.length - 1];
    this.emit("msg:custom", { type: "result", id: last.id, ok, reason, version: this.state.version });
  }
}

/** Let queued microtasks (the view's batched updates) run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
