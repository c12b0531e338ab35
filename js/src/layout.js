// Where each pile lies on the table, and how big the cards are.
//
// A game's layouts come from Python (the `layouts` trait: each game class
// declares them, solitaire_widgets/layout.py). A layout places piles on a
// grid whose unit is one card width plus one gap: `col` 2.5 means "two and a
// half card-and-gap steps from the left".
// `computeGeometry(layout, width, extents)` turns it into pixel boxes for a
// table of the given width: cards shrink so the widest row fits (no
// horizontal scrolling), up to a maximum size, and the grid is centred. A
// row is as tall as its layout reserves or as its longest fan needs now
// (`extents`), so the felt fits the cards and no fan is squeezed over a
// card's index. A game may have other layouts for narrow tables
// (`layoutFor(layouts, piles, width)` takes the one with the largest cards).

import { INDEX_BOX, indexScale } from "./faces.js";
import { LOOK } from "./look.js";

/** @typedef {"none" | "down" | "right"} Fan */

/**
 * @typedef {object} SlotSpec
 * @property {string} pile    pile id
 * @property {number} row     index into `rows`
 * @property {number} col     grid column (may be fractional)
 * @property {number} [span]  width in grid columns (right-fanned piles)
 * @property {Fan} [fan]      how the pile spreads: not at all, down or right
 * @property {boolean} [badge] show a card count on the pile
 */

/**
 * @typedef {object} RowSpec
 * @property {number} h          height in card heights
 * @property {number} [gapBefore] space above the row, in gaps (default 1)
 * @property {number} [below]    extra room under the row, in card widths (captions)
 */

/**
 * @typedef {object} GameLayout
 * @property {number} [maxWidth] the widest table this layout is for (px)
 * @property {number} cols     grid width in columns
 * @property {number} [maxCw]  largest card width in px
 * @property {RowSpec[]} rows
 * @property {SlotSpec[]} slots
 */

/**
 * @typedef {object} PileBox
 * @property {number} x
 * @property {number} y
 * @property {number} w
 * @property {number} h
 * @property {Fan} fan
 * @property {number} row
 * @property {number} col
 * @property {boolean} badge
 */

/**
 * @typedef {object} Geometry
 * @property {number} width   table width in px
 * @property {number} height  table height in px
 * @property {number} cw      card width
 * @property {number} ch      card height
 * @property {number} gap
 * @property {number} indexScale  how much larger than usual the index is drawn (faces.js)
 * @property {import("./fan.js").IndexSize} index  the index of a card in px
 * @property {Record<string, PileBox>} piles
 */

// The numbers of the layout's steps come from look.json, which Python's
// pictures read too (solitaire_widgets/geometry.py).
export const CARD_RATIO = LOOK.card.ratio; // height / width (poker cards: 88 × 63 mm)
export const GAP_RATIO = LOOK.card.gapRatio; // gap / card width
const MIN_GAP = LOOK.card.minGap;
export const MIN_CW = LOOK.card.minWidth;
export const MAX_CW = LOOK.card.maxWidth;
/** The felt a layout reserves stays within this height (px) … */
export const MAX_FELT_HEIGHT = LOOK.card.maxFeltHeight;
/** … unless the cards would get narrower than this (px). */
export const COMFORT_CW = LOOK.card.comfortWidth;
/** A host's height limit (fit.js) shrinks the cards down to this width (px), no further. */
export const FIT_MIN_CW = LOOK.card.fitMinWidth;
/** The felt's padding: narrow below `wideFrom` px, else wide. */
const PAD = LOOK.pad;
/** The face is drawn in this box (faces.js). */
const FACE = LOOK.face;

/**
 * A layout that places every pile in one row: only for a model that sends no
 * layouts (the kernel always does).
 * @param {string[]} pileIds
 * @returns {GameLayout}
 */
function rowLayout(pileIds) {
  return { cols: Math.max(1, pileIds.length), rows: [{ h: 1 }], slots: pileIds.map((pile, col) => ({ pile, row: 0, col })) };
}

/**
 * The layout for a table `width` px wide, of the game's `layouts` (the
 * `layouts` trait: the main one first, then those for narrow tables): of
 * those meant for that width (`maxWidth`), one that fits the width, with the
 * largest cards (a later one only when its cards are over 10 % larger).
 * @param {GameLayout[]} layouts
 * @param {string[]} pileIds
 * @param {number} [width]
 * @param {number} [maxHeight]  the felt's height limit, if the host sets one (computeGeometry)
 * @returns {GameLayout}
 */
export function layoutFor(layouts, pileIds, width = Infinity, maxHeight = 0) {
  const [main, ...narrow] = Array.isArray(layouts) ? layouts : [];
  if (!main) return rowLayout(pileIds);
  if (!Number.isFinite(width)) return main;
  let best = main;
  let bestG = computeGeometry(main, width, {}, { maxHeight });
  for (const other of narrow) {
    if (width > (other.maxWidth ?? Infinity)) continue;
    const g = computeGeometry(other, width, {}, { maxHeight });
    const fits = g.width <= width;
    const bestFits = bestG.width <= width;
    // One that fits beats one that scrolls sideways; else much larger cards
    // only: a taller felt costs too.
    if ((fits && !bestFits) || (fits === bestFits && g.cw > bestG.cw * 1.1)) [best, bestG] = [other, g];
  }
  return best;
}

