// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { LOOK, applyLook, lookVariables } from "../src/look.js";
import { CARD_RATIO, computeGeometry } from "../src/layout.js";
import { RED, SUIT_PATHS } from "../src/faces.js";

describe("look", () => {
  it("names a custom property for each colour of look.json", () => {
    const vars = lookVariables();
    expect(Object.keys(vars)).toHaveLength(Object.keys(LOOK.colours).length);
    expect(vars["--sw-look-back-frame"]).toBe(LOOK.colours.backFrame);
    expect(vars["--sw-look-felt-edge"]).toBe(LOOK.colours.feltEdge);
  });

  it("sets them on the element the table is rendered in", () => {
    const el = document.createElement("div");
    applyLook(el);
    expect(el.style.getPropertyValue("--sw-look-felt")).toBe(LOOK.colours.felt);
    expect(el.style.getPropertyValue("--sw-look-mark")).toBe(LOOK.colours.mark);
  });

  it("is what the layout and the faces read", () => {
    expect(CARD_RATIO).toBe(LOOK.card.ratio);
    expect(RED).toBe(LOOK.colours.red);
    expect(SUIT_PATHS.H).toBe(LOOK.suitPaths.H);
    const g = computeGeometry({ cols: 1, rows: [{ h: 1 }], slots: [] }, 100);
    expect(g.gap).toBe(Math.max(LOOK.card.minGap, Math.round(g.cw * LOOK.card.gapRatio)));
  });
});
