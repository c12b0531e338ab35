// @vitest-environment jsdom
// The table on the games the model opened up (the built-in classic games,
// as js/dev/make_fixtures.py snapshots them): runs of cards picked up and
// moved together by pointer and keyboard, a completed suit sent home by a
// double-click, free cells, stock actions and redeals under any name, empty
// labels that follow the position, declared wins and a proven no-win.
import { describe, expect, it } from "vitest";
import states from "./fixtures/states.json";
import { settle } from "./fake-model.js";
import { pointer, tap } from "./gestures.js";
import { tableHost } from "./host.js";
import { cardName, cardText } from "../src/cards.js";

const table = tableHost();

/** @param {Record<string, any>} state */
const mount = (state) => table.mount(state);

/**
 * Press on `from` and drag to the pile `to`.
 * @param {Element} from
 * @param {HTMLElement} to
 */
function drag(from, to) {
  const box = to.getBoundingClientRect();
  pointer(from, "pointerdown", { clientX: 10, clientY: 10 });
  pointer(from, "pointermove", { clientX: box.left + 10, clientY: 20 });
  pointer(from, "pointerup", { clientX: box.left + 10, clientY: 20 });
}

/** @param {Element} el @param {string} key */
function key(el, key) {
  const e = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
  el.dispatchEvent(e);
  return e;
}

const klondike = states.klondike.start;
const [RUN_FROM, RUN_TO, RUN_COUNT] = states.klondike.run.split(" "); // "t5 t6 3": a run of three
const RUN = Number(RUN_COUNT);
const RUN_SIZE = klondike.piles[RUN_FROM].length;

/** @param {HTMLElement} pileEl */
const picked = (pileEl) => [...pileEl.querySelectorAll(".sw-card")].map((c) => c.classList.contains("sw-picked"));

describe("runs before a press", () => {
  it("show how far they reach: the cards a press may lift take the grab cursor, a run's the hover outline", async () => {
    const { model, pile } = mount(klondike);
    /** @param {string} id */
    const marks = (id) => [...pile(id).querySelectorAll(".sw-card")].map((c) =>
      (c.classList.contains("sw-movable") ? "m" : "-") + (c.classList.contains("sw-in-run") ? "r" : "-"));
    expect(marks(RUN_FROM)).toEqual([...Array(RUN_SIZE - RUN).fill("--"), ...Array(RUN).fill("mr")]);
    expect(marks("waste").slice(-2)).toEqual(["--", "m-"]); // one card at a time: the grab cursor, no outline
    expect(marks("stock").every((m) => m === "--")).toBe(true);
    // the kernel cuts a run to what one move may carry now (FreeCell's free cells): the marks follow
    model.update({ runs: { ...klondike.runs, [RUN_FROM]: RUN - 1 } });
    await settle();
    expect(marks(RUN_FROM).slice(-RUN)).toEqual(["--", ...Array(RUN - 1).fill("mr")]);
  });
});

describe("runs by pointer", () => {
  it("drags a card of the run with every card above it, and sends SOURCE TARGET COUNT", () => {
    expect(klondike.runs[RUN_FROM]).toBe(RUN);
    const { model, pile, card } = mount(klondike);
    const lowest = card(RUN_FROM, RUN_SIZE - RUN);
    const lifted = [...pile(RUN_FROM).querySelectorAll(".sw-card")].slice(-RUN);
    const box = pile(RUN_TO).getBoundingClientRect();
    pointer(lowest, "pointerdown");
    pointer(lowest, "pointermove", { clientX: box.left + 10, clientY: 20 });
    // they travel as one: the same offset on each, the pile below stays
    expect(lifted.map((c) => c.classList.contains("sw-dragging"))).toEqual(Array(RUN).fill(true));
    expect(new Set(lifted.map((c) => c.style.transform)).size).toBe(1);
    expect(card(RUN_FROM, RUN_SIZE - RUN - 1).classList.contains("sw-dragging")).toBe(false);
    expect(pile(RUN_TO).classList.contains("sw-target")).toBe(true);
    pointer(lowest, "pointerup", { clientX: box.left + 10, clientY: 20 });
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: states.klondike.run });
  });

  it("drags the top part of a run: the cards from the one pressed", () => {
    const { model, pile, card } = mount(klondike);
    drag(card(RUN_FROM, RUN_SIZE - 2), pile(RUN_TO));
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: `${RUN_FROM} ${RUN_TO} 2` });
  });

  it("lifts no face-down card, nor a card under the run, and says why", () => {
    const { model, pile, card, message } = mount(klondike);
    drag(card(RUN_FROM, 0), pile(RUN_TO));
    expect(model.sent).toHaveLength(0);
    expect(message()).toBe(`That card lies face down: only the top ${RUN} cards of ${RUN_FROM} move together now.`);
    expect(pile(RUN_FROM).querySelector(".sw-dragging")).toBeNull();
    // a one-card pile of the same game: only its top card lifts
    const waste = klondike.piles.waste;
    drag(card("waste", waste.length - 2), pile("t2"));
    expect(model.sent).toHaveLength(0);
    expect(message()).toBe(`${cardText(waste.at(-2))} is not part of the cards that move: only the top card of the waste moves now.`);
  });
});

