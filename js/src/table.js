// The card table view: renders the synced traits and turns the player's
// gestures into requests. It never changes a trait: the kernel's engine is the
// single source of truth, and the view follows the traits it sends back.

import { pileKind, pileLabel } from "./cards.js";
import { changedPiles } from "./diff.js";
import { actionButton, faceDownCard, faceUpCard, h } from "./dom.js";
import { fanPositions } from "./fan.js";
import { focusRows, nextFocus } from "./focus.js";
import { bannerText, passesText, statusText } from "./format.js";
import { computeGeometry, emptyHint, layoutFor } from "./layout.js";
import { LegalMoves, stockAction } from "./legal.js";

/** @typedef {import("./layout.js").Geometry} Geometry */
/** @typedef {import("./layout.js").GameLayout} GameLayout */
/** @typedef {import("./format.js").Counters} Counters */

/**
 * The part of an anywidget model the view uses.
 * @typedef {object} Model
 * @property {(name: string) => any} get
 * @property {(event: string, cb: (...args: any[]) => void) => void} on
 * @property {(event: string, cb?: (...args: any[]) => void) => void} off
 * @property {(content: any, callbacks?: any, buffers?: any) => void} send
 */

/**
 * A card element with the view's bookkeeping: its place in its pile and its
 * running slide.
 * @typedef {HTMLElement & {_x?: number, _y?: number, _i?: number, _anim?: Animation | null}} CardEl
 */

/**
 * @typedef {object} PileRecord
 * @property {string} id
 * @property {HTMLElement} el
 * @property {HTMLElement | null} badge
 * @property {number[]} cards
 * @property {HTMLElement[]} els
 */

export const MOVE_MS = 180; // slide time of a moved card (the spec allows 200)
export const SNAP_MS = 150;
const DRAG_THRESHOLD = 4; // px before a press becomes a drag
const DOUBLE_MS = 450; // two taps on one pile within this are a double-click
const REPLY_TIMEOUT_MS = 5000;

const BUTTONS = [
  ["undo", "Undo", "Take back the last move (z)"],
  ["redo", "Redo", "Play again the move taken back (y)"],
  ["restart", "Restart", "Back to the deal (redo replays the moves)"],
  ["new", "New deal", "A new deal of the same game"],
  ["redeal", "Redeal", "Gather the cards and deal them again"],
];

/** Where a request kind goes in the protocol. */
const REQUEST_OF = { undo: "undo", redo: "redo", restart: "restart", new: "new_deal" };

let viewCounter = 0;

/** @param {any} v */
const asRecord = (v) => (v && typeof v === "object" ? v : {});

