import { describe, expect, it } from "vitest";
import { cardInfo, cardName, cardText, cardsText, pileLabel } from "../src/cards.js";

describe("cardInfo", () => {
  it("reads suit and rank from the id", () => {
    expect(cardInfo(0)).toMatchObject({ face: 0, suit: "S", rank: 1, red: false, text: "A♠", name: "ace of spades" });
    expect(cardInfo(6)).toMatchObject({ suit: "S", rank: 7, name: "seven of spades" });
    expect(cardInfo(13)).toMatchObject({ suit: "H", rank: 1, red: true, text: "A♥" });
    expect(cardInfo(35)).toMatchObject({ suit: "D", rank: 10, red: true, text: "10♦", name: "ten of diamonds" });
    expect(cardInfo(51)).toMatchObject({ suit: "C", rank: 13, red: false, text: "K♣", name: "king of clubs" });
  });

  it("treats later decks like the first (id % 52)", () => {
    expect(cardInfo(52 + 6)).toMatchObject({ face: 6, suit: "S", rank: 7 });
    expect(cardInfo(207)).toMatchObject({ face: 51, text: "K♣" });
  });

  it("has no card for a face-down id", () => {
    expect(cardInfo(-1)).toBeNull();
    expect(cardName(-1)).toBe("face-down card");
    expect(cardText(-1)).toBe("??");
  });

  it("names court cards", () => {
    expect(cardName(10)).toBe("jack of spades");
    expect(cardName(24)).toBe("queen of hearts");
    expect(cardText(11 + 39)).toBe("Q♣");
  });
});

describe("piles", () => {
  it("labels piles for screen readers with their role, said once", () => {
    expect(pileLabel("t3", "tableau", 4)).toBe("t3, tableau, 4 cards");
    expect(pileLabel("f0", "foundation", 1)).toBe("f0, foundation, 1 card");
    expect(pileLabel("waste", "waste", 0)).toBe("waste, 0 cards");
    expect(pileLabel("stock", "stock", 184)).toBe("stock, 184 cards");
    expect(pileLabel("t0", "reserve", 2)).toBe("t0, reserve, 2 cards");
    expect(cardsText(1)).toBe("1 card");
  });
});
