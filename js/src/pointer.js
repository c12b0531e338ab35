// Pointer input: drag and drop, click-click, double-click, stock clicks.
//
// A press on a card of the run that moves together (the `runs` trait) lifts
// that card and every card above it: they travel as one, and the drop sends
// "SOURCE TARGET COUNT". A click picks them up the same way. The felt grows
// under a long run carried low (a host clips the table's output at its
// bottom edge), as it will once the run lies there.
//
// It sees the table through the input API (input.js), never the table itself.

/** @typedef {import("./input.js").InputApi} InputApi */
/** @typedef {import("./piles.js").PileRecord} PileRecord */

import { SNAP_MS, slide } from "./motion.js";
import { REPLY_TIMEOUT_MS } from "./requests.js";

const DRAG_THRESHOLD = 4; // px before a press becomes a drag
const DOUBLE_MS = 450; // two taps on one pile within this are a double-click

export class PointerInput {
  /**
   * @param {InputApi} input
   * @param {AbortSignal} signal  removes the listeners
   */
  constructor(input, signal) {
    this.input = input;
    /** @type {any} */
    this.press = null; // a pointer press in progress
    /** @type {{pile: string, t: number} | null} */
    this.lastTap = null;
    /** @type {{els: HTMLElement[], source: string, timer: any} | null} a drop waiting for its reply */
    this.inFlight = null;
    const felt = input.felt;
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
    if (e.button !== 0 || !e.isPrimary || this.press || this.input.lost) return;
    const pile = this.input.pileAt(e.target);
    const index = pile ? this.input.cardIndex(pile, e.target) : -1;
    this.press = { id: e.pointerId, x: e.clientX, y: e.clientY, pile, index, dragging: false };
    if (pile) {
      this.input.focus.set(pile, false);
      try {
        this.input.felt.setPointerCapture(e.pointerId);
      } catch { /* synthetic events */ }
    }
  }

