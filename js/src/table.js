// The card table view (core): renders the synced traits and keeps the page in
// step with them. It never changes a trait: the kernel's engine is the single
// source of truth, and the view follows the traits it sends back.
//
// Around the core: pointer.js and keyboard.js turn gestures into requests
// (through the input API, input.js), requests.js carries them to the kernel,
// controls.js declares the buttons (and their keys and panels) that features
// add and toolbar.js shows and runs them, selection.js holds the picked-up
// cards, motion.js moves the cards, banner.js and confirm.js show the
// end-of-game banner and the inline question, piles.js draws the piles and
// cards, status.js the header and status line, message.js the message on the
// felt and the words for screen readers, focus.js keeps the roving focus over
// the piles, fit.js the geometry (the layout for the width, the felt's size,
// rows fitted to their fans).

import { changedPiles } from "./diff.js";
import { GameBanner, lostKernelNote, savedPositionNote } from "./banner.js";
import { InlineConfirm } from "./confirm.js";
import { h } from "./dom.js";
import { TableFit } from "./fit.js";
import { RovingFocus } from "./focus.js";
import { dealOf, optionsText, passesText } from "./format.js";
import { tableApi } from "./api.js";
import { inputApi } from "./input.js";
import { MessageLayer } from "./message.js";
import { PileLayer } from "./piles.js";
import { FeltPlaces } from "./placement.js";
import { StatusLayer } from "./status.js";
import { HELP_TEXT, KeyboardInput } from "./keyboard.js";
import { LegalMoves } from "./legal.js";
import { flip, followReducedMotion } from "./motion.js";
import { PointerInput } from "./pointer.js";
import { RequestQueue } from "./requests.js";
import { Selection } from "./selection.js";
import { Toolbar } from "./toolbar.js";
import { followHostTheme } from "./theme.js";

/** @typedef {import("./layout.js").Geometry} Geometry */
/** @typedef {import("./format.js").Counters} Counters */

