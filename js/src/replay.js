// Replay: a step-through bar over the game's history (first, back, forward,
// last and a slider). It moves through the moves as undo and redo do, so
// playing a move after stepping back branches from there, as undo does.
// `SolitaireWidget(game, replay=True)` opens the table with the bar shown.

import { registerControl } from "./controls.js";
import { h } from "./dom.js";

/** @typedef {import("./api.js").TableApi} CardTable */

// Labels in characters every font has (the media-control symbols are often missing).
const STEPS = [
  ["first", "« First", "Back to the deal"],
  ["back", "‹ Back", "One move back"],
  ["forward", "Forward ›", "One move forward"],
  ["last", "Last »", "To the last move"],
];

/** @param {CardTable} table */
function where(table) {
  const c = table.counters();
  const at = Number(c.moves ?? 0);
  return { at, total: at + Number(c.redo ?? 0) };
}

/**
 * @param {CardTable} table
 * @param {number} to
 */
function seek(table, to) {
  const { at, total } = where(table);
  const target = Math.max(0, Math.min(total, to));
  if (target !== at) table.send("seek", { to: target });
}

/**
 * @param {CardTable} table
 * @param {HTMLElement} el
 */
function render(table, el) {
  el.setAttribute("role", "toolbar");
  el.setAttribute("aria-label", "Replay");
  const bar = h("div", "sw-replay");
  for (const [step, label, title] of STEPS) {
    const b = /** @type {HTMLButtonElement} */ (h("button", "sw-button sw-step", label));
    b.type = "button";
    b.dataset.step = step;
    b.title = title;
    bar.append(b);
  }
  const slider = /** @type {HTMLInputElement} */ (h("input", "sw-replay-slider"));
  slider.type = "range";
  slider.min = "0";
  slider.step = "1";
  slider.setAttribute("aria-label", "Move number");
  const label = h("span", "sw-replay-label");
  label.setAttribute("aria-live", "polite");
  bar.append(slider, label);
  el.append(bar);
  bar.addEventListener("click", (e) => {
    const b = /** @type {HTMLButtonElement | null} */ (/** @type {HTMLElement} */ (e.target).closest("button[data-step]"));
    if (!b || b.disabled) return;
    const { at, total } = where(table);
    const to = { first: 0, back: at - 1, forward: at + 1, last: total }[b.dataset.step ?? ""] ?? at;
    seek(table, to);
  });
  slider.addEventListener("input", () => { label.textContent = text(Number(slider.value), where(table).total); });
  slider.addEventListener("change", () => seek(table, Number(slider.value)));
  update(table, el);
}

/**
 * @param {number} at
 * @param {number} total
 */
function text(at, total) {
  return at === 0 ? `The deal (${total} move${total === 1 ? "" : "s"} recorded)` : `Move ${at} of ${total}`;
}

/**
 * @param {CardTable} table
 * @param {HTMLElement} el
 */
function update(table, el) {
  const { at, total } = where(table);
  const slider = /** @type {HTMLInputElement | null} */ (el.querySelector(".sw-replay-slider"));
  if (slider) {
    slider.max = String(total);
    slider.value = String(at);
    slider.disabled = total === 0;
  }
  const label = el.querySelector(".sw-replay-label");
  if (label) label.textContent = text(at, total);
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (el.querySelectorAll("button[data-step]"))) {
    const back = b.dataset.step === "first" || b.dataset.step === "back";
    b.disabled = back ? at === 0 : at === total;
  }
}

registerControl({
  action: "replay",
  label: "Replay",
  title: "Step through the game: to the deal, back, forward, to the last move, or along the slider",
  startOpen: (table) => !!table.get("replay"),
  panel: { render, update },
});