/**
 * The rows of a layout one under the other: each as tall as it reserves or
 * as `need[i]` px, whichever is more (without `reserve`, a row reserves one
 * card height at most).
 * @param {GameLayout} layout
 * @param {number} cw
 * @param {number} gap
 * @param {number} pad
 * @param {number[]} need
 * @param {boolean} [reserve]
 */
function stackRows(layout, cw, gap, pad, need, reserve = true) {
  const ch = Math.round(cw * CARD_RATIO);
  /** @type {{y: number, h: number}[]} */
  const rows = [];
  let y = pad;
  layout.rows.forEach((row, i) => {
    if (i > 0) {
      const prev = layout.rows[i - 1];
      y += Math.round(gap * (row.gapBefore ?? 1) + (prev.below ?? 0) * cw);
    }
    const h = Math.max(Math.round((reserve ? row.h : Math.min(1, row.h)) * ch), Math.ceil(need[i] ?? 0));
    rows.push({ y, h });
    y += h;
  });
  const last = layout.rows[layout.rows.length - 1];
  return { rows, height: y + Math.round((last?.below ?? 0) * cw) + pad };
}

/**
 * Pixel boxes for every pile for a table `width` px wide.
 * @param {GameLayout} layout
 * @param {number} width
 * @param {Record<string, number>} [extents] how tall each fan is now (px
 *   from its top); a row grows to hold its tallest fan
 * @param {{reserve?: boolean, maxHeight?: number}} [options] `reserve: false`:
 *   rows keep no room for fans to come (a finished game), only for the cards
 *   they hold; `maxHeight`: the felt the layout reserves stays within this
 *   height (px; a host's limit, fit.js), the cards shrinking down to
 *   `FIT_MIN_CW` for it
 * @returns {Geometry}
 */
export function computeGeometry(layout, width, extents = {}, options = {}) {
  const w = Math.max(0, Math.floor(width || 0));
  const pad = w < PAD.wideFrom ? PAD.narrow : PAD.wide;
  const fit = (w - 2 * pad) / (layout.cols + (layout.cols - 1) * GAP_RATIO);
  let cw = Math.floor(Math.max(MIN_CW, Math.min(layout.maxCw ?? MAX_CW, fit)));
  const gapOf = (/** @type {number} */ c) => Math.max(MIN_GAP, Math.round(c * GAP_RATIO));
  // Rounding the gap may push the grid a few px too wide: shrink until it fits.
  while (cw > MIN_CW && layout.cols * (cw + gapOf(cw)) - gapOf(cw) > w - 2 * pad) cw--;
  // A tall layout stops growing before its felt outgrows a laptop screen.
  while (cw > COMFORT_CW && stackRows(layout, cw, gapOf(cw), pad, []).height > MAX_FELT_HEIGHT) cw--;
  const limit = options.maxHeight ?? 0;
  while (limit > 0 && cw > FIT_MIN_CW && stackRows(layout, cw, gapOf(cw), pad, []).height > limit) cw--;
  const gap = gapOf(cw);
  const ch = Math.round(cw * CARD_RATIO);
  const step = cw + gap;
  const contentW = layout.cols * step - gap;
  const left = Math.max(pad, Math.floor((w - contentW) / 2));
  /** @type {number[]} */
  const need = layout.rows.map(() => 0);
  for (const slot of layout.slots) need[slot.row] = Math.max(need[slot.row], extents[slot.pile] ?? 0);
  const { rows, height } = stackRows(layout, cw, gap, pad, need, options.reserve ?? true);
  /** @type {Record<string, PileBox>} */
  const piles = {};
  for (const slot of layout.slots) {
    const fan = slot.fan ?? "none";
    const row = rows[slot.row];
    piles[slot.pile] = {
      x: Math.round(left + slot.col * step),
      y: row.y,
      w: slot.span ? Math.round(slot.span * step - gap) : cw,
      h: fan === "none" ? ch : Math.max(fan === "down" ? row.h : ch, Math.ceil(extents[slot.pile] ?? 0)),
      fan,
      row: slot.row,
      col: slot.col,
      badge: !!slot.badge,
    };
  }
  const scale = indexScale(cw);
  // The face is drawn inside the card's 1 px border: its index ends 1 px further.
  const index = {
    right: 1 + Math.ceil((INDEX_BOX.w * scale * cw) / FACE.w),
    line: 1 + Math.ceil((INDEX_BOX.h * scale * ch) / FACE.h),
    down: 1 + Math.ceil((INDEX_BOX.strip * scale * ch) / FACE.h),
  };
  return { width: Math.max(w, left + contentW + pad), height, cw, ch, gap, indexScale: scale, index, piles };
}
