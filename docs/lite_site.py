"""The docs site's in-browser app (``lite/``): JupyterLite with the Pyodide
kernel, so a visitor plays with nothing installed.

Every file the app needs comes from the site itself, built from the package
registries alone:

* the JupyterLite app: ``jupyterlite-core`` and ``jupyterlite-pyodide-kernel``
  at the versions ``docs/lite_sources/tools.txt`` pins, installed by uv in an
  environment of their own (``.cache/lite/tools-*``): in the environment that
  runs JupyterLab, the Pyodide kernel's JupyterLab extension would log an
  error on every JupyterLab page;
* Pyodide: the npm package ``pyodide`` at the version that kernel names;
* the pure-Python wheels of ``docs/lite_sources/wheels.txt`` (PyPI, each pinned by
  version and hash), the kernel's own small wheels, and this tree's wheel
  (``pip wheel``: it carries the built front end);
* the lab extensions the table needs (anywidget's and ipywidgets'), taken
  from those same wheels.

A trimmed Pyodide lock lists exactly these wheels, each with its own hash,
and names them all in ``loadPyodideOptions.packages``: Pyodide fetches them
in parallel while it starts, so the kernel installs nothing and
``import solitaire_widgets`` just works.  Nothing is fetched from PyPI at run
time (``disablePyPIFallback``).  Three wheels go in slimmed (``SLIM``): jedi
without its Django and third-party stubs, Pygments with the lexers IPython
uses alone, anywidget without the copies of its lab extension the kernel
never reads; no source maps ship.

The app's own service worker (``lite_sources/service-worker.js``) takes the
place of JupyterLite's: each page imports ``offline.js`` first, which
registers it, so every file a visit loads passes through it.  It fetches the
gzipped copy the build writes beside most files and unpacks it (half the
bytes, from any static host), and keeps the whole app in the browser's cache
(a reload without the network starts and plays).

Three stages, each cached under ``.cache/lite/`` by its inputs, as
docs/hooks.py caches notebook runs: the tools' environment (``tools.txt``),
the *app* (``jupyter lite build``: the pins, the notebooks, this file) and the
*site* (the app plus this tree's wheel, the final lock and the worker's list
of files: the package's sources too).  A docs build after no change copies
the cached site.

``python docs/lite_site.py`` builds it and prints where it is;
``python docs/lite_site.py --serve`` also serves it on 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import email.parser
import functools
import gzip
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import zipfile
from pathlib import Path
from typing import Callable, Iterator, Optional

REPO = Path(__file__).resolve().parents[1]
SOURCES = REPO / "docs" / "lite_sources"  # play.ipynb, wheels.txt, tools.txt, jupyter-lite.json
EXAMPLES = REPO / "examples"
CACHE = REPO / ".cache" / "lite"
PINS = SOURCES / "wheels.txt"
TOOLS = SOURCES / "tools.txt"
PLAY = "play.ipynb"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
APPS = ("lab", "notebooks")  # the interfaces served: JupyterLab's, and Notebook 7's single document
# Example notebooks that need what the site does not serve (compiled packages).
NOT_SERVED = {
    "agent.ipynb": "numpy, Gymnasium and matplotlib",
    "classic_games.ipynb": "numpy and Gymnasium",
    "new_game.ipynb": "numpy and Gymnasium",
    "win_rates.ipynb": "matplotlib",
}
# Wheels that lose what the kernel never reads (their hashes in the lock are
# the slimmed files'): folders dropped, and files of them kept.
SLIM = {
    # (jedi reads typeshed's stdlib/2and3 and stdlib/3* on Python 3, never stdlib/2)
    "jedi": (("jedi/third_party/django-stubs/", "jedi/third_party/typeshed/third_party/",
              "jedi/third_party/typeshed/stdlib/2/"), ()),
    "anywidget": (("anywidget/labextension/", "anywidget/nbextension/", ".data/"), ()),
    # the lexers IPython colours code and tracebacks with (and what they
    # import), and pytest's diff (tests/test_pyodide.py runs on these wheels)
    "pygments": (("pygments/lexers/",), tuple(f"pygments/lexers/{name}.py" for name in (
        "__init__", "_mapping", "_css_builtins", "_lilypond_builtins", "_scheme_builtins", "css", "data", "diff",
        "html", "javascript", "jvm", "lilypond", "lisp", "markup", "perl", "python", "ruby", "shell"))),
}
# Requirements left out on purpose: ipywidgets' front end is a lab extension
# of the site; the kernel needs no Python part of it.
NOT_NEEDED = {"jupyterlab-widgets"}
# Lab extensions of the app, by the wheel that carries them.
EXTENSION_WHEELS = ("anywidget", "jupyterlab-widgets")
# From the Pyodide package: what the kernel loads (no console pages, types or source maps).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json")

# Compiles wheels' Python with Pyodide's own (under Node.js) at build time.
PRECOMPILE = "precompile.mjs"
# The app's own service worker (docs/lite_sources/service-worker.js), in place
# of JupyterLite's at the same address, and the module each page imports first
# to register it (docs/lite_sources/offline.js).
WORKER = "service-worker.js"
OFFLINE = "offline.js"
# Where a page imports JupyterLite's config-utils.js: offline.js goes before it.
CONFIG_UTILS = re.compile(r"await import\(\s*'(?P<root>[./]*)config-utils\.js")
# Files of the app no browser loads (font formats older than the ones beside
# them, the build's own configuration): the worker does not precache them.
NEVER_LOADED = re.compile(r"\.(eot|ttf)$|/fa-[a-z]+-\d+\.(svg|woff)$|^rspack\.config.*\.js$"
                          r"|(^|/)package\.json(\.orig)?$|^jupyterlite\.schema\.v0\.json$")
# A file is served gzipped too (FILE.gz, which the worker unpacks) when that saves this much.
GZIP_SAVES = 0.1

Log = Callable[[str], None]


def canonical(name: str) -> str:
    """A project name as PEP 503 compares them.

    >>> canonical("Prompt_Toolkit")
    'prompt-toolkit'
    """
    import re

    return re.sub(r"[-_.]+", "-", name).lower()


def versions() -> dict[str, str]:
    """The JupyterLite packages of the app's build environment (``tools.txt``
    pins them) and the Pyodide version their kernel names; makes the
    environment when the cache lacks it."""
    with only_builder():
        return _tools_info(tools(print))["versions"]


def tools(log: Log) -> Path:
    """The Python of the app's build environment: ``docs/lite_sources/tools.txt``
    installed by uv in a virtual environment of its own, made once (cached by
    the pins and this Python's version)."""
    folder = CACHE / f"tools-{digest(TOOLS.read_bytes(), sys.version.encode())}"
    python = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if (folder / ".complete").is_file():
        return python
    for stale in CACHE.glob("tools-*"):
        shutil.rmtree(stale, ignore_errors=True)
    run([sys.executable, "-m", "uv", "venv", "--quiet", "--python", sys.executable, str(folder)], log)
    run([sys.executable, "-m", "uv", "pip", "install", "--quiet", "--python", str(python), "-r", str(TOOLS)], log)
    (folder / ".complete").write_text("")
    return python


# What the build reads of its environment, asked of the environment's own Python.
TOOLS_INFO = """
import importlib.metadata, json, pathlib, sys
import jupyter_server
from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
print(json.dumps({
    "versions": {name: importlib.metadata.version(name) for name in ("jupyterlite-core", "jupyterlite-pyodide-kernel")}
                | {"pyodide": PYODIDE_VERSION},
    "prefix": sys.prefix,
    "jupyter_server": str(pathlib.Path(jupyter_server.__file__).parent),
}))
"""


@functools.lru_cache(maxsize=None)
def _tools_info(python: Path) -> dict:
    """``TOOLS_INFO``'s answer from the environment of ``python`` (once a process)."""
    done = subprocess.run([str(python), "-c", TOOLS_INFO], capture_output=True, text=True, timeout=120,
                          env=tools_environ())
    if done.returncode != 0:
        raise RuntimeError(f"the app's build environment {python.parents[1]} does not answer:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout)


def tools_environ() -> dict[str, str]:
    """This process's environment variables, less what would make the tools'
    Python read another environment's packages."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}


def digest(*parts: bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(hashlib.sha256(part).digest())
    return h.hexdigest()[:16]


def files_digest(paths: list[Path]) -> bytes:
    h = hashlib.sha256()
    for path in sorted(paths):
        h.update(path.relative_to(REPO).as_posix().encode() + b"\0" + path.read_bytes())
    return h.digest()


def notebooks() -> list[Path]:
    """The notebooks the app serves: play.ipynb and the examples that run there."""
    return [SOURCES / PLAY, *(p for p in sorted(EXAMPLES.glob("*.ipynb")) if p.name not in NOT_SERVED)]


def app_key(python: Path) -> str:
    return digest(json.dumps(_tools_info(python)["versions"], sort_keys=True).encode(), Path(__file__).read_bytes(),
                  files_digest([p for p in SOURCES.iterdir() if p.is_file()] + notebooks()))


def package_key() -> str:
    """What this tree's wheel is made from: the package, its front end, its metadata."""
    sources = [p for p in (REPO / "solitaire_widgets").rglob("*.py")]
    sources += [p for p in (REPO / "js" / "src").rglob("*") if p.is_file()]
    sources += [REPO / name for name in ("pyproject.toml", "hatch_build.py", "README.md", "LICENSE",
                                         "js/package.json", "js/package-lock.json", "js/build.mjs")]
    return digest(files_digest(sources))


def run(cmd: list[str], log: Log, cwd: Optional[Path] = None, env: Optional[dict] = None) -> None:
    log("lite: " + " ".join(str(c) for c in cmd[:6]) + (" ..." if len(cmd) > 6 else ""))
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, cmd))} failed ({done.returncode}):\n"
                           f"{done.stdout[-3000:]}\n{done.stderr[-5000:]}")


