// Spoken moves: what the live region says after each change, in words
// ("seven of spades to t3", "draw: the queen of hearts", "redeal, 2 passes
// left"). What a stock action does comes from the game (`action_words`,
// `redeal_actions`): the page knows no action by name.

import { cardName } from "./cards.js";
import { parseMove } from "./legal.js";
import { passesText } from "./format.js";

/**
 * @typedef {object} Seen  what the table showed, as far as the words need it
 * @property {number} moves
 * @property {string} lastMove
 * @property {string} status
 * @property {number | null | undefined} seed
 * @property {number | string | null | undefined} deal  which deal (`dealOf`): a change is a new deal
 * @property {string} words  the last move in words (moveWords), "" for none
 * @property {string} [reason]  why the game is over, where the game says (`end_reason`)
 * @property {string} [noWin]  the solver's proof that no win is left (`no_win`)
 */

/**
 * What the words of a game's moves need to know of the game.
 * @typedef {object} GameWords
 * @property {Record<string, string>} [roles]  pile id -> role
 * @property {Record<string, string>} [actionWords]  action -> what it does ("deals a card onto every pile")
 * @property {string[]} [redeals]  the actions that start a new pass
 */

/**
 * "the seven of spades", "the seven of spades and the card on it", "… and the 3 cards on it".
 * @param {number} id
 * @param {number} count  cards moved together, `id` the lowest
 */
function cardsWords(id, count) {
  const name = cardName(id);
  if (count <= 1) return name;
  return `${name} and the ${count === 2 ? "card" : `${count - 1} cards`} on it`;
}

/**
 * The words for one move just played, read from the piles after it (and,
 * for a stock action, the piles before it: the one pile that got a new
 * face-up card names it).
 * @param {string} move  e.g. "t3 f0", "t3 t5 3", or an action
 * @param {Record<string, number[]>} piles
 * @param {{passes_left?: number, redeals?: number}} counters
 * @param {GameWords} [game]
 * @param {Record<string, number[]>} [before]  the piles before the move
 */
export function moveWords(move, piles, counters, game = {}, before = {}) {
  const parsed = parseMove(move);
  if (!parsed) return move;
  if ("action" in parsed) {
    const action = parsed.action;
    if ((game.redeals ?? []).includes(action)) {
      if (typeof counters.passes_left === "number") return `${action}, ${passesText(counters.passes_left).toLowerCase()}`;
      return `${action} ${counters.redeals ?? ""}`.trim();
    }
    const roles = game.roles ?? {};
    const grew = Object.keys(piles).filter((p) => roles[p] !== "stock" && (piles[p]?.length ?? 0) > (before[p]?.length ?? 0));
    const top = grew.length === 1 ? (piles[grew[0]] ?? []).at(-1) ?? -1 : -1;
    if (top >= 0) return `${action}: the ${cardName(top)}`;
    const words = game.actionWords?.[action];
    return words ? `${action}: ${words}` : action;
  }
  const cards = piles[parsed.target] ?? [];
  if (parsed.partner) {  // a pair: the two cards now on top of the target
    const [a, b] = cards.slice(-2);
    return a >= 0 && b >= 0 ? `the ${cardName(a)} and the ${cardName(b)} to ${parsed.target}`
      : `two cards to ${parsed.target}`;
  }
  const first = cards.length >= parsed.count ? cards[cards.length - parsed.count] : -1;
  return `${first >= 0 ? cardsWords(first, parsed.count) : "a card"} to ${parsed.target}`;
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
  if (now.deal !== before.deal) words.push(now.seed == null ? "new deal" : `new deal, seed ${now.seed}`);
  else if (now.moves === before.moves + 1 && now.words) words.push(now.words);
  else if (now.moves === before.moves - 1 && before.words) words.push(`took back ${before.words}`);
  else if (now.moves === 0 && before.moves > 0) words.push("back to the deal");
  else if (now.moves > before.moves + 1) words.push(`${now.moves - before.moves} moves played`);
  if (now.status !== before.status) {
    if (now.status === "won") {
      words.push(now.reason ? `you won: ${now.reason}` : `you won, all ${counters.total ?? ""} cards home`.replace("  ", " "));
    } else if (now.status === "lost") {
      words.push(`${now.reason ? `lost: ${now.reason}` : "no moves left"}, ${counters.home ?? 0} cards home`);
    }
  }
  if (now.status === "playing" && now.noWin && now.noWin !== before.noWin) words.push(`no win is possible from here: ${now.noWin}`);
  return words.join("; ");
}
