// The table's controls: toolbar buttons, their keys and optional panels.
//
// This is the extension point for features: a feature adds a button (and a
// key, and a panel under the table) from its own module with
//
//     import { registerControl } from "./controls.js";
//     registerControl({ action: "hint", label: "Hint", title: "Show a good move (h)",
//                       keys: ["h"], run: (table) => table.send("hint") });
//
// Every hook gets the table's feature API (api.js), not the table.
//
// and imports that module once from widget.js.
//
// A control's life on one table, in order:
//   available(table)  on every (re)build: whether this game has it (its
//                     button shows). A predicate: no side effects.
//   mount(table)      once, when its button first comes onto the table: add
//                     elements and listeners. Returns what undoes it (its
//                     destroy), run when the button leaves the table (another
//                     game without it) or the table is destroyed.
//   traits            the traits of its own it follows while mounted (the
//                     table follows the game's, its position and status).
//   update(table)     after every change of those traits and the table's
//                     (and each build) while mounted: bring its marks, texts
//                     and button up to date.
//   enabled, pressed  predicates read right after `update`: the button's
//                     disabled and aria-pressed.
//   run(table)        its button clicked or its key pressed (while enabled);
//                     a panel opens or closes first.
//   refusedReply(table, reply)  while mounted, the kernel refused a request
//                     of this page: true when the control answers it itself
//                     (the table then shows nothing; else the refusal's words).
//   afterMove(table, reply)     while mounted, a move of this page was played.
// `enabled`, `pressed`, `available` and `startOpen` are read often and in any
// order: they only answer.

import { redealAction } from "./legal.js";

/** @typedef {import("./api.js").TableApi} CardTable  what a control sees of the table */
/** @typedef {import("./model.js").Traits} Traits */
/** @typedef {import("./requests.js").Reply} Reply */

/**
 * @typedef {object} Control
 * @property {string} action  the button's data-action (unique)
 * @property {string} label
 * @property {string} title  the tooltip; name the key in it, e.g. "Undo (z)"
 * @property {string[]} [keys]  KeyboardEvent.key values that run it (no modifiers)
 * @property {(table: CardTable) => boolean} [available]  whether this game has it (default: yes)
 * @property {(table: CardTable) => (() => void) | void} [mount]  once per table, when its button
 *   comes onto it: add elements and listeners; return what removes them
 * @property {(keyof Traits)[]} [traits]  the traits of its own it follows while mounted: a change of one
 *   brings the controls up to date (the game's traits, its position's and status always do)
 * @property {(table: CardTable) => void} [update]  after each change of the traits while mounted
 * @property {(table: CardTable) => boolean} [enabled]  whether it can run now (default: yes)
 * @property {(table: CardTable) => boolean} [pressed]  a toggle's state (aria-pressed)
 * @property {(table: CardTable) => void} [run]
 * @property {(table: CardTable) => void} [refused]  what its key does while it is off or not in
 *   this game: say why
 * @property {(table: CardTable, reply: Reply) => boolean} [refusedReply]  the kernel refused a request of
 *   this page: true when the control answers the refusal itself (the table then shows nothing)
 * @property {(table: CardTable, reply: Reply) => void} [afterMove]  a move of this page was played
 * @property {Panel} [panel]  a panel the button shows and hides (run is then optional)
 * @property {(table: CardTable) => boolean} [startOpen]  open the panel when the table is built
 */

/**
 * A panel shown under the table while its control is on.
 * @typedef {object} Panel
 * @property {(table: CardTable, el: HTMLElement) => void} render  fill `el` when the panel opens
 * @property {(table: CardTable, el: HTMLElement) => void} [update]  after each change while open
 */

/** @type {Control[]} */
export const controls = [];

/**
 * Add a control (a later one with the same action replaces the earlier);
 * tables built from now on show it. Returns a function that removes it.
 * @param {Control} control
 * @returns {() => void}
 */
export function registerControl(control) {
  const i = controls.findIndex((c) => c.action === control.action);
  if (i >= 0) controls[i] = control;
  else controls.push(control);
  return () => {
    const at = controls.indexOf(control);
    if (at >= 0) controls.splice(at, 1);
  };
}

/**
 * The control a key runs, if any.
 * @param {string} key
 * @returns {Control | undefined}
 */
export function controlForKey(key) {
  return controls.find((c) => c.keys?.includes(key));
}

// The built-in controls.
registerControl({
  action: "undo", label: "Undo", title: "Take back the last move (z)", keys: ["z", "Z"],
  enabled: (t) => !!t.counters().can_undo,
  run: (t) => t.send("undo"),
  refused: (t) => t.showMessage("Nothing to undo: no move has been played", "info"),
});
registerControl({
  action: "redo", label: "Redo", title: "Play again the move taken back (y)", keys: ["y", "Y"],
  enabled: (t) => !!t.counters().can_redo,
  run: (t) => t.send("redo"),
  refused: (t) => t.showMessage("Nothing to redo: no move has been taken back", "info"),
});
registerControl({
  action: "restart", label: "Restart", title: "Back to the deal (redo replays the moves)",
  enabled: (t) => (t.counters().moves ?? 0) > 0,
  run: (t) => t.send("restart"),
});
registerControl({
  action: "new", label: "New deal", title: "A new deal of the same game, new seed (Undo brings this one back)",
  run: (t) => {
    const moves = t.counters().moves ?? 0;
    if (moves === 0 || t.get("status") !== "playing") {
      t.send("new_deal");
      return;
    }
    t.confirm(`Deal a new game? This one has ${moves} move${moves === 1 ? "" : "s"}; Undo brings it back.`,
      "Deal", "Keep playing", () => t.send("new_deal"));
  },
});
/**
 * Why a game has no redeal, from what it declares: "… has no redeal:
 * its stock goes through once (draw turns up the next stock card)".
 * @param {string} title
 * @param {boolean} stock  whether the game has a stock
 * @param {string[]} actions  its actions (the `actions` trait)
 * @param {Record<string, string>} words  what each does (the `action_words` trait)
 */
