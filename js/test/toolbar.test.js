// @vitest-environment jsdom
// The toolbar on its own (no table), over controls of the test's own (the
// registry is emptied for each test): buttons for the controls a game has,
// mounting and destroying them as their buttons come and go (and following
// the traits they name meanwhile), their enabled and pressed state, panels,
// running them from a click, a key or the banner, the replies they are
// offered, and the focus kept in the table when a button or a panel goes.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import states from "./fixtures/states.json";
import { pileParts } from "./parts.js";
import { Toolbar } from "../src/toolbar.js";
import { controls, registerControl } from "../src/controls.js";
import { RovingFocus } from "../src/focus.js";
import { InlineConfirm } from "../src/confirm.js";

/** @type {import("../src/controls.js").Control[]} */
let saved = [];
beforeEach(() => { saved = controls.splice(0); });
afterEach(() => { controls.splice(0, controls.length, ...saved); });

const state = /** @type {any} */ (states.bobby.start);

/**
 * A toolbar in the page over a stand-in for the feature API (`api.state`
 * answers the controls' predicates), a real focus and question; `log`
 * records what the controls and the selection were asked.
 */
function setUp() {
  const { root, layer, layout } = pileParts(state);
  /** @type {string[]} */
  const log = [];
  const api = { state: /** @type {Record<string, any>} */ ({ has: true, on: true, pressed: false }) };
  const focus = new RovingFocus(root, layer.records);
  focus.reset(layout, state.pile_ids);
  const confirm = new InlineConfirm(root);
  const host = {
    api, lost: false, focus, confirm,
    selection: { clear: () => { log.push("selection cleared"); } },
    /** @param {string} name */
    watch: (name) => {
      log.push(`watch ${name}`);
      return () => { log.push(`unwatch ${name}`); };
    },
  };
  const toolbar = new Toolbar(/** @type {any} */ (host));
  root.append(toolbar.el, toolbar.panelsEl);
  toolbar.el.addEventListener("click", (e) => toolbar.onButton(e));
  /** @param {string} action */
  const button = (action) => /** @type {HTMLButtonElement} */ (toolbar.el.querySelector(`button[data-action="${action}"]`));
  return { root, api, host, focus, confirm, toolbar, log, button };
}

/**
 * Register a control that logs its life to `log`.
 * @param {string[]} log
 * @param {Partial<import("../src/controls.js").Control>} [more]
 */
function probe(log, more = {}) {
  registerControl({
    action: "probe", label: "Probe", title: "A probe (p)", keys: ["p"],
    available: (t) => /** @type {any} */ (t).state.has,
    mount: () => {
      log.push("mount");
      return () => log.push("destroy");
    },
    update: () => { log.push("update"); },
    enabled: (t) => /** @type {any} */ (t).state.on,
    pressed: (t) => /** @type {any} */ (t).state.pressed,
    run: () => { log.push("run"); },
    refused: () => { log.push("refused"); },
    ...more,
  });
}

describe("the toolbar's buttons", () => {
  it("has a button for each control the game has, in order, and mounts each once", () => {
    const { toolbar, api, log, button } = setUp();
    probe(log);
    registerControl({ action: "plain", label: "Plain", title: "Another" });
    registerControl({ action: "absent", label: "Absent", title: "Not here", available: () => false });
    toolbar.build();
    expect([...toolbar.el.querySelectorAll("button")].map((b) => b.dataset.action)).toEqual(["probe", "plain"]);
    expect(button("probe").textContent).toBe("Probe");
    expect(button("probe").title).toBe("A probe (p)");
    expect(log).toEqual(["mount"]);
    toolbar.build(); // the same game again: mounted already
    expect(log).toEqual(["mount"]);
    api.state.has = false; // a game without it
    toolbar.build();
    expect(button("probe")).toBeNull();
    expect(log).toEqual(["mount", "destroy"]);
    api.state.has = true;
    toolbar.build();
    expect(log).toEqual(["mount", "destroy", "mount"]);
    toolbar.destroy();
    expect(log.at(-1)).toBe("destroy");
  });

  it("brings the mounted controls up to date: update, disabled, aria-pressed; all off once the kernel is gone", () => {
    const { toolbar, api, host, log, button } = setUp();
    probe(log);
    toolbar.build();
    toolbar.update();
    expect(log).toEqual(["mount", "update"]);
    expect(button("probe").disabled).toBe(false);
    expect(button("probe").getAttribute("aria-pressed")).toBe("false");
    api.state.on = false;
    api.state.pressed = true;
    toolbar.update();
    expect(button("probe").disabled).toBe(true);
    expect(button("probe").getAttribute("aria-pressed")).toBe("true");
    api.state.on = true;
    host.lost = true;
    toolbar.update();
    expect(button("probe").disabled).toBe(true);
  });
});

