// vitest settings for `npm test` (tests/test_js_unit.py runs it in the suite).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.js"],
    // One worker, files run one after another in it, sharing their modules:
    // a fresh jsdom and module graph per file cost two thirds of the run's
    // time, and the Python suite keeps the other core busy meanwhile. Each
    // test makes its own table on its own host element and tears it down.
    isolate: false,
    fileParallelism: false,
  },
});
