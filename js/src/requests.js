// The request protocol: page -> kernel requests, one at a time, each answered
// by a {type: "result", id, ok, reason, version} message.

/** @typedef {import("./table.js").Model} Model */

export const REPLY_TIMEOUT_MS = 5000;

/**
 * @typedef {object} Reply
 * @property {string} id
 * @property {string} request  the kind of the request answered
 * @property {boolean} ok
 * @property {string} reason
 * @property {string | null} pile  the pile the request was about (a move's target), if any
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
   * @param {(reply: Reply) => void} onReply  called with this view's answered requests
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
    /** @type {any[]} requests not sent yet */
    this.queue = [];
    /** @type {string | null} the id of the request waiting for its reply */
    this.waiting = null;
    /** @type {any} */
    this.waitTimer = null;
    /** @type {string} the kind of the request waiting */
    this.waitingKind = "";
    /** @type {string | null} the pile of the request waiting */
    this.waitingPile = null;
    this.replyVersion = -1; // the newest version a reply told of
    this.closed = false;
  }

  /**
   * Queue a request to the kernel; returns its id.
   * @param {string} request  "move", "undo", "redo", "restart", "new_deal" ...
   * @param {Record<string, any>} [fields]  e.g. {move: "t3 f0"}
   */
  send(request, fields = {}) {
    const id = `${this.viewId}-${++this.count}`;
    if (this.closed) return id; // the kernel is gone: nothing leaves
    this.queue.push({ ...fields, request, id });
    this.pump();
    this.onBusy(this.busy);
    return id;
  }

  /** Whether a request is queued or waiting for its reply. */
  get busy() {
    return this.waiting !== null || this.queue.length > 0;
  }

  /** Send the next queued request if none is waiting for its reply. */
  pump() {
    if (this.waiting || this.queue.length === 0 || this.closed) return;
    const content = this.queue.shift();
    content.version = Math.max(Number(this.model.get("version") ?? 0), this.replyVersion);
    this.waiting = content.id;
    this.waitingKind = content.request;
    this.waitingPile = requestPile(content);
    this.waitTimer = this.later(() => {
      if (this.waiting !== content.id) return;
      this.waiting = null;
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
      this.close();
      this.onBusy(false);
      this.onLost(err);
    }
  }

  /** @param {any} msg  a custom message from the kernel */
  receive(msg) {
    if (!msg || msg.type !== "result") return;
    if (typeof msg.version === "number") this.replyVersion = Math.max(this.replyVersion, msg.version);
    if (msg.id !== this.waiting) return; // another view's request, or one that timed out
    clearTimeout(this.waitTimer);
    this.waiting = null;
    this.onReply({ id: msg.id, request: String(this.waitingKind), ok: !!msg.ok, reason: String(msg.reason ?? ""),
      pile: this.waitingPile });
    this.pump();
    this.onBusy(this.busy);
  }

  close() {
    this.closed = true;
    this.queue = [];
  }
}
