// @vitest-environment jsdom
// The selection on its own (no table): which cards may be lifted, how many a
// press picks up, the marks of the picked-up cards and their lit targets,
// and why a card stays where it is. A position with runs of several cards
// (the `runs` trait) and face-down cards under them.
import { describe, expect, it } from "vitest";
import states from "./fixtures/states.json";
import { pileParts, selectionHost } from "./parts.js";
import { Selection } from "../src/selection.js";
import { LegalMoves } from "../src/legal.js";
import { cardText } from "../src/cards.js";
import { liftWords } from "../src/format.js";

const runs = /** @type {any} */ (states.klondike.start);

/** @param {Record<string, any>} [state] */
function setUp(state = runs) {
  const parts = pileParts(state);
  const host = selectionHost(state, parts.layer);
  const selection = new Selection(/** @type {any} */ (host));
  /** @param {string} id */
  const picked = (id) => parts.layer.records.get(id)?.els.map((el) => el.classList.contains("sw-picked")) ?? [];
  const lit = () => [...parts.felt.querySelectorAll(".sw-target")].map((el) => /** @type {HTMLElement} */ (el).dataset.pile);
  return { ...parts, host, selection, picked, lit };
}

/** `state` with other piles and runs. @param {Record<string, number[]>} piles @param {Record<string, any>} [more] */
const withPiles = (piles, more = {}) => ({ ...runs, piles: { ...runs.piles, ...piles }, ...more });

describe("what may be lifted", () => {
  it("lifts a face-up top card, never the stock's (its action plays it) nor a face-down or missing one", () => {
    const { selection } = setUp(withPiles({ t0: [], t2: [-1, -1, -1] }));
    expect(selection.canPickUp("waste")).toBe(true);
    expect(selection.canPickUp("t5")).toBe(true);
    expect(selection.canPickUp("stock")).toBe(false);
    expect(selection.canPickUp("t0")).toBe(false);
    expect(selection.canPickUp("t2")).toBe(false);
    expect(selection.canPickUp("nowhere")).toBe(false);
  });

  it("takes the run the kernel names, never more than the face-up cards, else the top card", () => {
    const { selection } = setUp(withPiles({}, { runs: { t5: 3, t1: 5, t4: 2.5, stock: 4 } }));
    expect(selection.runOf("t5")).toBe(3);
    expect(selection.runOf("t1")).toBe(2); // [-1, 8, 20]: two cards face up
    expect(selection.runOf("t4")).toBe(1); // not a whole number
    expect(selection.runOf("waste")).toBe(1); // not named
    expect(selection.runOf("stock")).toBe(0);
  });
});

describe("a press on a card", () => {
  it("picks up that card and every card above it within the run; beside the cards, the top card", () => {
    const { selection } = setUp();
    expect(selection.pickAt("t5", 6)).toBe(1);
    expect(selection.pickAt("t5", 5)).toBe(2);
    expect(selection.pickAt("t5", 4)).toBe(3);
    expect(selection.pickAt("t5", -1)).toBe(1);
  });

  it("says why a card under the run or face down stays, and is silent where nothing can be picked up", () => {
    const { selection, host } = setUp(withPiles({ t0: [] }));
    expect(selection.pickAt("t5", 3)).toBeNull();
    expect(host.messages.at(-1)).toEqual({ text: `That card lies face down: ${liftWords("t5", 3)}`, kind: "info", pile: "t5" });
    expect(selection.pickAt("waste", 0)).toBeNull();
    expect(host.messages.at(-1)?.text).toBe(`${cardText(runs.piles.waste[0])} is not part of the cards that move: ${liftWords("waste", 1)}`);
    const said = host.messages.length;
    expect(selection.pickAt("t0", 0)).toBeNull();
    expect(selection.pickAt("stock", 0)).toBeNull();
    expect(host.messages).toHaveLength(said);
  });
});

describe("picking up and putting back", () => {
  it("marks the picked-up cards and lights the piles they may go to", () => {
    const { selection, pileEl, picked, lit, host } = setUp();
    selection.select("t5", 3);
    expect(selection.pile).toBe("t5");
    expect(selection.count).toBe(3);
    expect(pileEl("t5").classList.contains("sw-selected")).toBe(true);
    expect(picked("t5")).toEqual([false, false, false, false, true, true, true]);
    expect(selection.targets).toEqual(["t6"]);
    expect(lit()).toEqual(["t6"]);
    expect(host.messages).toEqual([]);
    // A run's lowest card and its top one bound the ring (the pile layer's marks).
    expect(pileEl("t5").style.getPropertyValue("--sw-ph")).not.toBe("");
  });

  it("picks up cards with no legal move, says so, and lights nothing", () => {
    const { selection, picked, lit, host } = setUp();
    selection.select("t5", 2);
    expect(picked("t5").slice(-3)).toEqual([false, true, true]);
    expect(lit()).toEqual([]);
    expect(host.messages).toEqual([{ text: `${cardText(16)} and the card on it have no legal move now`, kind: "info", pile: null }]);
    selection.select("t4", 1);
    expect(host.messages.at(-1)?.text).toBe(`${cardText(23)} has no legal move now`);
    expect(picked("t5")).not.toContain(true); // the earlier pick is put back
  });

  it("puts everything back on clear, even a picked card that has moved to another pile", () => {
    const { selection, layer, felt, pileEl, lit } = setUp();
    selection.select("t5", 3);
    // The kernel moved the run to t6 before the selection heard of it.
    layer.update("t6", [...runs.piles.t6, 4, 16, 41], "tableau");
    layer.update("t5", runs.piles.t5.slice(0, 4), "tableau");
    selection.clear();
    expect(selection.pile).toBeNull();
    expect(selection.count).toBe(1);
    expect(selection.targets).toEqual([]);
    expect(pileEl("t5").classList.contains("sw-selected")).toBe(false);
    expect(felt.querySelectorAll(".sw-picked")).toHaveLength(0);
    expect(lit()).toEqual([]);
  });

  it("lights the targets of the legal moves now", () => {
    const { selection, host, lit } = setUp();
    selection.select("waste", 1);
    expect(lit()).toEqual(["t2"]);
    host.legal = new LegalMoves(["waste t4", "waste f3"]);
    selection.showTargets();
    expect(lit().sort()).toEqual(["f3", "t4"]);
  });
});
