"""Time the card table in headless Chromium (development only).

Renders a full Leap Year table (all 208 cards; after 20 deals its columns
hold 21 cards) through the plain-HTML harness, many times, and reports the
time of render() alone and of render() plus the browser's style and layout.
Also times one move's update (a deal: 9 piles change).

    python js/dev/perf.py [--runs 40]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import pathlib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from harness import serve  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from shots import launch  # noqa: E402

RENDER_JS = """
async (runs) => {
  const js = [], full = [];
  for (let i = 0; i < runs; i++) {
    window.cleanup();
    await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    const t0 = performance.now();
    window.cleanup = (await import('/static/widget.js')).default.render({model: window.model, el: document.getElementById('cell')});
    const t1 = performance.now();
    document.querySelector('.sw-table').getBoundingClientRect();  // style + layout
    const t2 = performance.now();
    js.push(t1 - t0); full.push(t2 - t0);
  }
  return {js, full, cards: document.querySelectorAll('.sw-card').length};
}
"""

UPDATE_JS = """
async (runs) => {
  const out = [];
  for (let i = 0; i < runs; i++) {
    const before = JSON.parse(JSON.stringify(window.model.state));
    // a deal: the stock gives one card to each of the 8 columns
    const piles = structuredClone(before.piles);
    for (let t = 0; t < 8; t++) piles[`t${t}`].push(piles.stock.length ? 1000 + t : 1000 + t), piles.stock.pop();
    await new Promise(r => setTimeout(r, 250));
    const t0 = performance.now();
    window.model.apply({piles, version: before.version + 1});
    await Promise.resolve();
    const t1 = performance.now();
    document.querySelector('.sw-table').getBoundingClientRect();
    out.push([t1 - t0, performance.now() - t0]);
    window.model.apply({piles: before.piles, version: before.version});
    await Promise.resolve();
  }
  return out;
}
"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=40)
    args = ap.parse_args()
    srv = serve(0)
    base = f"http://127.0.0.1:{srv.server_address[1]}"
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 900, "height": 1000})
        page.goto(f"{base}/?game=leap_year&seed=3&width=800")
        page.wait_for_function("window.ready === true")
        page.evaluate("() => window.model.playFromCode(Array(20).fill('deal'))")
        page.wait_for_timeout(300)
        r = page.evaluate(RENDER_JS, args.runs)
        js, full = sorted(r["js"][2:]), sorted(r["full"][2:])
        print(f"full Leap Year table ({r['cards']} cards), {len(js)} renders:")
        print(f"  render() JS      median {statistics.median(js):.2f} ms  max {js[-1]:.2f} ms")
        print(f"  + style/layout   median {statistics.median(full):.2f} ms  max {full[-1]:.2f} ms")
        u = page.evaluate(UPDATE_JS, 15)[1:]
        uj, uf = sorted(x[0] for x in u), sorted(x[1] for x in u)
        print(f"  a deal's update  JS median {statistics.median(uj):.2f} ms  max {uj[-1]:.2f} ms")
        print(f"    + style/layout    median {statistics.median(uf):.2f} ms  max {uf[-1]:.2f} ms")
        page.locator("#cell").screenshot(path="/tmp/sw-leap-long.png")
        browser.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
