// The table's notices about the game as a whole: the end-of-game banner
// ("You won!", "No moves left", with New deal and Undo; also "No win is
// possible from here" while moves are left in a game the solver proved
// lost) and the notes that the kernel is gone or that the table shows a
// saved position. All sit beside the felt, never over the cards: the final
// position stays in view.

import { actionButton, h } from "./dom.js";
import { bannerText } from "./format.js";

/** @typedef {import("./format.js").Counters} Counters */

const BANNER_ACTIONS = [
  ["new", "New deal", "A new deal (this one stays reachable with Undo)"],
  ["undo", "Undo", "Take back the last move"],
  // (only on a lost game, or one proven to have no win left)
  ["analyse", "What went wrong?", "Find the move that gave up the win, and a better one"],
];
const WHEN_LOST = new Set(["analyse"]);

/**
 * The bar shown while the game is over (`div.sw-banner[data-result]`, a
 * status region), placed before `before` in `parent`.
 */
export class GameBanner {
  /**
   * @param {HTMLElement} parent
   * @param {HTMLElement} before  the banner goes right before it (the buttons)
   * @param {(action: string) => void} onAction  one of its buttons was pressed: "new", "undo" or "analyse"
   */
  constructor(parent, before, onAction) {
    this.parent = parent;
    this.before = before;
    this.onAction = onAction;
    /** @type {HTMLElement | null} the bar while the game is over */
    this.el = null;
    /** the detail the bar shows */
    this.shown = "";
  }

  /**
   * Show the bar for a finished game (or one proven to have no win left),
   * or remove it while the game is played. A won game's bar glows once,
   * unless `reducedMotion`.
   * @param {string} status  "playing", "won" or "lost"
   * @param {Counters} counters
   * @param {boolean} reducedMotion
   * @param {string} [reason]  why the game is over, where the game says (`end_reason`)
   * @param {string} [noWin]  the solver's reason once it proved no win is left (`no_win`)
   */
  sync(status, counters, reducedMotion, reason = "", noWin = "") {
    const text = bannerText(status, counters, reason, noWin);
    if (!text) {
      this.remove();
      return;
    }
    if (!this.el) {
      this.el = h("div", "sw-banner");
      this.el.setAttribute("role", "status");
      this.parent.insertBefore(this.el, this.before);
    }
    const el = this.el;
    if (el.dataset.result === text.result && this.shown === text.detail) return;
    el.dataset.result = text.result;
    this.shown = text.detail;
    el.dataset.celebrate = text.result === "won" && !reducedMotion ? "yes" : "no";
    const body = h("div", "sw-banner-text");
    body.append(h("strong", "sw-banner-title", text.title), h("span", "sw-banner-detail", text.detail));
    const actions = h("div", "sw-banner-actions");
    for (const [action, label, title] of BANNER_ACTIONS) {
      if (WHEN_LOST.has(action) && text.result === "won") continue;
      const b = actionButton(action, label, title);
      delete b.dataset.action; // (not a toolbar button: the toolbar's click handler ignores it)
      b.dataset.bannerAction = action;
      b.addEventListener("click", () => this.onAction(action));
      actions.append(b);
    }
    body.append(actions);
    el.replaceChildren(body);
  }

  remove() {
    this.el?.remove();
    this.el = null;
    this.shown = "";
  }
}

/**
 * The note shown once the kernel is gone (a restart or shutdown): an alert.
 * @returns {HTMLElement}
 */
export function lostKernelNote() {
  const note = h("div", "sw-lost");
  note.setAttribute("role", "alert");
  note.append(h("strong", "", "This table lost its kernel"),
    " (it restarted or shut down): moves can no longer be played here. Run the cell again to play on.");
  return note;
}

/**
 * The note on a table restored from the notebook's saved widget state (the
 * notebook re-opened after its kernel stopped): the position is the one
 * saved, and no kernel plays it.
 * @returns {HTMLElement}
 */
export function savedPositionNote() {
  const note = h("div", "sw-lost");
  note.setAttribute("role", "status");
  note.append(h("strong", "", "The position saved with the notebook"),
    " (its kernel has stopped): moves cannot be played here. Run the cell to play.");
  return note;
}