describe("what a control follows and is offered", () => {
  it("follows the traits it names while it is mounted", () => {
    const { toolbar, api, log } = setUp();
    probe(log, { traits: ["line", "assist"] });
    toolbar.build();
    expect(log).toEqual(["watch line", "watch assist", "mount"]);
    api.state.has = false; // a game without it
    toolbar.build();
    expect(log.slice(3)).toEqual(["unwatch line", "unwatch assist", "destroy"]);
    api.state.has = true;
    toolbar.build();
    toolbar.destroy();
    expect(log.slice(-3)).toEqual(["unwatch line", "unwatch assist", "destroy"]);
  });

  it("offers a refused reply to the mounted controls in turn until one answers it, and each a move played", () => {
    const { toolbar, api, log } = setUp();
    const reply = /** @type {any} */ ({ id: "v-1", request: "move", ok: false, reason: "no", version: 3, pile: "t1" });
    probe(log, {
      refusedReply: (_t, r) => { log.push(`probe refused ${r.reason}`); return false; },
      afterMove: (_t, r) => { log.push(`probe moved ${r.version}`); },
    });
    registerControl({ action: "taker", label: "Taker", title: "Answers refusals", available: (t) => /** @type {any} */ (t).state.taker,
      refusedReply: () => { log.push("taker took it"); return true; } });
    registerControl({ action: "late", label: "Late", title: "Never asked",
      refusedReply: () => { log.push("late asked"); return true; } });
    api.state.taker = true;
    toolbar.build();
    log.splice(0);
    expect(toolbar.takeRefusal(reply)).toBe(true);
    expect(log).toEqual(["probe refused no", "taker took it"]); // (the one after it is not asked)
    toolbar.moved({ ...reply, ok: true });
    expect(log.at(-1)).toBe("probe moved 3");
    api.state.taker = false; // a game without it: not mounted, not asked
    toolbar.build();
    log.splice(0);
    expect(toolbar.takeRefusal(reply)).toBe(true);
    expect(log).toEqual(["probe refused no", "late asked"]);
  });
});

describe("running a control", () => {
  it("runs on a click, after dropping the selection and the open question; not while its button is disabled", () => {
    const { toolbar, confirm, log, button } = setUp();
    probe(log);
    toolbar.build();
    confirm.ask("Deal again?", "Deal", "Keep playing", () => {});
    button("probe").click();
    expect(log.slice(1)).toEqual(["selection cleared", "run"]);
    expect(confirm.el).toBeNull();
    button("probe").disabled = true;
    button("probe").click();
    expect(log.slice(1)).toEqual(["selection cleared", "run"]);
  });

  it("says why from a key while it is off; a click or the banner does nothing then", () => {
    const { toolbar, api, log } = setUp();
    probe(log);
    toolbar.build();
    api.state.on = false;
    const control = controls[0];
    toolbar.run(control, true);
    toolbar.run(control);
    toolbar.runAction("probe");
    expect(log).toEqual(["mount", "refused"]);
    api.state.on = true;
    toolbar.runAction("probe");
    expect(log).toEqual(["mount", "refused", "run"]);
  });

  it("runs nothing once the kernel is gone", () => {
    const { toolbar, host, log } = setUp();
    probe(log);
    toolbar.build();
    host.lost = true;
    toolbar.run(controls[0], true);
    toolbar.runAction("probe");
    expect(log).toEqual(["mount"]);
  });
});

describe("panels", () => {
  /** @param {string[]} log */
  const withPanel = (log) => probe(log, {
    run: undefined,
    panel: {
      render: (_t, el) => { el.textContent = "the panel"; log.push("render"); },
      update: () => { log.push("panel update"); },
    },
  });

  it("opens and closes its panel (aria-expanded), which follows each update while open", () => {
    const { toolbar, log, button } = setUp();
    withPanel(log);
    toolbar.build();
    toolbar.run(controls[0]);
    const panel = /** @type {HTMLElement} */ (toolbar.panels.get("probe"));
    expect(panel.dataset.panel).toBe("probe");
    expect(panel.textContent).toBe("the panel");
    expect(toolbar.panelsEl.contains(panel)).toBe(true);
    expect(button("probe").getAttribute("aria-expanded")).toBe("true");
    toolbar.update();
    expect(log).toEqual(["mount", "render", "update", "panel update"]);
    toolbar.run(controls[0]);
    expect(toolbar.panels.size).toBe(0);
    expect(panel.isConnected).toBe(false);
    expect(button("probe").getAttribute("aria-expanded")).toBe("false");
    toolbar.update();
    expect(log.at(-1)).toBe("update");
  });

  it("opens the panels a control wants open as the table is built, once, and closes them at the next build", () => {
    const { toolbar, log } = setUp();
    probe(log, { run: undefined, startOpen: () => true, panel: { render: () => { log.push("render"); } } });
    toolbar.build();
    toolbar.openStartPanels();
    toolbar.openStartPanels();
    expect(log).toEqual(["mount", "render"]);
    toolbar.build();
    expect(toolbar.panels.size).toBe(0);
  });

  it("keeps the focus in the table: a closing panel leaves it on its button", () => {
    const { toolbar, root, log, button } = setUp();
    probe(log, { run: undefined, panel: { render: (_t, el) => el.append(document.createElement("button")) } });
    toolbar.build();
    toolbar.run(controls[0]);
    /** @type {HTMLElement} */ (toolbar.panels.get("probe")?.querySelector("button")).focus();
    toolbar.closePanel("probe");
    expect(document.activeElement).toBe(button("probe"));
    expect(root.contains(document.activeElement)).toBe(true);
  });
});

describe("the focus on a button that goes", () => {
  it("goes back to the pile the keyboard was on when its button is disabled under it", () => {
    const { toolbar, api, focus, log, button } = setUp();
    probe(log);
    toolbar.build();
    toolbar.update();
    focus.set("waste", false);
    button("probe").focus();
    api.state.on = false;
    toolbar.update();
    expect(document.activeElement?.getAttribute("data-pile")).toBe("waste");
  });

  it("stays where it is when another button is disabled", () => {
    const { toolbar, api, log, button } = setUp();
    probe(log);
    registerControl({ action: "plain", label: "Plain", title: "Another" });
    toolbar.build();
    toolbar.update();
    button("plain").focus();
    api.state.on = false;
    toolbar.update();
    expect(document.activeElement).toBe(button("plain"));
  });
});
