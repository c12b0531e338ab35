import { describe, expect, it } from "vitest";
import { BLACK, INDEX_FONT, MAX_INDEX_SCALE, MIN_INDEX_FONT_PX, PIPS, RED, SUIT_PATHS, faceSvg, faceUrl, indexScale } from "../src/faces.js";

/** @param {string} svg */
const uses = (svg) => (svg.match(/<use /g) ?? []).length;

describe("card faces", () => {
  it("draws the rank in both corners, in the suit's colour", () => {
    const sevenOfSpades = faceSvg(6);
    expect(sevenOfSpades).toContain(`fill="${BLACK}"`);
    expect((sevenOfSpades.match(/>7<\/text>/g) ?? []).length).toBe(2);
    expect(sevenOfSpades).toContain(SUIT_PATHS.S);
    const tenOfDiamonds = faceSvg(35);
    expect(tenOfDiamonds).toContain(`fill="${RED}"`);
    expect((tenOfDiamonds.match(/>10<\/text>/g) ?? []).length).toBe(2);
    expect(tenOfDiamonds).toContain(SUIT_PATHS.D);
  });

  it("has the classic number of pips", () => {
    // 2 corner suits + 1 top-right suit + the pips
    for (let rank = 2; rank <= 10; rank++) {
      expect(PIPS[rank]).toHaveLength(rank);
      expect(uses(faceSvg(13 + rank - 1))).toBe(3 + rank);
    }
    expect(uses(faceSvg(0))).toBe(4); // an ace: one big pip
  });

  it("frames the court cards with their letter", () => {
    for (const [face, letter] of [[10, "J"], [24, "Q"], [51, "K"]]) {
      const svg = faceSvg(/** @type {number} */ (face));
      expect(svg).toContain("<rect");
      expect((svg.match(new RegExp(`>${letter}</text>`, "g")) ?? []).length).toBe(3);
    }
  });

  it("is a self-contained SVG data URL, shared by every copy of a face", () => {
    const url = faceUrl(6);
    expect(url.startsWith('url("data:image/svg+xml,')).toBe(true);
    expect(faceUrl(6 + 52)).toBe(url);
    expect(faceUrl(6 + 104)).toBe(url);
    expect(decodeURIComponent(url.slice(24, -2))).toBe(faceSvg(6));
    const svg = faceSvg(6).replace('xmlns="http://www.w3.org/2000/svg"', "");
    expect(svg).not.toMatch(/https?:|url\(|<image/); // no outside resources
  });

  it("draws a larger index on small cards, so the rank is at least 12 px", () => {
    expect(indexScale(100)).toBe(1);
    expect(indexScale(60)).toBe(1);
    for (const cw of [26, 28, 30, 32, 35, 40, 45, 50, 59]) {
      const s = indexScale(cw);
      expect(s).toBeGreaterThan(1);
      expect(s).toBeLessThanOrEqual(MAX_INDEX_SCALE);
      expect((INDEX_FONT * s * cw) / 100).toBeGreaterThanOrEqual(MIN_INDEX_FONT_PX - 1e-9);
    }
    const big = faceSvg(6, 1.5);
    expect(big).toContain('transform="scale(1.5)"');
    expect((big.match(/>7<\/text>/g) ?? []).length).toBe(1); // one corner, one big suit
    expect(faceUrl(6, 1.5)).not.toBe(faceUrl(6));
  });
});
