// Keyboard input: a roving focus over the piles, Enter/Space to pick up and
// drop, Escape to cancel, and the keys of the controls (z, y ...). Where
// several cards move together (a run), Enter/Space again on the same pile
// picks one more card of the run (after the whole run, the cards go back),
// and a digit key picks that many cards at once.
//
// Every key pressed with the focus in the table stays in the table, whatever
// the table does with it: the notebook around it never sees it (see `keep`).
//
// It sees the table through the input API (input.js), never the table itself.

import { cardName } from "./cards.js";
import { controlForKey } from "./controls.js";
import { liftWords } from "./format.js";

/** @typedef {import("./input.js").InputApi} InputApi */

export const HELP_TEXT =
  "Arrow keys move between piles. Enter or Space picks up the top card of the focused pile and " +
  "drops it on the focused pile; on the stock it plays the stock. Where cards move together, Enter or Space " +
  "again on the same pile picks up one more card of the run, and a digit key picks up that many. " +
  "Escape cancels. Z undoes, Y redoes, D redeals, A turns auto-drop on or off, R shows the rules, H shows a hint.";

/**
 * Keys that belong to the page even with the focus in the table: shortcuts
 * with Ctrl, Alt or Meta (save, the command palette, copy). Not with Enter:
 * Ctrl+Enter and Alt+Enter run the cell, which would deal the table again.
 * @param {KeyboardEvent} e
 */
export function isPageShortcut(e) {
  return (e.ctrlKey || e.metaKey || e.altKey) && e.key !== "Enter";
}

export class KeyboardInput {
  /**
   * @param {InputApi} input
   * @param {AbortSignal} signal  removes the listeners
   */
  constructor(input, signal) {
    this.input = input;
    input.felt.addEventListener("focusin", (e) => this.onFocusIn(e), { signal });
    input.felt.addEventListener("focusout", (e) => this.onFocusOut(e), { signal });
    // The capture phase on the window is the first stop of every key event,
    // before any handler of the page: JupyterLab's shortcuts listen on the
    // document in the bubble phase, Notebook 7's in the capture phase, and
    // both match the focused element itself (".jp-Notebook.jp-mod-commandMode
    // :focus"), so neither stopping the event later nor
    // data-lm-suppress-shortcuts keeps "m", "x", "b" or "d d" from retyping,
    // cutting or adding cells. Only events aimed inside this table are taken.
    const win = input.root.ownerDocument.defaultView ?? window;
    win.addEventListener("keydown", (e) => this.keep(e), { signal, capture: true });
  }

  /**
   * A key aimed inside this table: the table acts on it, and no handler of
   * the page sees it (its default action, such as Tab moving the focus or
   * Enter pressing a focused button, still happens unless the table used the
   * key).
   * @param {KeyboardEvent} e
   */
  keep(e) {
    if (!e.composedPath().includes(this.input.root) || isPageShortcut(e)) return;
    e.stopPropagation();
    this.onKeyDown(e);
  }

  /** @param {FocusEvent} e */
  onFocusIn(e) {
    const pile = this.input.pileAt(e.target);
    if (!pile) return;
    this.input.focus.set(pile, false);
    this.input.piles.get(pile)?.el.classList.add("sw-focus");
  }

  /** @param {FocusEvent} e */
  onFocusOut(e) {
    const pile = this.input.pileAt(e.target);
    if (pile) this.input.piles.get(pile)?.el.classList.remove("sw-focus");
  }

