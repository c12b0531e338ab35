// @vitest-environment jsdom
// The solver's help on the real table with a fake model: Hint (button and h
// key) marks the hinted card and target, Solve turns into Stop while it runs,
// Play it out is offered while the position is on a winning line (`line`),
// and a click or any key while busy only stops.
import { describe, expect, it } from "vitest";
import states from "./fixtures/states.json";
import { FakeModel, settle } from "./fake-model.js";
import { tableHost } from "./host.js";
import { assistText, busy, hintWords } from "../src/assist.js";

const table = tableHost();

function mount() {
  const model = new FakeModel({ ...states.cruel.start, assist: {} });
  const root = table.render(model);
  /** @param {string} action */
  const button = (action) => /** @type {HTMLButtonElement} */ (root.querySelector(`button[data-action="${action}"]`));
  /** @param {string} id */
  const pile = (id) => /** @type {HTMLElement} */ (root.querySelector(`.sw-pile[data-pile="${id}"]`));
  const line = () => /** @type {HTMLElement} */ (root.querySelector(".sw-assist"));
  return { model, root, button, pile, line };
}

describe("assist texts", () => {
  it("says the hint only for the position it is about, and the play-out's progress", () => {
    const hint = { kind: "hint", move: "t3 f0", reason: "sends 2♥ home", version: 4 };
    expect(assistText(hint, 4, { t3: [-1, 5, 14] })).toBe("Hint: move 2♥ from t3 to f0. Sends 2♥ home.");
    expect(assistText(hint, 5)).toBe("");
    expect(hintWords("waste t1", { waste: [6] })).toBe("move 7♠ from the waste to t1");
    // A stock action by the game's own name (the reason, from the kernel, says what it does).
    expect(hintWords("p21+waste f0", { p21: [4], waste: [7] })).toBe(
      "move 5♠ from p21 and 8♠ from the waste together to f0");
    expect(hintWords("draw")).toBe("draw");
    expect(hintWords("gather")).toBe("gather");
    // A run: its lowest and top cards, and how many.
    expect(hintWords("t3 t5 3", { t3: [-1, 20, 19, 31, 4] })).toBe("move 7♥…5♠ (3 cards) from t3 to t5");
    expect(hintWords("t3 f0 13", { t3: [-1] })).toBe("move the top 13 cards from t3 to f0");
    expect(assistText({ kind: "hint", move: "redeal", reason: "part of a winning line (3 moves to win): frees 2♠", version: 1 }, 1))
      .toBe("Hint: redeal. Part of a winning line (3 moves to win): frees 2♠.");
    expect(assistText({ kind: "solve", state: "won", text: "winnable in 12 moves", version: 1 }, 1)).toBe("Winnable in 12 moves.");
    expect(assistText({ kind: "play", state: "playing", done: 3, moves: 12 }, 9)).toMatch(/^Playing it out: move 3 of 12 .*\.$/);
    expect(busy({ kind: "solve", state: "running" })).toBe(true);
    expect(busy({ kind: "solve", state: "won" })).toBe(false);
  });
});