# --- what the site serves, downloaded once -----------------------------------
def pyodide_python(runtime: Path) -> str:
    """The Python version of the Pyodide in ``runtime`` (its lock says)."""
    return json.loads((runtime / "pyodide-lock.json").read_text())["info"]["python"]


def pyodide(version: str, log: Log) -> Path:
    """The npm package ``pyodide@version``, unpacked (cached)."""
    folder = CACHE / "downloads" / f"pyodide-{version}"
    if (folder / "pyodide-lock.json").is_file():
        return folder
    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        run(["npm", "pack", f"pyodide@{version}", "--silent"], log, cwd=Path(tmp))
        (tarball,) = Path(tmp).glob("pyodide-*.tgz")
        with tarfile.open(tarball) as tar:
            tar.extractall(Path(tmp) / "x", filter="data")
        shutil.rmtree(folder, ignore_errors=True)
        folder.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(Path(tmp) / "x" / "package"), folder)
    return folder


def pinned_wheels(python: str, log: Log, pins: Path = PINS) -> list[Path]:
    """The wheels of ``pins`` (docs/lite_sources/wheels.txt by default) for Pyodide's
    ``python``, downloaded once (pip checks each one's hash)."""
    folder = CACHE / "downloads" / f"wheels-{digest(pins.read_bytes(), python.encode())}"
    if not (folder / ".complete").is_file():
        shutil.rmtree(folder, ignore_errors=True)
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--platform", "any", "--implementation", "py", "--abi", "none", "--python-version", python,
             "--require-hashes", "-r", str(pins), "-d", str(folder)], log)
        (folder / ".complete").write_text("")
    return sorted(folder.glob("*.whl"))


