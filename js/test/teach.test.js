// @vitest-environment jsdom
// The teaching controls: the safe Markdown reader, the Rules panel, Explain
// mode and the Replay bar, on the real table with a fake model.
import { describe, expect, it } from "vitest";
import states from "./fixtures/states.json";
import { FakeModel, settle } from "./fake-model.js";
import { tableHost } from "./host.js";
import { markdownFragment } from "../src/markdown.js";
import { groupReasons, pileList } from "../src/explain.js";

const table = tableHost();

const RULES = "### Cruel\n\n- **Deal**: the four aces go to f0–f3.\n- **Redeal**: `gather` <img src=x onerror=alert(1)>\n\nOptions in force: `gather=\"pysol\"`.";

/** @param {Record<string, any>} extra */
function mount(extra = {}) {
  const model = new FakeModel({ ...states.cruel.start, rules: RULES, ...extra });
  const root = table.render(model);
  /** @param {string} action */
  const button = (action) => /** @type {HTMLButtonElement} */ (root.querySelector(`button[data-action="${action}"]`));
  /** @param {string} action */
  const panel = (action) => /** @type {HTMLElement | null} */ (root.querySelector(`.sw-panel[data-panel="${action}"]`));
  return { model, root, button, panel };
}

describe("markdown", () => {
  it("reads headings, bullets, bold and code into elements and text nodes only", () => {
    const div = document.createElement("div");
    div.append(markdownFragment(RULES));
    expect(div.querySelector("h5")?.textContent).toBe("Cruel");
    expect([...div.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "Deal: the four aces go to f0–f3.", "Redeal: gather <img src=x onerror=alert(1)>",
    ]);
    expect(div.querySelector("li strong")?.textContent).toBe("Deal");
    expect(div.querySelector("p code")?.textContent).toBe('gather="pysol"');
    expect(div.querySelector("img")).toBeNull();
  });

  it("shows a game's own words as written: escapes and entities undone, never a tag or a span", () => {
    // sw.rules() of a game class titled and worded as below (text.literal)
    const text = "### &lt;img src=x onerror=alert(1)&gt;\n\n" +
      "- **a \\*b\\* &amp; c**: \\*\\*not bold\\*\\* \\`not code\\` \\[link\\](javascript:x) 2 \\\\ 3 &amp;lt;";
    const div = document.createElement("div");
    div.append(markdownFragment(text));
    expect(div.querySelector("h5")?.textContent).toBe("<img src=x onerror=alert(1)>");
    expect(div.querySelector("li strong")?.textContent).toBe("a *b* & c");
    expect(div.querySelector("li")?.textContent).toBe(
      "a *b* & c: **not bold** `not code` [link](javascript:x) 2 \\ 3 &lt;");
    expect(div.querySelectorAll("strong").length).toBe(1);
    expect(div.querySelector("img, code, a")).toBeNull();
  });
});

describe("rules panel", () => {
  it("opens from its button and the r key, and shows the rules trait", () => {
    const { root, button, panel } = mount();
    button("rules").click();
    expect(panel("rules")?.querySelector("li strong")?.textContent).toBe("Deal");
    expect(panel("rules")?.querySelector("img")).toBeNull();
    // a region with a name, reachable by keyboard; closing it with the focus inside keeps the focus in the table
    expect(panel("rules")?.getAttribute("role")).toBe("region");
    expect(panel("rules")?.getAttribute("aria-label")).toBe("Rules");
    panel("rules")?.focus();
    panel("rules")?.dispatchEvent(new KeyboardEvent("keydown", { key: "r", bubbles: true }));
    expect(panel("rules")).toBeNull();
    expect(document.activeElement).toBe(button("rules"));
  });

  it("shows the options in force in the title line", () => {
    const { root } = mount({ options: { gather: "pysol" } });
    expect(root.querySelector(".sw-header")?.textContent).toContain("gather=pysol");
  });
});

