"""Real-browser harness: a throwaway Jupyter server, Debian's Chromium driven by
Playwright, and helpers to run notebook cells and read the card table back.

Shared by the browser tests (tests/browser/) and benchmarks/browser.py.  Nothing
here downloads a browser: it uses /usr/bin/chromium or says how to get it.

Design rules: every wait is on a real condition (kernel status text, an
element, an attribute value, a marker printed by a cell), never a fixed sleep;
every console error and page error is collected so a test can fail on it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any, Iterable, Optional, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the shared helpers
from helpers import REPO

ARTIFACTS = REPO / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
INSTALL_HINT = (
    "the browser tests need Debian's Chromium at /usr/bin/chromium; enable them with "
    "`apt-get update && apt-get install -y chromium` (Playwright never downloads a browser here)"
)
KERNEL_IDLE = "Python 3 (ipykernel) | Idle"
VIEWPORT = {"width": 1280, "height": 960}  # a laptop's window: a larger one only gives Chromium more to paint


def chromium_missing() -> Optional[str]:
    """Why the browser tests cannot run here, or None when they can."""
    if not os.access(CHROMIUM, os.X_OK):
        return f"{CHROMIUM} not found: {INSTALL_HINT}"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "the Python package playwright is not installed: `pip install playwright` (no browser download needed)"
    return None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --------------------------------------------------------------------------- #
# Notebooks as plain JSON (nbformat is slow to import)
# --------------------------------------------------------------------------- #
def notebook_json(cells: Sequence[str]) -> dict:
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": uuid.uuid4().hex[:12],
                "metadata": {},
                "outputs": [],
                "source": source,
            }
            for source in cells
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write_notebook(path: Path, cells: Sequence[str]) -> Path:
    path.write_text(json.dumps(notebook_json(cells), indent=1))
    return path


# --------------------------------------------------------------------------- #
# The Jupyter server
# --------------------------------------------------------------------------- #
class JupyterServer:
    """``python -m jupyterlab`` (or ``notebook``) on 127.0.0.1, isolated dirs.

    Use as a context manager or call start()/stop().  ``root`` is the folder
    the notebooks live in; ``log`` the server's output file.
    """

    def __init__(self, app: str = "jupyterlab", base: Optional[Path] = None, pythonpath: Iterable[Path] = (REPO,)):
        if app not in ("jupyterlab", "notebook"):
            raise ValueError(app)
        self.app = app
        self._own_base = base is None
        self.base = Path(base or tempfile.mkdtemp(prefix=f"sw-{app}-"))
        self.root = self.base / "root"
        self.port = 0
        self.token = uuid.uuid4().hex
        self.proc: Optional[subprocess.Popen] = None
        self.log = self.base / "server.log"
        self.pythonpath = [str(p) for p in pythonpath]

    # --- environment ---------------------------------------------------------
    def _env(self) -> dict:
        b = self.base
        dirs = {
            "JUPYTER_CONFIG_DIR": b / "config",
            "JUPYTER_DATA_DIR": b / "data",
            "JUPYTER_RUNTIME_DIR": b / "runtime",
            "JUPYTERLAB_SETTINGS_DIR": b / "lab-settings",
            "JUPYTERLAB_WORKSPACES_DIR": b / "lab-workspaces",
            "IPYTHONDIR": b / "ipython",
            "XDG_CONFIG_HOME": b / "xdg-config",
            "XDG_CACHE_HOME": b / "xdg-cache",
            "XDG_DATA_HOME": b / "xdg-data",
            "MPLCONFIGDIR": b / "mpl",
        }
        for d in dirs.values():
            d.mkdir(parents=True, exist_ok=True)
        settings = dirs["JUPYTERLAB_SETTINGS_DIR"]
        # No "get notified about news?" toast, and every cell attached to the
        # DOM (the default windowing may detach cells out of the viewport).
        self._settings(settings, "@jupyterlab/apputils-extension/notification",
                       {"fetchNews": "false", "checkForUpdates": False, "doNotDisturbMode": True})
        self._settings(settings, "@jupyterlab/notebook-extension/tracker", {"windowingMode": "none"})
        self._settings(settings, "@jupyterlab/codemirror-extension/plugin",
                       {"defaultConfig": {"autoClosingBrackets": False}})
        env = dict(os.environ)
        env.update({k: str(v) for k, v in dirs.items()})
        before = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
        env["PYTHONPATH"] = os.pathsep.join(self.pythonpath + before)
        env.pop("JUPYTER_PATH", None)
        env["PYTHONUNBUFFERED"] = "1"
        return env

    @staticmethod
    def _settings(settings_dir: Path, plugin: str, values: dict) -> None:
        path = settings_dir / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))

    # --- life cycle ------------------------------------------------------------
    def start(self, timeout: float = 90) -> "JupyterServer":
        self.root.mkdir(parents=True, exist_ok=True)
        env = self._env()
        self.port = free_port()
        cmd = [
            sys.executable, "-m", self.app, "--no-browser", "--ip=127.0.0.1", f"--port={self.port}",
            "--port-retries=0", "--allow-root", f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root}",
        ]
        if self.app == "jupyterlab":
            # The app as window.jupyterapp (as JupyterLab's own UI tests have it):
            # cells run through its model and commands, and a test opens a
            # second notebook in a page.
            cmd += ["--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                    "--LabApp.expose_app_in_browser=True"]
        else:
            cmd += ["--JupyterNotebookApp.news_url=None"]
        self._log_file = open(self.log, "wb")
        self.proc = subprocess.Popen(cmd, env=env, cwd=str(self.root), stdout=self._log_file,
                                     stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        self._await_answer(f"{self.url}/api/status?token={self.token}", self.app, timeout)
        return self

    def _await_answer(self, url: str, name: str, timeout: float) -> None:
        """Wait until ``url`` answers 200; fail with the log if the server
        dies first or stays silent for ``timeout`` seconds (then stop it)."""
        deadline = time.monotonic() + timeout
        while True:
            code = self.proc.poll()
            if code is not None:
                raise RuntimeError(f"{name} exited with code {code} before answering:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(url, timeout=2) as r:
                    if r.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                self.stop()
                shown = url.split("?")[0].replace(self.url, "") or "/"
                raise RuntimeError(f"{name} did not answer {shown} within {timeout:.0f} s:\n{self.log_tail()}")
            # Back off by waiting on the process itself: returns at once if it dies.
            try:
                self.proc.wait(timeout=0.1)
            except subprocess.TimeoutExpired:
                pass

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGTERM)  # its own pid only; it shuts its kernels down
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)
        if getattr(self, "_log_file", None):
            self._log_file.close()
        if self._own_base and os.environ.get("SW_KEEP_TMP") != "1":
            shutil.rmtree(self.base, ignore_errors=True)

    def __enter__(self) -> "JupyterServer":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    # --- addresses -------------------------------------------------------------
    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def notebook_url(self, name: str) -> str:
        if self.app == "jupyterlab":
            return f"{self.url}/lab/tree/{name}?token={self.token}&reset"
        return f"{self.url}/notebooks/{name}?token={self.token}"

    def log_tail(self, n: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return "(no log)"

    def end_sessions(self, *paths: str) -> None:
        """Shut down the kernels of the notebooks ``paths`` (their sessions)."""
        for session in self.api("/api/sessions"):
            if session["path"] in paths:
                self.api(f"/api/sessions/{session['id']}", "DELETE")

    def api(self, path: str, method: str = "GET") -> Any:
        req = urllib.request.Request(f"{self.url}{path}", method=method,
                                     headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(req, timeout=10) as r:
            body = r.read()
        return json.loads(body) if body else None


# --------------------------------------------------------------------------- #
# The browser
# --------------------------------------------------------------------------- #
class _Driver:
    """One Playwright driver per process, shared by every ``Browser`` in it.

    Playwright's sync API allows one driver per thread, and while it runs
    the thread counts as inside an asyncio loop (``asyncio.run`` refuses to
    start); so the driver starts with the first browser and stops with the
    last, leaving the thread as it found it."""

    playwright: Any = None
    users = 0

    @classmethod
    def acquire(cls) -> Any:
        if cls.playwright is None:
            from playwright.sync_api import sync_playwright

            # Read by the driver when it starts: a service worker's requests
            # (the in-browser app's, tests/browser/lite.py) show as network events.
            os.environ["PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"] = "1"
            cls.playwright = sync_playwright().start()
        cls.users += 1
        return cls.playwright

    @classmethod
    def release(cls) -> None:
        cls.users -= 1
        if cls.users == 0 and cls.playwright is not None:
            playwright, cls.playwright = cls.playwright, None
            playwright.stop()


class Browser:
    """Playwright + Debian Chromium, one browser for many pages.

    ``reduced_motion`` opens every page as a player who turned motion off
    sees it: cards jump instead of sliding (a page can change it later with
    ``page.emulate_media``)."""

    def __init__(self, base: Optional[Path] = None, args: Sequence[str] = (), reduced_motion: bool = False):
        self.reduced_motion = reduced_motion
        self._own_base = base is None
        self.base = Path(base or tempfile.mkdtemp(prefix="sw-chromium-"))
        self.args = [*CHROMIUM_ARGS, *args]
        self._pw = None
        self.browser = None

    def start(self) -> "Browser":
        env = dict(os.environ)
        for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"):
            d = self.base / name.lower()
            d.mkdir(parents=True, exist_ok=True)
            env[name] = str(d)
        env["HOME"] = str(self.base)  # chromium writes crash dumps/profile bits under $HOME
        self._pw = _Driver.acquire()
        try:
            self.browser = self._pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=self.args, env=env)
        except BaseException:
            self._pw = None
            _Driver.release()
            raise
        return self

    def new_page(self, viewport: Optional[dict] = None) -> "Page":
        context = self.browser.new_context(viewport=viewport or VIEWPORT,
                                           reduced_motion="reduce" if self.reduced_motion else "no-preference")
        return Page(context.new_page())

    def stop(self) -> None:
        try:
            if self.browser is not None:
                self.browser.close()
        finally:
            if self._pw is not None:
                _Driver.release()
            self.browser = self._pw = None
            if self._own_base:
                shutil.rmtree(self.base, ignore_errors=True)

    def __enter__(self) -> "Browser":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()


class Page:
    """A Playwright page with its console errors and page errors collected."""

    def __init__(self, page: Any):
        self.page = page
        self.errors: list[str] = []
        self.console: list[str] = []
        page.on("console", self._on_console)
        page.on("pageerror", self._on_page_error)
        page.on("crash", lambda _: self.errors.append("page crashed"))

    def _on_console(self, msg: Any) -> None:
        text = msg.text
        self.console.append(f"{msg.type}: {text}")
        loc = msg.location or {}
        said = f"{text} ({loc.get('url', '')}:{loc.get('lineNumber', '')})"
        if msg.type == "error":
            self.errors.append(f"console.error: {said}")

    def _on_page_error(self, err: Any) -> None:
        message, stack = str(getattr(err, "message", err)), str(getattr(err, "stack", "") or "")
        self.errors.append(f"pageerror: {message}\n{stack[:1500]}")

    def errors_since(self, mark: int) -> list[str]:
        return self.errors[mark:]

    def close(self) -> None:
        self.page.context.close()


# --------------------------------------------------------------------------- #
# JupyterLab / Notebook 7 notebook page
# --------------------------------------------------------------------------- #
# A notebook in a tab of its own, and the tab closed (window.jupyterapp: the
# test server exposes the app).
OPEN_BESIDE_JS = """
async path => {
  await window.jupyterapp.commands.execute('docmanager:open', {path, factory: 'Notebook'});
  return true;  // not the widget the command returns: Playwright cannot send it back
}
"""
SHOWN_JS = "path => window.jupyterapp.shell.currentWidget?.context?.path === path"
# ... and its kernel started and idle (the status bar may still show the
# notebook shown before it for a moment).
SHOWN_IDLE_JS = """
path => {
  const w = window.jupyterapp.shell.currentWidget;
  return w?.context?.path === path && w.sessionContext?.kernelDisplayStatus === 'idle';
}
"""
CLOSE_JS = """
path => {
  for (const w of window.jupyterapp.shell.widgets('main'))
    if (w.context?.path === path) w.dispose();  // no "save your changes?" dialog
}
"""
# The shown notebook's cells, in order (JupyterLab, Notebook 7 and the
# in-browser app); a notebook in a tab behind another is hidden.
CELLS = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell"
IS_CELL_JS = f"document.querySelectorAll({CELLS!r})[i] === c"  # element c is still cell i
OUTPUT_TEXT_JS = """
(cell) => Array.from(cell.querySelectorAll('.jp-OutputArea-output'))
  .map(o => o.innerText).join('\\n')
