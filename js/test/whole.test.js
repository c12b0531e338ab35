// @vitest-environment jsdom
// Piles that move only whole (Accordion's: the `whole_piles` trait) and a
// game's own action that no stock plays (Clock's turn): a press anywhere on
// a whole pile lifts all of it and its move is written without a count, by
// pointer, click and keyboard; the Play button is named after the action.
import { describe, expect, it } from "vitest";
import states from "./fixtures/states.json";
import { settle } from "./fake-model.js";
import { pointer, tap } from "./gestures.js";
import { tableHost } from "./host.js";
import { LegalMoves } from "../src/legal.js";

const table = tableHost();

/** @param {Record<string, any>} state */
const mount = (state) => table.mount(state);

const accordion = states.accordion.start;
const [FROM, TO] = states.accordion.whole.split(" ");
/** @param {HTMLElement} pileEl */
const picked = (pileEl) => [...pileEl.querySelectorAll(".sw-card")].map((c) => c.classList.contains("sw-picked"));

describe("a pile that moves only whole", () => {
  it("answers any count of its cards as its move, written without a count", () => {
    const legal = new LegalMoves([`${FROM} ${TO}`], new Set([FROM]));
    expect(legal.targets(FROM, 2)).toEqual([TO]);
    expect(legal.has(FROM, TO, 2)).toBe(true);
    expect(legal.written(FROM, 2)).toBe(1);
    expect(new LegalMoves([`${FROM} ${TO}`]).targets(FROM, 2)).toEqual([]); // (a pile of runs: counts differ)
  });

  it("is dragged whole from its lower card, and sends SOURCE TARGET", () => {
    expect(accordion.whole_piles).toContain(FROM);
    const { model, pile, card } = mount(accordion);
    const lower = card(FROM, 0);
    const box = pile(TO).getBoundingClientRect();
    pointer(lower, "pointerdown", { clientX: 10, clientY: 10 });
    pointer(lower, "pointermove", { clientX: box.left + 10, clientY: 20 });
    expect([...pile(FROM).querySelectorAll(".sw-card")].every((c) => c.classList.contains("sw-dragging"))).toBe(true);
    expect(pile(TO).classList.contains("sw-target")).toBe(true);
    pointer(lower, "pointerup", { clientX: box.left + 10, clientY: 20 });
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: `${FROM} ${TO}` });
  });

  it("is picked whole by a click on its top card, and moved by a click on the target", () => {
    const { model, pile, card } = mount(accordion);
    tap(card(FROM, 1));
    expect(picked(pile(FROM))).toEqual([true, true]);
    expect(pile(TO).classList.contains("sw-target")).toBe(true);
    tap(pile(TO));
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: `${FROM} ${TO}` });
  });

  it("is picked whole by the keyboard too", async () => {
    const { model, pile } = mount(accordion);
    pile(FROM).focus();
    pile(FROM).dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(picked(pile(FROM))).toEqual([true, true]);
    pile(TO).focus();
    pile(TO).dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    await settle();
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: `${FROM} ${TO}` });
  });
});

describe("a game's own action that no stock plays", () => {
  it("has a button named after it, which plays it", () => {
    const clock = states.clock.start;
    const { model, root } = mount(clock);
    const button = /** @type {HTMLButtonElement} */ (root.querySelector('button[data-action="play"]'));
    expect(button.textContent).toBe("Turn");
    expect(button.title).toContain(clock.action_words.turn);
    expect(button.disabled).toBe(false);
    button.click();
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: "turn" });
  });

  it("is not offered where the stock plays the game's actions", () => {
    const { root } = mount(states.klondike.start);
    expect(root.querySelector('button[data-action="play"]')).toBeNull();
  });
});
