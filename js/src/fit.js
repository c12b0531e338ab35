// The height a host gives the table. Some hosts show an output in a box of
// limited height that scrolls (marimo's output box: at most 610 px): there
// the felt's cards shrink so the whole table fits, header, felt and buttons,
// and the buttons and the end-of-game banner stay in view when a panel makes
// it taller (widget.css, `data-fit="box"`). A notebook that grows with its
// outputs (JupyterLab, Notebook 7) gives no such limit.

/**
 * The element around `el`, across the shadow root a host may render the
 * widget in (marimo does).
 * @param {Element} el
 * @returns {HTMLElement | null}
 */
function around(el) {
  if (el.parentElement) return el.parentElement;
  const root = el.getRootNode();
  return /** @type {any} */ (root).host ?? null;
}

const LENGTH_PX = /^\d+(\.\d+)?px$/;

/**
 * The nearest box around `el` that limits its height (a `max-height` in
 * px) and scrolls or clips what is taller, and how many px it leaves `el`
 * from `el`'s top; null where nothing limits it.
 * @param {HTMLElement} el
 * @returns {{box: HTMLElement, height: number} | null}
 */
export function heightLimit(el) {
  const doc = el.ownerDocument;
  const win = doc.defaultView;
  if (!win) return null;
  for (let box = around(el); box && box !== doc.documentElement && box !== doc.body; box = around(box)) {
    const s = win.getComputedStyle(box);
    if (!/^(auto|scroll|hidden)$/.test(s.overflowY) || !LENGTH_PX.test(s.maxHeight)) continue;
    const padding = (parseFloat(s.paddingTop) || 0) + (parseFloat(s.paddingBottom) || 0);
    // What lies above `el` inside the box (other outputs, margins) takes its part.
    const above = el.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop +
      box.scrollTop - (parseFloat(s.paddingTop) || 0);
    return { box, height: Math.max(0, parseFloat(s.maxHeight) - padding - Math.max(0, above)) };
  }
  return null;
}