def own_wheel(log: Log) -> Path:
    """This tree's wheel (``python -m build --wheel``, which builds the front
    end; uv fills its build environment, in a third of pip's time), cached by
    its sources."""
    folder = CACHE / "own" / package_key()
    wheels = sorted(folder.glob("solitaire_widgets-*.whl"))
    if not wheels:
        shutil.rmtree(CACHE / "own", ignore_errors=True)
        # pure Python for Pyodide: no mypyc build of the solver's hot loop (hatch_build.py)
        run([sys.executable, "-m", "build", "--wheel", "--installer", "uv", "--outdir", str(folder), str(REPO)], log,
            env={**os.environ, "SOLITAIRE_WIDGETS_COMPILE": "0"})
        wheels = sorted(folder.glob("solitaire_widgets-*.whl"))
    return wheels[0]


def kernel_extension(python: Path) -> Path:
    """The Pyodide kernel's lab extension, as jupyterlite-pyodide-kernel installed it in the build environment."""
    found = Path(_tools_info(python)["prefix"]) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / \
        "pyodide-kernel-extension"
    if not (found / "package.json").is_file():
        raise FileNotFoundError(f"jupyterlite-pyodide-kernel installed no lab extension at {found}")
    return found


# --- wheels and the lock --------------------------------------------------------
def wheel_metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as z:
        (meta,) = [n for n in z.namelist() if n.count("/") == 1 and n.endswith(".dist-info/METADATA")]
        return email.parser.BytesParser().parsebytes(z.read(meta))


