"""The solver as a teacher in a real JupyterLab in Chromium: a lost game
played to its end on the page, then "What went wrong?" from the end-of-game
banner, the analysis read as the page shows it (words and picture), and the
losing move shown on the table; the guard questioning a move that gives up
the win; New deal dealing a winnable deal with its progress note, and Stop
ending such a search; a table set to a puzzle saying whether the move was
the one.  After each step the kernel is read back and the page must show
what ``widget.game`` holds.

Cruel seed 2 is lost by its eighth move, a redeal after which no move is
left (tests/test_lessons.py proves it with the solver alone).
"""

from __future__ import annotations

import harness as h
import pytest
from table import IN_VIEW_JS, VIEW

pytestmark = pytest.mark.browser

LESSON = ["t7 t2", "t3 t2", "redeal", "t0 t3", "t5 t3", "t5 f2", "t6 t3", "redeal"]


def kernel(table, expr: str):
    return table.nb.kernel_json(f"_sw_emit({expr})")


def wait_text(table, selector: str, text: str, timeout: float = 30_000) -> None:
    table.page.wait_for_function(
        "([c, sel, s]) => (c.querySelector(sel)?.textContent || '').includes(s)",
        arg=[table.handle(VIEW), selector, text], timeout=timeout, polling="raf")


def play_on_the_page(table, moves: list[str]) -> dict:
    """Each move by the page's own gestures: a card dragged, a redeal by its button."""
    state = table.state()
    for move in moves:
        before = state["version"]
        if " " in move:
            table.drag(*move.split())
        else:
            table.button("redeal")
        table.wait_version_change(before)
        state = table.settled()
        assert state["history"][-1] == move, f"the page played {state['history'][-1]}, not {move}"
    return state


def test_a_lost_game_played_on_the_page_is_analysed_by_what_went_wrong(table):
    table.new('sw.SolitaireWidget("cruel", seed=2)')
    state = play_on_the_page(table, LESSON)
    assert state["status"] == "lost" and state["history"] == LESSON
    banner = table.cell(VIEW).locator(".sw-banner")
    banner.wait_for()
    assert banner.get_attribute("data-result") == "lost"
    banner.locator('[data-banner-action="analyse"]').click()
    panel = table.cell(VIEW).locator('.sw-panel[data-panel="analyse"]')
    panel.wait_for()
    wait_text(table, ".sw-analysis-head", "Move 8, redeal, gave up the win.")
    report = kernel(table, "w.analysis")
    text = panel.inner_text()
    assert report["title"] in text and all(line in text for line in report["details"])
    assert "Better: t6 t11 (moves 8♦ onto 9♦ (t11) and frees 6♣ in t6)" in text
    # the picture of the position before the losing move, drawn by the browser from the kernel's SVG
    img = panel.locator("img.sw-analysis-picture")
    assert img.evaluate("el => el.complete && el.naturalWidth") > 0
    assert img.get_attribute("alt").startswith(report["caption"])
    assert report["caption"] == "Move 8: played redeal (red, dashed), which gave up the win; t6 t11 (yellow) keeps it."
    # shown on the table: back to the position before it, both moves marked
    before = table.state()["version"]
    panel.locator('[data-lesson="show"]').click()
    table.wait_version_change(before)
    state = table.settled()
    assert state["history"] == LESSON[:7] and state["status"] == "playing"
    table.wait_class("t6", "sw-hinted")
    assert "sw-hint-target" in table.pile_classes("t11")
    redeal = table.cell(VIEW).locator('button[data-action="redeal"]')
    assert "sw-mistake" in (redeal.get_attribute("class") or "")
    wait_text(table, ".sw-assist", "Before move 8: redeal (red, dashed) gave up the win; t6 t11 (marked as a hint)")
    assert panel.is_visible()  # the report stays: its moves are still the game's (Redo brings move 8 back)