describe("runs by click-then-click", () => {
  it("picks the run from the card clicked, marks it, lights its targets and sends its count", () => {
    const { model, pile, card } = mount(klondike);
    tap(card(RUN_FROM, RUN_SIZE - RUN));
    expect(pile(RUN_FROM).classList.contains("sw-selected")).toBe(true);
    expect(picked(pile(RUN_FROM))).toEqual([...Array(RUN_SIZE - RUN).fill(false), ...Array(RUN).fill(true)]);
    expect(pile(RUN_TO).classList.contains("sw-target")).toBe(true);
    // the ring runs over the picked cards
    expect(pile(RUN_FROM).style.getPropertyValue("--sw-ph")).toMatch(/px$/);
    tap(pile(RUN_TO));
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: states.klondike.run });
    expect(pile(RUN_FROM).querySelector(".sw-picked")).toBeNull();
    expect(pile(RUN_FROM).style.getPropertyValue("--sw-ph")).toBe("");
  });

  it("lights only the targets of the count picked", async () => {
    const { pile, card } = mount(klondike);
    tap(card(RUN_FROM, RUN_SIZE - 1)); // the top card alone: no legal move
    expect(pile(RUN_TO).classList.contains("sw-target")).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 500)); // (not a double-click)
    tap(card(RUN_FROM, RUN_SIZE - RUN)); // another card of the same run: picked from there instead
    expect(picked(pile(RUN_FROM)).filter(Boolean)).toHaveLength(RUN);
    expect(pile(RUN_TO).classList.contains("sw-target")).toBe(true);
  });
});

describe("runs by keyboard", () => {
  it("picks one more card of the run with each Enter, then puts them back, and says so", () => {
    const { model, pile, live } = mount(klondike);
    const el = pile(RUN_FROM);
    el.focus();
    for (let n = 1; n <= RUN; n++) {
      key(el, n % 2 ? "Enter" : " ");
      expect(picked(el).filter(Boolean)).toHaveLength(n);
      expect(live()).toMatch(n === 1 ? /^picked up the .+, 1 of 3 cards that move together; again for 2$/
        : new RegExp(`^picked up ${n} of ${RUN} cards, from the `));
    }
    expect(pile(RUN_TO).classList.contains("sw-target")).toBe(true);
    key(el, "Enter");
    expect(el.classList.contains("sw-selected")).toBe(false);
    expect(live()).toBe("put back");
    expect(model.sent).toHaveLength(0);
  });

  it("picks as many cards as a digit says, and drops them with Enter on the target", () => {
    const { model, pile, message } = mount(klondike);
    pile(RUN_FROM).focus();
    key(pile(RUN_FROM), String(RUN + 1));
    expect(message()).toBe(`Only the top ${RUN} cards of ${RUN_FROM} move together now.`);
    key(pile(RUN_FROM), String(RUN));
    expect(picked(pile(RUN_FROM)).filter(Boolean)).toHaveLength(RUN);
    pile(RUN_TO).focus();
    key(pile(RUN_TO), "Enter");
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: states.klondike.run });
  });

  it("keeps a one-card pile as before: Enter picks, Enter again puts back, silently", () => {
    const { pile, live } = mount(klondike);
    const before = live();
    pile("waste").focus();
    key(pile("waste"), "Enter");
    expect(picked(pile("waste")).filter(Boolean)).toHaveLength(1);
    key(pile("waste"), "Enter");
    expect(pile("waste").classList.contains("sw-selected")).toBe(false);
    expect(live()).toBe(before);
  });
});

