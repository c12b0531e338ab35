// Keyboard focus between piles: the order (rows of the layout, left to
// right) and the roving focus itself (one pile in the tab order at a time).

/** @typedef {import("./layout.js").GameLayout} GameLayout */
/** @typedef {import("./piles.js").PileRecord} PileRecord */
/** @typedef {{pile: string, col: number}[][]} FocusRows */

/**
 * The piles of a layout as rows of {pile, col}, each row sorted by column.
 * @param {GameLayout} layout
 * @returns {FocusRows}
 */
export function focusRows(layout) {
  /** @type {{pile: string, col: number, center: number}[][]} */
  const rows = [];
  for (const slot of layout.slots) {
    (rows[slot.row] ??= []).push({ pile: slot.pile, col: slot.col, center: slot.col + (slot.span ?? 1) / 2 });
  }
  return rows.filter(Boolean).map((r) => r.sort((a, b) => a.col - b.col).map(({ pile, center }) => ({ pile, col: center })));
}

/**
 * The focus order: every pile, row by row.
 * @param {GameLayout} layout
 */
export function focusOrder(layout) {
  return focusRows(layout).flat().map((s) => s.pile);
}

/**
 * Where a key moves the focus from `current`: ArrowLeft/ArrowRight go through
 * the piles in reading order (wrapping), ArrowUp/ArrowDown to the nearest pile
 * of the row above/below, Home/End to the first/last pile. Null for other
 * keys.
 * @param {FocusRows} rows
 * @param {string | null} current
 * @param {string} key
 * @returns {string | null}
 */
export function nextFocus(rows, current, key) {
  const order = rows.flat();
  if (order.length === 0) return null;
  let r = rows.findIndex((row) => row.some((s) => s.pile === current));
  if (r < 0) return order[0].pile;
  const row = rows[r];
  const i = row.findIndex((s) => s.pile === current);
  const flat = order.findIndex((s) => s.pile === current);
  switch (key) {
    case "ArrowRight":
      return order[(flat + 1) % order.length].pile;
    case "ArrowLeft":
      return order[(flat - 1 + order.length) % order.length].pile;
    case "Home":
      return order[0].pile;
    case "End":
      return order[order.length - 1].pile;
    case "ArrowDown":
    case "ArrowUp": {
      const to = key === "ArrowDown" ? r + 1 : r - 1;
      if (to < 0 || to >= rows.length) return current;
      const col = row[i].col;
      let best = rows[to][0];
      for (const s of rows[to]) if (Math.abs(s.col - col) < Math.abs(best.col - col)) best = s;
      return best.pile;
    }
    default:
      return null;
  }
}

/**
 * The roving focus over the piles: one pile is in the tab order (tabIndex
 * 0, the others -1). The arrow keys move it (keyboard.js), a press on a pile
 * takes it there (pointer.js), and the DOM focus comes back to it where it
 * would fall out of the table (an answered question, a button disabled
 * under it, a closing panel, the kernel gone).
 */
export class RovingFocus {
  /**
   * @param {HTMLElement} root  the table's root: its document or shadow root knows the focused element
   * @param {ReadonlyMap<string, PileRecord>} piles  the pile records by id (the pile layer's)
   */
  constructor(root, piles) {
    this.root = root;
    this.piles = piles;
    /** @type {string | null} the pile in the tab order */
    this.pile = null;
    /** @type {FocusRows} the piles of the layout by rows */
    this.rows = [];
  }

  /**
   * A new table (its pile elements made): the focus order of its layout, and
   * the first pile in the tab order (the DOM focus stays where it is).
   * @param {GameLayout} layout
   * @param {string[]} pileIds  the game's piles (the first one where the layout places none)
   */
  reset(layout, pileIds) {
    this.rows = focusRows(layout);
    this.pile = this.rows[0]?.[0]?.pile ?? pileIds[0] ?? null;
    const rec = this.pile ? this.piles.get(this.pile) : undefined;
    if (rec) rec.el.tabIndex = 0;
  }

  /**
   * Another layout for the same piles (a new width): the arrows follow its rows.
   * @param {GameLayout} layout
   */
  follow(layout) {
    this.rows = focusRows(layout);
  }

  /**
   * Move the roving focus to a pile.
   * @param {string} pile
   * @param {boolean} [move]  also move the DOM focus there
   */
  set(pile, move = true) {
    const rec = this.piles.get(pile);
    if (!rec) return;
    if (this.pile && this.pile !== pile) {
      const prev = this.piles.get(this.pile);
      if (prev) prev.el.tabIndex = -1;
    }
    this.pile = pile;
    rec.el.tabIndex = 0;
    if (move) rec.el.focus({ preventScroll: false });
  }

  /**
   * Put the focus back on the pile the keyboard was last on (if any).
   * @param {boolean} [move]  also move the DOM focus there
   */
  restore(move = true) {
    if (this.pile) this.set(this.pile, move);
  }

  /**
   * Move the focus from `from` as `key` says (see `nextFocus`).
   * @param {string} from
   * @param {string} key
   * @returns {string | null} the pile it went to; null for a key that moves nothing
   */
  move(from, key) {
    const to = nextFocus(this.rows, from, key);
    if (to) this.set(to);
    return to;
  }

  /** The focused element of the document or shadow root the table is in. */
  active() {
    const root = /** @type {Document | ShadowRoot} */ (this.root.getRootNode());
    return root.activeElement ?? null;
  }
}
