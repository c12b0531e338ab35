// The height a host gives the table. Some hosts show an output in a box of
// limited height that scrolls (marimo's output box: at most 610 px): there
// the felt's cards shrink so the whole table fits, header, felt and buttons,
// and the buttons and the end-of-game banner stay in view when a panel makes
// it taller (widget.css, `data-fit="box"`). A notebook that grows with its
// outputs (JupyterLab, Notebook 7) gives no such limit.
//
// `TableFit` keeps the table's geometry: the layout for its width, the felt's
// size, the pile boxes, the rows fitted to the fans they hold, and a new
// layout when the width or the height limit changes (a ResizeObserver).

import { around } from "./dom.js";
import { computeGeometry, layoutFor } from "./layout.js";

/** @typedef {import("./layout.js").Geometry} Geometry */
/** @typedef {import("./layout.js").GameLayout} GameLayout */
/** @typedef {import("./piles.js").PileLayer} PileLayer */
/** @typedef {import("./piles.js").PileRecord} PileRecord */

const LENGTH_PX = /^\d+(\.\d+)?px$/;

/**
 * The nearest box around `el` that limits its height (a `max-height` in
 * px) and scrolls or clips what is taller, and how many px it leaves `el`
 * from `el`'s top; null where nothing limits it.
 * @param {HTMLElement} el
 * @returns {{box: HTMLElement, height: number} | null}
 */
export function heightLimit(el) {
  const doc = el.ownerDocument;
  const win = doc.defaultView;
  if (!win) return null;
  for (let box = around(el); box && box !== doc.documentElement && box !== doc.body; box = around(box)) {
    const s = win.getComputedStyle(box);
    if (!/^(auto|scroll|hidden)$/.test(s.overflowY) || !LENGTH_PX.test(s.maxHeight)) continue;
    const padding = (parseFloat(s.paddingTop) || 0) + (parseFloat(s.paddingBottom) || 0);
    // What lies above `el` inside the box (other outputs, margins) takes its part.
    const above = el.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop +
      box.scrollTop - (parseFloat(s.paddingTop) || 0);
    return { box, height: Math.max(0, parseFloat(s.maxHeight) - padding - Math.max(0, above)) };
  }
  return null;
}

/**
 * The parts of the table a `TableFit` measures and sizes, and what it asks
 * the table to do.
 * @typedef {object} FitParts
 * @property {HTMLElement} root  the table: its width, its CSS variables (card size, index)
 * @property {HTMLElement} host  the element the host gave: its width while the table has none
 * @property {HTMLElement} felt
 * @property {HTMLElement} footer  the buttons under the felt
 * @property {HTMLElement} caption  the words under the stock ("3 passes left"), while on the felt
 * @property {PileLayer} piles
 * @property {number} [width]  the width where neither has one (not in a page yet); 800 if not given
 * @property {() => boolean} over  whether the game is over (its rows shrink to their cards)
 * @property {(rec: PileRecord) => void} placeCards  place a pile's cards on `geometry`
 * @property {(layout: GameLayout | null) => void} relaidOut  after a relayout: the new layout
 *   where it changed, else null
 */

export class TableFit {
  /** @param {FitParts} parts */
  constructor(parts) {
    this.parts = parts;
    this.width = 0;
    /** the felt's height limit where the host limits the table's height, else 0 */
    this.feltMax = 0;
    /** @type {HTMLElement | null} the box that limits the table's height, watched for changes */
    this.limitBox = null;
    /** @type {ResizeObserver | null} watches the table's width and that box */
    this.resizes = null;
    /** @type {GameLayout[]} the game's layouts, the main one first (declared in Python) */
    this.layouts = [];
    /** @type {string[]} */
    this.pileIds = [];
    /** @type {string | null} the stock's pile id (the caption goes under it) */
    this.stockId = null;
    /** @type {GameLayout | undefined} the layout in use */
    this.layout = undefined;
    /** @type {Geometry | undefined} the felt's size, the pile boxes, the card size */
    this.geometry = undefined;
    /** whether the rows were last fitted to a game that is over (see `refit`) */
    this.settled = false;
    /** the table is gone: a resize waiting for its frame does nothing */
    this.stopped = false;
  }

  /**
   * A new table: the layout for its width now (its piles are built on it next, then `place`).
   * @param {GameLayout[]} layouts
   * @param {string[]} pileIds
   * @param {string | null} stockId
   */
  choose(layouts, pileIds, stockId) {
    this.layouts = layouts;
    this.pileIds = pileIds;
    this.stockId = stockId;
    this.width = this.measureWidth();
    this.layout = layoutFor(layouts, pileIds, this.width, this.feltMax);
    this.settled = false;
    return this.layout;
  }

  /** The piles of the chosen layout are built: size the felt and place their boxes. */
  place() {
    this.geometry = computeGeometry(/** @type {GameLayout} */ (this.layout), this.width, {}, { maxHeight: this.feltMax });
    this.apply();
  }

