// The request protocol: page -> kernel requests, one at a time, each answered
// by a {type: "result", id, ok, reason, version, ...} message. A request's
// promise resolves to that whole reply, so this is the one place that listens
// to the kernel's messages (what it sends unasked goes to whoever `listen`s):
//
//     const reply = await table.requests.send("explain", { pile: "t3" });
//     if (reply?.ok) show(reply.explain);

/** @typedef {import("./model.js").Model} Model */

export const REPLY_TIMEOUT_MS = 5000;

/**
 * The kernel's reply to one request: the whole message (`ok`, `reason`,
 * `version` and whatever the request adds, e.g. `explain`), with the kind of
 * the request it answers and the pile that request was about (a move's target).
 * @typedef {{id: string, request: string, ok: boolean, reason: string, version: number,
 *   pile: string | null} & Record<string, any>} Reply
 */

/**
 * A request waiting to leave or to be answered.
 * @typedef {{content: Record<string, any>, resolve: (reply: Reply | null) => void}} Pending
 */

/**
 * The pile a request is about: a move's target ("t3" of "t0 t3"), or its `pile`.
 * @param {Record<string, any>} content
 * @returns {string | null}
 */
export function requestPile(content) {
  const words = typeof content.move === "string" ? content.move.trim().split(/\s+/) : [];
  if (words.length === 2) return words[1];
  return typeof content.pile === "string" ? content.pile : null;
}

/**
 * Requests go one at a time: the next leaves when the previous one's reply
 * has come (or after a timeout), carrying the version the kernel was at then,
 * so quick gestures (two draws, two drops) all reach the engine instead of
 * being refused as made on an old table.
 */
export class RequestQueue {
  /**
   * @param {Model} model
   * @param {string} viewId  makes request ids unique across views
   * @param {(fn: () => void, ms: number) => any} later  a setTimeout the view clears on destroy
   * @param {(reply: Reply) => void} onReply  called with each of this view's answered requests
   *   (before the request's own promise resolves)
   * @param {(busy: boolean) => void} [onBusy]  called when ``busy`` may have changed
   * @param {(err: unknown) => void} [onLost]  called when a send fails: the kernel is gone
   */
  constructor(model, viewId, later, onReply, onBusy = () => {}, onLost = () => {}) {
    this.model = model;
    this.viewId = viewId;
    this.later = later;
    this.onReply = onReply;
    this.onBusy = onBusy;
    this.onLost = onLost;
    this.count = 0;
    /** @type {Pending[]} requests not sent yet */
    this.queue = [];
    /** @type {Pending | null} the request waiting for its reply */
    this.waiting = null;
    /** @type {any} */
    this.waitTimer = null;
    this.replyVersion = -1; // the newest version a reply told of
    this.closed = false;
    /** @type {Map<string, (msg: any, buffers: any[]) => void>} who hears the kernel's unasked messages, by type */
    this.listeners = new Map();
    this.onMessage = (/** @type {any} */ msg, /** @type {any[] | undefined} */ buffers) => this.receive(msg, buffers);
    model.on("msg:custom", this.onMessage);
  }

  /**
   * Hear the kernel's messages of `type` that answer no request (a table's
   * fallback, saved_output.js). Returns the way to stop hearing them.
   * @param {string} type
   * @param {(msg: any, buffers: any[]) => void} handler  called with the message and its buffers
   * @returns {() => void}
   */
  listen(type, handler) {
    this.listeners.set(type, handler);
    return () => {
      if (this.listeners.get(type) === handler) this.listeners.delete(type);
    };
  }

  /**
   * Queue a request to the kernel. The promise resolves to its reply, or to
   * null when none comes (timed out, the kernel is gone, the view closed); it
   * never rejects.
   * @param {string} request  "move", "undo", "redo", "restart", "new_deal" ...
   * @param {Record<string, any>} [fields]  e.g. {move: "t3 f0"}
   * @returns {Promise<Reply | null>}
   */
  send(request, fields = {}) {
    const id = `${this.viewId}-${++this.count}`;
    if (this.closed) return Promise.resolve(null); // the kernel is gone: nothing leaves
    /** @type {Promise<Reply | null>} */
    const answered = new Promise((resolve) => this.queue.push({ content: { ...fields, request, id }, resolve }));
    this.pump();
    this.onBusy(this.busy);
    return answered;
  }

  /** Whether a request is queued or waiting for its reply. */
  get busy() {
    return this.waiting !== null || this.queue.length > 0;
  }

  /** Send the next queued request if none is waiting for its reply. */
  pump() {
    if (this.waiting || this.queue.length === 0 || this.closed) return;
    const pending = /** @type {Pending} */ (this.queue.shift());
    const { content } = pending;
    content.version = Math.max(Number(this.model.get("version") ?? 0), this.replyVersion);
    this.waiting = pending;
    this.waitTimer = this.later(() => {
      if (this.waiting !== pending) return;
      this.waiting = null;
      pending.resolve(null);
      this.pump();
      this.onBusy(this.busy);
    }, REPLY_TIMEOUT_MS);
    try {
      this.model.send(content);
    } catch (err) {
      // Jupyter throws "Cannot send" once the kernel restarted or shut down:
      // this model's comm is gone for good.
      clearTimeout(this.waitTimer);
      this.waiting = null;
      pending.resolve(null);
      this.close();
      this.onBusy(false);
      this.onLost(err);
    }
  }

  /**
   * @param {any} msg  a custom message from the kernel
   * @param {any[]} [buffers]  its binary buffers
   */
  receive(msg, buffers = []) {
    if (!msg) return;
    if (msg.type !== "result") {
      this.listeners.get(msg.type)?.(msg, buffers);
      return;
    }
    if (typeof msg.version === "number") this.replyVersion = Math.max(this.replyVersion, msg.version);
    const pending = this.waiting;
    if (!pending || msg.id !== pending.content.id) return; // another view's request, or one that timed out
    clearTimeout(this.waitTimer);
    this.waiting = null;
    /** @type {Reply} */
    const reply = { ...msg, id: msg.id, request: String(pending.content.request), ok: !!msg.ok,
      reason: String(msg.reason ?? ""), version: Number(msg.version ?? -1), pile: requestPile(pending.content) };
    this.onReply(reply);
    pending.resolve(reply);
    this.pump();
    this.onBusy(this.busy);
  }

  /** Send nothing more: the requests not answered yet resolve to null. */
  close() {
    if (this.closed) return;
    this.closed = true;
    this.model.off("msg:custom", this.onMessage);
    for (const pending of this.queue) pending.resolve(null);
    this.queue = [];
    if (this.waiting) {
      clearTimeout(this.waitTimer);
      this.waiting.resolve(null);
      this.waiting = null;
    }
  }
}
