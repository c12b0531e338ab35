// @vitest-environment jsdom
// The inputs on their own: pointer.js and keyboard.js over an input API the
// test makes (a real pile layer, selection, focus and question; the moves,
// words and controls they ask for recorded), never a table. Then the input
// API's own words, on the real table.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, onTestFinished } from "vitest";
import states from "./fixtures/states.json";
import { pileParts, selectionHost } from "./parts.js";
import { FakeModel } from "./fake-model.js";
import { pointer as press, tap } from "./gestures.js";
import { tableHost } from "./host.js";
import { PointerInput } from "../src/pointer.js";
import { KeyboardInput } from "../src/keyboard.js";
import { Selection } from "../src/selection.js";
import { RovingFocus } from "../src/focus.js";
import { InlineConfirm } from "../src/confirm.js";

const klondike = /** @type {any} */ (states.klondike.start); // t5: three face-up cards that move together

/**
 * An input API over a position, the pointer and keyboard inputs on it, and
 * `calls`: what they asked the table for.
 * @param {Record<string, any>} [state]
 */
function setUp(state = klondike) {
  const parts = pileParts(state);
  const { root, felt, layer, layout } = parts;
  const host = selectionHost(state, layer);
  const selection = new Selection(/** @type {any} */ (host));
  const focus = new RovingFocus(root, layer.records);
  focus.reset(layout, state.pile_ids);
  /** @type {any[][]} */
  const calls = [];
  /** @type {Array<(e: Event) => boolean>} */
  const interrupters = [];
  /** @type {any} the reply the next move gets */
  let reply = { ok: true };
  const input = {
    root, felt, piles: layer.records,
    /** @param {EventTarget | null} target */
    pileAt: (target) => layer.pileAt(target),
    /** @param {string} pile @param {EventTarget | null} target */
    cardIndex: (pile, target) => layer.cardIndex(pile, target),
    isStock: host.isStock,
    legal: host.legal, lost: false, reducedMotion: true,
    /** @param {string} source @param {string} target @param {number} [count] */
    gesture: (source, target, count = 1) => host.legal.gesture(source, target, count, state.pair_targets ?? [], true),
    /** @param {string} source @param {string} target @param {number} [count] */
    move: (source, target, count = 1) => {
      calls.push(["move", source, target, count]);
      return Promise.resolve(reply);
    },
    /** @param {string} pile */
    toFoundation: (pile) => { calls.push(["home", pile]); return true; },
    playStock: () => { calls.push(["stock"]); },
    cancelDrag: () => pointer.cancelDrag(),
    /** @param {Event} e */
    interrupt: (e) => interrupters.some((take) => take(e)),
    selection,
    toolbar: { run: (/** @type {any} */ control, /** @type {boolean} */ byKey) => { calls.push(["control", control.action, byKey]); } },
    confirm: new InlineConfirm(root),
    focus,
    /** @param {string} text */
    say: (text) => { calls.push(["say", text]); },
    /** @param {string} text @param {string} kind @param {string | null} [pile] */
    showMessage: (text, kind, pile = null) => { calls.push(["message", text, pile]); },
    /** @param {() => void} fn @param {number} ms */
    later: (fn, ms) => setTimeout(fn, ms),
  };
  const stop = new AbortController();
  onTestFinished(() => stop.abort());
  const pointer = new PointerInput(/** @type {any} */ (input), stop.signal);
  const keyboard = new KeyboardInput(/** @type {any} */ (input), stop.signal);
  // jsdom lays nothing out: each pile gets a box of its own, 100 px apart
  [...felt.querySelectorAll(".sw-pile")].forEach((el, i) => {
    el.getBoundingClientRect = () => /** @type {DOMRect} */ ({ left: i * 100, top: 0, right: i * 100 + 80, bottom: 100, width: 80, height: 100 });
  });
  return {
    ...parts, input, pointer, keyboard, selection, focus, calls, interrupters, host,
    /** @param {any} r */
    replyWith: (r) => { reply = r; },
  };
}

/** Press on `from`, move over the pile `to` (not released). @param {Element} from @param {HTMLElement} to */
function dragOver(from, to) {
  const box = to.getBoundingClientRect();
  press(from, "pointerdown");
  press(from, "pointermove", { clientX: box.left + 10, clientY: 20 });
  return { clientX: box.left + 10, clientY: 20 };
}

/** @param {Element} el @param {string} key @param {KeyboardEventInit} [init] */
function key(el, key, init = {}) {
  const e = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, composed: true, ...init });
  el.dispatchEvent(e);
  return e;
}

describe("the inputs see the table through the input API only", () => {
  it.each(["pointer.js", "keyboard.js"])("%s names neither the table nor its module", (file) => {
    const source = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "src", file), "utf8");
    expect(source).not.toMatch(/table\.js|CardTable/);
    expect(source).toMatch(/InputApi/);
  });
});

