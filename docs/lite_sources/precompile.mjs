// Compiles the Python files of unpacked wheels with the Python of the app's
// Pyodide, run under Node.js by docs/lite_site.py at build time: the kernel
// then imports bytecode instead of compiling IPython, jedi and the rest as it
// starts (a fifth of the time to a table).
//
//   node precompile.mjs PYODIDE_DIR FOLDER [FOLDER...]
//
// Each FOLDER holds one unpacked wheel.  A folder named *.sourceless gets
// X.pyc beside each X.py (the build then drops the sources); any other gets
// __pycache__/X.cpython-3NN.pyc, its sources kept.  The pycs are unchecked:
// the files' dates inside Pyodide say nothing about them.
import { pathToFileURL } from "node:url";

const [pyodideDir, ...folders] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
pyodide.FS.mkdirTree("/wheels");
folders.forEach((folder, i) => {
  pyodide.FS.mkdirTree(`/wheels/${i}`);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, `/wheels/${i}`);
});
pyodide.globals.set("folders", pyodide.toPy(folders.map((folder, i) => [`/wheels/${i}`, folder])));
const failed = pyodide.runPython(`
import compileall, py_compile, warnings
warnings.simplefilter("ignore")  # old escapes in some packages' tests
[folder for path, folder in folders
 if not compileall.compile_dir(path, quiet=1, legacy=folder.endswith(".sourceless"),
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)]
`).toJs();
if (failed.length) {
  console.error(`could not compile ${failed.join(", ")}`);
  process.exit(1);
}
