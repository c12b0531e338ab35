// The selection: which top cards of which pile are picked up, the piles they
// may go to (lit as targets), and why a card cannot be lifted. It reads the
// table's piles, `runs` trait and legal moves; it sends nothing.

import { cardText } from "./cards.js";
import { liftWords } from "./format.js";
import { faceDownCount } from "./piles.js";
import { shake } from "./motion.js";

/** @typedef {import("./piles.js").PileRecord} PileRecord */
/**
 * The part of the table a selection reads: its pile layer, the `runs` trait,
 * the legal moves, where the stock is; and where it says why not.
 * @typedef {Pick<import("./table.js").CardTable,
 *   "pileLayer" | "get" | "legal" | "isStock" | "showMessage" | "reducedMotion" | "lyingOn">} SelectionHost
 */

/** @param {unknown} x */
const asRecord = (x) => (x && typeof x === "object" ? /** @type {Record<string, unknown>} */ (x) : {});

export class Selection {
  /** @param {SelectionHost} table */
  constructor(table) {
    this.t = table;
    /** @type {string | null} the pile whose top cards are picked up */
    this.pile = null;
    /** how many cards of `pile` are picked up, from the top */
    this.count = 1;
    /** @type {string[]} the piles the picked-up cards may go to */
    this.targets = [];
  }

  /**
   * Whether the top card of `pile` can be picked up (it lies face up; the
   * stock's cards are played by its action instead).
   * @param {string} pile
   */
  canPickUp(pile) {
    if (this.t.isStock(pile)) return false;
    const rec = this.t.pileLayer.records.get(pile);
    return !!rec && rec.cards.length > 0 && rec.cards[rec.cards.length - 1] >= 0 && !this.t.lyingOn(pile).length;
  }

  /**
   * Why the top card of `pile` cannot be picked up while cards lie on it
   * (Pyramid's rows), in the kernel's words; "" when none does.
   * @param {string} pile
   */
  coveredWords(pile) {
    const lying = this.t.lyingOn(pile);
    const rec = this.t.pileLayer.records.get(pile);
    const top = rec?.cards[rec.cards.length - 1] ?? -1;
    if (!lying.length || top < 0) return "";
    return `${cardText(top)} is covered by ${lying.join(" and ")}: a card plays only once nothing lies on it`;
  }

  /**
   * How many top cards of `pile` may be picked up together now: the run the
   * kernel names in `runs` (the game's `movable`), else its top card alone;
   * 0 when nothing can be picked up.
   * @param {string} pile
   */
  runOf(pile) {
    if (!this.canPickUp(pile)) return 0;
    const rec = /** @type {PileRecord} */ (this.t.pileLayer.records.get(pile));
    const run = Number(asRecord(this.t.get("runs"))[pile] ?? 1);
    const faceUp = rec.cards.length - faceDownCount(rec.cards);
    return Math.max(1, Math.min(Number.isInteger(run) ? run : 1, faceUp));
  }

  /**
   * How many cards a press or a click on card `index` of `pile` picks up:
   * that card and every card above it, when they all belong to the run that
   * moves together now (a press beside the cards, `index` -1, means the top
   * card). Null, after saying why, for a card that cannot be lifted (face
   * down, or under the run); null too, silently, for a pile with nothing to
   * pick up (the callers say that in their own words).
   * @param {string} pile
   * @param {number} index  the card's place in the pile, bottom 0; -1 for none
   * @returns {number | null}
   */
  pickAt(pile, index) {
    const covered = this.coveredWords(pile);
    if (covered) {
      this.t.showMessage(covered, "info", pile);
      return null;
    }
    const run = this.runOf(pile);
    const rec = this.t.pileLayer.records.get(pile);
    if (!run || !rec) return null;
    if (this.t.legal.wholes.has(pile)) return run; // a pile that moves only whole: any press lifts it all
    const n = rec.cards.length;
    if (index < 0 || index >= n) return 1;
    if (n - index <= run) return n - index;
    const card = rec.cards[index];
    const why = card < 0 ? "That card lies face down" : `${cardText(card)} is not part of the cards that move`;
    this.t.showMessage(`${why}: ${liftWords(pile, run)}`, "info", pile);
    return null;
  }

  /**
   * Pick up the top `count` cards of `pile` (marked, their targets lit).
   * @param {string} pile
   * @param {number} [count]
   */
  select(pile, count = 1) {
    if (this.t.legal.wholes.has(pile)) count = Math.max(count, this.runOf(pile)); // all of it, or nothing
    this.clear();
    this.pile = pile;
    this.count = count;
    const rec = /** @type {PileRecord} */ (this.t.pileLayer.records.get(pile));
    rec.el.classList.add("sw-selected");
    this.markPick(rec);
    this.showTargets();
    if (this.targets.length === 0) this.refusePickUp(pile);
  }

  /**
   * Mark the picked-up cards of `rec` (they lift and are ringed), or unmark
   * them when it is not the selected pile.
   * @param {PileRecord} rec
   */
  markPick(rec) {
    this.t.pileLayer.markPick(rec, rec.id === this.pile ? this.count : 0);
  }

  /**
   * Cards with no legal move say so as they are picked up: a short shake and
   * the reason (they stay picked up: the player may still try a drop).
   * @param {string} pile
   */
  refusePickUp(pile) {
    const rec = this.t.pileLayer.records.get(pile);
    const count = this.count;
    const els = rec?.els.slice(-count) ?? [];
    if (!rec || !els.length) return;
    const first = rec.cards[rec.cards.length - count];
    const what = count > 1 ? `${cardText(first)} and the ${count === 2 ? "card" : `${count - 1} cards`} on it have`
      : `${cardText(first)} has`;
    this.t.showMessage(`${what} no legal move now`, "info");
    if (!this.t.reducedMotion) for (const el of els) shake(el);
  }

  /** Light the piles the picked-up cards may go to (none when nothing is picked up). */
  showTargets() {
    const piles = this.t.pileLayer.records;
    for (const t of this.targets) piles.get(t)?.el.classList.remove("sw-target");
    // (a card that pairs: its partners too, a pick of one then the other playing the pair)
    this.targets = this.pile ? [...this.t.legal.targets(this.pile, this.count),
      ...(this.count === 1 ? this.t.legal.partners(this.pile) : [])] : [];
    for (const t of this.targets) piles.get(t)?.el.classList.add("sw-target");
  }

  /**
   * Show before a press how far each pile's run reaches: the cards a press
   * may lift (`runOf`) are `sw-movable` (the grab cursor), those of a run
   * of several also `sw-in-run` (hovering one outlines it and the cards on
   * it: what a press there lifts, widget.css).
   */
  markMovable() {
    for (const rec of this.t.pileLayer.records.values()) {
      const n = rec.els.length;
      const run = this.runOf(rec.id);
      rec.els.forEach((el, i) => {
        const movable = i >= n - run;
        el.classList.toggle("sw-movable", movable);
        el.classList.toggle("sw-in-run", movable && run > 1);
      });
    }
  }

  /** Put the picked-up cards back. */
  clear() {
    const rec = this.pile ? this.t.pileLayer.records.get(this.pile) : undefined;
    this.pile = null;
    this.count = 1;
    if (rec) {
      rec.el.classList.remove("sw-selected");
      this.markPick(rec);
    }
    // (a picked card that has moved to another pile since is unmarked too)
    for (const el of this.t.pileLayer.felt.querySelectorAll(".sw-picked")) el.classList.remove("sw-picked");
    this.showTargets();
  }
}
