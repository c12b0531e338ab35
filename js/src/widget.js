// solitaire_widgets card table: the anywidget front-end module.
//
// State lives in the kernel's traits; the view renders them and sends
// requests (moves, undo, redo, restart, new deal) as messages.

import "./widget.css";
import { applyLook } from "./look.js";
import { keepSavedOutput } from "./saved_output.js";
import { CardTable } from "./table.js";
// Controls that features add (each registers itself with controls.js).
import "./rules_panel.js";
import "./explain.js";
import "./replay.js";
import "./assist.js";
import "./lessons.js";

/** @typedef {import("./model.js").Model} Model */

export default {
  /** @param {{model: Model}} _ctx */
  initialize(_ctx) {
    return () => {};
  },

  /**
   * @param {{model: Model, el: HTMLElement}} ctx
   * @returns {() => void} cleanup: removes the table, its listeners and timers
   */
  render({ model, el }) {
    applyLook(el); // the table's colours, for widget.css (look.json)
    const table = new CardTable(model, el);
    const unkeep = keepSavedOutput(model, table.requests); // not where no kernel plays it (requests closed)
    return () => {
      unkeep();
      table.destroy();
    };
  },
};
