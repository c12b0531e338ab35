// Runs pytest inside Pyodide under Node.js, on this working tree: the
// engine's own tests where threads, processes and signals do not exist.
// tests/test_pyodide.py starts it:
//
//   node tests/pyodide/run.mjs PYODIDE_DIR REPO WHEELS_JSON -- PYTEST_ARGS...
//
// PYODIDE_DIR holds the npm package `pyodide`; WHEELS_JSON is a JSON list of
// wheel files to install first.  The tree is mounted at /repo (read-write:
// pytest's cache is switched off, nothing else writes there).  The exit
// code is pytest's.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, repo, wheelsJson, dashes, ...pytestArgs] = process.argv.slice(2);
if (dashes !== "--") {
  console.error("usage: node run.mjs PYODIDE_DIR REPO WHEELS_JSON -- PYTEST_ARGS...");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
await pyodide.loadPackage(JSON.parse(readFileSync(wheelsJson, "utf8")), { messageCallback: () => {}, errorCallback: (s) => console.error(s) });
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));
// Plugins by name, none found by entry point: pytest marks every module of a
// distribution it autoloads a plugin from for assertion rewriting, and
// rewriting and compiling all of Hypothesis costs seconds in WebAssembly.
const code = await pyodide.runPythonAsync(`
import os, sys
os.chdir("/repo")
sys.path.insert(0, "/repo")
import pytest
int(pytest.main(["-p", "no:cacheprovider", "--disable-plugin-autoload", "-p", "hypothesispytest", *pytest_args]))
`);
process.exit(code);
