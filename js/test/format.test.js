import { describe, expect, it } from "vitest";
import { bannerText, dealOf, passesText, pileWords } from "../src/format.js";

describe("pile names", () => {
  it("names piles in sentences", () => {
    expect(pileWords("waste")).toBe("the waste");
    expect(pileWords("t3")).toBe("t3");
  });
});

describe("which deal", () => {
  it("is the seed, or the name of a deal without one", () => {
    expect(dealOf({ seed: 7 })).toBe(7);
    expect(dealOf({ seed: 0, deal: "x" })).toBe(0);
    expect(dealOf({ seed: null, deal: "5febc8cc86f7" })).toBe("5febc8cc86f7");
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