"""

WAIT_MARKER_JS = """
([cell, marker]) => {
  const outs = Array.from(cell.querySelectorAll('.jp-OutputArea-output'));
  const text = outs.map(o => o.innerText).join('\\n');
  if (text.includes(marker)) return 'done';
  const prompt = cell.querySelector('.jp-InputPrompt');
  const running = prompt && prompt.innerText.includes('*');
  if (!running && cell.querySelector('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'))
    return 'error';
  return false;
}
"""


# Put ``code`` in a cell and run it through the app's own model and command
# (the page exposes the app as window.jupyterapp): the same command Ctrl+Enter
# runs, without the click into the editor and the typing, which cost the page
# more than the run itself.  False where the page does not expose the app.
RUN_CELL_JS = """
([cell, code]) => {
  const notebook = window.jupyterapp?.shell.currentWidget?.content;
  const i = notebook?.widgets?.findIndex(w => w.node === cell) ?? -1;
  if (i < 0) return false;
  notebook.widgets[i].model.sharedModel.setSource(code);
  notebook.activeCellIndex = i;
  notebook.deselectAll();
  window.jupyterapp.commands.execute('notebook:run-cell');
  return true;
}
"""


class CellError(AssertionError):
    pass


class NotebookCells:
    """A notebook page's cells by index (JupyterLab, Notebook 7 and the
    in-browser app alike); ``page`` is the Playwright page."""

    page: Any

    def __init__(self) -> None:
        self._handles: dict[int, Any] = {}  # cell index -> its element (cell_handle)

    def cells(self) -> Any:
        return self.page.locator(CELLS)

    def cell(self, index: int) -> Any:
        return self.cells().nth(index)

    def cell_handle(self, index: int) -> Any:
        """Cell ``index``'s element, kept while it is still that cell: a
        locator is looked up again on each use, which costs the page a frame."""
        handle = self._handles.get(index)
        try:
            same = handle is not None and handle.evaluate(f"(c, i) => {IS_CELL_JS}", index)
        except Exception:  # the page it was found on is gone (reloaded)
            same = False
        if not same:
            handle = self._handles[index] = self.cell(index).element_handle()
        return handle

    def cell_eval(self, index: int, js: str, arg: Any = None) -> Any:
        """``js(cell, arg)`` on cell ``index``'s element, like
        ``cell(index).evaluate(js, arg)`` in one round trip to the page."""
        checked = f"(c, [i, a]) => {IS_CELL_JS} ? [({js})(c, a)] : null"
        handle = self._handles.pop(index, None)
        if handle is not None:
            try:
                result = handle.evaluate(checked, [index, arg])
            except Exception:  # a reloaded page, or js failed: once more below, where an error shows
                result = None
            if result is not None:
                self._handles[index] = handle
                return result[0]
        # not found yet, or the notebook's cells changed: find it again (cell_handle, nothing cached)
        result = self.cell_handle(index).evaluate(checked, [index, arg])
        return result[0] if result is not None else self.cell(index).evaluate(js, arg)


class NotebookPage(NotebookCells):
    """A notebook open in JupyterLab 4 (or Notebook 7) with a running kernel.

    Cells are addressed by index.  ``run(i, code)`` replaces cell i's source,
    runs it in place and waits for the marker the code prints last; a
    traceback fails with its text.  The source goes in through JupyterLab's
    model where the page exposes the app, else (or ``typed``) by typing into
    the cell's editor and Ctrl+Enter, as a user does.
    """

    def __init__(self, page: Page, server: JupyterServer, name: str):
        super().__init__()
        self.p = page
        self.page = page.page
        self.server = server
        self.name = name
        self._runs = 0
        self._client: Optional[tuple[str, Any]] = None  # (kernel id, its client), for kernel_json

    def open(self, timeout: float = 60_000) -> "NotebookPage":
        self.page.goto(self.server.notebook_url(self.name))
        self.wait_kernel_idle(timeout)
        return self

    def open_beside(self, timeout: float = 60_000) -> "NotebookPage":
        """Open the notebook in a new tab of the JupyterLab page, which shows
        another already (JupyterLab's docmanager:open command): a kernel but
        no page load.  ``close`` closes the tab again."""
        self.page.evaluate(OPEN_BESIDE_JS, self.name)
        self.page.wait_for_function(SHOWN_IDLE_JS, arg=self.name, timeout=timeout)
        return self

    def close(self) -> None:
        """Close the tab ``open_beside`` opened, without saving, and shut its
        kernel down: the notebook shown before it shows again."""
        self.page.evaluate(CLOSE_JS, self.name)
        self.page.wait_for_function(f"() => !({SHOWN_JS})({json.dumps(self.name)})")
        self.server.end_sessions(self.name)
        self._handles.clear()

    # --- kernel ------------------------------------------------------------
    def wait_kernel_idle(self, timeout: float = 60_000) -> None:
        if self.server.app == "jupyterlab":
            self.page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first.wait_for(timeout=timeout)
        else:
            # Notebook 7 has no status bar: the toolbar names the kernel once a
            # session exists, and the execution indicator then reads idle.
            self.page.locator(".jp-KernelName", has_text="Python 3 (ipykernel)").first.wait_for(timeout=timeout)
            self.page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').first.wait_for(timeout=timeout)

    # --- cells -------------------------------------------------------------
    def output_text(self, index: int) -> str:
        return self.cell_eval(index, OUTPUT_TEXT_JS)

    def set_source(self, index: int, code: str) -> None:
        editor = self.cell(index).locator(".cm-content")
        editor.click()
        self.page.keyboard.press("Control+a")
        self.page.keyboard.insert_text(code)

    def run(self, index: int, code: Optional[str] = None, timeout: float = 60_000, typed: bool = False) -> str:
        """Run cell ``index`` (after replacing its source with ``code`` plus a
        marker print); return its output text without the marker line."""
        self._runs += 1
        marker = f"@@done-{self._runs}-{uuid.uuid4().hex[:6]}@@"
        if code is None:
            raise ValueError("run() needs the code: its source gets a completion marker")
        half = len(marker) // 2  # printed in two halves: a traceback quoting the source holds no marker
        source = f"{code.rstrip()}\nprint({marker[:half]!r} + {marker[half:]!r})"
        handle = self.cell_handle(index)
        if typed or not self.page.evaluate(RUN_CELL_JS, [handle, source]):
            self.set_source(index, source)
            self.page.keyboard.press("Control+Enter")
        result = self.page.wait_for_function(WAIT_MARKER_JS, arg=[handle, marker], timeout=timeout,
                                             polling="raf").json_value()
        text = self.output_text(index)
        if result == "error":
            raise CellError(f"cell {index} raised:\n{text}\n--- code ---\n{code}")
        return text.replace(marker, "").strip()

    def run_json(self, index: int, code: str, timeout: float = 60_000, typed: bool = False) -> Any:
        """Run ``code`` that prints one line ``@@json@@<json>``; return the data."""
        text = self.run(index, code, timeout, typed)
        m = re.search(r"@@json@@(.*)", text)
        if not m:
            raise AssertionError(f"no JSON in the output of cell {index}:\n{text}")
        return json.loads(m.group(1))

    def kernel_json(self, code: str, timeout: float = 60) -> Any:
        """Run ``code``, which prints one line ``@@json@@<json>``, in the
        notebook's kernel as a second client over its own channels, and
        return the data: a read-back that types nothing into a cell and
        leaves the page as it is (about a tenth of ``run_json``'s time).
        The kernel takes requests in the order they arrive, so wait for the
        page to show a change before reading what the kernel made of it."""
        client = self._kernel_client()
        msg_id = client.execute(code, store_history=False, allow_stdin=False)
        out, error = [], None
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"the kernel did not finish within {timeout} s:\n{code}")
            msg = client.get_iopub_msg(timeout=left)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream":
                out.append(content["text"])
            elif kind == "error":
                error = "\n".join(content["traceback"])
            elif kind == "status" and content["execution_state"] == "idle":
                break
        if error is not None:
            raise CellError(f"the kernel raised:\n{error}\n--- code ---\n{code}")
        m = re.search(r"@@json@@(.*)", "".join(out))
        if not m:
            raise AssertionError(f"no JSON in the kernel's output:\n{''.join(out)}")
        return json.loads(m.group(1))

    def forget_kernel_client(self) -> None:
        """After a kernel restart: ``kernel_json`` connects anew (the new
        process may listen on other ports, and a client of the old one can
        miss the first replies)."""
        if self._client is not None:
            self._client[1].stop_channels()
            self._client = None

    def _kernel_client(self) -> Any:
        """A client of this notebook's kernel (its connection file lies in the
        server's runtime folder), made once per kernel."""
        from jupyter_client import BlockingKernelClient

        sessions = [s for s in self.server.api("/api/sessions") if s["path"] == self.name]
        if not sessions:
            raise AssertionError(f"no kernel session for {self.name}")
        kernel = sessions[0]["kernel"]["id"]
        cached = self._client
        if cached is not None and cached[0] == kernel:
            return cached[1]
        if cached is not None:
            cached[1].stop_channels()
        client = BlockingKernelClient(connection_file=str(self.server.base / "runtime" / f"kernel-{kernel}.json"))
        client.load_connection_file()
        client.start_channels()
        client.wait_for_ready(timeout=30)
        self._client = (kernel, client)
        return client

    def run_all(self) -> None:
        """Menu Run > Run All Cells (JupyterLab), then wait for the kernel."""
        self.page.get_by_role("menuitem", name="Run", exact=True).click()
        self.page.get_by_role("menuitem", name="Run All Cells", exact=True).click()


# --------------------------------------------------------------------------- #
# The card table in the DOM
# --------------------------------------------------------------------------- #
SNAPSHOT_JS = """
(root) => {
  const t = root.querySelector('.sw-table');
  if (!t) return null;
  const piles = {};
  for (const p of t.querySelectorAll('.sw-pile')) {
    const cards = Array.from(p.querySelectorAll('.sw-card')).map(c => ({
      face: c.dataset.face ?? null,
      card: c.dataset.card ?? null,
      index: c.dataset.index ?? null,
    }));
    piles[p.dataset.pile] = {
      count: p.dataset.count === undefined ? null : Number(p.dataset.count),
      cards,
      classes: Array.from(p.classList),
      dup: piles[p.dataset.pile] !== undefined,
    };
  }
  const banner = t.querySelector('.sw-banner');
  const msg = t.querySelector('.sw-message');
  const status = t.querySelector('.sw-status');
  return {
    game: t.dataset.game ?? null,
    version: t.dataset.version === undefined ? null : Number(t.dataset.version),
    status: t.dataset.status ?? null,
    piles,
    banner: banner ? {result: banner.dataset.result ?? null, text: banner.innerText} : null,
    message: msg ? msg.innerText : null,
    statusText: status ? status.innerText : null,
    counters: Object.fromEntries(Array.from(t.querySelectorAll('.sw-status [data-counter]'))
      .map(e => [e.dataset.counter, e.textContent])),
    seedText: t.querySelector('.sw-seed')?.textContent ?? null,
    buttons: Array.from(t.querySelectorAll('button[data-action]'))
      .map(b => ({action: b.dataset.action, disabled: b.disabled})),
  };
}
"""

STATE_HELPERS = r'''
import json as _json
def _sw_state(w):
    g = w.game
    return {
        "game": g.name,
        "piles": {p: list(g.card_ids(p)) for p in g.PILES},
        "down": {p: g.face_down(p) for p in g.PILES},
        "version": w.version,
        "status": g.status,
        "history": [str(m) for m in g.history],
        "legal": [str(m) for m in g.legal_moves()],
        "message": w.message,
        "no_win": w.no_win,
        "counters": {
            "moves": len(g.history), "home": g.cards_home, "total": g.card_count,
            "score": g.score, "max_score": g.max_score, "redeals": g.redeals,
            "passes_left": getattr(g, "passes_left", None),
            "stock": len(g.card_ids("stock")) if "stock" in g.PILES else None,
            "seed": g.seed, "can_undo": bool(g.history or w.earlier_deals), "can_redo": bool(g.redo_moves),
        },
    }
def _sw_emit(obj):
    print("@@json@@" + _json.dumps(obj, separators=(",", ":")))
'''


def expected_cards(state: dict, pile: str) -> list[Optional[int]]:
    """The pile as the page must show it: None for a face-down card."""
    ids = state["piles"][pile]
    down = state["down"][pile]
    return [None] * down + list(ids[down:])


def dom_cards(snap: dict, pile: str) -> list[Optional[int]]:
    out: list[Optional[int]] = []
    for c in snap["piles"][pile]["cards"]:
        out.append(int(c["card"]) if c["face"] == "up" and c["card"] is not None else None)
    return out


def compare(snap: Optional[dict], state: dict) -> list[str]:
    """Every difference between the page (a SNAPSHOT_JS result) and the engine
    state (``_sw_state``); empty when identical."""
    if snap is None:
        return ["no .sw-table in the page"]
    diffs: list[str] = []
    if snap["game"] != state["game"]:
        diffs.append(f"data-game {snap['game']!r} != {state['game']!r}")
    if snap["version"] != state["version"]:
        diffs.append(f"data-version {snap['version']} != widget.version {state['version']}")
    if snap["status"] != state["status"]:
        diffs.append(f"data-status {snap['status']!r} != {state['status']!r}")
    if set(snap["piles"]) != set(state["piles"]):
        diffs.append(f"piles {sorted(snap['piles'])} != {sorted(state['piles'])}")
    for pile in state["piles"]:
        if pile not in snap["piles"]:
            continue
        sp = snap["piles"][pile]
        if sp["dup"]:
            diffs.append(f"{pile}: rendered twice")
        want = expected_cards(state, pile)
        got = dom_cards(snap, pile)
        if sp["count"] != len(want):
            diffs.append(f"{pile}: data-count {sp['count']} != {len(want)}")
        if got != want:
            diffs.append(f"{pile}: cards {got} != {want}")
        faces = [c["face"] for c in sp["cards"]]
        want_faces = ["down" if c is None else "up" for c in want]
        if faces != want_faces:
            diffs.append(f"{pile}: faces {faces} != {want_faces}")
        for i, c in enumerate(sp["cards"]):
            if c["face"] == "up" and c["index"] is not None and int(c["index"]) != i:
                diffs.append(f"{pile}: card {c['card']} has data-index {c['index']}, is at {i}")
                break
    diffs += compare_counters(snap, state)
    over = state["status"] != "playing"
    if over and (snap["banner"] is None or snap["banner"]["result"] != state["status"]):
        diffs.append(f"status {state['status']} but banner {snap['banner']}")
    # While playing, a banner only where the solver proved no win is left.
    no_win = not over and bool(state.get("no_win"))
    if not over and not no_win and snap["banner"] is not None:
        diffs.append(f"game playing but a banner shows: {snap['banner']}")
    if no_win and (snap["banner"] is None or snap["banner"]["result"] != "no-win"):
        diffs.append(f"no win is left ({state['no_win']}) but the banner is {snap['banner']}")
    return diffs


def compare_counters(snap: dict, state: dict) -> list[str]:
    """The counters the table shows (status line, seed, Undo/Redo buttons)
    against the engine's."""
    want = state.get("counters")
    if not want:
        return []
    shown = snap.get("counters") or {}
    diffs: list[str] = []

    def numbers(key: str) -> list[int]:
        return [int(n) for n in re.findall(r"\d+", shown.get(key, ""))]

    # Score in every game (also where it equals Home); passes left only while
    # they can be spent.
    expected = {
        "moves": [want["moves"]], "home": [want["home"], want["total"]],
        "score": [want["score"], want["max_score"]],
        "stock": None if want["stock"] is None else [want["stock"]],
        "passes_left": None if want["passes_left"] is None or state["status"] != "playing" else [want["passes_left"]],
    }
    if want["passes_left"] is None and "redeals" in shown:
        expected["redeals"] = [want["redeals"]]
    for key, numbers_wanted in expected.items():
        if numbers_wanted is None:
            if key in shown:
                diffs.append(f"{key} shown ({shown[key]!r}) but the game has none")
        elif key not in shown:
            diffs.append(f"{key} not shown on the status line (engine {numbers_wanted})")
        elif numbers(key) != numbers_wanted:
            diffs.append(f"{key}: page {shown[key]!r} != engine {numbers_wanted}")
    seed_text = snap.get("seedText") or ""
    if want["seed"] is not None and seed_text != f"seed {want['seed']}":
        diffs.append(f"seed: page {seed_text!r} != engine {want['seed']}")
    buttons = {b["action"]: b["disabled"] for b in snap.get("buttons", [])}
    for action, flag in (("undo", "can_undo"), ("redo", "can_redo")):
        if action in buttons and buttons[action] == want[flag]:
            diffs.append(f"{action} button {'disabled' if buttons[action] else 'enabled'} but {flag}={want[flag]}")
    return diffs


def percentile(values: Sequence[float], q: float) -> float:
    s = sorted(values)
    if not s:
        return float("nan")
    k = (len(s) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)
