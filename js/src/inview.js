// What of the table the player sees: the part of an element inside the
// window and inside every box around it that scrolls or clips (JupyterLab's
// and Notebook 7's notebook panel, marimo's output box, across the shadow
// root marimo renders the widget in), and bringing an element into view
// with the least scroll, only when it is out of view.

import { around } from "./dom.js";

/** @typedef {{left: number, top: number, right: number, bottom: number}} Edges */

const CLIPS = /^(auto|scroll|hidden|clip|overlay)$/; // an overflow that keeps what lies outside the box unseen

/**
 * @param {Edges} a
 * @param {Edges} b
 * @returns {Edges}
 */
function intersect(a, b) {
  return {
    left: Math.max(a.left, b.left), top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom),
  };
}

/**
 * The part of the window where `el` can be seen, in viewport coordinates
 * (those of getBoundingClientRect): the visual viewport (a phone's zoom)
 * cut by each box around `el` that scrolls or clips, inside its borders
 * and scroll bars. Empty (right <= left or bottom <= top) when none shows.
 * @param {Element} el
 * @returns {Edges}
 */
export function visibleEdges(el) {
  const doc = el.ownerDocument;
  const win = /** @type {Window} */ (doc.defaultView);
  const vv = win.visualViewport;
  let edges = vv
    ? { left: vv.offsetLeft, top: vv.offsetTop, right: vv.offsetLeft + vv.width, bottom: vv.offsetTop + vv.height }
    : { left: 0, top: 0, right: win.innerWidth, bottom: win.innerHeight };
  // (not the body: its overflow is the window's, which JupyterLab hides, and it is 0 px tall there)
  for (let box = around(el); box && box !== doc.body && box !== doc.documentElement; box = around(box)) {
    const s = win.getComputedStyle(box);
    if (!CLIPS.test(s.overflowX) && !CLIPS.test(s.overflowY)) continue;
    const r = box.getBoundingClientRect();
    const left = r.left + box.clientLeft;
    const top = r.top + box.clientTop;
    edges = intersect(edges, { left, top, right: left + box.clientWidth, bottom: top + box.clientHeight });
  }
  return edges;
}

/**
 * Whether the player sees `el`: all of it, or, when it is taller than the
 * part of the window it can show in, its top and as much of it as fits.
 * An element not laid out (no size: hidden, or no layout as in jsdom)
 * counts as seen: there is nothing to bring into view.
 * @param {Element} el
 */
export function inView(el) {
  const r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return true;
  const v = visibleEdges(el);
  const tall = r.height > v.bottom - v.top;
  return r.left >= v.left - 1 && r.right <= v.right + 1 && r.top >= v.top - 1 &&
    (tall ? r.top < v.bottom : r.bottom <= v.bottom + 1);
}

/**
 * Call `seen()` once, the first time `el` shows (half of it, or 240 px,
 * inside the window and the boxes around it) while `line` does not: looked
 * at once `el` is laid out, and after each scroll of the page or of a box
 * in it. Returns what stops the watch.
 * @param {Element} el
 * @param {Element} line
 * @param {() => void} seen
 */
export function whenSeen(el, line, seen) {
  const doc = el.ownerDocument;
  const win = doc.defaultView;
  if (!win || typeof win.requestAnimationFrame !== "function") return () => {};
  let frame = 0;
  const look = () => {
    frame = 0;
    const r = el.getBoundingClientRect();
    if (!el.isConnected || r.height <= 0) return;
    const v = visibleEdges(el);
    const shown = Math.min(r.bottom, v.bottom) - Math.max(r.top, v.top);
    if (shown < Math.min(r.height / 2, 240) || inView(line)) return;
    stop();
    seen();
  };
  const soon = () => {
    if (!frame) frame = win.requestAnimationFrame(look);
  };
  // (scroll events do not bubble: the document hears them all in its capture phase)
  doc.addEventListener("scroll", soon, { capture: true, passive: true });
  win.addEventListener("resize", soon, { passive: true });
  const laidOut = typeof win.ResizeObserver === "function" ? new win.ResizeObserver(soon) : null;
  laidOut?.observe(el);
  const stop = () => {
    doc.removeEventListener("scroll", soon, { capture: true });
    win.removeEventListener("resize", soon);
    laidOut?.disconnect();
    if (frame) win.cancelAnimationFrame(frame);
    frame = -1; // (no look after the stop)
  };
  soon();
  return stop;
}

/**
 * Bring `el` into view with the least scroll, only when it is out of view
 * (a panel the player opened, the answer it was waiting for): the page does
 * not move when it already shows.
 * @param {Element} el
 */
export function reveal(el) {
  if (!inView(el)) el.scrollIntoView?.({ block: "nearest", inline: "nearest" });
}