describe("the pointer", () => {
  it("takes the focus to a pressed pile without moving the DOM focus", () => {
    const { pileEl, focus } = setUp();
    press(pileEl("t3"), "pointerdown");
    expect(focus.pile).toBe("t3");
    expect(pileEl("t3").tabIndex).toBe(0);
    expect(document.activeElement).toBe(document.body);
  });

  it("picks up a run from the card clicked and asks for its move on the next click", () => {
    const { cardEl, pileEl, calls, selection } = setUp();
    tap(cardEl("t5", 4));
    expect([selection.pile, selection.count]).toEqual(["t5", 3]);
    tap(pileEl("t6"));
    expect(calls).toEqual([["move", "t5", "t6", 3]]);
    expect(selection.pile).toBeNull();
  });

  it("asks for the stock's action on the stock, for home on a double-click, and drops the pick on the felt", () => {
    const { pileEl, felt, calls, selection } = setUp();
    tap(pileEl("stock"));
    tap(pileEl("waste"));
    tap(pileEl("waste"));
    expect(calls).toEqual([["stock"], ["home", "waste"]]);
    tap(pileEl("t1"));
    expect(selection.pile).toBe("t1");
    tap(felt);
    expect(selection.pile).toBeNull();
  });

  it("drags a run onto a pile, leaves it there until the piles change, and asks for the move", async () => {
    const { cardEl, pileEl, calls, pointer, felt } = setUp();
    const at = dragOver(cardEl("t5", 4), pileEl("t6"));
    expect(pileEl("t6").classList.contains("sw-over")).toBe(true);
    press(cardEl("t5", 4), "pointerup", at);
    expect(calls).toEqual([["move", "t5", "t6", 3]]);
    expect(pileEl("t6").classList.contains("sw-over")).toBe(false);
    expect(felt.querySelectorAll(".sw-dragging")).toHaveLength(3); // where they were dropped
    pointer.landed();
    expect(felt.querySelectorAll(".sw-dragging")).toHaveLength(0);
    expect(pileEl("t5").classList.contains("sw-lifting")).toBe(false);
  });

  it("puts dropped cards back when the kernel refuses, or at once where the move is not legal", async () => {
    const { cardEl, pileEl, calls, felt, replyWith } = setUp();
    replyWith({ ok: false, reason: "not now" });
    press(cardEl("t5", 4), "pointerup", dragOver(cardEl("t5", 4), pileEl("t6")));
    expect(felt.querySelectorAll(".sw-dragging")).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the reply
    expect(felt.querySelectorAll(".sw-dragging")).toHaveLength(0);
    replyWith({ ok: true });
    press(cardEl("t5", 5), "pointerup", dragOver(cardEl("t5", 5), pileEl("t6"))); // two cards: not legal
    expect(calls.at(-1)).toEqual(["move", "t5", "t6", 2]); // the kernel says why
    expect(felt.querySelectorAll(".sw-dragging")).toHaveLength(0);
  });

  it("asks for nothing once the kernel is gone", () => {
    const { cardEl, pileEl, calls, selection, input } = setUp();
    input.lost = true;
    tap(cardEl("t5", 4));
    press(cardEl("t5", 4), "pointerup", dragOver(cardEl("t5", 4), pileEl("t6")));
    expect(calls).toEqual([]);
    expect(selection.pile).toBeNull();
  });
});

