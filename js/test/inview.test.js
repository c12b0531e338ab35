// @vitest-environment jsdom
// Answers where the player looks: words on the felt placed clear of the
// cards' indices and the rings (placement.js), the refusal gone at the next
// action and shown as long as it takes to read, the table's question over
// the felt by the card it is about, the solver's words on the felt while
// their line under the buttons is out of view (inview.js), the puzzle's
// question over the felt.
import { afterEach, describe, expect, it } from "vitest";
import states from "./fixtures/states.json";
import { FakeModel, settle } from "./fake-model.js";
import { pointer, tap } from "./gestures.js";
import { tableHost } from "./host.js";
import { CardTable } from "../src/table.js";
import { readingMs } from "../src/message.js";
import { COST, distance, overlap, placeBox, roomFor } from "../src/placement.js";
import { inView } from "../src/inview.js";

/** @typedef {import("../src/placement.js").Box} Box */

describe("a place for words on the felt", () => {
  const area = { x: 0, y: 0, w: 400, h: 300 };
  const near = { x: 100, y: 100, w: 60, h: 84 };

  it("is by the card they are about when that covers nothing", () => {
    const at = placeBox({ w: 120, h: 40 }, area, [], near, 10);
    expect(distance({ ...at, w: 120, h: 40 }, near)).toBe(0);
  });

  it("goes further to spare a card's index, further still to spare a ring", () => {
    const size = { w: 120, h: 40 };
    // indices all along under and over the card, but for the band at y 240
    const indices = [0, 40, 180, 200].map((y) => ({ box: { x: 0, y, w: 400, h: 30 }, cost: COST.index }));
    const at = placeBox(size, area, indices, near, 1);
    expect(indices.every((o) => overlap({ ...at, ...size }, o.box) === 0)).toBe(true);
    const ring = { box: { x: 0, y: 230, w: 400, h: 70 }, cost: COST.ring };
    const spared = placeBox(size, area, [...indices, ring], near, 1);
    expect(overlap({ ...spared, ...size }, ring.box)).toBe(0);
  });

  it("stays inside its area, and an area too small for it grows around its middle", () => {
    const at = placeBox({ w: 120, h: 40 }, area, [], { x: 390, y: 290, w: 60, h: 84 }, 10);
    expect(at.x + 120).toBeLessThanOrEqual(400);
    expect(at.y + 40).toBeLessThanOrEqual(300);
    expect(roomFor({ w: 100, h: 50 }, { x: 10, y: 100, w: 300, h: 20 }, area)).toEqual({ x: 10, y: 85, w: 300, h: 50 });
    expect(roomFor({ w: 10, h: 10 }, null, area)).toBe(area);
  });
});

const host = tableHost();

/**
 * A real table with a fake model, its words measured as a browser would lay
 * them out (jsdom lays nothing out): the message and the question `size`.
 * @param {Record<string, any>} state
 * @param {{w: number, h: number}} [size]
 */
function mount(state, size = { w: 340, h: 46 }) {
  const model = new FakeModel({ assist: {}, ...state });
  const root = host.render(model);
  sized(/** @type {HTMLElement} */ (root.querySelector(".sw-message")), size);
  /** @param {string} id */
  const pile = (id) => /** @type {HTMLElement} */ (root.querySelector(`.sw-pile[data-pile="${id}"]`));
  const message = () => /** @type {HTMLElement} */ (root.querySelector(".sw-message"));
  return { model, root, pile, message };
}

/** @param {HTMLElement} el @param {{w: number, h: number}} size */
function sized(el, size) {
  Object.defineProperty(el, "offsetWidth", { configurable: true, get: () => size.w });
  Object.defineProperty(el, "offsetHeight", { configurable: true, get: () => size.h });
}

/** Where words lie on the felt (their style). @param {HTMLElement} el @param {{w: number, h: number}} size */
const boxOf = (el, size) => ({ x: parseFloat(el.style.left), y: parseFloat(el.style.top), ...size });

/**
 * Where a player reads each face-up card (felt px): the top strip of a card
 * in a downward fan, else its top-left corner; a stack's top card only.
 * @param {HTMLElement} root
 * @returns {Box[]}
 */
function indices(root) {
  const px = (/** @type {string} */ name) => parseFloat(root.style.getPropertyValue(name));
  const cw = px("--sw-cw");
  const out = [];
  for (const pile of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".sw-pile"))) {
    const cards = /** @type {HTMLElement[]} */ ([...pile.querySelectorAll('.sw-card[data-face="up"]')]);
    const fan = pile.dataset.fan;
    for (const card of fan === "none" ? cards.slice(-1) : cards) {
      const x = parseFloat(pile.style.left) + parseFloat(card.style.left);
      const y = parseFloat(pile.style.top) + parseFloat(card.style.top);
      out.push(fan === "down" ? { x, y, w: cw, h: px("--sw-ix-strip") } : { x, y, w: px("--sw-ix-w"), h: px("--sw-ix-h") });
    }
  }
  return out;
}

