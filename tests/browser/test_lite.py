"""The docs site's in-browser app as a visitor meets it: the app built from
the registries (docs/lite_site.py, cached by its inputs), served on
127.0.0.1, ``play.ipynb`` opened in a cold Chromium that reaches no other
host, run with the toolbar's ▶▶ (one click, no dialog, one kernel), and
played by mouse: a move the Hint marks, Solve to a verdict, Stop.  Then the
server stops and the page is reloaded, as on a flaky network: the app starts
from its service worker's cache, the moves kept in the browser's storage
come back, and it plays on: a second game with a stock, a lost game's What
went wrong? and a winnable New deal.  Any request that tries to leave
127.0.0.1, any request for a file served twice or lost with the server, and
any page error fails it.

Two kernel starts (Python starting in the page is most of its time): the
visit's and the reload's.  The timings and bytes go to benchmarks/lite.py.
"""

from __future__ import annotations

import collections
import json
import re

import harness as h
import pytest
from lite import LiteNotebook, Visitor, lite_site, served_site

pytestmark = pytest.mark.browser

SOLVE_TIMEOUT = 120_000  # the 5 s budget, and a busy machine


def counter(snap: dict, key: str) -> int:
    """A number of the status line ("Moves 3")."""
    return int(re.search(r"\d+", snap["counters"][key]).group())


