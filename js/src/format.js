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

/**
 * The items of the status line, each with the counter it shows (the browser
 * suite reads them back by key), e.g. {key: "moves", text: "Moves 3"}.
 * Score (the cards the player sent home) shows in every game that keeps
 * one, also where no card is dealt home (then it equals Home).
 * @param {Counters} c
 * @param {string} status
 * @param {string[]} actions
 * @returns {{key: string, text: string}[]}
 */
export function statusItems(c, status, actions = []) {
  const items = [
    { key: "moves", text: `Moves ${c.moves ?? 0}` },
    { key: "home", text: `Home ${c.home ?? 0}/${c.total ?? 0}` },
  ];
  if (typeof c.max_score === "number") items.push({ key: "score", text: `Score ${c.score ?? 0}/${c.max_score}` });
  if (typeof c.stock === "number") items.push({ key: "stock", text: `Stock ${c.stock}` });
  // Passes left only while they can still be spent.
  if (typeof c.passes_left === "number") {
    if (status === "playing") items.push({ key: "passes_left", text: `Passes left ${c.passes_left}` });
  } else if (actions.includes("redeal")) items.push({ key: "redeals", text: `Redeals ${c.redeals ?? 0}` });
  items.push({ key: "status", text: STATUS_WORDS[/** @type {keyof STATUS_WORDS} */ (status)] ?? String(status || "") });
  return items;
}

/**
 * The parts of the status line, e.g.
 * ["Moves 3", "Home 17/104", "Stock 68", "Playing"].
 * @param {Counters} c
 * @param {string} status
 * @param {string[]} actions
 * @returns {string[]}
 */
export function statusParts(c, status, actions = []) {
  return statusItems(c, status, actions).map((item) => item.text);
}

/**
 * @param {Counters} c
 * @param {string} status
 * @param {string[]} actions
 */
export function statusText(c, status, actions = []) {
  return statusParts(c, status, actions).join(" · ");
}

/**
 * The banner's heading and detail for a finished game; null while playing.
 * @param {string} status
 * @param {Counters} c
 * @returns {{title: string, detail: string} | null}
 */
export function bannerText(status, c) {
  if (status === "won") {
    const moves = c.moves ?? 0;
    return { title: "You won!", detail: `All ${c.total ?? 0} cards are home in ${moves} move${moves === 1 ? "" : "s"}.` };
  }
  if (status === "lost") {
    return {
      title: "No moves left",
      detail: `The game is lost with ${c.home ?? 0} of ${c.total ?? 0} cards home. Undo, restart or deal again.`,
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
 * A pile in a sentence: "the waste", "the stock", "t3", "f0".
 * @param {string} pile
 */
export function pileWords(pile) {
  return /^(stock|waste|reserve)$/.test(pile) ? `the ${pile}` : pile;
}
