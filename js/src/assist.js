// The solver's help on the table: Hint (and the `h` key), Solve (which turns
// into Stop while it runs) and Play it out. The kernel does the work (the
// engine's hint; the solver and the play-out in a worker thread, so it keeps
// answering) and reports in the `assist` trait: one of the `Assist` types
// below, each the JSDoc twin of a TypedDict of
// solitaire_widgets/assist/states.py (test/types.test.js checks them
// against the Python ones).
//
// The `line` trait counts the moves left of a winning line the kernel knows
// (Solve's; a winnable deal's or a puzzle's own; the guard's last check's),
// from the position now (0 once the game leaves it): Play it out plays them,
// also after a hint or a stopped play-out.
//
// This module sends the requests, marks the hinted card and its target (and
// the cards a proven loss is about), and shows the reason or verdict in a
// status line under the buttons. While a solve or a play-out runs, any click
// or key on the table only stops it: nothing else happens on that press (the
// cards are moving).

import { cardText } from "./cards.js";
import { buttonOf, registerControl } from "./controls.js";
import { h } from "./dom.js";
import { parseMove } from "./legal.js";
import { pileWords, sentence } from "./format.js";

/** @typedef {import("./api.js").TableApi} CardTable */

/**
 * A hint (the engine's, or a puzzle's answer): `move` from `source` to
 * `target` ("" for an action with no pile: its button is marked).
 * @typedef {object} HintAssist
 * @property {"hint"} kind
 * @property {string} move
 * @property {string} source
 * @property {string} target
 * @property {string} reason
 * @property {boolean | null} winning  true: a proven win; false: proven lost (the reason says so); null: not decided
 * @property {number} version
 */

/**
 * Solve: running, its verdict, or stale (the game changed while it ran).
 * @typedef {object} SolveAssist
 * @property {"solve"} kind
 * @property {"running" | "won" | "lost" | "unknown" | "stale"} state
 * @property {string} text
 * @property {number} version
 * @property {number} [moves]  of the line found
 * @property {number} [states]  positions searched
 * @property {number[]} [cards]  a loss's reason is about these card ids (e.g. a card that can never leave)
 */

/**
 * Play it out: `done` of `moves` played, then how it ended.
 * @typedef {object} PlayAssist
 * @property {"play"} kind
 * @property {"playing" | "won" | "finished" | "stopped" | "changed" | "failed"} state
 * @property {number} done
 * @property {number} moves
 * @property {string} text
 * @property {number} version
 */

/**
 * New deal with `winnable` on: the search for a deal the solver wins, its progress in `text`.
 * @typedef {object} WinnableAssist
 * @property {"winnable"} kind
 * @property {"running" | "done" | "stopped" | "failed" | "stale"} state
 * @property {string} text
 * @property {number} version
 */

/**
 * What went wrong?: the analysis's progress, then its headline (the report is in `analysis`).
 * @typedef {object} AnalyseAssist
 * @property {"analyse"} kind
 * @property {"running" | "done" | "stopped" | "failed" | "stale"} state
 * @property {string} text
 * @property {number} version
 */

/**
 * The guard's check of `move`; warned: `better` keeps the win and is marked as a hint.
 * @typedef {object} GuardAssist
 * @property {"guard"} kind
 * @property {"checking" | "warned" | "undecided"} state
 * @property {string} move
 * @property {string} text
 * @property {number} version
 * @property {string} [better]
 * @property {string} [source]
 * @property {string} [target]
 * @property {number[]} [cards]  the cards no win is left for after the move
 */

/**
 * The position before the losing move: the move played marked red and dashed, the better one as a hint.
 * @typedef {object} MistakeAssist
 * @property {"mistake"} kind
 * @property {string} move
 * @property {string} better
 * @property {string} text
 * @property {string} played_source  where the move played took its cards from
 * @property {string} played_target  and where it put them
 * @property {string} source
 * @property {string} target
 * @property {number[]} cards
 * @property {number} version
 */

/** @typedef {{kind?: undefined}} NoAssist  `{}`: nothing to say */

/**
 * What the solver's help says (the `assist` trait).
 * @typedef {NoAssist | HintAssist | SolveAssist | PlayAssist | WinnableAssist | AnalyseAssist | GuardAssist
 *   | MistakeAssist} Assist
 */

/**
 * @param {CardTable} t
 * @returns {Assist}
 */
export function assistOf(t) {
  const a = t.get("assist");
  return a && typeof a === "object" ? a : {};
}

/**
 * Whether a solve or a play-out is running.
 * @param {Assist} a
 */
