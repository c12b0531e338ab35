"""Play through the plain-HTML harness in Chromium and check behaviour
(development only): animations and reduced motion, double-click to a
foundation, quick repeated requests, redeals, new deal, the banner, resizing,
and no console errors.

    python js/dev/play_check.py [--out /tmp/sw-play]
"""

from __future__ import annotations

import argparse
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from harness import serve
from playwright.sync_api import sync_playwright
from shots import launch


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="/tmp/sw-play")
    args = ap.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    srv = serve(0)
    base = f"http://127.0.0.1:{srv.server_address[1]}"
    problems: list[str] = []

    def check(ok: bool, what: str) -> None:
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            problems.append(what)

    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 900, "height": 1000})
        errors: list[str] = []
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))

        def open_game(game: str, seed: int = 3, width: int = 800) -> None:
            page.goto(f"{base}/?game={game}&seed={seed}&width={width}")
            page.wait_for_function("window.ready === true")

        def version() -> int:
            return int(page.locator(".sw-table").get_attribute("data-version"))

        def wait_version(v: int) -> None:
            page.wait_for_function(f"Number(document.querySelector('.sw-table').dataset.version) >= {v}", timeout=5000)

        def pile(pid: str):
            return page.locator(f'.sw-pile[data-pile="{pid}"]')

        # 1. Moves slide (Web Animations), not longer than 200 ms.
        open_game("leap_year")
        pile("stock").click()
        wait_version(1)
        anims = page.evaluate("document.getAnimations().map(a => a.effect.getTiming().duration)")
        check(len(anims) == 8 and all(d <= 200 for d in anims), f"a deal slides 8 cards ≤ 200 ms: {anims}")

        # 2. Two quick clicks on the stock: two deals, no refusal.
        pile("stock").click()
        pile("stock").click()
        wait_version(3)
        page.wait_for_timeout(200)
        msg = page.locator(".sw-message").inner_text()
        check(version() == 3 and msg == "", f"two quick deals both played (version {version()}, message {msg!r})")

        # 3. Double-click sends a card to a foundation.
        legal = page.evaluate("model.state.legal")
        home = [m for m in legal if m.split()[-1].startswith("f")]
        if home:
            src = home[0].split()[0]
            v = version()
            before = int(page.locator(".sw-status").inner_text().split("Home ")[1].split("/")[0])
            pile(src).locator(".sw-card.sw-top").dblclick()
            wait_version(v + 1)
            after = int(page.locator(".sw-status").inner_text().split("Home ")[1].split("/")[0])
            check(after == before + 1, f"double-click {src} -> a foundation ({page.evaluate('model.state.last_move')})")
        else:
            print("skip double-click: no foundation move")

        # 4. Reduced motion: nothing animates.
        page.emulate_media(reduced_motion="reduce")
        open_game("leap_year")
        pile("stock").click()
        wait_version(1)
        n = page.evaluate("document.getAnimations().length")
        check(n == 0, f"prefers-reduced-motion: no animation ({n})")
        page.emulate_media(reduced_motion="no-preference")

        # 5. Cruel: the Redeal button, enabled only when legal; cards slide to their new packets.
        open_game("cruel")
        redeal = page.locator('button[data-action="redeal"]')
        check(redeal.is_disabled(), "Cruel: Redeal disabled at the deal")
        legal = page.evaluate("model.state.legal")
        page.evaluate(f"model.playFromCode({[legal[0]]!r})")
        page.wait_for_function("!document.querySelector('button[data-action=\"redeal\"]').disabled")
        v = version()
        redeal.click()
        wait_version(v + 1)
        n = page.evaluate("document.getAnimations().length")
        check(n >= 2, f"Cruel: a redeal slides the cards that change packets ({n} animations)")
        page.wait_for_timeout(300)
        page.locator(".sw-table").screenshot(path=str(out / "cruel-redealt.png"))

        # 6. Bobby: draw the stock out, then a click on the empty stock redeals.
        open_game("bobby")
        page.evaluate("model.playFromCode(Array(51).fill('draw'))")
        page.wait_for_function("document.querySelector('.sw-pile[data-pile=\"stock\"]').dataset.count === '0'")
        check(page.locator('button[data-action="redeal"]').is_enabled(), "Bobby: Redeal enabled on an empty stock")
        page.wait_for_timeout(250)
        page.locator(".sw-table").screenshot(path=str(out / "bobby-empty-stock.png"))
        v = version()
        pile("stock").click()
        wait_version(v + 1)
        status = page.locator(".sw-status").inner_text()
        check(pile("stock").get_attribute("data-count") != "0" and "Passes left 2" in status,
              "Bobby: a click on the empty stock redeals (2 passes left)")

        # 7. New deal: a fresh seed, everything re-rendered, no animation.
        open_game("midshipman")
        seed0 = page.locator(".sw-seed").inner_text()
        v = version()
        page.locator('button[data-action="new"]').click()
        wait_version(v + 1)
        seed1 = page.locator(".sw-seed").inner_text()
        check(seed1 != seed0, f"New deal: {seed0} -> {seed1}")
        check(page.evaluate("document.getAnimations().length") == 0, "New deal: no sliding")

        # 8. The banner when the game is over (forced through the model for a look).
        open_game("frog")
        page.evaluate("model.apply({status: 'lost'})")
        page.locator('.sw-banner[data-result="lost"]').wait_for()
        page.locator(".sw-table").screenshot(path=str(out / "frog-lost.png"))
        page.evaluate("model.apply({status: 'won'})")
        page.locator('.sw-banner[data-result="won"]').wait_for()
        page.locator(".sw-table").screenshot(path=str(out / "frog-won.png"))
        page.evaluate("model.apply({status: 'playing'})")
        page.wait_for_function("!document.querySelector('.sw-banner')")
        check(True, "banner comes and goes with the status")

        # 9. Resizing the cell re-lays the table out (ResizeObserver), never wider than the cell.
        open_game("midshipman")
        for w in (420, 640, 1000):
            page.evaluate(f"document.getElementById('cell').style.width = '{w}px'")
            page.wait_for_timeout(150)
            sw, cw = page.evaluate(
                "(() => { const t = document.querySelector('.sw-table'); return [t.scrollWidth, t.clientWidth]; })()")
            right = page.evaluate(
                "Math.max(...[...document.querySelectorAll('.sw-pile')].map(p => p.getBoundingClientRect().right))"
                " - document.querySelector('.sw-felt').getBoundingClientRect().right")
            check(sw <= cw and right <= 0,
                  f"width {w}: no horizontal overflow ({sw} ≤ {cw}, piles end {right:.0f} px inside)")
        page.locator(".sw-table").screenshot(path=str(out / "midshipman-1000.png"))

        # 10. Drop on an illegal target: snaps back, engine's reason shown, nothing changes.
        open_game("midshipman")
        a = pile("t0").locator(".sw-card.sw-top").bounding_box()
        b = pile("f3").bounding_box()
        page.mouse.move(a["x"] + 20, a["y"] + 20)
        page.mouse.down()
        page.mouse.move(a["x"] + 30, a["y"] + 30, steps=2)
        page.mouse.move(b["x"] + 20, b["y"] + 20, steps=6)
        page.mouse.up()
        page.wait_for_function("document.querySelector('.sw-message').textContent.length > 0")
        page.wait_for_timeout(250)
        kind = page.locator(".sw-message").get_attribute("data-kind")
        tf = pile("t0").locator(".sw-card.sw-top").evaluate("e => e.style.transform")
        check(kind == "error" and tf == "" and version() == 0,
              f"illegal drop: {page.locator('.sw-message').inner_text()!r} ({kind}), card back in place")

        browser.close()
    srv.shutdown()
    check(not errors, f"no console errors {errors}")
    print("problems:" if problems else "all checks passed", *problems, sep="\n  ")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
