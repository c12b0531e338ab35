"""A visitor of the docs site's in-browser app (docs/lite_site.py): the app
served on 127.0.0.1, Debian's Chromium with every other host out of reach,
and the notebook ``play.ipynb`` driven as a student would.

Shared by tests/browser/test_lite.py and benchmarks/lite.py.

Every request to another host is blocked and counted twice over: the
browser context routes every request (the page's, its workers' and, with
``PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS``, its service worker's) and
aborts those that leave 127.0.0.1; and Chromium resolves no other host name
at all (``--host-resolver-rules``), so a request no route sees fails too and
is counted by its failure.
"""

from __future__ import annotations

import time
import urllib.parse
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Optional

import harness as h
from helpers import docs_module
from table import Table

PLAY_URL = "notebooks/index.html?path=play.ipynb"
LAB_URL = "lab/index.html?path=play.ipynb"
BLOCK_OTHER_HOSTS = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
# What a cold visit waits for at most (Python starting in the page, on a busy machine).
KERNEL_TIMEOUT = 300_000
# The notebook's session has its Pyodide kernel (the indicator names it, not
# "No Kernel") and, when ``idle`` is asked, Python has started: the indicator
# reads idle (before, it has no status, then "initializing" and "unknown").
KERNEL_JS = """
(idle) => {
  const name = document.querySelector('.jp-KernelName');
  const dot = document.querySelector('.jp-Notebook-ExecutionIndicator');
  return !!name && name.textContent.includes('Pyodide') && (!idle || dot?.dataset.status === 'idle');
}
"""
# The toolbar's ▶▶ (its icon, as a visitor finds it).
RUN_ALL_BUTTON = 'jp-button:has([data-icon="ui-components:fast-forward"])'
# The paths of the files the app's service worker keeps (docs/lite_sources/service-worker.js).
KEPT_JS = """
async () => {
  const name = (await caches.keys()).find((n) => n.startsWith('solitaire-widgets-lite-'));
  const base = new URL('./', navigator.serviceWorker.controller.scriptURL).pathname;
  return name ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname.slice(base.length)) : [];
}
"""
# What the page shows when a cell's table does not come: the kernel's
# status, each code cell's prompt, any dialog.
PAGE_STATE_JS = """
() => ({
  kernel: document.querySelector('.jp-KernelName')?.textContent ?? null,
  status: document.querySelector('.jp-Notebook-ExecutionIndicator')?.dataset.status ?? null,
  prompts: [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map(p => p.textContent.trim()),
  dialogs: [...document.querySelectorAll('.jp-Dialog')].map(d => d.textContent.trim().slice(0, 300)),
})
"""


def lite_site() -> Any:
    """docs/lite_site.py (docs/ is no package)."""
    return docs_module("lite_site")


class Visitor:
    """A cold Chromium (its own profile: no cache, no storage) that reaches
    127.0.0.1 alone; ``blocked`` lists every request that tried to leave.

    Other hosts do not resolve; with ``intercept`` (the default) every
    request also passes through Playwright, which counts and aborts each
    one bound elsewhere.  Playwright's interception turns the browser's
    HTTP cache off, so a visit measured as a visitor meets it passes
    ``intercept=False`` (requests elsewhere still fail, and are listed).
    ``service_workers=False`` is a browser where none may run."""

    def __init__(self, intercept: bool = True, service_workers: bool = True) -> None:
        self.intercept = intercept
        self.service_workers = service_workers
        self.blocked: list[str] = []
        self.failed: list[str] = []  # requests to 127.0.0.1 that failed (the server stopped, say)
        self.browser = h.Browser(args=[BLOCK_OTHER_HOSTS])
        self.context: Any = None

    def __enter__(self) -> "Visitor":
        self.browser.start()
        self.context = self.browser.browser.new_context(
            viewport=h.VIEWPORT, service_workers="allow" if self.service_workers else "block")
        if self.intercept:
            self.context.route("**/*", self._route)
        self.context.on("requestfailed", self._failed)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.browser.stop()

    @staticmethod
    def _local(url: str) -> bool:
        parsed = urllib.parse.urlparse(url)
        return parsed.scheme in ("data", "blob", "about") or parsed.hostname == "127.0.0.1"

    def _route(self, route: Any) -> None:
        url = route.request.url
        if self._local(url):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort("blockedbyclient")

    def _failed(self, request: Any) -> None:
        failure = request.failure or ""
        if self._local(request.url):
            self.failed.append(f"{request.url} ({failure})")
        elif request.url not in self.blocked:
            self.blocked.append(f"{request.url} ({failure})")

    def new_page(self) -> h.Page:
        return h.Page(self.context.new_page())


