// DOM pieces: card elements (cloned from one template per face) and small helpers.

import { cardInfo } from "./cards.js";

/** @type {Map<number, HTMLElement>} face -> template element */
const templates = new Map();

/**
 * @param {string} tag
 * @param {string} [className]
 * @param {string} [text]
 */
export function h(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * The template of a face-up card (built once per face per document).
 * @param {number} id
 */
function faceTemplate(id) {
  const info = /** @type {import("./cards.js").CardInfo} */ (cardInfo(id));
  let tpl = templates.get(info.face);
  if (tpl && tpl.ownerDocument === document) return tpl;
  tpl = h("div", `sw-card ${info.red ? "sw-red" : "sw-black"}${info.rank > 10 ? " sw-court" : ""}`);
  tpl.dataset.face = "up";
  tpl.setAttribute("role", "img");
  tpl.setAttribute("aria-label", info.name);
  const corner = h("span", "sw-idx sw-tl");
  corner.append(h("b", "", info.rankText), h("i", "", info.symbol));
  const pip = h("span", "sw-pip");
  if (info.rank > 10) {
    pip.append(h("b", "", info.rankText), h("i", "", info.symbol));
  } else {
    pip.textContent = info.symbol;
  }
  const br = corner.cloneNode(true);
  /** @type {HTMLElement} */ (br).className = "sw-idx sw-br";
  tpl.append(corner, h("span", "sw-tr", info.symbol), pip, br);
  templates.set(info.face, tpl);
  return tpl;
}

/**
 * A new element for a face-up card.
 * @param {number} id
 * @returns {HTMLElement}
 */
export function faceUpCard(id) {
  const el = /** @type {HTMLElement} */ (faceTemplate(id).cloneNode(true));
  el.dataset.card = String(id);
  return el;
}

/** A new element for a face-down card. */
export function faceDownCard() {
  const el = h("div", "sw-card sw-back");
  el.dataset.face = "down";
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", "face-down card");
  return el;
}

/**
 * A button with a data-action.
 * @param {string} action
 * @param {string} label
 * @param {string} title
 */
export function actionButton(action, label, title) {
  const b = /** @type {HTMLButtonElement} */ (h("button", "sw-button", label));
  b.type = "button";
  b.dataset.action = action;
  b.title = title;
  return b;
}
