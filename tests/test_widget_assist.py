"""The table's Hint, Solve and Play it out through the widget's real comm
message path: the solver searches a copy in a worker thread while the kernel
keeps answering, and every move it plays goes through the engine."""

from __future__ import annotations

import re
import threading

import pytest
from positions import arrange
from test_engine_rules import cards
from test_widget_protocol import Page, assert_mirrors_engine, snapshot

import solitaire_widgets as sw
from solitaire_widgets.assist.background import play_in_background, solve_in_background
from solitaire_widgets.widget import SolitaireWidget

pytestmark = pytest.mark.usefixtures("typed_assist")  # every assist value of its kind's type

LINE = 102  # the suit-order Bobby deal: draw a card, send it home, 51 times


def suit_order_bobby() -> SolitaireWidget:
    return SolitaireWidget(sw.Bobby(deck=sw.standard_deck()))


def solved(pace: float) -> tuple[SolitaireWidget, Page]:
    """The suit-order Bobby deal with its winning verdict on the table."""
    w = suit_order_bobby()
    w.play_pace = pace
    page = Page(w)
    page.request("solve")
    assert w.wait() and w.assist["state"] == "won"
    return w, page


def undecided() -> SolitaireWidget:
    """A deal the solver does not decide in 5 s, nor at 300,000 positions (Frog, seed 69)."""
    return SolitaireWidget("frog", seed=69)


def test_hint_names_a_legal_move_with_its_reason_and_plays_nothing():
    w = SolitaireWidget("cruel", seed=1)
    page = Page(w)
    before = snapshot(w)
    assert page.request("hint")["ok"]
    hint = w.assist
    assert hint["kind"] == "hint" and hint["version"] == w.version and hint["winning"] in (True, None)
    move = sw.Move.parse(hint["move"])
    assert move in w.game.legal_moves() and (hint["source"], hint["target"]) == (move.source, move.target)
    assert hint["reason"]
    assert snapshot(w) == before  # a hint changes nothing
    assert page.request("move", move=hint["move"])["ok"]
    assert w.assist == {}  # it was about the position before


@pytest.mark.no_pyodide("sends a signal")
def test_an_interrupted_hint_is_answered_and_marks_nothing():
    import signal

    w = SolitaireWidget("leap_year", seed=0)
    w.hint_seconds = 30
    old = signal.signal(signal.SIGALRM, signal.default_int_handler)  # the alarm is the notebook's Interrupt
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        reply = Page(w).request("hint")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert reply["ok"] is False and reply["reason"] == "stopped: the hint was interrupted" and w.assist == {}


def test_a_hint_for_an_action_marks_the_stock():
    w = suit_order_bobby()
    Page(w).request("hint")
    assert w.assist["move"] == "draw" and w.assist["source"] == "stock" and w.assist["target"] == ""


def test_a_hint_to_redeal_in_cruel_marks_no_pile():
    # Cruel has no stock: the page marks the Redeal button instead.  After
    # t0 t4 in seed 24 a redeal is the only move, whatever the search finds.
    w = SolitaireWidget("cruel", seed=24)
    w.hint_seconds = None
    page = Page(w)
    assert page.request("move", move="t0 t4")["ok"]
    assert [str(move) for move in w.game.legal_moves()] == ["redeal"]
    assert page.request("hint")["ok"]
    assert (w.assist["move"], w.assist["source"], w.assist["target"]) == ("redeal", "", "")


def test_solve_searches_in_a_worker_and_play_it_out_wins_through_the_engine():
    w = suit_order_bobby()
    w.play_pace = 0.0
    page = Page(w)
    changes: list[str] = []
    w.game.observe(lambda game, change: changes.append(change.kind))
    assert page.request("solve")["ok"]
    assert w.wait()
    assert w.assist == {"kind": "solve", "state": "won", "text": f"winnable in {LINE} moves", "moves": LINE,
                        "states": w.assist["states"], "version": w.version}
    assert w.game.history == ()  # the search played on a copy
    assert page.request("play_out")["ok"]
    assert w.wait()
    assert w.game.status == "won" and w.assist["state"] == "won" and w.assist["done"] == LINE
    assert changes == ["play"] * LINE  # every move went through the engine like any other
    assert_mirrors_engine(w)
    reply = page.request("solve")
    assert not reply["ok"] and reply["reason"] == "nothing to solve: the game is won"


