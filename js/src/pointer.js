// Pointer input: drag and drop, click-click, double-click, stock clicks.
//
// A press on a card of the run that moves together (the `runs` trait) lifts
// that card and every card above it: they travel as one, and the drop sends
// "SOURCE TARGET COUNT". A click picks them up the same way.

/** @typedef {import("./table.js").CardTable} CardTable */
/** @typedef {import("./piles.js").PileRecord} PileRecord */

import { SNAP_MS, slide } from "./motion.js";
import { REPLY_TIMEOUT_MS } from "./requests.js";

const DRAG_THRESHOLD = 4; // px before a press becomes a drag
const DOUBLE_MS = 450; // two taps on one pile within this are a double-click

export class PointerInput {
  /**
   * @param {CardTable} table
   * @param {AbortSignal} signal  removes the listeners
   */
  constructor(table, signal) {
    this.t = table;
    /** @type {any} */
    this.press = null; // a pointer press in progress
    /** @type {{pile: string, t: number} | null} */
    this.lastTap = null;
    /** @type {{els: HTMLElement[], source: string, timer: any} | null} a drop waiting for its reply */
    this.inFlight = null;
    const felt = table.felt;
    felt.addEventListener("pointerdown", (e) => this.onPointerDown(e), { signal });
    felt.addEventListener("pointermove", (e) => this.onPointerMove(e), { signal });
    felt.addEventListener("pointerup", (e) => this.onPointerUp(e), { signal });
    felt.addEventListener("pointercancel", () => this.cancelPress(), { signal });
    felt.addEventListener("lostpointercapture", () => this.press?.dragging && this.cancelPress(), { signal });
    // A native dblclick would also select text in some browsers.
    felt.addEventListener("dblclick", (e) => e.preventDefault(), { signal });
  }

  /** @param {PointerEvent} e */
  onPointerDown(e) {
    if (e.button !== 0 || !e.isPrimary || this.press || this.t.lost) return;
    const pile = this.t.pileAt(e.target);
    const index = pile ? this.cardIndex(pile, e.target) : -1;
    this.press = { id: e.pointerId, x: e.clientX, y: e.clientY, pile, index, dragging: false };
    if (pile) {
      this.t.setFocus(pile, false);
      try {
        this.t.felt.setPointerCapture(e.pointerId);
      } catch { /* synthetic events */ }
    }
  }