/** @typedef {import("./model.js").Model} Model */
/** @typedef {import("./model.js").Traits} Traits */

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
    this.viewId = `${Date.now().toString(36)}${(viewCounter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    this.abort = new AbortController();
    /** @type {Array<() => void>} */
    this.cleanups = [];
    /** @type {Set<any>} */
    this.timers = new Set();

    /** @type {Set<string>} the piles that move only whole (the `whole_piles` trait) */
    this.wholePiles = new Set();
    this.legal = new LegalMoves([], this.wholePiles);
    /** @type {string[]} the game's actions under its options (the `actions` trait) */
    this.actions = [];
    /** @type {Record<string, string>} action -> what it does, in the game's words */
    this.actionWords = {};
    /** @type {string[]} the actions that start a new pass (Redeal plays them) */
    this.redealActions = [];
    /** @type {Record<string, string[]>} pile -> the piles lying on it (the `covered_by` trait) */
    this.coveredBy = {};
    /** @type {string[]} the piles two cards go to together (the `pair_targets` trait) */
    this.pairTargets = [];
    /** what is picked up and where it may go (selection.js) */
    this.selection = new Selection(this);
    /** @type {number | string | null | undefined} the deal shown (`dealOf`): a change is a new deal */
    this.deal = undefined;
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
    /** the pile in the tab order, where the focus comes back to (focus.js) */
    this.focus = new RovingFocus(this.root, this.piles);
    this.felt.setAttribute("role", "application");
    this.helpEl = h("div", "sw-help");
    this.helpEl.id = `sw-help-${this.viewId}`;
    this.helpEl.textContent = HELP_TEXT;
    this.felt.setAttribute("aria-describedby", this.helpEl.id);
    this.captionEl = h("div", "sw-caption");
    this.footer = h("div", "sw-footer");
    /** the layout for the width, the felt's size, the pile boxes (fit.js) */
    this.fit = new TableFit({
      root: this.root, host, felt: this.felt, footer: this.footer, caption: this.captionEl, piles: this.pileLayer,
      width: options.width, over: () => String(this.get("status") || "playing") !== "playing",
      placeCards: (rec) => this.placeCards(rec),
      relaidOut: (layout) => {
        if (layout) this.focus.follow(layout);
        this.placeMessage();
        this.confirm.place();
      },
    });
    /** the buttons of the controls and their panels (toolbar.js) */
    this.toolbar = new Toolbar(this);
    this.messages = new MessageLayer();
    // The player's next press or key takes the message away (heard before the inputs: what they say stays).
    this.messages.listen(this.root, this.abort.signal);
    /** where words go on the felt: in view, by their pile, clear of indices and rings (placement.js) */
    this.places = new FeltPlaces({ felt: this.felt, piles: this.pileLayer, geometry: () => this.fit.geometry,
      covers: () => (this.root.dataset.fit === "box" ? [this.footer] : []) });
    this.footer.append(this.toolbar.el);
    this.root.append(this.status.el, this.felt, this.footer, this.helpEl, this.messages.liveEl);
    this.root.insertBefore(this.toolbar.panelsEl, this.helpEl);
    // aria-busy: requests sent and not yet answered (tests wait for it too).
    this.requests = new RequestQueue(this.model, this.viewId, (fn, ms) => this.later(fn, ms), (reply) => this.onReply(reply),
      (busy) => this.root.setAttribute("aria-busy", busy ? "true" : "false"), () => this.loseKernel());
    // The end-of-game banner's New deal and Undo run the toolbar's controls.
    this.banner = new GameBanner(this.root, this.footer, (action) => this.toolbar.runAction(action));
    // The question shows over the felt; answered, it leaves the focus on the pile the keyboard was on.
    this.confirm = new InlineConfirm(this.felt, () => this.focus.restore(),
      (size, pile) => this.places.spot(size, pile, "bottom", [this.messages.el]));
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
    /** what the pointer and the keyboard see of the table (input.js) */
    this.input = inputApi(this);
    this.pointer = new PointerInput(this.input, signal);
    this.keyboard = new KeyboardInput(this.input, signal);
    this.listen();
    this.build();
    if (host.classList.contains(DISCONNECTED)) this.loseKernel("saved");
  }

  // --- model -----------------------------------------------------------------

  listen() {
    const { model } = this;
    // The game's traits, its position's and status (the controls follow
    // the traits of their own: `watch`).
    /** @type {[keyof Traits, string][]} */
    const watched = [
      ["game_name", "structure"], ["pile_ids", "structure"], ["pile_roles", "structure"], ["whole_piles", "structure"],
      ["layouts", "structure"],
      ["actions", "structure"], ["action_words", "structure"], ["redeal_actions", "structure"],
      ["features", "structure"], ["title", "structure"], ["options", "info"],
      ["covered_by", "structure"], ["pair_targets", "structure"],
      ["piles", "piles"], ["empty_labels", "labels"], ["runs", "info"], ["status", "info"], ["end_reason", "info"],
      ["no_win", "info"], ["counters", "info"], ["status_items", "info"], ["legal", "info"],
      ["last_move", "info"], ["message", "message"], ["message_kind", "message"], ["version", "info"],
    ];
    for (const [name, what] of watched) this.cleanups.push(this.watch(name, what));
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

    // The table's width, and the box that limits its height (fit.js).
    this.cleanups.push(this.fit.observe());
  }

  /**
   * Follow a trait: a change of it brings `what` up to date ("info": the
   * status, the buttons and the controls). Returns what stops it.
   * @param {keyof Traits} name
   * @param {string} [what]
   * @returns {() => void}
   */
  watch(name, what = "info") {
    const cb = () => this.schedule(what);
    this.model.on(`change:${name}`, cb);
    return () => this.model.off(`change:${name}`, cb);
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

  /**
   * A synced trait.
   * @template {keyof Traits} K
   * @param {K} name
   * @returns {Traits[K]}
   */
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
    this.coveredBy = { ...asRecord(this.get("covered_by")) };
    this.pairTargets = (this.get("pair_targets") || []).slice();
    this.gameName = game;
    this.pileIds = pileIds;
    /** @type {Record<string, string>} pile id -> role ("stock", "waste", "reserve", "foundation", "tableau") */
    const roles = { ...asRecord(this.get("pile_roles")) };
    this.roles = roles;
    this.wholePiles = new Set(Array.isArray(this.get("whole_piles")) ? this.get("whole_piles") : []);
    this.legal = new LegalMoves(this.legal.list, this.wholePiles);
    /** @type {string | null} the stock's pile id, if the game has one */
    this.stockId = pileIds.find((id) => roles[id] === "stock") ?? null;
    // The game's layouts, the main one first (declared in Python): the one for the width now.
    const layouts = Array.isArray(this.get("layouts")) ? this.get("layouts").slice() : [];
    const layout = this.fit.choose(layouts, pileIds, this.stockId);
    this.selection.clear();
    this.pointer.cancelPress();
    this.root.dataset.game = game;
    this.status.renderHeader({ title: String(this.get("title") || game) });
    this.felt.setAttribute("aria-label", `${this.get("title") || game} card table`);

    this.toolbar.build(); // the buttons of the controls this game has

    // Piles.
    this.banner.remove();
    this.confirm.close();
    this.pileLayer.build(pileIds, roles, layout);
    this.syncLabels();
    this.focus.reset(layout, pileIds);
    // A game that counts its passes says under its stock how many are left.
    if (this.stockId && this.counters().passes_left !== undefined) this.felt.append(this.captionEl);
    this.felt.append(this.messages.el);

    this.fit.place();
    this.deal = dealOf(this.counters());
    this.syncPiles(false);
    this.toolbar.openStartPanels();
    this.syncInfo();
    this.syncMessage();
    // The header and the buttons are in place now: does the felt fit the height the host gives?
    this.fit.fitHeight();
    this.messages.forget();
    this.speak(); // remembers the position; says nothing
    this.lastBuildMs = performance.now() - t0;
    try {
      performance.measure?.("solitaire_widgets:build", { start: t0, end: t0 + this.lastBuildMs });
    } catch { /* old browsers */ }
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
    const deal = dealOf(this.counters());
    const newDeal = deal !== this.deal;
    this.deal = deal;
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
    this.pileLayer.mark("sw-covered", this.coveredPiles());
    this.fit.refit();
    // If the selected pile changed, the picked-up card is no longer there.
    if (this.selection.pile && changed.includes(this.selection.pile)) this.selection.clear();
    // The new places come from the geometry (no forced layout).
    play?.(/** @type {Geometry} */ (this.fit.geometry));
    this.lastPilesMs = performance.now() - t0;
  }

  /**
   * The piles whose cards may not play while cards lie on them (the
   * `covered_by` trait): those holding cards with a card on them now.
   * @returns {string[]}
   */
  coveredPiles() {
    return Object.keys(this.coveredBy).filter((id) => this.lyingOn(id).length > 0 && this.piles.get(id)?.cards.length);
  }

  /**
   * The piles lying on `pile` that hold cards now ([] for a pile nothing may cover).
   * @param {string} pile
   * @returns {string[]}
   */
  lyingOn(pile) {
    return (this.coveredBy[pile] ?? []).filter((id) => (this.piles.get(id)?.cards.length ?? 0) > 0);
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
    this.pileLayer.placeCards(rec, this.fit.geometry);
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
      this.legal = new LegalMoves(legalList, this.wholePiles);
      if (this.selection.pile) this.selection.showTargets();
    }
    // A pick bigger than the pile's run now (its run changed) is put back.
    if (this.selection.pile && this.selection.count > this.selection.runOf(this.selection.pile)) this.selection.clear();
    this.selection.markMovable();
    this.toolbar.update();

    if (typeof c.passes_left === "number" && this.captionEl.textContent !== passesText(c.passes_left)) {
      this.captionEl.textContent = passesText(c.passes_left);
      this.fit.fitCaption();
    }
    if ((status !== "playing") !== this.fit.settled) this.fit.refit(); // room for fans to come only while playing
    if (this.captionEl.hidden !== (status !== "playing")) {
      this.captionEl.hidden = status !== "playing"; // no "3 passes left" under a won game
      this.fit.fitCaption();
    }
    const stock = this.stockPile();
    if (stock) {
      const canRedeal = this.redealActions.some((a) => this.legal.actions.has(a)) && stock.cards.length === 0;
      stock.el.classList.toggle("sw-can-redeal", canRedeal);
    }

    this.banner.sync(status, c, this.reducedMotion, String(this.get("end_reason") || ""), noWin);
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
   * @param {string} kind  "", "info", "error" or "hint"
   * @param {string | null} [pile]
   * @param {boolean} [quiet]  words a line of the table says to screen readers already
   * @param {"top" | "bottom"} [side]  where on the felt words about no pile go
   */
  showMessage(text, kind, pile = null, quiet = false, side = "top") {
    if (this.lost) return; // the kernel-gone notice says it all
    this.messages.show(text, kind, pile && this.piles.has(pile) ? pile : null, quiet, side);
    this.placeMessage();
    // The message fades after a while (CSS) instead of staying until the next move.
    this.messages.fade();
  }

  /** Put the message by its pile, in the part of the felt in view, clear of the question. */
  placeMessage() {
    this.messages.place((size, pile, side) => this.places.spot(size, pile, side, [this.confirm.el]));
  }

  // --- requests and controls ----------------------------------------------------

  /**
   * A reply to one of this view's requests: a move played is the controls'
   * news (`afterMove`); a refusal is theirs to answer (`refusedReply`), else
   * its words go by the pile it was about.
   * @param {import("./requests.js").Reply} reply
   */
  onReply(reply) {
    if (reply.ok) {
      if (reply.request === "move") this.toolbar.moved(reply);
      return;
    }
    if (!this.lost && this.toolbar.takeRefusal(reply)) return;
    if (reply.reason) this.showMessage(reply.reason, "error", reply.pile);
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
    this.focus.restore(this.root.contains(this.focus.active()));
    this.root.insertBefore(why === "saved" ? savedPositionNote() : lostKernelNote(), this.felt);
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
