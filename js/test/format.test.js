import { describe, expect, it } from "vitest";
import { bannerText, passesText, pileWords, statusItems, statusParts, statusText } from "../src/format.js";

describe("status line", () => {
  it("shows moves, cards home, stock and status", () => {
    const c = { moves: 3, home: 17, total: 104, stock: 68 };
    expect(statusText(c, "playing", [])).toBe("Moves 3 · Home 17/104 · Stock 68 · Playing");
  });

  it("shows the passes left in Bobby while they can be spent", () => {
    const c = { moves: 0, home: 1, total: 52, stock: 51, passes_left: 3 };
    expect(statusParts(c, "playing", ["redeal"])).toContain("Passes left 3");
    expect(statusText({ ...c, passes_left: 1 }, "lost", ["redeal"])).not.toContain("Passes");
    expect(statusText({ ...c, passes_left: 1 }, "won", [])).not.toContain("Passes");
  });

  it("shows the score in every game that keeps one, also where it equals Home", () => {
    const c = { moves: 2, home: 3, total: 104, score: 3, max_score: 104 };
    expect(statusText(c, "playing", [])).toBe("Moves 2 · Home 3/104 · Score 3/104 · Playing");
    expect(statusText({ ...c, home: 11, score: 3, max_score: 96 }, "playing", [])).toContain("Score 3/96");
  });

  it("names piles in sentences", () => {
    expect(pileWords("waste")).toBe("the waste");
    expect(pileWords("t3")).toBe("t3");
  });

  it("shows the redeals in Cruel (no stock)", () => {
    const c = { moves: 5, home: 6, total: 52, redeals: 2 };
    expect(statusText(c, "lost", ["redeal"])).toBe("Moves 5 · Home 6/52 · Redeals 2 · Lost");
  });
});

describe("banner", () => {
  it("is there only when the game is over", () => {
    expect(bannerText("playing", {})).toBeNull();
    expect(bannerText("won", { total: 52, moves: 80 })?.title).toBe("You won!");
    expect(bannerText("won", { total: 52, moves: 1 })?.detail).toContain("1 move.");
    expect(bannerText("lost", { home: 20, total: 104 })?.detail).toContain("20 of 104");
  });

  it("words the passes", () => {
    expect(passesText(3)).toBe("3 passes left");
    expect(passesText(1)).toBe("Last pass");
    expect(passesText(0)).toBe("No passes left");
  });
});

describe("message style", () => {
  it("makes every message a sentence", async () => {
    const { sentence } = await import("../src/format.js");
    expect(sentence("the waste card Q♦ must be played")).toBe("The waste card Q♦ must be played.");
    expect(sentence("No foundation takes that card now.")).toBe("No foundation takes that card now.");
    expect(sentence("  ")).toBe("");
  });
});

describe("words the game declares", () => {
  it("counts redeals under any action name, and says a proven no-win while playing", () => {
    const c = { moves: 5, home: 6, total: 52, redeals: 2 };
    expect(statusText(c, "playing", ["gather"])).toBe("Moves 5 · Home 6/52 · Redeals 2 · Playing");
    expect(statusItems(c, "playing", [], true).at(-1)).toEqual({ key: "status", text: "No win possible" });
    expect(statusItems(c, "lost", [], true).at(-1)).toEqual({ key: "status", text: "Lost" });
  });

  it("puts a declared win's or loss's reason in the banner, and a proven no-win", () => {
    expect(bannerText("won", { total: 52, home: 48, moves: 60 }, "only the four aces are left"))
      .toEqual({ result: "won", title: "You won!", detail: "Only the four aces are left, in 60 moves." });
    expect(bannerText("lost", { total: 52, home: 8, moves: 9 }, "the reserve is blocked"))
      .toEqual({ result: "lost", title: "Game lost", detail: "The reserve is blocked, with 8 of 52 cards home. Undo, restart or deal again." });
    expect(bannerText("lost", { total: 52, home: 8 })?.title).toBe("No moves left");
    const stuck = bannerText("playing", { total: 52, home: 8 }, "", "every line was searched");
    expect(stuck?.result).toBe("no-win");
    expect(`${stuck?.title}: ${stuck?.detail}`).toMatch(/^No win is possible from here: Every line was searched\./);
    expect(bannerText("won", { total: 52, moves: 3 }, "", "stale")?.result).toBe("won");
  });
});