def test_a_visitor_plays_in_the_browser_with_no_request_leaving_the_machine(chromium: h.Browser) -> None:
    # (its own cold browser; the chromium fixture stands for Chromium being there)
    with served_site() as (url, served, site), Visitor() as visitor:
        page = visitor.new_page()
        nb = LiteNotebook(page, url).open()
        # Its first line says what to press, and what happens while Python starts.
        intro = page.page.locator(".jp-Notebook .jp-MarkdownCell", has_text="seconds").first
        intro.wait_for(timeout=60_000)
        assert "▶▶" in intro.text_content()
        nb.wait_kernel_named()  # a visitor reads the intro first; Python starts meanwhile
        nb.run_all()  # ▶▶: runs the cells in the kernel the page started, asking nothing
        table = nb.table(1)
        assert page.page.locator(".jp-Dialog").count() == 0
        first = table.snapshot()
        while first["status"] == "lost":  # a random deal, over as dealt (about 1 Cruel deal in 140): deal again
            table.button("new", 1)
            table.wait_version_change(first["version"], 1, timeout=60_000)
            table.wait_idle(1)
            first = table.snapshot()
        assert first["game"] == "cruel" and first["status"] == "playing" and counter(first, "moves") == 0

        # A move by mouse: the one the Hint marks (a random deal: the hint knows a legal move).
        table.button("hint", 1)
        page.page.wait_for_selector(".sw-pile.sw-hint-target, button.sw-hinted", timeout=60_000)
        hinted = page.page.evaluate(
            "() => [document.querySelector('.sw-pile.sw-hinted')?.dataset.pile ?? null,"
            " document.querySelector('.sw-pile.sw-hint-target')?.dataset.pile ?? null]")
        if hinted[0] and hinted[1]:
            table.drag(hinted[0], hinted[1], 1)
        else:  # the hint is Cruel's redeal: its button
            table.button("redeal", 1)
        table.wait_version_change(first["version"], 1, timeout=60_000)
        table.wait_idle(1)
        assert counter(table.snapshot(), "moves") == 1

        # Solve runs in slices (no thread in the page) and says its verdict.
        table.button("solve", 1)
        line = table.wait_assist("state !== '' && state !== 'running'", SOLVE_TIMEOUT)
        assert line["state"] in ("won", "lost", "unknown"), line
        assert "error" not in line["text"].lower(), line
        assert table.enabled("hint")
        stop = nb.cell(1).locator('button[data-action="solve"]')  # Solve turns into Stop while work runs
        if line["state"] == "won":  # Play it out, stopped after a move
            version = table.snapshot()["version"]
            table.button("play_out", 1)
            table.wait_version_change(version, 1, timeout=60_000)
            stop.click()
            ended = table.wait_assist("state === 'stopped' || state === 'won'", 60_000)
        elif line["state"] == "unknown":  # another solve, which runs its whole budget: stopped at once
            table.button("solve", 1)
            page.page.wait_for_function("(b) => b.textContent === 'Stop'", arg=stop.element_handle(), timeout=10_000)
            stop.click()
            ended = table.wait_assist("state !== '' && state !== 'running'", 60_000)
        else:  # a loss proven: asked again it may be proven in the first slice, before Stop ever shows;
            # the page answers with no error and its button comes back to Solve (below)
            table.button("solve", 1)
            ended = table.wait_assist("state === 'lost'", SOLVE_TIMEOUT)
        assert "error" not in ended["text"].lower(), ended
        page.page.wait_for_function("(b) => b.textContent === 'Solve'", arg=stop.element_handle(), timeout=30_000)
        table.wait_idle(1)
        moves = counter(table.snapshot(), "moves")
        assert moves >= 1

        # One kernel, and the app's service worker downloads each file once: the
        # files the app asks for many times at start (settings schemas) too.
        downloads = collections.Counter(path.split("?")[0] for path, status, _ in served.requests if status == 200)
        assert not [path for path, times in downloads.items() if times > 1], downloads.most_common(5)
        # ... and keeps the whole app for later, the interface not visited and the other notebooks too.
        nb.wait_kept(lite_site().precached(site))

        # The server gone, a reload starts from the worker's cache, and the moves
        # saved in the browser come back.
        served.stop()
        nb.reload()
        nb.wait_kernel_named()
        nb.run_all()
        nb.table(1)
        page.page.wait_for_function(
            "([c, n]) => { const t = c.querySelector('.sw-table [data-counter=moves]');"
            " return !!t && t.textContent === `Moves ${n}`; }", arg=[nb.cell_handle(1), moves], timeout=60_000)

        # Another game, one word changed: Leap Year, played at its stock.
        source = nb.source(1)
        assert 'GAME = "cruel"' in source
        nb.rerun(1, source.replace('GAME = "cruel"', 'GAME = "leap_year"'))
        page.page.wait_for_function("(c) => c.querySelector('.sw-table')?.dataset.game === 'leap_year'",
                                    arg=nb.cell_handle(1), timeout=60_000)
        leap = nb.table(1)
        before = leap.snapshot()
        leap.click_pile("stock", 1)
        leap.wait_version_change(before["version"], 1, timeout=60_000)
        leap.wait_idle(1)
        after = leap.snapshot()
        assert counter(after, "moves") == 1 and counter(after, "stock") < counter(before, "stock")

        # The solver as a teacher, in slices on the page's event loop: a lost game's
        # What went wrong?, and a winnable New deal.
        lesson = ["t7 t2", "t3 t2", "redeal", "t0 t3", "t5 t3", "t5 f2", "t6 t3", "redeal"]
        nb.rerun(1, f'import solitaire_widgets as sw\nw = sw.SolitaireWidget("cruel", seed=2)\n'
                    f'for m in {lesson!r}:\n    w.game.play(m)\nw')
        page.page.wait_for_function("(c) => c.querySelector('.sw-banner')?.dataset.result === 'lost'",
                                    arg=nb.cell_handle(1), timeout=60_000)
        lost = nb.table(1)
        nb.cell(1).locator('.sw-banner [data-banner-action="analyse"]').click()
        page.page.wait_for_function(
            "(c) => (c.querySelector('.sw-analysis-head')?.textContent ?? '') === 'Move 8, redeal, gave up the win.'",
            arg=nb.cell_handle(1), timeout=SOLVE_TIMEOUT)
        assert "Better: t6 t11" in nb.cell(1).locator('.sw-panel[data-panel="analyse"]').inner_text()
        lost.button("winnable", 1)
        before = lost.assist_line()["text"]  # the analysis's line says "done" too: wait for the search's own end
        lost.button("new", 1)
        found = lost.wait_assist(
            f"text !== {json.dumps(before)} && (state === 'failed' || state === 'stopped'"
            " || (state === 'done' && text.startsWith('A winnable deal')))", SOLVE_TIMEOUT)
        assert found["state"] == "done" and found["text"].startswith("A winnable deal, seed "), found
        assert lost.enabled("play_out")  # the deal's won line, at once

        assert not page.errors, "\n".join(page.errors)
        assert not visitor.blocked, f"requests tried to leave 127.0.0.1: {visitor.blocked}"
        missing = sorted({path for path, status, _ in served.requests if status >= 400})
        assert not missing, f"the app asked for files it does not have: {missing}"
        assert not visitor.failed, f"requests lost with the server: {visitor.failed}"
