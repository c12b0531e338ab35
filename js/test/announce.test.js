import { describe, expect, it } from "vitest";
import { announcement, moveWords } from "../src/announce.js";
import { cardName, pileLabel } from "../src/cards.js";




const seen = (moves, lastMove, words, status = "playing", seed = 1) => ({ moves, lastMove, words, status, seed });

describe("spoken moves", () => {
  it("names the card moved and where it went", () => {
    expect(moveWords("t2 t3", { t3: [5, 6] }, {})).toBe(`${cardName(6)} to t3`);
  });

  it("says what a draw turned up, and the passes left after a redeal", () => {
    expect(moveWords("draw", { waste: [10, 11] }, {}, { stock: "stock", waste: "waste" })).toBe(`drew the ${cardName(11)}`);
    expect(moveWords("draw", { f0: [10, 11] }, {}, { stock: "stock", f0: "foundation" })).toBe("drew a card");
    expect(moveWords("redeal", {}, { passes_left: 2 })).toBe("redeal, 2 passes left");
    expect(moveWords("redeal", {}, { redeals: 1 })).toBe("redeal 1");
  });

  it("announces a move, an undo, a new deal, won and lost", () => {
    const a = seen(3, "t2 t3", "seven of spades to t3");
    expect(announcement(seen(2, "x", "w"), a, {}, {})).toBe("seven of spades to t3");
    expect(announcement(a, seen(2, "x", "w"), {}, {})).toBe("took back seven of spades to t3");
    expect(announcement(a, seen(0, "", "", "playing", 9), {}, {})).toBe("new deal, seed 9");
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
