// Card faces drawn as SVG images: one image per face (52 at most), shared by
// every copy of the card. The browser lays out no text per card, which keeps a
// 208-card table cheap to render, and the suits are paths, so they look the
// same on every system (no emoji fonts).
//
// The face is drawn in a 100 × 140 box: index corners (rank over suit) at the
// top left and, turned, the bottom right; a small suit at the top right (seen
// when cards are fanned downward); classic pip layouts for A–10 and a framed
// letter for J, Q, K. The card's own background colour shows through.

import { cardInfo } from "./cards.js";

export const RED = "#c8102e";
export const BLACK = "#1a1a1a";

/** Suit outlines in a 20 × 20 box centred on (0, 0). */
export const SUIT_PATHS = {
  H: "M0 9.5C-5.5 4.2-10 0.6-10-4 -10-7.6-7.4-10-4.6-10-2.5-10-0.9-8.9 0-7 0.9-8.9 2.5-10 4.6-10 7.4-10 10-7.6 10-4 10 0.6 5.5 4.2 0 9.5Z",
  D: "M0-10.5Q4-5 8 0 4 5 0 10.5-4 5-8 0-4-5 0-10.5Z",
  S: "M0-10.5C-5.5-5-10-1.5-10 2.6-10 6-7.6 8-5 8-3.3 8-1.9 7.2-1 6-1.2 8-2.2 9.6-4.4 10.5H4.4C2.2 9.6 1.2 8 1 6 1.9 7.2 3.3 8 5 8 7.6 8 10 6 10 2.6 10-1.5 5.5-5 0-10.5Z",
  C: "M-1.2 1.6C-2.3 4.9-4.4 6.6-6.3 6.6-8.8 6.6-10.5 4.6-10.5 2.1-10.5-0.4-8.6-2.4-6.2-2.4-5.4-2.4-4.7-2.2-4.1-1.9-4.7-2.8-5-3.8-5-4.9-5-7.7-2.8-9.9 0-9.9 2.8-9.9 5-7.7 5-4.9 5-3.8 4.7-2.8 4.1-1.9 4.7-2.2 5.4-2.4 6.2-2.4 8.6-2.4 10.5-0.4 10.5 2.1 10.5 4.6 8.8 6.6 6.3 6.6 4.4 6.6 2.3 4.9 1.2 1.6 1.3 5.5 2.4 8.3 4.6 10.5H-4.6C-2.4 8.3-1.3 5.5-1.2 1.6Z",
};

// Pip centres of the number cards (x, y in the 100 × 140 box).
const L = 31;
const M = 50;
const R = 69;
const ROW = [31, 56.3, 83.7, 109]; // four rows from top to bottom
/** @type {Record<number, [number, number][]>} */
export const PIPS = {
  2: [[M, ROW[0]], [M, ROW[3]]],
  3: [[M, ROW[0]], [M, 70], [M, ROW[3]]],
  4: [[L, ROW[0]], [R, ROW[0]], [L, ROW[3]], [R, ROW[3]]],
  5: [[L, ROW[0]], [R, ROW[0]], [M, 70], [L, ROW[3]], [R, ROW[3]]],
  6: [[L, ROW[0]], [R, ROW[0]], [L, 70], [R, 70], [L, ROW[3]], [R, ROW[3]]],
  7: [[L, ROW[0]], [R, ROW[0]], [M, 50.5], [L, 70], [R, 70], [L, ROW[3]], [R, ROW[3]]],
  8: [[L, ROW[0]], [R, ROW[0]], [M, 50.5], [L, 70], [R, 70], [M, 89.5], [L, ROW[3]], [R, ROW[3]]],
  9: [[L, ROW[0]], [R, ROW[0]], [L, ROW[1]], [R, ROW[1]], [M, 70], [L, ROW[2]], [R, ROW[2]], [L, ROW[3]], [R, ROW[3]]],
  10: [[L, ROW[0]], [R, ROW[0]], [M, 43.6], [L, ROW[1]], [R, ROW[1]], [L, ROW[2]], [R, ROW[2]], [M, 96.4], [L, ROW[3]], [R, ROW[3]]],
};

const FONT = "'DejaVu Sans','Helvetica Neue',Arial,sans-serif";
const SERIF = "Georgia,'DejaVu Serif','Times New Roman',serif";

/**
 * A suit drawn at (x, y), `scale` times its 20-unit size, turned when `flip`.
 * @param {string} x
 * @param {number} y
 * @param {number} scale
 * @param {boolean} [flip]
 */
function pip(x, y, scale, flip = false) {
  const rot = flip ? " rotate(180)" : "";
  return `<use href="#s" transform="translate(${x} ${y}) scale(${scale})${rot}"/>`;
}

