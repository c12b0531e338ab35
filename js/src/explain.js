// Explain mode (a toggle): while it is on, focusing or hovering a pile's top
// card asks the kernel where that card can go (hovering a card of a run that
// moves together: where that card and those above it can go). The panel lists the piles it
// can go to and why it cannot go to the others (piles with the same reason on
// one line: "f3–f7: …"); every pile it cannot go to also carries the engine's
// reason as its tooltip. All of it is plain text (textContent and the title
// attribute), never HTML.

import { registerControl } from "./controls.js";
import { h } from "./dom.js";

/** @typedef {import("./api.js").TableApi} CardTable */

/**
 * The `explain` field of the kernel's reply to an explain request.
 * @typedef {object} Explanation
 * @property {string} pile
 * @property {string} card  the top card, e.g. "K♥", or the run asked about, "8♠…5♥" ("" for an empty pile)
 * @property {Record<string, string | null>} targets  pile -> null (it may go there) or the reason
 * @property {number} version
 */

const ACTION = "explain";

/**
 * The explain state of one table.
 * @typedef {object} ExplainState
 * @property {string | null} pile  the pile explained (or asked about)
 * @property {number} count  how many of its top cards
 * @property {Promise<any> | null} asked  the request waiting for its answer
 * @property {number} version  the version the shown answer is for
 */

/** @type {WeakMap<CardTable, ExplainState>} */
const states = new WeakMap();

/** @param {CardTable} table  (mounted: see `mount`) */
const stateOf = (table) => /** @type {ExplainState} */ (states.get(table));

/**
 * Listen to hovers and focus on the felt (they ask while the panel is open).
 * Returns what undoes it.
 * @param {CardTable} table
 */
function mount(table) {
  /** @type {ExplainState} */
  const state = { pile: null, count: 1, asked: null, version: -1 };
  states.set(table, state);
  const listening = new AbortController();
  /** @param {Event} e */
  const onPile = (e) => {
    if (!table.panel(ACTION)) return;
    const pile = table.pileAt(e.target);
    if (!pile) return;
    const count = countAt(table, pile, e.target);
    if (pile !== state.pile || count !== state.count) ask(table, state, pile, count);
  };
  table.onFelt("pointerover", onPile, listening.signal);
  table.onFelt("focusin", onPile, listening.signal);
  return () => {
    listening.abort();
    clearMarks(table);
    states.delete(table);
  };
}

/**
 * How many top cards of `pile` a hover or focus on `target` is about: the
 * cards picked up there, else the card under the pointer and those above it
 * when they move together, else the top card.
 * @param {CardTable} table
 * @param {string} pile
 * @param {EventTarget | null} target
 */
function countAt(table, pile, target) {
  const picked = table.selection();
  if (table.legal.wholes.has(pile)) return 1; // a pile that moves only whole: asked about as its move, no count
  if (picked.pile === pile) return picked.count;
  const index = table.cardIndex(pile, target);
  const count = index >= 0 ? table.cards(pile).length - index : 1;
  return count <= table.runOf(pile) ? count : 1;
}

/**
 * Ask the kernel where the top `count` cards of `pile` can go; its reply
 * carries the answer.
 * @param {CardTable} table
 * @param {ExplainState} state
 * @param {string} pile
 * @param {number} [count]
 */
function ask(table, state, pile, count = 1) {
  state.pile = pile;
  state.count = count;
  if (!table.canPickUp(pile)) {
    clearMarks(table);
    say(table, table.isStock(pile) ? "The stock's cards are face down: they are not moved by hand."
      : `${pile} has no face-up card to move.`);
    return;
  }
  const asked = table.send("explain", count > 1 ? { pile, count } : { pile });
  state.asked = asked;
  asked.then((reply) => {
    if (state.asked !== asked) return;
    state.asked = null;
    if (reply?.ok && reply.explain && table.panel(ACTION)) show(table, state, reply.explain);
  });
}

/** @param {CardTable} table */
function clearMarks(table) {
  table.clearMarks("sw-can-go");
  table.clearMarks("sw-why-not");
}

/**
 * @param {CardTable} table
 * @param {string} text
 * @param {Node[]} [more]
 */
function say(table, text, more = []) {
  const panel = table.panel(ACTION);
  if (!panel) return;
  panel.replaceChildren(h("p", "sw-explain-text", text), ...more);
}

