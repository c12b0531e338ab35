// The message layer: the table's message on the felt (its text and kind,
// next to the pile it is about or at the felt's top, fading after a while)
// and the live region that says each change in words to screen readers.

import { announcement, moveWords } from "./announce.js";
import { h } from "./dom.js";
import { sentence } from "./format.js";

/** @typedef {import("./layout.js").Geometry} Geometry */
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

export class MessageLayer {
  constructor() {
    // Messages show on the felt, next to the pile they are about (or at its
    // top), where the player is looking: not under the buttons.
    this.el = h("div", "sw-message");
    this.el.setAttribute("aria-live", "polite");
    /** @type {string | null} the pile the message is about */
    this.anchor = null;
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
   * Show a message: next to `pile` when `hasPile(pile)`, else at the felt's
   * top. Placed by `place`, which the caller runs next.
   * @param {string} text
   * @param {string} kind  "", "info" or "error"
   * @param {string | null} pile
   */
  show(text, kind, pile = null) {
    if (this.muted) return;
    const shown = sentence(text);
    this.el.textContent = shown;
    this.el.dataset.kind = shown ? kind || "info" : "";
    this.anchor = shown && pile ? pile : null;
  }

  /** Restart the fade (CSS) of the message shown now. */
  fade() {
    this.el.classList.remove("sw-fade");
    if (this.el.textContent) {
      void this.el.offsetWidth; // restart the fade for a new message
      this.el.classList.add("sw-fade");
    }
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
   * Put the message by its pile (under its top card, else above), inside the felt.
   * @param {Geometry | undefined} g
   * @param {number} width  the table's width
   * @param {(pile: string) => {x: number, y: number}} topPlace  the top card's place in a pile's box
   */
  place(g, width, topPlace) {
    const el = this.el;
    if (!el.textContent || !g) return;
    const box = this.anchor ? g.piles[this.anchor] : null;
    const feltW = Math.max(g.width, width);
    const w = el.offsetWidth;
    const ht = el.offsetHeight;
    let x = Math.round((feltW - w) / 2);
    let y = Math.round(g.gap / 2) + 2;
    if (box) {
      const top = topPlace(/** @type {string} */ (this.anchor));
      const cardY = box.y + top.y;
      const cardX = box.x + top.x;
      x = Math.round(cardX + g.cw / 2 - w / 2);
      y = cardY + g.ch + 6;
      if (y + ht > g.height - 4) y = cardY - ht - 6;
    }
    el.style.left = `${Math.max(4, Math.min(x, feltW - w - 4))}px`;
    el.style.top = `${Math.max(4, Math.min(y, g.height - ht - 4))}px`;
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
      moves: c.moves ?? 0, lastMove: s.lastMove, status: s.status, seed: c.seed,
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
