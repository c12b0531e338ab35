import { describe, expect, it } from "vitest";
import { MIN_STEP, STEP, compress, fanExtent, fanPositions, fanSpacing, fanSteps } from "../src/fan.js";

const cw = 80;
const ch = 112;

describe("fanPositions", () => {
  it("gives one position per card", () => {
    expect(fanPositions(0, 0, "down", { w: cw, h: 400 }, cw, ch)).toEqual([]);
    expect(fanPositions(5, 0, "down", { w: cw, h: 400 }, cw, ch)).toHaveLength(5);
  });

  it("fans face-up cards down by the full step while they fit", () => {
    const pos = fanPositions(4, 0, "down", { w: cw, h: 1000 }, cw, ch);
    const step = Math.floor(STEP.down.up * ch);
    expect(pos.map((p) => p.y)).toEqual([0, step, Math.floor(2 * STEP.down.up * ch), Math.floor(3 * STEP.down.up * ch)]);
    expect(pos.every((p) => p.x === 0)).toBe(true);
  });

  it("steps less after face-down cards", () => {
    const pos = fanPositions(4, 2, "down", { w: cw, h: 1000 }, cw, ch);
    expect(pos[1].y - pos[0].y).toBeLessThan(pos[3].y - pos[2].y);
    expect(pos[1].y).toBe(Math.floor(STEP.down.down * ch));
  });

  it("compresses a long pile so the top card ends inside the box", () => {
    const box = { w: cw, h: 3 * ch };
    for (const n of [10, 24, 60]) {
      const pos = fanPositions(n, 0, "down", box, cw, ch);
      expect(pos[n - 1].y + ch).toBeLessThanOrEqual(box.h);
      for (let i = 1; i < n; i++) expect(pos[i].y).toBeGreaterThanOrEqual(pos[i - 1].y);
      // it uses the room it has
      expect(pos[n - 1].y + ch).toBeGreaterThan(box.h - 2);
    }
  });

  it("fans right inside the box width", () => {
    const box = { w: 2 * cw, h: ch };
    const pos = fanPositions(12, 0, "right", box, cw, ch);
    expect(pos[11].x + cw).toBeLessThanOrEqual(box.w);
    expect(pos.every((p) => p.y === 0)).toBe(true);
  });

  it("stacks cards with a little thickness", () => {
    const pos = fanPositions(40, 40, "none", { w: cw, h: ch }, cw, ch);
    expect(pos[0]).toEqual({ x: 0, y: 0 });
    expect(pos[39].x).toBeLessThan(0);
    expect(pos[39].x).toBeGreaterThanOrEqual(-2);
  });

  it("reports the spacing of the top cards", () => {
    expect(fanSpacing(1, 0, "down", { w: cw, h: 400 }, cw, ch)).toBe(Infinity);
    expect(fanSpacing(30, 0, "down", { w: cw, h: 3 * ch }, cw, ch)).toBeLessThan(STEP.down.up * ch);
  });

  it("builds steps from the face-down count", () => {
    expect(fanSteps(3, 1, 100, { up: 0.3, down: 0.1 })).toEqual([10, 30]);
  });
});

describe("compress", () => {
  it("leaves steps that fit alone", () => {
    expect(compress([10, 10], 30, 2)).toEqual([10, 10]);
  });

  it("squeezes the bottom steps first so the top ones stay readable", () => {
    expect(compress([10, 10, 10, 10], 28, 2)).toEqual([2, 6, 10, 10]);
  });

  it("shrinks all alike when even the floor does not fit", () => {
    const out = compress([10, 10, 10, 10], 4, 2);
    expect(out.reduce((a, b) => a + b, 0)).toBeCloseTo(4);
    expect(out.every((s) => Math.abs(s - 1) < 1e-9)).toBe(true);
  });

  it("keeps the top cards of a 24-card Leap Year column a full step apart", () => {
    const box = { w: cw, h: 3 * ch };
    const pos = fanPositions(24, 0, "down", box, cw, ch);
    expect(pos[23].y - pos[22].y).toBe(Math.floor(pos[23].y) - Math.floor(pos[22].y));
    expect(pos[23].y - pos[22].y).toBeGreaterThanOrEqual(Math.floor(STEP.down.up * ch) - 1);
    expect(pos[1].y - pos[0].y).toBeLessThanOrEqual(Math.ceil(MIN_STEP * ch));
  });
});

describe("fans that keep every index readable", () => {
  const index = { down: 20, right: 22, line: 36 };

  it("never steps a face-up card less than its index in a downward fan; runs past the box instead", () => {
    const box = { w: cw, h: 2 * ch };
    for (const [n, faceDown] of [[5, 0], [24, 0], [12, 6], [30, 10]]) {
      const pos = fanPositions(n, faceDown, "down", box, cw, ch, index);
      for (let i = faceDown + 1; i < n; i++) expect(pos[i].y - pos[i - 1].y).toBeGreaterThanOrEqual(index.down);
      // face-down cards are squeezed first
      if (faceDown > 1) expect(pos[1].y - pos[0].y).toBeLessThan(index.down);
      expect(fanExtent(pos, cw, ch).h).toBe(pos[n - 1].y + ch);
    }
  });

  it("uses the full step while the fan fits its box", () => {
    const pos = fanPositions(4, 0, "down", { w: cw, h: 1000 }, cw, ch, index);
    expect(pos[3].y).toBe(Math.floor(3 * STEP.down.up * ch));
  });

  it("wraps a fan to the right onto lines one index height apart", () => {
    const box = { w: 2 * cw, h: ch };
    const pos = fanPositions(9, 0, "right", box, cw, ch, index);
    const ext = fanExtent(pos, cw, ch);
    expect(ext.w).toBeLessThanOrEqual(box.w);
    const lines = [...new Set(pos.map((p) => p.y))];
    expect(lines.length).toBeGreaterThan(1);
    for (let k = 1; k < lines.length; k++) expect(lines[k] - lines[k - 1]).toBeGreaterThanOrEqual(index.line);
    for (let i = 1; i < pos.length; i++) {
      if (pos[i].y === pos[i - 1].y) expect(pos[i].x - pos[i - 1].x).toBeGreaterThanOrEqual(index.right);
    }
    expect(ext.h).toBe(lines[lines.length - 1] + ch);
  });

  it("wraps small cards whose index is wider than the usual step without covering it", () => {
    // a 31 px card drawn with a large index (18 px wide): more than the 36 % step
    const small = { down: 15, right: 18, line: 27 };
    const pos = fanPositions(13, 0, "right", { w: 196, h: 43 }, 31, 43, small);
    for (let i = 1; i < pos.length; i++) {
      if (pos[i].y === pos[i - 1].y) expect(pos[i].x - pos[i - 1].x).toBeGreaterThanOrEqual(small.right);
    }
    expect(fanExtent(pos, 31, 43).w).toBeLessThanOrEqual(196);
  });

  it("keeps a short fan to the right on one line", () => {
    const pos = fanPositions(4, 0, "right", { w: 2 * cw, h: ch }, cw, ch, index);
    expect(pos.every((p) => p.y === 0)).toBe(true);
  });
});

describe("compress with a floor per step", () => {
  it("never goes under a step's floor, even when the room is too small", () => {
    expect(compress([10, 10, 10], 12, [2, 8, 8])).toEqual([2, 8, 8]);
  });
});
