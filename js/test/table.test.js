// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import states from "./fixtures/states.json";
import { FakeModel, settle } from "./fake-model.js";
import { pointer, tap } from "./gestures.js";
import { tableHost } from "./host.js";
import widget from "../src/widget.js";
import { faceUrl } from "../src/faces.js";
import { cardText } from "../src/cards.js";
import { noRedealText, registerControl } from "../src/controls.js";

const GAMES = ["frog", "leap_year", "bobby", "cruel", "midshipman"];

const table = tableHost();

/** @param {Record<string, any>} state */
function mount(state) {
  const model = new FakeModel(state);
  widget.initialize?.({ model });
  const root = table.render(model);
  /** @param {string} id */
  const pile = (id) => /** @type {HTMLElement} */ (root.querySelector(`.sw-pile[data-pile="${id}"]`));
  return { model, root, pile };
}

/** @param {Element} el @param {string} key */
function key(el, key) {
  const e = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
  el.dispatchEvent(e);
  return e;
}

describe("DOM contract", () => {
  it.each(GAMES)("renders %s with every pile and card", (game) => {
    const state = states[game].start;
    const { root, pile } = mount(state);
    expect(root.dataset.game).toBe(game);
    expect(root.dataset.version).toBe(String(state.version));
    expect(root.dataset.status).toBe("playing");
    for (const id of state.pile_ids) {
      const el = pile(id);
      const cards = state.piles[id];
      expect(el, id).toBeTruthy();
      expect(el.dataset.count).toBe(String(cards.length));
      const cardEls = [...el.querySelectorAll(".sw-card")];
      expect(cardEls).toHaveLength(cards.length);
      cardEls.forEach((c, i) => {
        expect(c.getAttribute("data-index")).toBe(String(i));
        if (cards[i] >= 0) {
          expect(c.getAttribute("data-face")).toBe("up");
          expect(c.getAttribute("data-card")).toBe(String(cards[i]));
          expect(c.getAttribute("aria-label")).toMatch(/^(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of (spades|hearts|diamonds|clubs)$/);
        } else {
          expect(c.getAttribute("data-face")).toBe("down");
          expect(c.hasAttribute("data-card")).toBe(false);
          expect(c.getAttribute("aria-label")).toBe("face-down card");
        }
      });
    }
    expect(root.querySelector(".sw-status")?.textContent).toMatch(/^Moves 0 · Home \d+\/\d+/);
    expect(root.querySelector(".sw-message")).toBeTruthy();
    expect(root.querySelector(".sw-banner")).toBeNull();
    const actions = [...root.querySelectorAll("button[data-action]")].map((b) => b.getAttribute("data-action"));
    const redeal = state.actions.includes("redeal") ? ["redeal"] : [];
    const auto = state.features.safe_drops ? ["auto"] : [];
    expect(actions).toEqual(["undo", "redo", "restart", "new", ...redeal, ...auto, "rules", "explain", "replay", "hint", "solve", "play_out",
      "winnable", "guard", "analyse"]);
  });

  it("labels piles and names cards", () => {
    const { pile } = mount(states.cruel.start);
    expect(pile("t3").getAttribute("aria-label")).toMatch(/^t3, tableau, 4 cards, top (ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of \w+$/);
    expect(pile("f0").getAttribute("aria-label")).toMatch(/^f0, foundation, 1 card, top ace of \w+$/);
    const first = states.cruel.start.piles.f0[0];
    expect(pile("f0").querySelector(".sw-card")?.getAttribute("aria-label")).toMatch(/^ace of /);
    expect(first % 13).toBe(0);
  });

  it("draws each face-up card from its face image, red or black", () => {
    const { root } = mount(states.cruel.start);
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('.sw-card[data-face="up"]'))) {
      const id = Number(el.dataset.card);
      const red = [1, 2].includes(Math.floor((id % 52) / 13));
      expect(el.classList.contains(red ? "sw-red" : "sw-black")).toBe(true);
      expect(el.style.backgroundImage).toContain("data:image/svg+xml");
      expect(el.style.backgroundImage).toBe(faceUrl(id));
    }
  });

  it("shows counts on the stock and waste and the passes left in Bobby", () => {
    const { root, pile } = mount(states.bobby.start);
    expect(pile("stock").querySelector(".sw-count")?.textContent).toBe("51");
    expect(root.querySelector(".sw-caption")?.textContent).toBe("3 passes left");
    expect(root.querySelector(".sw-status")?.textContent).toContain("Passes left 3");
  });
});

