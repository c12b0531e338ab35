// Reading the `legal` trait: the legal moves as texts like "t3 f0", "t3 t5 3"
// (the top three cards of t3 onto t5), "p3+p5 f0" (the top cards of p3 and
// p5 leave together, a pair) or a stock action (any word the game declares).

/**
 * @typedef {{source: string, target: string, count: number, partner?: string} | {action: string}} ParsedMove
 */

/**
 * Parse a move text: "SOURCE TARGET", "SOURCE TARGET COUNT" (a count of 1 or
 * more, in digits), "SOURCE+PARTNER TARGET" (a pair: two cards, `partner`
 * set) or one word, a stock action; null for anything else.
 * @param {string} text
 * @returns {ParsedMove | null}
 */
export function parseMove(text) {
  if (typeof text !== "string") return null;
  const pair = /^\s*([a-z_0-9]+)\s*\+\s*([a-z_0-9]+)\s+([a-z_0-9]+)\s*$/.exec(text.toLowerCase());
  if (pair) return pair[1] === pair[2] ? null : { source: pair[1], partner: pair[2], target: pair[3], count: 2 };
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 1) return { action: words[0] };
  if (words.length === 2) return { source: words[0], target: words[1], count: 1 };
  if (words.length === 3 && /^[1-9]\d*$/.test(words[2])) return { source: words[0], target: words[1], count: Number(words[2]) };
  return null;
}

/**
 * The text of a card move, as the kernel writes it: the count only when it
 * is more than one ("t3 f0", "t3 t5 3").
 * @param {string} source
 * @param {string} target
 * @param {number} [count]
 */
export function moveText(source, target, count = 1) {
  return count > 1 ? `${source} ${target} ${count}` : `${source} ${target}`;
}

/**
 * The text of a pair's move: its two piles in either order are one move.
 * @param {string} source
 * @param {string} partner
 * @param {string} target
 */
export function pairText(source, partner, target) {
  return `${source}+${partner} ${target}`;
}

/**
 * An index of the legal moves, built once per change of `legal`. The moves
 * of a pile that moves only whole (`wholes`, the `whole_piles` trait) are
 * written without a count, however many cards the pile holds: asked about
 * any number of its cards, they answer as its whole move.
 */
export class LegalMoves {
  /**
   * @param {string[]} legal
   * @param {Set<string>} [wholes]  the piles that move only whole
   */
  constructor(legal, wholes = new Set()) {
    /** @type {string[]} */
    this.list = Array.isArray(legal) ? legal.slice() : [];
    this.wholes = wholes;
    /** @type {Map<string, Map<number, string[]>>} source pile -> count -> targets, in `legal` order */
    this.bySource = new Map();
    /** @type {Set<string>} */
    this.actions = new Set();
    /** @type {Set<string>} the moves, written as `moveText` writes them (a pair in both orders) */
    this.texts = new Set();
    /** @type {Map<string, Map<string, string>>} pile -> the piles whose top card pairs with its own -> the pair's text */
    this.pairs = new Map();
    for (const text of this.list) {
      const move = parseMove(text);
      if (!move) continue;
      if ("action" in move) {
        this.actions.add(move.action);
        this.texts.add(move.action);
        continue;
      }
      if (move.partner) {
        for (const [a, b] of [[move.source, move.partner], [move.partner, move.source]]) {
          this.texts.add(pairText(a, b, move.target));
          let partners = this.pairs.get(a);
          if (!partners) this.pairs.set(a, (partners = new Map()));
          partners.set(b, text);
        }
        continue;
      }
      this.texts.add(moveText(move.source, move.target, move.count));
      let counts = this.bySource.get(move.source);
      if (!counts) this.bySource.set(move.source, (counts = new Map()));
      let targets = counts.get(move.count);
      if (!targets) counts.set(move.count, (targets = []));
      if (!targets.includes(move.target)) targets.push(move.target);
    }
  }

  /**
   * Piles the top `count` cards of `source` may go to now.
   * @param {string} source
   * @param {number} [count]
   * @returns {string[]}
   */
  targets(source, count = 1) {
    return this.bySource.get(source)?.get(this.written(source, count)) ?? [];
  }

