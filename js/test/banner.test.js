// @vitest-environment jsdom
// The end-of-game banner on its own and on the table, and the lost-kernel note.
import { describe, expect, it } from "vitest";
import states from "./fixtures/states.json";
import { FakeModel, settle } from "./fake-model.js";
import { tableHost } from "./host.js";
import { GameBanner, lostKernelNote, savedPositionNote } from "../src/banner.js";

const table = tableHost();

function setup() {
  const parent = document.createElement("div");
  const footer = document.createElement("div");
  parent.append(footer);
  /** @type {string[]} */
  const pressed = [];
  const banner = new GameBanner(parent, footer, (action) => pressed.push(action));
  return { parent, footer, banner, pressed };
}

describe("game banner", () => {
  it("shows a finished game's result before the buttons, with New deal and Undo", () => {
    const { parent, footer, banner, pressed } = setup();
    banner.sync("playing", {}, false);
    expect(banner.el).toBeNull();
    banner.sync("lost", { home: 9, total: 52 }, false);
    const el = /** @type {HTMLElement} */ (banner.el);
    expect(el.nextElementSibling).toBe(footer);
    expect(el.getAttribute("role")).toBe("status");
    expect([el.dataset.result, el.dataset.celebrate]).toEqual(["lost", "no"]);
    expect(el.querySelector(".sw-banner-title")?.textContent).toBe("No moves left");
    expect(el.querySelector(".sw-banner-detail")?.textContent).toContain("9 of 52 cards home");
    // its buttons are not toolbar buttons: they say which action through the callback
    expect(el.querySelector("[data-action]")).toBeNull();
    for (const b of el.querySelectorAll("button")) /** @type {HTMLButtonElement} */ (b).click();
    expect(pressed).toEqual(["new", "undo", "analyse"]); // a lost game: what went wrong?
    const title = el.querySelector(".sw-banner-title");
    banner.sync("lost", { home: 9, total: 52 }, false);
    expect(el.querySelector(".sw-banner-title")).toBe(title); // the same result is not drawn again
    banner.sync("won", { moves: 80, total: 52 }, false);
    expect(banner.el).toBe(el);
    expect([el.dataset.result, el.dataset.celebrate]).toEqual(["won", "yes"]);
    expect(el.textContent).toContain("You won!");
    banner.sync("playing", {}, false);
    expect(banner.el).toBeNull();
    expect(parent.querySelector(".sw-banner")).toBeNull();
  });

  it("does not glow under reduced motion", () => {
    const { banner } = setup();
    banner.sync("won", { moves: 3, total: 52 }, true);
    expect(banner.el?.dataset.celebrate).toBe("no");
  });

  it("leaves with the game it was about when the table switches games", async () => {
    const model = new FakeModel({ ...states.cruel.start, status: "lost" });
    const root = table.render(model);
    expect(root.querySelectorAll(".sw-banner")).toHaveLength(1);
    model.update(states.bobby.start);
    await settle();
    expect(root.dataset.game).toBe("bobby");
    expect(root.querySelectorAll(".sw-banner")).toHaveLength(0);
    model.update({ status: "lost" });
    await settle();
    expect(root.querySelectorAll(".sw-banner")).toHaveLength(1);
  });

  it("runs the toolbar's New deal and Undo from its buttons", async () => {
    const model = new FakeModel({ ...states.bobby.after, status: "lost" });
    const root = table.render(model);
    /** @type {HTMLButtonElement} */ (root.querySelector('[data-banner-action="undo"]')).click();
    expect(model.sent.at(-1)).toMatchObject({ request: "undo" });
    model.reply(true);
    /** @type {HTMLButtonElement} */ (root.querySelector('[data-banner-action="new"]')).click();
    expect(model.sent.at(-1)).toMatchObject({ request: "new_deal" }); // a finished game deals at once
  });
});

describe("lost-kernel note", () => {
  it("is an alert that says what to do", () => {
    const note = lostKernelNote();
    expect(note.getAttribute("role")).toBe("alert");
    expect(note.textContent).toMatch(/^This table lost its kernel .*Run the cell again to play on\.$/);
  });
});

describe("saved-position note", () => {
  it("is a status that says the position is the saved one and what to do", () => {
    const note = savedPositionNote();
    expect(note.getAttribute("role")).toBe("status");
    expect(note.textContent).toMatch(/^The position saved with the notebook \(its kernel has stopped\).*Run the cell to play\.$/);
  });
});
