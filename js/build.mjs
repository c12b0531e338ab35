// Bundle the front end into ../solitaire_widgets/static/widget.js + widget.css
// (ESM, everything inlined: it must work offline). `node build.mjs --watch`
// rebuilds on change (anywidget reloads it when ANYWIDGET_HMR=1).
import * as esbuild from "esbuild";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const watch = process.argv.includes("--watch");

/** @type {esbuild.BuildOptions} */
const options = {
  entryPoints: [path.join(here, "src", "widget.js")],
  outfile: path.join(here, "..", "solitaire_widgets", "static", "widget.js"),
  bundle: true,
  format: "esm",
  target: ["es2022"],
  minify: !watch,
  sourcemap: watch ? "inline" : false,
  legalComments: "none",
  logLevel: "info",
};

if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
} else {
  await esbuild.build(options);
}
