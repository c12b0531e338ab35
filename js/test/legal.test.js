import { describe, expect, it } from "vitest";
import { LegalMoves, parseMove, stockAction } from "../src/legal.js";

describe("parseMove", () => {
  it("reads card moves and actions", () => {
    expect(parseMove("t3 f0")).toEqual({ source: "t3", target: "f0" });
    expect(parseMove(" waste  t4 ")).toEqual({ source: "waste", target: "t4" });
    expect(parseMove("draw")).toEqual({ action: "draw" });
    expect(parseMove("redeal")).toEqual({ action: "redeal" });
    expect(parseMove("t3")).toBeNull();
    expect(parseMove("a b c")).toBeNull();
    expect(parseMove(/** @type {any} */ (3))).toBeNull();
  });
});

describe("LegalMoves", () => {
  const legal = new LegalMoves(["waste t4", "t0 t2", "t0 t6", "t3 f0", "t3 f1", "t0 f5", "draw"]);

  it("lists the targets of a source in order", () => {
    expect(legal.targets("t0")).toEqual(["t2", "t6", "f5"]);
    expect(legal.targets("t3")).toEqual(["f0", "f1"]);
    expect(legal.targets("t9")).toEqual([]);
    expect(legal.canMoveFrom("waste")).toBe(true);
    expect(legal.canMoveFrom("stock")).toBe(false);
  });

  it("answers whether a move is legal", () => {
    expect(legal.has("t0", "t2")).toBe(true);
    expect(legal.has("t0 t2")).toBe(true);
    expect(legal.has("t2", "t0")).toBe(false);
    expect(legal.has("draw")).toBe(true);
    expect(legal.has("redeal")).toBe(false);
  });

  it("picks the first legal foundation move for a double-click", () => {
    const roles = { waste: "waste", t0: "tableau", t2: "tableau", t3: "tableau", t4: "tableau", t6: "tableau",
      f0: "foundation", f1: "foundation", f5: "foundation" };
    expect(legal.foundationMove("t3", roles)).toBe("t3 f0");
    expect(legal.foundationMove("t0", roles)).toBe("t0 f5");
    expect(legal.foundationMove("waste", roles)).toBeNull();
    expect(legal.foundationMove("t0", { ...roles, t2: "foundation" })).toBe("t0 t2"); // the role, not the id
  });

  it("copes with an empty or missing list", () => {
    expect(new LegalMoves([]).targets("t0")).toEqual([]);
    expect(new LegalMoves(/** @type {any} */ (undefined)).list).toEqual([]);
  });
});

describe("stockAction", () => {
  it("draws or deals while it can", () => {
    expect(stockAction(["draw"], new LegalMoves(["draw"]), 10)).toBe("draw");
    expect(stockAction(["deal"], new LegalMoves(["t0 f1", "deal"]), 100)).toBe("deal");
    expect(stockAction(["draw", "redeal"], new LegalMoves(["draw"]), 5)).toBe("draw");
  });

  it("redeals from an empty stock when the rules allow", () => {
    expect(stockAction(["draw", "redeal"], new LegalMoves(["redeal"]), 0)).toBe("redeal");
  });

  it("asks for the draw anyway when it is not legal (the kernel says why)", () => {
    expect(stockAction(["draw"], new LegalMoves(["waste t0"]), 30)).toBe("draw");
    expect(stockAction(["draw", "redeal"], new LegalMoves([]), 0)).toBe("draw");
  });

  it("has nothing to do without stock actions", () => {
    expect(stockAction([], new LegalMoves([]), 0)).toBeNull();
  });
});
