import { describe, expect, it } from "vitest";
import { announcement, moveWords } from "../src/announce.js";
import { cardName, pileLabel } from "../src/cards.js";




const seen = (moves, lastMove, words, status = "playing", seed = 1, deal = seed) =>
  ({ moves, lastMove, words, status, seed, deal });

describe("spoken moves", () => {
  it("names the card moved and where it went", () => {
    expect(moveWords("t2 t3", { t3: [5, 6] }, {})).toBe(`${cardName(6)} to t3`);
  });

  it("names the cards of a run moved together", () => {
    expect(moveWords("t2 t3 3", { t3: [5, 6, 7, 8] }, {})).toBe(`${cardName(6)} and the 2 cards on it to t3`);
    expect(moveWords("p1+p2 f0", { f0: [12, 4, 7] }, {})).toBe(`the ${cardName(4)} and the ${cardName(7)} to f0`);
    expect(moveWords("t2 t3 2", { t3: [5, 6, 7] }, {})).toBe(`${cardName(6)} and the card on it to t3`);
  });

  it("says a stock action by the game's name: the card it turned up, else what it does", () => {
    const game = { roles: { stock: "stock", waste: "waste", t0: "tableau", t1: "tableau" },
      actionWords: { turn: "turns up the next stock card", spread: "deals a card onto every column" }, redeals: ["gather"] };
    expect(moveWords("turn", { stock: [-1], waste: [10, 11] }, {}, game, { stock: [-1, -1], waste: [10] }))
      .toBe(`turn: the ${cardName(11)}`);
    expect(moveWords("spread", { stock: [], t0: [1, 2], t1: [3, 4] }, {}, game, { stock: [-1, -1], t0: [1], t1: [3] }))
      .toBe("spread: deals a card onto every column");
    expect(moveWords("spread", { t0: [1, -1] }, {}, game, { t0: [1] })).toBe("spread: deals a card onto every column");
    expect(moveWords("other", {}, {}, game)).toBe("other");
  });

  it("says the passes left (or the redeals made) after a redeal, whatever its name", () => {
    expect(moveWords("gather", {}, { passes_left: 2 }, { redeals: ["gather"] })).toBe("gather, 2 passes left");
    expect(moveWords("gather", {}, { redeals: 1 }, { redeals: ["gather"] })).toBe("gather 1");
  });

  it("says a declared win's or loss's reason, and a proven no-win once", () => {
    const a = seen(3, "t2 t3", "seven of spades to t3");
    expect(announcement(a, { ...seen(4, "t1 f0", "ace of hearts to f0", "won"), reason: "only the four aces are left" }, {}, {}))
      .toBe("ace of hearts to f0; you won: only the four aces are left");
    expect(announcement(a, { ...seen(4, "deal", "deal: x", "lost"), reason: "the reserve is blocked" }, {}, { home: 7 }))
      .toBe("deal: x; lost: the reserve is blocked, 7 cards home");
    const stuck = { ...seen(4, "t1 t2", "two of clubs to t2"), noWin: "every line was searched" };
    expect(announcement(a, stuck, {}, {})).toBe("two of clubs to t2; no win is possible from here: every line was searched");
    expect(announcement(stuck, { ...seen(5, "t2 t1", "two of clubs to t1"), noWin: "every line was searched" }, {}, {}))
      .toBe("two of clubs to t1");
  });

  it("announces a move, an undo, a new deal, won and lost", () => {
    const a = seen(3, "t2 t3", "seven of spades to t3");
    expect(announcement(seen(2, "x", "w"), a, {}, {})).toBe("seven of spades to t3");
    expect(announcement(a, seen(2, "x", "w"), {}, {})).toBe("took back seven of spades to t3");
    expect(announcement(a, seen(0, "", "", "playing", 9), {}, {})).toBe("new deal, seed 9");
    expect(announcement(a, seen(0, "", "", "playing", null, "5febc8cc86f7"), {}, {})).toBe("new deal");  // a deal from a card order
    // one deal from a card order after another: no seed either time, but another deal
    const built = seen(3, "t2 t3", "seven of spades to t3", "playing", null, "5febc8cc86f7");
    expect(announcement(built, seen(0, "", "", "playing", null, "0a1b2c3d4e5f"), {}, {})).toBe("new deal");
    expect(announcement(built, seen(0, "", "", "playing", null, "5febc8cc86f7"), {}, {})).toBe("back to the deal");
    expect(announcement(a, seen(4, "t1 f0", "ace of hearts to f0", "won"), {}, { total: 52 }))
      .toBe("ace of hearts to f0; you won, all 52 cards home");
    expect(announcement(a, seen(4, "draw", "drew x", "lost"), {}, { home: 7 })).toBe("drew x; no moves left, 7 cards home");
    expect(announcement(null, a, {}, {})).toBe("");
  });

  it("puts the top card in a pile's accessible name", () => {
    expect(pileLabel("t3", "tableau", 4, 6)).toBe(`t3, tableau, 4 cards, top ${cardName(6)}`);
    expect(pileLabel("stock", "stock", 40, -1)).toBe("stock, 40 cards");
  });
});