/**
 * Piles by name, runs of three or more written as a range: "f3–f7", "t0, t2".
 * @param {string[]} piles
 */
export function pileList(piles) {
  const parts = [];
  for (let i = 0; i < piles.length;) {
    const m = /^(\D+)(\d+)$/.exec(piles[i]);
    let j = i;
    while (m && j + 1 < piles.length && piles[j + 1] === `${m[1]}${Number(m[2]) + (j + 1 - i)}`) j++;
    parts.push(j - i >= 2 ? `${piles[i]}–${piles[j]}` : piles.slice(i, j + 1).join(", "));
    i = j + 1;
  }
  return parts.join(", ");
}

/**
 * The reasons a card cannot go to piles, equal ones (but for the pile's own
 * name) on one line: [["f3–f7", "7♣ cannot start an empty foundation …"], …].
 * @param {[string, string][]} reasons  [pile, reason] in pile order
 * @returns {[string, string][]}
 */
export function groupReasons(reasons) {
  /** @type {Map<string, {piles: string[], reason: string}>} */
  const groups = new Map();
  for (const [pile, reason] of reasons) {
    const key = reason.split(` (${pile})`).join("").split(pile).join("\u0000");
    const group = groups.get(key);
    if (group) group.piles.push(pile);
    else groups.set(key, { piles: [pile], reason });
  }
  return [...groups].map(([key, { piles, reason }]) => {
    if (piles.length === 1) return [piles[0], reason];
    const label = pileList(piles);
    return [label, key.split("\u0000").join(label)];
  });
}

/**
 * @param {CardTable} table
 * @param {ExplainState} state
 * @param {Explanation} answer
 */
function show(table, state, answer) {
  clearMarks(table);
  if (answer.pile !== state.pile) return;
  state.version = answer.version;
  const can = [];
  /** @type {[string, string][]} */
  const reasons = [];
  /** @type {Record<string, string>} */
  const titles = {};
  const onTable = new Set(table.get("pile_ids") ?? []);
  for (const [pile, reason] of Object.entries(answer.targets ?? {})) {
    if (!onTable.has(pile)) continue;
    if (reason === null) can.push(pile);
    else {
      titles[pile] = String(reason);
      reasons.push([pile, String(reason)]);
    }
  }
  table.markPiles("sw-can-go", can);
  table.markPiles("sw-why-not", Object.keys(titles), titles);
  const card = answer.card ? `${answer.card} on ${answer.pile}` : answer.pile;
  const text = can.length ? `${card} can go to ${pileList(can)}.` : `${card} cannot move now.`;
  // A list that scrolls: the keyboard reaches it too (Tab, then the arrows).
  const list = h("ul", "sw-explain-reasons");
  list.tabIndex = 0;
  list.setAttribute("aria-label", "Where it cannot go, and why");
  list.append(...groupReasons(reasons).map(([piles, reason]) => h("li", "", `${piles}: ${reason}`)));
  say(table, text, reasons.length ? [h("p", "sw-explain-hint", "Where it cannot go, and why (also in each pile's tooltip):"), list] : []);
  // While the panel is out of view, the answer shows by the card too.
  const said = table.panel(ACTION)?.querySelector(".sw-explain-text");
  if (said) table.answer(text, /** @type {HTMLElement} */ (said), answer.pile, "info");
}

registerControl({
  action: ACTION,
  label: "Explain",
  title: "Explain mode: focus or hover a card to see where it can go, and why not elsewhere",
  mount,
  pressed: (table) => !!table.panel(ACTION),
  panel: {
    render(table) {
      const state = stateOf(table);
      state.pile = null;
      say(table, "Focus or hover a card to see where it can go; the piles it cannot go to say why in their tooltips.");
    },
    update(table) {
      // After a change the answer is stale: ask again about the same pile.
      const state = stateOf(table);
      const version = Number(table.get("version") ?? 0);
      if (state.pile && !state.asked && state.version !== version) {
        ask(table, state, state.pile, Math.min(state.count, Math.max(1, table.runOf(state.pile))));
      }
    },
  },
  run(table) {
    const state = stateOf(table);
    if (!table.panel(ACTION)) {
      clearMarks(table);
      state.pile = null;
    }
  },
});