describe("updates", () => {
  it.each(GAMES)("re-renders only the piles a move changed (%s)", async (game) => {
    const { start, after } = states[game];
    const { model, root, pile } = mount(start);
    const before = new Map(start.pile_ids.map((id) => [id, [pile(id), ...pile(id).querySelectorAll(".sw-card")]]));
    model.update(after);
    await settle();
    expect(root.dataset.version).toBe(String(after.version));
    for (const id of start.pile_ids) {
      const same = JSON.stringify(start.piles[id]) === JSON.stringify(after.piles[id]);
      const now = [pile(id), ...pile(id).querySelectorAll(".sw-card")];
      expect(now[0]).toBe(before.get(id)?.[0]); // pile elements are kept
      if (same) expect(now).toEqual(before.get(id)); // and so are the cards of unchanged piles
      expect(pile(id).dataset.count).toBe(String(after.piles[id].length));
      expect(pile(id).querySelectorAll(".sw-card")).toHaveLength(after.piles[id].length);
    }
  });

  it("keeps a moved card's element (so it can slide)", async () => {
    const { start, after, move } = states.cruel;
    const [source, target] = move.split(" ");
    const { model, pile } = mount(start);
    const moved = start.piles[source].at(-1);
    const el = pile(source).querySelector(`[data-card="${moved}"]`);
    model.update(after);
    await settle();
    expect(pile(target).querySelector(`[data-card="${moved}"]`)).toBe(el);
    expect(el?.getAttribute("data-index")).toBe(String(after.piles[target].length - 1));
  });

  it("follows the message, status and banner traits", async () => {
    const { model, root } = mount(states.cruel.start);
    model.update({ message: "hello", message_kind: "info" });
    await settle();
    expect(root.querySelector(".sw-message")?.textContent).toBe("Hello.");
    model.update({ status: "lost" });
    await settle();
    expect(root.dataset.status).toBe("lost");
    expect(root.querySelector('.sw-banner[data-result="lost"]')).toBeTruthy();
    model.update({ status: "won" });
    await settle();
    expect(root.querySelector('.sw-banner[data-result="won"]')?.textContent).toContain("You won!");
    model.update({ status: "playing" });
    await settle();
    expect(root.querySelector(".sw-banner")).toBeNull();
  });

  it("rebuilds when the widget switches to another game", async () => {
    const { model, root, pile } = mount(states.cruel.start);
    model.update(states.bobby.start);
    await settle();
    expect(root.dataset.game).toBe("bobby");
    expect(pile("stock")).toBeTruthy();
    expect(pile("t0")).toBeNull();
  });

  it("renders a long Leap Year table (all 208 cards)", () => {
    // (its speed is measured by js/bench/table.bench.js (npm run bench), not asserted here)
    const { root } = mount(states.leap_year_long.start);
    expect(root.querySelectorAll(".sw-card")).toHaveLength(208);
  });
});

