// @vitest-environment jsdom
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { TableFit, heightLimit } from "../src/fit.js";
import { PileLayer } from "../src/piles.js";
import { computeGeometry, layoutFor } from "../src/layout.js";
import states from "./fixtures/states.json";

/** A box styled `style`, holding a widget host whose shadow root holds the table's root. */
function hosted(style) {
  const box = document.createElement("div");
  box.setAttribute("style", style);
  const host = document.createElement("div");
  box.append(host);
  document.body.append(box);
  const root = document.createElement("div");
  host.attachShadow({ mode: "open" }).append(root);
  return { box, root };
}

describe("the height a host gives the table", () => {
  it("is the nearest box's max-height, across the shadow root, less its padding", () => {
    const { box, root } = hosted("max-height: 610px; overflow-y: auto; padding: 5px 0");
    expect(heightLimit(root)).toEqual({ box, height: 600 });
    box.remove();
  });

  it("is unlimited where no box limits the height and scrolls", () => {
    for (const style of ["overflow-y: auto", "max-height: 610px", "max-height: none; overflow: auto", "max-height: 50%; overflow: auto"]) {
      const { box, root } = hosted(style);
      expect(heightLimit(root)).toBeNull();
      box.remove();
    }
  });
});

/** A game whose fans grow, with a layout of its own for narrow tables (699 px at most). */
const game = /** @type {any} */ (states.midshipman.start);

/**
 * A table's parts in the page and a TableFit over them: the layout chosen,
 * the piles built on it and filled, then placed (as the table builds).
 * @param {{width?: number, box?: string}} [o]  `box`: the style of a box around the table
 */
function setUp(o = {}) {
  const box = document.createElement("div");
  if (o.box) box.setAttribute("style", o.box);
  const host = document.createElement("div");
  const root = document.createElement("div");
  root.style.fontSize = "20px";
  const felt = document.createElement("div");
  const footer = document.createElement("div");
  const caption = document.createElement("div");
  root.append(felt, footer);
  host.append(root);
  box.append(host);
  document.body.append(box);
  onTestFinished(() => box.remove());
  const piles = new PileLayer(felt);
  /** @type {string[]} */
  const placed = [];
  /** @type {any[]} */
  const relaid = [];
  const state = { over: false };
  const fit = new TableFit({
    root, host, felt, footer, caption, piles, width: o.width, over: () => state.over,
    placeCards: (rec) => {
      placed.push(rec.id);
      piles.placeCards(rec, fit.geometry);
    },
    relaidOut: (layout) => { relaid.push(layout); },
  });
  const layout = fit.choose(game.layouts, game.pile_ids, "stock");
  piles.build(game.pile_ids, game.pile_roles, layout);
  for (const id of game.pile_ids) piles.update(id, game.piles[id], game.pile_roles[id]);
  fit.place();
  for (const rec of piles.records.values()) piles.placeCards(rec, fit.geometry);
  return { box, root, felt, footer, caption, piles, fit, layout, placed, relaid, state };
}

describe("the table's geometry", () => {
  it("lays a new table out for the width it is given while the page gives none", () => {
    const narrow = setUp({ width: 500 });
    expect(narrow.fit.width).toBe(500);
    expect(narrow.layout).toBe(layoutFor(game.layouts, game.pile_ids, 500, 0));
    expect(narrow.layout).toBe(game.layouts[1]);
    const { fit, layout } = setUp();
    expect(fit.width).toBe(800);
    expect(layout).toBe(game.layouts[0]);
  });

  it("sizes the felt, the card variables and the pile boxes, and puts the caption under the stock", () => {
    const { fit, root, felt, caption, piles } = setUp();
    const g = /** @type {import("../src/layout.js").Geometry} */ (fit.geometry);
    expect(g).toEqual(computeGeometry(game.layouts[0], 800, {}, { maxHeight: 0 }));
    expect(root.style.getPropertyValue("--sw-cw")).toBe(`${g.cw}px`);
    expect(root.style.getPropertyValue("--sw-ch")).toBe(`${g.ch}px`);
    expect(felt.style.height).toBe(`${g.height}px`);
    const t3 = /** @type {any} */ (piles.records.get("t3")).el;
    expect(t3.style.left).toBe(`${g.piles.t3.x}px`);
    expect(t3.style.top).toBe(`${g.piles.t3.y}px`);
    expect(caption.style.left).toBe(`${g.piles.stock.x - g.gap}px`);
    expect(caption.style.top).toBe(`${g.piles.stock.y + g.ch + Math.round(g.gap / 2)}px`);
  });

  it("grows the felt for a caption that wraps below the cards, while it shows", () => {
    const { fit, felt, caption } = setUp();
    const g = /** @type {any} */ (fit.geometry);
    felt.append(caption);
    caption.textContent = "3 passes left";
    // jsdom lays nothing out: the caption's place as a browser would give it
    Object.defineProperty(caption, "offsetTop", { value: g.height - 10 });
    Object.defineProperty(caption, "offsetHeight", { value: 40 });
    fit.fitCaption();
    expect(felt.style.height).toBe(`${g.height + 30 + Math.round(g.gap / 2)}px`);
    caption.hidden = true;
    fit.fitCaption();
    expect(felt.style.height).toBe(`${g.height}px`);
  });

  it("grows a row at once for a fan that needs it; shrinks it back only when the game is over", () => {
    const { fit, piles, placed, state, felt } = setUp();
    const start = /** @type {any} */ (fit.geometry).height;
    fit.refit();
    expect(placed).toEqual([]); // nothing changed: nothing placed again
    piles.update("t0", Array.from({ length: 21 }, (_, i) => i), "tableau");
    fit.refit();
    const grown = /** @type {any} */ (fit.geometry).height;
    expect(grown).toBeGreaterThan(start);
    expect(felt.style.height).toBe(`${grown}px`);
    expect(placed.sort()).toEqual([...game.pile_ids].sort());
    piles.update("t0", Array.from({ length: 20 }, (_, i) => i), "tableau");
    fit.refit(); // an undo: the row keeps its room
    expect(/** @type {any} */ (fit.geometry).height).toBe(grown);
    piles.update("t0", game.piles.t0, "tableau");
    fit.refit(); // more than a card's height less: the row shrinks back
    expect(/** @type {any} */ (fit.geometry).height).toBe(start);
    piles.update("t0", Array.from({ length: 21 }, (_, i) => i), "tableau");
    fit.refit();
    piles.update("t0", Array.from({ length: 20 }, (_, i) => i), "tableau");
    state.over = true;
    fit.refit(); // the game is over: the row fits its cards alone
    expect(fit.settled).toBe(true);
    expect(/** @type {any} */ (fit.geometry).height).toBeLessThan(grown);
  });

  it("lays out again for a new width, and tells the table the layout where it changed", () => {
    const { fit, relaid, placed } = setUp();
    fit.relayout(500);
    expect(fit.width).toBe(500);
    expect(fit.layout).toBe(game.layouts[1]);
    expect(relaid).toEqual([game.layouts[1]]);
    expect(new Set(placed)).toEqual(new Set(game.pile_ids));
    fit.relayout(520);
    expect(relaid).toEqual([game.layouts[1], null]);
    expect(/** @type {any} */ (fit.geometry).width).toBeLessThanOrEqual(520);
  });
});

