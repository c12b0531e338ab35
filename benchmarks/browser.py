"""Click-to-updated-DOM round trip in a real JupyterLab in Chromium.

Measures, in the same run and the same page:

* ours: a click on the card table (the stock: draw; the Undo button) ->
  request to the kernel -> engine move -> synced traits -> the table's
  ``data-version`` updated in the DOM;
* floor: a bare anywidget whose click only echoes a counter back.

Times are taken inside the page (a capture-phase ``pointerdown`` listener to
the ``MutationObserver`` that sees the new value), so Playwright's own overhead
is not counted.  Blocks of ten alternate between the two widgets so drift in
machine load hits both alike.

    python benchmarks/browser.py [--moves 100] [--json out.json]

Needs /usr/bin/chromium and the built front end (solitaire_widgets/static).
Target: our median within 1.5x of the floor's.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO))

import harness as h  # noqa: E402

SETUP = (
    "import sys\n"
    f"sys.path.insert(0, {str(REPO / 'tests' / 'browser')!r})\n"
    "import solitaire_widgets as sw\n"
    "from echo_widget import EchoWidget\n" + h.STATE_HELPERS
)

# Installs a probe in one cell: pointerdown (capture) starts the clock, the
# first change of `attr` on `selector` inside the cell stops it.
PROBE_JS = """
([cell, selector, attr, key]) => {
  const probes = (window.__swProbes ??= {});
  const probe = (probes[key] = {samples: [], start: null, last: null});
  const read = () => { const e = cell.querySelector(selector); return e ? e.getAttribute(attr) : null; };
  probe.last = read();
  cell.addEventListener('pointerdown', () => { probe.start = performance.now(); }, true);
  new MutationObserver(() => {
    const now = read();
    if (now !== probe.last) {
      probe.last = now;
      if (probe.start !== null) { probe.samples.push(performance.now() - probe.start); probe.start = null; }
    }
  }).observe(cell, {subtree: true, childList: true, attributes: true, attributeFilter: [attr]});
}
"""


def summary(samples: list[float]) -> dict:
    return {
        "n": len(samples),
        "median_ms": round(statistics.median(samples), 2),
        "p95_ms": round(h.percentile(samples, 0.95), 2),
        "min_ms": round(min(samples), 2),
        "max_ms": round(max(samples), 2),
    }


def run(moves: int = 100, warmup: int = 5) -> dict:
    if h.chromium_missing():
        raise SystemExit(h.chromium_missing())
    if not (REPO / "solitaire_widgets" / "static" / "widget.js").is_file():
        raise SystemExit("the front end is not built: cd js && npm install && npm run build")
    cells = [SETUP, "# echo", "# table", "# driver"]
    with h.JupyterServer("jupyterlab") as server, h.Browser() as browser:
        h.write_notebook(server.root / "bench.ipynb", cells)
        page = browser.new_page()
        nb = h.NotebookPage(page, server, "bench.ipynb").open()
        nb.run(0, SETUP)
        nb.run(1, "e = EchoWidget()\ndisplay(e)")
        # Midshipman: 68 stock cards, 104 cards on the table: a full-size DOM.
        nb.run(2, "w = sw.SolitaireWidget('midshipman', seed=1)\ndisplay(w)")
        pg = page.page
        echo_cell, table_cell = nb.cell(1), nb.cell(2)
        echo_cell.locator(".echo-root").wait_for()
        table_cell.locator(".sw-table").wait_for()
        pg.evaluate(PROBE_JS, [nb.cell_handle(1), ".echo-root", "data-count", "echo"])
        pg.evaluate(PROBE_JS, [nb.cell_handle(2), ".sw-table", "data-version", "ours"])

        echo_button = echo_cell.locator(".echo-button")
        stock = table_cell.locator('.sw-pile[data-pile="stock"]')
        undo = table_cell.locator('button[data-action="undo"]')
        table_cell.locator(".sw-table").scroll_into_view_if_needed()

        def wait_attr(cell_index: int, selector: str, attr: str, value: str) -> None:
            pg.wait_for_function(
                "([c, s, a, v]) => { const e = c.querySelector(s); return !!e && e.getAttribute(a) === v; }",
                arg=[nb.cell_handle(cell_index), selector, attr, value], timeout=15_000, polling="raf")

        state = {"echo": 0, "version": int(table_cell.locator(".sw-table").get_attribute("data-version")),
                 "drawn": 0}

        def echo_once() -> None:
            echo_button.click()
            state["echo"] += 1
            wait_attr(1, ".echo-root", "data-count", str(state["echo"]))

        def ours_once() -> None:
            # Thirty draws (stock click), then thirty undos (button), and again.
            n = state["drawn"]
            (stock if n % 60 < 30 else undo).click()
            state["drawn"] += 1
            state["version"] += 1
            wait_attr(2, ".sw-table", "data-version", str(state["version"]))

        for _ in range(warmup):
            echo_once()
            ours_once()
        pg.evaluate("() => { for (const p of Object.values(window.__swProbes)) p.samples.length = 0; }")
        t0 = time.monotonic()
        done = 0
        while done < moves:
            block = min(10, moves - done)
            for _ in range(block):
                echo_once()
            for _ in range(block):
                ours_once()
            done += block
        wall = time.monotonic() - t0
        samples = pg.evaluate("() => ({echo: window.__swProbes.echo.samples, ours: window.__swProbes.ours.samples})")
        final = nb.run_json(3, "_sw_emit(_sw_state(w))")
        snap = table_cell.evaluate(h.SNAPSHOT_JS)
        diffs = h.compare(snap, final)
        errors = list(page.errors)
        page.close()
    ours, floor = summary(samples["ours"]), summary(samples["echo"])
    return {
        "ours": ours,
        "floor": floor,
        "ratio_median": round(ours["median_ms"] / floor["median_ms"], 2),
        "ratio_p95": round(ours["p95_ms"] / floor["p95_ms"], 2),
        "wall_s": round(wall, 1),
        "page_equals_engine": not diffs,
        "diffs": diffs[:5],
        "console_errors": errors,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    result = run(args.moves)
    o, f = result["ours"], result["floor"]
    print(f"click -> updated DOM, {o['n']} moves each, same JupyterLab + kernel + Chromium")
    print(f"  ours  (card table): median {o['median_ms']:7.2f} ms   p95 {o['p95_ms']:7.2f} ms   "
          f"(min {o['min_ms']:.1f}, max {o['max_ms']:.1f})")
    print(f"  floor (echo widget): median {f['median_ms']:7.2f} ms   p95 {f['p95_ms']:7.2f} ms   "
          f"(min {f['min_ms']:.1f}, max {f['max_ms']:.1f})")
    verdict = "within" if result["ratio_median"] <= 1.5 else "OVER"
    print(f"  ratio ours/floor: median {result['ratio_median']}x, p95 {result['ratio_p95']}x "
          f"({verdict} the 1.5x target)")
    print(f"  page == engine at the end: {result['page_equals_engine']}; "
          f"console errors: {len(result['console_errors'])}")
    for line in result["diffs"] + result["console_errors"]:
        print("   ", line)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