describe("requests", () => {
  it("clicks a pile then another to move", () => {
    const { model, pile } = mount(states.cruel.start);
    const [source, target] = states.cruel.move.split(" ");
    tap(pile(source));
    expect(pile(source).classList.contains("sw-selected")).toBe(true);
    const legalTargets = states.cruel.start.legal.filter((m) => m.startsWith(`${source} `)).map((m) => m.split(" ")[1]);
    for (const t of legalTargets) expect(pile(t).classList.contains("sw-target")).toBe(true);
    tap(pile(target));
    expect(model.sent).toHaveLength(1);
    expect(model.sent[0]).toMatchObject({ request: "move", move: `${source} ${target}`, version: 0 });
    expect(typeof model.sent[0].id).toBe("string");
    expect(pile(source).classList.contains("sw-selected")).toBe(false);
  });

  it("sends an illegal move anyway and shows the refusal", () => {
    const { model, root, pile } = mount(states.cruel_refused.start);
    tap(pile("t0"));
    tap(pile("t1"));
    expect(model.sent[0].move).toBe("t0 t1");
    model.reply(false, "5♠ cannot go on 9♥");
    const msg = /** @type {HTMLElement} */ (root.querySelector(".sw-message"));
    expect(msg.textContent).toBe("5♠ cannot go on 9♥.") // one style for every message: capital, full stop;
    expect(msg.dataset.kind).toBe("error");
    // on the felt, by the pile the card was dropped on: where the player looks
    expect(msg.parentElement?.classList.contains("sw-felt")).toBe(true);
    const t1 = pile("t1");
    expect(parseFloat(msg.style.top)).toBeGreaterThanOrEqual(parseFloat(t1.style.top));
    // the same text arriving as the message trait keeps it there
    model.update({ message: "5♠ cannot go on 9♥", message_kind: "error" });
    expect(msg.style.top).toBeTruthy();
  });

  it("leaves a dropped card where it fell until the reply, and sends it back when the kernel refuses", async () => {
    const { model, root, pile } = mount(states.cruel.start);
    const [source, target] = states.cruel.move.split(" ");
    // jsdom lays nothing out: each pile gets a box of its own, 100 px apart
    [...root.querySelectorAll(".sw-pile")].forEach((el, i) => {
      el.getBoundingClientRect = () => /** @type {DOMRect} */ ({ left: i * 100, top: 0, right: i * 100 + 80, bottom: 100, width: 80, height: 100 });
    });
    const to = pile(target).getBoundingClientRect();
    const card = /** @type {HTMLElement} */ (pile(source).querySelector(".sw-card:last-child"));
    pointer(pile(source), "pointerdown", { clientX: 10, clientY: 10 });
    pointer(pile(source), "pointermove", { clientX: to.left + 10, clientY: 20 });
    pointer(pile(source), "pointerup", { clientX: to.left + 10, clientY: 20 });
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: `${source} ${target}` });
    expect(card.classList.contains("sw-dragging")).toBe(true); // waiting where it fell
    model.reply(false, "the kernel saw another table");
    await settle();
    expect(card.classList.contains("sw-dragging")).toBe(false);
    expect(card.style.transform).toBe("");
    expect(root.querySelector(".sw-message")?.textContent).toBe("The kernel saw another table.");
  });

  it("gives every request a unique id", () => {
    const { model, root } = mount(states.frog.after);
    const undo = /** @type {HTMLButtonElement} */ (root.querySelector('button[data-action="undo"]'));
    undo.click();
    model.reply(true);
    undo.click();
    expect(model.sent.map((m) => m.request)).toEqual(["undo", "undo"]);
    expect(model.sent[0].id).not.toBe(model.sent[1].id);
  });

  it("sends one request at a time, the next with the version the reply told", () => {
    const { model, pile } = mount(states.frog.start);
    tap(pile("stock"));
    tap(pile("stock"));
    expect(model.sent).toHaveLength(1);
    expect(model.sent[0].version).toBe(0);
    // The reply may come before the traits: it carries the new version.
    model.emit("msg:custom", { type: "result", id: model.sent[0].id, ok: true, reason: "", version: 1 });
    expect(model.sent).toHaveLength(2);
    expect(model.sent[1]).toMatchObject({ request: "move", move: "draw", version: 1 });
  });

  it("is aria-busy while a request waits to be sent or answered", () => {
    const { model, root, pile } = mount(states.frog.start);
    tap(pile("stock"));
    tap(pile("stock"));
    expect(root.getAttribute("aria-busy")).toBe("true"); // root: the .sw-table
    model.emit("msg:custom", { type: "result", id: model.sent[0].id, ok: true, reason: "", version: 1 });
    expect(root.getAttribute("aria-busy")).toBe("true"); // the second draw has gone out
    model.emit("msg:custom", { type: "result", id: model.sent[1].id, ok: true, reason: "", version: 2 });
    expect(root.getAttribute("aria-busy")).toBe("false");
  });

  it("ignores replies to other views' requests", () => {
    const { model, root, pile } = mount(states.frog.start);
    tap(pile("stock"));
    model.emit("msg:custom", { type: "result", id: "someone-else-1", ok: false, reason: "not mine", version: 0 });
    expect(root.querySelector(".sw-message")?.textContent).toBe("");
    tap(pile("stock"));
    expect(model.sent).toHaveLength(1); // still waiting for its own reply
  });

  it("draws or deals on a click on the stock", () => {
    for (const [game, action] of [["frog", "draw"], ["leap_year", "deal"], ["midshipman", "draw"]]) {
      const { model, pile } = mount(states[game].start);
      tap(pile("stock"));
      expect(model.sent.at(-1)).toMatchObject({ request: "move", move: action });
      table.unmount();
    }
  });

  it("sends a double-clicked card to the first foundation that takes it", () => {
    const state = structuredClone(states.midshipman.start);
    state.legal = ["t3 f2", "t3 f5", "t3 t1", "draw"];
    const { model, pile } = mount(state);
    tap(pile("t3"));
    tap(pile("t3"));
    expect(model.sent).toHaveLength(1);
    expect(model.sent[0].move).toBe("t3 f2");
  });

  it("wires the buttons to requests", () => {
    const { model, root } = mount(states.bobby.after);
    const click = (a) => /** @type {HTMLButtonElement} */ (root.querySelector(`button[data-action="${a}"]`)).click();
    click("undo");
    model.reply(true);
    click("restart");
    model.reply(true);
    click("new"); // a game in progress: the table asks first, inline
    expect(model.sent.map((m) => m.request)).toEqual(["undo", "restart"]);
    const confirm = /** @type {HTMLElement} */ (root.querySelector(".sw-confirm"));
    expect(confirm.getAttribute("role")).toBe("alertdialog");
    /** @type {HTMLButtonElement} */ (confirm.querySelector('[data-confirm="yes"]')).click();
    expect(root.querySelector(".sw-confirm")).toBeNull();
    expect(model.sent.map((m) => m.request)).toEqual(["undo", "restart", "new_deal"]);
    const redo = /** @type {HTMLButtonElement} */ (root.querySelector('button[data-action="redo"]'));
    expect(redo.disabled).toBe(true);
    const redeal = /** @type {HTMLButtonElement} */ (root.querySelector('button[data-action="redeal"]'));
    expect(redeal.disabled).toBe(!states.bobby.after.legal.includes("redeal"));
  });

  it("enables Redeal exactly when it is legal", async () => {
    const { model, root } = mount(states.cruel.start);
    const redeal = /** @type {HTMLButtonElement} */ (root.querySelector('button[data-action="redeal"]'));
    expect(redeal.disabled).toBe(true);
    model.update({ legal: ["t0 t1", "redeal"] });
    await settle();
    expect(redeal.disabled).toBe(false);
    redeal.click();
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: "redeal" });
  });
});

