// @vitest-environment jsdom
// The table's layers on their own: the pile layer (records, card places
// kept off the elements, marks), the status layer and the message layer.
import { describe, expect, it } from "vitest";
import { PileLayer, faceDownCount } from "../src/piles.js";
import { StatusLayer } from "../src/status.js";
import { MessageLayer } from "../src/message.js";
import { computeGeometry } from "../src/layout.js";
import states from "./fixtures/states.json";

const start = /** @type {any} */ (states.cruel.start);

/** A pile layer built and filled from a fixture's first position. */
function filled() {
  const felt = document.createElement("div");
  const layer = new PileLayer(felt);
  const layout = start.layouts[0];
  layer.build(start.pile_ids, start.pile_roles, layout);
  const g = computeGeometry(layout, 800, {});
  layer.placePiles(g);
  for (const id of start.pile_ids) {
    layer.update(id, start.piles[id], start.pile_roles[id]);
    layer.placeCards(/** @type {any} */ (layer.records.get(id)), g);
  }
  return { felt, layer, g };
}

describe("the pile layer", () => {
  it("keeps each card's place in its pile off the element", () => {
    const { layer } = filled();
    const id = start.pile_ids.find((/** @type {string} */ p) => start.piles[p].length > 1);
    const rec = /** @type {any} */ (layer.records.get(id));
    const top = rec.els[rec.els.length - 1];
    const place = layer.placeOf(top);
    expect(place?.i).toBe(rec.els.length - 1);
    expect(top.style.left).toBe(`${place?.x}px`);
    expect(layer.topPlace(id)).toEqual({ x: place?.x, y: place?.y });
    expect(Object.keys(top).filter((k) => k.startsWith("_"))).toEqual([]);
    expect(top.dataset.index).toBe(String(rec.els.length - 1));
  });

  it("marks exactly the piles asked for, and takes tooltips off with their class only", () => {
    const { felt, layer } = filled();
    const [a, b, c] = start.pile_ids;
    layer.mark("sw-why-not", [a, b], { [a]: "not there" });
    layer.mark("sw-hinted", [a]);
    expect([...felt.querySelectorAll(".sw-why-not")].map((el) => /** @type {HTMLElement} */ (el).dataset.pile)).toEqual([a, b]);
    layer.mark("sw-hinted", [c, "nowhere"]); // a pile not on the table is left out
    expect(layer.records.get(a)?.el.title).toBe("not there");
    expect(layer.records.get(a)?.el.classList.contains("sw-hinted")).toBe(false);
    expect(felt.querySelectorAll(".sw-hinted")).toHaveLength(1);
    layer.clearMarks("sw-why-not");
    expect(felt.querySelectorAll(".sw-why-not")).toHaveLength(0);
    expect(layer.records.get(a)?.el.hasAttribute("title")).toBe(false);
  });

  it("marks face-up cards by id", () => {
    const { felt, layer } = filled();
    const [first, second] = [...layer.cardEls.keys()];
    layer.markCards("sw-stuck", [first]);
    expect(layer.cardEls.get(first)?.classList.contains("sw-stuck")).toBe(true);
    layer.markCards("sw-stuck", new Set([second]));
    expect(felt.querySelectorAll(".sw-stuck")).toHaveLength(1);
    expect(layer.cardEls.get(second)?.classList.contains("sw-stuck")).toBe(true);
  });

  it("counts face-down cards at a pile's bottom", () => {
    expect(faceDownCount([-1, -1, 5, 6])).toBe(2);
    expect(faceDownCount([-1])).toBe(1);
    expect(faceDownCount([])).toBe(0);
  });
});

describe("the status layer", () => {
  it("renders its items, each in a span named by its key", () => {
    const status = new StatusLayer();
    status.renderStatus([{ key: "moves", text: "3 moves" }, { key: "stock", text: "stock 12" }]);
    expect(status.statusEl.textContent).toBe("3 moves · stock 12");
    expect(status.statusEl.querySelector("[data-counter=stock]")?.textContent).toBe("stock 12");
    status.renderHeader({ title: "A game", seed: 7 });
    expect(status.el.textContent).toContain("seed 7");
    status.renderHeader({ seed: null });
    expect(status.seedEl.textContent).toBe("");
  });
});

describe("the message layer", () => {
  it("shows a message as a sentence with its kind and pile, and knows it is shown", () => {
    const m = new MessageLayer();
    m.show("no foundation takes that card now", "", "t1");
    expect(m.el.textContent).toBe("No foundation takes that card now.");
    expect(m.el.dataset.kind).toBe("info");
    expect(m.anchor).toBe("t1");
    expect(m.isShown("no foundation takes that card now")).toBe(true);
    m.muted = true;
    m.show("other", "error");
    expect(m.anchor).toBe("t1");
  });

  it("says a text once in the live region", () => {
    const m = new MessageLayer();
    m.say("picked up");
    expect(m.liveEl.textContent).toBe("picked up");
    m.say("");
    expect(m.liveEl.textContent).toBe("picked up");
  });
});
