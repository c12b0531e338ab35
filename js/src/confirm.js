// An inline question under the buttons (never window.confirm, which notebooks
// and marimo block or hide): New deal asks it before a game in progress is
// thrown away.
//
//     table.confirm.ask("Deal a new game? …", "Deal", "Keep playing", () => table.requests.send("new_deal"));
//
// "yes" runs the callback; "no", Escape (keyboard.js calls `answer(false)`)
// or another action of the table (`close()`) drops the question.

import { h } from "./dom.js";

export class InlineConfirm {
  /**
   * @param {HTMLElement} parent  where the question shows (the table's footer)
   * @param {() => void} [onAnswered]  after a yes or no by the player (the table puts the focus back on its pile)
   */
  constructor(parent, onAnswered = () => {}) {
    this.parent = parent;
    this.onAnswered = onAnswered;
    /** @type {HTMLElement | null} the open question (`div.sw-confirm[role=alertdialog]`) */
    this.el = null;
    /** @type {(() => void) | null} */
    this.onYes = null;
  }

  /**
   * Ask (replacing an open question); the focus goes to `no`.
   * @param {string} text
   * @param {string} yes  the label of the button that goes ahead
   * @param {string} no  the label of the button that keeps things as they are
   * @param {() => void} onYes
   */
  ask(text, yes, no, onYes) {
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
    this.parent.append(box);
    noB.focus({ preventScroll: true });
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