export function busy(a) {
  if (a.kind === "play") return a.state === "playing";
  return (a.kind === "solve" || a.kind === "winnable" || a.kind === "analyse") && a.state === "running";
}

// The kinds whose words are about one position: shown only while the table stands there.
const OF_A_POSITION = new Set(["hint", "guard", "mistake"]);

/**
 * What `assist` marks on the table now (at `version`): the move to play
 * (a hint, the guard's better move, the better move of a mistake) and the
 * move played that gave up the win (a mistake). An action with no pile to
 * mark (a redeal in a game without a stock) marks its button instead.
 * @param {Assist} a
 * @param {number} version
 */
export function marksOf(a, version) {
  const marks = { source: "", target: "", action: "", mistakeSource: "", mistakeTarget: "", mistakeAction: "",
    partner: "", mistakePartner: "" };
  if (!a.kind || a.version !== version) return marks;
  // the move to play: the hint's, or the better one of a warning or a mistake
  const play = a.kind === "hint" ? { move: a.move, source: a.source, target: a.target }
    : (a.kind === "guard" && a.state === "warned") || a.kind === "mistake"
      ? { move: a.better, source: a.source, target: a.target } : null;
  const good = String(play?.move ?? "");
  if (play && good) {
    marks.source = String(play.source ?? "");
    marks.target = String(play.target ?? "");
    marks.partner = partnerOf(good);
    if (!marks.source) marks.action = good;
  }
  if (a.kind === "mistake") {
    marks.mistakeSource = String(a.played_source ?? "");
    marks.mistakeTarget = String(a.played_target ?? "");
    marks.mistakePartner = partnerOf(String(a.move ?? ""));
    if (!marks.mistakeSource) marks.mistakeAction = String(a.move ?? "");
  }
  return marks;
}

/**
 * The other pile of a pair's move ("p3+p5 f0": "p5"), "" for any other move.
 * @param {string} move
 */
function partnerOf(move) {
  const parsed = parseMove(move);
  return parsed && "partner" in parsed ? String(parsed.partner ?? "") : "";
}

/**
 * A hinted move in words: "move 7♣ from the waste to t1", "move 7♣…5♥
 * (3 cards) from t3 to t5", or a stock action by the game's own name (the
 * hint's reason, from the kernel, says what it does).
 * @param {string} move
 * @param {Record<string, number[]>} [piles]  the piles now, to name the cards
 */
export function hintWords(move, piles = {}) {
  const parsed = parseMove(move);
  if (!parsed) return move;
  if ("action" in parsed) return parsed.action;
  if (parsed.partner) {
    const top = (/** @type {string} */ pile) => (piles[pile] ?? []).at(-1) ?? -1;
    const named = (/** @type {string} */ pile) => (top(pile) >= 0 ? `${cardText(top(pile))} from ${pileWords(pile)}`
      : `the top card of ${pileWords(pile)}`);
    return `move ${named(parsed.source)} and ${named(parsed.partner)} together to ${pileWords(parsed.target)}`;
  }
  const cards = piles[parsed.source] ?? [];
  const n = parsed.count;
  const first = cards.length >= n ? cards[cards.length - n] : -1;
  const top = cards.length ? cards[cards.length - 1] : -1;
  let what = "the top card ";
  if (n > 1) what = first >= 0 && top >= 0 ? `${cardText(first)}…${cardText(top)} (${n} cards) ` : `the top ${n} cards `;
  else if (top >= 0) what = `${cardText(top)} `;
  return `move ${what}from ${pileWords(parsed.source)} to ${pileWords(parsed.target)}`;
}

/**
 * The status line's text for an `assist` value ("" for none).
 * @param {Assist} a
 * @param {number} version  the table's version now
 * @param {Record<string, number[]>} [piles]  the piles now (a hint names its card)
 */
export function assistText(a, version, piles = {}) {
  if (a.kind === "hint") {
    if (a.version !== version) return "";
    const why = sentence(String(a.reason ?? ""));
    return `Hint: ${hintWords(String(a.move ?? ""), piles)}.${why ? ` ${why}` : ""}`;
  }
  if (a.kind === "play" && a.state === "playing") {
    return `Playing it out: move ${a.done ?? 0} of ${a.moves ?? 0} (click the table or press a key to stop).`;
  }
  if (!a.kind || (OF_A_POSITION.has(a.kind) && a.version !== version)) return "";
  return sentence(String(a.text ?? ""));
}

// The classes the marks put on piles.
const MARKS = ["sw-hinted", "sw-hint-target", "sw-mistake", "sw-mistake-target"];