  /**
   * The count a move of the top `count` cards of `source` is written with:
   * 1 for a pile that moves only whole (its move names no count).
   * @param {string} source
   * @param {number} count
   */
  written(source, count) {
    return this.wholes.has(source) ? 1 : count;
  }

  /**
   * How many top cards of `source` some legal move takes, smallest first.
   * @param {string} source
   * @returns {number[]}
   */
  counts(source) {
    return [...(this.bySource.get(source)?.keys() ?? [])].sort((a, b) => a - b);
  }

  /**
   * The piles whose top card leaves together with the top card of `pile`
   * now (a pair), in `legal` order.
   * @param {string} pile
   * @returns {string[]}
   */
  partners(pile) {
    return [...(this.pairs.get(pile)?.keys() ?? [])];
  }

  /** @param {string} source */
  canMoveFrom(source) {
    return this.bySource.has(source) || this.pairs.has(source);
  }

  /**
   * The move a gesture asks for when it takes the top `count` cards of
   * `source` onto `target` (a drop, a click on `target` after a pick, Enter
   * on it): that move where it is legal; else, for one card in a game with
   * pairs (`pairTargets`, the `pair_targets` trait), the pair of the two top
   * cards where it is legal, or where `target` holds a card a pair could
   * take (the kernel then says why it may not); else the move as asked
   * (the kernel says why not).
   * @param {string} source
   * @param {string} target
   * @param {number} count
   * @param {string[]} [pairTargets]
   * @param {boolean} [pairable]  whether `target`'s top card could be half of a pair
   */
  gesture(source, target, count = 1, pairTargets = [], pairable = false) {
    const written = this.written(source, count);
    const single = moveText(source, target, written);
    if (this.texts.has(single) || written !== 1) return single;
    const pair = this.pairs.get(source)?.get(target);
    if (pair) return pair;
    if (pairTargets.length && pairable && !pairTargets.includes(target)) return pairText(source, target, pairTargets[0]);
    return single;
  }

  /**
   * Whether a move (a text, or source + target and a count) is legal now.
   * @param {string} source
   * @param {string} [target]
   * @param {number} [count]
   */
  has(source, target, count = 1) {
    const move = parseMove(target === undefined ? source : moveText(source, target, this.written(source, count)));
    if (!move) return false;
    if ("action" in move) return this.actions.has(move.action);
    if (move.partner) return this.texts.has(pairText(move.source, move.partner, move.target));
    return this.texts.has(moveText(move.source, move.target, move.count));
  }

  /**
   * The first legal move from `source` to a foundation, of any count ("t3
   * f0", or "t3 f0 13" where a foundation takes a completed suit), or null:
   * what a double-click plays.
   * @param {string} source
   * @param {Record<string, string>} roles  pile id -> role (the `pile_roles` trait)
   */
  foundationMove(source, roles) {
    for (const text of this.list) {
      const move = parseMove(text);
      if (move && "source" in move && !move.partner && move.source === source && roles[move.target] === "foundation") {
        return moveText(move.source, move.target, move.count);
      }
    }
    return null;
  }
}

/**
 * Which action a click on the stock plays: the first of the game's actions
 * (the `actions` trait, in the game's order) that is legal now, else its
 * first action (the kernel will say why not); null in a game without any.
 * @param {string[]} actions
 * @param {LegalMoves} legal
 * @returns {string | null}
 */
export function stockAction(actions, legal) {
  return actions.find((a) => legal.actions.has(a)) ?? actions[0] ?? null;
}

/**
 * The action the Redeal control plays: the first of the game's redeal
 * actions (`redeal_actions`) that is legal now, else the first it offers,
 * else the first it declares (the kernel says why not); null without any.
 * @param {string[]} redeals  the game's redeal actions, as declared
 * @param {string[]} actions  the actions it offers under its options
 * @param {LegalMoves} legal
 * @returns {string | null}
 */
export function redealAction(redeals, actions, legal) {
  return redeals.find((a) => legal.actions.has(a)) ?? redeals.find((a) => actions.includes(a)) ?? redeals[0] ?? null;
}
