// @vitest-environment jsdom
// Features own their traits and replies: the table (the core) follows the
// game's traits, its position's and its status; each control follows the
// traits it names and answers its own replies (the guard its refusal,
// Auto-drop a move played), so table.js names no feature. Every synced
// trait (the fixture's list, from Python) is followed by one or the other,
// but those read only as the table is built.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import states from "./fixtures/states.json";
import { FakeModel } from "./fake-model.js";
import { tap } from "./gestures.js";
import { tableHost } from "./host.js";
import { controls } from "../src/controls.js";
import { MOVE_MS } from "../src/motion.js";

const table = tableHost();

// Read as the table is built, and a new game rebuilds it.
const AT_BUILD = ["replay", "rules"];

const puzzleTable = {
  ...states.cruel.start, assist: {}, features: { ...states.cruel.start.features, puzzle: true },
  puzzle: { title: "A puzzle", question: "Which move?", state: "asking", text: "" },
};

/**
 * The traits the model's listeners follow.
 * @param {FakeModel} model
 */
const followed = (model) => [...model.handlers].filter(([event, cbs]) => event.startsWith("change:") && cbs.size)
  .map(([event]) => event.slice("change:".length));

/** The traits the controls name. */
const controlTraits = () => new Set(controls.flatMap((c) => c.traits ?? []));

describe("the traits", () => {
  it("are each followed, by the table or by the control that reads it", () => {
    const model = new FakeModel(puzzleTable);
    table.render(model);
    expect(new Set([...followed(model), ...AT_BUILD])).toEqual(new Set(Object.keys(states.types.traits)));
  });

  it("a control names are not the table's: alone it follows none of them, and table.js names none", () => {
    const named = controlTraits();
    expect(named.size).toBeGreaterThan(5);
    const saved = controls.splice(0);
    try {
      const model = new FakeModel(puzzleTable);
      table.render(model);
      expect(followed(model).filter((name) => named.has(name))).toEqual([]);
    } finally {
      table.unmount();
      controls.splice(0, controls.length, ...saved);
    }
    const core = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "src", "table.js"), "utf8");
    expect([...named].filter((name) => core.includes(`"${name}"`))).toEqual([]);
  });
});

describe("a control's replies", () => {
  it("Auto-drop plays the next safe card after a move of this page, once the slide ended and while the player is idle", () => {
    const model = new FakeModel({ ...states.cruel.start, auto_drop: true, assist: {} });
    const root = table.render(model);
    /** @param {string} id */
    const pile = (id) => /** @type {HTMLElement} */ (root.querySelector(`.sw-pile[data-pile="${id}"]`));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    onTestFinished(() => { vi.useRealTimers(); });
    const slid = () => vi.advanceTimersByTime(MOVE_MS);
    const [source, target] = states.cruel.move.split(" ");
    tap(pile(source));
    tap(pile(target));
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: states.cruel.move });
    model.update({ version: 1, safe_drop: "t0 f0" }); // (the kernel's traits come before its reply)
    model.reply(true);
    expect(model.sent).toHaveLength(1); // not before the slide ended
    slid();
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: "t0 f0", version: 1 });
    model.update({ version: 2, safe_drop: "t1 f1" });
    model.reply(true);
    tap(pile(source)); // the player picks up a card meanwhile: nothing is dropped under it
    slid();
    expect(model.sent).toHaveLength(2);
    model.reply(false, "refused: not now"); // (a refusal is no move: no drop follows)
    slid();
    expect(model.sent).toHaveLength(2);
  });
});
