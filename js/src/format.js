// Texts the table shows: the end-of-game banner, passes, messages. The
// status line comes whole from the kernel (`status_items`).

/**
 * @typedef {object} Counters
 * @property {number} [moves]
 * @property {number} [home]
 * @property {number} [total]
 * @property {number} [score]
 * @property {number} [max_score]
 * @property {number} [redeals]
 * @property {boolean} [can_undo]
 * @property {boolean} [can_redo]
 * @property {number} [redo]  moves redo would replay
 * @property {number | null} [seed]
 * @property {string} [deal]  a deal without a seed: its short name (the same deal, the same name)
 * @property {number} [stock]
 * @property {number} [passes_left]
 */

/**
 * Which deal is on the table: its seed, or the name of a deal without one.
 * @param {Counters} c
 * @returns {number | string | null | undefined}
 */
export const dealOf = (c) => c.seed ?? c.deal;

/** @param {string} text */
const capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : "");

/**
 * The banner's result, heading and detail: a finished game ("won" or
 * "lost", with the reason where the game declares its own, `end_reason`),
 * or a game still played from which the solver proved no win is left
 * ("no-win", `no_win`: its reason); null while a win may still come.
 * @param {string} status
 * @param {Counters} c
 * @param {string} [reason]  why the game is over, where the game says
 * @param {string} [noWin]  the solver's reason, once it proved no win is left
 * @returns {{result: string, title: string, detail: string} | null}
 */
export function bannerText(status, c, reason = "", noWin = "") {
  const moves = c.moves ?? 0;
  const inMoves = `in ${moves} move${moves === 1 ? "" : "s"}`;
  const home = `${c.home ?? 0} of ${c.total ?? 0} cards home`;
  if (status === "won") {
    return {
      result: "won", title: "You won!",
      detail: reason ? `${capital(reason)}, ${inMoves}.` : `All ${c.total ?? 0} cards are home ${inMoves}.`,
    };
  }
  if (status === "lost") {
    if (reason) return { result: "lost", title: "Game lost", detail: `${capital(reason)}, with ${home}. Undo, restart or deal again.` };
    return { result: "lost", title: "No moves left", detail: `The game is lost with ${home}. Undo, restart or deal again.` };
  }
  if (status === "playing" && noWin) {
    return {
      result: "no-win", title: "No win is possible from here",
      detail: `${capital(noWin)}. Moves are left, but none leads to a win: undo, or deal again.`,
    };
  }
  return null;
}

/**
 * "3 passes left", "1 pass left", "last pass".
 * @param {number} n
 */
export function passesText(n) {
  if (n <= 1) return n === 1 ? "Last pass" : "No passes left";
  return `${n} passes left`;
}

/**
 * The rule options in force, for the title line: "gather=pysol, …".
 * @param {Record<string, any> | null | undefined} options
 */
export function optionsText(options) {
  return Object.entries(options ?? {}).map(([k, v]) => `${k}=${v}`).join(", ");
}

/**
 * How many top cards of a pile may be lifted now, in a sentence: "only the
 * top card of the waste moves now", "only the top 3 cards of t5 move
 * together now".
 * @param {string} pile
 * @param {number} run  cards that move together now (1 or more)
 */
export function liftWords(pile, run) {
  return run === 1 ? `only the top card of ${pileWords(pile)} moves now`
    : `only the top ${run} cards of ${pileWords(pile)} move together now`;
}

/**
 * A pile in a sentence: "the waste", "the stock", "t3", "f0".
 * @param {string} pile
 */
export function pileWords(pile) {
  return /^(stock|waste|reserve)$/.test(pile) ? `the ${pile}` : pile;
}

/**
 * One style for every message, from the engine, the widget or the view: a
 * sentence with a capital and a full stop ("the waste card Q♦ must be
 * played" -> "The waste card Q♦ must be played.").
 * @param {string} text
 */
export function sentence(text) {
  const t = text.trim();
  if (!t) return "";
  const head = t[0].toUpperCase() + t.slice(1);
  return /[.!?…]$/.test(head) ? head : `${head}.`;
}