def test_the_kernel_answers_while_a_solve_runs_and_stop_ends_it():
    w = undecided()
    w.solve_seconds = 600.0  # only the stop can end it
    page = Page(w)
    assert page.request("solve")["ok"]
    assert w.assist["state"] == "running" and w.assist["version"] == w.version
    reply = page.request("explain", pile="t0")  # answered at once, the search still running
    assert reply["ok"] and w._help._task is not None and w._help._task.running
    refused = page.request("hint")
    assert not refused["ok"] and refused["reason"] == "refused: a solve is running; Stop ends it"
    assert page.request("stop")["ok"]
    assert w.wait(60)
    assert w.assist["state"] == "unknown" and w.assist["text"] == "stopped before a verdict"
    assert w.game.history == ()


def test_a_solve_that_runs_out_of_time_says_so():
    w = undecided()
    w.solve_seconds = 0.2
    Page(w).request("solve")
    assert w.wait()
    assert w.assist["state"] == "unknown"
    assert re.fullmatch(r"not decided in 0\.2 s: the best line found gets \d+ of 104 cards home", w.assist["text"])


def test_a_move_during_a_solve_makes_its_verdict_stale():
    w = undecided()
    w.solve_seconds = 600.0
    page = Page(w)
    page.request("solve")
    move = str(w.game.legal_moves()[0])
    assert page.request("move", move=move)["ok"]  # the player takes over: the solve stops
    assert w.wait(60)
    assert w.assist["state"] == "stale" and w.assist["version"] == w.version
    assert [str(m) for m in w.game.history] == [move]


def test_no_win_exists_and_refusals():
    w = SolitaireWidget(sw.Cruel(deck=sw.standard_deck()))  # no card can move: lost at once
    page = Page(w)
    reply = page.request("hint")
    assert not reply["ok"] and "lost" in reply["reason"]
    reply = page.request("play_out")
    assert not reply["ok"] and reply["reason"] == "nothing to play out: Solve first, and wait for a winning line"
    assert w.message == reply["reason"] and w.message_kind == "error"


@pytest.mark.parametrize("content, reason", [
    ({"request": "solve"}, "refused: the request carries no state version"),
    ({"request": "hint", "version": -3}, "refused: the table changed before this hint arrived"),
    ({"request": "play_out", "version": True}, "refused: the request carries no state version"),
    ({"request": "solve!", "version": 0}, "refused: unknown request 'solve!'"),
])
def test_malformed_assist_requests_are_refused_with_a_reason(content, reason):
    w = suit_order_bobby()
    page = Page(w)
    before = snapshot(w)
    page.raw({**content, "id": "x-1"})
    reply = page.replies[-1]
    assert reply["id"] == "x-1" and not reply["ok"] and reply["reason"].startswith(reason)
    assert snapshot(w)[:3] == before[:3] and w.assist == {} and w._help._task is None


def test_a_stop_request_is_answered_when_nothing_runs():
    w = suit_order_bobby()
    page = Page(w)
    page.raw({"request": "stop", "id": "s-1"})  # honoured whatever version the page saw
    assert page.replies[-1]["ok"]


@pytest.mark.no_pyodide("waits for the play-out's thread")
def test_a_stop_during_play_it_out_stops_it_between_moves():
    w, page = solved(pace=0.02)
    three = threading.Event()
    w.observe(lambda change: three.set() if change["new"].get("done", 0) >= 3 else None, names="assist")
    page.request("play_out")
    assert three.wait(60)
    assert page.request("stop")["ok"]
    assert w.wait()
    played = len(w.game.history)
    assert 3 <= played < LINE
    assert w.assist == {"kind": "play", "state": "stopped", "done": played, "moves": LINE,
                        "text": f"play-out stopped after {played} moves", "version": w.version}
    assert_mirrors_engine(w)


def test_a_move_from_code_ends_a_play_out():
    w, page = solved(pace=0.02)
    page.request("play_out")
    with w._lock:  # between two moves of the play-out
        w.game.undo() if w.game.history else w.game.play("draw")
    assert w.wait()
    assert w.assist["state"] in ("stopped", "changed") and w.game.status == "playing"
    assert_mirrors_engine(w)


def test_background_solve_searches_a_copy_and_play_reports_a_refused_move():
    game = sw.Bobby(deck=sw.standard_deck())
    found: list = []
    task = solve_in_background(game, on_done=found.append, time_limit=None, max_states=1000)
    game.play("draw")  # the search does not see it: it copied the deal first
    assert task.wait(30) and found[0].status == "won" and len(found[0].moves) == LINE
    ends: list[str] = []
    line = found[0].moves
    task = play_in_background(game, line, pace=0.0, on_done=ends.append)  # one draw too late
    assert task.wait(30) and ends == ["failed"]
    # It played the line up to its first refused move, and stopped there.
    played = list(game.history[1:])
    assert played == list(line[:len(played)]) and len(played) < LINE
    assert game.why_illegal(line[len(played)]) is not None