/** @type {WeakMap<CardTable, HTMLElement>} each table's status line */
const lines = new WeakMap();

/**
 * Follow `assist` on this table: a status line under the buttons, a new
 * look at each change, and while busy a click or a key only stops the work.
 * Returns what undoes it.
 * @param {CardTable} t
 */
function mount(t) {
  const line = h("div", "sw-assist");
  line.setAttribute("role", "status");
  line.setAttribute("aria-live", "polite");
  line.hidden = true;
  t.addLine(line);
  lines.set(t, line);
  // While busy, a key or a click only stops (the table does nothing else with it).
  const removeInterrupt = t.onInterrupt(() => {
    if (!busy(assistOf(t))) return false;
    t.send("stop");
    return true;
  });
  return () => {
    removeInterrupt();
    for (const cls of MARKS) t.clearMarks(cls);
    t.markCards("sw-stuck", []);
    line.remove();
    lines.delete(t);
  };
}

/**
 * Bring the marks and the status line up to `assist`.
 * @param {CardTable} t
 */
function update(t) {
  const a = assistOf(t);
  const version = Number(t.get("version") ?? 0);
  const m = marksOf(a, version);
  t.markPiles("sw-hinted", [m.source, m.partner].filter(Boolean));
  t.markPiles("sw-hint-target", m.target ? [m.target] : []);
  t.markPiles("sw-mistake", [m.mistakeSource, m.mistakePartner].filter(Boolean));
  t.markPiles("sw-mistake-target", m.mistakeTarget ? [m.mistakeTarget] : []);
  // A marked action with no pile to mark (a redeal in a game without a stock) marks its button:
  // the toolbar's button of that action (Redeal plays the game's redeal actions).
  const action = m.action ? buttonOf(t, m.action) : "";
  const mistake = m.mistakeAction ? buttonOf(t, m.mistakeAction) : "";
  t.markButton("sw-hinted", action);
  t.markButton("sw-mistake", mistake);
  // A proven loss marks the cards its reason names while the position stands.
  // (and so do the guard's warning and a mistake: the cards no win is left for after the move)
  const lost = (a.kind === "solve" && a.state === "lost") || (a.kind === "guard" && a.state === "warned")
    || a.kind === "mistake";
  const stuck = new Set(lost && a.version === version && Array.isArray(a.cards) ? a.cards : []);
  t.markCards("sw-stuck", stuck);
  const line = lines.get(t);
  if (!line) return;
  const text = assistText(a, version, t.get("piles") ?? {});
  const changed = line.textContent !== text;
  if (changed) line.textContent = text;
  line.hidden = !text;
  line.dataset.state = a.kind === "hint" ? "hint" : "state" in a ? String(a.state ?? "") : "";
  // New words the player asked for show on the felt too while the line is out of view.
  if (changed && answers(a)) t.answer(text, line, m.source || m.target || null);
}

/**
 * Whether the line's words answer the player (a hint, a verdict): not a
 * note of work in progress, nor the guard's warning (its question says it).
 * @param {Assist} a
 */
export function answers(a) {
  return !busy(a) && !(a.kind === "guard" && a.state !== "undecided");
}

const SOLVE_TITLE = "Search for a win from here (5 s at most)";

// Hint carries the status line and the marks for all three.
registerControl({
  action: "hint", label: "Hint", title: "Show a good move and why (h)", keys: ["h", "H"],
  traits: ["assist"],
  mount,
  update,
  enabled: (t) => t.get("status") === "playing" && !busy(assistOf(t)),
  run: (t) => t.send("hint"),
});
registerControl({
  action: "solve", label: "Solve", title: SOLVE_TITLE,
  traits: ["assist"],
  // Solve turns into Stop while a solve or a play-out runs.
  update: (t) => {
    const running = busy(assistOf(t));
    t.labelButton("solve", running ? "Stop" : "Solve", running ? "Stop the search or the play-out" : SOLVE_TITLE);
  },
  enabled: (t) => busy(assistOf(t)) || t.get("status") === "playing",
  run: (t) => t.send(busy(assistOf(t)) ? "stop" : "solve"),
});
registerControl({
  action: "play_out", label: "Play it out", title: "Play the winning line move by move (a click or key stops it)",
  traits: ["line", "assist"],
  // While the position is on the winning line Solve found (hints, stopped
  // play-outs and the line's own moves keep it).
  enabled: (t) => Number(t.get("line") ?? 0) > 0 && t.get("status") === "playing" && !busy(assistOf(t)),
  run: (t) => t.send("play_out"),
});
