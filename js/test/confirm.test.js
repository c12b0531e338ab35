// @vitest-environment jsdom
// The inline question on its own: yes runs the callback, no and close() drop it.
import { describe, expect, it } from "vitest";
import { InlineConfirm } from "../src/confirm.js";

function setup() {
  const parent = document.createElement("div");
  document.body.append(parent);
  let answered = 0;
  const confirm = new InlineConfirm(parent, () => answered++);
  let yes = 0;
  confirm.ask("Deal a new game?", "Deal", "Keep playing", () => yes++);
  /** @param {string} which */
  const button = (which) => /** @type {HTMLButtonElement} */ (parent.querySelector(`[data-confirm="${which}"]`));
  return { parent, confirm, button, yes: () => yes, answered: () => answered };
}

describe("inline confirm", () => {
  it("asks in an alertdialog with the focus on no, and yes runs the callback", () => {
    const { parent, confirm, button, yes, answered } = setup();
    const box = /** @type {HTMLElement} */ (parent.querySelector(".sw-confirm"));
    expect(box.getAttribute("role")).toBe("alertdialog");
    expect(box.getAttribute("aria-label")).toBe("Deal a new game?");
    expect(document.activeElement).toBe(button("no"));
    expect(confirm.contains(button("yes"))).toBe(true);
    button("yes").click();
    expect([yes(), answered()]).toEqual([1, 1]);
    expect(parent.querySelector(".sw-confirm")).toBeNull();
    expect(confirm.contains(box)).toBe(false);
    parent.remove();
  });

  it("drops the question on no (Escape answers no) and on close(), and a new question replaces the old", () => {
    const { parent, confirm, button, yes, answered } = setup();
    button("no").click();
    expect([yes(), answered()]).toEqual([0, 1]);
    let second = 0;
    confirm.ask("First?", "Yes", "No", () => {});
    confirm.ask("Second?", "Yes", "No", () => second++);
    expect(parent.querySelectorAll(".sw-confirm")).toHaveLength(1);
    confirm.close(); // another action of the table: no answer, the focus is not moved
    confirm.answer(true);
    expect([second, answered()]).toEqual([0, 1]);
    parent.remove();
  });
});
