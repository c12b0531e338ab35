// Which piles changed between two values of the `piles` trait.

/**
 * @param {number[] | undefined} a
 * @param {number[] | undefined} b
 */
export function samePile(a, b) {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The ids of the piles whose cards differ (added and removed piles too), in
 * the order of `order` when given, else of the new value.
 * @param {Record<string, number[]>} before
 * @param {Record<string, number[]>} after
 * @param {string[]} [order]
 * @returns {string[]}
 */
export function changedPiles(before, after, order) {
  const ids = new Set([...(order ?? []), ...Object.keys(after ?? {}), ...Object.keys(before ?? {})]);
  const out = [];
  for (const id of ids) {
    if (!samePile(before?.[id], after?.[id])) out.push(id);
  }
  return out;
}

/**
 * Cards that arrived in `pile` (face-up ids that were not in it before).
 * @param {number[] | undefined} before
 * @param {number[] | undefined} after
 */
export function arrivals(before, after) {
  const had = new Set(before ?? []);
  return (after ?? []).filter((id) => id >= 0 && !had.has(id));
}
