// Pointer gestures as the table's inputs hear them (jsdom has no real mouse).

/**
 * One pointer event of the primary button on `el`, at (10, 10) unless `init` says.
 * @param {Element} el @param {string} type @param {Partial<PointerEventInit>} [init]
 */
export function pointer(el, type, init = {}) {
  el.dispatchEvent(new PointerEvent(type, { bubbles: true, button: 0, isPrimary: true, pointerId: 1, clientX: 10, clientY: 10, ...init }));
}

/** A click on an element (a card or a pile), as pointer events. @param {Element} el */
export function tap(el) {
  pointer(el, "pointerdown");
  pointer(el, "pointerup");
}
