// The table's parts without a table: a felt in the page with a pile layer
// drawn from a fixture's position, and the part of the table a selection
// reads (the traits of that position, the messages it shows recorded).
import { onTestFinished } from "vitest";
import { PileLayer } from "../src/piles.js";
import { computeGeometry } from "../src/layout.js";
import { LegalMoves } from "../src/legal.js";

/**
 * A root in the page holding a felt, its piles built and filled from `state`
 * (its main layout, `width` px wide); all gone after the test.
 * @param {Record<string, any>} state  a fixture's traits
 * @param {number} [width]
 */
export function pileParts(state, width = 800) {
  const root = document.createElement("div");
  const felt = document.createElement("div");
  root.append(felt);
  document.body.append(root);
  onTestFinished(() => root.remove());
  const layer = new PileLayer(felt);
  const layout = state.layouts[0];
  layer.build(state.pile_ids, state.pile_roles, layout);
  const g = computeGeometry(layout, width, {});
  layer.placePiles(g);
  for (const id of state.pile_ids) {
    layer.update(id, state.piles[id], state.pile_roles[id]);
    layer.placeCards(/** @type {any} */ (layer.records.get(id)), g);
  }
  /** @param {string} id */
  const pileEl = (id) => /** @type {HTMLElement} */ (layer.records.get(id)?.el);
  /** @param {string} id @param {number} i */
  const cardEl = (id, i) => /** @type {HTMLElement} */ (layer.records.get(id)?.els[i]);
  return { root, felt, layer, layout, g, pileEl, cardEl };
}

/**
 * What a Selection reads of a table, over a pile layer: the traits of
 * `state` (`runs`), its legal moves, its stock; `messages` records what it
 * shows.
 * @param {Record<string, any>} state
 * @param {PileLayer} layer
 */
export function selectionHost(state, layer) {
  /** @type {{text: string, kind: string, pile: string | null}[]} */
  const messages = [];
  return {
    pileLayer: layer,
    /** @param {string} name */
    get: (name) => state[name],
    legal: new LegalMoves(state.legal),
    reducedMotion: true,
    /** @param {string | null} pile */
    isStock: (pile) => pile !== null && state.pile_roles[pile] === "stock",
    /** @param {string} pile the piles lying on it that hold cards (the `covered_by` trait) */
    lyingOn: (pile) => (state.covered_by?.[pile] ?? []).filter((/** @type {string} */ id) =>
      (layer.records.get(id)?.cards.length ?? 0) > 0),
    /** @param {string} text @param {string} kind @param {string | null} [pile] */
    showMessage: (text, kind, pile = null) => { messages.push({ text, kind, pile }); },
    messages,
  };
}