  /**
   * Watch the table's width, and the box that limits its height: marimo's
   * output box grows to the whole table when "expanded". A change lays the
   * table out again in the next frame.
   * @returns {() => void} what stops it (the table is destroyed)
   */
  observe() {
    const root = this.parts.root;
    if (typeof ResizeObserver === "undefined") return () => { this.stopped = true; };
    let frame = 0;
    const ro = new ResizeObserver((entries) => {
      const own = entries.filter((e) => e.target === root);
      const w = own.length ? own[own.length - 1].contentRect.width : this.width;
      if (w <= 0 || (Math.abs(w - this.width) < 1 && this.measureFeltMax() === this.feltMax)) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => this.relayout(w));
    });
    ro.observe(root);
    this.resizes = ro;
    return () => {
      this.stopped = true;
      cancelAnimationFrame(frame);
      ro.disconnect();
    };
  }

  /**
   * How tall the felt may be for the whole table to fit the box that limits
   * its height: the box's height less the header above the felt and the
   * buttons under it, and a line of text the buttons may show under them.
   * 0 where nothing limits it. Marks the table (`data-fit`, the buttons'
   * height for the banner to stay over them) and watches the box.
   */
  measureFeltMax() {
    const { root, felt, footer } = this.parts;
    const limit = heightLimit(root);
    if (limit?.box !== this.limitBox) {
      if (this.limitBox) this.resizes?.unobserve(this.limitBox);
      this.limitBox = limit?.box ?? null;
      if (this.limitBox) this.resizes?.observe(this.limitBox);
    }
    if (!limit) {
      delete root.dataset.fit;
      return 0;
    }
    root.dataset.fit = "box";
    const win = root.ownerDocument.defaultView ?? window;
    const top = root.getBoundingClientRect().top;
    const buttons = footer.getBoundingClientRect();
    root.style.setProperty("--sw-footer-h", `${Math.ceil(buttons.height)}px`);
    const above = felt.getBoundingClientRect().top - top;
    const fontPx = parseFloat(win.getComputedStyle(root).fontSize) || 13;
    const line = Math.ceil(fontPx * 1.5) + 12; // the solver's or a hint's line (assist.js), margins included
    const padding = parseFloat(win.getComputedStyle(root).paddingBottom) || 0;
    return Math.max(1, Math.floor(limit.height - above - buttons.height - line - padding));
  }

  /** The table's width (the host's before the table is in the page). */
  measureWidth() {
    const w = this.parts.root.clientWidth || this.parts.host.clientWidth || 0;
    return w > 0 ? w : (this.parts.width ?? 800);
  }

  /** The header and the buttons are in place now: lay out again if the felt's height limit changed. */
  fitHeight() {
    if (this.measureFeltMax() !== this.feltMax) this.relayout(this.width);
  }

  /**
   * Lay the table out for a width: its layout, the felt, the pile boxes and
   * the cards in them.
   * @param {number} width
   */
  relayout(width) {
    if (this.stopped) return;
    this.width = width;
    this.feltMax = this.measureFeltMax();
    const layout = layoutFor(this.layouts, this.pileIds, width, this.feltMax);
    const changed = layout !== this.layout;
    this.layout = layout;
    this.parts.piles.forgetExtents();
    this.settled = false;
    this.geometry = computeGeometry(layout, width, {}, { maxHeight: this.feltMax });
    this.apply();
    for (const rec of this.parts.piles.records.values()) this.parts.placeCards(rec);
    this.refit();
    this.parts.relaidOut(changed ? layout : null);
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
    const over = this.parts.over();
    const extents = this.parts.piles.extents(g, over, over !== this.settled);
    this.settled = over;
    if (!extents) return;
    const next = computeGeometry(this.layout, this.width, extents, { reserve: !over, maxHeight: this.feltMax });
    const moved = next.height !== g.height ||
      Object.keys(next.piles).some((id) => next.piles[id].y !== g.piles[id].y || next.piles[id].h !== g.piles[id].h);
    this.geometry = next;
    if (!moved) return;
    this.apply();
    for (const rec of this.parts.piles.records.values()) this.parts.placeCards(rec);
  }

  /** Size the felt and place the pile boxes (and the caption under the stock). */
  apply() {
    const g = /** @type {Geometry} */ (this.geometry);
    const { root, felt, caption } = this.parts;
    const s = root.style;
    s.setProperty("--sw-cw", `${g.cw}px`);
    s.setProperty("--sw-ch", `${g.ch}px`);
    s.setProperty("--sw-ix-w", `${g.index.right}px`);
    s.setProperty("--sw-ix-h", `${g.index.line}px`);
    s.setProperty("--sw-ix-strip", `${g.index.down}px`);
    felt.style.height = `${g.height}px`;
    felt.style.minWidth = g.width > this.width ? `${g.width}px` : "";
    this.parts.piles.placePiles(g);
    const stock = this.stockId ? g.piles[this.stockId] : undefined;
    if (stock) {
      caption.style.left = `${stock.x - g.gap}px`;
      caption.style.top = `${stock.y + g.ch + Math.round(g.gap / 2)}px`;
      caption.style.width = `${g.cw + 2 * g.gap}px`;
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
    const { felt, caption } = this.parts;
    const shown = caption.parentNode === felt && !caption.hidden && caption.textContent;
    const bottom = shown ? caption.offsetTop + caption.offsetHeight + Math.round(g.gap / 2) : 0;
    felt.style.height = `${Math.max(g.height, bottom)}px`;
  }
}