def top_level(wheel: Path) -> list[str]:
    """The importable names a wheel installs."""
    names = set()
    with zipfile.ZipFile(wheel) as z:
        for name in z.namelist():
            first = name.split("/")[0]
            if first.endswith((".dist-info", ".data")):
                continue
            if "/" in name:
                names.add(first)
            elif name.endswith((".py", ".pyc")):
                names.add(name.rsplit(".", 1)[0])
    return sorted(n for n in names if n.isidentifier())


def slim(wheel: Path, drop: tuple[str, ...], keep: tuple[str, ...], folder: Path) -> Path:
    """A copy of ``wheel`` in ``folder`` without the files under ``drop``
    but those in ``keep`` (its RECORD updated; a ``.data/`` entry drops the
    wheel's data folder).  Each dropped folder stays: jedi lists its stub
    folders."""
    out = folder / wheel.name
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        def dropped(name: str) -> bool:
            first = name.split("/")[0] + "/"
            return name not in keep and (name.startswith(drop) or (".data/" in drop and first.endswith(".data/")))

        for folder_name in drop:
            if not folder_name.startswith("."):
                dst.writestr(zipfile.ZipInfo(folder_name, date_time=(1980, 1, 1, 0, 0, 0)), b"")
        for info in src.infolist():
            if dropped(info.filename):
                continue
            data = src.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                data = b"".join(line for line in data.splitlines(keepends=True)
                                if not dropped(line.split(b",")[0].decode()))
            dst.writestr(info, data)
    return out


def precompile(wheels: list[Path], runtime: Path, log: Log, keep_source: bool) -> None:
    """Rewrite each of ``wheels`` with its modules compiled by the Python of
    ``runtime`` (Pyodide, run under Node.js by lite_sources/precompile.mjs):
    the kernel imports them without compiling them as it starts.  The
    packages the app serves lose their sources (``X.pyc`` in place of ``X.py``:
    smaller than both); with ``keep_source`` (this tree's wheel: its
    tracebacks, ``help`` and ``??``) the bytecode goes in ``__pycache__``."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("building the in-browser app needs Node.js (`apt-get install nodejs`)")
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        folders = [Path(tmp) / (w.name + ("" if keep_source else ".sourceless")) for w in wheels]
        for wheel, folder in zip(wheels, folders):
            with zipfile.ZipFile(wheel) as z:
                z.extractall(folder)
        run([node, str(SOURCES / PRECOMPILE), str(runtime), *map(str, folders)], log)
        for wheel, folder in zip(wheels, folders):
            with_bytecode(wheel, folder, keep_source)


def with_bytecode(wheel: Path, folder: Path, keep_source: bool) -> None:
    """``wheel`` rewritten from ``folder``, its unpacked and compiled copy (``precompile``)."""
    with zipfile.ZipFile(wheel) as src:
        entries = [(info, src.read(info)) for info in src.infolist()]
    compiled = {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*.pyc"))}
    written, record = [], None
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        def add(name: str, data: bytes) -> None:
            dst.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
            written.append(name)

        for info, data in entries:
            if info.filename.endswith(".dist-info/RECORD"):
                record = (info, data)
            elif not keep_source and info.filename + "c" in compiled:
                add(info.filename + "c", compiled.pop(info.filename + "c"))
            else:
                dst.writestr(info, data)
        for name, data in compiled.items() if keep_source else ():
            add(name, data)
        if record is not None:
            info, data = record
            sources = set() if keep_source else {name[:-1] for name in written}  # replaced by their .pyc
            lines = [line for line in data.decode().splitlines() if line.split(",")[0] not in sources]
            dst.writestr(info, "\n".join(lines + [f"{name},," for name in written]) + "\n")


def marker_environment(python: str) -> dict[str, str]:
    """What Pyodide's Python answers to requirement markers."""
    return {"python_version": ".".join(python.split(".")[:2]), "python_full_version": python,
            "sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
            "platform_machine": "wasm32", "implementation_name": "cpython",
            "platform_python_implementation": "CPython", "extra": ""}


