// The table's question (never window.confirm, which notebooks and marimo
// block or hide), asked over the felt where the player is looking, by the
// card it is about, clear of the marked piles (placement.js): New deal asks
// it before a game in progress is thrown away, the guard before a move that
// gives up the win.
//
//     table.confirm.ask("Deal a new game? …", "Deal", "Keep playing", () => table.requests.send("new_deal"));
//
// "yes" runs the callback; "no", Escape (keyboard.js calls `answer(false)`),
// a press elsewhere on the felt or another action of the table (`close()`)
// drops the question.

import { h } from "./dom.js";

export class InlineConfirm {
  /**
   * @param {HTMLElement} parent  where the question shows (the felt)
   * @param {() => void} [onAnswered]  after a yes or no by the player (the table puts the focus back on its pile)
   * @param {((size: {w: number, h: number}, pile: string | null) => {x: number, y: number}) | null} [spot]
   *   where a question of that size goes, by that pile (none: where the CSS puts it)
   */
  constructor(parent, onAnswered = () => {}, spot = null) {
    this.parent = parent;
    this.onAnswered = onAnswered;
    this.spot = spot;
    /** @type {HTMLElement | null} the open question (`div.sw-confirm[role=alertdialog]`) */
    this.el = null;
    /** @type {(() => void) | null} */
    this.onYes = null;
    /** @type {string | null} the pile the question is about */
    this.near = null;
    /** @type {AbortController | null} the open question's listeners */
    this.listening = null;
  }

  /**
   * Ask (replacing an open question); the focus goes to `no`.
   * @param {string} text
   * @param {string} yes  the label of the button that goes ahead
   * @param {string} no  the label of the button that keeps things as they are
   * @param {() => void} onYes
   * @param {string | null} [near]  the pile it is about (the card the guard sent back), if any
   */
  ask(text, yes, no, onYes, near = null) {
    this.close();
    const box = h("div", "sw-confirm");
    box.setAttribute("role", "alertdialog");
    box.setAttribute("aria-label", text);
    const yesB = /** @type {HTMLButtonElement} */ (h("button", "sw-button", yes));
    const noB = /** @type {HTMLButtonElement} */ (h("button", "sw-button", no));
    yesB.type = noB.type = "button";
    yesB.dataset.confirm = "yes";
    noB.dataset.confirm = "no";
    box.append(h("span", "sw-confirm-text", text), yesB, noB);
    yesB.addEventListener("click", () => this.answer(true));
    noB.addEventListener("click", () => this.answer(false));
    this.el = box;
    this.onYes = onYes;
    this.near = near;
    this.parent.append(box);
    this.place();
    // A press elsewhere on the felt (the player plays on) drops it.
    this.listening = new AbortController();
    this.parent.addEventListener("pointerdown", (e) => {
      if (!this.contains(/** @type {Node} */ (e.target))) this.close();
    }, { signal: this.listening.signal });
    noB.focus({ preventScroll: true });
  }

  /** Put the open question in its place again (the table was laid out anew). */
  place() {
    const el = this.el;
    if (!el || !this.spot) return;
    const at = this.spot({ w: el.offsetWidth, h: el.offsetHeight }, this.near);
    el.style.left = `${at.x}px`;
    el.style.top = `${at.y}px`;
    el.style.bottom = "auto";
  }

  /**
   * The player answers the open question (if any).
   * @param {boolean} ok
   */
  answer(ok) {
    if (!this.el) return;
    const onYes = this.onYes;
    this.close();
    this.onAnswered();
    if (ok) onYes?.();
  }

  /** Drop the open question unanswered. */
  close() {
    this.listening?.abort();
    this.listening = null;
    this.el?.remove();
    this.el = null;
    this.onYes = null;
  }

  /**
   * Whether `node` lies in the open question.
   * @param {Node | null} node
   */
  contains(node) {
    return !!this.el && !!node && this.el.contains(node);
  }
}
