import { describe, expect, it } from "vitest";
import states from "./fixtures/states.json";
import { fanPositions } from "../src/fan.js";
import { CARD_RATIO, FIT_MIN_CW, MAX_CW, computeGeometry, layoutFor } from "../src/layout.js";
import { INDEX_FONT, MIN_INDEX_FONT_PX } from "../src/faces.js";

const GAMES = ["frog", "leap_year", "bobby", "cruel", "midshipman"];
const WIDTHS = [300, 360, 400, 480, 600, 800, 1000, 1400];

/** Each game's layouts as Python declares them (the `layouts` trait), the main one first. */
const LAYOUTS = Object.fromEntries(GAMES.map((g) => [g, states[g].start.layouts[0]]));
const NARROW_LAYOUTS = Object.fromEntries(GAMES.map((g) => [g, states[g].start.layouts.slice(1)]));
/** @param {string} game @param {number} [width] */
const layoutOf = (game, width) => layoutFor(states[game].start.layouts, states[game].start.pile_ids, width);

/** @param {{x: number, y: number, w: number, h: number}} a @param {{x: number, y: number, w: number, h: number}} b */
const overlap = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe("layouts", () => {
  it.each(GAMES)("%s places exactly the game's piles", (game) => {
    const ids = states[game].start.pile_ids;
    const layout = layoutOf(game);
    expect(layout).toBe(LAYOUTS[game]);
    for (const each of states[game].start.layouts) expect(each.slots.map((s) => s.pile).sort()).toEqual([...ids].sort());
  });

  it.each(GAMES)("%s fits every width from 300 to 1400 px without overlap", (game) => {
    const ids = states[game].start.pile_ids;
    for (const width of WIDTHS) {
      const g = computeGeometry(layoutOf(game, width), width);
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
      expect(g.indexScale).toBe(1);
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

  it("lays Cruel out as 4 foundations over rows of 6, 4 or 3 packets fanned right", () => {
    for (const [width, perRow] of [[1600, 6], [1200, 4], [800, 4], [420, 3]]) {
      const g = computeGeometry(layoutOf("cruel", width), width);
      const row = (/** @type {string} */ id) => g.piles[id].row;
      expect(["f0", "f1", "f2", "f3"].map(row)).toEqual([0, 0, 0, 0]);
      for (let i = 0; i < 12; i++) expect(row(`t${i}`)).toBe(1 + Math.floor(i / perRow));
      expect(g.piles.t0.fan).toBe("right");
      // four cards at the full step fit a packet
      const pos = fanPositions(4, 0, "right", g.piles.t0, g.cw, g.ch, g.index);
      expect(pos.every((p) => p.y === 0)).toBe(true);
      expect(pos[3].x + g.cw).toBeLessThanOrEqual(g.piles.t0.w);
    }
  });

  it("puts Midshipman's foundations in two rows on a narrow table", () => {
    expect(layoutOf("midshipman", 1000)).toBe(LAYOUTS.midshipman);
    expect(layoutOf("midshipman", 420)).toBe(NARROW_LAYOUTS.midshipman[0]);
    const g = computeGeometry(NARROW_LAYOUTS.midshipman[0], 420);
    expect(g.piles.f0.row).toBe(0);
    expect(g.piles.f4.row).toBe(1);
  });

  it.each(GAMES)("%s draws every rank at 12 px or more from 300 to 1400 px", (game) => {
    for (const width of [300, 340, 400, 420, 500, 640, 800, 1000, 1200, 1400]) {
      const g = computeGeometry(layoutOf(game, width), width);
      expect((INDEX_FONT * g.indexScale * g.cw) / 100).toBeGreaterThanOrEqual(MIN_INDEX_FONT_PX - 0.01);
      expect(g.index.down).toBeLessThan(g.index.line);
    }
  });

  it("keeps room for fans to come while playing, none once the game is over", () => {
    const playing = computeGeometry(LAYOUTS.frog, 1200);
    const over = computeGeometry(LAYOUTS.frog, 1200, {}, { reserve: false });
    expect(over.cw).toBe(playing.cw);
    expect(playing.piles.t0.h).toBe(Math.round(1.8 * playing.ch));
    expect(over.piles.t0.h).toBe(over.ch);
    expect(playing.height - over.height).toBe(Math.round(1.8 * playing.ch) - playing.ch);
    // a fan still there keeps its room
    const held = computeGeometry(LAYOUTS.frog, 1200, { t2: 2 * over.ch }, { reserve: false });
    expect(held.piles.t0.h).toBe(2 * over.ch);
  });

  it("lets cards grow on a wide table, up to a comfortable size", () => {
    for (const game of GAMES) {
      const g = computeGeometry(layoutOf(game, 1600), 1600);
      expect(g.cw).toBeGreaterThanOrEqual(100);
      expect(g.cw).toBeLessThanOrEqual(130);
    }
  });

  it("grows a row to its tallest fan and moves the rows under it down", () => {
    const layout = LAYOUTS.frog;
    const g = computeGeometry(layout, 800);
    const grown = computeGeometry(layout, 800, { reserve: g.ch + 40, t2: 4 * g.ch });
    expect(grown.piles.reserve.h).toBe(g.ch + 40);
    expect(grown.piles.f0.y).toBe(g.piles.f0.y + 40);
    expect(grown.piles.t0.h).toBe(4 * g.ch); // the whole row
    expect(grown.height).toBe(g.height + 40 + 4 * g.ch - g.piles.t0.h);
    // an extent smaller than the reserved room changes nothing
    expect(computeGeometry(layout, 800, { t2: g.ch })).toEqual(g);
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

  it("fans the full Frog reserve on one line from 400 px, no index covered, on two under that", () => {
    const narrow = computeGeometry(LAYOUTS.frog, 300);
    const wrapped = fanPositions(13, 0, "right", narrow.piles.reserve, narrow.cw, narrow.ch, narrow.index);
    expect(Math.max(...wrapped.map((p) => p.x)) + narrow.cw).toBeLessThanOrEqual(narrow.piles.reserve.w);
    expect(new Set(wrapped.map((p) => p.y)).size).toBe(2);
    for (const width of WIDTHS.filter((w) => w >= 400)) {
      const f = computeGeometry(LAYOUTS.frog, width);
      const r = f.piles.reserve;
      const rp = fanPositions(13, 0, "right", r, f.cw, f.ch, f.index);
      expect(rp[12].x + f.cw).toBeLessThanOrEqual(r.w);
      expect(rp.every((p) => p.y === 0)).toBe(true);
      for (let i = 1; i < 13; i++) expect(rp[i].x - rp[i - 1].x).toBeGreaterThanOrEqual(f.index.right);
    }
  });

  it("shows the full reserve fan uncompressed at 800 px", () => {
    const f = computeGeometry(LAYOUTS.frog, 800);
    const rp = fanPositions(13, 0, "right", f.piles.reserve, f.cw, f.ch, f.index);
    expect(rp[1].x).toBeGreaterThanOrEqual(Math.floor(f.cw * 0.3));
  });

  it.each(GAMES)("%s keeps its felt within a host's height limit, its cards down to a readable size", (game) => {
    const { layouts, pile_ids: piles } = states[game].start;
    for (const width of [600, 1000, 1400]) {
      const free = computeGeometry(layoutFor(layouts, piles, width), width);
      for (const limit of [300, 460, free.height - 1, free.height + 50]) {
        const layout = layoutFor(layouts, piles, width, limit);
        const g = computeGeometry(layout, width, {}, { maxHeight: limit });
        expect(g.height <= limit || g.cw === FIT_MIN_CW, `${game} ${width} px, limit ${limit}: ${g.height} px`).toBe(true);
        expect(g.width).toBeLessThanOrEqual(width);
        if (limit > free.height) expect(g.cw).toBeGreaterThanOrEqual(free.cw); // room to spare: as without the limit
      }
    }
  });

  it("places every pile in one row when the model sends no layouts", () => {
    const ids = ["stock", "waste", "f0", "t0"];
    const layout = layoutFor([], ids, 800);
    expect(layout.slots.map((s) => s.pile)).toEqual(ids);
    expect(computeGeometry(layout, 800).piles.t0.row).toBe(0);
  });

  it("takes the empty piles' labels from Python", () => {
    expect(states.midshipman.start.empty_labels).toMatchObject({ f3: "A", waste: "waste" });
    expect(states.frog.start.empty_labels).toMatchObject({ f0: "A", waste: "waste", reserve: "reserve" });
    expect(states.bobby.start.empty_labels.f1).toBeUndefined();
    expect(states.cruel.start.empty_labels.t3).toBeUndefined();
  });
});