describe("keyboard", () => {
  it("moves a roving focus with the arrow keys", () => {
    const { root, pile } = mount(states.bobby.start);
    const piles = [...root.querySelectorAll(".sw-pile")];
    expect(piles.filter((p) => p.getAttribute("tabindex") === "0")).toHaveLength(1);
    pile("stock").focus();
    expect(pile("stock").classList.contains("sw-focus")).toBe(true);
    const e = key(pile("stock"), "ArrowRight");
    expect(e.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(pile("waste"));
    expect(pile("waste").classList.contains("sw-focus")).toBe(true);
    expect(pile("stock").classList.contains("sw-focus")).toBe(false);
    expect(pile("waste").getAttribute("tabindex")).toBe("0");
    expect(pile("stock").getAttribute("tabindex")).toBe("-1");
  });

  it("picks up with Enter and drops with Enter; Escape cancels", () => {
    const { model, pile } = mount(states.cruel.start);
    const [source, target] = states.cruel.move.split(" ");
    pile(source).focus();
    key(pile(source), "Enter");
    expect(pile(source).classList.contains("sw-selected")).toBe(true);
    key(pile(source), "Escape");
    expect(pile(source).classList.contains("sw-selected")).toBe(false);
    key(pile(source), " ");
    pile(target).focus();
    key(pile(target), "Enter");
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: `${source} ${target}` });
  });

  it("draws with Enter on the stock; z and y undo and redo", () => {
    const { model, pile } = mount(states.frog.after);
    model.state.counters = { ...model.state.counters, can_redo: true };
    pile("stock").focus();
    key(pile("stock"), "Enter");
    expect(model.sent.at(-1).move).toBe("draw");
    model.reply(false, "the waste card must be played first");
    key(pile("stock"), "z");
    model.reply(true);
    key(pile("stock"), "y");
    expect(model.sent.slice(-2).map((m) => m.request)).toEqual(["undo", "redo"]);
  });

  it("keeps every key from the notebook, on a pile, a button or a panel, but for Ctrl/Alt/Meta shortcuts", () => {
    const { pile, root } = mount(states.bobby.start);
    let leaked = 0;
    const count = () => leaked++;
    // Notebook 7 listens on the document in the capture phase, JupyterLab in the bubble phase.
    document.addEventListener("keydown", count, true);
    document.addEventListener("keydown", count);
    /** @param {HTMLElement} el @param {KeyboardEventInit} init */
    const press = (el, init) => el.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init }));
    const rulesButton = /** @type {HTMLElement} */ (root.querySelector('button[data-action="rules"]'));
    rulesButton.click();
    const panel = /** @type {HTMLElement} */ (root.querySelector('.sw-panel[data-panel="rules"]'));
    const places = [pile("waste"), /** @type {HTMLElement} */ (root.querySelector('button[data-action="new"]')), panel];
    for (const el of places) {
      for (const k of ["a", "b", "c", "d", "m", "q", "v", "x", "y", "z", "0", "ArrowDown", "Escape", "Enter"]) press(el, { key: k });
      press(el, { key: "Enter", shiftKey: true });
      press(el, { key: "Enter", ctrlKey: true });
      press(el, { key: "M", shiftKey: true });
    }
    expect(leaked).toBe(0);
    // Shortcuts with Ctrl, Alt or Meta (save, the command palette) still reach the page.
    press(pile("stock"), { key: "s", ctrlKey: true });
    press(pile("stock"), { key: "c", ctrlKey: true, shiftKey: true });
    expect(leaked).toBe(4);
    // Keys pressed outside the table are none of its business.
    press(document.body, { key: "m" });
    expect(leaked).toBe(6);
    document.removeEventListener("keydown", count, true);
    document.removeEventListener("keydown", count);
  });

});