export class CardTable {
  /**
   * @param {Model} model
   * @param {HTMLElement} host  the element anywidget gives the view
   * @param {{reducedMotion?: boolean, width?: number}} [options]
   */
  constructor(model, host, options = {}) {
    this.model = model;
    this.host = host;
    this.options = options;
    this.viewId = `${Date.now().toString(36)}${(viewCounter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    this.requestCount = 0;
    /** @type {any[]} requests not sent yet */
    this.queue = [];
    /** @type {string | null} the id of the request waiting for its reply */
    this.waiting = null;
    /** @type {any} */
    this.waitTimer = null;
    this.replyVersion = -1; // the newest version a reply told of
    this.abort = new AbortController();
    /** @type {Array<() => void>} */
    this.cleanups = [];
    /** @type {Set<any>} */
    this.timers = new Set();

    /** @type {Map<string, PileRecord>} */
    this.piles = new Map();
    /** @type {Map<number, HTMLElement>} face-up card elements by card id */
    this.cardEls = new Map();
    /** @type {Record<string, number[]>} */
    this.shown = {};
    this.legal = new LegalMoves([]);
    /** @type {string | null} the pile whose top card is picked up */
    this.selected = null;
    /** @type {string[]} */
    this.targets = [];
    /** @type {string | null} */
    this.focusId = null;
    /** @type {any} */
    this.press = null; // a pointer press in progress
    /** @type {{pile: string, t: number} | null} */
    this.lastTap = null;
    /** @type {{el: HTMLElement, source: string, requestId: string, timer: any} | null} */
    this.inFlight = null;
    this.width = 0;
    this.seed = undefined;
    /** @type {Set<string>} */
    this.dirty = new Set();
    this.flushQueued = false;

    this.root = h("div", "sw-table");
    this.root.setAttribute("data-lm-suppress-shortcuts", "true");
    this.header = h("div", "sw-header");
    this.titleEl = h("span", "sw-title");
    this.seedEl = h("span", "sw-seed");
    this.statusEl = h("div", "sw-status");
    this.header.append(this.titleEl, this.seedEl, this.statusEl);
    this.felt = h("div", "sw-felt");
    this.felt.setAttribute("role", "application");
    this.helpEl = h("div", "sw-help");
    this.helpEl.id = `sw-help-${this.viewId}`;
    this.helpEl.textContent =
      "Arrow keys move between piles. Enter or Space picks up the top card of the focused pile and " +
      "drops it on the focused pile; on the stock it draws. Escape cancels. Z undoes, Y redoes.";
    this.felt.setAttribute("aria-describedby", this.helpEl.id);
    this.captionEl = h("div", "sw-caption");
    this.footer = h("div", "sw-footer");
    this.buttonsEl = h("div", "sw-buttons");
    this.messageEl = h("div", "sw-message");
    this.messageEl.setAttribute("aria-live", "polite");
    this.footer.append(this.buttonsEl, this.messageEl);
    this.root.append(this.header, this.felt, this.footer, this.helpEl);
    /** @type {Map<string, HTMLButtonElement>} */
    this.buttons = new Map();
    /** @type {HTMLElement | null} */
    this.banner = null;

    const media = typeof window !== "undefined" && window.matchMedia
      ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
    this.reducedMotion = options.reducedMotion ?? !!media?.matches;
    if (media && options.reducedMotion === undefined) {
      const onMotion = () => { this.reducedMotion = media.matches; };
      media.addEventListener?.("change", onMotion);
      this.cleanups.push(() => media.removeEventListener?.("change", onMotion));
    }

    host.append(this.root);
    this.listen();
    this.build();
  }

  // --- model -----------------------------------------------------------------

  listen() {
    const { model } = this;
    /** @type {[string, string][]} */
    const watched = [
      ["game_name", "structure"], ["pile_ids", "structure"], ["actions", "structure"],
      ["title", "structure"], ["options", "info"],
      ["piles", "piles"], ["status", "info"], ["counters", "info"], ["legal", "info"],
      ["last_move", "info"], ["message", "message"], ["message_kind", "message"], ["version", "info"],
    ];
    for (const [name, what] of watched) {
      const cb = () => this.schedule(what);
      model.on(`change:${name}`, cb);
      this.cleanups.push(() => model.off(`change:${name}`, cb));
    }
    const onCustom = (/** @type {any} */ msg) => this.onCustom(msg);
    model.on("msg:custom", onCustom);
    this.cleanups.push(() => model.off("msg:custom", onCustom));

    const signal = this.abort.signal;
    this.felt.addEventListener("pointerdown", (e) => this.onPointerDown(e), { signal });
    this.felt.addEventListener("pointermove", (e) => this.onPointerMove(e), { signal });
    this.felt.addEventListener("pointerup", (e) => this.onPointerUp(e), { signal });
    this.felt.addEventListener("pointercancel", () => this.cancelPress(), { signal });
    this.felt.addEventListener("lostpointercapture", () => this.press?.dragging && this.cancelPress(), { signal });
    this.felt.addEventListener("focusin", (e) => this.onFocusIn(e), { signal });
    this.felt.addEventListener("focusout", (e) => this.onFocusOut(e), { signal });
    this.root.addEventListener("keydown", (e) => this.onKeyDown(e), { signal });
    this.buttonsEl.addEventListener("click", (e) => this.onButton(e), { signal });
    // A native dblclick would also select text in some browsers.
    this.felt.addEventListener("dblclick", (e) => e.preventDefault(), { signal });

    if (typeof ResizeObserver !== "undefined") {
      let frame = 0;
      const ro = new ResizeObserver((entries) => {
        const w = entries[entries.length - 1].contentRect.width;
        if (Math.abs(w - this.width) < 1 || w <= 0) return;
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(() => this.relayout(w));
      });
      ro.observe(this.root);
      this.cleanups.push(() => { cancelAnimationFrame(frame); ro.disconnect(); });
    }
  }

  /** @param {string} what */
  schedule(what) {
    this.dirty.add(what);
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => this.flush());
  }

  flush() {
    this.flushQueued = false;
    if (this.destroyed) return;
    const dirty = this.dirty;
    this.dirty = new Set();
    if (dirty.has("structure")) {
      this.build();
      return;
    }
    if (dirty.has("piles")) this.syncPiles();
    if (dirty.has("piles") || dirty.has("info")) this.syncInfo();
    if (dirty.has("message") || dirty.has("piles")) this.syncMessage();
  }

  /** @param {string} name */
  get(name) {
    return this.model.get(name);
  }

  /** @returns {Counters} */
  counters() {
    return asRecord(this.get("counters"));
  }

  // --- building ----------------------------------------------------------------

  /** (Re)build the whole table from the traits. */
  build() {
    const t0 = performance.now();
    const game = String(this.get("game_name") || "");
    /** @type {string[]} */
    const pileIds = (this.get("pile_ids") || []).slice();
    /** @type {string[]} */
    const actions = (this.get("actions") || []).slice();
    this.actions = actions;
    this.gameName = game;
    this.pileIds = pileIds;
    this.layout = layoutFor(game, pileIds);
    this.rows = focusRows(this.layout);
    this.clearSelection();
    this.cancelPress();
    this.root.dataset.game = game;
    this.titleEl.textContent = String(this.get("title") || game);
    this.felt.setAttribute("aria-label", `${this.get("title") || game} card table`);

    // Buttons: the redeal one only where the game has it.
    this.buttonsEl.replaceChildren();
    this.buttons.clear();
    for (const [action, label, title] of BUTTONS) {
      if (action === "redeal" && !actions.includes("redeal")) continue;
      const b = actionButton(action, label, title);
      this.buttons.set(action, b);
      this.buttonsEl.append(b);
    }

    // Piles.
    this.felt.replaceChildren();
    this.banner = null;
    this.piles.clear();
    this.shown = {};
    for (const id of pileIds) {
      const el = h("div", "sw-pile");
      el.dataset.pile = id;
      el.dataset.kind = pileKind(id);
      el.dataset.count = "0";
      const hint = emptyHint(game, id);
      el.dataset.hint = hint;
      if (hint.length > 1) el.dataset.hintWord = "";
      el.setAttribute("role", "group");
      el.tabIndex = -1;
      const box = this.layout.slots.find((s) => s.pile === id);
      const badge = box?.badge ? h("span", "sw-count") : null;
      if (badge) {
        badge.setAttribute("aria-hidden", "true");
        el.append(badge);
      }
      this.piles.set(id, { id, el, badge, cards: [], els: [] });
      this.felt.append(el);
    }
    this.focusId = this.rows[0]?.[0]?.pile ?? pileIds[0] ?? null;
    if (this.focusId) this.pileEl(this.focusId).tabIndex = 0;
    if (game === "bobby" || this.counters().passes_left !== undefined) this.felt.append(this.captionEl);

    this.width = this.measureWidth();
    this.geometry = computeGeometry(this.layout, this.width);
    this.applyGeometry();
    this.seed = this.counters().seed;
    this.syncPiles(false);
    this.syncInfo();
    this.syncMessage();
    this.lastBuildMs = performance.now() - t0;
    try {
      performance.measure?.("solitaire_widgets:build", { start: t0, end: t0 + this.lastBuildMs });
    } catch { /* old browsers */ }
  }

  measureWidth() {
    const w = this.root.clientWidth || this.host.clientWidth || 0;
    return w > 0 ? w : (this.options.width ?? 800);
  }

  /** @param {string} id */
  pileEl(id) {
    return /** @type {PileRecord} */ (this.piles.get(id)).el;
  }

  /** @param {number} width */
  relayout(width) {
    if (this.destroyed) return;
    this.width = width;
    this.geometry = computeGeometry(/** @type {GameLayout} */ (this.layout), width);
    this.applyGeometry();
    for (const rec of this.piles.values()) this.placeCards(rec);
  }

  /** Size the felt and place the pile boxes. */
  applyGeometry() {
    const g = /** @type {Geometry} */ (this.geometry);
    const s = this.root.style;
    s.setProperty("--sw-cw", `${g.cw}px`);
    s.setProperty("--sw-ch", `${g.ch}px`);
    this.felt.style.height = `${g.height}px`;
    this.felt.style.minWidth = g.width > this.width ? `${g.width}px` : "";
    for (const rec of this.piles.values()) {
      const box = g.piles[rec.id];
      const st = rec.el.style;
      if (!box) {
        st.display = "none";
        continue;
      }
      st.left = `${box.x}px`;
      st.top = `${box.y}px`;
      st.width = `${box.w}px`;
      st.height = `${box.h}px`;
      rec.el.dataset.fan = box.fan;
    }
    const stock = g.piles.stock;
    if (stock) {
      this.captionEl.style.left = `${stock.x - g.gap}px`;
      this.captionEl.style.top = `${stock.y + g.ch + Math.round(g.gap / 2)}px`;
      this.captionEl.style.width = `${g.cw + 2 * g.gap}px`;
    }
  }

  // --- piles -------------------------------------------------------------------

  /**
   * Bring the pile elements up to the `piles` trait, touching only the piles
   * that changed; moved cards slide from where they were (FLIP).
   * @param {boolean} [animate]
   */
  syncPiles(animate = true) {
    const t0 = performance.now();
    /** @type {Record<string, number[]>} */
    const next = asRecord(this.get("piles"));
    const changed = changedPiles(this.shown, next, this.pileIds).filter((id) => this.piles.has(id));
    if (changed.length === 0) return;
    const seed = this.counters().seed;
    const newDeal = seed !== this.seed;
    this.seed = seed;
    const motion = animate && !newDeal && !this.reducedMotion && this.root.isConnected &&
      typeof this.felt.animate === "function";

    // A drop waiting for its reply: the card stays where it was dropped until now.
    const flight = this.inFlight;
    if (flight) {
      clearTimeout(flight.timer);
      this.inFlight = null;
    }

    // FLIP, first: where the face-up cards of the changed piles are now (the
    // layout is clean here, so reading it costs little).
    /** @type {Map<HTMLElement, DOMRect>} */
    const first = new Map();
    /** @type {DOMRect | null} */
    let stockTop = null;
    /** @type {DOMRect | null} */
    let felt = null;
    const stockBefore = this.shown.stock?.length ?? 0;
    if (motion) {
      felt = this.felt.getBoundingClientRect();
      for (const id of changed) {
        const rec = /** @type {PileRecord} */ (this.piles.get(id));
        for (const el of rec.els) if (el.dataset.face === "up") first.set(el, el.getBoundingClientRect());
      }
      const stock = this.piles.get("stock");
      if (stock && changed.includes("stock") && stock.els.length) {
        stockTop = stock.els[stock.els.length - 1].getBoundingClientRect();
      }
    }
    if (flight) {
      flight.el.classList.remove("sw-dragging");
      flight.el.style.transform = "";
      flight.el.style.transition = "";
      this.piles.get(flight.source)?.el.classList.remove("sw-lifting");
    }

    for (const id of changed) this.updatePile(id, Array.isArray(next[id]) ? next[id] : []);

    // If the selected pile changed, the picked-up card is no longer there.
    if (this.selected && changed.includes(this.selected)) this.clearSelection();

    // FLIP, last/invert/play: the new places come from the geometry (no
    // forced layout); each moved card slides from where it was.
    if (motion && felt) {
      const g = /** @type {Geometry} */ (this.geometry);
      const stockShrank = (next.stock?.length ?? 0) < stockBefore;
      for (const id of changed) {
        const rec = /** @type {PileRecord} */ (this.piles.get(id));
        const box = g.piles[id];
        if (!box) continue;
        for (const node of rec.els) {
          const el = /** @type {CardEl} */ (node);
          if (el.dataset.face !== "up") continue;
          const from = first.get(el) ?? (stockShrank && id !== "stock" ? stockTop : null);
          if (!from) continue;
          const dx = from.left - (felt.left + box.x + (el._x ?? 0));
          const dy = from.top - (felt.top + box.y + (el._y ?? 0));
          if (Math.abs(dx) >= 1 || Math.abs(dy) >= 1) this.slide(el, dx, dy, MOVE_MS, "sw-moving");
        }
      }
    }
    this.lastPilesMs = performance.now() - t0;
  }

  /**
   * Slide a card from (dx, dy) away back to its place (Web Animations, so no
   * forced layout and no timers to clean up).
   * @param {CardEl} el
   * @param {number} dx
   * @param {number} dy
   * @param {number} ms
   * @param {string} cls  a class the card carries while it slides
   */
  slide(el, dx, dy, ms, cls) {
    el._anim?.cancel();
    el.classList.add(cls);
    const anim = el.animate(
      [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }],
      { duration: ms, easing: "ease-out" },
    );
    el._anim = anim;
    const done = () => {
      if (el._anim === anim) {
        el._anim = null;
        el.classList.remove(cls);
      }
    };
    anim.onfinish = done;
    anim.oncancel = done;
  }

  /**
   * Give one pile its new cards: reuse the elements of cards it keeps or that
   * come from other piles, create the others, then place them.
   * @param {string} id
   * @param {number[]} cards
   */
  updatePile(id, cards) {
    const rec = /** @type {PileRecord} */ (this.piles.get(id));
    const old = rec.els;
    const oldDown = old.filter((el) => el.dataset.face === "down");
    let downUsed = 0;
    /** @type {HTMLElement[]} */
    const els = new Array(cards.length);
    for (let i = 0; i < cards.length; i++) {
      const c = cards[i];
      let el;
      if (c >= 0) {
        el = this.cardEls.get(c);
        if (!el) {
          el = faceUpCard(c);
          this.cardEls.set(c, el);
        }
      } else {
        el = oldDown[downUsed++] ?? faceDownCard();
      }
      els[i] = el;
    }
    // Keep the common prefix in place; re-insert the rest before the badge.
    let k = 0;
    while (k < old.length && k < els.length && old[k] === els[k]) k++;
    for (let i = k; i < old.length; i++) if (old[i].parentNode === rec.el) old[i].remove();
    if (k < els.length) {
      const frag = document.createDocumentFragment();
      for (let i = k; i < els.length; i++) frag.append(els[i]);
      rec.el.insertBefore(frag, rec.badge);
    }
    rec.els = els;
    rec.cards = cards.slice();
    this.shown[id] = rec.cards;

    const n = cards.length;
    rec.el.dataset.count = String(n);
    rec.el.setAttribute("aria-label", pileLabel(id, n));
    if (rec.badge) rec.badge.textContent = n ? String(n) : "";
    this.placeCards(rec);
  }

  /** @param {PileRecord} rec */
  placeCards(rec) {
    const g = this.geometry;
    if (!g) return;
    const box = g.piles[rec.id];
    if (!box) return;
    const down = rec.cards.findIndex((c) => c >= 0);
    const faceDown = down < 0 ? rec.cards.length : down;
    const n = rec.els.length;
    const pos = fanPositions(n, faceDown, box.fan, box, g.cw, g.ch);
    for (let i = 0; i < n; i++) {
      const el = /** @type {CardEl} */ (rec.els[i]);
      const { x, y } = pos[i];
      if (el._x !== x) el.style.left = `${(el._x = x)}px`;
      if (el._y !== y) el.style.top = `${(el._y = y)}px`;
      if (el._i !== i) el.dataset.index = String((el._i = i));
      // The top card, and the top two show their middles (see the CSS).
      el.classList.toggle("sw-top", i === n - 1);
      el.classList.toggle("sw-full", i >= n - 2);
    }
    const top = pos[pos.length - 1] ?? { x: 0, y: 0 };
    rec.el.style.setProperty("--sw-tx", `${top.x}px`);
    rec.el.style.setProperty("--sw-ty", `${top.y}px`);
  }

  // --- status, buttons, message, banner -----------------------------------------

  syncInfo() {
    const c = this.counters();
    const status = String(this.get("status") || "playing");
    this.root.dataset.version = String(this.get("version") ?? 0);
    this.root.dataset.status = status;
    this.seedEl.textContent = c.seed === null || c.seed === undefined ? "" : `seed ${c.seed}`;
    this.statusEl.textContent = statusText(c, status, this.actions);

    const legalList = this.get("legal") || [];
    if (legalList !== this.legal.list && JSON.stringify(legalList) !== JSON.stringify(this.legal.list)) {
      this.legal = new LegalMoves(legalList);
      if (this.selected) this.showTargets();
    }
    this.setDisabled("undo", !c.can_undo);
    this.setDisabled("redo", !c.can_redo);
    this.setDisabled("restart", !c.can_undo);
    this.setDisabled("redeal", !this.legal.actions.has("redeal"));

    if (typeof c.passes_left === "number") this.captionEl.textContent = passesText(c.passes_left);
    const stock = this.piles.get("stock");
    if (stock) {
      const canRedeal = this.legal.actions.has("redeal") && stock.cards.length === 0;
      stock.el.classList.toggle("sw-can-redeal", canRedeal);
    }

    const banner = bannerText(status, c);
    if (!banner) {
      this.banner?.remove();
      this.banner = null;
    } else {
      if (!this.banner) {
        this.banner = h("div", "sw-banner");
        this.banner.setAttribute("role", "status");
        this.felt.append(this.banner);
      }
      this.banner.dataset.result = status;
      const head = h("strong", "sw-banner-title", banner.title);
      this.banner.replaceChildren(head, h("span", "sw-banner-detail", banner.detail));
    }
  }

  /**
   * @param {string} action
   * @param {boolean} disabled
   */
  setDisabled(action, disabled) {
    const b = this.buttons.get(action);
    if (b && b.disabled !== disabled) b.disabled = disabled;
  }

  syncMessage() {
    this.showMessage(String(this.get("message") || ""), String(this.get("message_kind") || ""));
  }

  /**
   * @param {string} text
   * @param {string} kind  "", "info" or "error"
   */
  showMessage(text, kind) {
    this.messageEl.textContent = text;
    this.messageEl.dataset.kind = text ? kind || "info" : "";
  }

  // --- requests ------------------------------------------------------------------

  /**
   * Queue a request to the kernel; returns its id. Requests go one at a time:
   * the next leaves when the previous one's reply has come (or after a
   * timeout), carrying the version the kernel was at then, so quick gestures
   * (two draws, two drops) all reach the engine instead of being refused as
   * made on an old table.
   * @param {string} request  "move", "undo", "redo", "restart" or "new_deal"
   * @param {string} [move]
   */
  send(request, move) {
    const id = `${this.viewId}-${++this.requestCount}`;
    /** @type {any} */
    const content = { request, id };
    if (move !== undefined) content.move = move;
    this.queue.push(content);
    this.pump();
    return id;
  }

  /** Send the next queued request if none is waiting for its reply. */
  pump() {
    if (this.waiting || this.queue.length === 0 || this.destroyed) return;
    const content = this.queue.shift();
    content.version = Math.max(Number(this.get("version") ?? 0), this.replyVersion);
    this.waiting = content.id;
    this.waitTimer = this.later(() => {
      if (this.waiting !== content.id) return;
      this.waiting = null;
      this.pump();
    }, REPLY_TIMEOUT_MS);
    this.model.send(content);
  }

  /** @param {any} msg */
  onCustom(msg) {
    if (!msg || msg.type !== "result") return;
    if (typeof msg.version === "number") this.replyVersion = Math.max(this.replyVersion, msg.version);
    if (msg.id !== this.waiting) return; // another view's request, or one that timed out
    clearTimeout(this.waitTimer);
    this.waiting = null;
    if (!msg.ok) {
      if (this.inFlight && this.inFlight.requestId === msg.id) {
        const { el, source } = this.inFlight;
        clearTimeout(this.inFlight.timer);
        this.inFlight = null;
        this.snapBack(el, source);
      }
      if (msg.reason) this.showMessage(String(msg.reason), "error");
    }
    this.pump();
  }

  /**
   * @param {string} source
   * @param {string} target
   */
  sendMove(source, target) {
    return this.send("move", `${source} ${target}`);
  }

  playStock() {
    const stock = this.piles.get("stock");
    const action = stockAction(this.actions ?? [], this.legal, stock ? stock.cards.length : 0);
    if (action) this.send("move", action);
  }

  /** @param {string} pile */
  toFoundation(pile) {
    const move = this.legal.foundationMove(pile);
    if (move) {
      this.send("move", move);
      return true;
    }
    const rec = this.piles.get(pile);
    if (rec && rec.cards.length && rec.cards[rec.cards.length - 1] >= 0 && pileKind(pile) !== "foundation") {
      this.showMessage("No foundation takes that card now.", "info");
    }
    return false;
  }

  /** @param {MouseEvent} e */
  onButton(e) {
    const b = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest?.("button[data-action]"));
    if (!b || /** @type {HTMLButtonElement} */ (b).disabled) return;
    const action = b.dataset.action ?? "";
    this.clearSelection();
    if (action === "redeal") this.send("move", "redeal");
    else if (action in REQUEST_OF) this.send(REQUEST_OF[/** @type {keyof REQUEST_OF} */ (action)]);
  }

  // --- selection -------------------------------------------------------------------

  /** @param {string} pile */
  canPickUp(pile) {
    if (pile === "stock") return false;
    const rec = this.piles.get(pile);
    return !!rec && rec.cards.length > 0 && rec.cards[rec.cards.length - 1] >= 0;
  }

  /** @param {string} pile */
  select(pile) {
    this.clearSelection();
    this.selected = pile;
    this.pileEl(pile).classList.add("sw-selected");
    this.showTargets();
  }

  showTargets() {
    for (const t of this.targets) this.piles.get(t)?.el.classList.remove("sw-target");
    this.targets = this.selected ? this.legal.targets(this.selected) : [];
    for (const t of this.targets) this.piles.get(t)?.el.classList.add("sw-target");
  }

  clearSelection() {
    if (this.selected) this.piles.get(this.selected)?.el.classList.remove("sw-selected");
    this.selected = null;
    this.showTargets();
  }

  // --- pointer: drag and drop, click-click, double-click ------------------------------

  /** @param {EventTarget | null} target */
  pileAt(target) {
    const el = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (target)?.closest?.(".sw-pile"));
    return el && this.felt.contains(el) ? el.dataset.pile ?? null : null;
  }

  /** @param {PointerEvent} e */
  onPointerDown(e) {
    if (e.button !== 0 || !e.isPrimary || this.press) return;
    const pile = this.pileAt(e.target);
    this.press = { id: e.pointerId, x: e.clientX, y: e.clientY, pile, dragging: false };
    if (pile) {
      this.setFocus(pile, false);
      try {
        this.felt.setPointerCapture(e.pointerId);
      } catch { /* synthetic events */ }
    }
  }

  /** @param {PointerEvent} e */
  onPointerMove(e) {
    const p = this.press;
    if (!p || p.id !== e.pointerId) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    if (!p.dragging) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      if (!p.pile || !this.canPickUp(p.pile) || this.inFlight) {
        p.pile = null; // a press that went nowhere: no tap either
        return;
      }
      this.startDrag(p);
    }
    p.el.style.transform = `translate(${dx}px, ${dy}px)`;
    const over = this.dropTarget(e.clientX, e.clientY, p);
    if (over !== p.over) {
      if (p.over) this.piles.get(p.over)?.el.classList.remove("sw-over");
      if (over) this.piles.get(over)?.el.classList.add("sw-over");
      p.over = over;
    }
    e.preventDefault();
  }

  /** @param {any} p the press */
  startDrag(p) {
    const rec = /** @type {PileRecord} */ (this.piles.get(p.pile));
    p.dragging = true;
    p.el = rec.els[rec.els.length - 1];
    p.el.style.transition = "none";
    p.el.classList.add("sw-dragging");
    rec.el.classList.add("sw-lifting");
    this.select(p.pile);
    p.cardRect = p.el.getBoundingClientRect();
    /** @type {[string, DOMRect][]} */
    p.rects = [];
    for (const [id, r] of this.piles) if (id !== p.pile) p.rects.push([id, r.el.getBoundingClientRect()]);
  }

  /**
   * The pile a dragged card would land on: the pile under the pointer, else the
   * one the card overlaps most (a quarter of the card at least), legal
   * targets first.
   * @param {number} x
   * @param {number} y
   * @param {any} p
   * @returns {string | null}
   */
  dropTarget(x, y, p) {
    for (const [id, r] of p.rects) {
      if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) return id;
    }
    const c = p.cardRect;
    const left = c.left + (x - p.x);
    const top = c.top + (y - p.y);
    const area = c.width * c.height;
    let best = null;
    let bestScore = 0;
    for (const [id, r] of p.rects) {
      const w = Math.min(left + c.width, r.right) - Math.max(left, r.left);
      const hgt = Math.min(top + c.height, r.bottom) - Math.max(top, r.top);
      if (w <= 0 || hgt <= 0 || w * hgt < area / 4) continue;
      const score = w * hgt * (this.targets.includes(id) ? 4 : 1);
      if (score > bestScore) {
        bestScore = score;
        best = id;
      }
    }
    return best;
  }

  /** @param {PointerEvent} e */
  onPointerUp(e) {
    const p = this.press;
    if (!p || p.id !== e.pointerId) return;
    this.press = null;
    try {
      if (this.felt.hasPointerCapture?.(e.pointerId)) this.felt.releasePointerCapture(e.pointerId);
    } catch { /* already released */ }
    if (p.dragging) {
      if (p.over) this.piles.get(p.over)?.el.classList.remove("sw-over");
      this.drop(p, this.dropTarget(e.clientX, e.clientY, p));
      return;
    }
    if (Math.hypot(e.clientX - p.x, e.clientY - p.y) >= DRAG_THRESHOLD && !p.pile) return;
    this.tap(this.pileAt(e.target) ?? p.pile);
  }

  cancelPress() {
    const p = this.press;
    this.press = null;
    if (p?.dragging) {
      if (p.over) this.piles.get(p.over)?.el.classList.remove("sw-over");
      this.snapBack(p.el, p.pile);
      this.clearSelection();
    }
  }

  /**
   * @param {any} p the press
   * @param {string | null} target
   */
  drop(p, target) {
    const source = p.pile;
    this.clearSelection();
    if (!target || target === source) {
      this.snapBack(p.el, source);
      return;
    }
    const legal = this.legal.has(source, target);
    const requestId = this.sendMove(source, target);
    if (!legal) {
      // The engine will refuse it and say why: snap back now, show the reason then.
      this.snapBack(p.el, source);
      return;
    }
    // Leave the card where it was dropped until the traits move it.
    const timer = this.later(() => {
      if (this.inFlight?.requestId === requestId) {
        this.inFlight = null;
        this.snapBack(p.el, source);
      }
    }, REPLY_TIMEOUT_MS);
    this.inFlight = { el: p.el, source, requestId, timer };
  }

  /**
   * Slide a dragged card back to its place in its pile.
   * @param {HTMLElement} el
   * @param {string} source
   */
  snapBack(el, source) {
    this.piles.get(source)?.el.classList.remove("sw-lifting");
    if (!el) return;
    const m = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(el.style.transform);
    el.classList.remove("sw-dragging");
    el.style.transform = "";
    el.style.transition = "";
    if (!m || this.reducedMotion || typeof el.animate !== "function") return;
    this.slide(/** @type {CardEl} */ (el), Number(m[1]), Number(m[2]), SNAP_MS, "sw-returning");
  }

  /**
   * A click (press and release without moving) on a pile, or on the felt.
   * @param {string | null} pile
   */
  tap(pile) {
    if (!pile) {
      this.clearSelection();
      this.lastTap = null;
      return;
    }
    if (pile === "stock") {
      this.clearSelection();
      this.lastTap = null;
      this.playStock();
      return;
    }
    const now = performance.now();
    const double = !!this.lastTap && this.lastTap.pile === pile && now - this.lastTap.t < DOUBLE_MS;
    this.lastTap = { pile, t: now };
    if (this.selected) {
      const source = this.selected;
      this.clearSelection();
      if (source === pile) {
        if (double) {
          this.lastTap = null;
          this.toFoundation(pile);
        }
        return;
      }
      this.lastTap = null;
      this.sendMove(source, pile);
      return;
    }
    if (double) {
      this.lastTap = null;
      this.toFoundation(pile);
      return;
    }
    if (this.canPickUp(pile)) this.select(pile);
  }

  // --- keyboard ------------------------------------------------------------------------

  /**
   * Move the roving focus to a pile.
   * @param {string} pile
   * @param {boolean} [move] also move the DOM focus there
   */
  setFocus(pile, move = true) {
    const rec = this.piles.get(pile);
    if (!rec) return;
    if (this.focusId && this.focusId !== pile) {
      const prev = this.piles.get(this.focusId);
      if (prev) prev.el.tabIndex = -1;
    }
    this.focusId = pile;
    rec.el.tabIndex = 0;
    if (move) rec.el.focus({ preventScroll: false });
  }

  /** @param {FocusEvent} e */
  onFocusIn(e) {
    const pile = this.pileAt(e.target);
    if (!pile) return;
    this.setFocus(pile, false);
    this.pileEl(pile).classList.add("sw-focus");
  }

  /** @param {FocusEvent} e */
  onFocusOut(e) {
    const pile = this.pileAt(e.target);
    if (pile) this.piles.get(pile)?.el.classList.remove("sw-focus");
  }

  /** @param {KeyboardEvent} e */
  onKeyDown(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return; // the page's own shortcuts (save, palette …)
    if (e.shiftKey && e.key === "Enter") return; // run the cell
    // Plain keys stay in the table: in a notebook's command mode they would
    // add, cut or retype cells ("a", "b", "x", "m", "d d" …).
    e.stopPropagation();
    const target = /** @type {HTMLElement} */ (e.target);
    if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    const pile = this.pileAt(target);
    let handled = true;
    switch (e.key) {
      case "z":
      case "Z":
        this.clearSelection();
        if (this.counters().can_undo) this.send("undo");
        break;
      case "y":
      case "Y":
        this.clearSelection();
        if (this.counters().can_redo) this.send("redo");
        break;
      case "Escape":
        if (this.press?.dragging) this.cancelPress();
        else if (this.selected) this.clearSelection();
        else handled = false;
        break;
      case "Enter":
      case " ":
      case "Spacebar":
        if (pile) this.activate(pile);
        else handled = false;
        break;
      case "ArrowLeft":
      case "ArrowRight":
      case "ArrowUp":
      case "ArrowDown":
      case "Home":
      case "End": {
        if (!pile) {
          handled = false;
          break;
        }
        const to = nextFocus(/** @type {any} */ (this.rows), pile, e.key);
        if (to) this.setFocus(to);
        break;
      }
      default:
        handled = false;
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  /**
   * Enter or Space on a pile: draw from the stock, pick up the top card, or
   * drop the picked-up card here.
   * @param {string} pile
   */
  activate(pile) {
    if (pile === "stock") {
      this.clearSelection();
      this.playStock();
      return;
    }
    if (this.selected) {
      const source = this.selected;
      this.clearSelection();
      if (source !== pile) this.sendMove(source, pile);
      return;
    }
    if (this.canPickUp(pile)) this.select(pile);
    else {
      const rec = this.piles.get(pile);
      this.showMessage(rec && rec.cards.length ? `The top card of ${pile} lies face down.` : `${pile} is empty: there is no card to pick up.`, "info");
    }
  }

  // --- housekeeping -------------------------------------------------------------------------

  /**
   * setTimeout that destroy() clears.
   * @param {() => void} fn
   * @param {number} ms
   */
  later(fn, ms) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
    return t;
  }

  destroy() {
    this.destroyed = true;
    this.abort.abort();
    for (const fn of this.cleanups) fn();
    this.cleanups = [];
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.queue = [];
    this.root.remove();
  }
}

