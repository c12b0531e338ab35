import { describe, expect, it } from "vitest";
import { focusOrder, focusRows, nextFocus } from "../src/focus.js";
import states from "./fixtures/states.json";

/** Each game's main layout, as Python declares it. */
const LAYOUTS = Object.fromEntries(
  ["frog", "leap_year", "bobby", "cruel", "midshipman"].map((g) => [g, states[g].start.layouts[0]]));

describe("keyboard focus order", () => {
  it("goes row by row, left to right", () => {
    expect(focusOrder(LAYOUTS.bobby)).toEqual(["stock", "waste", "f0", "f1"]);
    const ly = focusOrder(LAYOUTS.leap_year);
    expect(ly.slice(0, 3)).toEqual(["stock", "f0", "f1"]);
    expect(ly.indexOf("f8")).toBeGreaterThan(ly.indexOf("f7"));
    expect(ly.at(-1)).toBe("t7");
    expect(focusOrder(LAYOUTS.frog).slice(0, 4)).toEqual(["stock", "waste", "reserve", "f0"]);
  });

  it("moves left and right through the piles, wrapping", () => {
    const rows = focusRows(LAYOUTS.bobby);
    expect(nextFocus(rows, "stock", "ArrowRight")).toBe("waste");
    expect(nextFocus(rows, "f1", "ArrowRight")).toBe("stock");
    expect(nextFocus(rows, "stock", "ArrowLeft")).toBe("f1");
    expect(nextFocus(rows, "waste", "Home")).toBe("stock");
    expect(nextFocus(rows, "waste", "End")).toBe("f1");
  });

  it("moves up and down to the nearest pile of the next row", () => {
    const rows = focusRows(LAYOUTS.cruel);
    expect(nextFocus(rows, "t0", "ArrowDown")).toBe("t6");
    expect(nextFocus(rows, "t6", "ArrowUp")).toBe("t0");
    expect(nextFocus(rows, "t8", "ArrowUp")).toBe("t2");
    expect(nextFocus(rows, "t11", "ArrowDown")).toBe("t11");
    expect(nextFocus(rows, "f0", "ArrowUp")).toBe("f0");
    const ly = focusRows(LAYOUTS.leap_year);
    expect(nextFocus(ly, "f3", "ArrowDown")).toBe("f11");
    expect(nextFocus(ly, "f11", "ArrowDown")).toBe("t3");
    expect(nextFocus(ly, "stock", "ArrowDown")).toBe("f8");
  });

  it("starts at the first pile from nowhere and ignores other keys", () => {
    const rows = focusRows(LAYOUTS.midshipman);
    expect(nextFocus(rows, null, "ArrowRight")).toBe("stock");
    expect(nextFocus(rows, "t0", "x")).toBeNull();
    expect(nextFocus([], "t0", "ArrowRight")).toBeNull();
  });
});
