// Where each pile of each game lies on the table, and how big the cards are.
//
// A game layout places piles on a grid whose unit is one card width plus one
// gap: `col` 2.5 means "two and a half card-and-gap steps from the left".
// `computeGeometry(layout, width, extents)` turns it into pixel boxes for a
// table of the given width: cards shrink so the widest row fits (no
// horizontal scrolling), up to a maximum size, and the grid is centred. A
// row is as tall as its layout reserves or as its longest fan needs now
// (`extents`), so the felt fits the cards and no fan is squeezed over a
// card's index. A game may have other layouts (`layoutFor(game, piles,
// width)` takes the one with the largest cards): Cruel's packets go in 2, 3
// or 4 rows.

import { INDEX_BOX, indexScale } from "./faces.js";

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
 * @property {{pile: string, text: string}[]} [captions] a caption under a pile
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

export const CARD_RATIO = 1.4; // height / width (poker cards: 88 × 63 mm)
export const GAP_RATIO = 0.14; // gap / card width
export const MIN_CW = 26;
export const MAX_CW = 120;
/** The felt a layout reserves stays within this height (px) … */
export const MAX_FELT_HEIGHT = 660;
/** … unless the cards would get narrower than this (px). */
export const COMFORT_CW = 84;

/**
 * @param {string} prefix
 * @param {number} n
 */
const ids = (prefix, n) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/**
 * A row of piles at consecutive columns.
 * @param {string[]} piles
 * @param {number} row
 * @param {number} col   first column
 * @param {Partial<SlotSpec>} [extra]
 * @param {number} [step]
 * @returns {SlotSpec[]}
 */
function run(piles, row, col, extra = {}, step = 1) {
  return piles.map((pile, i) => ({ pile, row, col: col + i * step, ...extra }));
}

// A Cruel packet is fanned to the right, wide enough for four cards at the
// full step (more wrap onto a second line, see fan.js).
const CRUEL_SPAN = 1.95;
const CRUEL_STEP = CRUEL_SPAN + 0.2;

/**
 * Cruel's layout with the 12 packets in rows of `perRow`, under the 4
 * foundations.
 * @param {number} perRow
 * @returns {GameLayout}
 */
function cruelLayout(perRow) {
  const cols = (perRow - 1) * CRUEL_STEP + CRUEL_SPAN;
  const packetRows = 12 / perRow;
  /** @type {RowSpec[]} */
  const rows = [{ h: 1 }];
  for (let r = 0; r < packetRows; r++) rows.push({ h: 1, gapBefore: r ? 1.5 : 2 });
  return {
    cols,
    rows,
    slots: [
      ...run(ids("f", 4), 0, (cols - 4) / 2),
      ...ids("t", 12).map((pile, i) => ({
        pile, row: 1 + Math.floor(i / perRow), col: (i % perRow) * CRUEL_STEP, span: CRUEL_SPAN,
        fan: /** @type {Fan} */ ("right"),
      })),
    ],
  };
}

/** Other layouts of a game for narrower tables (see layoutFor). */
export const NARROW_LAYOUTS = {
  cruel: [cruelLayout(4), cruelLayout(3)],
  // The 8 foundations in two rows of four at the right, over the columns.
  midshipman: [{
    maxWidth: 699,
    cols: 9,
    rows: [{ h: 1 }, { h: 1, gapBefore: 1 }, { h: 2.2, gapBefore: 2 }],
    slots: [
      { pile: "stock", row: 0, col: 0, badge: true },
      { pile: "waste", row: 0, col: 1, badge: true },
      ...run(ids("f", 8).slice(0, 4), 0, 5),
      ...run(ids("f", 8).slice(4), 1, 5),
      ...run(ids("t", 9), 2, 0, { fan: "down" }),
    ],
  }],
};

/** @type {Record<string, GameLayout>} */
export const LAYOUTS = {
  // 4 foundations centred on top, 12 packets of four in two rows of six,
  // each fanned to the right (3 or 4 rows on narrow tables).
  cruel: cruelLayout(6),
  // The stock at the left, 16 foundations in two rows of eight, 8 tableau
  // columns under them fanned downward (they reach 24 cards).
  leap_year: {
    cols: 9,
    rows: [{ h: 1 }, { h: 1 }, { h: 2, gapBefore: 2 }],
    slots: [
      { pile: "stock", row: 0, col: 0, badge: true },
      ...run(ids("f", 16).slice(0, 8), 0, 1),
      ...run(ids("f", 16).slice(8), 1, 1),
      ...run(ids("t", 8), 2, 1, { fan: "down" }),
    ],
  },
  // Stock, waste and the Frog (reserve, fanned) on top; 8 foundations; the
  // 5 columns the waste feeds, fanned downward.
  frog: {
    cols: 8,
    rows: [{ h: 1 }, { h: 1, gapBefore: 1.5 }, { h: 1.8, gapBefore: 2 }],
    slots: [
      { pile: "stock", row: 0, col: 0, badge: true },
      { pile: "waste", row: 0, col: 1, badge: true },
      { pile: "reserve", row: 0, col: 2.3, span: 5.7, fan: "right", badge: true },
      ...run(ids("f", 8), 0 + 1, 0),
      ...run(ids("t", 5), 2, 1.5, { fan: "down" }),
    ],
  },
  // Stock and waste on the left, the two foundations on the right; the passes
  // left are written under the stock.
  bobby: {
    cols: 5,
    maxCw: 130,
    rows: [{ h: 1, below: 0.3 }],
    slots: [
      { pile: "stock", row: 0, col: 0, badge: true },
      { pile: "waste", row: 0, col: 1, badge: true },
      { pile: "f0", row: 0, col: 3, badge: true },
      { pile: "f1", row: 0, col: 4, badge: true },
    ],
  },
  // Stock, waste and 8 foundations in one row; 9 columns fanned downward.
  midshipman: {
    cols: 10.4,
    rows: [{ h: 1 }, { h: 2.2, gapBefore: 2 }],
    slots: [
      { pile: "stock", row: 0, col: 0, badge: true },
      { pile: "waste", row: 0, col: 1, badge: true },
      ...run(ids("f", 8), 0, 2.4),
      ...run(ids("t", 9), 1, 0.7, { fan: "down" }),
    ],
  },
};