describe("the felt's height limit", () => {
  it("is what a box's max-height leaves the felt under the header, over the buttons and a line", () => {
    const { fit, root } = setUp({ box: "max-height: 610px; overflow-y: auto" });
    // jsdom lays nothing out (the header and buttons take 0 px); the line: 20 px × 1.5 + 12
    expect(fit.measureFeltMax()).toBe(610 - 42);
    expect(root.dataset.fit).toBe("box");
    expect(root.style.getPropertyValue("--sw-footer-h")).toBe("0px");
    const free = setUp();
    expect(free.fit.measureFeltMax()).toBe(0);
    expect(free.root.dataset.fit).toBeUndefined();
  });

  it("shrinks the felt once the header and buttons are in place and a box limits the height", () => {
    const { fit, box } = setUp();
    const before = /** @type {any} */ (fit.geometry).height;
    fit.fitHeight();
    expect(fit.feltMax).toBe(0); // no box: nothing to do
    box.setAttribute("style", "max-height: 300px; overflow-y: hidden");
    fit.fitHeight();
    expect(fit.feltMax).toBe(300 - 42);
    expect(/** @type {any} */ (fit.geometry).height).toBeLessThan(before);
  });
});

describe("watching the size", () => {
  /** @type {{cb: ResizeObserverCallback, watched: Set<Element>}[]} */
  let observers = [];
  afterEach(() => {
    vi.unstubAllGlobals();
    observers = [];
  });
  /** A ResizeObserver that the test drives. */
  function fakeResizeObserver() {
    vi.stubGlobal("ResizeObserver", class {
      /** @param {ResizeObserverCallback} cb */
      constructor(cb) {
        this.cb = cb;
        this.watched = new Set();
        observers.push(this);
      }
      /** @param {Element} el */
      observe(el) { this.watched.add(el); }
      /** @param {Element} el */
      unobserve(el) { this.watched.delete(el); }
      disconnect() { this.watched.clear(); }
    });
  }
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
  /** @param {HTMLElement} target @param {number} width */
  const resized = (target, width) => /** @type {any} */ ([{ target, contentRect: { width } }]);

  it("lays the table out in the next frame when its width changes, watches the box that limits it, stops", async () => {
    fakeResizeObserver();
    const { fit, root, box } = setUp();
    const stop = fit.observe();
    const [ro] = observers;
    expect(ro.watched).toEqual(new Set([root]));
    ro.cb(resized(root, 800.5), /** @type {any} */ (ro)); // under a pixel: nothing
    await frame();
    expect(fit.width).toBe(800);
    ro.cb(resized(root, 500), /** @type {any} */ (ro));
    await frame();
    expect(fit.width).toBe(500);
    expect(fit.layout).toBe(game.layouts[1]);
    box.setAttribute("style", "max-height: 610px; overflow-y: auto");
    fit.measureFeltMax();
    expect(ro.watched).toEqual(new Set([root, box]));
    stop();
    ro.cb(resized(root, 700), /** @type {any} */ (ro));
    await frame();
    expect(fit.width).toBe(500);
    expect(ro.watched.size).toBe(0);
  });

  it("does without a ResizeObserver (the stop still ends any relayout)", () => {
    vi.stubGlobal("ResizeObserver", undefined);
    const { fit } = setUp();
    const stop = fit.observe();
    stop();
    fit.relayout(500);
    expect(fit.width).toBe(800);
  });
});
