// The page's types of what the kernel sends are the Python ones: the
// model's traits (`Traits`, src/model.js) are SolitaireWidget's synced
// traits, and each kind of `assist` value (src/assist.js) is its TypedDict
// of solitaire_widgets/assist/states.py, field by field. The fixture
// carries the Python side (dev/make_fixtures.py writes it from the classes);
// the typedefs are read from the sources as tsc reads them.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import states from "./fixtures/states.json";

/** @param {string} file */
const source = (file) => readFileSync(new URL(`../src/${file}`, import.meta.url), "utf8");

/**
 * The properties of the JSDoc typedef `name` in `text`: name -> its type
 * and whether it may be missing (`[name]`).
 * @param {string} text
 * @param {string} name
 * @returns {Record<string, {type: string, optional: boolean}>}
 */
function typedef(text, name) {
  const block = text.split("/**").find((b) => new RegExp(`@typedef \\{object\\} ${name}\\b`).test(b.split("*/")[0]));
  if (!block) throw new Error(`no typedef ${name}`);
  /** @type {Record<string, {type: string, optional: boolean}>} */
  const props = {};
  const body = block.split("*/")[0].replace(/^\s*\* ?/gm, " ");
  for (let at = body.indexOf("@property {"); at >= 0; at = body.indexOf("@property {", at + 1)) {
    let i = at + "@property ".length;
    let depth = 0;
    const start = i;
    do {
      if (body[i] === "{") depth++;
      if (body[i] === "}") depth--;
      i++;
    } while (depth > 0);
    const type = body.slice(start + 1, i - 1).replace(/\s+/g, " ").trim();
    const [, optional, prop] = /^\s*(\[)?(\w+)/.exec(body.slice(i)) ?? [];
    props[prop] = { type, optional: !!optional };
  }
  return props;
}

/**
 * A type with its union's members in a fixed order ("null | boolean" is "boolean | null").
 * @param {string} type
 */
const members = (type) => type.split("|").map((t) => t.trim()).sort().join(" | ");

/**
 * The JSON kind a JSDoc type holds, for the traits' check.
 * @param {string} type
 */
function jsonKind(type) {
  if (["string", "number", "boolean"].includes(type)) return type;
  return type.endsWith("[]") ? "array" : "object";
}

describe("the model's traits", () => {
  it("are SolitaireWidget's synced traits, each of the JSON kind the Python trait holds", () => {
    const traits = typedef(source("model.js"), "Traits");
    const kinds = Object.fromEntries(Object.entries(traits).map(([name, { type }]) => [name, jsonKind(type)]));
    expect(kinds).toEqual(states.types.traits);
    expect(Object.values(traits).some((t) => t.optional)).toBe(false); // the kernel always sends each
  });
});

describe("the assist values", () => {
  const text = source("assist.js");
  /** @type {Record<string, Record<string, {type: string, optional: boolean}>>} */
  const python = states.types.assist;

  it("have one typedef per kind, each with the Python type's fields, types and optional ones", () => {
    for (const [name, fields] of Object.entries(python)) {
      const page = typedef(text, name);
      const norm = (/** @type {Record<string, {type: string, optional: boolean}>} */ f) =>
        Object.fromEntries(Object.entries(f).map(([k, v]) => [k, { ...v, type: members(v.type) }]));
      expect(norm(page), name).toEqual(norm(fields));
    }
  });

  it("are one of those kinds, or {}", () => {
    const union = /@typedef \{([^}]*)\} Assist\b/.exec(text.replace(/\n \*/g, " "));
    expect(union).not.toBeNull();
    const kinds = members(String(union?.[1]).replace(/\s+/g, " ")).split(" | ");
    expect(kinds).toEqual(["NoAssist", ...Object.keys(python)].sort());
    expect(/@typedef \{\{kind\?: undefined\}\} NoAssist\b/.test(text)).toBe(true);
  });
});
