// Card motion: moved cards slide from where they were (FLIP), a card that
// turns face up turns over, a dragged card snaps back, a card with no move
// shakes. Web Animations only (no forced layout, no timers to clean up), at
// most 180 ms, none under `prefers-reduced-motion` (the table asks
// `followReducedMotion` and does not call these then).

/** @typedef {import("./piles.js").PileRecord} PileRecord */
/** @typedef {import("./piles.js").CardPlace} CardPlace */
/** @typedef {import("./layout.js").Geometry} Geometry */

export const MOVE_MS = 180; // slide time of a moved card (the spec allows 200)
export const SNAP_MS = 150; // a dropped card going back to its pile

/**
 * Follow the user's reduced-motion setting: `set` gets it now and at each
 * change. Returns what stops following.
 * @param {(reduced: boolean) => void} set
 * @returns {() => void}
 */
export function followReducedMotion(set) {
  const media = typeof window !== "undefined" && window.matchMedia
    ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  set(!!media?.matches);
  if (!media) return () => {};
  const onChange = () => set(media.matches);
  media.addEventListener?.("change", onChange);
  return () => media.removeEventListener?.("change", onChange);
}

/** @type {WeakMap<HTMLElement, Animation>} each card's running slide */
const running = new WeakMap();

/**
 * Slide a card from (dx, dy) away back to its place, carrying `cls` while it
 * slides (a new slide of the same card replaces the running one).
 * @param {HTMLElement} el
 * @param {number} dx
 * @param {number} dy
 * @param {number} ms
 * @param {string} cls  "sw-moving" or "sw-returning": the CSS lets clicks through it
 */
export function slide(el, dx, dy, ms, cls) {
  running.get(el)?.cancel();
  el.classList.add(cls);
  const anim = el.animate(
    [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }],
    { duration: ms, easing: "ease-out" },
  );
  running.set(el, anim);
  const done = () => {
    if (running.get(el) === anim) {
      running.delete(el);
      el.classList.remove(cls);
    }
  };
  anim.onfinish = done;
  anim.oncancel = done;
}

/**
 * The slide a card is running, if any.
 * @param {HTMLElement} el
 */
export const slideOf = (el) => running.get(el) ?? null;

/**
 * A short shake (a card picked up that has no legal move).
 * @param {HTMLElement} el
 */
export function shake(el) {
  if (typeof el.animate !== "function") return;
  el.animate(
    [{ translate: "0 0" }, { translate: "-4px 0" }, { translate: "4px 0" }, { translate: "-3px 0" }, { translate: "0 0" }],
    { duration: 260, easing: "ease-in-out", composite: "add" },
  );
}

/** @param {PileRecord} rec */
const faceDown = (rec) => rec.cards.filter((c) => c < 0).length;

/**
 * FLIP for one change of the piles. Called before the pile elements change,
 * it measures where the face-up cards of the changed piles are on screen
 * (first; the layout is clean then, so reading it costs little) and returns
 * `play(geometry)`: called once they have changed, it slides each card from
 * there to the place the geometry gives it (last, invert, play). A card drawn
 * from the stock comes from the stock's top card; a card that turned face up
 * turns over.
 * @param {HTMLElement} felt
 * @param {PileRecord[]} changed  the piles about to change (their records change in place)
 * @param {PileRecord | undefined} stock  the stock, if the game has one
 * @param {(el: HTMLElement) => CardPlace | undefined} placeOf  where a card lies in its pile's box
 * @returns {(g: Geometry) => void}
 */
export function flip(felt, changed, stock, placeOf) {
  const feltBox = felt.getBoundingClientRect();
  /** @type {Map<HTMLElement, DOMRect>} */
  const first = new Map();
  for (const rec of changed) {
    for (const el of rec.els) if (el.dataset.face === "up") first.set(el, el.getBoundingClientRect());
  }
  const stockTop = stock && changed.includes(stock) && stock.els.length
    ? stock.els[stock.els.length - 1].getBoundingClientRect() : null;
  const stockBefore = stock?.cards.length ?? 0;
  // Face-down cards before the change (a flip shows, not a jump).
  const downBefore = changed.map(faceDown);
  return (g) => {
    changed.forEach((rec, i) => {
      const nowDown = faceDown(rec);
      // The card that turned up lies where the top face-down card was.
      const turned = rec.els[nowDown];
      if (rec !== stock && nowDown === downBefore[i] - 1 && turned && !first.has(turned)) {
        turned.animate(
          [{ transform: "perspective(600px) rotateY(90deg)" }, { transform: "perspective(600px) rotateY(0deg)" }],
          { duration: MOVE_MS, easing: "ease-out" },
        );
      }
    });
    const stockShrank = !!stock && stock.cards.length < stockBefore;
    for (const rec of changed) {
      const box = g.piles[rec.id];
      if (!box) continue;
      for (const el of rec.els) {
        if (el.dataset.face !== "up") continue;
        const from = first.get(el) ?? (stockShrank && rec !== stock ? stockTop : null);
        if (!from) continue;
        const place = placeOf(el);
        const dx = from.left - (feltBox.left + box.x + (place?.x ?? 0));
        const dy = from.top - (feltBox.top + box.y + (place?.y ?? 0));
        if (Math.abs(dx) >= 1 || Math.abs(dy) >= 1) slide(el, dx, dy, MOVE_MS, "sw-moving");
      }
    }
  };
}