describe("controls: the extension point", () => {
  it("shows a registered control's button, runs it by click and key, toggles its panel", async () => {
    const runs = [];
    const remove = registerControl({
      action: "probe", label: "Probe", title: "A test control (q)", keys: ["q"],
      run: (t) => runs.push(t.gameName),
      panel: {
        render: (t, el) => { el.textContent = `moves ${t.counters().moves}`; },
        update: (t, el) => { el.textContent = `moves ${t.counters().moves}`; },
      },
    });
    try {
      const { model, root, pile } = mount(states.bobby.start);
      const button = /** @type {HTMLButtonElement} */ (root.querySelector('button[data-action="probe"]'));
      expect(button.title).toBe("A test control (q)");
      button.click();
      expect(runs).toEqual(["bobby"]);
      expect(root.querySelector('.sw-panel[data-panel="probe"]')?.textContent).toBe("moves 0");
      model.update({ counters: { ...states.bobby.start.counters, moves: 5 } });
      await settle();
      expect(root.querySelector('.sw-panel[data-panel="probe"]')?.textContent).toBe("moves 5");
      pile("stock").focus();
      const e = key(pile("stock"), "q");
      expect(e.defaultPrevented).toBe(true);
      expect(runs).toHaveLength(2);
      expect(root.querySelector('.sw-panel[data-panel="probe"]')).toBeNull();
      expect(button.getAttribute("aria-expanded")).toBe("false");
    } finally {
      remove();
    }
  });
});

