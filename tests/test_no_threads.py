"""Where no thread can start (Pyodide in a browser: JupyterLite, marimo's
WASM page), Solve and Play it out run cooperatively, in slices on the
kernel's event loop, and win rates run inline with a note.

Here CPython plays that Python: ``threads_start`` answers False, and the
tests drive a real asyncio loop the way the Pyodide kernel does (requests
arrive between two slices).  The same tests run in Pyodide itself
(tests/test_pyodide.py), where threads really cannot start.
"""

from __future__ import annotations

import asyncio
import re
import threading
import warnings
from typing import Any, Callable, Coroutine

import pytest
from test_widget_assist import LINE, suit_order_bobby, undecided
from test_widget_protocol import Page, assert_mirrors_engine

import solitaire_widgets as sw
from solitaire_widgets.assist import background
from solitaire_widgets.assist.background import SLICE, play_in_background, solve_in_background
from solitaire_widgets.solver import winrate

pytestmark = pytest.mark.usefixtures("typed_assist")  # every assist value of its kind's type


def run_on_a_loop_of_its_own(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """``asyncio.run(scenario())`` on a thread of its own, its errors raised
    here: the browser tests' Playwright keeps a loop running on this thread
    for the rest of a session, where ``asyncio.run`` refuses to start."""
    errors: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(scenario())
        except BaseException as error:  # (raised again below, on the test's thread)
            errors.append(error)

    runner = threading.Thread(target=run, name="asyncio-scenario")
    runner.start()
    runner.join()
    if errors:
        raise errors[0]


# Why the scenarios below do not run in Pyodide.
OWN_LOOP = ("runs an asyncio loop of its own, which Pyodide cannot block on; "
            "tests/browser/test_lite.py plays the same on the page's loop")


@pytest.fixture
def no_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    if background.threads_start():
        monkeypatch.setattr(background, "threads_start", lambda: False)


@pytest.mark.no_pyodide("threads start in CPython only")
def test_threads_start_here() -> None:
    assert background.threads_start() is True  # the tests below pretend otherwise


def test_without_a_loop_wait_finishes_the_search_and_the_play_out_here(no_threads: None) -> None:
    game = sw.Bobby(deck=sw.standard_deck())
    found: list[sw.Solution] = []
    task = solve_in_background(game, max_states=20_000, time_limit=None, on_done=found.append)
    assert task.cooperative and task.running and not found  # nothing runs until someone waits
    assert task.wait() and not task.running
    expected = sw.solve(game, max_states=20_000, time_limit=None)
    assert (found[0].status, found[0].moves, found[0].states) == (expected.status, expected.moves, expected.states)
    ends: list[str] = []
    task = play_in_background(game, found[0].moves, pace=60.0, on_done=ends.append)
    assert task.wait(30) and ends == ["won"] and game.status == "won"  # the pace is skipped


@pytest.mark.no_pyodide(OWN_LOOP)
def test_a_solve_runs_in_slices_while_the_loop_answers_requests_and_stop_ends_it(no_threads: None) -> None:
    async def scenario() -> None:
        w = undecided()
        w.solve_seconds = 600.0  # only the stop can end it
        page = Page(w)
        ticks = 0

        async def other_work() -> None:  # what else the kernel's loop has to do
            nonlocal ticks
            while True:
                await asyncio.sleep(0)
                ticks += 1

        beside = asyncio.ensure_future(other_work())
        assert page.request("solve")["ok"] and w.assist["state"] == "running"
        assert w._help._task is not None and w._help._task.cooperative
        while ticks < 20:
            await asyncio.sleep(SLICE)
        reply = page.request("explain", pile="t0")  # answered between two slices
        assert reply["ok"] and w._help._task.running
        refused = page.request("hint")
        assert not refused["ok"] and refused["reason"] == "refused: a solve is running; Stop ends it"
        assert page.request("stop")["ok"]
        for _ in range(200):
            if not w._help._task.running:
                break
            await asyncio.sleep(SLICE)
        beside.cancel()
        assert not w._help._task.running
        assert w.assist["state"] == "unknown" and w.assist["text"] == "stopped before a verdict"
        assert w.game.history == ()

    run_on_a_loop_of_its_own(scenario)


@pytest.mark.no_pyodide(OWN_LOOP)
def test_the_verdict_arrives_on_its_own_and_play_it_out_wins_at_its_pace(no_threads: None) -> None:
    async def scenario() -> None:
        w = suit_order_bobby()
        w.play_pace = 0.001
        page = Page(w)
        assert page.request("solve")["ok"]
        while w.assist.get("state") == "running":
            await asyncio.sleep(SLICE)
        assert w.assist["state"] == "won" and w.assist["text"] == f"winnable in {LINE} moves"
        assert page.request("play_out")["ok"] and w.assist["state"] == "playing"
        assert w.game.history == ()  # the first move waits for the pace, on the loop
        while w.assist.get("state") == "playing":
            await asyncio.sleep(SLICE)
        assert w.game.status == "won" and w.assist["state"] == "won" and w.assist["done"] == LINE
        assert_mirrors_engine(w)

    run_on_a_loop_of_its_own(scenario)


@pytest.mark.no_pyodide(OWN_LOOP)
def test_stop_wakes_a_play_out_that_waits_for_its_pace(no_threads: None) -> None:
    async def scenario() -> None:
        w = suit_order_bobby()
        page = Page(w)
        page.request("solve")
        assert w.wait() and w.assist["state"] == "won"
        w.play_pace = 600.0  # only the stop can end the wait
        assert page.request("play_out")["ok"]
        await asyncio.sleep(SLICE)
        assert page.request("stop")["ok"]
        for _ in range(100):
            if not w._help._task.running:
                break
            await asyncio.sleep(SLICE)
        assert w.assist["state"] == "stopped" and w.assist["text"] == "play-out stopped after 0 moves"
        assert w.game.history == ()

    run_on_a_loop_of_its_own(scenario)


@pytest.mark.no_pyodide(OWN_LOOP)
def test_a_move_during_a_cooperative_solve_makes_it_stale(no_threads: None) -> None:
    async def scenario() -> None:
        w = undecided()
        page = Page(w)
        page.request("solve")
        await asyncio.sleep(SLICE)
        assert page.request("move", move=str(w.game.legal_moves()[0]))["ok"]
        assert w.assist["state"] == "stale"
        assert w.wait(60)
        assert w.assist["state"] == "stale"  # the stopped search says nothing more

    run_on_a_loop_of_its_own(scenario)


def test_a_failing_worker_is_logged_and_ends(no_threads: None, caplog: pytest.LogCaptureFixture) -> None:
    def work(stop):  # type: ignore[no-untyped-def]
        yield 0.0
        raise ValueError("boom")

    task = background.Task(work, "test")
    assert task.wait(5) and not task.running
    assert "the solver's worker failed" in caplog.text


def test_win_rates_run_inline_with_a_note_where_processes_cannot_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(winrate, "processes_start", lambda: False)
    with pytest.warns(RuntimeWarning, match=r"cannot start worker processes.*one by one"):
        rate = sw.winnability("cruel", 3, start_seed=3, max_states=3000, time_limit=None, progress=False)
    inline = sw.winnability("cruel", 3, start_seed=3, max_states=3000, time_limit=None, executor="inline",
                            progress=False)
    def rows(r: sw.WinRate) -> list[tuple]:
        return [(d.seed, d.status, d.moves, d.states, d.reason) for d in r.rows]

    assert rows(rate) == rows(inline) and rate.deals == 3
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # asked for inline: no note
        sw.winnability("cruel", 1, max_states=100, time_limit=None, executor="inline", progress=False)
    assert re.search("one by one", str(winrate.NO_PROCESSES))


@pytest.mark.no_pyodide(OWN_LOOP)
def test_the_teacher_runs_in_slices_the_winnable_search_the_guard_and_the_analysis(
        no_threads: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from solitaire_widgets.solver import deals

    monkeypatch.setattr(deals.secrets, "randbelow", lambda _n: 4)  # seeds 4 and 5 are lost: a search of three deals

    async def answered(w: sw.SolitaireWidget, page: Page, request_id: str) -> dict:
        for _ in range(2000):
            replies = [r for r in page.replies if r.get("id") == request_id]
            if replies:
                return replies[0]
            await asyncio.sleep(SLICE)
        raise AssertionError("no reply")

    async def scenario() -> None:
        w = sw.SolitaireWidget("cruel", seed=2, winnable=False)
        w.guard_seconds = 4.0
        page = Page(w)
        # the guard: the reply comes from the loop once the check has ended
        for move in ["t7 t2", "t3 t2", "redeal", "t0 t3", "t5 t3", "t5 f2", "t6 t3"]:
            w.game.play(move)
        assert page.request("guard", on=True)["ok"]
        page.raw({"request": "move", "move": "redeal", "version": w.version, "id": "guarded"})
        assert w._help._task is not None and w._help._task.cooperative and not page.replies[-1]["id"] == "guarded"
        reply = await answered(w, page, "guarded")
        assert not reply["ok"] and reply["guard"]["better"] == "t6 t11" and len(w.game.history) == 7
        # What went wrong?, between two slices of which the page is answered
        assert page.request("move", move="redeal", confirmed=True)["ok"] and w.game.status == "lost"
        assert page.request("analyse")["ok"] and w.assist["state"] == "running"
        assert page.request("ping")["ok"]
        while w.assist.get("state") == "running":
            await asyncio.sleep(SLICE)
        assert w.analysis["losing_move"] == 7 and w.analysis["better"] == "t6 t11"
        # a winnable New deal
        w.winnable = True
        assert page.request("new_deal")["ok"] and w.assist["kind"] == "winnable"
        while w.assist.get("state") == "running":
            await asyncio.sleep(SLICE)
        assert w.assist["state"] == "done" and w.game.seed == 6 and w.line == len(w.game.winning_line) > 0
        assert_mirrors_engine(w)

    run_on_a_loop_of_its_own(scenario)