describe("explain mode", () => {
  it("asks about the hovered card and marks where it can go and why not", async () => {
    const { model, root, button, panel } = mount();
    button("explain").click();
    expect(button("explain").getAttribute("aria-pressed")).toBe("true");
    const [source, target] = states.cruel.move.split(" ");
    const pile = /** @type {HTMLElement} */ (root.querySelector(`.sw-pile[data-pile="${source}"]`));
    pile.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    const asked = model.sent[model.sent.length - 1];
    expect(asked).toMatchObject({ request: "explain", pile: source });
    model.emit("msg:custom", {
      type: "result", id: asked.id, ok: true, reason: "", version: 0,
      explain: { pile: source, card: "9♥", version: 0, targets: { [target]: null, f0: "9♥ cannot go on <b>A♠</b>" } },
    });
    await settle(); // the request's promise resolves to that reply
    const f0 = /** @type {HTMLElement} */ (root.querySelector('.sw-pile[data-pile="f0"]'));
    expect(f0.title).toBe("9♥ cannot go on <b>A♠</b>");
    expect(f0.querySelector("b")).toBeNull();
    expect(root.querySelector(`.sw-pile[data-pile="${target}"]`)?.classList.contains("sw-can-go")).toBe(true);
    expect(panel("explain")?.textContent).toContain(`9♥ on ${source} can go to ${target}.`);
    // the reasons list scrolls: the keyboard reaches it
    const list = /** @type {HTMLElement} */ (panel("explain")?.querySelector(".sw-explain-reasons"));
    expect(list.tabIndex).toBe(0);
    expect(list.getAttribute("aria-label")).toBeTruthy();
    button("explain").click();
    await settle();
    expect(f0.title).toBe("");
    expect(root.querySelectorAll(".sw-can-go, .sw-why-not")).toHaveLength(0);
  });
});

describe("explain reasons", () => {
  it("puts piles with the same reason on one line", () => {
    const same = (/** @type {string} */ p) => `7♣ cannot start ${p}: an empty foundation takes only an ace`;
    const reasons = /** @type {[string, string][]} */ ([
      ["f0", "7♣ cannot go on A♥ (f0): Frog builds the foundations up in rank, any suit, so A♥ takes only a 2"],
      ["f1", "7♣ cannot go on 2♠ (f1): Frog builds the foundations up in rank, any suit, so 2♠ takes only a 3"],
      ...["f3", "f4", "f5", "f6", "f7"].map((p) => /** @type {[string, string]} */ ([p, same(p)])),
      ["t1", "t1 takes only cards from the waste"], ["t2", "t2 takes only cards from the waste"],
    ]);
    expect(groupReasons(reasons)).toEqual([
      reasons[0], reasons[1],
      ["f3–f7", "7♣ cannot start f3–f7: an empty foundation takes only an ace"],
      ["t1, t2", "t1, t2 takes only cards from the waste"],
    ]);
    expect(pileList(["f0", "f1", "f2", "f5", "t0"])).toBe("f0–f2, f5, t0");
    expect(pileList(["t0", "t1"])).toBe("t0, t1");
  });
});

describe("replay bar", () => {
  it("is open when the replay trait is set and seeks through the history", () => {
    const { model, panel } = mount({ replay: true, counters: { ...states.cruel.start.counters, moves: 3, redo: 2, can_undo: true } });
    const bar = /** @type {HTMLElement} */ (panel("replay"));
    const slider = /** @type {HTMLInputElement} */ (bar.querySelector("input[type=range]"));
    expect([slider.max, slider.value]).toEqual(["5", "3"]);
    /** @param {string} step */
    const step = (step) => /** @type {HTMLButtonElement} */ (bar.querySelector(`button[data-step="${step}"]`));
    step("first").click();
    expect(model.sent[model.sent.length - 1]).toMatchObject({ request: "seek", to: 0 });
    model.reply(true);
    step("forward").click();
    expect(model.sent[model.sent.length - 1]).toMatchObject({ request: "seek", to: 4 });
    model.reply(true);
    slider.value = "1";
    slider.dispatchEvent(new Event("change"));
    expect(model.sent[model.sent.length - 1]).toMatchObject({ request: "seek", to: 1 });
  });

  it("disables stepping past either end", () => {
    const { button, panel } = mount({ counters: { ...states.cruel.start.counters, moves: 0, redo: 0 } });
    button("replay").click();
    const bar = /** @type {HTMLElement} */ (panel("replay"));
    expect([...bar.querySelectorAll("button[data-step]")].every((b) => /** @type {HTMLButtonElement} */ (b).disabled)).toBe(true);
  });
});