class LiteNotebook(h.NotebookCells):
    """``play.ipynb`` open in the app's Notebook interface: cells by index, as
    tests/browser/table.py's ``Table`` wants them."""

    def __init__(self, page: h.Page, url: str):
        super().__init__()
        self.p = page
        self.page = page.page
        self.url = url
        self.opened = 0.0

    def open(self) -> "LiteNotebook":
        self.opened = time.perf_counter()
        self.page.goto(self.url + PLAY_URL)
        self.cells().first.wait_for(timeout=KERNEL_TIMEOUT)
        return self

    def since_open(self) -> float:
        return time.perf_counter() - self.opened

    def reload(self) -> "LiteNotebook":
        """Reload the page, as a visitor does (F5)."""
        self.opened = time.perf_counter()
        self.page.reload()
        self._handles.clear()
        self.cells().first.wait_for(timeout=KERNEL_TIMEOUT)
        return self

    def kept_offline(self) -> list[str]:
        """The paths the app's service worker holds in its cache."""
        return self.page.evaluate(KEPT_JS)

    def wait_kept(self, paths: list[str], timeout: float = 120_000) -> None:
        """Wait until the worker's cache holds every one of ``paths`` (the
        cache is read by a promise, which ``wait_for_function`` does not await)."""
        deadline = time.monotonic() + timeout / 1000
        while True:
            missing = sorted(set(paths) - set(self.kept_offline()))
            if not missing:
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"the app's service worker kept {len(paths) - len(missing)} of {len(paths)} "
                                     f"files after {timeout / 1000:.0f} s; missing {missing[:10]}")
            self.page.wait_for_timeout(500)

    def wait_kernel_idle(self, timeout: float = KERNEL_TIMEOUT) -> None:
        self.page.wait_for_function(KERNEL_JS, arg=True, timeout=timeout, polling=100)

    def wait_kernel_named(self, timeout: float = KERNEL_TIMEOUT) -> None:
        """Wait until the notebook's session has its kernel, however far Python has got.

        Run All before that starts a kernel of its own in JupyterLab's
        ``runCell``, racing the one the page starts as the notebook opens."""
        self.page.wait_for_function(KERNEL_JS, arg=False, timeout=timeout, polling=100)

    def run_all(self) -> None:
        """Press the toolbar's ▶▶, as the notebook's first line says."""
        self.page.locator(f".jp-NotebookPanel-toolbar {RUN_ALL_BUTTON}").click()

    def rerun(self, index: int, source: Optional[str] = None) -> None:
        """Run cell ``index`` again in place (after replacing its source)."""
        editor = self.cell(index).locator(".cm-content")
        editor.click()
        if source is not None:
            self.page.keyboard.press("Control+a")
            self.page.keyboard.insert_text(source)
        self.page.keyboard.press("Control+Enter")

    def source(self, index: int) -> str:
        return self.cell(index).locator(".cm-content").inner_text()

    def table(self, index: int, timeout: float = KERNEL_TIMEOUT) -> "LiteTable":
        try:
            self.cell(index).locator(".sw-table").wait_for(timeout=timeout)
        except Exception as error:  # say what the page showed instead, and what it logged last
            raise AssertionError(f"no table in cell {index} after {timeout / 1000:.0f} s: "
                                 f"{self.page.evaluate(PAGE_STATE_JS)}; the page's console ended with: "
                                 f"{self.p.console[-20:]}") from error
        return LiteTable(self, index)


class LiteTable(Table):
    """The card table in one cell of the app: the gestures of ``Table``, the
    state read from the page alone (the app has no second kernel client)."""

    def __init__(self, nb: LiteNotebook, index: int):
        super().__init__(nb)  # type: ignore[arg-type]
        self.index = index
        self.views = [index]

    def snapshot(self) -> dict:
        snap = self.snap(self.index)
        assert snap is not None, "no table in the cell"
        return snap

    def assist_line(self) -> dict:
        return self.nb.cell_eval(
            self.index, "c => { const l = c.querySelector('.sw-assist'); return {state: l?.dataset.state ?? '',"
            " text: l?.textContent ?? ''}; }")

    def wait_assist(self, condition_js: str, timeout: float) -> dict:
        self.page.wait_for_function(
            f"(c) => {{ const l = c.querySelector('.sw-assist'); const state = l?.dataset.state ?? '';"
            f" const text = l?.textContent ?? ''; return {condition_js}; }}",
            arg=self.handle(self.index), timeout=timeout, polling=100)
        return self.assist_line()

    def enabled(self, action: str) -> bool:
        return self.cell(self.index).locator(f'button[data-action="{action}"]').is_enabled()


@contextmanager
def served_site() -> Iterator[tuple[str, Any, Path]]:
    """The app (built or taken from the cache) on 127.0.0.1: (base URL, its
    ``Served`` counts, the site's folder)."""
    site = lite_site().build(lambda line: print(line, flush=True))
    with lite_site().serve(site) as (url, served):
        yield url, served, site
