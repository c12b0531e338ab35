// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { heightLimit } from "../src/fit.js";

/** A box styled `style`, holding a widget host whose shadow root holds the table's root. */
function hosted(style) {
  const box = document.createElement("div");
  box.setAttribute("style", style);
  const host = document.createElement("div");
  box.append(host);
  document.body.append(box);
  const root = document.createElement("div");
  host.attachShadow({ mode: "open" }).append(root);
  return { box, root };
}

describe("the height a host gives the table", () => {
  it("is the nearest box's max-height, across the shadow root, less its padding", () => {
    const { box, root } = hosted("max-height: 610px; overflow-y: auto; padding: 5px 0");
    expect(heightLimit(root)).toEqual({ box, height: 600 });
    box.remove();
  });

  it("is unlimited where no box limits the height and scrolls", () => {
    for (const style of ["overflow-y: auto", "max-height: 610px", "max-height: none; overflow: auto", "max-height: 50%; overflow: auto"]) {
      const { box, root } = hosted(style);
      expect(heightLimit(root)).toBeNull();
      box.remove();
    }
  });
});