/**
 * A layout for a game this module does not know: stock, waste and reserve,
 * then the foundations, then the tableau fanned downward.
 * @param {string[]} pileIds
 * @returns {GameLayout}
 */
export function genericLayout(pileIds) {
  const top = pileIds.filter((p) => p === "stock" || p === "waste" || p === "reserve");
  const found = pileIds.filter((p) => /^f\d+$/.test(p));
  const tab = pileIds.filter((p) => /^t\d+$/.test(p));
  const cols = Math.max(1, top.length + found.length, tab.length);
  /** @type {SlotSpec[]} */
  const slots = [
    ...run(top, 0, 0, { badge: true }),
    ...run(found, 0, cols - found.length),
    ...run(tab, 1, (cols - tab.length) / 2, { fan: "down" }),
  ];
  return { cols, rows: [{ h: 1 }, { h: 3, gapBefore: 2 }], slots };
}

/**
 * The layout of a game for a table `width` px wide: of its layouts meant
 * for that width (`maxWidth`), one that fits the width, with the largest
 * cards (a later one only when its cards are over 10 % larger). Falls back
 * to a generic one when the game's piles are not the ones the layout places.
 * @param {string} gameName
 * @param {string[]} pileIds
 * @param {number} [width]
 * @returns {GameLayout}
 */
export function layoutFor(gameName, pileIds, width = Infinity) {
  const known = LAYOUTS[gameName];
  if (!known) return genericLayout(pileIds);
  const have = new Set(pileIds);
  const placed = new Set(known.slots.map((s) => s.pile));
  if (!pileIds.every((p) => placed.has(p)) || !known.slots.every((s) => have.has(s.pile))) return genericLayout(pileIds);
  if (!Number.isFinite(width)) return known;
  let best = known;
  let bestG = computeGeometry(known, width);
  for (const other of /** @type {Record<string, GameLayout[]>} */ (NARROW_LAYOUTS)[gameName] ?? []) {
    if (width > (other.maxWidth ?? Infinity)) continue;
    const g = computeGeometry(other, width);
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
 * @param {{reserve?: boolean}} [options] `reserve: false`: rows keep no room
 *   for fans to come (a finished game), only for the cards they hold
 * @returns {Geometry}
 */
export function computeGeometry(layout, width, extents = {}, options = {}) {
  const w = Math.max(0, Math.floor(width || 0));
  const pad = w < 480 ? 8 : 12;
  const fit = (w - 2 * pad) / (layout.cols + (layout.cols - 1) * GAP_RATIO);
  let cw = Math.floor(Math.max(MIN_CW, Math.min(layout.maxCw ?? MAX_CW, fit)));
  const gapOf = (/** @type {number} */ c) => Math.max(3, Math.round(c * GAP_RATIO));
  // Rounding the gap may push the grid a few px too wide: shrink until it fits.
  while (cw > MIN_CW && layout.cols * (cw + gapOf(cw)) - gapOf(cw) > w - 2 * pad) cw--;
  // A tall layout stops growing before its felt outgrows a laptop screen.
  while (cw > COMFORT_CW && stackRows(layout, cw, gapOf(cw), pad, []).height > MAX_FELT_HEIGHT) cw--;
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
    right: 1 + Math.ceil((INDEX_BOX.w * scale * cw) / 100),
    line: 1 + Math.ceil((INDEX_BOX.h * scale * ch) / 140),
    down: 1 + Math.ceil((INDEX_BOX.strip * scale * ch) / 140),
  };
  return { width: Math.max(w, left + contentW + pad), height, cw, ch, gap, indexScale: scale, index, piles };
}

/** Games whose empty foundations take only an ace. */
const ACE_FOUNDATIONS = new Set(["frog", "midshipman"]);

/**
 * What an empty pile shows in its outline: "A" on a foundation that takes
 * only an ace; nothing elsewhere.
 * @param {string} gameName
 * @param {string} pile
 */
export function emptyHint(gameName, pile) {
  if (pile === "waste" || pile === "reserve") return pile;
  return ACE_FOUNDATIONS.has(gameName) && /^f\d+$/.test(pile) ? "A" : "";
}