describe("a refusal on the felt", () => {
  /** @type {CardTable | null} */
  let phone = null;
  afterEach(() => {
    phone?.destroy();
    phone = null;
  });

  it("covers no card's index on a phone's narrow table (under the card lay the next row's)", async () => {
    const model = new FakeModel({ ...states.cruel_refused.start, assist: {} });
    const el = document.createElement("div");
    document.body.append(el);
    phone = new CardTable(model, el, { width: 390, reducedMotion: true });
    const root = /** @type {HTMLElement} */ (el.querySelector(".sw-table"));
    const size = { w: 340, h: 46 };
    const msg = /** @type {HTMLElement} */ (root.querySelector(".sw-message"));
    sized(msg, size);
    const pile = (/** @type {string} */ id) => /** @type {HTMLElement} */ (root.querySelector(`.sw-pile[data-pile="${id}"]`));
    tap(pile("t0"));
    tap(pile("t1"));
    model.reply(false, "5♠ cannot go on 9♥: Cruel builds down in suit, so 9♥ takes only 8♥");
    await settle();
    const box = boxOf(msg, size);
    const covered = indices(root).filter((i) => overlap(box, i) > 0);
    expect(covered).toEqual([]);
    // by the pile it is about: within a card's height of its top card
    const t1 = pile("t1");
    const top = /** @type {HTMLElement} */ ([...t1.querySelectorAll(".sw-card")].at(-1));
    const card = { x: parseFloat(t1.style.left) + parseFloat(top.style.left), y: parseFloat(t1.style.top) + parseFloat(top.style.top),
      w: parseFloat(root.style.getPropertyValue("--sw-cw")), h: parseFloat(root.style.getPropertyValue("--sw-ch")) };
    expect(distance(box, card)).toBeLessThanOrEqual(card.h);
    el.remove();
  });

  it("goes at the player's next action (a press, a key), not at a Tab, and stays as long as it takes to read", async () => {
    const { model, root, pile, message } = mount(states.cruel_refused.start);
    tap(pile("t0"));
    tap(pile("t1"));
    model.reply(false, "5♠ cannot go on 9♥");
    await settle();
    expect(message().classList.contains("sw-dismissed")).toBe(false);
    expect(parseFloat(message().style.getPropertyValue("--sw-fade-ms"))).toBe(readingMs("5♠ cannot go on 9♥."));
    pointer(root.querySelector('button[data-action="hint"]') ?? root, "pointerdown"); // (a Hint tapped right after)
    expect(message().classList.contains("sw-dismissed")).toBe(true);
    tap(pile("t0"));
    tap(pile("t1"));
    model.reply(false, "5♠ cannot go on 9♥ again");
    await settle();
    expect(message().classList.contains("sw-dismissed")).toBe(false);
    for (const [key, gone] of [["Tab", false], ["ArrowRight", true]]) {
      pile("t1").dispatchEvent(new KeyboardEvent("keydown", { key: String(key), bubbles: true, composed: true }));
      expect(message().classList.contains("sw-dismissed")).toBe(gone);
    }
    // a key that says something itself keeps what it said
    pile("t1").dispatchEvent(new KeyboardEvent("keydown", { key: "a", bubbles: true, composed: true }));
    expect(message().textContent).toMatch(/^Auto-drop on/);
    expect(message().classList.contains("sw-dismissed")).toBe(false);
    expect(readingMs("No.")).toBeLessThan(readingMs("5♠ cannot go on 9♥: Cruel builds down in suit, so 9♥ takes only 8♥."));
    expect(readingMs("x".repeat(400))).toBeLessThanOrEqual(7000);
  });
});

describe("the table's question", () => {
  it("shows over the felt by the card the guard sent back, and a press elsewhere on the felt drops it", async () => {
    const { model, root, pile } = mount({ ...states.cruel.start, guard: true });
    for (const id of ["t5", "t6"]) tap(pile(id));
    const asked = model.sent.at(-1);
    const reason = "The move t5 t6 gives up the win: no win is left after it (every line was searched); t8 t7 keeps it.";
    model.emit("msg:custom", { type: "result", id: asked.id, ok: false, reason, version: 0,
      guard: { move: "t5 t6", better: "t8 t7", ask: "Play t5 t6 anyway?" } });
    await settle();
    const question = /** @type {HTMLElement} */ (root.querySelector(".sw-confirm"));
    expect(question.parentElement?.classList.contains("sw-felt")).toBe(true); // not under the buttons
    expect(question.style.top).toMatch(/px$/);
    pointer(question, "pointerdown"); // a press on it keeps it
    expect(root.querySelector(".sw-confirm")).toBe(question);
    pointer(pile("t2"), "pointerdown");
    pointer(pile("t2"), "pointerup");
    expect(root.querySelector(".sw-confirm")).toBeNull();
  });
});

