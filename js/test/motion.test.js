// @vitest-environment jsdom
// Card motion on its own (jsdom has no Web Animations: `animate` and the
// measured boxes are stubs): FLIP slides each moved card from where it was,
// a drawn card from the stock's top, and turns over a card that turned up.
import { describe, expect, it } from "vitest";
import { MOVE_MS, flip, slide, slideOf } from "../src/motion.js";

/** A stand-in for an Animation that records its keyframes. */
class FakeAnimation {
  /** @param {any[]} frames @param {any} options */
  constructor(frames, options) {
    this.frames = frames;
    this.options = options;
    /** @type {(() => void) | null} */
    this.onfinish = null;
    /** @type {(() => void) | null} */
    this.oncancel = null;
    this.cancelled = false;
  }
  cancel() {
    this.cancelled = true;
    this.oncancel?.();
  }
  finish() { this.onfinish?.(); }
}

/**
 * A card element that animates into `el.anims` and lies at `box` on screen.
 * @param {number} id  below 0: face down
 * @param {{left: number, top: number}} [box]
 */
function card(id, box = { left: 0, top: 0 }) {
  const el = /** @type {any} */ (document.createElement("div"));
  el.dataset.face = id >= 0 ? "up" : "down";
  el.anims = [];
  el.animate = (/** @type {any[]} */ frames, /** @type {any} */ options) => {
    const anim = new FakeAnimation(frames, options);
    el.anims.push(anim);
    return anim;
  };
  el.getBoundingClientRect = () => ({ ...box, width: 60, height: 84 });
  return el;
}

/** @param {string} id @param {number[]} cards @param {any[]} els */
const pile = (id, cards, els) => ({ id, el: document.createElement("div"), badge: null, cards, els });

/** @param {any} el */
const framesOf = (el) => el.anims.map((/** @type {FakeAnimation} */ a) => a.frames[0].transform)[0];

describe("slide", () => {
  it("carries its class while it runs; a new slide replaces the running one", () => {
    const el = card(5);
    slide(el, -90, -20, MOVE_MS, "sw-moving");
    expect(framesOf(el)).toBe("translate(-90px, -20px)");
    expect(el.anims[0].options.duration).toBe(MOVE_MS);
    expect(el.classList.contains("sw-moving")).toBe(true);
    slide(el, 10, 0, 150, "sw-returning");
    expect(el.anims[0].cancelled).toBe(true);
    expect(slideOf(el)).toBe(el.anims[1]);
    el.anims[1].finish();
    expect(el.classList.contains("sw-returning")).toBe(false);
    expect(slideOf(el)).toBeNull();
  });
});

describe("FLIP over one change of the piles", () => {
  const felt = /** @type {any} */ (card(0, { left: 100, top: 50 }));
  // where each card lies in its pile's box (the pile layer keeps these)
  /** @type {Map<any, any>} */
  const places = new Map();
  /** @param {HTMLElement} el */
  const placeOf = (el) => places.get(el);

  it("slides a moved card from where it was and turns over the card under it", () => {
    const under = card(-1);
    const moved = card(5, { left: 110, top: 60 });
    const stays = card(7, { left: 200, top: 60 });
    const t0 = pile("t0", [-1, 5], [under, moved]);
    const t1 = pile("t1", [7], [stays]);
    const play = flip(felt, [t0, t1], undefined, placeOf);
    // the move: 5 goes on 7, the card under it turns up (a new element)
    const turned = card(12);
    Object.assign(t0, { cards: [12], els: [turned] });
    Object.assign(t1, { cards: [7, 5], els: [stays, moved] });
    places.set(stays, { x: 0, y: 0 });
    places.set(moved, { x: 0, y: 20 });
    play(/** @type {any} */ ({ piles: { t0: { x: 10, y: 10 }, t1: { x: 100, y: 10 } } }));
    // from (110, 60) on screen to the felt's (100, 50) + the box's (100, 10) + the fan's (0, 20)
    expect(framesOf(moved)).toBe("translate(-90px, -20px)");
    expect(moved.classList.contains("sw-moving")).toBe(true);
    expect(stays.anims).toHaveLength(0); // did not move
    expect(turned.anims[0].frames[0].transform).toContain("rotateY(90deg)");
    expect(under.anims).toHaveLength(0);
  });

  it("slides a card drawn from the stock from the stock's top card", () => {
    const downs = [card(-1), card(-1), card(-1, { left: 105, top: 55 })];
    const stock = pile("stock", [-1, -1, -1], downs);
    const waste = pile("waste", [], []);
    const play = flip(felt, [stock, waste], stock, placeOf);
    const drawn = card(9);
    places.set(drawn, { x: 0, y: 0 });
    Object.assign(stock, { cards: [-1, -1], els: downs.slice(0, 2) });
    Object.assign(waste, { cards: [9], els: [drawn] });
    play(/** @type {any} */ ({ piles: { stock: { x: 0, y: 0 }, waste: { x: 80, y: 0 } } }));
    expect(framesOf(drawn)).toBe("translate(-75px, 5px)");
    expect(downs.every((el) => el.anims.length === 0)).toBe(true); // the stock turns nothing over
  });
});