/**
 * Where the index lies on the 100 × 140 face at index scale 1 (at scale s,
 * s times as large): the top-left corner, rank over suit, `w` × `h` (what a
 * fan to the right shows), and the top strip `strip` high, the rank at the
 * left and a small suit at the right (what a downward fan shows). The view
 * marks the box on each card (`.sw-index`) and never covers it.
 */
export const INDEX_BOX = { w: 26, h: 42, strip: 24 };

/** The rank's font size on the 100-unit-wide face at index scale 1. */
export const INDEX_FONT = 20;

/** The smallest rank font size in px: smaller cards draw a larger index. */
export const MIN_INDEX_FONT_PX = 12;

/** The largest index scale (small cards then show big index and one suit). */
export const MAX_INDEX_SCALE = 2.4;

/**
 * How much larger than usual the index of a card `cw` px wide is drawn so
 * its rank is at least MIN_INDEX_FONT_PX tall (in steps of 0.1, so a table
 * uses few face images).
 * @param {number} cw
 * @example indexScale(80) // 1
 * @example indexScale(40) // 1.5
 */
export function indexScale(cw) {
  const need = (MIN_INDEX_FONT_PX * 100) / (INDEX_FONT * Math.max(1, cw));
  return Math.min(MAX_INDEX_SCALE, Math.max(1, Math.ceil(need * 10 - 1e-9) / 10));
}

/**
 * The index of a corner: the rank above a small suit.
 * @param {string} rankText
 */
function index(rankText) {
  const ten = rankText === "10";
  const spacing = ten ? ' letter-spacing="-1.6"' : "";
  const x = ten ? 11.2 : 11;
  return `<text x="${x}" y="21" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="20"${spacing}>${rankText}</text>` +
    pip("11", 33.5, 0.62);
}

/**
 * The SVG markup of a card face. At an index scale above 1 (small cards) the
 * face is the top-left index drawn `scale` times larger and one big suit
 * (pips would be too small to see).
 * @param {number} face  0..51
 * @param {number} [scale] index scale (see indexScale)
 */
export function faceSvg(face, scale = 1) {
  const info = /** @type {import("./cards.js").CardInfo} */ (cardInfo(face));
  const ink = info.red ? RED : BLACK;
  const parts = [];
  parts.push(`<defs><path id="s" d="${SUIT_PATHS[info.suit]}"/></defs>`);
  const corner = index(info.rankText);
  if (scale > 1) {
    parts.push(`<g transform="scale(${scale})">${corner}</g>`);
    parts.push(pip(String(100 - 11.5 * scale), 13 * scale, 0.55 * scale)); // top right: seen in a downward fan
    const big = Math.min(2.4, (100 - INDEX_BOX.w * scale) / 22);
    const y = Math.max(INDEX_BOX.h * scale + big * 11, 140 - 8 - big * 11);
    parts.push(pip(String(100 - 6 - big * 11), y, big));
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" fill="${ink}">${parts.join("")}</svg>`;
  }
  parts.push(`<g>${corner}</g>`);
  parts.push(`<g transform="rotate(180 50 70)">${corner}</g>`);
  parts.push(pip("88.5", 13, 0.55)); // top right: seen in a downward fan
  if (info.rank === 1) {
    parts.push(pip(String(M), 70, info.suit === "S" ? 2.3 : 1.9));
  } else if (info.rank <= 10) {
    for (const [x, y] of PIPS[info.rank]) parts.push(pip(String(x), y, 0.78, y > 71));
  } else {
    parts.push(`<rect x="23" y="25" width="54" height="90" rx="4" fill="${ink}" fill-opacity="0.07" stroke="${ink}" stroke-width="1.2"/>`);
    parts.push(`<text x="50" y="79" text-anchor="middle" font-family="${SERIF}" font-weight="700" font-size="38">${info.rankText}</text>`);
    parts.push(pip(String(M), 41, 0.6));
    parts.push(pip(String(M), 99, 0.6, true));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" fill="${ink}">${parts.join("")}</svg>`;
}

/** @type {Map<string, string>} */
const urls = new Map();

/**
 * A CSS url() of the face image of a card id (cached per face and scale).
 * @param {number} id
 * @param {number} [scale] index scale (see indexScale)
 */
export function faceUrl(id, scale = 1) {
  const face = ((id % 52) + 52) % 52;
  const key = `${face}:${scale}`;
  let url = urls.get(key);
  if (!url) {
    url = `url("data:image/svg+xml,${encodeURIComponent(faceSvg(face, scale))}")`;
    urls.set(key, url);
  }
  return url;
}
