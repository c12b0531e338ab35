// A tiny, safe Markdown reader for the texts the kernel sends (the rules):
// headings, "- " bullets, paragraphs, **bold** and `code`. It builds DOM nodes
// and text nodes only: nothing the kernel sends is ever parsed as HTML.

/**
 * @param {string} text
 * @returns {DocumentFragment}
 */
export function markdownFragment(text) {
  const frag = document.createDocumentFragment();
  /** @type {HTMLElement | null} */
  let list = null;
  /** @type {HTMLElement | null} */
  let para = null;
  for (const raw of String(text ?? "").split("\n")) {
    const line = raw.trim();
    if (!line) {
      list = para = null;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    if (heading) {
      list = para = null;
      const el = document.createElement(`h${Math.min(6, heading[1].length + 2)}`);
      appendInline(el, heading[2]);
      frag.append(el);
    } else if (bullet) {
      para = null;
      if (!list) frag.append((list = document.createElement("ul")));
      const li = document.createElement("li");
      appendInline(li, bullet[1]);
      list.append(li);
    } else if (list && /^\s/.test(raw) && list.lastElementChild) {
      // an indented line continues the bullet above it
      list.lastElementChild.append(" ");
      appendInline(/** @type {HTMLElement} */ (list.lastElementChild), line);
    } else {
      list = null;
      if (para) para.append(" ");
      else frag.append((para = document.createElement("p")));
      appendInline(para, line);
    }
  }
  return frag;
}

/**
 * Text with **bold** and `code` spans, as text nodes inside elements.
 * @param {HTMLElement} el
 * @param {string} text
 */
export function appendInline(el, text) {
  for (const part of text.split(/(\*\*[^*]+\*\*|`[^`]+`)/)) {
    if (!part) continue;
    if (part.length > 4 && part.startsWith("**") && part.endsWith("**")) {
      const b = document.createElement("strong");
      b.textContent = part.slice(2, -2);
      el.append(b);
    } else if (part.length > 2 && part.startsWith("`") && part.endsWith("`")) {
      const c = document.createElement("code");
      c.textContent = part.slice(1, -1);
      el.append(c);
    } else {
      el.append(document.createTextNode(part));
    }
  }
}