export function noRedealText(title, stock, actions, words) {
  const does = actions.map((a) => (words[a] ? `${a} ${words[a]}` : a)).join("; ");
  if (stock) return `${title} has no redeal: its stock goes through once${does ? ` (${does})` : ""}`;
  return `${title} has no redeal${does ? `: ${does}` : " and no stock"}`;
}

// Redeal plays the game's action that starts a new pass (`redeal_actions`,
// the first legal one), whatever the game calls it.
/** @param {CardTable} t */
const redealOf = (t) => redealAction(t.redealActions ?? [], t.actions ?? [], t.legal);
/** @type {Control} */
const redeal = {
  action: "redeal", label: "Redeal", title: "Gather the cards and deal them again (d)", keys: ["d", "D"],
  // Only where a redeal can ever happen under the options in force (`actions`).
  available: (t) => (t.redealActions ?? []).some((a) => (t.actions ?? []).includes(a)),
  enabled: (t) => (t.redealActions ?? []).some((a) => t.legal.actions.has(a)),
  run: (t) => {
    const action = redealOf(t);
    if (action) t.send("move", { move: action });
  },
  // The engine says why not (not yet, all used, ruled out by the options …);
  // a game without any redeal says so here, in its own words.
  refused: (t) => {
    const action = redealOf(t);
    if (action) t.send("move", { move: action });
    else t.showMessage(noRedealText(t.get("title") || "This game", !!t.stockId, t.actions ?? [], t.actionWords ?? {}), "error");
  },
};
registerControl(redeal);

// A game's own action that no stock pile plays and that is no redeal
// (Clock's turn, where every card is turned by the rules): a button of its
// own, named after the action; the first of them that is legal now plays.
/**
 * The game's actions the Play button plays: none where the stock plays them.
 * @param {CardTable} t
 */
const ownActions = (t) => (t.stockId ? [] : (t.actions ?? []).filter((a) => !(t.redealActions ?? []).includes(a)));
/** @param {string} word */
const capital = (word) => word.charAt(0).toUpperCase() + word.slice(1).replace(/_/g, " ");
/** @type {Control} */
const play = {
  action: "play", label: "Play", title: "Play the game's move (s)", keys: ["s", "S"],
  available: (t) => ownActions(t).length > 0,
  update: (t) => {
    const action = ownActions(t)[0];
    if (action) t.labelButton(play.action, capital(action), `${capital(action)}: ${t.actionWords[action] ?? action} (s)`);
  },
  enabled: (t) => ownActions(t).some((a) => t.legal.actions.has(a)),
  run: (t) => {
    const actions = ownActions(t);
    const action = actions.find((a) => t.legal.actions.has(a)) ?? actions[0];
    if (action) t.send("move", { move: action });
  },
  // The engine says why not (the game is over …).
  refused: (t) => {
    const action = ownActions(t)[0];
    if (action) t.send("move", { move: action });
  },
};
registerControl(play);

/**
 * The toolbar button that plays a game's `action` (a mark on an action with
 * no pile to mark goes there): Redeal for the actions that start a new pass,
 * Play for a game's own action no stock plays, else the control of that
 * name, if any.
 * @param {CardTable} t
 * @param {string} action
 */
export function buttonOf(t, action) {
  if ((t.redealActions ?? []).includes(action)) return redeal.action;
  return ownActions(t).includes(action) ? play.action : action;
}
/**
 * Auto-drop: after a move of this page, play the next safe card the kernel
 * names (`safe_drop`), one at a time, each once the slide before it ended,
 * while the player does nothing else. Never after undo or moves from code,
 * so a burst from code queues nothing.
 * @param {CardTable} t
 */
function autoDrop(t) {
  const move = String(t.get("safe_drop") || "");
  if (!t.get("auto_drop") || !move) return;
  const version = t.get("version");
  t.afterMotion(() => {
    if (!t.idle() || t.get("version") !== version || t.get("safe_drop") !== move) return;
    t.send("move", { move });
  });
}

registerControl({
  action: "auto", label: "Auto-drop", title: "Send safe cards home after each move (a)", keys: ["a", "A"],
  // Not where no drop is ever safe (the kernel's `features`).
  available: (t) => t.get("features")?.safe_drops !== false,
  traits: ["auto_drop", "safe_drop"],
  afterMove: autoDrop,
  pressed: (t) => !!t.get("auto_drop"),
  run: (t) => {
    const on = !t.get("auto_drop");
    t.send("auto_drop", { on });
    t.showMessage(on ? "Auto-drop on: safe cards go home after each of your moves" : "Auto-drop off", "info");
  },
  refused: (t) => t.showMessage(`${t.get("title") || "This game"} never has a card that is safe to send home on its own: no auto-drop`, "info"),
});
