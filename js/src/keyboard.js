// Keyboard input: a roving focus over the piles, Enter/Space to pick up and
// drop, Escape to cancel, and the keys of the controls (z, y ...).

import { controlForKey } from "./controls.js";
import { nextFocus } from "./focus.js";

/** @typedef {import("./table.js").CardTable} CardTable */

export const HELP_TEXT =
  "Arrow keys move between piles. Enter or Space picks up the top card of the focused pile and " +
  "drops it on the focused pile; on the stock it draws. Escape cancels. Z undoes, Y redoes, D redeals, R shows the rules, H shows a hint.";

/**
 * Keys that belong to the page: shortcuts with modifiers (save, palette …)
 * and Shift+Enter (run the cell).
 * @param {KeyboardEvent} e
 */
function isPageShortcut(e) {
  return e.ctrlKey || e.metaKey || e.altKey || (e.shiftKey && e.key === "Enter");
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
    // Capture phase on the window, the first stop of every key event: the
    // table acts on its own keys before the page's handlers can take them
    // (Notebook 7's shortcut handler, capturing on the document, takes the
    // arrows, z and y). Only events aimed inside this table are looked at.
    const win = table.root.ownerDocument.defaultView ?? window;
    win.addEventListener("keydown", (e) => {
      if (e.composedPath().includes(table.root)) this.onKeyDown(e);
    }, { signal, capture: true });
    // Bubble phase: the other plain keys stay in the table, after its buttons
    // and panels had them; in a notebook's command mode they would add, cut
    // or retype cells ("a", "b", "x", "m", "d d" …).
    table.root.addEventListener("keydown", (e) => {
      if (!isPageShortcut(e)) e.stopPropagation();
    }, { signal });
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
    if (isPageShortcut(e)) return;
    // (composedPath: inside a shadow root, as in marimo, e.target is the host)
    const target = /** @type {HTMLElement} */ (e.composedPath()[0] ?? e.target);
    if (!target || target.nodeType !== 1) return;
    if (target && (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable ||
      target.closest?.(".sw-confirm"))) return; // typing, or answering the table's question
    const pile = t.pileAt(target);
    let handled = true;
    const control = controlForKey(e.key);
    if (control) {
      t.clearSelection();
      t.runControl(control);
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
          if (pile) this.activate(pile);
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
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
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
      t.showMessage(rec && rec.cards.length ? `The top card of ${pile} lies face down.` : `${pile} is empty: there is no card to pick up.`, "info");
    }
  }
}
