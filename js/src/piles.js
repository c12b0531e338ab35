// The pile layer: the pile elements on the felt and the card elements in
// them. It owns the pile records, the face-up card elements by card id, and
// where each card element lies in its pile's box (a WeakMap, not properties
// on the elements). It places the pile boxes and the cards from a geometry
// (layout.js, fan.js) and marks piles and cards with classes for features.

import { pileLabel } from "./cards.js";
import { faceDownCard, faceUpCard, h } from "./dom.js";
import { fanExtent, fanPositions } from "./fan.js";
import { faceUrl } from "./faces.js";

/** @typedef {import("./layout.js").Geometry} Geometry */
/** @typedef {import("./layout.js").GameLayout} GameLayout */

/**
 * @typedef {object} PileRecord
 * @property {string} id
 * @property {HTMLElement} el
 * @property {HTMLElement | null} badge
 * @property {number[]} cards
 * @property {HTMLElement[]} els
 */

/**
 * Where a card element lies: its place in its pile's box (px), its index in
 * the pile, and the index scale its face was drawn at.
 * @typedef {object} CardPlace
 * @property {number} x
 * @property {number} y
 * @property {number} i
 * @property {number} s
 */

/**
 * How many cards at the bottom of a pile lie face down (ids below 0).
 * @param {number[]} cards
 */
export function faceDownCount(cards) {
  const up = cards.findIndex((c) => c >= 0);
  return up < 0 ? cards.length : up;
}

export class PileLayer {
  /** @param {HTMLElement} felt */
  constructor(felt) {
    this.felt = felt;
    /** @type {Map<string, PileRecord>} */
    this.records = new Map();
    /** @type {Map<number, HTMLElement>} face-up card elements by card id */
    this.cardEls = new Map();
    /** @type {WeakMap<HTMLElement, CardPlace>} */
    this.places = new WeakMap();
    /** @type {Record<string, number[]>} the cards each pile shows */
    this.shown = {};
    /** @type {Map<string, Set<string>>} pile classes features set, by class */
    this.marks = new Map();
    /** @type {Map<string, Set<string>>} the piles given a tooltip with a class, by class */
    this.titled = new Map();
    /** @type {Record<string, number>} how tall each fan's row keeps room for (see `extents`) */
    this.kept = {};
  }

  /**
   * Make the pile elements (the felt is emptied first).
   * @param {string[]} pileIds
   * @param {Record<string, string>} roles
   * @param {GameLayout} layout
   */
  build(pileIds, roles, layout) {
    this.felt.replaceChildren();
    this.records.clear();
    this.marks.clear();
    this.titled.clear();
    this.shown = {};
    this.kept = {};
    for (const id of pileIds) {
      const el = h("div", "sw-pile");
      el.dataset.pile = id;
      el.dataset.kind = roles[id] ?? "";
      el.dataset.count = "0";
      el.setAttribute("role", "group");
      el.tabIndex = -1;
      const box = layout.slots.find((s) => s.pile === id);
      const badge = box?.badge ? h("span", "sw-count") : null;
      if (badge) {
        badge.setAttribute("aria-hidden", "true");
        el.append(badge);
      }
      this.records.set(id, { id, el, badge, cards: [], els: [] });
      this.felt.append(el);
    }
  }

