// Keyboard focus order between piles: rows of the layout, left to right.

/** @typedef {import("./layout.js").GameLayout} GameLayout */

/**
 * The piles of a layout as rows of {pile, col}, each row sorted by column.
 * @param {GameLayout} layout
 * @returns {{pile: string, col: number}[][]}
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
 * @param {{pile: string, col: number}[][]} rows
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
