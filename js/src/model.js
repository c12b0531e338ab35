// The model the table renders, typed as ipymario types its own: the synced
// traits of `SolitaireWidget` (solitaire_widgets/widget.py) and what the
// view uses of an anywidget model, `get` typed by trait. Types only.
// test/types.test.js checks `Traits` against the Python class (the traits'
// names and JSON kinds, written into test/fixtures/states.json by
// dev/make_fixtures.py).

/** @typedef {import("./assist.js").Assist} Assist */
/** @typedef {import("./format.js").Counters} Counters */
/** @typedef {import("./layout.js").GameLayout} GameLayout */
/** @typedef {import("./lessons.js").Report} Report */
/** @typedef {import("./lessons.js").PuzzleState} PuzzleState */
/** @typedef {import("./status.js").StatusItem} StatusItem */

/**
 * The table's synced traits.
 * @typedef {object} Traits
 * @property {string} game_name
 * @property {string} title
 * @property {string[]} pile_ids
 * @property {Record<string, string>} pile_roles  pile id -> role (stock, waste, reserve, foundation, tableau)
 * @property {string[]} whole_piles  the piles that move only whole (a move of one is written without a count)
 * @property {GameLayout[]} layouts  the game's layouts, the main one first
 * @property {string[]} actions  the game's actions under its options
 * @property {Record<string, string>} action_words  what each action does, in the game's words
 * @property {string[]} redeal_actions  the actions that start a new pass
 * @property {Record<string, string>} options  the rule options in force
 * @property {Record<string, string[]>} covered_by  pile id -> the piles lying on it ({} in most games)
 * @property {string[]} pair_targets  the piles two cards go to together ("a+b t"; [] in most games)
 * @property {string} rules  the rules, as Markdown
 * @property {Record<string, boolean>} features  what the page offers (`safe_drops`, `puzzle`)
 * @property {boolean} replay  open with the replay bar shown
 * @property {Record<string, number[]>} piles  pile id -> card ids, bottom first, -1 face down
 * @property {Record<string, string>} empty_labels  what an empty pile shows
 * @property {Record<string, number>} runs  how many top cards move together, where more than one
 * @property {string} status  "playing", "won" or "lost"
 * @property {string} end_reason  why the game is over, where the game says
 * @property {string} no_win  the solver's reason once it proved no win is left
 * @property {Counters} counters
 * @property {StatusItem[]} status_items
 * @property {string[]} legal  the legal moves, as text
 * @property {string} last_move
 * @property {string} message
 * @property {string} message_kind  "", "info" or "error"
 * @property {number} version
 * @property {boolean} auto_drop
 * @property {string} safe_drop  the next card auto-drop plays ("" none)
 * @property {Assist} assist  what the solver's help says
 * @property {number} line  moves left of a winning line the kernel knows
 * @property {boolean} winnable
 * @property {string} difficulty
 * @property {boolean} guard
 * @property {Report} analysis  What went wrong?'s report ({} none)
 * @property {PuzzleState} puzzle  the puzzle's question and verdict ({} none)
 */

/**
 * The part of an anywidget model the view uses (`get` typed by trait, as
 * anywidget's own `AnyModel<Traits>`).
 * @typedef {object} Model
 * @property {<K extends keyof Traits>(name: K) => Traits[K]} get
 * @property {(event: string, cb: (...args: any[]) => void) => void} on
 * @property {(event: string, cb?: (...args: any[]) => void) => void} off
 * @property {(content: any, callbacks?: any, buffers?: any) => void} send
 */

export {};
