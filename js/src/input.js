// What the table offers its inputs (pointer.js, keyboard.js): where a gesture
// lands (the pile and card under it), the piles they read, the moves they
// may ask for, the selection, the toolbar, the question, the focus, words for
// the player and a timer. The inputs get this object, never the table itself.

import { moveText, stockAction } from "./legal.js";

/** @typedef {import("./table.js").CardTable} CardTable */
/** @typedef {import("./piles.js").PileRecord} PileRecord */
/** @typedef {import("./legal.js").LegalMoves} LegalMoves */
/** @typedef {import("./requests.js").Reply} Reply */

/**
 * @typedef {object} InputApi
 * @property {HTMLElement} root  the table: keys aimed inside it are the table's
 * @property {HTMLElement} felt  where the piles lie: the inputs listen there (and capture the pointer)
 * @property {ReadonlyMap<string, Readonly<PileRecord>>} piles  the pile records by id (read only:
 *   the inputs move and mark the elements during a gesture, never the records)
 * @property {(target: EventTarget | null) => string | null} pileAt  the pile an event target is in
 * @property {(pile: string, target: EventTarget | null) => number} cardIndex  the place in `pile`
 *   (bottom 0) of the card an event target is, -1 for none
 * @property {(pile: string | null) => boolean} isStock  a click or Enter on it plays the stock
 * @property {LegalMoves} legal  the legal moves now
 * @property {boolean} lost  the kernel is gone: nothing is sent any more
 * @property {boolean} reducedMotion  no motion (the cards jump back)
 * @property {(source: string, target: string, count?: number) => Promise<Reply | null>} move
 *   ask for a move of the top `count` cards of `source`; resolves with the kernel's reply
 * @property {(pile: string) => boolean} toFoundation  send the top card of `pile` home if a
 *   foundation takes it (true), else say so
 * @property {() => void} playStock  play the stock's action now (if one is legal)
 * @property {() => boolean} cancelDrag  put back cards being dragged; false when none are
 * @property {(e: Event) => boolean} interrupt  offer a key press to the interrupters (true: one took it)
 * @property {import("./selection.js").Selection} selection  the cards picked up
 * @property {import("./toolbar.js").Toolbar} toolbar  runs the controls (their keys)
 * @property {import("./confirm.js").InlineConfirm} confirm  the table's open question (keys answer it)
 * @property {import("./focus.js").RovingFocus} focus  the roving focus over the piles
 * @property {(text: string) => void} say  words for screen readers only
 * @property {(text: string, kind: string, pile?: string | null) => void} showMessage  the felt's message
 * @property {(fn: () => void, ms: number) => any} later  setTimeout that the table's destroy clears
 */

/**
 * The inputs' view of a table.
 * @param {CardTable} t
 * @returns {InputApi}
 */
export function inputApi(t) {
  return Object.freeze({
    root: t.root,
    felt: t.felt,
    piles: t.piles,
    pileAt: (target) => t.pileLayer.pileAt(target),
    cardIndex: (pile, target) => t.pileLayer.cardIndex(pile, target),
    isStock: (pile) => t.isStock(pile),
    get legal() { return t.legal; },
    get lost() { return t.lost; },
    get reducedMotion() { return t.reducedMotion; },
    move: (source, target, count = 1) =>
      t.requests.send("move", { move: moveText(source, target, t.legal.written(source, count)) }),
    toFoundation: (pile) => {
      const move = t.legal.foundationMove(pile, t.roles ?? {});
      if (move) {
        t.requests.send("move", { move });
        return true;
      }
      const rec = t.piles.get(pile);
      if (rec && rec.cards.length && rec.cards[rec.cards.length - 1] >= 0 && t.roles?.[pile] !== "foundation") {
        t.showMessage("No foundation takes that card now.", "info", pile);
      }
      return false;
    },
    playStock: () => {
      const action = stockAction(t.actions ?? [], t.legal);
      if (action) t.requests.send("move", { move: action });
    },
    cancelDrag: () => t.pointer.cancelDrag(),
    interrupt: (e) => t.interrupt(e),
    selection: t.selection,
    toolbar: t.toolbar,
    confirm: t.confirm,
    focus: t.focus,
    say: (text) => t.say(text),
    showMessage: (text, kind, pile = null) => t.showMessage(text, kind, pile),
    later: (fn, ms) => t.later(fn, ms),
  });
}
