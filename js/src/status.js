// The status layer: the header over the felt (the game's title, its
// options, the seed) and the status line's counters. `renderStatus(items)`
// is its one input for the counters: the kernel computes the items
// (solitaire_widgets/text.py status_items, the `status_items` trait).

import { h } from "./dom.js";

/**
 * One counter of the status line, as the kernel sends them.
 * @typedef {object} StatusItem
 * @property {string} key  what it counts (its `data-counter`: the browser suite reads them back by key)
 * @property {string} text
 */

export class StatusLayer {
  constructor() {
    this.el = h("div", "sw-header");
    this.titleEl = h("span", "sw-title");
    this.optionsEl = h("span", "sw-options");
    this.seedEl = h("span", "sw-seed");
    this.statusEl = h("div", "sw-status");
    this.el.append(this.titleEl, this.optionsEl, this.seedEl, this.statusEl);
  }

  /**
   * The header's words: the game's title, its options, its seed (none: no seed shown).
   * @param {{title?: string, options?: string, seed?: number | null}} header
   */
  renderHeader({ title, options, seed }) {
    if (title !== undefined) this.titleEl.textContent = title;
    if (options !== undefined) this.optionsEl.textContent = options;
    if (seed !== undefined) this.seedEl.textContent = seed === null ? "" : `seed ${seed}`;
  }

  /**
   * The status line: the items joined by " · ", each in its own span
   * (rebuilt only when the text changed).
   * @param {StatusItem[]} items
   */
  renderStatus(items) {
    const text = items.map((item) => item.text).join(" · ");
    if (this.statusEl.textContent === text) return;
    this.statusEl.replaceChildren(...items.flatMap((item, i) => {
      const span = h("span", "sw-counter", item.text);
      span.dataset.counter = item.key;
      return i ? [" · ", span] : [span];
    }));
  }
}
