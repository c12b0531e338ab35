"""Screenshots of every game through the plain-HTML harness (development only).

    python js/dev/shots.py [--out /tmp/sw-shots] [--width 800] [--theme light,dark]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from harness import serve
from playwright.sync_api import sync_playwright

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
GAMES = ["frog", "leap_year", "bobby", "cruel", "midshipman"]


def launch(p):
    tmp = tempfile.mkdtemp(prefix="sw-chrome-")
    os.environ.setdefault("XDG_CONFIG_HOME", tmp)
    os.environ.setdefault("XDG_CACHE_HOME", tmp)
    return p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="/tmp/sw-shots")
    ap.add_argument("--width", type=int, default=800)
    ap.add_argument("--theme", default="light,dark")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    srv = serve(0)
    base = f"http://127.0.0.1:{srv.server_address[1]}"
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": args.width + 60, "height": 900})
        errors = []
        page.on("console", lambda m: m.type in ("error", "warning") and errors.append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))
        for theme in args.theme.split(","):
            for game in args.games.split(","):
                page.goto(f"{base}/?game={game}&seed={args.seed}&width={args.width}&theme={theme}")
                page.wait_for_function("window.ready === true")
                page.wait_for_timeout(150)
                path = out / f"{game}-{theme}-{args.width}.png"
                page.locator("#cell").screenshot(path=str(path))
                ms = page.evaluate("window.renderMs")
                print(f"{path}  first render {ms:.1f} ms")
        browser.close()
    if errors:
        print("console errors:", *errors, sep="\n  ")
    srv.shutdown()


if __name__ == "__main__":
    main()