def test_play_it_out_reports_every_move_and_its_end_exactly():
    w, page = solved(pace=0.0)
    seen: list[dict] = []
    w.observe(lambda change: seen.append(dict(change["new"])), names="assist")
    assert page.request("play_out")["ok"]
    assert w.wait()
    playing = {"kind": "play", "state": "playing", "moves": LINE, "text": "playing it out"}
    assert seen == ([{**playing, "done": i, "version": i} for i in range(LINE + 1)]
                    + [{**playing, "state": "won", "done": LINE, "text": "played out: won", "version": LINE}])
    w.game.undo()  # a change after the play-out clears its report
    assert w.assist == {}


def test_solve_reports_running_then_a_proven_loss_word_for_word():
    # 4♠ may go onto 5♠ and back by redeals, but no 2♠ exists: no win, and the
    # search proves it by running out of positions.
    w = SolitaireWidget(arrange(sw.Cruel(seed=0), {"t0": cards("5♠"), "t1": cards("4♠"), "f0": cards("A♠")}))
    assert (w.hint_seconds, w.solve_seconds, w.play_pace) == (0.3, 5.0, 0.4)  # the documented defaults
    page = Page(w)
    seen: list[dict] = []
    w.observe(lambda change: seen.append(dict(change["new"])), names="assist")
    assert page.request("solve")["ok"]
    assert w.wait()
    assert seen[0] == {"kind": "solve", "state": "running", "text": "solving (at most 5 s)", "version": 0}
    assert w.assist == {"kind": "solve", "state": "lost", "moves": 0,
                        "text": "no win exists from here: every line was searched",
                        "states": w.assist["states"], "version": 0}
    assert w.assist["states"] > 1


def test_solve_says_why_a_deal_dead_from_the_start_has_no_win():
    # Cruel seed 4 deals K♠ over 7♠ into t0's first four: proved lost at once.
    w = SolitaireWidget(sw.Cruel(seed=4))
    page = Page(w)
    assert page.request("solve")["ok"]
    assert w.wait()
    assert w.assist["state"] == "lost" and w.assist["states"] == 1
    assert w.assist["text"] == ("no win exists from here: K♠ can never leave t0, as it covers 7♠ (so it cannot "
                                "go home) and a king goes onto no card, and every redeal deals it back there")
    # the page marks the two cards the reason is about, by id
    assert [str(sw.Card.from_id(c)) for c in w.assist["cards"]] == ["K♠", "7♠"]


def test_a_move_during_a_solve_says_the_solve_stopped():
    w = undecided()
    w.solve_seconds = 600.0
    page = Page(w)
    page.request("solve")
    page.request("move", move=str(w.game.legal_moves()[0]))
    assert w.wait(60)
    assert w.assist == {"kind": "solve", "state": "stale", "text": "solve stopped: the game changed",
                        "version": w.version}


@pytest.mark.no_pyodide("holds the table's lock against the play-out's thread")
def test_requests_during_a_play_out_are_refused_and_moves_wait_for_the_table_lock():
    w, page = solved(pace=0.0)
    with w._lock:  # the play-out takes the table's lock for each move: it cannot start one now
        assert page.request("play_out")["ok"]
        refused = page.request("hint")
        assert not refused["ok"] and refused["reason"] == "refused: Play it out is running; Stop ends it"
        played = len(w.game.history)
        assert not w.wait(0.2)  # wait gives up after its timeout while the play-out is held
        assert len(w.game.history) == played
    assert w.wait() and w.game.status == "won"


def test_a_finished_solve_is_cleared_by_the_next_move_and_a_code_move_ends_a_play_out_as_stopped():
    w, page = solved(pace=0.02)
    assert w.assist["state"] == "won"
    w.game.play("draw")  # the verdict was about the position before
    assert w.assist == {}
    w.game.undo()
    page.request("solve")
    w.wait()
    page.request("play_out")
    with w._lock:
        w.game.undo() if w.game.history else w.game.play("draw")
    assert w.wait()
    assert w.assist["kind"] == "play" and w.assist["state"] == "stopped"


def test_the_table_forwards_its_search_budgets(monkeypatch):
    import solitaire_widgets.assist.help as assist_module

    w = undecided()
    w.hint_seconds, w.solve_seconds = 0.05, 0.07
    seen: dict = {}
    real_hint, real_solve = w.game.hint, assist_module.solve_in_background
    monkeypatch.setattr(w.game, "hint", lambda **kw: seen.setdefault("hint", kw) and real_hint(**kw))
    monkeypatch.setattr(assist_module, "solve_in_background",
                        lambda game, **kw: seen.setdefault("solve", kw) and real_solve(game, **kw))
    page = Page(w)
    page.request("hint")
    page.request("solve")
    assert w.wait()
    assert seen["hint"] == {"time_limit": 0.05} and seen["solve"]["time_limit"] == 0.07