describe("hint, solve, play it out", () => {
  it("asks for a hint by button and h key and marks its card and target", async () => {
    const { model, root, button, pile, line } = mount();
    button("hint").click();
    expect(model.sent.at(-1)).toMatchObject({ request: "hint", version: 0 });
    model.reply(true);
    const [source, target] = states.cruel.start.legal[0].split(" ");
    model.update({ assist: { kind: "hint", move: `${source} ${target}`, source, target, reason: "frees a card", version: 0 } });
    await settle();
    expect(pile(source).classList.contains("sw-hinted")).toBe(true);
    expect(pile(target).classList.contains("sw-hint-target")).toBe(true);
    expect(root.querySelectorAll(".sw-hinted, .sw-hint-target").length).toBe(2);
    expect(line().hidden).toBe(false);
    expect(line().textContent).toMatch(new RegExp(`^Hint: move \\S+ from ${source} to ${target}\\. Frees a card\\.$`));
    // the position moved on: the marks go
    model.update({ version: 1 });
    await settle();
    expect(root.querySelectorAll(".sw-hinted, .sw-hint-target").length).toBe(0);
    expect(line().hidden).toBe(true);
    pile(source).dispatchEvent(new KeyboardEvent("keydown", { key: "h", bubbles: true }));
    expect(model.sent.at(-1)).toMatchObject({ request: "hint" });
  });

  it("marks the cards a proven loss is about while its position stands", async () => {
    const { model, root } = mount();
    const card = (/** @type {number} */ id) => /** @type {HTMLElement} */ (root.querySelector(`.sw-card[data-card="${id}"]`));
    const [a, b] = [...root.querySelectorAll(".sw-card[data-card]")].slice(0, 2).map((el) => Number(/** @type {HTMLElement} */ (el).dataset.card));
    model.update({ assist: { kind: "solve", state: "lost", text: "no win exists from here: …", cards: [a, b], version: 0 } });
    await settle();
    expect([...root.querySelectorAll(".sw-stuck")].map((el) => Number(/** @type {HTMLElement} */ (el).dataset.card)).sort())
      .toEqual([a, b].sort());
    expect(card(a).classList.contains("sw-stuck")).toBe(true);
    // a verdict about another position marks nothing; a won verdict's cards are not read
    model.update({ version: 1 });
    await settle();
    expect(root.querySelectorAll(".sw-stuck").length).toBe(0);
    model.update({ assist: { kind: "solve", state: "won", text: "winnable in 3 moves", cards: [a], version: 1 } });
    await settle();
    expect(root.querySelectorAll(".sw-stuck").length).toBe(0);
  });

  it("turns Solve into Stop while busy, stops on a click, and offers Play it out for this position", async () => {
    const { model, button, pile, line } = mount();
    expect(button("play_out").disabled).toBe(true);
    button("solve").click();
    expect(model.sent.at(-1)).toMatchObject({ request: "solve" });
    model.reply(true);
    model.update({ assist: { kind: "solve", state: "running", text: "solving", version: 0 } });
    await settle();
    expect(button("solve").textContent).toBe("Stop");
    expect(button("hint").disabled).toBe(true);
    const sent = model.sent.length;
    pile("t3").dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 0 }));
    pile("t3").dispatchEvent(new PointerEvent("pointerup", { bubbles: true, button: 0 }));
    expect(model.sent.length).toBe(sent + 1);
    expect(model.sent.at(-1)).toMatchObject({ request: "stop" });
    model.reply(true);
    model.update({ assist: { kind: "solve", state: "won", text: "winnable in 12 moves", moves: 12, version: 0 }, line: 12 });
    await settle();
    expect(button("solve").textContent).toBe("Solve");
    expect(line().textContent).toBe("Winnable in 12 moves.");
    expect(button("play_out").disabled).toBe(false);
    button("play_out").click();
    expect(model.sent.at(-1)).toMatchObject({ request: "play_out" });
    // a hint, or a move along the line, keeps it; leaving the line ends it
    model.reply(true);
    model.update({ version: 1, line: 11, assist: { kind: "hint", move: "t3 f0", source: "t3", target: "f0", reason: "r", version: 1 } });
    await settle();
    expect(button("play_out").disabled).toBe(false);
    model.update({ version: 2, line: 0, assist: {} });
    await settle();
    expect(button("play_out").disabled).toBe(true);
  });

  it("takes any key or click during a play-out to stop it, and nothing else happens", async () => {
    const { model, root, button, pile } = mount();
    model.update({ line: 12, assist: { kind: "play", state: "playing", done: 2, moves: 12, version: 0 } });
    await settle();
    pile("t3").focus();
    const sent = model.sent.length;
    for (const k of ["ArrowRight", "Enter", " ", "z", "h", "x"]) {
      const e = new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true });
      pile("t3").dispatchEvent(e);
      expect(e.defaultPrevented, k).toBe(true);
      expect(model.sent.at(-1), k).toMatchObject({ request: "stop" });
      model.reply(true);
    }
    expect(model.sent.length).toBe(sent + 6);
    expect(root.querySelector(".sw-focus")?.getAttribute("data-pile")).toBe("t3"); // the arrow moved nothing
    expect(root.querySelector(".sw-selected")).toBeNull(); // Enter picked up nothing
    // a click on a button only stops too: Undo does not run
    const undo = button("undo");
    undo.disabled = false;
    undo.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 0 }));
    undo.dispatchEvent(new PointerEvent("pointerup", { bubbles: true, button: 0 }));
    undo.click();
    expect(model.sent.at(-1)).toMatchObject({ request: "stop" });
    expect(model.sent.filter((m) => m.request === "undo")).toHaveLength(0);
  });
});
