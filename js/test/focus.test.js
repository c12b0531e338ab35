// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { RovingFocus, focusOrder, focusRows, nextFocus } from "../src/focus.js";
import { pileParts } from "./parts.js";
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

describe("the roving focus", () => {
  /** A focus over a real pile layer in the page (Cruel's fixture: three layouts, three rows of piles). */
  function setUp() {
    const state = /** @type {any} */ (states.cruel.start);
    const parts = pileParts(state);
    const focus = new RovingFocus(parts.root, parts.layer.records);
    focus.reset(parts.layout, state.pile_ids);
    const tabbable = () => [...parts.felt.querySelectorAll(".sw-pile")]
      .filter((el) => /** @type {HTMLElement} */ (el).tabIndex === 0).map((el) => /** @type {HTMLElement} */ (el).dataset.pile);
    return { ...parts, state, focus, tabbable };
  }

  it("starts on the layout's first pile, in the tab order, without taking the DOM focus", () => {
    const { focus, tabbable } = setUp();
    expect(focus.pile).toBe("f0");
    expect(tabbable()).toEqual(["f0"]);
    expect(focus.rows).toEqual(focusRows(LAYOUTS.cruel));
    expect(document.activeElement).toBe(document.body);
  });

  it("moves to a pile: one pile in the tab order; the DOM focus follows unless told not to", () => {
    const { focus, tabbable, pileEl } = setUp();
    focus.set("t3", false);
    expect(tabbable()).toEqual(["t3"]);
    expect(document.activeElement).toBe(document.body);
    focus.set("t4");
    expect(tabbable()).toEqual(["t4"]);
    expect(document.activeElement).toBe(pileEl("t4"));
    focus.set("nowhere");
    expect(focus.pile).toBe("t4");
  });

  it("moves by key along the layout's rows, and not at all for other keys", () => {
    const { focus, pileEl } = setUp();
    expect(focus.move("t0", "ArrowDown")).toBe("t6");
    expect(document.activeElement).toBe(pileEl("t6"));
    expect(focus.move("t6", "x")).toBeNull();
    expect(focus.pile).toBe("t6");
  });

  it("follows another layout's rows for the same piles", () => {
    const { focus, state } = setUp();
    const narrow = state.layouts[2];
    focus.follow(narrow);
    expect(focus.rows).toEqual(focusRows(narrow));
    expect(focus.move("t0", "ArrowDown")).toBe(nextFocus(focusRows(narrow), "t0", "ArrowDown"));
  });

  it("comes back to its pile (the DOM focus too, unless told not to)", () => {
    const { focus, pileEl } = setUp();
    focus.set("t2", false);
    focus.restore(false);
    expect(document.activeElement).toBe(document.body);
    focus.restore();
    expect(document.activeElement).toBe(pileEl("t2"));
  });

  it("knows the focused element inside a shadow root (marimo renders there)", () => {
    const { root, focus, pileEl } = setUp();
    const host = document.createElement("div");
    document.body.append(host);
    host.attachShadow({ mode: "open" }).append(root);
    focus.set("t1");
    expect(document.activeElement).toBe(host);
    expect(focus.active()).toBe(pileEl("t1"));
    host.remove();
  });
});
