// The card table view (core): renders the synced traits and keeps the page in
// step with them. It never changes a trait: the kernel's engine is the single
// source of truth, and the view follows the traits it sends back.
//
// Around the core: pointer.js and keyboard.js turn gestures into requests,
// requests.js carries them to the kernel, controls.js declares the buttons
// (and their keys and panels) that features add and toolbar.js shows and
// runs them, selection.js holds the picked-up cards, motion.js moves the cards,
// banner.js and confirm.js show the end-of-game banner and the inline question,
// piles.js draws the piles and cards, status.js the header and status line,
// message.js the message on the felt and the words for screen readers.

import { changedPiles } from "./diff.js";
import { GameBanner, lostKernelNote, savedPositionNote } from "./banner.js";
import { InlineConfirm } from "./confirm.js";
import { h } from "./dom.js";
import { heightLimit } from "./fit.js";
import { focusRows } from "./focus.js";
import { optionsText, passesText, sentence } from "./format.js";
import { tableApi } from "./api.js";
import { MessageLayer } from "./message.js";
import { PileLayer } from "./piles.js";
import { StatusLayer } from "./status.js";
import { HELP_TEXT, KeyboardInput } from "./keyboard.js";
import { computeGeometry, layoutFor } from "./layout.js";
import { LegalMoves, moveText, stockAction } from "./legal.js";
import { MOVE_MS, flip, followReducedMotion } from "./motion.js";
import { PointerInput } from "./pointer.js";
import { RequestQueue } from "./requests.js";
import { Selection } from "./selection.js";
import { Toolbar } from "./toolbar.js";
import { followHostTheme } from "./theme.js";

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

/** @typedef {import("./piles.js").PileRecord} PileRecord */

let viewCounter = 0;