def test_the_guard_questions_a_move_that_gives_up_the_win(table):
    """A card dragged where the win is lost goes back, and the question
    shows where the player is looking: over the felt, in view in a 1,400 x
    900 JupyterLab whose pane the table fills (it sat under the buttons, its
    top at y 894); taken back, nothing is played.  A redeal that loses is
    questioned clear of the better move's marks, and played when asked; a
    move that keeps the win is played after the check."""
    page = table.page
    page.set_viewport_size({"width": 1400, "height": 900})
    try:
        table.new('sw.SolitaireWidget(sw.puzzles("cruel", 1, seed=6)[0], guard=True)')
        table.bring_into_view()
        # the puzzle's question is over the felt; the felt filling the pane, it shows on the felt too
        said = table.cell(VIEW).locator(".sw-puzzle-ask, .sw-message").filter(has_text="Find the one move")
        table.page.wait_for_function(
            f"c => [...c.querySelectorAll('.sw-puzzle-ask, .sw-message')].some(e => e.textContent.includes("
            f"'Find the one move') && ({IN_VIEW_JS})(e).inView)", arg=table.handle(VIEW), timeout=5_000)
        assert any(said.nth(i).is_visible() for i in range(said.count()))
        table.drag("t1", "t7")  # every line after it was searched: lost
        question = table.cell(VIEW).locator(".sw-confirm")
        question.wait_for(timeout=20_000)
        assert ("The move t1 t7 gives up the win: no win is left after it (every line was searched); redeal keeps "
                "it. Play t1 t7 anyway?") in question.inner_text()
        where = table.in_view(question)
        assert where["inView"], f"the guard's question is out of view: {where}"
        assert question.evaluate("q => !!q.closest('.sw-felt')")
        redeal = table.cell(VIEW).locator('button[data-action="redeal"]')
        assert "sw-hinted" in (redeal.get_attribute("class") or "")  # the move that keeps the win
        question.locator('[data-confirm="no"]').click()  # taken back: nothing played
        assert table.settled()["history"] == []
    finally:
        page.set_viewport_size(h.VIEWPORT)
    table.new('sw.SolitaireWidget("cruel", seed=2, guard=True)', pre_moves=LESSON[:7])
    table.nb.kernel_json("w.guard_seconds = 4.0\n_sw_emit(0)")
    guard = table.cell(VIEW).locator('button[data-action="guard"]')
    assert guard.get_attribute("aria-pressed") == "true"
    table.button("redeal")
    question.wait_for(timeout=20_000)
    warning = ("The move redeal gives up the win: no win is left after it (no legal move is left); "
               "t6 t11 keeps it. Play redeal anyway?")
    assert warning in question.inner_text()
    assert "sw-hinted" in table.pile_classes("t6") and table.settled()["history"] == LESSON[:7]
    # the question covers neither card of the move that keeps the win
    for pile in ("t6", "t11"):
        covers = question.evaluate("(q, p) => { const a = q.getBoundingClientRect(); const cards = "
                                   "q.closest('.sw-table').querySelectorAll(`.sw-pile[data-pile=\"${p}\"] .sw-card`); "
                                   "const b = cards[cards.length - 1].getBoundingClientRect(); return a.left < b.right "
                                   "&& b.left < a.right && a.top < b.bottom && b.top < a.bottom; }", pile)
        assert not covers, f"the question covers the top card of {pile}"
    question.locator('[data-confirm="yes"]').click()  # played anyway
    table.wait_idle()
    state = table.settled()
    assert state["history"] == LESSON and state["status"] == "lost"
    # a move that keeps the win is played after the check, and the guard turns off from its toggle
    table.button("undo")
    assert table.settled()["history"] == LESSON[:7]
    table.drag("t6", "t11")
    table.wait_idle()
    assert table.settled()["history"] == LESSON[:7] + ["t6 t11"]
    guard.click()
    table.page.wait_for_function("b => b.getAttribute('aria-pressed') === 'false'", arg=guard.element_handle())
    assert kernel(table, "w.guard") is False


def test_new_deal_deals_a_winnable_deal_and_stop_ends_a_long_search(table):
    table.new('sw.SolitaireWidget("cruel", seed=4)')
    table.button("winnable")
    table.page.wait_for_function(
        "c => c.querySelector('button[data-action=\"winnable\"]').getAttribute('aria-pressed') === 'true'",
        arg=table.handle(VIEW))
    assert kernel(table, "w.winnable") is True
    table.button("new")  # no move yet: deals at once
    wait_text(table, ".sw-assist", "A winnable deal, seed ")
    table.settled()
    game = kernel(table, "[w.game.seed, len(w.game.winning_line), w.line]")
    assert game[0] != 4 and game[1] == game[2] > 0
    assert f"seed {game[0]}" in table.cell(VIEW).locator(".sw-seed").inner_text()
    assert table.cell(VIEW).locator('button[data-action="play_out"]').is_enabled()  # its won line, at once
    # a search that takes long (expert Leap Year deals): the note says so, Stop ends it, the deal stays
    table.new('sw.SolitaireWidget("leap_year", seed=3)')
    table.nb.kernel_json('w.winnable, w.difficulty = True, "expert"\n_sw_emit(0)')
    wait_text(table, 'button[data-action="winnable"]', "Winnable (expert)")
    table.button("new")
    wait_text(table, ".sw-assist", "Looking for a winnable deal (expert)")
    stop = table.cell(VIEW).locator('button[data-action="solve"]')
    assert stop.inner_text() == "Stop"
    stop.click()
    wait_text(table, ".sw-assist", "Stopped: no new deal, this one stays")
    assert table.settled()["history"] == [] and kernel(table, "w.game.seed") == 3


def test_a_table_set_to_a_puzzle_says_whether_the_move_was_the_one(table):
    table.new('sw.SolitaireWidget(sw.puzzles("cruel", 1, seed=6)[0])')
    panel = table.cell(VIEW).locator('.sw-panel[data-panel="puzzle"]')
    panel.wait_for()
    ask = table.cell(VIEW).locator(".sw-puzzle-ask")
    assert "Find the one move that keeps the win (2 legal moves)." in ask.inner_text()
    table.drag("t1", "t7")  # the move a player without look-ahead makes
    wait_text(table, ".sw-puzzle-verdict", "Not this one: t1 t7")
    assert table.settled()["history"] == ["t1 t7"]
    table.button("undo")
    table.page.wait_for_function("c => !c.querySelector('.sw-puzzle-verdict')", arg=table.handle(VIEW))
    table.button("redeal")
    wait_text(table, ".sw-puzzle-verdict", "Right: redeal is the one move that keeps the win")
    assert table.settled()["history"] == ["redeal"]
