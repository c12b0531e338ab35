// DOM pieces: card elements (cloned from one template per face) and small helpers.

import { cardInfo } from "./cards.js";
import { faceUrl } from "./faces.js";

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
 * The template of a face-up card (built once per face per document): a box
 * whose background is the face's SVG image.
 * @param {number} id
 */
function faceTemplate(id) {
  const info = /** @type {import("./cards.js").CardInfo} */ (cardInfo(id));
  let tpl = templates.get(info.face);
  if (tpl && tpl.ownerDocument === document) return tpl;
  tpl = h("div", `sw-card ${info.red ? "sw-red" : "sw-black"}`);
  tpl.dataset.face = "up";
  tpl.setAttribute("role", "img");
  tpl.setAttribute("aria-label", info.name);
  tpl.style.backgroundImage = faceUrl(id);
  // The box of the top-left index drawn on the face (the table never covers
  // it; tests measure it).
  tpl.append(h("span", "sw-index"));
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
 * The element around `el`, across the shadow root a host may render the
 * widget in (marimo does).
 * @param {Element} el
 * @returns {HTMLElement | null}
 */
export function around(el) {
  if (el.parentElement) return el.parentElement;
  const root = el.getRootNode();
  return /** @type {any} */ (root).host ?? null;
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
