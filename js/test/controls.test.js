// @vitest-environment jsdom
// A control's life on the real table: mounted once when its button comes,
// updated after each change, destroyed when its button leaves or the table
// goes; its predicates only answer.
import { describe, expect, it } from "vitest";
import states from "./fixtures/states.json";
import { FakeModel, settle } from "./fake-model.js";
import { tableHost } from "./host.js";
import { controls, registerControl } from "../src/controls.js";

const table = tableHost();

/**
 * Register a control that logs its life; it is not in Bobby.
 * @param {string[]} log
 */
function probe(log) {
  return registerControl({
    action: "probe", label: "Probe", title: "A test control",
    available: (t) => t.gameName !== "bobby",
    mount: (t) => {
      log.push(`mount ${t.gameName}`);
      return () => log.push("destroy");
    },
    update: (t) => log.push(`update ${t.get("version")}`),
  });
}

describe("control lifecycle", () => {
  it("mounts once per table, updates after each change, destroys when its button leaves", async () => {
    /** @type {string[]} */
    const log = [];
    const remove = probe(log);
    try {
      const model = new FakeModel(states.cruel.start);
      const root = table.render(model);
      expect(log).toEqual(["mount cruel", "update 0"]);
      model.update(states.cruel.after);
      await settle();
      expect(log.slice(2)).toEqual([`update ${states.cruel.after.version}`]);
      log.length = 0;
      model.update(states.frog.start); // another game that has it: rebuilt, not mounted again
      await settle();
      expect(log).toEqual(["update 0"]);
      model.update(states.bobby.start); // a game without it
      await settle();
      expect(log).toEqual(["update 0", "destroy"]);
      expect(root.querySelector('button[data-action="probe"]')).toBeNull();
      model.update(states.cruel.start);
      await settle();
      expect(log.slice(2)).toEqual(["mount cruel", "update 0"]);
      table.unmount();
      expect(log.at(-1)).toBe("destroy");
    } finally {
      remove();
    }
  });

  it("mounts a control registered later at the table's next build, and destroys it once removed", async () => {
    const model = new FakeModel(states.cruel.start);
    const root = table.render(model);
    /** @type {string[]} */
    const log = [];
    const remove = probe(log);
    try {
      expect(log).toEqual([]);
      model.update(states.frog.start);
      await settle();
      expect(log).toEqual(["mount frog", "update 0"]);
      remove();
      model.update(states.cruel.start);
      await settle();
      expect(log.at(-1)).toBe("destroy");
      expect(root.querySelector('button[data-action="probe"]')).toBeNull();
    } finally {
      remove();
    }
  });

  it("keeps every built-in predicate to reading the traits (no elements, no listeners)", () => {
    // A table that only answers reads: reaching for anything else, or setting anything, throws.
    const state = { ...states.cruel.start, assist: { kind: "solve", state: "running" } };
    /** @type {Record<string, any>} */
    const reads = {
      get: (/** @type {string} */ name) => /** @type {any} */ (state)[name],
      counters: () => state.counters,
      legal: { actions: new Set(state.legal), has: () => false },
      actions: state.actions,
      redealActions: state.redeal_actions,
      stockId: null,
      panel: () => undefined,
      gameName: state.game_name,
    };
    const reader = /** @type {any} */ (new Proxy(reads, {
      get(target, prop) {
        if (!(prop in target)) throw new Error(`a predicate reached for table.${String(prop)}`);
        return target[/** @type {string} */ (prop)];
      },
      set(_, prop) {
        throw new Error(`a predicate set table.${String(prop)}`);
      },
    }));
    expect(controls.length).toBeGreaterThanOrEqual(12);
    for (const c of controls) {
      for (const predicate of ["available", "enabled", "pressed", "startOpen"]) {
        expect(() => /** @type {any} */ (c)[predicate]?.(reader), `${c.action}.${predicate}`).not.toThrow();
      }
    }
  });

  it("removes what the built-in controls mounted when the table goes", () => {
    const model = new FakeModel({ ...states.cruel.start, assist: {} });
    const root = table.render(model);
    expect(root.querySelector(".sw-assist")).toBeTruthy(); // Hint's status line
    table.unmount();
    expect(model.listenerCount()).toBe(0);
  });
});
