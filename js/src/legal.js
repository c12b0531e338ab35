// Reading the `legal` trait: the legal moves as texts like "t3 f0" or "draw".

/**
 * @typedef {{source: string, target: string} | {action: string}} ParsedMove
 */

const ACTIONS = new Set(["draw", "deal", "redeal"]);

/**
 * Parse a move text; null when it is neither "SOURCE TARGET" nor an action.
 * @param {string} text
 * @returns {ParsedMove | null}
 */
export function parseMove(text) {
  if (typeof text !== "string") return null;
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 1 && ACTIONS.has(words[0])) return { action: words[0] };
  if (words.length === 2) return { source: words[0], target: words[1] };
  return null;
}

/**
 * An index of the legal moves, built once per change of `legal`.
 */
export class LegalMoves {
  /** @param {string[]} legal */
  constructor(legal) {
    /** @type {string[]} */
    this.list = Array.isArray(legal) ? legal.slice() : [];
    /** @type {Map<string, string[]>} source pile -> targets, in `legal` order */
    this.bySource = new Map();
    /** @type {Set<string>} */
    this.actions = new Set();
    /** @type {Set<string>} */
    this.texts = new Set();
    for (const text of this.list) {
      const move = parseMove(text);
      if (!move) continue;
      if ("action" in move) {
        this.actions.add(move.action);
        this.texts.add(move.action);
        continue;
      }
      this.texts.add(`${move.source} ${move.target}`);
      let targets = this.bySource.get(move.source);
      if (!targets) this.bySource.set(move.source, (targets = []));
      if (!targets.includes(move.target)) targets.push(move.target);
    }
  }

  /**
   * Piles the top card of `source` may go to now.
   * @param {string} source
   * @returns {string[]}
   */
  targets(source) {
    return this.bySource.get(source) ?? [];
  }

  /** @param {string} source */
  canMoveFrom(source) {
    return this.bySource.has(source);
  }

  /**
   * Whether a move (text or source + target) is legal now.
   * @param {string} source
   * @param {string} [target]
   */
  has(source, target) {
    const move = parseMove(target === undefined ? source : `${source} ${target}`);
    if (!move) return false;
    return "action" in move ? this.actions.has(move.action) : this.texts.has(`${move.source} ${move.target}`);
  }

  /**
   * The first legal move of `source`'s top card to a foundation ("t3 f0"), or
   * null: what a double-click plays.
   * @param {string} source
   * @param {Record<string, string>} roles  pile id -> role (the `pile_roles` trait)
   */
  foundationMove(source, roles) {
    const target = this.targets(source).find((t) => roles[t] === "foundation");
    return target ? `${source} ${target}` : null;
  }
}

/**
 * Which stock action a click on the stock plays: "draw" or "deal" while the
 * stock has cards; "redeal" when the stock is empty and a redeal is legal;
 * otherwise the game's draw/deal anyway (the kernel will say why not).
 * @param {string[]} actions   the game's actions (the `actions` trait)
 * @param {LegalMoves} legal
 * @param {number} stockCount
 * @returns {string | null}
 */
export function stockAction(actions, legal, stockCount) {
  const turn = actions.find((a) => a === "draw" || a === "deal") ?? null;
  if (turn && legal.actions.has(turn)) return turn;
  if (legal.actions.has("redeal") && (stockCount === 0 || !turn)) return "redeal";
  return turn ?? (actions.includes("redeal") ? "redeal" : null);
}
