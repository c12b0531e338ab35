// @vitest-environment jsdom
// Build and sync times of the table in jsdom (figures, not assertions: jsdom
// is far slower than a browser; benchmarks/browser.py measures Chromium).
// Run: cd js && npm run bench
import { bench, describe } from "vitest";
import states from "../test/fixtures/states.json";
import { FakeModel, settle } from "../test/fake-model.js";
import widget from "../src/widget.js";

/** @param {Record<string, any>} state */
function mount(state) {
  const host = document.createElement("div");
  document.body.append(host);
  const model = new FakeModel(state);
  const cleanup = widget.render({ model, el: host });
  return { model, host, cleanup };
}

describe("table in jsdom", () => {
  bench("build a long Leap Year table (208 cards)", () => {
    const { host, cleanup } = mount(states.leap_year_long.start);
    cleanup();
    host.remove();
  });

  bench("sync one Cruel move", async () => {
    const { model, host, cleanup } = mount(states.cruel.start);
    model.update(states.cruel.after);
    await settle();
    cleanup();
    host.remove();
  });
});