  /**
   * The place in `pile` (bottom 0) of the card an event target belongs to;
   * -1 when it is not one of the pile's cards.
   * @param {string} pile
   * @param {EventTarget | null} target
   */
  cardIndex(pile, target) {
    const card = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (target)?.closest?.(".sw-card"));
    return card ? this.t.piles.get(pile)?.els.indexOf(card) ?? -1 : -1;
  }

  /** @param {PointerEvent} e */
  onPointerMove(e) {
    const p = this.press;
    if (!p || p.id !== e.pointerId) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    if (!p.dragging) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      const count = p.pile && !this.inFlight ? this.t.selection.pickAt(p.pile, p.index) : null;
      if (count === null) {
        p.pile = null; // a press that went nowhere (or said why not): no tap either
        return;
      }
      this.startDrag(p, count);
    }
    for (const el of p.els) el.style.transform = `translate(${dx}px, ${dy}px)`;
    const over = this.dropTarget(e.clientX, e.clientY, p);
    if (over !== p.over) {
      if (p.over) this.t.piles.get(p.over)?.el.classList.remove("sw-over");
      if (over) this.t.piles.get(over)?.el.classList.add("sw-over");
      p.over = over;
    }
    e.preventDefault();
  }

  /**
   * Lift the top `count` cards of the pressed pile: they follow the pointer together.
   * @param {any} p the press
   * @param {number} count
   */
  startDrag(p, count) {
    const rec = /** @type {PileRecord} */ (this.t.piles.get(p.pile));
    p.dragging = true;
    p.count = count;
    /** @type {HTMLElement[]} */
    p.els = rec.els.slice(rec.els.length - count);
    for (const el of p.els) {
      el.style.transition = "none";
      el.classList.add("sw-dragging");
    }
    rec.el.classList.add("sw-lifting");
    this.t.selection.select(p.pile, count);
    // the card held: the lowest of those lifted (the drop target is found from it)
    p.cardRect = p.els[0].getBoundingClientRect();
    /** @type {[string, DOMRect][]} */
    p.rects = [];
    for (const [id, r] of this.t.piles) if (id !== p.pile) p.rects.push([id, r.el.getBoundingClientRect()]);
  }

  /**
   * The pile a dragged card would land on: the pile under the pointer, else the
   * one the card overlaps most (a quarter of the card at least), legal
   * targets first.
   * @param {number} x
   * @param {number} y
   * @param {any} p
   * @returns {string | null}
   */
  dropTarget(x, y, p) {
    for (const [id, r] of p.rects) {
      if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) return id;
    }
    const c = p.cardRect;
    const left = c.left + (x - p.x);
    const top = c.top + (y - p.y);
    const area = c.width * c.height;
    let best = null;
    let bestScore = 0;
    for (const [id, r] of p.rects) {
      const w = Math.min(left + c.width, r.right) - Math.max(left, r.left);
      const hgt = Math.min(top + c.height, r.bottom) - Math.max(top, r.top);
      if (w <= 0 || hgt <= 0 || w * hgt < area / 4) continue;
      const score = w * hgt * (this.t.selection.targets.includes(id) ? 4 : 1);
      if (score > bestScore) {
        bestScore = score;
        best = id;
      }
    }
    return best;
  }

  /** @param {PointerEvent} e */
  onPointerUp(e) {
    const p = this.press;
    if (!p || p.id !== e.pointerId) return;
    this.press = null;
    try {
      if (this.t.felt.hasPointerCapture?.(e.pointerId)) this.t.felt.releasePointerCapture(e.pointerId);
    } catch { /* already released */ }
    if (p.dragging) {
      if (p.over) this.t.piles.get(p.over)?.el.classList.remove("sw-over");
      this.drop(p, this.dropTarget(e.clientX, e.clientY, p));
      return;
    }
    if (Math.hypot(e.clientX - p.x, e.clientY - p.y) >= DRAG_THRESHOLD && !p.pile) return;
    const pile = this.t.pileAt(e.target) ?? p.pile;
    this.tap(pile, pile === null ? -1 : pile === p.pile ? p.index : this.cardIndex(pile, e.target));
  }

  cancelPress() {
    const p = this.press;
    this.press = null;
    if (p?.dragging) {
      if (p.over) this.t.piles.get(p.over)?.el.classList.remove("sw-over");
      this.snapBack(p.els, p.pile);
      this.t.selection.clear();
    }
  }

  /**
   * @param {any} p the press
   * @param {string | null} target
   */
  drop(p, target) {
    const source = p.pile;
    this.t.selection.clear();
    if (!target || target === source) {
      this.snapBack(p.els, source);
      return;
    }
    const legal = this.t.legal.has(source, target, p.count);
    const answered = this.t.sendMove(source, target, p.count);
    if (!legal) {
      // The engine will refuse it and say why: snap back now, show the reason then.
      this.snapBack(p.els, source);
      return;
    }
    // Leave the cards where they were dropped until the traits move them
    // (or a refusal, or no news for a while, sends them back).
    const back = () => {
      if (this.inFlight !== flight) return;
      clearTimeout(flight.timer);
      this.inFlight = null;
      this.snapBack(flight.els, source);
    };
    const flight = { els: p.els, source, timer: this.t.later(back, REPLY_TIMEOUT_MS) };
    this.inFlight = flight;
    answered.then((reply) => { if (reply && !reply.ok) back(); });
  }

  /** The piles changed: dropped cards waiting for them take their new places. */
  landed() {
    const flight = this.inFlight;
    if (!flight) return;
    clearTimeout(flight.timer);
    this.inFlight = null;
    for (const el of flight.els) {
      el.classList.remove("sw-dragging");
      el.style.transform = "";
      el.style.transition = "";
    }
    this.t.piles.get(flight.source)?.el.classList.remove("sw-lifting");
  }

  /**
   * Slide dragged cards back to their places in their pile.
   * @param {HTMLElement[]} els
   * @param {string} source
   */
  snapBack(els, source) {
    this.t.piles.get(source)?.el.classList.remove("sw-lifting");
    for (const el of els ?? []) {
      const m = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(el.style.transform);
      el.classList.remove("sw-dragging");
      el.style.transform = "";
      el.style.transition = "";
      if (!m || this.t.reducedMotion || typeof el.animate !== "function") continue;
      slide(el, Number(m[1]), Number(m[2]), SNAP_MS, "sw-returning");
    }
  }

  /**
   * A click (press and release without moving) on a pile, or on the felt.
   * A click on a card of the pile's run picks it up with every card above
   * it; a second click on a pile drops them there, a double-click sends them
   * home.
   * @param {string | null} pile
   * @param {number} [index]  the card clicked (bottom 0), -1 beside the cards
   */
  tap(pile, index = -1) {
    const t = this.t;
    if (!pile) {
      t.selection.clear();
      this.lastTap = null;
      return;
    }
    if (t.isStock(pile)) {
      t.selection.clear();
      this.lastTap = null;
      t.playStock();
      return;
    }
    const now = performance.now();
    const double = !!this.lastTap && this.lastTap.pile === pile && now - this.lastTap.t < DOUBLE_MS;
    this.lastTap = { pile, t: now };
    if (t.selection.pile) {
      const source = t.selection.pile;
      const count = t.selection.count;
      t.selection.clear();
      if (source === pile) {
        if (double) {
          this.lastTap = null;
          t.toFoundation(pile);
          return;
        }
        // Another card of the same run: pick up from there instead.
        const again = index >= 0 ? t.selection.pickAt(pile, index) : null;
        if (again !== null && again !== count) t.selection.select(pile, again);
        return;
      }
      this.lastTap = null;
      t.sendMove(source, pile, count);
      return;
    }
    if (double) {
      this.lastTap = null;
      t.toFoundation(pile);
      return;
    }
    const count = t.selection.pickAt(pile, index);
    if (count !== null) t.selection.select(pile, count);
  }
}
