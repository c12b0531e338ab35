// What the table offers the features around it (controls.js, assist.js,
// explain.js, replay.js, lessons.js, rules_panel.js): read the synced state,
// send a request, mark piles, cards and buttons, say something, ask a
// question, show an answer where the player looks, hook into
// interruptions, wait for the cards' motion and the player. Features get
// this object, never the table itself: its elements, records and inputs
// stay its own.

import { inView, reveal, whenSeen } from "./inview.js";
import { MOVE_MS } from "./motion.js";

/** @typedef {import("./table.js").CardTable} CardTable */
/** @typedef {import("./format.js").Counters} Counters */
/** @typedef {import("./legal.js").LegalMoves} LegalMoves */
/** @typedef {import("./model.js").Traits} Traits */

/**
 * @typedef {object} TableApi
 * @property {<K extends keyof Traits>(name: K) => Traits[K]} get  a synced trait (read only)
 * @property {() => Counters} counters  the `counters` trait
 * @property {LegalMoves} legal  the legal moves now
 * @property {string[]} actions  the game's actions under its options
 * @property {Record<string, string>} actionWords  what each action does, in the game's words
 * @property {string[]} redealActions  the actions that start a new pass
 * @property {string | null} stockId  the stock's pile id, if the game has one
 * @property {string} gameName
 * @property {(request: string, fields?: Record<string, any>) => Promise<any>} send  a request to the kernel;
 *   resolves with its reply
 * @property {(text: string, kind: string, pile?: string | null) => void} showMessage  the felt's message
 * @property {(question: string, yes: string, no: string, onYes: () => void, pile?: string | null) => void} confirm
 *   the table's question, over the felt (by `pile`, the card it is about)
 * @property {(text: string, line: HTMLElement, pile?: string | null, kind?: string) => void} answer
 *   words the player asked for, which `line` (a status line, a panel) holds: while `line` is out of
 *   view, they show on the felt too, by `pile`, else on the side of the felt nearest `line` (a quiet
 *   message: the line speaks them)
 * @property {(line: HTMLElement, seen: () => void) => () => void} onSeen  `seen()` once, the first
 *   time the felt shows (half of it, or 240 px) while `line` does not; returns what stops the watch
 * @property {(el: HTMLElement) => void} reveal  bring `el` into view with the least scroll, if it is out of view
 * @property {(cls: string, piles: Iterable<string>, titles?: Record<string, string>) => void} markPiles
 *   mark exactly these piles with a class (and a tooltip each where `titles` names one)
 * @property {(cls: string) => void} clearMarks  take a class (and its tooltips) off every pile
 * @property {(cls: string, cards: Iterable<number>) => void} markCards  mark exactly these face-up cards
 * @property {(cls: string, action: string) => void} markButton  mark the button of `action` only ("" none)
 * @property {(action: string, label: string, title?: string) => void} labelButton  a button's words
 * @property {(action: string) => HTMLElement | undefined} panel  the open panel of a control
 * @property {(el: HTMLElement, where?: "panels" | "top") => void} addLine  put a line over the panels
 *   (a status line), or over the felt (`"top"`: what the player reads first)
 * @property {(fn: () => void) => void} afterMotion  run `fn` once the cards have slid into place (at once
 *   without motion), unless the table is gone by then
 * @property {() => boolean} idle  whether the player does nothing with the table now (no request on its way,
 *   no press, nothing picked up)
 * @property {(take: (e: Event) => boolean) => () => void} onInterrupt  a handler offered each key press
 *   and click first (true: it took it, nothing else happens); returns what removes it
 * @property {(type: string, handler: (e: Event) => void, signal: AbortSignal) => void} onFelt
 *   listen on the felt
 * @property {(target: EventTarget | null) => string | null} pileAt  the pile an event target is in
 * @property {(pile: string, target: EventTarget | null) => number} cardIndex  the card's place in the pile, -1
 * @property {(pile: string) => number[]} cards  the card ids a pile shows (face down below 0)
 * @property {() => {pile: string | null, count: number}} selection  the cards picked up now
 * @property {(pile: string) => number} runOf  how many top cards may be picked up together now
 * @property {(pile: string) => boolean} canPickUp
 * @property {(pile: string | null) => boolean} isStock
 */

/**
 * The features' view of a table.
 * @param {CardTable} t
 * @returns {TableApi}
 */
export function tableApi(t) {
  return Object.freeze({
    get: (name) => t.get(name),
    counters: () => t.counters(),
    get legal() { return t.legal; },
    get actions() { return t.actions; },
    get actionWords() { return t.actionWords; },
    get redealActions() { return t.redealActions; },
    get stockId() { return t.stockId ?? null; },
    get gameName() { return t.gameName ?? ""; },
    send: (request, fields) => t.requests.send(request, fields),
    showMessage: (text, kind, pile = null) => t.showMessage(text, kind, pile),
    confirm: (question, yes, no, onYes, pile = null) => t.confirm.ask(question, yes, no, onYes, pile),
    answer: (text, line, pile = null, kind = "hint") => {
      if (!text || inView(line)) return;
      const above = line.getBoundingClientRect().top < t.felt.getBoundingClientRect().top;
      t.showMessage(text, kind, pile, true, above ? "top" : "bottom");
    },
    onSeen: (line, seen) => whenSeen(t.felt, line, seen),
    reveal: (el) => reveal(el),
    markPiles: (cls, piles, titles) => t.pileLayer.mark(cls, piles, titles),
    clearMarks: (cls) => t.pileLayer.clearMarks(cls),
    markCards: (cls, cards) => t.pileLayer.markCards(cls, cards),
    markButton: (cls, action) => {
      for (const [name, button] of t.toolbar.buttons) button.classList.toggle(cls, !!action && name === action);
    },
    labelButton: (action, label, title) => {
      const b = t.toolbar.buttons.get(action);
      if (!b) return;
      if (b.textContent !== label) b.textContent = label;
      if (title !== undefined) b.title = title;
    },
    panel: (action) => t.toolbar.panels.get(action),
    addLine: (el, where = "panels") => (where === "top" ? t.felt.before(el) : t.toolbar.panelsEl.before(el)),
    afterMotion: (fn) => {
      t.later(() => {
        if (!t.destroyed) fn();
      }, t.reducedMotion ? 0 : MOVE_MS);
    },
    idle: () => !t.requests.busy && !t.pointer.press && !t.selection.pile,
    onInterrupt: (take) => {
      t.interrupters.push(take);
      return () => {
        const at = t.interrupters.indexOf(take);
        if (at >= 0) t.interrupters.splice(at, 1);
      };
    },
    onFelt: (type, handler, signal) => t.felt.addEventListener(type, handler, { signal }),
    pileAt: (target) => t.pileLayer.pileAt(target),
    cardIndex: (pile, target) => t.pileLayer.cardIndex(pile, target),
    cards: (pile) => t.piles.get(pile)?.cards.slice() ?? [],
    selection: () => ({ pile: t.selection.pile, count: t.selection.count }),
    runOf: (pile) => t.selection.runOf(pile),
    canPickUp: (pile) => t.selection.canPickUp(pile),
    isStock: (pile) => t.isStock(pile),
  });
}