describe("the solver's words", () => {
  /** @param {HTMLElement} el @param {number} top */
  const at = (el, top) => {
    el.getBoundingClientRect = () => /** @type {DOMRect} */ ({ left: 10, right: 500, top, bottom: top + 20, width: 490, height: 20 });
  };

  it("show on the felt too, by the hinted card, while their line under the buttons is out of view", async () => {
    const { model, root, pile, message } = mount(states.cruel.start);
    const line = /** @type {HTMLElement} */ (root.querySelector(".sw-assist"));
    const [source, target] = states.cruel.move.split(" ");
    at(line, 100); // in view: the line says it, nothing more
    model.update({ assist: { kind: "hint", move: `${source} ${target}`, source, target, reason: "frees a card", version: 0 } });
    await settle();
    expect(line.textContent).toMatch(/^Hint: /);
    expect(message().textContent).toBe("");
    at(line, innerHeight + 40); // below the window's edge (the felt fills it)
    model.update({ assist: { kind: "hint", move: `${source} ${target}`, source, target, reason: "frees another card", version: 0 } });
    await settle();
    expect(message().textContent).toBe(line.textContent);
    expect(message().dataset.kind).toBe("hint");
    expect(message().getAttribute("aria-live")).toBe("off"); // the line says it to screen readers
    expect(distance(boxOf(message(), { w: 340, h: 46 }), {
      x: parseFloat(pile(source).style.left), y: parseFloat(pile(source).style.top), w: 1, h: 1 })).toBeLessThan(400);
    // a note of work in progress stays in its line
    const hint = message().textContent;
    model.update({ assist: { kind: "solve", state: "running", text: "Searching for a win", version: 0 } });
    await settle();
    expect(line.textContent).toBe("Searching for a win.");
    expect(message().textContent).toBe(hint);
  });

  it("knows what is in view: inside the window, and a tall element by its top", () => {
    const el = document.createElement("div");
    document.body.append(el);
    at(el, 100);
    expect(inView(el)).toBe(true);
    // JupyterLab's body hides its overflow (the window's) and is 0 px tall: it cuts nothing
    document.body.style.overflowX = document.body.style.overflowY = "hidden";
    expect(inView(el)).toBe(true);
    document.body.style.overflowX = document.body.style.overflowY = "";
    at(el, innerHeight - 10);
    expect(inView(el)).toBe(false);
    el.getBoundingClientRect = () => /** @type {DOMRect} */ ({ left: 0, right: 100, top: 50, bottom: 50 + 2 * innerHeight, width: 100, height: 2 * innerHeight });
    expect(inView(el)).toBe(true);
    el.remove();
  });
});

describe("a puzzle", () => {
  it("asks its question on the felt too, the first time the felt shows without it", async () => {
    const puzzle = { title: "Cruel seed 6, after move 32", question: "Find the one move that keeps the win (2 legal moves).",
      state: "asking", text: "" };
    const { root, message } = mount({ ...states.cruel.start, features: { ...states.cruel.start.features, puzzle: true }, puzzle });
    const ask = /** @type {HTMLElement} */ (root.querySelector(".sw-puzzle-ask"));
    const felt = /** @type {HTMLElement} */ (root.querySelector(".sw-felt"));
    /** @param {HTMLElement} el @param {number} top @param {number} height */
    const place = (el, top, height) => {
      el.getBoundingClientRect = () => /** @type {DOMRect} */ ({ left: 10, right: 700, top, bottom: top + height, width: 690, height });
    };
    const scrolled = async () => {
      document.dispatchEvent(new Event("scroll"));
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    };
    place(felt, innerHeight - 60, 600); // a sliver of the felt shows, and the question over it
    place(ask, innerHeight - 90, 20);
    await scrolled();
    expect(message().textContent).toBe("");
    place(felt, 40, 600); // the felt shows, and the question is above the window
    place(ask, 10, 20);
    await scrolled();
    expect(message().textContent).toBe(""); // (the question still shows)
    place(felt, -20, 600);
    place(ask, -50, 20);
    await scrolled();
    expect([message().textContent, message().dataset.kind]).toEqual([puzzle.question, "info"]);
    message().textContent = "";
    await scrolled(); // once
    expect(message().textContent).toBe("");
  });

  it("shows its verdict by the cards moved while the panel is out of view", async () => {
    const puzzle = { title: "Cruel seed 6, after move 32", question: "Find the one move that keeps the win (2 legal moves).",
      state: "asking", text: "" };
    const { model, root, message } = mount({ ...states.cruel.start, features: { ...states.cruel.start.features, puzzle: true }, puzzle });
    const panel = /** @type {HTMLElement} */ (root.querySelector('.sw-panel[data-panel="puzzle"]'));
    const verdict = "Not this one: t1 t7 loses: every line after it was searched.";
    // the verdict's line will lie under the window's edge
    const proto = HTMLParagraphElement.prototype;
    const was = proto.getBoundingClientRect;
    proto.getBoundingClientRect = function () {
      return /** @type {DOMRect} */ ({ left: 10, right: 500, top: innerHeight + 100, bottom: innerHeight + 120, width: 490, height: 20 });
    };
    try {
      model.update({ version: 1, puzzle: { ...puzzle, state: "wrong", move: "t1 t7", text: verdict } });
      await settle();
    } finally {
      proto.getBoundingClientRect = was;
    }
    expect(panel.querySelector(".sw-puzzle-verdict")?.textContent).toBe(verdict);
    expect([message().textContent, message().dataset.kind]).toEqual([verdict, "error"]);
  });
});
