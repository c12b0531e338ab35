// A tiny, safe Markdown reader for the texts the kernel sends (the rules):
// headings, "- " bullets, paragraphs, **bold** and `code`, backslash escapes
// and the entities &amp; &lt; &gt; (how the kernel writes a game's own words,
// `text.literal`). It builds DOM nodes and text nodes only: nothing the
// kernel sends is ever parsed as HTML.

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

// A backslash before ASCII punctuation stands for that mark, as in CommonMark;
// &amp; &lt; &gt; for & < >.
const ESCAPE = /\\([!-/:-@[-`{-~])|&(amp|lt|gt);/g;
const ENTITIES = /** @type {Record<string, string>} */ ({ amp: "&", lt: "<", gt: ">" });
// Left to right: an escaped mark (so it opens nothing), **bold** (escapes
// allowed inside), `code` (read as it is, as in CommonMark).
const INLINE = /\\[!-/:-@[-`{-~]|\*\*((?:\\.|[^*\\])+)\*\*|`([^`]+)`/g;

/**
 * The characters a stretch of Markdown text stands for (escapes undone).
 * @param {string} text
 */
export function plainText(text) {
  return text.replace(ESCAPE, (_, mark, entity) => mark ?? ENTITIES[entity]);
}

/**
 * Text with **bold** and `code` spans, as text nodes inside elements.
 * @param {HTMLElement} el
 * @param {string} text
 */
export function appendInline(el, text) {
  let plain = "";
  let at = 0;
  for (const m of text.matchAll(INLINE)) {
    plain += text.slice(at, m.index);
    at = /** @type {number} */ (m.index) + m[0].length;
    if (m[1] === undefined && m[2] === undefined) {
      plain += m[0]; // an escape: undone with the plain text around it
      continue;
    }
    if (plain) el.append(document.createTextNode(plainText(plain)));
    plain = "";
    const span = document.createElement(m[1] !== undefined ? "strong" : "code");
    span.textContent = m[1] !== undefined ? plainText(m[1]) : m[2];
    el.append(span);
  }
  plain += text.slice(at);
  if (plain) el.append(document.createTextNode(plainText(plain)));
}
