// The toolbar: the buttons of the controls this game has (controls.js), their
// panels, and running them from a click, a key or the banner. Each build
// mounts the controls whose buttons came (and follows the traits they name)
// and destroys those that left; every sync runs the controls' `update` and
// shows their enabled and pressed state; the mounted controls are offered
// the replies to this page's requests (a refusal, a move played).

import { controls } from "./controls.js";
import { actionButton, h } from "./dom.js";

/** @typedef {import("./controls.js").Control} Control */
/** @typedef {import("./requests.js").Reply} Reply */
/**
 * The part of the table a toolbar uses: the feature API its controls get,
 * whether the kernel is gone, the focus (kept in the table when a button or
 * a panel goes), the selection and the question (a button drops both), and
 * `watch` (a trait a control follows brings the controls up to date).
 * @typedef {Pick<import("./table.js").CardTable, "api" | "lost" | "focus" | "selection" | "confirm" | "watch">} ToolbarHost
 */

export class Toolbar {
  /** @param {ToolbarHost} table */
  constructor(table) {
    this.t = table;
    this.el = h("div", "sw-buttons");
    /** @type {Map<string, HTMLButtonElement>} */
    this.buttons = new Map();
    /** @type {Map<string, HTMLElement>} open panels by control action */
    this.panels = new Map();
    this.panelsEl = h("div", "sw-panels");
    /** @type {Map<Control, () => void>} the controls mounted here, with their destroy */
    this.mounted = new Map();
  }

  /** The buttons of the controls available in this game, their panels closed; then mount them. */
  build() {
    const api = this.t.api;
    this.el.replaceChildren();
    this.buttons.clear();
    for (const control of controls) {
      if (control.available && !control.available(api)) continue;
      const b = actionButton(control.action, control.label, control.title);
      this.buttons.set(control.action, b);
      this.el.append(b);
    }
    for (const action of [...this.panels.keys()]) this.closePanel(action);
    this.mount();
  }

  /**
   * Mount the controls whose buttons came onto the table (following the
   * traits they name), destroy those whose buttons left it (see controls.js).
   */
  mount() {
    for (const [control, destroy] of this.mounted) {
      if (this.buttons.get(control.action) && controls.includes(control)) continue;
      this.mounted.delete(control);
      destroy?.();
    }
    for (const control of controls) {
      if (!this.buttons.has(control.action) || this.mounted.has(control)) continue;
      const unwatch = (control.traits ?? []).map((name) => this.t.watch(name));
      const destroy = control.mount?.(this.t.api);
      this.mounted.set(control, () => {
        for (const stop of unwatch) stop();
        destroy?.();
      });
    }
  }

  /**
   * The kernel refused a request of this page: the first mounted control
   * that answers the refusal itself (`refusedReply`) takes it.
   * @param {Reply} reply
   * @returns {boolean} whether one took it
   */
  takeRefusal(reply) {
    for (const control of this.mounted.keys()) if (control.refusedReply?.(this.t.api, reply)) return true;
    return false;
  }

  /**
   * A move of this page was played: the mounted controls' `afterMove`.
   * @param {Reply} reply
   */
  moved(reply) {
    for (const control of [...this.mounted.keys()]) control.afterMove?.(this.t.api, reply);
  }

  /** Open the panels the controls want open as the table is built (they stay where they are). */
  openStartPanels() {
    for (const control of controls) {
      if (control.startOpen?.(this.t.api) && !this.panels.has(control.action)) this.run(control, false, false);
    }
  }

  /** The mounted controls follow the traits: `update`, enabled, pressed, their open panel. */
  update() {
    const api = this.t.api;
    for (const control of controls) {
      if (!this.mounted.has(control)) continue;
      control.update?.(api);
      const on = control.enabled ? control.enabled(api) : true;
      this.setDisabled(control.action, this.t.lost || !on);
      this.showPressed(control);
      const panel = this.panels.get(control.action);
      if (panel) control.panel?.update?.(api, panel);
    }
  }

  /**
   * A toggle's button shows its state (aria-pressed).
   * @param {Control} control
   */
  showPressed(control) {
    if (control.pressed) this.buttons.get(control.action)?.setAttribute("aria-pressed", String(control.pressed(this.t.api)));
  }

  /**
   * @param {string} action
   * @param {boolean} disabled
   */
  setDisabled(action, disabled) {
    const b = this.buttons.get(action);
    if (!b || b.disabled === disabled) return;
    const hadFocus = disabled && this.t.focus.active() === b;
    b.disabled = disabled;
    // A disabled button drops the focus to the page body: keep it in the
    // table, on the pile the keyboard was last on.
    if (hadFocus) this.t.focus.restore();
  }

  /** @param {MouseEvent} e */
  onButton(e) {
    const b = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest?.("button[data-action]"));
    if (!b || /** @type {HTMLButtonElement} */ (b).disabled) return;
    const control = controls.find((c) => c.action === b.dataset.action);
    this.t.selection.clear();
    this.t.confirm.close();
    if (control) this.run(control);
  }

  /**
   * Run the control of `action` as its button would (the banner's buttons).
   * @param {string} action
   */
  runAction(action) {
    const control = controls.find((c) => c.action === action);
    if (control && !this.t.lost) this.run(control);
  }

  /**
   * Run a control (from its button or its key): its panel opens or closes,
   * or it acts if it is enabled now. A key of a control that is off now or
   * not in this game says why (`refused`). A panel opened by the player
   * scrolls into view (it opens under the buttons, maybe below the fold).
   * @param {Control} control
   * @param {boolean} [byKey]
   * @param {boolean} [reveal]  false: a panel the table opens as it is built stays where it is
   */
  run(control, byKey = false, reveal = true) {
    const api = this.t.api;
    if (this.t.lost) return;
    const off = !this.buttons.has(control.action) || (control.enabled && !control.enabled(api));
    if (off) {
      if (byKey) control.refused?.(api);
      return;
    }
    if (control.panel) {
      if (this.panels.has(control.action)) this.closePanel(control.action);
      else {
        const el = h("div", "sw-panel");
        el.dataset.panel = control.action;
        this.panels.set(control.action, el);
        this.panelsEl.append(el);
        control.panel.render(api, el);
        this.buttons.get(control.action)?.setAttribute("aria-expanded", "true");
        if (reveal) el.scrollIntoView?.({ block: "nearest" });
      }
    }
    if (control.run) control.run(api);
    this.showPressed(control);
  }

  /** @param {string} action */
  closePanel(action) {
    const panel = this.panels.get(action);
    // The focus in a panel that closes stays in the table: on its button.
    const active = this.t.focus.active();
    const hadFocus = !!panel && !!active && panel.contains(active);
    panel?.remove();
    this.panels.delete(action);
    const button = this.buttons.get(action);
    button?.setAttribute("aria-expanded", "false");
    if (hadFocus) {
      if (button) button.focus({ preventScroll: true });
      else this.t.focus.restore();
    }
  }

  /** Destroy the mounted controls. */
  destroy() {
    for (const destroy of this.mounted.values()) destroy();
    this.mounted.clear();
  }
}
