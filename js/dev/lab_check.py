"""Look at the card table in a real JupyterLab (development only).

Starts JupyterLab on a temporary root, opens a notebook that shows
``sw.play(name, seed=...)`` for the five games, sizes the window so a cell's
output is ``--width`` px wide, screenshots every table (light and dark theme),
plays a few moves by mouse drag, click-click, double-click and keyboard, and
reports console errors.

    python js/dev/lab_check.py [--out /tmp/sw-lab] [--width 800] [--themes light,dark]
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from playwright.sync_api import sync_playwright

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
GAMES = ["frog", "leap_year", "bobby", "cruel", "midshipman"]
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def notebook(seed: int) -> dict:
    def cell(src: str) -> dict:
        return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": src}

    cells = [cell("import solitaire_widgets as sw")] + [cell(f"sw.play({g!r}, seed={seed})") for g in GAMES]
    return {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                                        "language": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


class Lab:
    def __init__(self, theme: str, seed: int):
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="sw-lab-"))
        self.root = self.tmp / "root"
        self.root.mkdir()
        (self.root / "tables.ipynb").write_text(json.dumps(notebook(seed)))
        env = dict(os.environ)
        for var, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                         ("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTERLAB_SETTINGS_DIR", "settings"),
                         ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"), ("IPYTHONDIR", "ipython")]:
            (self.tmp / sub).mkdir()
            env[var] = str(self.tmp / sub)
        apputils = self.tmp / "settings" / "@jupyterlab" / "apputils-extension"
        apputils.mkdir(parents=True)
        (apputils / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False}))
        (apputils / "themes.jupyterlab-settings").write_text(json.dumps({"theme": THEMES[theme]}))
        self.port = free_port()
        self.token = secrets.token_hex(12)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={self.port}",
             "--port-retries=0", "--allow-root", f"--IdentityProvider.token={self.token}",
             f"--ServerApp.root_dir={self.root}", "--LabApp.news_url=None",
             "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
            env=env, stdout=subprocess.DEVNULL, stderr=open(self.tmp / "lab.log", "w"))
        deadline = time.time() + 60
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"JupyterLab died: {(self.tmp / 'lab.log').read_text()[-2000:]}")
            try:
                urllib.request.urlopen(f"{self.base}/api/status?token={self.token}", timeout=2)
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.3)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def table(page, i: int):
    """The i-th game's table (0 = frog …)."""
    return page.locator(".jp-OutputArea-output .sw-table").nth(i)


def version(page, i: int) -> int:
    return int(table(page, i).get_attribute("data-version"))


def wait_version(page, i: int, old: int, timeout: float = 10_000) -> None:
    page.wait_for_function(
        "([i, v]) => Number(document.querySelectorAll('.jp-OutputArea-output .sw-table')[i].dataset.version) !== v",
        arg=[i, old], timeout=timeout)


def center(box: dict) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def top_card(page, i: int, pile: str):
    return table(page, i).locator(f'.sw-pile[data-pile="{pile}"] .sw-card.sw-top')


def pile(page, i: int, pile_id: str):
    return table(page, i).locator(f'.sw-pile[data-pile="{pile_id}"]')


def run(theme: str, args, out: pathlib.Path, play: bool) -> list[str]:
    lab = Lab(theme, args.seed)
    errors: list[str] = []
    try:
        with sync_playwright() as p:
            tmp = tempfile.mkdtemp(prefix="sw-chrome-")
            os.environ["XDG_CONFIG_HOME"] = tmp
            os.environ["XDG_CACHE_HOME"] = tmp
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_page(viewport={"width": 1200, "height": 1000})
            page.on("console", lambda m: m.type == "error" and errors.append(f"console: {m.text}"))
            page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
            page.goto(f"{lab.base}/lab/tree/tables.ipynb?token={lab.token}&reset")
            page.locator(".jp-StatusBar-TextItem", has_text="Python 3 (ipykernel) | Idle").first.wait_for(timeout=60_000)
            # Hide the left side bar so the notebook gets the width.
            page.evaluate("() => window.jupyterapp?.commands.execute('application:toggle-left-area')")
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
            page.locator(".jp-OutputArea-output .sw-table").nth(len(GAMES) - 1).wait_for(timeout=60_000)
            # Size the window so an output area is args.width px wide.
            for _ in range(3):
                w = page.evaluate("() => document.querySelector('.jp-OutputArea-output .sw-table').parentElement"
                                  ".getBoundingClientRect().width")
                vp = page.viewport_size
                if abs(w - args.width) < 1:
                    break
                page.set_viewport_size({"width": int(vp["width"] + args.width - w), "height": vp["height"]})
                page.wait_for_timeout(300)
            w = page.evaluate("() => document.querySelector('.jp-OutputArea-output .sw-table').getBoundingClientRect().width")
            print(f"[{theme}] table width {w:.0f} px")
            page.wait_for_timeout(400)
            for i, game in enumerate(GAMES):
                t = table(page, i)
                t.scroll_into_view_if_needed()
                sw = t.evaluate("t => [t.scrollWidth, t.clientWidth]")
                if sw[0] > sw[1]:
                    errors.append(f"{game}: horizontal overflow {sw}")
                path = out / f"lab-{game}-{theme}-{args.width}.png"
                t.screenshot(path=str(path))
                print(f"[{theme}] {path}")
            if play:
                errors += play_some(page, out, theme)
            browser.close()
    finally:
        lab.stop()
    return errors