def lock(base: dict, wheels: list[Path]) -> dict:
    """A Pyodide lock that lists ``wheels`` (all in the lock's folder) and
    nothing else; raises when one needs a package the set lacks or has at a
    version it does not accept."""
    from packaging.requirements import Requirement

    env = marker_environment(base["info"]["python"])
    metas = {canonical(m["Name"]): (m, w) for w in wheels for m in [wheel_metadata(w)]}
    packages, problems = {}, []
    for name, (meta, wheel) in sorted(metas.items()):
        depends = []
        for text in meta.get_all("Requires-Dist") or []:
            req = Requirement(text)
            if req.marker is not None and not req.marker.evaluate(env):
                continue
            dep = canonical(req.name)
            if dep in NOT_NEEDED:
                continue
            if dep not in metas:
                problems.append(f"{name} needs {req}, which is not served")
            elif not req.specifier.contains(metas[dep][0]["Version"], prereleases=True):
                problems.append(f"{name} needs {req}, and {metas[dep][0]['Version']} is served")
            depends.append(dep)
        packages[name] = {"name": name, "version": meta["Version"], "file_name": wheel.name, "install_dir": "site",
                          "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
                          "imports": top_level(wheel), "depends": sorted(set(depends)),
                          "unvendored_tests": False, "shared_library": False}
    if problems:
        raise RuntimeError("the wheels of docs/lite_sources/wheels.txt do not fit together:\n  "
                           + "\n  ".join(problems))
    return {"info": base["info"], "packages": packages}


# --- the two stages ----------------------------------------------------------------
@contextlib.contextmanager
def only_builder() -> Iterator[None]:
    """Hold the cache's lock: a docs build and the browser tests may build at
    once (pytest-xdist), and two builds in one cache folder break each other."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / ".lock", "w") as handle:
        try:
            import fcntl
        except ImportError:  # Windows: builds are not run side by side there
            yield
            return
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build(log: Log = print) -> Path:
    """The finished in-browser app, a folder to serve as it is (cached)."""
    with only_builder():
        return _build(log)


def _build(log: Log) -> Path:
    app = build_app(log)
    mine = own_wheel(log)
    site = CACHE / f"site-{digest(app.name.encode(), mine.read_bytes())}"
    if (site / ".complete").is_file():
        return site
    for stale in CACHE.glob("site-*"):
        shutil.rmtree(stale, ignore_errors=True)
    log(f"lite: the site {site.name} from {app.name} and {mine.name}")
    shutil.copytree(app, site, ignore=shutil.ignore_patterns(".complete"))
    folder = site / "static" / "pyodide"
    shutil.copy2(mine, folder / mine.name)
    precompile([folder / mine.name], pyodide(_tools_info(tools(log))["versions"]["pyodide"], log), log,
               keep_source=True)
    write_lock(folder)
    compress([folder / mine.name, folder / "pyodide-lock.json"])
    write_worker(site)
    (site / ".complete").write_text("")
    return site


def write_lock(folder: Path) -> None:
    base = json.loads((folder / "pyodide-lock.json").read_text())
    (folder / "pyodide-lock.json").write_text(json.dumps(lock(base, sorted(folder.glob("*.whl"))), indent=1))


def build_app(log: Log) -> Path:
    """``jupyter lite build`` of the app, without this tree's wheel (cached)."""
    builder = tools(log)
    app = CACHE / f"app-{app_key(builder)}"
    if (app / ".complete").is_file():
        return app
    for stale in CACHE.glob("app-*"):
        shutil.rmtree(stale, ignore_errors=True)
    known = _tools_info(builder)["versions"]
    log(f"lite: building the app {app.name} ({', '.join(f'{k} {v}' for k, v in known.items())})")
    runtime = pyodide(known["pyodide"], log)
    python = pyodide_python(runtime)
    downloaded = pinned_wheels(python, log)
    work = CACHE / "work"
    shutil.rmtree(work, ignore_errors=True)
    # The lite folder: its config, the notebooks, Pyodide with the wheels beside its lock.
    files = work / "files"
    files.mkdir(parents=True)
    for notebook in notebooks():
        shutil.copy2(notebook, files / notebook.name)
    shutil.copy2(SOURCES / "jupyter-lite.json", work / "jupyter-lite.json")
    folder = work / "static" / "pyodide"
    folder.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(runtime / name, folder / name)
    shutil.copy2(runtime / "pyodide-lock.json", folder / "pyodide-lock.json")
    extension = kernel_extension(builder)
    for wheel in [*downloaded, *sorted((extension / "static" / "pypi").glob("*.whl"))]:
        name = canonical(wheel.name.split("-")[0])
        if name in NOT_NEEDED or wheel.name.startswith("widgetsnbextension-3."):
            continue  # not for the kernel (ipywidgets 8 takes the 4.x shim)
        if name in SLIM:
            slim(wheel, *SLIM[name], folder)
        else:
            shutil.copy2(wheel, folder / wheel.name)
    precompile(sorted(folder.glob("*.whl")), runtime, log, keep_source=False)
    write_lock(folder)  # the app alone; the site's lock adds this tree's wheel
    extensions = [str(extension)] + [str(w) for w in downloaded
                                     if canonical(w.name.split("-")[0]) in EXTENSION_WHEELS]
    config = {"LiteBuildConfig": {
        "apps": list(APPS), "contents": ["files"], "output_dir": str(app), "ignore_sys_prefix": True,
        "federated_extensions": extensions, "no_sourcemaps": True, "no_unused_shared_packages": True}}
    (work / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1))
    shutil.rmtree(app, ignore_errors=True)
    run([str(builder), "-m", "jupyterlite_core", "build", "--lite-dir", str(work)], log, cwd=work, env=tools_environ())
    drop_unused(app)
    # Notebook 7 shows the kernel's state in the tab's icon, from a Jupyter
    # server's static/favicons/, which JupyterLite does not carry.
    shutil.copytree(Path(_tools_info(builder)["jupyter_server"]) / "static" / "favicons", app / "static" / "favicons",
                    ignore=shutil.ignore_patterns("favicon.ico"))
    load_offline_first(app)
    compress(sorted(p for p in app.rglob("*") if p.is_file() and p.name != WORKER))
    (app / ".complete").write_text("")
    shutil.rmtree(work, ignore_errors=True)
    return app


