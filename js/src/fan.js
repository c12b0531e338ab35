// Fan and compress: where each card of a pile lies inside the pile's box.
//
// A fanned pile shows the index corner of every card (face-down cards need
// less room); when the cards do not fit the box, the bottom of the pile is
// squeezed first so the cards near the top stay readable, and the top card
// always ends inside the box. A stack shows only its top card, with a
// few pixels of thickness when it is tall.

/** @typedef {import("./layout.js").Fan} Fan */
/** @typedef {{x: number, y: number}} Point */

/** Steps between cards, as fractions of the card height (down) or width (right). */
export const STEP = {
  down: { up: 0.27, down: 0.12 },
  right: { up: 0.36, down: 0.12 },
};

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
 * @param {number} n         cards in the pile
 * @param {number} faceDown  face-down cards at the bottom
 * @param {Fan} fan
 * @param {{w: number, h: number}} box  the pile's box
 * @param {number} cw        card width
 * @param {number} ch        card height
 * @returns {Point[]}
 */
export function fanPositions(n, faceDown, fan, box, cw, ch) {
  /** @type {Point[]} */
  const out = [];
  if (n <= 0) return out;
  if (fan === "none") {
    // A stack: one pixel of thickness per 12 cards, 2 at most.
    for (let i = 0; i < n; i++) {
      const t = Math.min(2, Math.floor(i / 12));
      out.push({ x: 0 - t, y: 0 - t });
    }
    return out;
  }
  const down = fan === "down";
  const unit = down ? ch : cw;
  const room = Math.max(0, (down ? box.h - ch : box.w - cw));
  const steps = compress(fanSteps(n, faceDown, unit, down ? STEP.down : STEP.right), room, MIN_STEP * unit);
  let at = 0;
  out.push({ x: 0, y: 0 });
  for (const s of steps) {
    at += s;
    const p = Math.floor(at);
    out.push(down ? { x: 0, y: p } : { x: p, y: 0 });
  }
  return out;
}

/** The smallest step the bottom of a long fan is squeezed to (fraction of the card). */
export const MIN_STEP = 0.06;

/**
 * Shrink fan steps so they add up to at most `room`: the steps at the bottom
 * of the pile go down to `floor` first, so the cards near the top stay
 * readable; only when that is not enough do all steps shrink alike.
 * @param {number[]} steps  bottom first
 * @param {number} room
 * @param {number} floor
 * @returns {number[]}
 */
export function compress(steps, room, floor) {
  const total = steps.reduce((a, b) => a + b, 0);
  if (total <= room) return steps;
  const out = steps.slice();
  let excess = total - room;
  for (let i = 0; i < out.length && excess > 0; i++) {
    const cut = Math.min(excess, Math.max(0, out[i] - floor));
    out[i] -= cut;
    excess -= cut;
  }
  if (excess > 1e-9) {
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
