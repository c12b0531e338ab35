// Keyboard input: a roving focus over the piles, Enter/Space to pick up and
// drop, Escape to cancel, and the keys of the controls (z, y ...).
//
// Every key pressed with the focus in the table stays in the table, whatever
// the table does with it: the notebook around it never sees it (see `keep`).

import { controlForKey } from "./controls.js";
import { nextFocus } from "./focus.js";

/** @typedef {import("./table.js").CardTable} CardTable */

export const HELP_TEXT =
  "Arrow keys move between piles. Enter or Space picks up the top card of the focused pile and " +
  "drops it on the focused pile; on the stock it draws. Escape cancels. Z undoes, Y redoes, D redeals, " +
  "A turns auto-drop on or off, R shows the rules, H shows a hint.";

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
   * @param {CardTable} table
   * @param {AbortSignal} signal  removes the listeners
   */
  constructor(table, signal) {
    this.t = table;
    table.felt.addEventListener("focusin", (e) => this.onFocusIn(e), { signal });
    table.felt.addEventListener("focusout", (e) => this.onFocusOut(e), { signal });
    // The capture phase on the window is the first stop of every key event,
    // before any handler of the page: JupyterLab's shortcuts listen on the
    // document in the bubble phase, Notebook 7's in the capture phase, and
    // both match the focused element itself (".jp-Notebook.jp-mod-commandMode
    // :focus"), so neither stopping the event later nor
    // data-lm-suppress-shortcuts keeps "m", "x", "b" or "d d" from retyping,
    // cutting or adding cells. Only events aimed inside this table are taken.
    const win = table.root.ownerDocument.defaultView ?? window;
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
    if (!e.composedPath().includes(this.t.root) || isPageShortcut(e)) return;
    e.stopPropagation();
    this.onKeyDown(e);
  }

  /** @param {FocusEvent} e */
  onFocusIn(e) {
    const pile = this.t.pileAt(e.target);
    if (!pile) return;
    this.t.setFocus(pile, false);
    this.t.pileEl(pile).classList.add("sw-focus");
  }

  /** @param {FocusEvent} e */
  onFocusOut(e) {
    const pile = this.t.pileAt(e.target);
    if (pile) this.t.piles.get(pile)?.el.classList.remove("sw-focus");
  }

  /** @param {KeyboardEvent} e */
  onKeyDown(e) {
    const t = this.t;
    // A running play-out takes any key (it stops, nothing else happens).
    if (t.interrupt(e)) {
      e.preventDefault();
      return;
    }
    // (composedPath: inside a shadow root, as in marimo, e.target is the host)
    const target = /** @type {HTMLElement} */ (e.composedPath()[0] ?? e.target);
    if (!target || target.nodeType !== 1) return;
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable) return; // typing, sliding
    if (t.confirm.contains(target)) {
      // Answering the table's question: Tab and Enter work its buttons, Escape keeps playing.
      if (e.key === "Escape") {
        e.preventDefault();
        t.confirm.answer(false);
      }
      return;
    }
    const pile = t.pileAt(target);
    if (t.lost && !NAVIGATION.has(e.key)) return; // no kernel: the focus still moves, nothing else
    let handled = true;
    const control = e.ctrlKey || e.metaKey || e.altKey ? undefined : controlForKey(e.key);
    if (control) {
      t.clearSelection();
      t.runControl(control, true);
    } else {
      switch (e.key) {
        case "Escape":
          if (t.pointer.press?.dragging) t.pointer.cancelPress();
          else if (t.selected) t.clearSelection();
          else handled = false;
          break;
        case "Enter":
        case " ":
        case "Spacebar":
          if (pile && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey) this.activate(pile);
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
          const to = nextFocus(/** @type {any} */ (t.rows), pile, e.key);
          if (to) t.setFocus(to);
          break;
        }
        default:
          handled = false;
      }
    }
    if (handled) e.preventDefault();
  }

  /**
   * Enter or Space on a pile: draw from the stock, pick up the top card, or
   * drop the picked-up card here.
   * @param {string} pile
   */
  activate(pile) {
    const t = this.t;
    if (t.isStock(pile)) {
      t.clearSelection();
      t.playStock();
      return;
    }
    if (t.selected) {
      const source = t.selected;
      t.clearSelection();
      if (source !== pile) t.sendMove(source, pile);
      return;
    }
    if (t.canPickUp(pile)) t.select(pile);
    else {
      const rec = t.piles.get(pile);
      t.showMessage(rec && rec.cards.length ? `The top card of ${pile} lies face down.` : `${pile} is empty: there is no card to pick up.`, "info", pile);
    }
  }
}

/** Keys that only move the focus: they still work once the kernel is gone. */
const NAVIGATION = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Tab", "Escape"]);