describe("a completed suit", () => {
  const spider = states.spider.start;

  it("goes home, all 13 cards, on a double-click", () => {
    const { model, pile } = mount(spider);
    expect(spider.runs.t0).toBe(13);
    tap(pile("t0"));
    tap(pile("t0"));
    expect(model.sent).toHaveLength(1);
    expect(model.sent[0].move).toBe("t0 f0 13");
  });

  it("goes home when its king is dragged there", () => {
    const { model, pile, card } = mount(spider);
    drag(card("t0", 1), pile("f0"));
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: "t0 f0 13" });
    expect([...pile("t0").querySelectorAll(".sw-dragging")]).toHaveLength(13); // waiting where they fell
  });

  it("slides back, all of it, when the kernel refuses", async () => {
    const { model, pile, card } = mount(spider);
    drag(card("t0", 1), pile("f3"));
    model.reply(false, "not now");
    await settle();
    expect(pile("t0").querySelector(".sw-dragging")).toBeNull();
  });
});

describe("free cells", () => {
  it("show an empty cell as a cell, and take a card", async () => {
    const { model, pile } = mount(states.free_cell.start);
    const cell = pile("c0");
    expect(cell.dataset.kind).toBe("cell");
    expect(cell.dataset.hint).toBe("cell");
    expect(cell.hasAttribute("data-hint-word")).toBe(true);
    drag(pile("t0"), cell);
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: states.free_cell.move });
    model.reply(true);
    model.update(states.free_cell.after);
    await settle();
    expect(cell.dataset.count).toBe("1");
    expect(cell.querySelector(".sw-card")?.getAttribute("data-card")).toBe(String(states.free_cell.start.piles.t0.at(-1)));
  });
});

describe("empty labels follow the position", () => {
  it("change in place, without building the table again", async () => {
    const { model, pile } = mount(states.free_cell.start);
    const el = pile("f0");
    expect(el.dataset.hint).toBe("A");
    model.update({ empty_labels: { ...states.free_cell.start.empty_labels, f0: "4", c1: "" } });
    await settle();
    expect(pile("f0")).toBe(el);
    expect(el.dataset.hint).toBe("4");
    expect(pile("c1").dataset.hint).toBe("");
    expect(pile("c1").hasAttribute("data-hint-word")).toBe(false);
  });
});

describe("stock actions and redeals by the game's names", () => {
  // Klondike's words, renamed: nothing on the page knows an action by name.
  const renamed = {
    ...klondike, actions: ["turn", "gather"], action_words: { turn: "turns up cards", gather: "turns the waste over" },
    redeal_actions: ["gather"], legal: klondike.legal.map((m) => (m === "draw" ? "turn" : m)),
  };

  it("plays the first legal action on a stock click, and Redeal plays the redeal", async () => {
    const { model, root, pile } = mount(renamed);
    tap(pile("stock"));
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: "turn" });
    model.reply(true);
    const redeal = /** @type {HTMLButtonElement} */ (root.querySelector('button[data-action="redeal"]'));
    expect(redeal.textContent).toBe("Redeal");
    expect(redeal.disabled).toBe(true);
    model.update({ piles: { ...renamed.piles, stock: [] }, legal: ["waste t2", "gather"] });
    await settle();
    expect(redeal.disabled).toBe(false);
    expect(pile("stock").classList.contains("sw-can-redeal")).toBe(true);
    expect(root.querySelector('.sw-counter[data-counter="redeals"]')?.textContent).toBe("Redeals 0");
    tap(pile("stock"));
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: "gather" });
    model.reply(true);
    redeal.click();
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: "gather" });
  });

  it("says a stock action in the game's words", async () => {
    const { model, live } = mount(renamed);
    const waste = [...renamed.piles.waste, 7];
    model.update({ piles: { ...renamed.piles, waste, stock: renamed.piles.stock.slice(1) }, last_move: "turn",
      counters: { ...renamed.counters, moves: renamed.counters.moves + 1 } });
    await settle();
    expect(live()).toBe(`turn: the ${cardName(7)}`);
  });

  it("has no Redeal where the game declares none, and d says so", () => {
    const { model, root, pile, message } = mount(states.spider.start);
    expect(root.querySelector('button[data-action="redeal"]')).toBeNull();
    pile("t1").focus();
    key(pile("t1"), "d");
    expect(model.sent).toHaveLength(0);
    expect(message()).toBe(`Spider has no redeal: its stock goes through once (deal ${states.spider.start.action_words.deal}).`);
  });
});

