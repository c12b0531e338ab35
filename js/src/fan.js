// Fan and compress: where each card of a pile lies inside the pile's box.
//
// A fanned pile shows the index corner of every card (face-down cards need
// less room); when the cards do not fit the box, all steps shrink alike so the
// top card still ends inside the box. A stack shows only its top card, with a
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
  const steps = fanSteps(n, faceDown, unit, down ? STEP.down : STEP.right);
  const total = steps.reduce((a, b) => a + b, 0);
  const scale = total > room ? room / total : 1;
  let at = 0;
  out.push({ x: 0, y: 0 });
  for (const s of steps) {
    at += s * scale;
    const p = Math.floor(at);
    out.push(down ? { x: 0, y: p } : { x: p, y: 0 });
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
