"""Fixtures of the real-browser suite: one JupyterLab server and one Chromium
for all its tests (package scope: they stop after the last browser test, so
the tests after it find no Playwright in their thread), a console-error
guard per test.

Without /usr/bin/chromium the browser tests skip, saying how to enable them;
with CI=true a missing browser fails instead.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the browser helpers, by name
import harness as h
from helpers import REPO, on_ci


def _need_browser() -> None:
    reason = h.chromium_missing()
    if reason is None:
        return
    if on_ci():
        pytest.fail(f"CI=true and the browser tests cannot run: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="package")
def lab_server():
    """One JupyterLab for the browser tests, in a throwaway root/config/runtime."""
    _need_browser()
    server = h.JupyterServer("jupyterlab")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="package")
def chromium():
    """One Debian Chromium (via Playwright) for the browser tests, its pages
    with reduced motion: the tests of the motion itself say
    ``@pytest.mark.motion`` (the slides are a quarter of the browser's work
    for a move, and most tests check where the cards end up, not how they got there)."""
    _need_browser()
    browser = h.Browser(reduced_motion=True)
    browser.start()
    yield browser
    browser.stop()


@pytest.fixture(scope="package")
def front_end_built():
    """The table's bundle must exist: without it every table test would only
    see the 'front end was not built' text."""
    bundle = REPO / "solitaire_widgets" / "static" / "widget.js"
    if not bundle.is_file():
        msg = f"{bundle} is missing: build it with `cd js && npm install && npm run build`"
        if on_ci():
            pytest.fail(msg, pytrace=False)
        pytest.skip(msg)
    return bundle


@pytest.fixture
def console_guard(request):
    """Collects the errors of the pages a test registers; fails on any."""
    pages: list[tuple[h.Page, int]] = []

    def watch(page: h.Page) -> h.Page:
        pages.append((page, len(page.errors)))
        return page

    yield watch
    errors = [e for page, mark in pages for e in page.errors_since(mark)]
    if errors:
        pytest.fail("browser console errors:\n" + "\n".join(errors), pytrace=False)


@pytest.fixture(scope="package")
def lab_table(lab_server, chromium, front_end_built):
    """One notebook (and kernel) in JupyterLab for the table tests."""
    from table import table_notebook

    with table_notebook(lab_server, chromium, "table.ipynb") as table:
        yield table


@pytest.fixture
def table(lab_table, console_guard, request):
    """The table notebook, mouse released and nothing picked up; cards slide
    only in a test marked ``motion``."""
    console_guard(lab_table.nb.p)
    page = lab_table.page
    page.emulate_media(reduced_motion="no-preference" if request.node.get_closest_marker("motion") else "reduce")
    page.mouse.up()
    page.keyboard.press("Escape")
    yield lab_table
    page.mouse.up()


# The width of a table's output area (test_browser_readable, test_browser_catalogue), up to WIDEST px.
WIDEST = 1400
SET_WIDTH_JS = """
([cell, w]) => {
  const out = cell.querySelector('.jp-OutputArea-output');
  out.style.flex = w ? '0 0 auto' : '';
  out.style.width = w ? w + 'px' : '';
  out.style.maxWidth = w ? w + 'px' : '';
}
"""

# Waits for the table to be laid out at the width (and no card in flight).
SETTLED_JS = """
([cell, w]) => {
  const t = cell.querySelector('.sw-table');
  return !!t && Math.abs(t.clientWidth - w) < 2 && !t.querySelector('.sw-moving, .sw-returning');
}
"""


@pytest.fixture
def sized(table):
    """Sets the width of the table's output area (in a window wide enough for
    it); puts both back afterwards."""
    table.page.set_viewport_size({"width": WIDEST + 400, "height": h.VIEWPORT["height"]})

    def size(width: int) -> None:
        table.page.evaluate(SET_WIDTH_JS, [table.handle(), width])
        table.page.wait_for_function(SETTLED_JS, arg=[table.handle(), width], timeout=10_000, polling="raf")
        table.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")

    yield size
    table.page.evaluate(SET_WIDTH_JS, [table.handle(), 0])
    table.page.set_viewport_size(h.VIEWPORT)