def drop_unused(app: Path) -> None:
    """Files a visitor never loads: the build's own records and licences lists."""
    for path in list(app.rglob("*")):
        if path.is_file() and (path.suffix == ".map" or path.name in ("third-party-licenses.json",)):
            path.unlink()
    for name in (".jupyterlite.doit.db", ".jupyterlite.doit.db.db"):
        with contextlib.suppress(FileNotFoundError):
            (app / name).unlink()


# --- offline, and gzipped from any host ------------------------------------------
def load_offline_first(app: Path) -> None:
    """Each page of ``app`` imports offline.js before anything else, which
    registers the app's service worker and waits until it serves the page;
    the main bundle is no longer preloaded (the browser would fetch it before
    the worker, and the app again through it)."""
    version = json.loads((app / "jupyter-lite.json").read_text())["jupyter-config-data"]["appVersion"]
    (app / OFFLINE).write_text((SOURCES / OFFLINE).read_text().replace("@JUPYTERLITE_VERSION@", version))
    for page in pages(app):
        text = page.read_text()
        text, found = CONFIG_UTILS.subn(lambda m: f"await (await import('{m['root']}{OFFLINE}')).ready;\n{m[0]}",
                                        text)
        if found != 1:
            raise RuntimeError(f"{page} does not import JupyterLite's config-utils.js as this build expects")
        text = text.replace('id="jupyter-lite-main" rel="preload"', 'id="jupyter-lite-main" rel="main"')
        # An icon from the start: without one the browser asks for the host's
        # /favicon.ico, outside the app (a 404 the worker's page logs).
        icon = "favicon.ico" if (page.parent / "favicon.ico").is_file() else \
            json.loads((app / "jupyter-lite.json").read_text())["jupyter-config-data"]["faviconUrl"]
        page.write_text(text.replace("</head>", f'<link rel="icon" type="image/x-icon" href="{icon}">\n</head>', 1))


def pages(site: Path) -> list[Path]:
    """The app's pages that start JupyterLite (the others only redirect)."""
    return [p for p in sorted(site.rglob("index.html")) if "config-utils.js" in p.read_text()]


