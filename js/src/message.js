// The message layer: the table's message on the felt (its text and kind,
// next to the pile it is about or at the felt's top, clear of the cards'
// indices, fading once read, gone at the player's next action) and the live
// region that says each change in words to screen readers.

import { announcement, moveWords } from "./announce.js";
import { h } from "./dom.js";
import { dealOf, sentence } from "./format.js";

/** @typedef {import("./format.js").Counters} Counters */

/**
 * What the live region speaks from: the synced state after a change.
 * @typedef {object} Spoken
 * @property {Counters} counters
 * @property {Record<string, number[]>} piles
 * @property {string} lastMove
 * @property {string} status
 * @property {string} reason  the end reason
 * @property {string} noWin
 * @property {{roles: Record<string, string>, actionWords: Record<string, string>, redeals: string[]}} game
 */

/** Keys that only move the focus or hold a modifier: the message stays. */
const MOVES_FOCUS = new Set(["Tab", "Shift", "Control", "Alt", "Meta"]);

/**
 * How long a message shows before it fades (ms): time to notice it, and to
 * read its words.
 * @param {string} text
 */
export function readingMs(text) {
  return Math.round(Math.min(7000, Math.max(2500, 1500 + 45 * text.length)));
}

export class MessageLayer {
  constructor() {
    // Messages show on the felt, next to the pile they are about (or at its
    // top), where the player is looking: not under the buttons.
    this.el = h("div", "sw-message");
    this.el.setAttribute("aria-live", "polite");
    /** @type {string | null} the pile the message is about */
    this.anchor = null;
    /** @type {"top" | "bottom"} where on the felt a message about no pile goes */
    this.side = "top";
    // Spoken moves (screen readers only): each move, won, lost.
    this.liveEl = h("div", "sw-live");
    this.liveEl.setAttribute("aria-live", "polite");
    this.liveEl.setAttribute("role", "status");
    /** @type {import("./announce.js").Seen | null} */
    this.spoken = null;
    /** @type {Record<string, number[]>} the piles when the live region last spoke */
    this.spokenPiles = {};
    /** No message any more (the kernel-gone notice says it all). */
    this.muted = false;
  }

  /**
   * Show a message: next to `pile` when it names one, else at the felt's
   * top (or bottom: `side`). Placed by `place`, which the caller runs
   * next. A `quiet` one repeats words a line of the table already says to
   * screen readers.
   * @param {string} text
   * @param {string} kind  "", "info", "error" or "hint"
   * @param {string | null} pile
   * @param {boolean} [quiet]
   * @param {"top" | "bottom"} [side]
   */
  show(text, kind, pile = null, quiet = false, side = "top") {
    if (this.muted) return;
    const shown = sentence(text);
    this.el.setAttribute("aria-live", quiet ? "off" : "polite"); // (before the words change)
    this.el.textContent = shown;
    this.el.dataset.kind = shown ? kind || "info" : "";
    this.el.classList.remove("sw-dismissed");
    this.anchor = shown && pile ? pile : null;
    this.side = side;
  }

  /**
   * Restart the fade (CSS) of the message shown now: it stays long enough
   * to be read (longer words longer), then fades.
   */
  fade() {
    this.el.classList.remove("sw-fade");
    if (this.el.textContent) {
      this.el.style.setProperty("--sw-fade-ms", `${readingMs(this.el.textContent)}ms`);
      void this.el.offsetWidth; // restart the fade for a new message
      this.el.classList.add("sw-fade");
    }
  }

  /**
   * The player's next action (a press anywhere on the table, a key) takes
   * the message away: it never stays over the cards (or a hint's ring) the
   * player goes on with.
   * @param {HTMLElement} root  the table
   * @param {AbortSignal} signal  removes the listeners
   */
  listen(root, signal) {
    const dismiss = () => this.el.classList.add("sw-dismissed");
    root.addEventListener("pointerdown", dismiss, { capture: true, signal });
    // (keyboard.js takes every key aimed at the table on the window, first)
    const win = root.ownerDocument.defaultView ?? window;
    win.addEventListener("keydown", (e) => {
      if (!MOVES_FOCUS.has(e.key) && e.composedPath().includes(root)) dismiss();
    }, { capture: true, signal });
  }

  /**
   * The kernel's message (the `message` trait) unless it is the one already
   * shown by its pile (a reply to this page's own request put it there).
   * @param {string} text
   */
  isShown(text) {
    return !!text && sentence(text) === this.el.textContent && !!this.anchor;
  }

  /**
   * Put the message where `spot` says: by its pile, clear of the cards'
   * indices and the marked piles, in the part of the felt in view (see
   * placement.js).
   * @param {(size: {w: number, h: number}, pile: string | null, side: "top" | "bottom") => {x: number, y: number}} spot
   */
  place(spot) {
    const el = this.el;
    if (!el.textContent) return;
    const at = spot({ w: el.offsetWidth, h: el.offsetHeight }, this.anchor, this.side);
    el.style.left = `${at.x}px`;
    el.style.top = `${at.y}px`;
  }

  /**
   * Say `text` in the live region (screen readers only).
   * @param {string} text
   */
  say(text) {
    if (text && this.liveEl.textContent !== text) this.liveEl.textContent = text;
  }

  /**
   * Say the change since the last call in words (a move, won, lost); the
   * first call after `forget` only remembers.
   * @param {Spoken} s
   */
  speak(s) {
    const c = s.counters;
    /** @type {import("./announce.js").Seen} */
    const now = {
      moves: c.moves ?? 0, lastMove: s.lastMove, status: s.status, seed: c.seed, deal: dealOf(c),
      words: s.lastMove ? moveWords(s.lastMove, s.piles, c, s.game, this.spokenPiles) : "",
      reason: s.reason, noWin: s.noWin,
    };
    const text = announcement(this.spoken, now, s.piles, c);
    this.spoken = now;
    this.spokenPiles = s.piles;
    this.say(text);
  }

  /** A new table: the next `speak` only remembers the position. */
  forget() {
    this.spoken = null;
  }
}