  /** @param {KeyboardEvent} e */
  onKeyDown(e) {
    const input = this.input;
    // A running play-out takes any key (it stops, nothing else happens).
    if (input.interrupt(e)) {
      e.preventDefault();
      return;
    }
    // (composedPath: inside a shadow root, as in marimo, e.target is the host)
    const target = /** @type {HTMLElement} */ (e.composedPath()[0] ?? e.target);
    if (!target || target.nodeType !== 1) return;
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable) return; // typing, sliding
    if (input.confirm.contains(target)) {
      // Answering the table's question: Tab and Enter work its buttons, Escape keeps playing.
      if (e.key === "Escape") {
        e.preventDefault();
        input.confirm.answer(false);
      }
      return;
    }
    const pile = input.pileAt(target);
    if (input.lost && !NAVIGATION.has(e.key)) return; // no kernel: the focus still moves, nothing else
    let handled = true;
    const control = e.ctrlKey || e.metaKey || e.altKey ? undefined : controlForKey(e.key);
    if (control) {
      input.selection.clear();
      input.toolbar.run(control, true);
    } else {
      switch (e.key) {
        case "Escape":
          if (input.cancelDrag()) break; // the dragged cards went back
          if (input.selection.pile) input.selection.clear();
          else handled = false;
          break;
        case "Enter":
        case " ":
        case "Spacebar":
          if (pile && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey) this.activate(pile);
          else handled = false;
          break;
        case "1": case "2": case "3": case "4": case "5": case "6": case "7": case "8": case "9":
          if (pile && !input.isStock(pile)) this.pickMany(pile, Number(e.key));
          else handled = false;
          break;
        case "ArrowLeft":
        case "ArrowRight":
        case "ArrowUp":
        case "ArrowDown":
        case "Home":
        case "End": {
          if (!pile) {
            handled = false;
            break;
          }
          input.focus.move(pile, e.key);
          break;
        }
        default:
          handled = false;
      }
    }
    if (handled) e.preventDefault();
  }

  /**
   * Enter or Space on a pile: play the stock, pick up the top card, or drop
   * the picked-up cards here. Again on the pile picked from: one more card
   * of its run, or (after the whole run, or a lone card) put them back.
   * @param {string} pile
   */
  activate(pile) {
    const input = this.input;
    if (input.isStock(pile)) {
      input.selection.clear();
      input.playStock();
      return;
    }
    if (input.selection.pile) {
      const source = input.selection.pile;
      const count = input.selection.count;
      input.selection.clear();
      if (source !== pile) input.move(source, pile, count);
      else if (count < input.selection.runOf(pile)) this.pick(pile, count + 1);
      else if (input.selection.runOf(pile) > 1) input.say("put back");
      return;
    }
    if (input.selection.canPickUp(pile)) this.pick(pile, 1);
    else this.nothingToPick(pile);
  }

  /**
   * A digit key on a pile: pick up that many of its top cards.
   * @param {string} pile
   * @param {number} count
   */
  pickMany(pile, count) {
    const input = this.input;
    const run = input.selection.runOf(pile);
    if (!run) {
      this.nothingToPick(pile);
      return;
    }
    if (count > run) {
      input.showMessage(liftWords(pile, run), "info", pile);
      return;
    }
    this.pick(pile, count);
  }

  /**
   * Pick up `count` cards of `pile`; where its run is longer than one card,
   * say which in the live region.
   * @param {string} pile
   * @param {number} count
   */
  pick(pile, count) {
    const input = this.input;
    input.selection.select(pile, count);
    const run = input.selection.runOf(pile);
    if (run <= 1) return;
    const rec = /** @type {import("./piles.js").PileRecord} */ (input.piles.get(pile));
    const first = cardName(rec.cards[rec.cards.length - count]);
    const more = count === run ? "" : `; again for ${count + 1}`;
    input.say(count === 1 ? `picked up the ${first}, 1 of ${run} cards that move together${more}`
      : `picked up ${count} of ${run} cards, from the ${first}${more}`);
  }

  /** @param {string} pile */
  nothingToPick(pile) {
    const input = this.input;
    const covered = input.selection.coveredWords(pile);
    if (covered) {
      input.showMessage(covered, "info", pile);
      return;
    }
    const rec = input.piles.get(pile);
    input.showMessage(rec && rec.cards.length ? `The top card of ${pile} lies face down.` : `${pile} is empty: there is no card to pick up.`, "info", pile);
  }
}

/** Keys that only move the focus: they still work once the kernel is gone. */
const NAVIGATION = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Tab", "Escape"]);
