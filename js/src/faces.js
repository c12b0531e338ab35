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
import { LOOK } from "./look.js";

// Colours, suit outlines and pip centres come from look.json, which Python's
// pictures read too (solitaire_widgets/picture.py).
export const RED = LOOK.colours.red;
export const BLACK = LOOK.colours.ink;

/** Suit outlines in a 20 × 20 box centred on (0, 0). */
export const SUIT_PATHS = /** @type {Record<string, string>} */ (LOOK.suitPaths);

/** Pip centres of the number cards (x, y in the 100 × 140 box), by rank. */
export const PIPS = /** @type {Record<number, [number, number][]>} */ (/** @type {unknown} */ (LOOK.pips));
const M = LOOK.face.w / 2; // the face's middle

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
export const INDEX_BOX = LOOK.index.box;

/** The rank's font size on the 100-unit-wide face at index scale 1. */
export const INDEX_FONT = LOOK.index.font;

/** The smallest rank font size in px: smaller cards draw a larger index. */
export const MIN_INDEX_FONT_PX = LOOK.index.minFontPx;

/** The largest index scale (small cards then show big index and one suit). */
export const MAX_INDEX_SCALE = LOOK.index.maxScale;

/**
 * How much larger than usual the index of a card `cw` px wide is drawn so
 * its rank is at least MIN_INDEX_FONT_PX tall (in steps of 0.1, so a table
 * uses few face images).
 * @param {number} cw
 * @example indexScale(80) // 1
 * @example indexScale(40) // 1.5
 */
export function indexScale(cw) {
  const need = (MIN_INDEX_FONT_PX * LOOK.face.w) / (INDEX_FONT * Math.max(1, cw));
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
