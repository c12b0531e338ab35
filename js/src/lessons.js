// The solver as a teacher on the table: New deals that are winnable (a
// toggle), the guard (a toggle: a move that gives up the win is questioned
// before it is played), "What went wrong?" (a panel with the analysis of a
// lost game) and puzzle mode (a panel with the question and the verdict on
// the move played).
//
// The kernel does the work in the background and writes every word: the
// progress notes and verdicts come in `assist` (see assist.js), the analysis
// in `analysis` (a `Report`), the puzzle in `puzzle` (a `PuzzleState`).
// This module lays them out, and asks the guard's question ("Play …
// anyway?") when the kernel refuses a move with a `guard` in its reply.
// Answers land where the player looks: the guard's question over the felt
// by the card it sent back, a puzzle's question over the felt, its verdict
// by the cards moved (while the panel is out of view), and the report of
// What went wrong? comes into view when it arrives.

import { busy, assistOf } from "./assist.js";
import { registerControl } from "./controls.js";
import { h } from "./dom.js";
import { sentence } from "./format.js";
import { parseMove } from "./legal.js";

/** @typedef {import("./api.js").TableApi} CardTable */

/**
 * What went wrong?'s report (`Analysis.to_json`), or `{}`.
 * @typedef {object} Report
 * @property {string} [title]
 * @property {string} [headline]
 * @property {string[]} [details]
 * @property {number} [moves]
 * @property {number | null} [losing_move]
 * @property {string} [played]
 * @property {string} [better]
 * @property {string} [caption]
 * @property {string} [picture]  the SVG text of the position before the losing move
 * @property {string} [alt]
 */

/**
 * The puzzle as the panel shows it (`Puzzle.state`), or `{}`.
 * @typedef {object} PuzzleState
 * @property {string} [title]
 * @property {string} [question]
 * @property {"asking" | "right" | "wrong"} [state]  the verdict on the first move played from the puzzle's position
 * @property {string} [text]  the verdict in words
 * @property {string} [move]  the move played
 * @property {string} [answer]  once asked for
 * @property {string[]} [answer_text]  the answer and why each other move loses
 */

/**
 * @template {"analysis" | "puzzle"} K
 * @param {CardTable} t
 * @param {K} name
 * @returns {import("./model.js").Traits[K]}
 */
function recordOf(t, name) {
  const v = t.get(name);
  return v && typeof v === "object" ? v : {};
}

/**
 * Whether the game is over, or proven to have no win left: what went wrong can be asked.
 * @param {CardTable} t
 */
export function over(t) {
  return t.get("status") === "lost" || !!t.get("no_win");
}

/**
 * A data: URL of an SVG text (an <img> never runs what it holds).
 * @param {string} svg
 */
