// Spoken moves: what the live region says after each change, in words
// ("seven of spades to t3", "drew the queen of hearts", "redeal, 2 passes left").

import { cardName } from "./cards.js";
import { parseMove } from "./legal.js";
import { passesText } from "./format.js";

/**
 * @typedef {object} Seen  what the table showed, as far as the words need it
 * @property {number} moves
 * @property {string} lastMove
 * @property {string} status
 * @property {number | null | undefined} seed
 * @property {string} words  the last move in words (moveWords), "" for none
 */

/**
 * The words for one move just played, read from the piles after it.
 * @param {string} move  e.g. "t3 f0", "draw", "deal", "redeal"
 * @param {Record<string, number[]>} piles
 * @param {{passes_left?: number, redeals?: number}} counters
 * @param {Record<string, string>} [roles]  pile id -> role: a draw names the waste's new top card
 */
export function moveWords(move, piles, counters, roles = {}) {
  const parsed = parseMove(move);
  if (!parsed) return move;
  const top = (/** @type {string} */ pile) => {
    const cards = piles[pile] ?? [];
    return cards.length ? cardName(cards[cards.length - 1]) : "a card";
  };
  if ("action" in parsed) {
    if (parsed.action === "draw") {
      const waste = Object.keys(roles).find((pile) => roles[pile] === "waste");
      return waste ? `drew the ${top(waste)}` : "drew a card";
    }
    if (parsed.action === "deal") return "dealt a card onto each pile";
    if (typeof counters.passes_left === "number") return `redeal, ${passesText(counters.passes_left).toLowerCase()}`;
    return `redeal ${counters.redeals ?? ""}`.trim();
  }
  return `${top(parsed.target)} to ${parsed.target}`;
}

/**
 * What to say after a change from `before` to `now`, or "" for nothing.
 * @param {Seen | null} before
 * @param {Seen} now
 * @param {Record<string, number[]>} piles
 * @param {{passes_left?: number, redeals?: number, home?: number, total?: number}} counters
 */
export function announcement(before, now, piles, counters) {
  if (!before) return "";
  /** @type {string[]} */
  const words = [];
  if (now.seed !== before.seed) words.push(`new deal, seed ${now.seed}`);
  else if (now.moves === before.moves + 1 && now.words) words.push(now.words);
  else if (now.moves === before.moves - 1 && before.words) words.push(`took back ${before.words}`);
  else if (now.moves === 0 && before.moves > 0) words.push("back to the deal");
  else if (now.moves > before.moves + 1) words.push(`${now.moves - before.moves} moves played`);
  if (now.status !== before.status) {
    if (now.status === "won") words.push(`you won, all ${counters.total ?? ""} cards home`.replace("  ", " "));
    else if (now.status === "lost") words.push(`no moves left, ${counters.home ?? 0} cards home`);
  }
  return words.join("; ");
}
