// The card table's look: colours, suit outlines, pip positions, card
// proportions and the numbers of the layout's steps. One file,
// solitaire_widgets/look.json, holds them for the page and for Python's
// pictures (solitaire_widgets/geometry.py, picture.py); esbuild bundles it.

import LOOK from "../../solitaire_widgets/look.json" with { type: "json" };

export { LOOK };

/**
 * The look's colours as CSS custom properties (`--sw-look-felt` …), which
 * widget.css mixes with the host's theme.
 * @returns {Record<string, string>}
 * @example lookVariables()["--sw-look-back-frame"] // "#f6f3ea"
 */
export function lookVariables() {
  /** @type {Record<string, string>} */
  const out = {};
  for (const [name, value] of Object.entries(LOOK.colours)) {
    out[`--sw-look-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`] = value;
  }
  return out;
}

/**
 * Set the look's colours on `el`, for widget.css (the table inside it
 * inherits them).
 * @param {HTMLElement} el
 */
export function applyLook(el) {
  for (const [name, value] of Object.entries(lookVariables())) el.style.setProperty(name, value);
}
