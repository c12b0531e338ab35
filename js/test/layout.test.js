import { describe, expect, it } from "vitest";
import states from "./fixtures/states.json";
import { fanPositions } from "../src/fan.js";
import { CARD_RATIO, LAYOUTS, MAX_CW, computeGeometry, emptyHint, genericLayout, layoutFor } from "../src/layout.js";

const GAMES = ["frog", "leap_year", "bobby", "cruel", "midshipman"];
const WIDTHS = [400, 480, 600, 800, 1000, 1400];

/** @param {{x: number, y: number, w: number, h: number}} a @param {{x: number, y: number, w: number, h: number}} b */
const overlap = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe("layouts", () => {
  it.each(GAMES)("%s places exactly the game's piles", (game) => {
    const ids = states[game].start.pile_ids;
    const layout = layoutFor(game, ids);
    expect(layout).toBe(LAYOUTS[game]);
    expect(layout.slots.map((s) => s.pile).sort()).toEqual([...ids].sort());
  });

  it.each(GAMES)("%s fits every width from 400 to 1400 px without overlap", (game) => {
    const layout = LAYOUTS[game];
    for (const width of WIDTHS) {
      const g = computeGeometry(layout, width);
      expect(g.width).toBe(width);
      const boxes = Object.values(g.piles);
      for (const b of boxes) {
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.x + b.w).toBeLessThanOrEqual(width);
        expect(b.y + b.h).toBeLessThanOrEqual(g.height);
      }
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i], boxes[j])).toBe(false);
      }
    }
  });

  it("keeps cards card-shaped and not larger than the maximum", () => {
    for (const game of GAMES) {
      const g = computeGeometry(LAYOUTS[game], 3000);
      expect(g.cw).toBeLessThanOrEqual(LAYOUTS[game].maxCw ?? MAX_CW);
      expect(g.ch).toBe(Math.round(g.cw * CARD_RATIO));
    }
  });

  it("centres the grid on a wide table", () => {
    const g = computeGeometry(LAYOUTS.bobby, 1400);
    const xs = Object.values(g.piles).map((b) => [b.x, b.x + b.w]).flat();
    const left = Math.min(...xs);
    const right = 1400 - Math.max(...xs);
    expect(Math.abs(left - right)).toBeLessThanOrEqual(2);
  });

  it("reports the width it needs when the table is too narrow", () => {
    const g = computeGeometry(LAYOUTS.midshipman, 200);
    expect(g.width).toBeGreaterThan(200);
  });

  it("lays Cruel out as 4 foundations over two rows of 6 packets fanned right", () => {
    const g = computeGeometry(LAYOUTS.cruel, 800);
    const row = (id) => g.piles[id].row;
    expect(["f0", "f1", "f2", "f3"].map(row)).toEqual([0, 0, 0, 0]);
    expect([0, 1, 2, 3, 4, 5].map((i) => row(`t${i}`))).toEqual([1, 1, 1, 1, 1, 1]);
    expect([6, 7, 8, 9, 10, 11].map((i) => row(`t${i}`))).toEqual([2, 2, 2, 2, 2, 2]);
    expect(g.piles.t0.fan).toBe("right");
    expect(g.piles.t0.w).toBeGreaterThan(g.cw * 1.5);
  });

  it("lays Leap Year out as stock, two rows of 8 foundations, 8 columns fanned down", () => {
    const g = computeGeometry(LAYOUTS.leap_year, 800);
    expect(g.piles.stock.row).toBe(0);
    for (let i = 0; i < 8; i++) expect(g.piles[`f${i}`].row).toBe(0);
    for (let i = 8; i < 16; i++) expect(g.piles[`f${i}`].row).toBe(1);
    for (let i = 0; i < 8; i++) expect(g.piles[`t${i}`]).toMatchObject({ row: 2, fan: "down" });
  });

  it("fans the Frog's reserve and the Midshipman columns", () => {
    expect(computeGeometry(LAYOUTS.frog, 800).piles.reserve.fan).toBe("right");
    const m = computeGeometry(LAYOUTS.midshipman, 800);
    for (let i = 0; i < 9; i++) expect(m.piles[`t${i}`].fan).toBe("down");
  });

  it("fits a 24-card Leap Year column and the full Frog reserve inside their boxes", () => {
    for (const width of WIDTHS) {
      const g = computeGeometry(LAYOUTS.leap_year, width);
      const box = g.piles.t0;
      const pos = fanPositions(24, 0, "down", box, g.cw, g.ch);
      expect(pos[23].y + g.ch).toBeLessThanOrEqual(box.h);
      const f = computeGeometry(LAYOUTS.frog, width);
      const r = f.piles.reserve;
      const rp = fanPositions(13, 0, "right", r, f.cw, f.ch);
      expect(rp[12].x + f.cw).toBeLessThanOrEqual(r.w);
    }
  });

  it("shows the full reserve fan uncompressed at 800 px", () => {
    const f = computeGeometry(LAYOUTS.frog, 800);
    const rp = fanPositions(13, 0, "right", f.piles.reserve, f.cw, f.ch);
    expect(rp[1].x).toBeGreaterThanOrEqual(Math.floor(f.cw * 0.3));
  });

  it("falls back to a generic layout for an unknown game", () => {
    const ids = ["stock", "waste", "f0", "f1", "t0", "t1", "t2"];
    const layout = layoutFor("klondike", ids);
    expect(layout.slots.map((s) => s.pile).sort()).toEqual([...ids].sort());
    expect(genericLayout(ids).slots.find((s) => s.pile === "t1")?.fan).toBe("down");
    // A known game with unexpected piles also falls back.
    expect(layoutFor("bobby", ["stock", "f0"]).slots.map((s) => s.pile).sort()).toEqual(["f0", "stock"]);
  });

  it("hints what an empty pile takes", () => {
    expect(emptyHint("midshipman", "f3")).toBe("A");
    expect(emptyHint("frog", "f0")).toBe("A");
    expect(emptyHint("bobby", "f1")).toBe("");
    expect(emptyHint("frog", "waste")).toBe("waste");
    expect(emptyHint("cruel", "t3")).toBe("");
  });
});