def test_a_new_table_is_not_in_replay_mode():
    assert SolitaireWidget("cruel", seed=1).replay is False


# --- the winning line stays while the game is on it (Play it out after a hint, a stop, its own moves) ---

@pytest.mark.no_pyodide("waits for the play-out's thread")
def test_the_winning_line_survives_a_hint_a_stop_and_its_own_moves_and_ends_off_the_line():
    w, page = solved(pace=0.02)
    assert w.line == LINE
    assert page.request("hint")["ok"] and w.assist["kind"] == "hint"
    assert w.line == LINE  # a hint is not a move: the line still applies
    assert page.request("move", move="draw")["ok"]  # the line's first move, by hand
    assert w.line == LINE - 1
    three = threading.Event()
    w.observe(lambda change: three.set() if change["new"].get("done", 0) >= 3 else None, names="assist")
    assert page.request("play_out")["ok"]  # what is left of the line
    assert three.wait(60) and page.request("stop")["ok"] and w.wait()
    left = LINE - len(w.game.history)
    assert w.assist["state"] == "stopped" and w.line == left > 0
    assert page.request("undo")["ok"] and w.line == left + 1  # back along the line: still on it
    assert page.request("play_out")["ok"] and w.wait()
    assert w.game.status == "won" and w.line == 0


def test_leaving_the_line_or_a_new_deal_drops_it():
    w, page = solved(pace=0.0)
    assert page.request("move", move="draw")["ok"] and w.line == LINE - 1
    assert w.game.is_legal("draw")
    assert page.request("move", move="draw")["ok"] and w.line == 0  # the line sends the card home first
    reply = page.request("play_out")
    assert not reply["ok"] and reply["reason"] == "nothing to play out: Solve first, and wait for a winning line"
    assert page.request("undo")["ok"] and w.line == LINE - 1  # back on it
    w.game.restart()
    assert w.line == LINE
    w.game.new_deal(seed=5)  # another deal: the line was about this one
    assert w.line == 0
    w.game.resume(w.earlier_deals[-1])  # even the same deal back: Solve again
    assert w.line == 0


@pytest.mark.no_pyodide("starts a thread")
def test_the_solver_threads_are_plain_outside_marimo():
    from solitaire_widgets.assist.help import _host_thread

    assert _host_thread() is threading.Thread


# --- the table's settings are refused when set, not when a button is pressed ----------------------
# solve_seconds = 0 used to be taken and leave the table "solving" for ever.
@pytest.mark.parametrize("setting, bad, words", [
    ("solve_seconds", 0, "a positive number of seconds"),
    ("solve_seconds", -1.5, "a positive number of seconds"),
    ("solve_seconds", None, "a positive number of seconds"),
    ("solve_seconds", float("nan"), "a positive number of seconds"),
    ("hint_seconds", "x", "a positive number of seconds or None (no limit)"),
    ("hint_seconds", -1, "a positive number of seconds or None (no limit)"),
    ("hint_seconds", True, "a positive number of seconds or None (no limit)"),
    ("watch_seconds", 0, "a positive number of seconds"),
    ("play_pace", -5, "a number of seconds from 0 up"),
    ("play_pace", float("inf"), "a number of seconds from 0 up"),
    ("play_pace", "0.4", "a number of seconds from 0 up"),
])
def test_a_bad_setting_is_refused_when_set_naming_it_and_nothing_changes(setting, bad, words):
    import traitlets

    w = SolitaireWidget("cruel", seed=1)
    before = getattr(w, setting)
    with pytest.raises(traitlets.TraitError) as refused:
        setattr(w, setting, bad)
    assert str(refused.value) == f"{setting} must be {words}, not {bad!r}"
    assert getattr(w, setting) == before


def test_good_settings_are_kept_as_plain_floats():
    w = SolitaireWidget("cruel", seed=1)
    w.solve_seconds, w.hint_seconds, w.watch_seconds, w.play_pace = 2, None, float("inf"), 0
    assert (w.solve_seconds, w.hint_seconds, w.watch_seconds, w.play_pace) == (2.0, None, float("inf"), 0.0)
    assert type(w.solve_seconds) is float and type(w.play_pace) is float
    assert "solve_seconds" not in w.keys  # a kernel-side setting: the page never sees it