describe("toggles and refusals", () => {
  it("shows Auto-drop's state and says it on its key; no Auto-drop where no drop is ever safe", async () => {
    const { model, root, pile } = mount(states.cruel.start);
    const auto = /** @type {HTMLButtonElement} */ (root.querySelector('button[data-action="auto"]'));
    expect(auto.getAttribute("aria-pressed")).toBe("false");
    pile("t0").focus();
    key(pile("t0"), "a");
    expect(model.sent.at(-1)).toMatchObject({ request: "auto_drop", on: true });
    expect(root.querySelector(".sw-message")?.textContent).toMatch(/^Auto-drop on/);
    model.reply(true);
    model.update({ auto_drop: true });
    await settle();
    expect(auto.getAttribute("aria-pressed")).toBe("true");
  });

  it("offers no Auto-drop where no drop is ever safe (Bobby); its key says why", () => {
    const { model, root, pile } = mount(states.bobby.start);
    expect(root.querySelector('button[data-action="auto"]')).toBeNull();
    pile("stock").focus();
    key(pile("stock"), "a");
    expect(model.sent).toHaveLength(0);
    expect(root.querySelector(".sw-message")?.textContent).toMatch(/^Bobby never has a card that is safe/);
  });

  it("offers no Redeal where the options rule it out; d asks the engine why", () => {
    const { model, root, pile } = mount(states.leap_year.start);
    expect(states.leap_year.start.actions).toEqual(["deal"]);
    expect(root.querySelector('button[data-action="redeal"]')).toBeNull();
    pile("stock").focus();
    key(pile("stock"), "d");
    expect(model.sent.at(-1)).toMatchObject({ request: "move", move: "redeal" });
    model.reply(false, 'Leap Year has one pass through the stock and no redeal (option redeal="none")');
    expect(root.querySelector(".sw-message")?.textContent).toBe('Leap Year has one pass through the stock and no redeal (option redeal="none").');
  });
});

describe("a lost kernel", () => {
  it("says so, takes no more moves and throws nothing when sending fails", () => {
    const { model, root, pile } = mount(states.cruel.start);
    model.send = () => { throw new Error("Cannot send"); };
    const [source, target] = states.cruel.move.split(" ");
    tap(pile(source));
    expect(() => tap(pile(target))).not.toThrow();
    expect(root.dataset.connection).toBe("lost");
    expect(root.querySelector('.sw-lost[role="alert"]')?.textContent).toMatch(/Run the cell again/);
    expect([...root.querySelectorAll("button")].every((b) => /** @type {HTMLButtonElement} */ (b).disabled)).toBe(true);
    expect(root.getAttribute("aria-busy")).toBe("false");
    tap(pile(source));
    expect(pile(source).classList.contains("sw-selected")).toBe(false); // nothing picks up
    pile(source).focus();
    expect(() => key(pile(source), "z")).not.toThrow();
  });

  it("asks the kernel when Jupyter marks the model's comm (a restart)", async () => {
    const { model, root } = mount(states.cruel.start);
    model.emit("comm_live_update");
    await settle();
    expect(model.sent.at(-1)).toMatchObject({ request: "ping" });
    model.reply(true);
    expect(root.dataset.connection).toBeUndefined();
    model.send = () => { throw new Error("Cannot send"); };
    model.emit("comm_live_update");
    await settle();
    expect(root.dataset.connection).toBe("lost");
  });
});

