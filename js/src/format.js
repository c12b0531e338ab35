// Texts the table shows: the status line and the end-of-game banner.

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
 * @property {number} [stock]
 * @property {number} [passes_left]
 */

const STATUS_WORDS = { playing: "Playing", won: "Won", lost: "Lost" };
const NO_WIN_WORDS = "No win possible"; // playing, but the solver proved no win is left (`no_win`)

/**
 * The items of the status line, each with the counter it shows (the browser
 * suite reads them back by key), e.g. {key: "moves", text: "Moves 3"}.
 * Score (the cards the player sent home) shows in every game that keeps
 * one, also where no card is dealt home (then it equals Home). Redeals show
 * where the game has an action that redeals (`redeals`) and does not count
 * its passes.
 * @param {Counters} c
 * @param {string} status
 * @param {string[]} redeals  the game's redeal actions it offers
 * @param {boolean} [noWin]  the solver proved that no win is left
 * @returns {{key: string, text: string}[]}
 */
export function statusItems(c, status, redeals = [], noWin = false) {
  const items = [
    { key: "moves", text: `Moves ${c.moves ?? 0}` },
    { key: "home", text: `Home ${c.home ?? 0}/${c.total ?? 0}` },
  ];
  if (typeof c.max_score === "number") items.push({ key: "score", text: `Score ${c.score ?? 0}/${c.max_score}` });
  if (typeof c.stock === "number") items.push({ key: "stock", text: `Stock ${c.stock}` });
  // Passes left only while they can still be spent.
  if (typeof c.passes_left === "number") {
    if (status === "playing") items.push({ key: "passes_left", text: `Passes left ${c.passes_left}` });
  } else if (redeals.length) items.push({ key: "redeals", text: `Redeals ${c.redeals ?? 0}` });
  const word = status === "playing" && noWin ? NO_WIN_WORDS : STATUS_WORDS[/** @type {keyof STATUS_WORDS} */ (status)];
  items.push({ key: "status", text: word ?? String(status || "") });
  return items;
}

/**
 * The parts of the status line, e.g.
 * ["Moves 3", "Home 17/104", "Stock 68", "Playing"].
 * @param {Counters} c
 * @param {string} status
 * @param {string[]} redeals
 * @returns {string[]}
 */
export function statusParts(c, status, redeals = []) {
  return statusItems(c, status, redeals).map((item) => item.text);
}

/**
 * @param {Counters} c
 * @param {string} status
 * @param {string[]} redeals
 */
export function statusText(c, status, redeals = []) {
  return statusParts(c, status, redeals).join(" · ");
}

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