// The class ipywidgets gives a view whose model has no live comm: a table
// Jupyter restored from the notebook's saved widget state (re-opened after
// its kernel stopped) has it before it renders.
const DISCONNECTED = "jupyter-widgets-disconnected";

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
    this.abort = new AbortController();
    /** @type {Array<() => void>} */
    this.cleanups = [];
    /** @type {Set<any>} */
    this.timers = new Set();

    this.legal = new LegalMoves([]);
    /** @type {string[]} the game's actions under its options (the `actions` trait) */
    this.actions = [];
    /** @type {Record<string, string>} action -> what it does, in the game's words */
    this.actionWords = {};
    /** @type {string[]} the actions that start a new pass (Redeal plays them) */
    this.redealActions = [];
    /** what is picked up and where it may go (selection.js) */
    this.selection = new Selection(this);
    /** @type {string | null} */
    this.focusId = null;
    this.width = 0;
    /** the felt's height limit where the host limits the table's height (fit.js), else 0 */
    this.feltMax = 0;
    /** @type {HTMLElement | null} the box that limits the table's height, watched for changes */
    this.limitBox = null;
    /** @type {ResizeObserver | null} watches the table's width and that box */
    this.resizes = null;
    this.seed = undefined;
    /** @type {Set<string>} */
    this.dirty = new Set();
    this.flushQueued = false;

    this.root = h("div", "sw-table");
    // Dark or light where the host has no --jp-* colours (marimo, VS Code).
    this.cleanups.push(followHostTheme(this.root));
    this.status = new StatusLayer();
    this.felt = h("div", "sw-felt");
    this.pileLayer = new PileLayer(this.felt);
    /** the pile records by id (the pile layer's) */
    this.piles = this.pileLayer.records;
    /** face-up card elements by card id (the pile layer's) */
    this.cardEls = this.pileLayer.cardEls;
    this.felt.setAttribute("role", "application");
    this.helpEl = h("div", "sw-help");
    this.helpEl.id = `sw-help-${this.viewId}`;
    this.helpEl.textContent = HELP_TEXT;
    this.felt.setAttribute("aria-describedby", this.helpEl.id);
    this.captionEl = h("div", "sw-caption");
    this.footer = h("div", "sw-footer");
    /** the buttons of the controls and their panels (toolbar.js) */
    this.toolbar = new Toolbar(this);
    this.messages = new MessageLayer();
    this.footer.append(this.toolbar.el);
    this.root.append(this.status.el, this.felt, this.footer, this.helpEl, this.messages.liveEl);
    this.root.insertBefore(this.toolbar.panelsEl, this.helpEl);
    // aria-busy: requests sent and not yet answered (tests wait for it too).
    this.requests = new RequestQueue(this.model, this.viewId, (fn, ms) => this.later(fn, ms), (reply) => this.onReply(reply),
      (busy) => this.root.setAttribute("aria-busy", busy ? "true" : "false"), () => this.loseKernel());
    // The end-of-game banner's New deal and Undo run the toolbar's controls.
    this.banner = new GameBanner(this.root, this.footer, (action) => this.toolbar.runAction(action));
    // The answered question leaves the focus on the pile the keyboard was on.
    this.confirm = new InlineConfirm(this.footer, () => { if (this.focusId) this.setFocus(this.focusId); });
    /**
     * Handlers that may take a key press or a click before anything else
     * does (a running play-out stops on any): true when one took it.
     * @type {Array<(e: Event) => boolean>}
     */
    this.interrupters = [];
    /** Whether the kernel is gone (restarted or shut down): nothing is sent any more. */
    this.lost = false;

    this.reducedMotion = !!options.reducedMotion;
    if (options.reducedMotion === undefined) this.cleanups.push(followReducedMotion((on) => { this.reducedMotion = on; }));

    /** what features see of the table (api.js) */
    this.api = tableApi(this);
    host.append(this.root);
    const signal = this.abort.signal;
    this.pointer = new PointerInput(this, signal);
    this.keyboard = new KeyboardInput(this, signal);
    this.listen();
    this.build();
    if (host.classList.contains(DISCONNECTED)) this.loseKernel("saved");
  }

  // --- model -----------------------------------------------------------------

  listen() {
    const { model } = this;
    /** @type {[string, string][]} */
    const watched = [
      ["game_name", "structure"], ["pile_ids", "structure"], ["pile_roles", "structure"], ["layouts", "structure"],
      ["actions", "structure"], ["action_words", "structure"], ["redeal_actions", "structure"],
      ["features", "structure"], ["title", "structure"], ["options", "info"], ["line", "info"],
      ["piles", "piles"], ["empty_labels", "labels"], ["runs", "info"], ["status", "info"], ["end_reason", "info"],
      ["no_win", "info"], ["counters", "info"], ["status_items", "info"], ["legal", "info"],
      ["last_move", "info"], ["auto_drop", "info"], ["safe_drop", "info"], ["message", "message"], ["message_kind", "message"], ["version", "info"],
      ["winnable", "info"], ["difficulty", "info"], ["guard", "info"], ["analysis", "info"], ["puzzle", "info"],
    ];
    for (const [name, what] of watched) {
      const cb = () => this.schedule(what);
      model.on(`change:${name}`, cb);
      this.cleanups.push(() => model.off(`change:${name}`, cb));
    }
    // ipywidgets marks its models when their kernel restarts or dies
    // (comm_live false, again true when a comm comes back): ask the kernel
    // at once; a send that fails means it is gone.
    const onLive = () => this.later(() => this.requests.send("ping"), 0);
    model.on("comm_live_update", onLive);
    this.cleanups.push(() => model.off("comm_live_update", onLive));

    const signal = this.abort.signal;
    this.toolbar.el.addEventListener("click", (e) => this.toolbar.onButton(e), { signal });
    // A press an interrupter takes (a running play-out stops) does nothing
    // else: not on the felt, and its click on a button neither.
    let taken = false;
    const win = this.root.ownerDocument.defaultView ?? window;
    this.root.addEventListener("pointerdown", (e) => {
      taken = this.interrupt(e);
      if (!taken) return;
      e.stopPropagation();
      e.preventDefault();
      // The click comes right after the release, wherever it is: only that one is taken.
      win.addEventListener("pointerup", () => this.later(() => { taken = false; }, 0), { once: true, capture: true, signal });
    }, { capture: true, signal });
    this.root.addEventListener("click", (e) => {
      if (!taken) return;
      taken = false;
      e.stopPropagation();
      e.preventDefault();
    }, { capture: true, signal });

    if (typeof ResizeObserver !== "undefined") {
      let frame = 0;
      // The table's width, and the box that limits its height (fit.js):
      // marimo's output box grows to the whole table when "expanded".
      const ro = new ResizeObserver((entries) => {
        const own = entries.filter((e) => e.target === this.root);
        const w = own.length ? own[own.length - 1].contentRect.width : this.width;
        if (w <= 0 || (Math.abs(w - this.width) < 1 && this.measureFeltMax() === this.feltMax)) return;
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(() => this.relayout(w));
      });
      ro.observe(this.root);
      this.resizes = ro;
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
    if (dirty.has("labels")) this.syncLabels();
    if (dirty.has("piles") || dirty.has("info")) this.syncInfo();
    if (dirty.has("message") || dirty.has("piles")) this.syncMessage();
    if (dirty.has("piles") || dirty.has("info")) this.speak();
  }

  /** Say the change in words in the live region (after each move, won, lost). */
  speak() {
    this.messages.speak({
      counters: this.counters(), piles: asRecord(this.get("piles")), lastMove: String(this.get("last_move") || ""),
      status: String(this.get("status") || "playing"), reason: String(this.get("end_reason") || ""),
      noWin: String(this.get("no_win") || ""),
      game: { roles: this.roles ?? {}, actionWords: this.actionWords, redeals: this.redealActions },
    });
  }

  /**
   * Say `text` in the live region (screen readers only).
   * @param {string} text
   */
  say(text) {
    this.messages.say(text);
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
    this.actionWords = { ...asRecord(this.get("action_words")) };
    this.redealActions = (this.get("redeal_actions") || []).slice();
    this.gameName = game;
    this.pileIds = pileIds;
    /** @type {Record<string, string>} pile id -> role ("stock", "waste", "reserve", "foundation", "tableau") */
    const roles = { ...asRecord(this.get("pile_roles")) };
    this.roles = roles;
    /** @type {string | null} the stock's pile id, if the game has one */
    this.stockId = pileIds.find((id) => roles[id] === "stock") ?? null;
    /** @type {GameLayout[]} the game's layouts, the main one first (declared in Python) */
    const layouts = Array.isArray(this.get("layouts")) ? this.get("layouts").slice() : [];
    this.layouts = layouts;
    /** @type {number} */
    this.width = this.measureWidth();
    /** @type {GameLayout} */
    this.layout = layoutFor(layouts, pileIds, this.width, this.feltMax);
    this.rows = focusRows(this.layout);
    this.settledRows = false;
    this.selection.clear();
    this.pointer.cancelPress();
    this.root.dataset.game = game;
    this.status.renderHeader({ title: String(this.get("title") || game) });
    this.felt.setAttribute("aria-label", `${this.get("title") || game} card table`);

    this.toolbar.build(); // the buttons of the controls this game has

    // Piles.
    this.banner.remove();
    this.pileLayer.build(pileIds, roles, this.layout);
    this.syncLabels();
    this.focusId = this.rows[0]?.[0]?.pile ?? pileIds[0] ?? null;
    if (this.focusId) this.pileEl(this.focusId).tabIndex = 0;
    // A game that counts its passes says under its stock how many are left.
    if (this.stockId && this.counters().passes_left !== undefined) this.felt.append(this.captionEl);
    this.felt.append(this.messages.el);

    this.geometry = computeGeometry(this.layout, this.width, {}, { maxHeight: this.feltMax });
    this.applyGeometry();
    this.seed = this.counters().seed;
    this.syncPiles(false);
    this.toolbar.openStartPanels();
    this.syncInfo();
    this.syncMessage();
    // The header and the buttons are in place now: does the felt fit the height the host gives?
    if (this.measureFeltMax() !== this.feltMax) this.relayout(this.width);
    this.messages.forget();
    this.speak(); // remembers the position; says nothing
    this.lastBuildMs = performance.now() - t0;
    try {
      performance.measure?.("solitaire_widgets:build", { start: t0, end: t0 + this.lastBuildMs });
    } catch { /* old browsers */ }
  }

  /**
   * How tall the felt may be for the whole table to fit the box that limits
   * its height (fit.js): the box's height less the header above the felt and
   * the buttons under it, and a line of text the buttons may show under them.
   * 0 where nothing limits it. Marks the table (`data-fit`, the buttons'
   * height for the banner to stay over them) and watches the box.
   */
  measureFeltMax() {
    const limit = heightLimit(this.root);
    if (limit?.box !== this.limitBox) {
      if (this.limitBox) this.resizes?.unobserve(this.limitBox);
      this.limitBox = limit?.box ?? null;
      if (this.limitBox) this.resizes?.observe(this.limitBox);
    }
    if (!limit) {
      delete this.root.dataset.fit;
      return 0;
    }
    this.root.dataset.fit = "box";
    const win = this.root.ownerDocument.defaultView ?? window;
    const top = this.root.getBoundingClientRect().top;
    const footer = this.footer.getBoundingClientRect();
    this.root.style.setProperty("--sw-footer-h", `${Math.ceil(footer.height)}px`);
    const above = this.felt.getBoundingClientRect().top - top;
    const fontPx = parseFloat(win.getComputedStyle(this.root).fontSize) || 13;
    const line = Math.ceil(fontPx * 1.5) + 12; // the solver's or a hint's line (assist.js), margins included
    const padding = parseFloat(win.getComputedStyle(this.root).paddingBottom) || 0;
    return Math.max(1, Math.floor(limit.height - above - footer.height - line - padding));
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
    this.feltMax = this.measureFeltMax();
    /** @type {GameLayout} */
    const layout = layoutFor(this.layouts ?? [], this.pileIds ?? [], width, this.feltMax);
    if (layout !== this.layout) {
      this.layout = layout;
      this.rows = focusRows(layout);
    }
    this.pileLayer.forgetExtents();
    this.settledRows = false;
    this.geometry = computeGeometry(layout, width, {}, { maxHeight: this.feltMax });
    this.applyGeometry();
    for (const rec of this.piles.values()) this.placeCards(rec);
    this.refit();
    this.placeMessage();
  }

  /**
   * Fit the rows to the fans they hold now (no fan is squeezed over a
   * card's index, see fan.js). A row grows at once; it shrinks back only
   * once its fans have lost more than a card's height (so the felt does not
   * jump with each undo), and to the cards alone when the game is over (a
   * won game leaves no empty felt under its last cards).
   */
  refit() {
    const g = this.geometry;
    if (!g || !this.layout) return;
    const over = String(this.get("status") || "playing") !== "playing";
    const extents = this.pileLayer.extents(g, over, over !== this.settledRows);
    this.settledRows = over;
    if (!extents) return;
    const next = computeGeometry(this.layout, this.width, extents, { reserve: !over, maxHeight: this.feltMax });
    const moved = next.height !== g.height ||
      Object.keys(next.piles).some((id) => next.piles[id].y !== g.piles[id].y || next.piles[id].h !== g.piles[id].h);
    this.geometry = next;
    if (!moved) return;
    this.applyGeometry();
    for (const rec of this.piles.values()) this.placeCards(rec);
  }

  /** Size the felt and place the pile boxes. */
  applyGeometry() {
    const g = /** @type {Geometry} */ (this.geometry);
    const s = this.root.style;
    s.setProperty("--sw-cw", `${g.cw}px`);
    s.setProperty("--sw-ch", `${g.ch}px`);
    s.setProperty("--sw-ix-w", `${g.index.right}px`);
    s.setProperty("--sw-ix-h", `${g.index.line}px`);
    s.setProperty("--sw-ix-strip", `${g.index.down}px`);
    this.felt.style.height = `${g.height}px`;
    this.felt.style.minWidth = g.width > this.width ? `${g.width}px` : "";
    this.pileLayer.placePiles(g);
    const stock = this.stockId ? g.piles[this.stockId] : undefined;
    if (stock) {
      this.captionEl.style.left = `${stock.x - g.gap}px`;
      this.captionEl.style.top = `${stock.y + g.ch + Math.round(g.gap / 2)}px`;
      this.captionEl.style.width = `${g.cw + 2 * g.gap}px`;
    }
    this.fitCaption();
  }

  /**
   * The felt holds the caption under the stock ("3 passes left"), which
   * wraps on a narrow table: it grows by what the caption needs below the
   * geometry's height.
   */
  fitCaption() {
    const g = this.geometry;
    if (!g) return;
    const cap = this.captionEl;
    const shown = cap.parentNode === this.felt && !cap.hidden && cap.textContent;
    const bottom = shown ? cap.offsetTop + cap.offsetHeight + Math.round(g.gap / 2) : 0;
    this.felt.style.height = `${Math.max(g.height, bottom)}px`;
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
    const changed = changedPiles(this.pileLayer.shown, next, this.pileIds).filter((id) => this.piles.has(id));
    if (changed.length === 0) return;
    const seed = this.counters().seed;
    const newDeal = seed !== this.seed;
    this.seed = seed;
    if (newDeal) this.pileLayer.forgetExtents();
    const play = animate && !newDeal && !this.reducedMotion && this.root.isConnected &&
      typeof this.felt.animate === "function"
      ? flip(this.felt, changed.map((id) => /** @type {PileRecord} */ (this.piles.get(id))), this.stockPile(),
        (el) => this.pileLayer.placeOf(el))
      : null;
    // A drop waiting for its reply: the card stayed where it was dropped
    // until now (so it slides from there).
    this.pointer.landed();
    for (const id of changed) this.updatePile(id, Array.isArray(next[id]) ? next[id] : []);
    this.refit();
    // If the selected pile changed, the picked-up card is no longer there.
    if (this.selection.pile && changed.includes(this.selection.pile)) this.selection.clear();
    // The new places come from the geometry (no forced layout).
    play?.(/** @type {Geometry} */ (this.geometry));
    this.lastPilesMs = performance.now() - t0;
  }

  /**
   * Give one pile its new cards: reuse the elements of cards it keeps or that
   * come from other piles, create the others, then place them.
   * @param {string} id
   * @param {number[]} cards
   */
  updatePile(id, cards) {
    this.pileLayer.update(id, cards, this.roles?.[id] ?? "");
    this.placeCards(/** @type {PileRecord} */ (this.piles.get(id)));
  }

  /**
   * Each pile shows what it takes while it is empty ("A", "waste", "cell"):
   * the `empty_labels` trait, which may follow the position.
   */
  syncLabels() {
    this.pileLayer.labels(asRecord(this.get("empty_labels")));
  }

  /** @param {PileRecord} rec */
  placeCards(rec) {
    this.pileLayer.placeCards(rec, this.geometry);
    if (rec.id === this.selection.pile) this.selection.markPick(rec);
  }

  // --- status, buttons, message -------------------------------------------------

  syncInfo() {
    const c = this.counters();
    const status = String(this.get("status") || "playing");
    this.root.dataset.version = String(this.get("version") ?? 0);
    this.root.dataset.status = status;
    this.status.renderHeader({ seed: c.seed ?? null, options: optionsText(this.get("options")) });
    const noWin = String(this.get("no_win") || "");
    this.status.renderStatus(this.get("status_items") || []); // the kernel's (text.py status_items)

    const legalList = this.get("legal") || [];
    if (legalList !== this.legal.list && JSON.stringify(legalList) !== JSON.stringify(this.legal.list)) {
      this.legal = new LegalMoves(legalList);
      if (this.selection.pile) this.selection.showTargets();
    }
    // A pick bigger than the pile's run now (its run changed) is put back.
    if (this.selection.pile && this.selection.count > this.selection.runOf(this.selection.pile)) this.selection.clear();
    this.toolbar.update();

    if (typeof c.passes_left === "number" && this.captionEl.textContent !== passesText(c.passes_left)) {
      this.captionEl.textContent = passesText(c.passes_left);
      this.fitCaption();
    }
    if ((status !== "playing") !== this.settledRows) this.refit(); // room for fans to come only while playing
    if (this.captionEl.hidden !== (status !== "playing")) {
      this.captionEl.hidden = status !== "playing"; // no "3 passes left" under a won game
      this.fitCaption();
    }
    const stock = this.stockPile();
    if (stock) {
      const canRedeal = this.redealActions.some((a) => this.legal.actions.has(a)) && stock.cards.length === 0;
      stock.el.classList.toggle("sw-can-redeal", canRedeal);
    }

    this.banner.sync(status, c, this.reducedMotion, String(this.get("end_reason") || ""), noWin);
  }

  /** The focused element of the document or shadow root the table is in. */
  activeElement() {
    const root = /** @type {Document | ShadowRoot} */ (this.root.getRootNode());
    return root.activeElement ?? null;
  }

  syncMessage() {
    const text = String(this.get("message") || "");
    // The reply to this page's own request has already put it by its pile.
    if (this.messages.isShown(text)) return;
    this.showMessage(text, String(this.get("message_kind") || ""));
  }

  /**
   * Show a message on the felt: next to `pile` (the pile a refused move was
   * aimed at, a card that cannot move …), else at the top of the felt.
   * @param {string} text
   * @param {string} kind  "", "info" or "error"
   * @param {string | null} [pile]
   */
  showMessage(text, kind, pile = null) {
    if (this.lost) return; // the kernel-gone notice says it all
    this.messages.show(text, kind, pile && this.piles.has(pile) ? pile : null);
    this.placeMessage();
    // The message fades after a while (CSS) instead of staying until the next move.
    this.messages.fade();
  }

  /** Put the message by its pile (under its top card, else above), inside the felt. */
  placeMessage() {
    this.messages.place(this.geometry, this.width, (pile) => this.pileLayer.topPlace(pile));
  }

  // --- requests and controls ----------------------------------------------------

  /**
   * Auto-drop: after a move of this page, play the next safe card the kernel
   * names (`safe_drop`), one at a time, each once the slide before it ended.
   * Never after undo or moves from code, so a burst from code queues nothing.
   */
  autoDrop() {
    const move = String(this.get("safe_drop") || "");
    if (!this.get("auto_drop") || !move) return;
    const version = this.get("version");
    this.later(() => {
      if (this.destroyed || this.requests.busy || this.pointer.press || this.selection.pile) return;
      if (this.get("version") !== version || this.get("safe_drop") !== move) return;
      this.requests.send("move", { move });
    }, this.reducedMotion ? 0 : MOVE_MS);
  }

  /**
   * A reply to one of this view's requests.
   * @param {import("./requests.js").Reply} reply
   */
  onReply(reply) {
    if (reply.ok) {
      if (reply.request === "move") this.autoDrop();
      return;
    }
    const guard = asRecord(reply.guard);
    if (typeof guard.move === "string" && !this.lost) {
      // The guard: the move would give up the win (the kernel's words); play it anyway only if asked to.
      this.confirm.ask(`${sentence(reply.reason)} ${String(guard.ask ?? "")}`.trim(), "Play it anyway", "Take it back",
        () => this.requests.send("move", { move: guard.move, confirmed: true }));
      return;
    }
    if (reply.reason) this.showMessage(reply.reason, "error", reply.pile);
  }

  /**
   * @param {string} source
   * @param {string} target
   * @param {number} [count]  cards moved together, from the top of `source`
   */
  sendMove(source, target, count = 1) {
    return this.requests.send("move", { move: moveText(source, target, count) });
  }

  /** The stock's record, if the game has a stock. */
  stockPile() {
    return this.stockId ? this.piles.get(this.stockId) : undefined;
  }

  /**
   * Whether `pile` is the stock (a click on it plays the stock's action).
   * @param {string | null} pile
   */
  isStock(pile) {
    return pile !== null && pile === this.stockId;
  }

  playStock() {
    const action = stockAction(this.actions ?? [], this.legal);
    if (action) this.requests.send("move", { move: action });
  }

  /** @param {string} pile */
  toFoundation(pile) {
    const move = this.legal.foundationMove(pile, this.roles ?? {});
    if (move) {
      this.requests.send("move", { move });
      return true;
    }
    const rec = this.piles.get(pile);
    if (rec && rec.cards.length && rec.cards[rec.cards.length - 1] >= 0 && this.roles?.[pile] !== "foundation") {
      this.showMessage("No foundation takes that card now.", "info", pile);
    }
    return false;
  }

  /**
   * Offer a key press or a click to the interrupters (see `interrupters`).
   * @param {Event} e
   */
  interrupt(e) {
    return this.interrupters.some((take) => take(e));
  }

  /**
   * The kernel is gone (restarted or shut down: a send failed), or there
   * never was one (`"saved"`: a table restored from the notebook's saved
   * widget state): say so, stop taking moves, send nothing more. Running the
   * cell again shows a table on the new kernel.
   * @param {"lost" | "saved"} [why]
   */
  loseKernel(why = "lost") {
    if (this.lost || this.destroyed) return;
    this.lost = true;
    this.root.dataset.connection = why;
    this.pointer.cancelPress();
    this.selection.clear();
    this.confirm.close();
    this.requests.close();
    this.root.setAttribute("aria-busy", "false");
    for (const b of this.root.querySelectorAll("button, input")) /** @type {HTMLButtonElement} */ (b).disabled = true;
    if (this.focusId) this.setFocus(this.focusId, this.root.contains(this.activeElement()));
    this.root.insertBefore(why === "saved" ? savedPositionNote() : lostKernelNote(), this.felt);
  }

  // --- hit testing (the selection itself is selection.js) ----------------------------

  /**
   * The pile an event target belongs to (null on the bare felt).
   * @param {EventTarget | null} target
   */
  pileAt(target) {
    const el = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (target)?.closest?.(".sw-pile"));
    return el && this.felt.contains(el) ? el.dataset.pile ?? null : null;
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
    this.toolbar.destroy();
    for (const fn of this.cleanups) fn();
    this.cleanups = [];
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.requests.close();
    this.root.remove();
  }
}