describe("declared ends and a proven no-win", () => {
  it("says a declared win's reason in the banner", () => {
    const state = states.aces_up_won.start;
    const { root } = mount(state);
    expect(root.dataset.status).toBe("won");
    const banner = /** @type {HTMLElement} */ (root.querySelector('.sw-banner[data-result="won"]'));
    expect(banner.textContent).toContain("You won!");
    expect(banner.textContent).toContain(`Only the four aces are left, in ${state.counters.moves} moves.`);
    expect(banner.textContent).not.toContain("cards are home");
  });

  it("shows the solver's proof that no win is left while moves are, until the position changes back", async () => {
    const { model, root, live } = mount(klondike);
    // The kernel sends the status line's items with the verdict (text.py status_items).
    const items = klondike.status_items.slice(0, -1);
    model.update({ no_win: "every line was searched", status_items: [...items, { key: "status", text: "No win possible" }] });
    await settle();
    const banner = /** @type {HTMLElement} */ (root.querySelector('.sw-banner[data-result="no-win"]'));
    expect(banner.textContent).toContain("No win is possible from here");
    expect(banner.textContent).toContain("Every line was searched.");
    expect([...banner.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["New deal", "Undo", "What went wrong?"]);
    expect(root.querySelector('.sw-counter[data-counter="status"]')?.textContent).toBe("No win possible");
    expect(root.dataset.status).toBe("playing");
    expect(live()).toBe("no win is possible from here: every line was searched");
    model.update({ no_win: "", status_items: [...items, { key: "status", text: "Playing" }] });
    await settle();
    expect(root.querySelector(".sw-banner")).toBeNull();
    expect(root.querySelector('.sw-counter[data-counter="status"]')?.textContent).toBe("Playing");
  });
});

describe("explain mode on a run", () => {
  it("asks where the hovered card and those above it can go, and names the run", async () => {
    const { model, root, pile, card } = mount(klondike);
    /** @type {HTMLButtonElement} */ (root.querySelector('button[data-action="explain"]')).click();
    card(RUN_FROM, RUN_SIZE - RUN).dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    const asked = model.sent.at(-1);
    expect(asked).toMatchObject({ request: "explain", pile: RUN_FROM, count: RUN });
    model.emit("msg:custom", {
      type: "result", id: asked.id, ok: true, reason: "", version: klondike.version,
      explain: { pile: RUN_FROM, card: "5♠…3♣", version: klondike.version, targets: { [RUN_TO]: null } },
    });
    await settle();
    expect(root.querySelector('.sw-panel[data-panel="explain"]')?.textContent).toContain(`5♠…3♣ on ${RUN_FROM} can go to ${RUN_TO}.`);
    // the top card alone: asked without a count, as before
    card(RUN_FROM, RUN_SIZE - 1).dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    expect(model.sent.at(-1)).toEqual(expect.objectContaining({ request: "explain", pile: RUN_FROM }));
    expect(model.sent.at(-1)).not.toHaveProperty("count");
    model.reply(true);
    // a face-down card under the run: the top card
    pile("waste").dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    expect(model.sent.at(-1)).toMatchObject({ request: "explain", pile: "waste" });
    model.reply(true);
    card(RUN_FROM, 0).dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    expect(model.sent.at(-1)).toMatchObject({ request: "explain", pile: RUN_FROM });
    expect(model.sent.at(-1)).not.toHaveProperty("count");
    expect(model.sent).toHaveLength(4);
  });
});
