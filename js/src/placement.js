// Where words go on the felt (the message, the table's question): inside the
// part of the felt the player sees, over as few cards' indices as can be and
// over no pile a ring marks (the hint, the targets, the focus), as near as
// can be to the card they are about. `placeBox` weighs the places (pure);
// `FeltPlaces` gathers what lies on the felt and what of it is in view.

import { visibleEdges } from "./inview.js";

/** @typedef {{x: number, y: number, w: number, h: number}} Box */
/** @typedef {{box: Box, cost: number}} Obstacle  what covering one px² of `box` costs */
/** @typedef {{w: number, h: number}} Size */
/** @typedef {import("./layout.js").Geometry} Geometry */
/** @typedef {import("./piles.js").PileLayer} PileLayer */

/**
 * What covering one px² costs: a card's face, an empty pile's slot (it says
 * what it takes), a card's index (the corner a player reads it by), a pile
 * a ring marks. The words go up to `REACH` card widths away to spare one index.
 */
export const COST = { face: 0.3, slot: 1, index: 12, ring: 150 };
export const REACH = 3;
/** px between the words and the edges of the felt (and of the card they are by) */
export const MARGIN = 4;
const RING_PX = 8; // how far a ring's glow reaches outside its card

/**
 * @param {Box} a
 * @param {Box} b
 */
export function overlap(a, b) {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  if (w <= 0) return 0;
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return h > 0 ? w * h : 0;
}

/**
 * How far apart two boxes lie (0 when they touch or overlap).
 * @param {Box} a
 * @param {Box} b
 */
export function distance(a, b) {
  const dx = Math.max(0, a.x - (b.x + b.w), b.x - (a.x + a.w));
  const dy = Math.max(0, a.y - (b.y + b.h), b.y - (a.y + a.h));
  return Math.hypot(dx, dy);
}

/**
 * Where a box of `size` goes inside `area`: the place that costs least,
 * what it covers of `obstacles` plus `perPx` for each px between it and
 * `near` (the card the words are about; ties go to the nearest place).
 * Places are tried on a grid of `step` px down the area and beside `near`
 * (under it, over it, left, right and centred on it).
 * @param {Size} size
 * @param {Box} area
 * @param {Obstacle[]} obstacles
 * @param {Box} near
 * @param {number} perPx
 * @param {number} [step]
 * @returns {{x: number, y: number}}
 */
export function placeBox(size, area, obstacles, near, perPx, step = 4) {
  const maxX = Math.max(area.x, area.x + area.w - size.w);
  const maxY = Math.max(area.y, area.y + area.h - size.h);
  /** @param {number} v @param {number} lo @param {number} hi */
  const clamp = (v, lo, hi) => Math.round(Math.max(lo, Math.min(v, hi)));
  const xs = new Set();
  const across = Math.max(step, (maxX - area.x) / 48);
  for (let x = area.x; x < maxX; x += across) xs.add(clamp(x, area.x, maxX));
  xs.add(Math.round(maxX));
  for (const x of [near.x + (near.w - size.w) / 2, near.x, near.x + near.w - size.w,
    near.x + near.w + MARGIN, near.x - size.w - MARGIN]) xs.add(clamp(x, area.x, maxX));
  const ys = new Set();
  for (let y = area.y; y < maxY; y += step) ys.add(clamp(y, area.y, maxY));
  ys.add(Math.round(maxY));
  for (const y of [near.y + near.h + MARGIN, near.y - size.h - MARGIN]) ys.add(clamp(y, area.y, maxY));
  let best = { x: Math.round(area.x), y: Math.round(area.y) };
  let bestCost = Infinity;
  for (const y of ys) {
    // the obstacles this row of places can cover
    const band = obstacles.filter((o) => o.box.y < y + size.h && o.box.y + o.box.h > y);
    for (const x of xs) {
      const box = { x, y, w: size.w, h: size.h };
      let cost = perPx * distance(box, near);
      if (cost >= bestCost) continue;
      for (const o of band) {
        cost += o.cost * overlap(box, o.box);
        if (cost >= bestCost) break;
      }
      // equal costs: the nearer place (then the higher one, the order tried)
      const d = distance(box, near);
      if (cost < bestCost || (cost === bestCost && d < distance({ ...best, w: size.w, h: size.h }, near))) {
        bestCost = cost;
        best = { x, y };
      }
    }
  }
  return best;
}

/**
 * Whether a pile's element draws a ring around it now (a hint, a target,
 * the mistake, the keyboard's focus): an outer shadow or an outline on its
 * highlight, as widget.css draws them (an inset shadow marks without a ring).
 * @param {HTMLElement} el
 */
export function drawsRing(el) {
  const win = el.ownerDocument.defaultView;
  if (!win) return false;
  const s = win.getComputedStyle(el, "::after");
  const shadow = s.boxShadow || "none";
  const outline = s.outlineStyle && s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0;
  return (shadow !== "none" && !/\binset\b/.test(shadow)) || !!outline;
}

/**
 * What words on the felt should not cover, in felt px: each face-up card's
 * index (the corner a fan leaves showing; a stack shows its top card's),
 * the top cards' faces, the empty piles' slots, and the piles a ring marks.
 * @param {PileLayer} layer
 * @param {Geometry} g
 * @param {(el: HTMLElement) => boolean} ringed  whether a pile's element draws a ring now
 * @returns {Obstacle[]}
 */
