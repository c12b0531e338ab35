// One host element per test for the real table: `tableHost()` (called at the
// top of a test file) adds the hooks that make and remove it, and returns
// `render(model)`, which draws the table there and returns its `.sw-table`,
// and `unmount()`, which runs the table's cleanup early.
import { afterEach, beforeEach } from "vitest";
import widget from "../src/widget.js";

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
    unmount,
    get host() {
      return host;
    },
  };
}