  /** @param {PointerEvent} e */
  onPointerMove(e) {
    const p = this.press;
    if (!p || p.id !== e.pointerId) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    if (!p.dragging) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      const count = p.pile && !this.inFlight ? this.input.selection.pickAt(p.pile, p.index) : null;
      if (count === null) {
        p.pile = null; // a press that went nowhere (or said why not): no tap either
        return;
      }
      this.startDrag(p, count);
    }
    for (const el of p.els) el.style.transform = `translate(${dx}px, ${dy}px)`;
    this.makeRoom(p.reach + dy, p.height);
    const over = this.dropTarget(e.clientX, e.clientY, p);
    if (over !== p.over) {
      if (p.over) this.input.piles.get(p.over)?.el.classList.remove("sw-over");
      if (over) this.input.piles.get(over)?.el.classList.add("sw-over");
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
    const rec = /** @type {PileRecord} */ (this.input.piles.get(p.pile));
    p.dragging = true;
    p.count = count;
    /** @type {HTMLElement[]} */
    p.els = rec.els.slice(rec.els.length - count);
    for (const el of p.els) {
      el.style.transition = "none";
      el.classList.add("sw-dragging");
    }
    rec.el.classList.add("sw-lifting");
    this.input.selection.select(p.pile, count);
    // the card held: the lowest of those lifted (the drop target is found from it)
    p.cardRect = p.els[0].getBoundingClientRect();
    // how far down the felt the lifted cards reach, and the felt's height now
    const felt = this.input.felt;
    p.reach = Math.max(...rec.els.slice(-count).map((el) => el.getBoundingClientRect().bottom)) - felt.getBoundingClientRect().top;
    p.height = felt.clientHeight;
    /** @type {[string, DOMRect][]} */
    p.rects = [];
    for (const [id, r] of this.input.piles) if (id !== p.pile) p.rects.push([id, r.el.getBoundingClientRect()]);
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
      const score = w * hgt * (this.input.selection.targets.includes(id) ? 4 : 1);
      if (score > bestScore) {
        bestScore = score;
        best = id;
      }
    }
    return best;
  }

  /**
   * Let the felt reach `bottom` px (and a little more) while cards are
   * carried there, never less than `height`, its own height; no argument:
   * the felt goes back to its own height.
   * @param {number} [bottom]
   * @param {number} [height]
   */
  makeRoom(bottom = 0, height = 0) {
    const need = Math.ceil(bottom + 8);
    const style = this.input.felt.style;
    const room = bottom > 0 && need > height ? `${need}px` : "";
    if (style.minHeight !== room) style.minHeight = room;
  }

  /** @param {PointerEvent} e */
  onPointerUp(e) {
    const p = this.press;
    if (!p || p.id !== e.pointerId) return;
    this.press = null;
    try {
      if (this.input.felt.hasPointerCapture?.(e.pointerId)) this.input.felt.releasePointerCapture(e.pointerId);
    } catch { /* already released */ }
    if (p.dragging) {
      if (p.over) this.input.piles.get(p.over)?.el.classList.remove("sw-over");
      this.drop(p, this.dropTarget(e.clientX, e.clientY, p));
      return;
    }
    if (Math.hypot(e.clientX - p.x, e.clientY - p.y) >= DRAG_THRESHOLD && !p.pile) return;
    const pile = this.input.pileAt(e.target) ?? p.pile;
    this.tap(pile, pile === null ? -1 : pile === p.pile ? p.index : this.input.cardIndex(pile, e.target));
  }

  /** Put back the cards being dragged (Escape); false when no drag is under way. */
  cancelDrag() {
    if (!this.press?.dragging) return false;
    this.cancelPress();
    return true;
  }

  cancelPress() {
    const p = this.press;
    this.press = null;
    if (p?.dragging) {
      if (p.over) this.input.piles.get(p.over)?.el.classList.remove("sw-over");
      this.snapBack(p.els, p.pile);
      this.input.selection.clear();
    }
  }

  /**
   * @param {any} p the press
   * @param {string | null} target
   */
  drop(p, target) {
    const source = p.pile;
    this.input.selection.clear();
    if (!target || target === source) {
      this.snapBack(p.els, source);
      return;
    }
    const legal = this.input.legal.has(this.input.gesture(source, target, p.count));
    const answered = this.input.move(source, target, p.count);
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
    const flight = { els: p.els, source, timer: this.input.later(back, REPLY_TIMEOUT_MS) };
    this.inFlight = flight;
    answered.then((reply) => { if (reply && !reply.ok) back(); });
  }

  /** The piles changed: dropped cards waiting for them take their new places. */
  landed() {
    const flight = this.inFlight;
    if (!flight) return;
    clearTimeout(flight.timer);
    this.inFlight = null;
    this.makeRoom();
    for (const el of flight.els) {
      el.classList.remove("sw-dragging");
      el.style.transform = "";
      el.style.transition = "";
    }
    this.input.piles.get(flight.source)?.el.classList.remove("sw-lifting");
  }

  /**
   * Slide dragged cards back to their places in their pile.
   * @param {HTMLElement[]} els
   * @param {string} source
   */
  snapBack(els, source) {
    this.input.piles.get(source)?.el.classList.remove("sw-lifting");
    this.makeRoom();
    for (const el of els ?? []) {
      const m = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(el.style.transform);
      el.classList.remove("sw-dragging");
      el.style.transform = "";
      el.style.transition = "";
      if (!m || this.input.reducedMotion || typeof el.animate !== "function") continue;
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
    const input = this.input;
    if (!pile) {
      input.selection.clear();
      this.lastTap = null;
      return;
    }
    if (input.isStock(pile)) {
      input.selection.clear();
      this.lastTap = null;
      input.playStock();
      return;
    }
    const now = performance.now();
    const double = !!this.lastTap && this.lastTap.pile === pile && now - this.lastTap.t < DOUBLE_MS;
    this.lastTap = { pile, t: now };
    if (input.selection.pile) {
      const source = input.selection.pile;
      const count = input.selection.count;
      input.selection.clear();
      if (source === pile) {
        if (double) {
          this.lastTap = null;
          input.toFoundation(pile);
          return;
        }
        // Another card of the same run: pick up from there instead.
        const again = index >= 0 ? input.selection.pickAt(pile, index) : null;
        if (again !== null && again !== count) input.selection.select(pile, again);
        return;
      }
      this.lastTap = null;
      input.move(source, pile, count);
      return;
    }
    if (double) {
      this.lastTap = null;
      input.toFoundation(pile);
      return;
    }
    const count = input.selection.pickAt(pile, index);
    if (count !== null) input.selection.select(pile, count);
  }
}
