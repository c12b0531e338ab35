// The host page's light or dark theme, for hosts without JupyterLab's --jp-*
// variables. JupyterLab's variables win wherever they exist (widget.css);
// elsewhere the table reads the host's own mark of a dark theme:
//   - marimo (and other Tailwind-styled pages) put the class "dark" on <body>
//     or <html>;
//   - VS Code notebooks set data-vscode-theme-kind on <body>.
// The OS preference (prefers-color-scheme) is not read: a light page on a
// dark desktop is still a light page.

/**
 * "dark" when the page marks its theme dark, else "light".
 * @param {Document} doc
 * @returns {"dark" | "light"}
 */
export function hostTheme(doc) {
  for (const node of [doc.body, doc.documentElement]) {
    if (!node) continue;
    if (node.classList.contains("dark") || node.classList.contains("dark-theme")) return "dark";
    const kind = node.getAttribute("data-vscode-theme-kind");
    if (kind === "vscode-dark" || kind === "vscode-high-contrast") return "dark";
  }
  return "light";
}

/**
 * Keep ``el``'s data-host-theme attribute equal to the host's theme, as the
 * host switches it; returns the function that stops watching.
 * @param {HTMLElement} el
 * @returns {() => void}
 */
export function followHostTheme(el) {
  const doc = el.ownerDocument;
  const update = () => {
    const theme = hostTheme(doc);
    if (el.dataset.hostTheme !== theme) el.dataset.hostTheme = theme;
  };
  update();
  if (typeof MutationObserver === "undefined") return () => {};
  const observer = new MutationObserver(update);
  for (const node of [doc.body, doc.documentElement]) {
    if (node) observer.observe(node, { attributes: true, attributeFilter: ["class", "data-vscode-theme-kind"] });
  }
  return () => observer.disconnect();
}
