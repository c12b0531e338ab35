"""The solver as a teacher on the table, through the widget's real comm
message path: New deal's winnable deals (searched in the background, with a
progress note; Stop ends the search), the guard (a move that gives up the
win is questioned before it is played; the reply waits for the check),
What went wrong? (the analysis of a lost game, its report and picture, the
losing move shown on the table) and puzzle mode.

The games are Cruel deals whose verdicts are known (tests/test_lessons.py
proves them with the solver alone): seed 2 lost by its eighth move, seed 6
winnable, and its puzzle after 32 moves.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_widget_protocol import Page, assert_mirrors_engine

import solitaire_widgets as sw
from solitaire_widgets.solver import deals
from solitaire_widgets.widget import SolitaireWidget

pytestmark = pytest.mark.usefixtures("typed_assist")  # every assist value of its kind's type

LESSON = ["t7 t2", "t3 t2", "redeal", "t0 t3", "t5 t3", "t5 f2", "t6 t3", "redeal"]  # Cruel seed 2: move 8 loses
WARNING = "The move redeal gives up the win: no win is left after it (no legal move is left); t6 t11 keeps it."


def lesson_table(moves: int, **kwargs: Any) -> tuple[SolitaireWidget, Page]:
    w = SolitaireWidget("cruel", seed=2, **kwargs)
    w.guard_seconds = 4.0  # a busy machine still decides Cruel's checks in time (the page waits 5 s)
    for move in LESSON[:moves]:
        w.game.play(move)
    return w, Page(w)


def send(page: Page, kind: str, **fields: Any) -> str:
    """Send a request whose reply may come later (the guard's); its id."""
    page._next_id += 1
    request_id = f"view-{page._next_id}"
    page.raw({"request": kind, "version": page.widget.version, "id": request_id, **fields})
    return request_id


def reply_to(page: Page, request_id: str) -> dict:
    assert page.widget.wait(30)
    [reply] = [r for r in page.replies if r.get("id") == request_id]
    return reply


@pytest.fixture(scope="module")
def puzzle() -> sw.Puzzle:
    [found] = sw.puzzles("cruel", 1, seed=6)
    return found


# --- New deal: winnable deals ------------------------------------------------------------------
def test_new_deal_on_a_winnable_table_searches_in_the_background_and_deals_a_won_deal(monkeypatch):
    monkeypatch.setattr(deals.secrets, "randbelow", lambda _n: 4)  # the search starts at seed 4: 4 and 5 are lost
    monkeypatch.setattr("solitaire_widgets.assist.help.PROGRESS_EVERY", 0.0)
    w = sw.play("cruel", seed=0, winnable=True)
    assert w.winnable and w.game.winning_line and w.line == len(w.game.winning_line)
    page = Page(w)
    seen: list[dict] = []
    w.observe(lambda change: seen.append(change["new"]), names="assist")
    old = w.game.seed
    reply = page.request("new_deal")
    assert reply["ok"] and w.assist["kind"] == "winnable"  # answered at once: the search runs beside
    assert w.wait(60)
    assert w.assist["state"] == "done" and w.game.seed == 6 and w.game.history == ()
    assert w.assist["text"] == "a winnable deal, seed 6: the solver won it in 65 moves (3 deals tried)"
    assert [a["text"] for a in seen if a.get("state") == "running"] == [
        "looking for a winnable deal (Stop ends the search)",
        "looking for a winnable deal: 1 deal tried in " + seen[1]["text"].split(" in ")[1],
        "looking for a winnable deal: 2 deals tried in " + seen[2]["text"].split(" in ")[1]]
    assert w.line == 65 and w.counters["seed"] == 6  # Play it out can play the won line at once
    assert_mirrors_engine(w)
    assert page.request("undo")["ok"] and w.game.seed == old  # Undo brings the earlier deal back


def test_a_classic_game_gets_winnable_deals_on_the_table_too():
    w = sw.play(sw.FreeCell, seed=1, winnable=True)  # (seed 1 is won within the 5,000 positions a seed gets)
    assert w.game.seed == 1 and w.line == len(w.game.winning_line) > 0
    page = Page(w)
    assert page.request("new_deal")["ok"] and w.wait(60)
    assert w.assist["state"] == "done" and w.game.seed != 1 and w.game.winning_line
    won = w.game.copy()
    for move in w.game.winning_line:
        won.play(move)
    assert won.status == "won"


def test_a_winnable_new_deal_built_from_a_win_is_dealt_from_its_card_order(monkeypatch):
    monkeypatch.setattr(deals.secrets, "randbelow", lambda _n: 2)  # the solver wins the first deal built from 2
    w = sw.play("pyramid", seed=0, passes="1")
    w.winnable = True
    page = Page(w)
    assert page.request("new_deal")["ok"] and w.wait(60)
    assert w.assist["state"] == "done" and w.game.seed is None and len(w.game.deck) == 52
    assert w.assist["text"].startswith("a winnable deal, built from a win: the solver won it in ")
    assert w.line == len(w.game.winning_line) > 0 and w.counters["seed"] is None
    won = w.game.copy()
    for move in w.game.winning_line:
        won.play(move)
    assert won.status == "won"
    assert_mirrors_engine(w)
    built = w.counters["deal"]  # the page tells this deal from the next one built, neither with a seed
    monkeypatch.setattr(deals.secrets, "randbelow", lambda _n: 3)
    assert page.request("new_deal")["ok"] and w.wait(60)
    assert w.game.seed is None and w.counters["deal"] != built
    assert page.request("undo")["ok"] and w.counters["deal"] == built
    assert page.request("undo")["ok"] and w.game.seed == 0 and "deal" not in w.counters  # the earlier deal back


def test_stop_ends_the_search_for_a_winnable_deal_and_the_deal_stays():
    w = SolitaireWidget("leap_year", seed=3)
    w.winnable = True
    w.difficulty = "expert"  # rare: the search runs until stopped
    page = Page(w)
    assert page.request("new_deal")["ok"] and w.assist["state"] == "running"
    refused = page.request("hint")
    assert not refused["ok"] and refused["reason"] == (
        "refused: the search for a winnable deal is running; Stop ends it")
    assert page.request("stop")["ok"] and w.wait(30)
    assert w.assist["state"] == "stopped" and w.assist["text"] == "stopped: no new deal, this one stays"
    assert w.game.seed == 3 and w.game.history == ()
    w.deal_seconds = 0.05  # and a search that runs out of time says so
    assert page.request("new_deal")["ok"] and w.wait(30)
    assert w.assist["state"] == "failed" and w.assist["text"].startswith("no new deal: no expert winnable Leap Year")
    assert w.game.seed == 3


def test_the_page_turns_winnable_deals_and_the_guard_on_and_off_and_bad_values_are_refused():
    w = SolitaireWidget("cruel", seed=1)
    page = Page(w)
    assert (w.winnable, w.guard, w.difficulty) == (False, False, "")  # off by default
    assert page.request("winnable", on=True)["ok"] and w.winnable
    assert page.request("guard", on=True)["ok"] and w.guard
    assert page.request("guard", on=False)["ok"] and not w.guard
    bad = page.request("winnable", on=1)
    assert not bad["ok"] and bad["reason"] == "refused: a winnable request needs on: true or false"
    with pytest.raises(Exception, match="difficulty must be one of easy, medium, hard, expert or '' \\(any\\)"):
        w.difficulty = "tricky"
    with pytest.raises(ValueError, match="difficulty grades winnable deals: pass winnable=True"):
        SolitaireWidget("cruel", difficulty="hard")
    with pytest.raises(TypeError, match="guard must be True or False"):
        SolitaireWidget("cruel", guard="on")


# --- the guard ----------------------------------------------------------------------------------------
def test_the_guard_questions_a_move_that_gives_up_the_win_before_it_is_played():
    w, page = lesson_table(7, guard=True)
    before = w.game.key()
    request = send(page, "move", move="redeal")
    assert w.assist["state"] == "checking" and not any(r["id"] == request for r in page.replies)
    reply = reply_to(page, request)  # the reply waits for the check
    assert not reply["ok"] and reply["reason"] == WARNING
    assert reply["guard"] == {"move": "redeal", "better": "t6 t11", "ask": "Play redeal anyway?"}
    assert w.game.key() == before and len(w.game.history) == 7 and w.message == ""  # nothing played
    assert w.assist["kind"] == "guard" and w.assist["state"] == "warned"
    assert (w.assist["better"], w.assist["source"], w.assist["target"]) == ("t6 t11", "t6", "t11")
    # played anyway, once the player says so
    assert page.request("move", move="redeal", confirmed=True)["ok"] and w.game.status == "lost"


def test_the_guard_plays_a_move_that_keeps_the_win_and_then_follows_the_line_it_found():
    w, page = lesson_table(7, guard=True)
    reply = reply_to(page, send(page, "move", move="t6 t11"))
    assert reply["ok"] and str(w.game.last_move) == "t6 t11" and w.line > 0
    follow = w._help._lines.ahead(w.game)[0]  # the line the check found: its next move is played at once
    reply = page.request("move", move=follow)
    assert reply["ok"] and str(w.game.last_move) == follow
    assert w._help._task_kind == "guard" and not w._help._task.running
    illegal = page.request("move", move="t0 f0")
    assert not illegal["ok"] and "f0" in illegal["reason"]  # the engine's reason, at once
    assert_mirrors_engine(w)


def test_the_guard_is_off_by_default_and_a_move_is_played_at_once():
    w, page = lesson_table(7)
    assert page.request("move", move="redeal")["ok"] and w.game.status == "lost"


def test_a_guard_whose_game_changed_meanwhile_refuses_the_stale_move():
    w, page = lesson_table(7, guard=True)
    w.guard_seconds = 30.0
    request = send(page, "move", move="redeal")
    w.game.play("t6 t11")  # from code, before the check ends: the check stops
    reply = reply_to(page, request)
    assert not reply["ok"] and reply["reason"] == ("refused: the table changed while the guard checked this "
                                                   "move; try again")
    assert str(w.game.last_move) == "t6 t11"


# --- What went wrong? ----------------------------------------------------------------------------------
def test_what_went_wrong_analyses_a_lost_game_and_shows_the_losing_move_on_the_table():
    w, page = lesson_table(8)
    assert w.status == "lost"
    assert page.request("analyse")["ok"] and w.assist["kind"] == "analyse" and w.assist["state"] == "running"
    assert w.wait(60)
    report = w.analysis
    assert w.assist == {"kind": "analyse", "state": "done", "text": "Move 8, redeal, gave up the win.",
                        "version": w.version}
    assert report["headline"] == "Move 8, redeal, gave up the win." and report["title"] == "Cruel seed 2, 8 moves, lost"
    assert report["details"][0] == ("Moves 1–7 kept a win possible; after move 8, redeal (deals the cards again), "
                                    "no win was left: no legal move is left.")
    assert (report["losing_move"], report["played"], report["better"]) == (7, "redeal", "t6 t11")
    assert report["verdicts"] == {"won": 8, "lost": 1, "unknown": 0}
    assert report["picture"].startswith("<svg") and 'data-mistake="redeal"' in report["picture"]
    assert 'data-arrow="t6 t11"' in report["picture"] and report["caption"].startswith("Move 8: played redeal")
    # Show on the table: back to the position before it (Redo brings the moves back), both moves marked
    assert page.request("show_mistake")["ok"]
    assert len(w.game.history) == 7 and [str(m) for m in w.game.redo_moves] == ["redeal"]
    mark = w.assist
    assert (mark["kind"], mark["move"], mark["better"], mark["source"], mark["target"]) == (
        "mistake", "redeal", "t6 t11", "t6", "t11")
    assert mark["text"] == "before move 8: redeal (red, dashed) gave up the win; t6 t11 (marked as a hint) keeps it"
    assert w.analysis == report  # the moves analysed are still the game's (played and to redo)
    assert page.request("move", move="t6 t11")["ok"]  # another line of play: the report is about moves gone
    assert w.analysis == {} and w.assist == {}


def test_what_went_wrong_needs_moves_says_when_it_was_stopped_and_never_calls_undecided_lost():
    w = SolitaireWidget("leap_year", seed=3)
    page = Page(w)
    refused = page.request("analyse")
    assert not refused["ok"] and refused["reason"] == "nothing to analyse: no move has been played"
    for _ in range(30):
        w.game.play(w.game.legal_moves()[0])
    w.analyse_seconds = 600.0  # only the stop ends it
    assert page.request("analyse")["ok"] and page.request("stop")["ok"] and w.wait(60)
    report = w.analysis
    assert w.assist["state"] == "stopped" and report["stopped_by"] == "stopped"
    assert report["verdicts"]["lost"] == 0 and report["losing_move"] is None and "picture" not in report
    assert report["details"][-1].endswith("stopped by stop() before deciding the rest.")


def test_a_new_deal_forgets_the_analysis():
    w, page = lesson_table(8)
    page.request("analyse")
    assert w.wait(60) and w.analysis
    assert page.request("new_deal")["ok"] and w.analysis == {}
    assert not page.request("show_mistake")["ok"]


# --- puzzle mode ----------------------------------------------------------------------------------------------
def test_a_table_set_to_a_puzzle_says_whether_the_move_was_the_one(puzzle):
    w = sw.play(puzzle)
    page = Page(w)
    assert w.current_puzzle is puzzle and w.features["puzzle"] is True
    assert w.puzzle == {"title": "Cruel seed 6, after move 31", "state": "asking", "text": "",
                        "question": "Find the one move that keeps the win (2 legal moves)."}
    assert w.game.key() == puzzle.game.key() and w.line == len(puzzle.line)  # hints follow its line
    wrong = next(iter(puzzle.others))
    assert page.request("move", move=str(wrong))["ok"]
    assert w.puzzle["state"] == "wrong" and w.puzzle["move"] == str(wrong)
    assert w.puzzle["text"] == puzzle.verdict(wrong) and w.puzzle["text"].startswith(f"Not this one: {wrong} (")
    assert page.request("undo")["ok"] and w.puzzle["state"] == "asking"
    assert page.request("puzzle_answer")["ok"]
    assert w.puzzle["answer"] == "redeal" and w.puzzle["answer_text"] == puzzle.answer_text()
    assert w.assist["kind"] == "hint" and w.assist["move"] == "redeal" and w.assist["winning"] is True
    assert page.request("move", move="redeal")["ok"]
    assert w.puzzle["state"] == "right" and w.puzzle["text"].startswith("Right: redeal is the one move")
    assert page.request("new_deal")["ok"] and w.puzzle == {} and "puzzle" not in w.features


def test_puzzle_requests_on_a_plain_table_are_refused():
    w = SolitaireWidget("cruel", seed=1)
    reply = Page(w).request("puzzle_answer")
    assert not reply["ok"] and reply["reason"] == "refused: this table is not set to a puzzle"
    with pytest.raises(TypeError, match="set_puzzle needs a Puzzle"):
        w.set_puzzle(w.game)


def test_a_failing_background_search_is_said_on_the_page_and_the_guard_still_answers(monkeypatch, caplog):
    from solitaire_widgets.solver import analysis

    def broken(*args: Any, **kwargs: Any) -> Any:  # fails in the worker, at its first slice
        raise RuntimeError("broken on purpose")
        yield  # (unreachable: makes it a generator of slices)

    w, page = lesson_table(8)
    monkeypatch.setattr(analysis, "_analyse", broken)
    assert page.request("analyse")["ok"] and w.wait(30)
    assert w.assist["state"] == "failed" and w.assist["text"] == (
        "the analysis failed (RuntimeError: see the log); nothing changed")
    assert "the solver's worker failed" in caplog.text
    w, page = lesson_table(7, guard=True)
    monkeypatch.setattr(analysis, "_check_move", broken)
    reply = reply_to(page, send(page, "move", move="redeal"))
    assert not reply["ok"] and reply["reason"] == ("internal error while the guard checked this move "
                                                   "(RuntimeError); it was not played")
    assert len(w.game.history) == 7 and w.assist == {}
