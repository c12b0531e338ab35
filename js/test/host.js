// One host element per test for the real table: `tableHost()` (called at the
// top of a test file) adds the hooks that make and remove it, and returns
// `render(model)`, which draws the table there and returns its `.sw-table`,
// and `unmount()`, which runs the table's cleanup early.
import { afterEach, beforeEach } from "vitest";
import widget from "../src/widget.js";
import { FakeModel } from "./fake-model.js";

export function tableHost() {
  /** @type {HTMLElement} */
  let host;
  /** @type {(() => void) | null} */
  let cleanup = null;
  const unmount = () => {
    cleanup?.();
    cleanup = null;
  };
  beforeEach(() => {
    host = document.createElement("div");
    document.body.append(host);
  });
  afterEach(() => {
    unmount();
    host.remove();
  });
  return {
    /** @param {any} model */
    render(model) {
      cleanup = /** @type {() => void} */ (widget.render({ model, el: host }));
      return /** @type {HTMLElement} */ (host.querySelector(".sw-table"));
    },
    /**
     * Draws the table of `state` with a fake model, each pile given a box of
     * its own 100 px apart (jsdom lays nothing out); returns the model, the
     * table and finders for a pile, a card of it, the message and the
     * live region's text.
     * @param {Record<string, any>} state
     */
    mount(state) {
      const model = new FakeModel(state);
      const root = this.render(model);
      /** @param {string} id */
      const pile = (id) => /** @type {HTMLElement} */ (root.querySelector(`.sw-pile[data-pile="${id}"]`));
      /** @param {string} id @param {number} i */
      const card = (id, i) => /** @type {HTMLElement} */ (pile(id).querySelectorAll(".sw-card")[i]);
      const message = () => root.querySelector(".sw-message")?.textContent ?? "";
      const live = () => root.querySelector(".sw-live")?.textContent ?? "";
      [...root.querySelectorAll(".sw-pile")].forEach((el, i) => {
        el.getBoundingClientRect = () =>
          /** @type {DOMRect} */ ({ left: i * 100, top: 0, right: i * 100 + 80, bottom: 100, width: 80, height: 100 });
      });
      return { model, root, pile, card, message, live };
    },
    unmount,
    get host() {
      return host;
    },
  };
}
