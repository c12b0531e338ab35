// The Rules panel: a button and the `r` key show the rules of the game under
// the options in force, as the kernel writes them (`sw.rules(game)`), turned
// into DOM by the safe Markdown reader.

import { registerControl } from "./controls.js";
import { markdownFragment } from "./markdown.js";

/** @typedef {import("./api.js").TableApi} CardTable */

/**
 * @param {CardTable} table
 * @param {HTMLElement} el
 */
function showRules(table, el) {
  const text = String(table.get("rules") || "");
  if (el.dataset.shown === text) return;
  el.dataset.shown = text;
  // A region (aria-label needs a role) the keyboard can reach and scroll.
  el.setAttribute("role", "region");
  el.setAttribute("aria-label", "Rules");
  el.tabIndex = 0;
  el.replaceChildren(markdownFragment(text));
}

registerControl({
  action: "rules",
  label: "Rules",
  title: "The rules of this game with the options in force (r)",
  keys: ["r", "R"],
  panel: { render: showRules, update: showRules },
});