export function feltObstacles(layer, g, ringed) {
  /** @type {Obstacle[]} */
  const out = [];
  for (const rec of layer.records.values()) {
    const box = g.piles[rec.id];
    if (!box) continue;
    const n = rec.els.length;
    let top = { x: box.x, y: box.y, w: g.cw, h: g.ch };
    if (!n) out.push({ box: top, cost: COST.slot });
    for (let i = 0; i < n; i++) {
      const place = layer.placeOf(rec.els[i]);
      if (!place) continue;
      const x = box.x + place.x;
      const y = box.y + place.y;
      if (i === n - 1) {
        top = { x, y, w: g.cw, h: g.ch };
        out.push({ box: top, cost: COST.face });
      } else if (box.fan === "none") continue;
      if (rec.cards[i] < 0) continue;
      const down = box.fan === "down";
      out.push({ box: { x, y, w: down ? g.cw : g.index.right, h: down ? g.index.down : g.index.line }, cost: COST.index });
    }
    if (ringed(rec.el)) {
      out.push({ box: { x: top.x - RING_PX, y: top.y - RING_PX, w: top.w + 2 * RING_PX, h: top.h + 2 * RING_PX }, cost: COST.ring });
    }
  }
  return out;
}

/**
 * The part of the felt the player sees, in felt px (null before the felt is
 * laid out, or when none of it shows): the felt inside the window and every
 * box around it that scrolls, less what of the table's own lies over it
 * (`covers`: the buttons, where a host's box keeps them at its bottom edge).
 * @param {HTMLElement} felt
 * @param {HTMLElement[]} [covers]
 * @returns {Box | null}
 */
export function seenPart(felt, covers = []) {
  const r = felt.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0 || !felt.offsetWidth) return null;
  const v = visibleEdges(felt);
  let bottom = Math.min(v.bottom, r.bottom);
  for (const el of covers) {
    const c = el.getBoundingClientRect();
    if (c.height > 0 && c.top < bottom && c.bottom > bottom) bottom = c.top;
  }
  const scale = r.width / felt.offsetWidth; // (a host that zooms its outputs)
  const left = Math.max(v.left, r.left);
  const top = Math.max(v.top, r.top);
  const right = Math.min(v.right, r.right);
  if (right <= left || bottom <= top) return null;
  return { x: (left - r.left) / scale, y: (top - r.top) / scale, w: (right - left) / scale, h: (bottom - top) / scale };
}

/**
 * The area words of `size` may take: `seen` (inside `whole`), widened
 * around its middle, inside `whole`, where it is too small for them.
 * @param {Size} size
 * @param {Box | null} seen
 * @param {Box} whole
 * @returns {Box}
 */
export function roomFor(size, seen, whole) {
  if (!seen) return whole;
  let x = Math.max(seen.x, whole.x);
  let y = Math.max(seen.y, whole.y);
  let w = Math.min(seen.x + seen.w, whole.x + whole.w) - x;
  let h = Math.min(seen.y + seen.h, whole.y + whole.h) - y;
  if (w <= 0 || h <= 0) return whole;
  if (w < size.w) {
    x = Math.max(whole.x, Math.min(x + w / 2 - size.w / 2, whole.x + whole.w - size.w));
    w = Math.min(size.w, whole.w);
  }
  if (h < size.h) {
    y = Math.max(whole.y, Math.min(y + h / 2 - size.h / 2, whole.y + whole.h - size.h));
    h = Math.min(size.h, whole.h);
  }
  return { x, y, w, h };
}

/**
 * The parts of the table `FeltPlaces` reads.
 * @typedef {object} FeltParts
 * @property {HTMLElement} felt
 * @property {PileLayer} piles
 * @property {() => Geometry | undefined} geometry
 * @property {() => HTMLElement[]} covers  what of the table may lie over the felt now
 */

/** Places for words on one table's felt. */
export class FeltPlaces {
  /** @param {FeltParts} parts */
  constructor(parts) {
    this.parts = parts;
  }

  /**
   * Where a box of `size` goes on the felt (felt px): by the top card of
   * `pile`, else at the top (`"top"`) or the bottom (`"bottom"`) of the part
   * of the felt in view; clear of `others` (words already on the felt).
   * @param {Size} size
   * @param {string | null} pile
   * @param {"top" | "bottom"} [side]
   * @param {Array<HTMLElement | null>} [others]
   * @returns {{x: number, y: number}}
   */
  spot(size, pile, side = "top", others = []) {
    const { felt, piles } = this.parts;
    const g = this.parts.geometry();
    if (!g) return { x: MARGIN, y: MARGIN };
    const feltW = felt.clientWidth || g.width;
    const feltH = felt.clientHeight || g.height;
    const whole = { x: MARGIN, y: MARGIN, w: Math.max(0, feltW - 2 * MARGIN), h: Math.max(0, feltH - 2 * MARGIN) };
    const area = roomFor(size, seenPart(felt, this.parts.covers()), whole);
    // (a felt not laid out, as in jsdom, draws no ring)
    const obstacles = feltObstacles(piles, g, felt.offsetWidth ? drawsRing : () => false);
    for (const el of others) {
      if (el?.isConnected && el.offsetWidth) {
        obstacles.push({ box: { x: el.offsetLeft, y: el.offsetTop, w: el.offsetWidth, h: el.offsetHeight }, cost: COST.ring });
      }
    }
    const rec = pile ? piles.records.get(pile) : undefined;
    const box = pile ? g.piles[pile] : undefined;
    let near;
    if (rec && box) {
      const top = piles.topPlace(rec.id);
      near = { x: box.x + top.x, y: box.y + top.y, w: g.cw, h: g.ch };
    } else {
      near = { x: area.x + area.w / 2, y: side === "top" ? area.y : area.y + area.h, w: 0, h: 0 };
    }
    const perPx = (COST.index * g.index.right * g.index.line) / (REACH * g.cw);
    return placeBox(size, area, obstacles, near, perPx);
  }
}