describe("what a screen reader meets", () => {
  it("reads a stack's top card only: the stock is one pile of 68 cards, not 68 images", () => {
    const { root, pile } = mount(states.midshipman.start);
    const stock = pile("stock");
    const cards = [...stock.querySelectorAll(".sw-card")];
    expect(cards).toHaveLength(68);
    expect(cards.filter((c) => c.getAttribute("aria-hidden") !== "true")).toHaveLength(1);
    expect(stock.getAttribute("aria-label")).toBe("stock, 68 cards");
    // a fan shows every card: each is read
    const fanned = [...root.querySelectorAll('.sw-pile[data-fan="down"] .sw-card, .sw-pile[data-fan="right"] .sw-card')];
    expect(fanned.length).toBeGreaterThan(0);
    expect(fanned.every((c) => !c.hasAttribute("aria-hidden"))).toBe(true);
  });

  it("names cards as the engine writes them in messages: Q♦, not queen of diamonds", () => {
    const start = states.cruel_refused.start;
    const { root, pile } = mount(start);
    const stuck = /** @type {string} */ (start.pile_ids.find((id) => id.startsWith("t") &&
      !start.legal.some((/** @type {string} */ m) => m.startsWith(`${id} `))));
    tap(pile(stuck));
    expect(root.querySelector(".sw-message")?.textContent).toBe(`${cardText(start.piles[stuck].at(-1))} has no legal move now.`);
  });
});

describe("a panel the player opens", () => {
  it("scrolls into view; one the table opens as it is built does not", () => {
    const seen = /** @type {Element[]} */ ([]);
    const before = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = function () { seen.push(this); };
    try {
      const { root } = mount(states.cruel.start);
      expect(seen).toHaveLength(0);
      /** @type {HTMLButtonElement} */ (root.querySelector('button[data-action="rules"]')).click();
      expect(seen.map((e) => /** @type {HTMLElement} */ (e).dataset.panel)).toEqual(["rules"]);
    } finally {
      HTMLElement.prototype.scrollIntoView = before;
    }
  });
});

describe("a game without a redeal", () => {
  it("says so from what it declares", () => {
    expect(noRedealText("Frog", true, ["draw"], { draw: "turns up the next stock card" }))
      .toBe("Frog has no redeal: its stock goes through once (draw turns up the next stock card)");
    expect(noRedealText("Castle", false, [], {})).toBe("Castle has no redeal and no stock");
  });
});

describe("a table restored from the notebook's saved widget state", () => {
  it("shows the saved position, says no kernel plays it and takes no moves", () => {
    table.host.classList.add("jupyter-widgets-disconnected"); // as ipywidgets marks a view without a comm
    const { model, root, pile } = mount(states.cruel.start);
    expect(root.dataset.connection).toBe("saved");
    expect(root.querySelector('.sw-lost[role="status"]')?.textContent).toMatch(/^The position saved with the notebook .*Run the cell to play\.$/);
    expect(root.querySelectorAll(".sw-lost")).toHaveLength(1);
    expect([...root.querySelectorAll("button")].every((b) => /** @type {HTMLButtonElement} */ (b).disabled)).toBe(true);
    expect(pile(states.cruel.move.split(" ")[0]).querySelectorAll(".sw-card").length).toBeGreaterThan(0);
    const sent = model.sent.length;
    const [source, target] = states.cruel.move.split(" ");
    tap(pile(source));
    tap(pile(target));
    expect(pile(source).classList.contains("sw-selected")).toBe(false);
    expect(model.sent.length).toBe(sent);
  });

  it("is a live table without that mark", () => {
    const { root } = mount(states.cruel.start);
    expect(root.dataset.connection).toBeUndefined();
    expect(root.querySelector(".sw-lost")).toBeNull();
  });
});

describe("the felt's height", () => {
  it("keeps room for fans while playing and gives it back when the game is over", async () => {
    const { model, root } = mount(states.frog.start);
    const felt = /** @type {HTMLElement} */ (root.querySelector(".sw-felt"));
    const playing = parseFloat(felt.style.height);
    model.update({ status: "won", piles: { ...states.frog.start.piles, t0: [], t1: [], t2: [], t3: [], t4: [] } });
    await settle();
    expect(parseFloat(felt.style.height)).toBeLessThan(playing);
  });
});

describe("cleanup", () => {
  it("removes the table and its model listeners", () => {
    const { model } = mount(states.frog.start);
    expect(model.listenerCount()).toBeGreaterThan(0);
    table.unmount();
    expect(table.host.querySelector(".sw-table")).toBeNull();
    expect(model.listenerCount()).toBe(0);
  });
});