export function svgUrl(svg) {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

// --- New deal: winnable --------------------------------------------------------

registerControl({
  action: "winnable", label: "Winnable",
  title: "New deal deals a deal the solver has won (it searches in the background; Stop ends the search)",
  traits: ["winnable", "difficulty"],
  pressed: (t) => !!t.get("winnable"),
  update: (t) => {
    const grade = String(t.get("difficulty") || "");
    t.labelButton("winnable", grade ? `Winnable (${grade})` : "Winnable");
  },
  run: (t) => {
    const on = !t.get("winnable");
    t.send("winnable", { on });
    t.showMessage(on ? "New deals are winnable: the solver wins each before it is dealt" : "New deals are any deal", "info");
  },
});

// --- the guard -------------------------------------------------------------------

registerControl({
  action: "guard", label: "Guard",
  title: "Warn before a move that gives up the win (each move is checked for up to a second first)",
  traits: ["guard"],
  pressed: (t) => !!t.get("guard"),
  run: (t) => {
    const on = !t.get("guard");
    t.send("guard", { on });
    t.showMessage(on ? "Guard on: a move that gives up the win is questioned before it is played" : "Guard off", "info");
  },
  // A move the guard refused (it would give up the win, in the kernel's
  // words): play it anyway only if asked to.
  refusedReply: (t, reply) => {
    const guard = reply.guard;
    if (typeof guard?.move !== "string") return false;
    const move = parseMove(guard.move); // (asked by the card sent back, or the stock)
    t.confirm(`${sentence(reply.reason)} ${String(guard.ask ?? "")}`.trim(), "Play it anyway", "Take it back",
      () => t.send("move", { move: guard.move, confirmed: true }), move && "source" in move ? move.source : t.stockId);
    return true;
  },
});

// --- What went wrong? ------------------------------------------------------------

const ANALYSE = "analyse";

/**
 * Lay out the analysis (or its progress) in the panel; only what changed is rebuilt.
 * @param {CardTable} t
 * @param {HTMLElement} el
 */
function showAnalysis(t, el) {
  /** @type {Report} */
  const report = recordOf(t, "analysis");
  const a = assistOf(t);
  const running = a.kind === ANALYSE && busy(a);
  const key = JSON.stringify([report.title, report.headline, report.details, running]);
  if (el.dataset.shown === key) return;
  el.dataset.shown = key;
  el.setAttribute("role", "region");
  el.setAttribute("aria-label", "What went wrong");
  if (running || !report.headline) {
    // the progress is in the status line above (assist); here, what is going on
    const text = running ? "Analysing the game: every position is judged won, lost or not decided."
      : "No analysis yet.";
    const parts = [h("p", "sw-analysis-note", text)];
    if (!running) {
      const ask = /** @type {HTMLButtonElement} */ (h("button", "sw-button", "Analyse the game"));
      ask.type = "button";
      ask.dataset.lesson = "analyse";
      ask.addEventListener("click", () => t.send(ANALYSE));
      parts.push(ask);
    }
    el.replaceChildren(...parts);
    return;
  }
  const head = h("p", "sw-analysis-head");
  head.append(h("strong", "", String(report.headline)));
  const details = (report.details ?? []).map((line) => h("p", "sw-analysis-line", String(line)));
  const parts = [h("p", "sw-analysis-title", String(report.title ?? "")), head, ...details];
  if (report.picture) {
    const img = /** @type {HTMLImageElement} */ (h("img", "sw-analysis-picture"));
    img.src = svgUrl(String(report.picture));
    img.alt = `${report.caption ?? ""} ${report.alt ?? ""}`.trim();
    // (the picture carries its caption: the alt text says it too)
    const figure = h("figure", "sw-analysis-figure");
    figure.append(img);
    parts.push(figure);
    img.addEventListener("load", () => t.reveal(el), { once: true }); // (it makes the report taller)
  }
  if (typeof report.losing_move === "number") {
    const show = /** @type {HTMLButtonElement} */ (h("button", "sw-button", `Show move ${report.losing_move + 1} on the table`));
    show.type = "button";
    show.dataset.lesson = "show";
    show.title = "Go back to the position before it (Redo brings the moves back) and mark both moves";
    show.addEventListener("click", () => t.send("show_mistake"));
    parts.push(show);
  }
  el.replaceChildren(...parts);
  t.reveal(el); // the report the player asked for: into view (it came after the panel opened)
}

registerControl({
  action: ANALYSE, label: "What went wrong?",
  title: "Find the move that gave up the win, and a better one (offered once the game is lost)",
  traits: ["analysis", "assist"],
  // Offered once the game is over (or has no win left); kept while its report or panel is open.
  enabled: (t) => over(t) || !!t.panel(ANALYSE) || !!recordOf(t, "analysis").headline
    || (assistOf(t).kind === ANALYSE && busy(assistOf(t))),
  panel: { render: showAnalysis, update: showAnalysis },
  run: (t) => {
    // Opened: ask for an analysis unless one of this game is shown or running.
    if (!!!t.panel(ANALYSE)) return;
    const a = assistOf(t);
    const report = recordOf(t, "analysis");
    if (report.headline || (a.kind === ANALYSE && busy(a))) return;
    if ((t.counters().moves ?? 0) > 0) t.send(ANALYSE);
  },
});

// --- puzzle mode ---------------------------------------------------------------

/** @type {WeakMap<CardTable, HTMLElement>} each puzzle table's question, over the felt */
const questions = new WeakMap();

/**
 * The puzzle's title and question over the felt, where the player starts
 * reading (the panel under the buttons holds the verdict and the answer);
 * when the felt first shows without it (the felt fills the window), the
 * question shows on the felt too.
 * @param {CardTable} t
 */
function mountPuzzle(t) {
  const ask = h("div", "sw-puzzle-ask");
  ask.setAttribute("role", "note");
  ask.setAttribute("aria-label", "Puzzle");
  t.addLine(ask, "top");
  questions.set(t, ask);
  const stop = t.onSeen(ask, () => {
    const p = recordOf(t, "puzzle");
    if (p.state === "asking") t.answer(String(p.question ?? ""), ask, null, "info");
  });
  return () => {
    stop();
    ask.remove();
    questions.delete(t);
  };
}

/** @param {CardTable} t */
function showQuestion(t) {
  const ask = questions.get(t);
  const p = recordOf(t, "puzzle");
  const key = JSON.stringify([p.title, p.question]);
  if (!ask || ask.dataset.shown === key) return;
  ask.dataset.shown = key;
  ask.replaceChildren(h("span", "sw-puzzle-title", String(p.title ?? "")), " ",
    h("span", "sw-puzzle-question", String(p.question ?? "")));
  ask.hidden = !p.question;
}

/**
 * @param {CardTable} t
 * @param {HTMLElement} el
 */
function showPuzzle(t, el) {
  const p = recordOf(t, "puzzle");
  const key = JSON.stringify(p);
  if (el.dataset.shown === key) return;
  const before = el.dataset.verdict ?? "";
  el.dataset.shown = key;
  el.dataset.verdict = String(p.text ?? "");
  el.setAttribute("role", "region");
  el.setAttribute("aria-label", "Puzzle");
  const parts = [];
  /** @type {HTMLElement | null} */
  let verdict = null;
  if (p.text) {
    verdict = h("p", "sw-puzzle-verdict", String(p.text));
    verdict.dataset.state = String(p.state ?? "");
    verdict.setAttribute("role", "status");
    parts.push(verdict);
  }
  if (Array.isArray(p.answer_text)) {
    const list = h("ul", "sw-puzzle-answer");
    list.append(...p.answer_text.map((/** @type {string} */ line) => h("li", "", String(line))));
    parts.push(list);
  } else {
    const show = /** @type {HTMLButtonElement} */ (h("button", "sw-button", "Show the answer"));
    show.type = "button";
    show.dataset.lesson = "answer";
    show.addEventListener("click", () => t.send("puzzle_answer"));
    parts.push(show);
  }
  el.replaceChildren(...parts);
  // A new verdict on the move played shows by the cards it moved too, while the panel is out of view.
  if (verdict && p.text !== before) {
    const move = parseMove(String(p.move ?? ""));
    t.answer(String(p.text), verdict, move && "target" in move ? move.target : null, p.state === "right" ? "info" : "error");
  }
}

registerControl({
  action: "puzzle", label: "Puzzle",
  title: "The puzzle: find the one move that keeps the win (Undo to try again)",
  // Only on a table set to a puzzle (the kernel's `features`: a change rebuilds the table).
  available: (t) => !!t.get("features")?.puzzle,
  startOpen: (t) => !!t.get("features")?.puzzle,
  traits: ["puzzle"],
  mount: mountPuzzle,
  update: showQuestion,
  panel: { render: showPuzzle, update: showPuzzle },
});
