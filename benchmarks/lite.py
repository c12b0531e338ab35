"""The docs site's in-browser app from a cold browser, as a visitor meets it.

For each visit (a fresh Chromium profile: no cache, no storage) it opens
``play.ipynb``, waits for the kernel, clicks Run All, and prints:

* interface: the notebook on screen, from opening the page;
* kernel idle: Python started in the page and ready;
* table: the card table on screen, from opening the page (the figure a
  teacher cares about), and from the Run All click;
* bytes: what the site sent for the visit, as served here (uncompressed)
  and as a host that gzips would send it (each file's gzip size);
* the site's size on disk.

    python benchmarks/lite.py [--visits 3] [--json out.json]

Other hosts do not resolve in the browser; requests are not intercepted
(interception turns the HTTP cache off, which a visitor's browser has on:
the app asks for its settings schemas several times at start).  The
visitor's test, tests/browser/test_lite.py, intercepts and counts every
request.  Needs /usr/bin/chromium; builds the app first if the cache lacks it
(docs/lite_site.py).  Medians over the visits.  Targets: a table within
20 s of opening the page, at most 25 MB downloaded.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO))

import harness as h  # noqa: E402
from lite import LiteNotebook, Visitor, lite_site  # noqa: E402


def gzipped(site: Path, path: str, cache: dict[str, int]) -> int:
    """What a compressing host sends for ``path`` (gzip level 6)."""
    name = path.split("?")[0].lstrip("/") or "index.html"
    if name not in cache:
        file = site / name
        cache[name] = len(gzip.compress(file.read_bytes(), 6)) if file.is_file() else 0
    return cache[name]


def visit(url: str, served, site: Path, sizes: dict[str, int]) -> dict:
    served.clear()
    with Visitor(intercept=False) as visitor:
        page = visitor.new_page()
        nb = LiteNotebook(page, url).open()
        interface = nb.since_open()
        nb.wait_kernel_idle()
        idle = nb.since_open()
        nb.run_all()
        clicked = nb.since_open()
        nb.table(1)
        table = nb.since_open()
        result = {"interface_s": interface, "kernel_idle_s": idle, "table_s": table,
                  "table_after_run_all_s": table - clicked,
                  "bytes": served.bytes, "gzip_bytes": sum(gzipped(site, p, sizes) for p, status, _ in served.requests
                                                         if status == 200),
                  "requests": len(served.requests), "blocked": list(visitor.blocked), "errors": list(page.errors)}
        return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=3)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    if h.chromium_missing():
        raise SystemExit(h.chromium_missing())
    lite = lite_site()
    site = lite.build()
    runs, sizes = [], {}
    with lite.serve(site) as (url, served):
        for i in range(args.visits):
            runs.append(visit(url, served, site, sizes))
            r = runs[-1]
            print(f"visit {i + 1}: interface {r['interface_s']:.1f} s, kernel idle {r['kernel_idle_s']:.1f} s, "
                  f"table {r['table_s']:.1f} s ({r['table_after_run_all_s']:.1f} s after Run All), "
                  f"{r['bytes'] / 1e6:.1f} MB ({r['gzip_bytes'] / 1e6:.1f} MB gzipped), {r['requests']} requests",
                  flush=True)
    median = {key: statistics.median(r[key] for r in runs) for key in
              ("interface_s", "kernel_idle_s", "table_s", "table_after_run_all_s", "bytes", "gzip_bytes")}
    summary = {"visits": len(runs), "median": median, "site_bytes": lite.size(site), "runs": runs,
               "load_average": os.getloadavg()[0]}
    print(f"median of {len(runs)} cold visits: interface {median['interface_s']:.1f} s, "
          f"kernel idle {median['kernel_idle_s']:.1f} s, table {median['table_s']:.1f} s from opening the page "
          f"({median['table_after_run_all_s']:.1f} s after Run All), {median['bytes'] / 1e6:.1f} MB per visit "
          f"({median['gzip_bytes'] / 1e6:.1f} MB gzipped); site {summary['site_bytes'] / 1e6:.1f} MB on disk; "
          f"load average {summary['load_average']:.1f}")
    problems = [p for r in runs for p in r["blocked"] + r["errors"]]
    if problems:
        print("problems:", *problems, sep="\n  ")
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
