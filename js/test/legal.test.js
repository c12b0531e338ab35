import { describe, expect, it } from "vitest";
import { LegalMoves, moveText, parseMove, redealAction, stockAction } from "../src/legal.js";

describe("parseMove", () => {
  it("reads card moves, runs and actions of any name", () => {
    expect(parseMove("t3 f0")).toEqual({ source: "t3", target: "f0", count: 1 });
    expect(parseMove(" waste  t4 ")).toEqual({ source: "waste", target: "t4", count: 1 });
    expect(parseMove("t3 t5 3")).toEqual({ source: "t3", target: "t5", count: 3 });
    expect(parseMove("t3 f0 13")).toEqual({ source: "t3", target: "f0", count: 13 });
    expect(parseMove("draw")).toEqual({ action: "draw" });
    expect(parseMove("gather")).toEqual({ action: "gather" });
    expect(parseMove("a b c")).toBeNull();
    expect(parseMove("t3 t5 0")).toBeNull();
    expect(parseMove("t3 t5 -2")).toBeNull();
    expect(parseMove("t3 t5 2 1")).toBeNull();
    expect(parseMove("")).toBeNull();
    expect(parseMove(/** @type {any} */ (3))).toBeNull();
  });

  it("writes moves as the kernel does: the count only above one", () => {
    expect(moveText("t3", "f0")).toBe("t3 f0");
    expect(moveText("t3", "f0", 1)).toBe("t3 f0");
    expect(moveText("t3", "t5", 4)).toBe("t3 t5 4");
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
    expect(legal.has("t0 t2 1")).toBe(true);
    expect(legal.has("t2", "t0")).toBe(false);
    expect(legal.has("draw")).toBe(true);
    expect(legal.has("redeal")).toBe(false);
  });

  it("indexes runs by source and count", () => {
    const runs = new LegalMoves(["t1 t4", "t1 t6 2", "t1 t7 2", "t1 t2 3", "t5 f0 13", "t5 t9", "deal"]);
    expect(runs.targets("t1")).toEqual(["t4"]);
    expect(runs.targets("t1", 2)).toEqual(["t6", "t7"]);
    expect(runs.targets("t1", 3)).toEqual(["t2"]);
    expect(runs.targets("t1", 4)).toEqual([]);
    expect(runs.counts("t1")).toEqual([1, 2, 3]);
    expect(runs.counts("t8")).toEqual([]);
    expect(runs.has("t1", "t6", 2)).toBe(true);
    expect(runs.has("t1 t6 2")).toBe(true);
    expect(runs.has("t1", "t6")).toBe(false);
    expect(runs.has("t1", "t2", 2)).toBe(false);
  });

  it("picks the first legal foundation move for a double-click, of any count", () => {
    const roles = { waste: "waste", t0: "tableau", t2: "tableau", t3: "tableau", t4: "tableau", t6: "tableau",
      f0: "foundation", f1: "foundation", f5: "foundation" };
    expect(legal.foundationMove("t3", roles)).toBe("t3 f0");
    expect(legal.foundationMove("t0", roles)).toBe("t0 f5");
    expect(legal.foundationMove("waste", roles)).toBeNull();
    expect(legal.foundationMove("t0", { ...roles, t2: "foundation" })).toBe("t0 t2"); // the role, not the id
    const suit = new LegalMoves(["t5 t9", "t5 t2 4", "t5 f0 13"]);
    expect(suit.foundationMove("t5", { t5: "tableau", t9: "tableau", t2: "tableau", f0: "foundation" })).toBe("t5 f0 13");
  });

  it("copes with an empty or missing list", () => {
    expect(new LegalMoves([]).targets("t0")).toEqual([]);
    expect(new LegalMoves(/** @type {any} */ (undefined)).list).toEqual([]);
  });
});

describe("stockAction: the first legal action in the game's order, else its first", () => {
  it("plays the first action that is legal now", () => {
    expect(stockAction(["draw"], new LegalMoves(["draw"]))).toBe("draw");
    expect(stockAction(["deal"], new LegalMoves(["t0 f1", "deal"]))).toBe("deal");
    expect(stockAction(["draw", "redeal"], new LegalMoves(["draw"]))).toBe("draw");
    expect(stockAction(["draw", "redeal"], new LegalMoves(["redeal"]))).toBe("redeal");
    expect(stockAction(["turn", "gather"], new LegalMoves(["t1 t2", "gather"]))).toBe("gather");
  });

  it("asks for the first action anyway when none is legal (the kernel says why)", () => {
    expect(stockAction(["draw"], new LegalMoves(["waste t0"]))).toBe("draw");
    expect(stockAction(["draw", "redeal"], new LegalMoves([]))).toBe("draw");
    expect(stockAction(["redeal"], new LegalMoves([]))).toBe("redeal");
  });

  it("has nothing to do without actions", () => {
    expect(stockAction([], new LegalMoves([]))).toBeNull();
  });
});

describe("redealAction", () => {
  it("plays the first legal redeal, else the first the options allow, else the first declared", () => {
    expect(redealAction(["gather", "shuffle"], ["turn", "gather", "shuffle"], new LegalMoves(["shuffle"]))).toBe("shuffle");
    expect(redealAction(["gather", "shuffle"], ["turn", "shuffle"], new LegalMoves([]))).toBe("shuffle");
    expect(redealAction(["gather"], ["turn"], new LegalMoves([]))).toBe("gather"); // ruled out: the kernel says why
    expect(redealAction([], ["turn"], new LegalMoves(["turn"]))).toBeNull();
  });
});

describe("pairs: two cards that leave together (Pyramid's 13)", () => {
  const legal = new LegalMoves(["p21+p22 f0", "waste+p24 f0", "p23 f0", "draw"]);

  it("reads a pair's move, its two piles in either order the one move", () => {
    expect(parseMove("p21+p22 f0")).toEqual({ source: "p21", partner: "p22", target: "f0", count: 2 });
    expect(parseMove(" waste + p3  f0 ")).toEqual({ source: "waste", partner: "p3", target: "f0", count: 2 });
    expect(parseMove("p1+p1 f0")).toBeNull();
    expect(legal.has("p22+p21 f0") && legal.has("p21+p22 f0") && legal.has("p24+waste f0")).toBe(true);
    expect(legal.has("p21+p24 f0")).toBe(false);
    expect(legal.partners("p21")).toEqual(["p22"]);
    expect(legal.partners("p24")).toEqual(["waste"]);
    expect(legal.canMoveFrom("p22") && !legal.canMoveFrom("p0")).toBe(true);
  });

  it("a gesture of one card onto its partner plays the pair; a king alone goes home alone", () => {
    expect(legal.gesture("p22", "p21", 1, ["f0"], true)).toBe("p21+p22 f0");
    expect(legal.gesture("p23", "f0", 1, ["f0"], false)).toBe("p23 f0");
    expect(legal.foundationMove("p21", { f0: "foundation" })).toBeNull(); // a double-click plays no pair
    expect(legal.foundationMove("p23", { f0: "foundation" })).toBe("p23 f0");
  });

  it("a gesture onto a card that does not pair asks for the pair, for the kernel to say why not", () => {
    expect(legal.gesture("p21", "p24", 1, ["f0"], true)).toBe("p21+p24 f0");
    expect(legal.gesture("p21", "p0", 1, [], true)).toBe("p21 p0"); // a game without pairs
    expect(legal.gesture("p21", "stock", 1, ["f0"], false)).toBe("p21 stock");
  });
});