describe("the keyboard", () => {
  it("picks up with Enter, one more of the run with each Enter again, and drops on another pile", () => {
    const { pileEl, calls, selection } = setUp();
    pileEl("t5").focus();
    key(pileEl("t5"), "Enter");
    key(pileEl("t5"), " ");
    expect([selection.pile, selection.count]).toEqual(["t5", 2]);
    expect(calls.at(-1)?.[0]).toBe("say");
    key(pileEl("t6"), "Enter");
    expect(calls.at(-1)).toEqual(["move", "t5", "t6", 2]);
  });

  it("picks as many as a digit says, or says how many move; plays the stock on Enter there", () => {
    const { pileEl, calls, selection } = setUp();
    key(pileEl("t5"), "3");
    expect([selection.pile, selection.count]).toEqual(["t5", 3]);
    key(pileEl("t4"), "4");
    expect(calls.at(-1)).toEqual(["message", "only the top 2 cards of t4 move together now", "t4"]);
    expect(key(pileEl("stock"), "2").defaultPrevented).toBe(false);
    key(pileEl("stock"), "Enter");
    expect(calls.at(-1)).toEqual(["stock"]);
    expect(selection.pile).toBeNull();
  });

  it("moves the focus with the arrows, and sets the pile under it apart (sw-focus)", () => {
    const { pileEl, focus } = setUp();
    pileEl("stock").focus();
    expect(pileEl("stock").classList.contains("sw-focus")).toBe(true);
    key(pileEl("stock"), "ArrowRight");
    expect(document.activeElement).toBe(pileEl(focus.rows[0][1].pile));
    expect(pileEl("stock").classList.contains("sw-focus")).toBe(false);
  });

  it("puts back dragged cards, or else the picked-up ones, with Escape; lets it go otherwise", () => {
    const { cardEl, pileEl, felt, selection } = setUp();
    dragOver(cardEl("t5", 4), pileEl("t6"));
    expect(felt.querySelectorAll(".sw-dragging")).toHaveLength(3);
    expect(key(pileEl("t5"), "Escape").defaultPrevented).toBe(true);
    expect(felt.querySelectorAll(".sw-dragging")).toHaveLength(0);
    expect(selection.pile).toBeNull();
    key(pileEl("t1"), "Enter");
    expect(key(pileEl("t1"), "Escape").defaultPrevented).toBe(true);
    expect(selection.pile).toBeNull();
    expect(key(pileEl("t1"), "Escape").defaultPrevented).toBe(false);
  });

  it("runs a control's key through the toolbar; Escape answers the open question", () => {
    const { pileEl, calls, input, root } = setUp();
    key(pileEl("t1"), "Enter");
    key(pileEl("t1"), "z");
    expect(calls.at(-1)).toEqual(["control", "undo", true]);
    expect(input.selection.pile).toBeNull();
    input.confirm.ask("Deal again?", "Deal", "Keep playing", () => calls.push(["yes"]));
    key(/** @type {HTMLElement} */ (root.querySelector('[data-confirm="no"]')), "Escape");
    expect(input.confirm.el).toBeNull();
    expect(calls.at(-1)).toEqual(["control", "undo", true]);
  });

  it("gives a key to an interrupter first, and only moves the focus once the kernel is gone", () => {
    const { pileEl, calls, interrupters, input, selection } = setUp();
    interrupters.push(() => true);
    expect(key(pileEl("t5"), "Enter").defaultPrevented).toBe(true);
    expect(selection.pile).toBeNull();
    interrupters.length = 0;
    input.lost = true;
    key(pileEl("t5"), "Enter");
    key(pileEl("t5"), "z");
    expect(calls).toEqual([]);
    pileEl("t5").focus();
    key(pileEl("t5"), "ArrowRight");
    expect(document.activeElement).not.toBe(pileEl("t5"));
  });

  it("keeps the keys aimed inside the table from the page, but not its shortcuts", () => {
    const { pileEl } = setUp();
    /** @type {string[]} */
    const heard = [];
    /** @param {KeyboardEvent} e */
    const listen = (e) => { heard.push(e.key); };
    document.addEventListener("keydown", listen);
    onTestFinished(() => document.removeEventListener("keydown", listen));
    key(pileEl("t5"), "m");
    key(pileEl("t5"), "s", { ctrlKey: true });
    key(document.body, "m");
    expect(heard).toEqual(["s", "m"]);
  });
});

describe("the input API on the table", () => {
  const table = tableHost();

  it("says why a double-clicked card does not go home, except from a foundation", () => {
    const state = structuredClone(states.midshipman.start);
    state.legal = ["t3 t1", "draw"];
    state.piles.f0 = [0];
    const model = new FakeModel(state);
    const root = table.render(model);
    /** @param {string} id */
    const pile = (id) => /** @type {HTMLElement} */ (root.querySelector(`.sw-pile[data-pile="${id}"]`));
    const message = () => root.querySelector(".sw-message")?.textContent ?? "";
    tap(pile("f0"));
    tap(pile("f0"));
    expect(message()).not.toBe("No foundation takes that card now.");
    tap(pile("t3"));
    tap(pile("t3"));
    expect(model.sent).toEqual([]);
    expect(message()).toBe("No foundation takes that card now.");
  });
});

describe("pairs on the table (Pyramid)", () => {
  const pyramid = states.pyramid.start;

  it("a pick lights its partners, and a click on one asks for the pair; a covered card says why it stays", () => {
    const { cardEl, selection, calls, host } = setUp(pyramid);
    tap(cardEl("p2", 0));
    expect(selection.pile).toBe("p2");
    expect(selection.targets).toEqual(["waste"]);
    tap(cardEl("waste", 0));
    expect(calls).toContainEqual(["move", "p2", "waste", 1]);
    expect(host.legal.gesture("p2", "waste", 1, pyramid.pair_targets, true)).toBe("waste+p2 f0"); // (as the kernel lists it: the piles in the game's order)
    tap(cardEl("p0", 0));
    expect(selection.pile).toBeNull();
    expect(host.messages.at(-1)).toEqual({ text: "A♠ is covered by p1 and p2: a card plays only once nothing lies on it",
      kind: "info", pile: "p0" });
  });
});