def compress(files: list[Path]) -> None:
    """Write ``FILE.gz`` beside each of ``files`` that gzip makes smaller by
    ``GZIP_SAVES`` at least (and drop a stale one)."""
    for file in files:
        data = file.read_bytes()
        packed = gzip.compress(data, 9, mtime=0)
        target = file.with_name(file.name + ".gz")
        if len(packed) <= len(data) * (1 - GZIP_SAVES):
            target.write_bytes(packed)
        else:
            target.unlink(missing_ok=True)


def app_files(site: Path) -> list[str]:
    """The paths of the app's files (its service worker aside), as the worker lists them."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*")
                  if p.is_file() and p.suffix != ".gz" and p.name not in (".complete", WORKER))


def precached(site: Path) -> list[str]:
    """The files the service worker keeps for offline use: all those a browser may load."""
    return [f for f in app_files(site) if not NEVER_LOADED.search(f)]


def write_worker(site: Path) -> None:
    """The app's service worker, with the list of the site's files: every
    one, those served gzipped, those its pages load before it runs, and
    those it never precaches."""
    files = app_files(site)
    app = {"version": digest(*(f.encode() + b"\0" + (site / f).read_bytes() for f in files)),
           "files": files, "gzipped": [f for f in files if (site / f"{f}.gz").is_file()],
           "shell": [OFFLINE, *(p.relative_to(site).as_posix() for p in pages(site))],
           "unused": sorted(set(files) - set(precached(site)))}
    template = (SOURCES / WORKER).read_text()
    (site / WORKER).write_text(template.replace('"@APP@"', json.dumps(app, separators=(",", ":"))))


def size(folder: Path) -> int:
    """Bytes of all files under ``folder``."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


# --- serving it -------------------------------------------------------------------
class Served:
    """What a ``serve`` server sent: requests as (path, status, bytes), and the
    bytes in all; ``stop()`` stops the server before its ``with`` block ends
    (a visitor's network gone)."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, int, int]] = []
        self._lock = threading.Lock()
        self.stop: Callable[[], None] = lambda: None

    def add(self, path: str, status: int, sent: int) -> None:
        with self._lock:
            self.requests.append((path, status, sent))

    @property
    def bytes(self) -> int:
        with self._lock:
            return sum(sent for _, _, sent in self.requests)

    def clear(self) -> None:
        with self._lock:
            self.requests.clear()


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json",
                      ".ipynb": "application/json", ".whl": "application/octet-stream"}
    served: Served

    def __init__(self, *args: object, served: Served, **kwargs: object) -> None:
        self.served = served
        self._sent = 0
        super().__init__(*args, **kwargs)

    def send_response(self, code: int, message: Optional[str] = None) -> None:
        self._status = code
        super().send_response(code, message)

    def end_headers(self) -> None:
        # As static hosts do (GitHub Pages sends ten minutes): the browser
        # then asks once for files the app requests many times at start.
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        start = source.tell()
        super().copyfile(source, outputfile)
        self._sent += source.tell() - start

    def log_request(self, code: object = "-", size: object = "-") -> None:
        pass

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass

    def handle_one_request(self) -> None:
        self._status, self._sent = 0, 0
        super().handle_one_request()
        if self._status:
            self.served.add(self.path, self._status, self._sent)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a browser that went away is no error
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serve(folder: Path, port: int = 0) -> Iterator[tuple[str, Served]]:
    """Serve ``folder`` on 127.0.0.1 (any free port by default); yields the
    base URL and a ``Served`` that counts what was sent."""
    served = Served()
    handler = functools.partial(_Handler, directory=str(folder), served=served)
    server = _Server(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, name="lite-site", daemon=True)
    thread.start()

    def stop() -> None:
        if thread.is_alive():
            server.shutdown()
            server.server_close()

    served.stop = stop
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", served
    finally:
        stop()


def main(argv: Optional[list[str]] = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(description="Build the docs site's in-browser app (lite/).")
    parser.add_argument("--serve", action="store_true", help="serve it on 127.0.0.1 until Ctrl-C")
    parser.add_argument("--port", type=int, default=8001)
    args = parser.parse_args(argv)
    site = build()
    print(f"{site} ({size(site) / 1e6:.1f} MB)")
    if args.serve:
        with serve(site, args.port) as (url, _):
            print(f"playing at {url}notebooks/index.html?path={PLAY} (Ctrl-C stops)")
            with contextlib.suppress(KeyboardInterrupt):
                threading.Event().wait()


if __name__ == "__main__":
    main()