  /**
   * The pile an event target belongs to (null on the bare felt, or outside it).
   * @param {EventTarget | null} target
   */
  pileAt(target) {
    const el = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (target)?.closest?.(".sw-pile"));
    return el && this.felt.contains(el) ? el.dataset.pile ?? null : null;
  }

  /**
   * The place in `pile` (bottom 0) of the card an event target belongs to;
   * -1 when it is not one of the pile's cards.
   * @param {string} pile
   * @param {EventTarget | null} target
   */
  cardIndex(pile, target) {
    const card = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (target)?.closest?.(".sw-card"));
    return card ? this.records.get(pile)?.els.indexOf(card) ?? -1 : -1;
  }

  /**
   * Where a card element lies in its pile's box (undefined before it is placed).
   * @param {HTMLElement} el
   */
  placeOf(el) {
    return this.places.get(el);
  }

  /**
   * The place of the top card of `pile` in its box ({x: 0, y: 0} for an empty pile).
   * @param {string} pile
   */
  topPlace(pile) {
    const rec = this.records.get(pile);
    const top = rec?.els[rec.els.length - 1];
    const place = top ? this.places.get(top) : undefined;
    return { x: place?.x ?? 0, y: place?.y ?? 0 };
  }

  /**
   * Place the pile boxes of a geometry.
   * @param {Geometry} g
   */
  placePiles(g) {
    for (const rec of this.records.values()) {
      const box = g.piles[rec.id];
      const st = rec.el.style;
      if (!box) {
        st.display = "none";
        continue;
      }
      st.left = `${box.x}px`;
      st.top = `${box.y}px`;
      st.width = `${box.w}px`;
      st.height = `${box.h}px`;
      rec.el.dataset.fan = box.fan;
    }
  }

  /**
   * The height each fanned pile needs for its cards now, where it is more
   * than the row kept room for, or (shrinking) more than a card's height
   * less, or `settle`: then the new heights (to give computeGeometry);
   * null when nothing changed.
   * @param {Geometry} g
   * @param {boolean} settle  the game is over: rows shrink to their cards
   * @param {boolean} force  return the heights even if none changed
   */
  extents(g, settle, force) {
    let changed = force;
    for (const rec of this.records.values()) {
      const box = g.piles[rec.id];
      if (!box || box.fan === "none") continue;
      const pos = fanPositions(rec.cards.length, faceDownCount(rec.cards), box.fan, { w: box.w, h: 0 }, g.cw, g.ch, g.index);
      const need = rec.cards.length ? fanExtent(pos, g.cw, g.ch).h : 0;
      const had = this.kept[rec.id] ?? 0;
      if (need > had || (need < had && (settle || need < had - g.ch))) {
        this.kept[rec.id] = need;
        changed = true;
      }
    }
    return changed ? this.kept : null;
  }

  /** Forget the heights kept for the rows (a new deal, a new width). */
  forgetExtents() {
    this.kept = {};
  }

  /**
   * Give one pile its new cards: reuse the elements of cards it keeps or that
   * come from other piles, create the others (placed by `placeCards`).
   * @param {string} id
   * @param {number[]} cards
   * @param {string} role
   */
  update(id, cards, role) {
    const rec = /** @type {PileRecord} */ (this.records.get(id));
    const old = rec.els;
    const oldDown = old.filter((el) => el.dataset.face === "down");
    let downUsed = 0;
    /** @type {HTMLElement[]} */
    const els = new Array(cards.length);
    for (let i = 0; i < cards.length; i++) {
      const c = cards[i];
      let el;
      if (c >= 0) {
        el = this.cardEls.get(c);
        if (!el) {
          el = faceUpCard(c);
          this.cardEls.set(c, el);
        }
      } else {
        el = oldDown[downUsed++] ?? faceDownCard();
      }
      els[i] = el;
    }
    // Keep the common prefix in place; re-insert the rest before the badge.
    let k = 0;
    while (k < old.length && k < els.length && old[k] === els[k]) k++;
    for (let i = k; i < old.length; i++) if (old[i].parentNode === rec.el) old[i].remove();
    if (k < els.length) {
      const frag = document.createDocumentFragment();
      for (let i = k; i < els.length; i++) frag.append(els[i]);
      rec.el.insertBefore(frag, rec.badge);
    }
    rec.els = els;
    rec.cards = cards.slice();
    this.shown[id] = rec.cards;

    const n = cards.length;
    rec.el.dataset.count = String(n);
    rec.el.setAttribute("aria-label", pileLabel(id, role, n, n ? cards[n - 1] : -1));
    if (rec.badge) rec.badge.textContent = n ? String(n) : "";
  }

  /**
   * Each pile shows what it takes while it is empty ("A", "waste", "cell").
   * @param {Record<string, any>} labels  pile id -> its label (the `empty_labels` trait)
   */
  labels(labels) {
    for (const [id, rec] of this.records) {
      const hint = String(labels[id] ?? "");
      if (rec.el.dataset.hint === hint) continue;
      rec.el.dataset.hint = hint;
      // Words ("waste") are written small, a rank ("A") large.
      if (hint.length > 1) rec.el.dataset.hintWord = "";
      else delete rec.el.dataset.hintWord;
    }
  }

  /**
   * Place the cards of one pile in its box (a record's elements only change
   * where their place did).
   * @param {PileRecord} rec
   * @param {Geometry | undefined} g
   */
  placeCards(rec, g) {
    if (!g) return;
    const box = g.piles[rec.id];
    if (!box) return;
    const n = rec.els.length;
    const pos = fanPositions(n, faceDownCount(rec.cards), box.fan, box, g.cw, g.ch, g.index);
    for (let i = 0; i < n; i++) {
      const el = rec.els[i];
      const { x, y } = pos[i];
      let place = this.places.get(el);
      if (!place) this.places.set(el, (place = { x: NaN, y: NaN, i: -1, s: NaN }));
      // Small cards draw a larger index (faces.js).
      if (rec.cards[i] >= 0 && place.s !== g.indexScale) {
        place.s = g.indexScale;
        el.style.backgroundImage = faceUrl(rec.cards[i], g.indexScale);
      }
      if (place.x !== x) el.style.left = `${(place.x = x)}px`;
      if (place.y !== y) el.style.top = `${(place.y = y)}px`;
      if (place.i !== i) el.dataset.index = String((place.i = i));
      // The top card, and the top two show their middles (see the CSS).
      el.classList.toggle("sw-top", i === n - 1);
      // A stack shows its top card only: the cards under it are not read out
      // one by one (the pile's label says how many there are).
      if (box.fan === "none" && i < n - 1) el.setAttribute("aria-hidden", "true");
      else el.removeAttribute("aria-hidden");
      el.classList.toggle("sw-full", i >= n - 2);
    }
    const top = pos[pos.length - 1] ?? { x: 0, y: 0 };
    rec.el.style.setProperty("--sw-tx", `${top.x}px`);
    rec.el.style.setProperty("--sw-ty", `${top.y}px`);
    if (rec.badge) placeBadge(rec.badge, box, top, g);
  }

  /**
   * Mark the top `count` cards of a pile picked up (they lift) and ring them:
   * the ring runs from the lowest picked card to the top one (0: none).
   * @param {PileRecord} rec
   * @param {number} count
   */
  markPick(rec, count) {
    const n = rec.els.length;
    const from = n - count;
    rec.els.forEach((el, i) => el.classList.toggle("sw-picked", i >= from));
    const first = rec.els[from] ? this.places.get(rec.els[from]) : undefined;
    const top = rec.els[n - 1] ? this.places.get(rec.els[n - 1]) : undefined;
    const style = rec.el.style;
    if (from < n - 1 && first && top) {
      style.setProperty("--sw-px", `${first.x}px`);
      style.setProperty("--sw-py", `${first.y}px`);
      style.setProperty("--sw-pw", `${top.x - first.x}px`);
      style.setProperty("--sw-ph", `${top.y - first.y}px`);
    } else {
      for (const name of ["--sw-px", "--sw-py", "--sw-pw", "--sw-ph"]) style.removeProperty(name);
    }
  }

  /**
   * Mark exactly `piles` with the class `cls` (the piles marked before lose
   * it), with a tooltip each where `titles` names one (removed with the mark).
   * @param {string} cls
   * @param {Iterable<string>} piles
   * @param {Record<string, string>} [titles]
   */
  mark(cls, piles, titles) {
    this.clearMarks(cls);
    const set = new Set([...piles].filter((id) => this.records.has(id)));
    const titled = new Set();
    for (const id of set) {
      const el = /** @type {PileRecord} */ (this.records.get(id)).el;
      el.classList.add(cls);
      if (titles && titles[id] !== undefined) {
        el.title = titles[id];
        titled.add(id);
      }
    }
    if (set.size) this.marks.set(cls, set);
    if (titled.size) this.titled.set(cls, titled);
  }

  /**
   * Take the class `cls` (and the tooltips set with it) off every pile.
   * @param {string} cls
   */
  clearMarks(cls) {
    for (const id of this.marks.get(cls) ?? []) this.records.get(id)?.el.classList.remove(cls);
    for (const id of this.titled.get(cls) ?? []) this.records.get(id)?.el.removeAttribute("title");
    this.marks.delete(cls);
    this.titled.delete(cls);
  }

  /**
   * Mark exactly the face-up cards `ids` with the class `cls`.
   * @param {string} cls
   * @param {Iterable<number>} ids
   */
  markCards(cls, ids) {
    const set = new Set(ids);
    for (const [id, el] of this.cardEls) el.classList.toggle(cls, set.has(id));
  }
}

/**
 * A stack's count sits at its foot (the CSS). A fan's goes where it covers
 * no card's index: right of the top card where the pile's box has room
 * (a wrapped fan's last line is its shortest), else in the top card's
 * bottom-right corner. At the first card's foot it covered the indices of
 * a fan wrapped onto a second line.
 * @param {HTMLElement} badge
 * @param {import("./layout.js").PileBox} box
 * @param {{x: number, y: number}} top  the top card's place in the box
 * @param {Geometry} g
 */
function placeBadge(badge, box, top, g) {
  const st = badge.style;
  if (box.fan === "none" || !badge.textContent) {
    st.left = st.top = st.transform = "";
    return;
  }
  const w = badge.offsetWidth, h = badge.offsetHeight;
  const right = top.x + g.cw + 2 + w <= box.w;
  st.left = `${Math.round(right ? top.x + g.cw + 2 : top.x + g.cw - w - 2)}px`;
  st.top = `${Math.round(top.y + g.ch - h - (right ? 0 : 2))}px`;
  st.transform = "none";
}