def play_some(page, out: pathlib.Path, theme: str) -> list[str]:
    """A few moves by each gesture in the Frog and Midshipman tables."""
    problems = []
    cells_before = page.locator(".jp-Cell").count()
    F, M, C = GAMES.index("frog"), GAMES.index("midshipman"), GAMES.index("cruel")

    # Frog: click the stock (draw), then drag the waste card onto t0.
    table(page, F).scroll_into_view_if_needed()
    v = version(page, F)
    pile(page, F, "stock").click()
    wait_version(page, F, v)
    assert pile(page, F, "waste").get_attribute("data-count") == "1", "draw did not fill the waste"
    v = version(page, F)
    a = center(top_card(page, F, "waste").bounding_box())
    b = center(pile(page, F, "t0").bounding_box())
    page.mouse.move(*a)
    page.mouse.down()
    page.mouse.move(a[0] + 10, a[1] + 10, steps=2)
    page.mouse.move(*b, steps=8)
    page.mouse.up()
    wait_version(page, F, v)
    assert pile(page, F, "t0").get_attribute("data-count") == "1", "drag waste -> t0 failed"
    print(f"[{theme}] frog: draw by click, waste -> t0 by drag: ok")

    # Frog: an illegal drag (t0 onto the reserve) snaps back with the engine's reason.
    v = version(page, F)
    a = center(top_card(page, F, "t0").bounding_box())
    b = center(top_card(page, F, "reserve").bounding_box())
    page.mouse.move(*a)
    page.mouse.down()
    page.mouse.move(a[0] + 10, a[1] + 10, steps=2)
    page.mouse.move(*b, steps=8)
    page.mouse.up()
    msg = table(page, F).locator(".sw-message")
    page.wait_for_function("e => e.textContent.length > 0", arg=msg.element_handle(), timeout=5000)
    print(f"[{theme}] frog: illegal drop message: {msg.inner_text()!r}, kind {msg.get_attribute('data-kind')}")
    page.wait_for_timeout(300)
    transform = top_card(page, F, "t0").evaluate("e => e.style.transform")
    if transform:
        problems.append(f"card not snapped back: transform {transform!r}")
    if version(page, F) != v:
        problems.append("an illegal drop changed the version")
    table(page, F).screenshot(path=str(out / f"lab-frog-{theme}-played.png"))

    # Midshipman: click-click the first legal tableau move the highlights show.
    table(page, M).scroll_into_view_if_needed()
    done = False
    for src in [f"t{i}" for i in range(9)]:
        top_card(page, M, src).click()
        targets = table(page, M).locator(".sw-pile.sw-target")
        if targets.count():
            target = targets.first.get_attribute("data-pile")
            v = version(page, M)
            # click on the target's top card (or the pile when it is empty)
            tgt = top_card(page, M, target)
            (tgt if tgt.count() else pile(page, M, target)).click()
            wait_version(page, M, v)
            print(f"[{theme}] midshipman: click-click {src} -> {target}: ok")
            done = True
            break
        top_card(page, M, src).click()  # put it back
        page.wait_for_timeout(500)  # no double-click
    if not done:
        print(f"[{theme}] midshipman: no tableau move to click")

    # Midshipman by keyboard: focus the stock, Enter draws; z undoes; y redoes.
    pile(page, M, "stock").focus()
    v = version(page, M)
    page.keyboard.press("Enter")
    wait_version(page, M, v)
    v = version(page, M)
    page.keyboard.press("z")
    wait_version(page, M, v)
    v = version(page, M)
    page.keyboard.press("y")
    wait_version(page, M, v)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    focused = table(page, M).locator(".sw-pile.sw-focus").get_attribute("data-pile")
    print(f"[{theme}] midshipman: keyboard draw, z, y ok; focus after Right, Down: {focused}")
    page.wait_for_timeout(300)
    table(page, M).screenshot(path=str(out / f"lab-midshipman-{theme}-played.png"))

    # Cruel by keyboard: pick up a card with Enter and drop it with Enter on a highlighted target.
    table(page, C).scroll_into_view_if_needed()
    pile(page, C, "t0").focus()
    moved = False
    for _ in range(12):
        page.keyboard.press("Enter")
        targets = table(page, C).locator(".sw-pile.sw-target")
        if targets.count():
            target = targets.first.get_attribute("data-pile")
            src = table(page, C).locator(".sw-pile.sw-selected").get_attribute("data-pile")
            order = [f"t{i}" for i in range(12)]
            steps = order.index(target) - order.index(src) if target in order else None
            if steps is not None:
                key = "ArrowRight" if steps > 0 else "ArrowLeft"
                for _ in range(abs(steps)):
                    page.keyboard.press(key)
                v = version(page, C)
                page.keyboard.press("Enter")
                wait_version(page, C, v)
                print(f"[{theme}] cruel: keyboard {src} -> {target}: ok")
                moved = True
                break
        page.keyboard.press("Escape")
        page.keyboard.press("ArrowRight")
    if not moved:
        print(f"[{theme}] cruel: no keyboard move found")

    # Notebook command-mode letters must not act while a pile has the focus.
    pile(page, C, "t3").focus()
    for key in ["a", "b", "x", "m", "d", "d", "1", "c", "v"]:
        page.keyboard.press(key)
    page.wait_for_timeout(300)
    if page.locator(".jp-OutputArea-output .sw-table").count() != len(GAMES):
        problems.append("a notebook shortcut acted on the tables")

    cells_after = page.locator(".jp-Cell").count()
    if cells_after != cells_before:
        problems.append(f"the notebook changed under the keys: {cells_before} -> {cells_after} cells")
    return problems


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="/tmp/sw-lab")
    ap.add_argument("--width", type=int, default=800)
    ap.add_argument("--themes", default="light,dark")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--no-play", action="store_true")
    args = ap.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    errors = []
    for theme in args.themes.split(","):
        errors += [f"[{theme}] {e}" for e in run(theme, args, out, not args.no_play)]
    print("problems:" if errors else "no console errors, no problems", *errors, sep="\n  ")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
