import { describe, expect, it } from "vitest";
import { arrivals, changedPiles, samePile } from "../src/diff.js";

describe("changedPiles", () => {
  it("finds the piles whose cards differ", () => {
    const a = { stock: [-1, -1, -1], waste: [], t0: [5, 6], t1: [7] };
    const b = { stock: [-1, -1], waste: [9], t0: [5, 6], t1: [7] };
    expect(changedPiles(a, b)).toEqual(["stock", "waste"]);
    expect(changedPiles(a, a)).toEqual([]);
  });

  it("keeps the given order and sees added and removed piles", () => {
    const a = { t0: [1], t1: [2] };
    const b = { t1: [3], t2: [4] };
    expect(changedPiles(a, b, ["t2", "t1", "t0"])).toEqual(["t2", "t1", "t0"]);
    expect(changedPiles({}, { t0: [] })).toEqual(["t0"]);
  });

  it("sees a reorder and a face-down card turning up", () => {
    expect(changedPiles({ t0: [1, 2] }, { t0: [2, 1] })).toEqual(["t0"]);
    expect(changedPiles({ t0: [-1, -1] }, { t0: [-1, 40] })).toEqual(["t0"]);
  });

  it("compares piles", () => {
    expect(samePile([1, 2], [1, 2])).toBe(true);
    expect(samePile([1, 2], [1])).toBe(false);
    expect(samePile(undefined, [])).toBe(false);
  });

  it("lists arrivals", () => {
    expect(arrivals([1, 2], [1, 2, 3, -1])).toEqual([3]);
    expect(arrivals(undefined, [4])).toEqual([4]);
  });
});
