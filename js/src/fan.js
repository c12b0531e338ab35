// Fan and compress: where each card of a pile lies inside the pile's box.
//
// A fanned pile shows the index corner of every card (face-down cards need
// less room); when the cards do not fit the box, face-down cards are
// squeezed first, face-up ones never over their index: a downward fan then
// grows past its box (the table makes its row taller) and a fan to the
// right wraps onto a second line. A stack shows only its top card, with a
// few pixels of thickness when it is tall.

import { LOOK } from "./look.js";

/** @typedef {import("./layout.js").Fan} Fan */
/** @typedef {{x: number, y: number}} Point */
/**
 * How much of a card a fan must leave uncovered so its index shows (px):
 * `down` the top strip (downward fans), `right` the corner's width (fans to
 * the right), `line` the corner's height (between wrapped lines).
 * @typedef {{down: number, right: number, line: number}} IndexSize
 */

/** Steps between cards, as fractions of the card height (down) or width (right). */
export const STEP = LOOK.fan.step;

/**
 * The step sizes of a fan before compression.
 * @param {number} n       cards in the pile
 * @param {number} faceDown how many of them (at the bottom) lie face down
 * @param {number} unit    card height (down) or width (right)
 * @param {{up: number, down: number}} step
 * @returns {number[]} n - 1 steps; step i lies between card i and card i + 1
 */
export function fanSteps(n, faceDown, unit, step) {
  const steps = [];
  for (let i = 0; i < n - 1; i++) steps.push((i < faceDown ? step.down : step.up) * unit);
  return steps;
}

/**
 * Positions of the cards of a pile in its box, bottom card first.
 *
 * With `index` (the px size of a card's corner index) no face-up card is
 * ever covered over its index: face-down steps squeeze first, face-up steps
 * never below the index. A downward fan that still does not fit runs past
 * the bottom of its box (the table grows the row, see layout.js); a fan to
 * the right wraps onto a new line one index height lower, like text.
 * Without `index`, a fan is squeezed into its box (bottom cards first).
 * @param {number} n         cards in the pile
 * @param {number} faceDown  face-down cards at the bottom
 * @param {Fan} fan
 * @param {{w: number, h: number}} box  the pile's box
 * @param {number} cw        card width
 * @param {number} ch        card height
 * @param {IndexSize} [index] what of each card must show (px)
 * @returns {Point[]}
 */
export function fanPositions(n, faceDown, fan, box, cw, ch, index) {
  /** @type {Point[]} */
  const out = [];
  if (n <= 0) return out;
  if (fan === "none") {
    // A stack: one pixel of thickness per 12 cards, 2 at most (look.json).
    for (let i = 0; i < n; i++) {
      const t = Math.min(LOOK.fan.stackMaxPx, Math.floor(i / LOOK.fan.stackCardsPerPx));
      out.push({ x: 0 - t, y: 0 - t });
    }
    return out;
  }
  const down = fan === "down";
  const unit = down ? ch : cw;
  const room = Math.max(0, (down ? box.h - ch : box.w - cw));
  const need = index ? Math.ceil(down ? index.down : index.right) : 0;
  const natural = fanSteps(n, faceDown, unit, down ? STEP.down : STEP.right)
    .map((s, i) => (i < faceDown ? s : Math.max(s, need)));
  if (!down && need > 0 && (n - 1) * need > room) return wrapRight(n, cw, box.w, need, Math.ceil(index?.line ?? 0));
  const steps = need
    ? compress(natural, room, natural.map((_, i) => (i < faceDown ? MIN_STEP * unit : need)))
    : compress(natural, room, MIN_STEP * unit);
  let at = 0;
  out.push({ x: 0, y: 0 });
  for (const s of steps) {
    at += s;
    const p = Math.floor(at);
    out.push(down ? { x: 0, y: p } : { x: p, y: 0 });
  }
  return out;
}

/**
 * A fan to the right too long for its box: lines of as many cards as fit
 * with `step` px between them, each line `lineStep` px under the one before.
 * @param {number} n
 * @param {number} cw
 * @param {number} width  the box width
 * @param {number} step   the smallest step (the index width)
 * @param {number} lineStep
 * @returns {Point[]}
 */
function wrapRight(n, cw, width, step, lineStep) {
  const perLine = Math.max(1, Math.floor(Math.max(0, width - cw) / step) + 1);
  const lines = Math.ceil(n / perLine);
  const across = Math.ceil(n / lines); // balance the lines
  // The natural step, but never less than the index (small cards draw a wide one).
  const gap = across > 1 ? Math.min(Math.max(STEP.right.up * cw, step), (width - cw) / (across - 1)) : 0;
  /** @type {Point[]} */
  const out = [];
  for (let i = 0; i < n; i++) out.push({ x: Math.floor((i % across) * gap), y: Math.floor(i / across) * lineStep });
  return out;
}

/**
 * The room the cards of a pile take from its top-left corner: the box the
 * table must give it so nothing lies outside.
 * @param {Point[]} pos
 * @param {number} cw
 * @param {number} ch
 */
export function fanExtent(pos, cw, ch) {
  let w = 0;
  let h = 0;
  for (const p of pos) {
    w = Math.max(w, p.x + cw);
    h = Math.max(h, p.y + ch);
  }
  return { w, h };
}

/** The smallest step the bottom of a long fan is squeezed to (fraction of the card). */
export const MIN_STEP = LOOK.fan.minStep;

/**
 * Shrink fan steps so they add up to at most `room`: the steps at the bottom
 * of the pile go down to their floor first, so the cards near the top stay
 * readable. A plain-number floor serves every step; when even the floors do
 * not fit, all steps shrink alike. With a floor per step (a list) no step
 * goes below its floor: the fan then needs more than `room`.
 * @param {number[]} steps  bottom first
 * @param {number} room
 * @param {number | number[]} floor
 * @returns {number[]}
 */
export function compress(steps, room, floor) {
  const total = steps.reduce((a, b) => a + b, 0);
  if (total <= room) return steps;
  const out = steps.slice();
  let excess = total - room;
  for (let i = 0; i < out.length && excess > 0; i++) {
    const cut = Math.min(excess, Math.max(0, out[i] - (Array.isArray(floor) ? floor[i] : floor)));
    out[i] -= cut;
    excess -= cut;
  }
  if (excess > 1e-9 && !Array.isArray(floor)) {
    const sum = out.reduce((a, b) => a + b, 0);
    const scale = sum > 0 ? room / sum : 0;
    for (let i = 0; i < out.length; i++) out[i] *= scale;
  }
  return out;
}

/**
 * How far apart the face-up cards of a fan lie after compression (px); the
 * view uses it to tell whether index corners are still readable.
 * @param {number} n
 * @param {number} faceDown
 * @param {Fan} fan
 * @param {{w: number, h: number}} box
 * @param {number} cw
 * @param {number} ch
 */
export function fanSpacing(n, faceDown, fan, box, cw, ch) {
  if (fan === "none" || n < 2) return Infinity;
  const pos = fanPositions(n, faceDown, fan, box, cw, ch);
  const a = pos[n - 2];
  const b = pos[n - 1];
  return fan === "down" ? b.y - a.y : b.x - a.x;
}
