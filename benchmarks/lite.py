"""The docs site's in-browser app from a cold browser, as a visitor meets it.

Each visit is a fresh Chromium profile (no cache, no storage) and a server
of its own: it opens ``play.ipynb``, waits for the kernel, presses the
toolbar's ▶▶, and measures

* interface: the notebook on screen, from opening the page;
* kernel idle: Python started in the page and ready;
* table: the card table on screen, from opening the page (the figure a
  teacher cares about), and from the ▶▶ click;
* bytes to the table: what the server sent, as served here (a plain static
  server: the app's service worker fetches the gzipped copies the build
  wrote) and as a host that gzips would send it (each file's gzip size,
  a ``.gz`` as it is);
* bytes with the whole app kept: the same once the worker has fetched the
  rest of the app for offline use (it starts 20 s after the page loaded);
* offline reload: the server stopped, the page reloaded, the table again
  from the worker's cache (seconds from the reload).

Each visit alternates with one where no service worker may run (a browser
that has none, or forbids them): what the app costs without its worker, on
the machine as loaded at that moment.  Then the files of the first visit,
largest first.

    python benchmarks/lite.py [--visits 3] [--json out.json]

Other hosts do not resolve in the browser; requests are not intercepted
(interception turns the HTTP cache off, which a visitor's browser has on).
The visitor's test, tests/browser/test_lite.py, intercepts and counts every
request.  Needs /usr/bin/chromium; builds the app first if the cache lacks it
(docs/lite_site.py).  Medians over the visits.  Targets: a table within 10 s
of opening the page, at most 20 MB on a first visit, a reload with the server
gone that plays.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO))

import harness as h  # noqa: E402
from lite import LiteNotebook, Visitor, lite_site  # noqa: E402

SHOWN = 15  # the largest files listed


def file_of(path: str) -> str:
    return path.split("?")[0].lstrip("/") or "index.html"


def gzipped(site: Path, path: str, cache: dict[str, int]) -> int:
    """What a compressing host sends for ``path`` (gzip level 6; a ``.gz`` as it is)."""
    name = file_of(path)
    if name not in cache:
        file = site / name
        data = file.read_bytes() if file.is_file() else b""
        cache[name] = len(data) if name.endswith(".gz") else len(gzip.compress(data, 6))
    return cache[name]


def sent(requests: list[tuple[str, int, int]], site: Path, sizes: dict[str, int]) -> tuple[int, int]:
    """Bytes as served here, and as a gzipping host would send them."""
    return (sum(b for _, _, b in requests),
            sum(gzipped(site, p, sizes) for p, status, _ in requests if status == 200))


def visit(site: Path, sizes: dict[str, int], worker: bool = True) -> dict:
    lite = lite_site()
    with lite.serve(site) as (url, served), Visitor(intercept=False, service_workers=worker) as visitor:
        page = visitor.new_page()
        nb = LiteNotebook(page, url).open()
        interface = nb.since_open()
        nb.wait_kernel_idle()
        idle = nb.since_open()
        nb.run_all()
        clicked = nb.since_open()
        nb.table(1)
        table = nb.since_open()
        first = list(served.requests)
        result = {"interface_s": interface, "kernel_idle_s": idle, "table_s": table,
                  "table_after_run_all_s": table - clicked, "requests": len(first), "files": first}
        result["bytes"], result["gzip_bytes"] = sent(first, site, sizes)
        if worker:
            nb.wait_kept(lite.precached(site), timeout=180_000)
            result["kept_bytes"], result["kept_gzip_bytes"] = sent(list(served.requests), site, sizes)
            served.stop()
            reloaded = time.perf_counter()
            nb.reload()
            nb.wait_kernel_named()
            nb.run_all()
            nb.table(1)
            result["offline_table_s"] = time.perf_counter() - reloaded
        result["problems"] = visitor.blocked + visitor.failed + page.errors
        return result


def mb(n: float) -> str:
    return f"{n / 1e6:.1f} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=3)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    if h.chromium_missing():
        raise SystemExit(h.chromium_missing())
    lite = lite_site()
    site = lite.build()
    runs, bare, sizes = [], [], {}
    for i in range(args.visits):
        runs.append(visit(site, sizes))
        r = runs[-1]
        print(f"visit {i + 1}: interface {r['interface_s']:.1f} s, kernel idle {r['kernel_idle_s']:.1f} s, "
              f"table {r['table_s']:.1f} s ({r['table_after_run_all_s']:.1f} s after ▶▶), "
              f"{mb(r['bytes'])} ({mb(r['gzip_bytes'])} from a gzipping host), {r['requests']} requests; "
              f"{mb(r['kept_bytes'])} with the whole app kept; offline reload to the table "
              f"{r['offline_table_s']:.1f} s", flush=True)
        bare.append(visit(site, sizes, worker=False))
        b = bare[-1]
        print(f"  no service worker: interface {b['interface_s']:.1f} s, kernel idle {b['kernel_idle_s']:.1f} s, "
              f"table {b['table_s']:.1f} s, {mb(b['bytes'])} ({mb(b['gzip_bytes'])} from a gzipping host), "
              f"{b['requests']} requests", flush=True)
    keys = ("interface_s", "kernel_idle_s", "table_s", "table_after_run_all_s", "bytes", "gzip_bytes",
            "kept_bytes", "kept_gzip_bytes", "offline_table_s")
    median = {key: statistics.median(r[key] for r in runs) for key in keys}
    bare_median = {key: statistics.median(r[key] for r in bare) for key in keys[:6]}
    summary = {"visits": len(runs), "median": median, "no_worker_median": bare_median,
               "site_bytes": lite.size(site), "load_average": os.getloadavg()[0],
               "runs": [{k: v for k, v in r.items() if k != "files"} for r in runs],
               "no_worker_runs": [{k: v for k, v in r.items() if k != "files"} for r in bare]}
    print(f"median of {len(runs)} cold visits: interface {median['interface_s']:.1f} s, "
          f"kernel idle {median['kernel_idle_s']:.1f} s, table {median['table_s']:.1f} s from opening the page "
          f"({median['table_after_run_all_s']:.1f} s after ▶▶), {mb(median['bytes'])} to the table "
          f"({mb(median['gzip_bytes'])} from a gzipping host), {mb(median['kept_bytes'])} with the whole app kept; "
          f"offline reload to the table {median['offline_table_s']:.1f} s; site {mb(summary['site_bytes'])} on disk; "
          f"load average {summary['load_average']:.1f}")
    print(f"without a service worker: interface {bare_median['interface_s']:.1f} s, kernel idle "
          f"{bare_median['kernel_idle_s']:.1f} s, table {bare_median['table_s']:.1f} s, {mb(bare_median['bytes'])} "
          f"({mb(bare_median['gzip_bytes'])} from a gzipping host)")
    files = sorted(runs[0]["files"], key=lambda f: -f[2])
    print(f"\nthe first visit's {len(files)} files to the table, largest first (as served here):")
    for path, _, size in files[:SHOWN]:
        print(f"  {size / 1e6:6.2f} MB  {file_of(path)}")
    rest = files[SHOWN:]
    print(f"  {sum(f[2] for f in rest) / 1e6:6.2f} MB  the other {len(rest)}")
    problems = [f"{kind} visit {i + 1}: {p}" for kind, visits in (("worker", runs), ("no-worker", bare))
                for i, r in enumerate(visits) for p in r["problems"]]
    if problems:
        print("problems:", *problems, sep="\n  ")
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
