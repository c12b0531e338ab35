"""The solver's help in a real JupyterLab in Chromium: the Hint button and the
`h` key mark a legal move and say it in a sentence, Solve finds a win and
Play it out plays it on the page move by move (a click or any key stops it,
and does nothing else), a hint or a stopped play-out keeps the winning line,
and a code cell's observer sees every move the solver plays, with page ==
engine at the end."""

from __future__ import annotations

import time

import harness as h
import pytest
from table import VIEW

pytestmark = pytest.mark.browser

# The suit-order Bobby deck wins by drawing each card and sending it home;
# 88 of its 102 moves are played in code, so the page sees the last 14.
BOBBY = "sw.SolitaireWidget(sw.Bobby(deck=sw.standard_deck()))"
PLAYED_IN_CODE = ["draw", "waste f0"] * 44


def assist(table) -> dict:
    return table.nb.kernel_json("_sw_emit(w.assist)")


def wait_line(table, text: str, timeout: float = 20_000) -> None:
    table.page.wait_for_function(
        "([c, s]) => (c.querySelector('.sw-assist')?.textContent || '').includes(s)",
        arg=[table.handle(VIEW), text], timeout=timeout, polling="raf")


def test_hint_button_and_key_mark_a_legal_move(table):
    state = table.new('sw.SolitaireWidget("cruel", seed=7)')
    table.button("hint")
    table.page.wait_for_selector(".sw-pile.sw-hinted", timeout=10_000)
    hint = assist(table)
    assert hint["kind"] == "hint" and hint["move"] in state["legal"] and hint["version"] == state["version"]
    assert "sw-hinted" in table.pile_classes(hint["source"])
    assert "sw-hint-target" in table.pile_classes(hint["target"])
    source, target = hint["move"].split()
    card = table.nb.kernel_json(f"_sw_emit(str(w.game.top({source!r})))")
    reason = hint["reason"][0].upper() + hint["reason"][1:]
    wait_line(table, f"Hint: move {card} from {source} to {target}. {reason}.")
    # the move is played: the marks go; the h key asks again, in a 1,400 x 900 JupyterLab
    # whose pane the table fills: the hint's words show where the player looks (its line
    # under the buttons is out of view: they show on the felt too)
    table.drag(hint["source"], hint["target"])
    table.wait_class(hint["source"], "sw-hinted", present=False)
    state = table.check()
    assert state["history"] == [hint["move"]]
    table.focus_table()
    page = table.page
    page.set_viewport_size({"width": 1400, "height": 900})
    try:
        table.bring_into_view()
        page.keyboard.press("h")
        page.wait_for_selector(".sw-hinted", timeout=10_000)
        wait_line(table, "Hint: ")
        said = table.cell(VIEW).locator(".sw-assist, .sw-message").filter(has_text="Hint: ")
        deadline = time.monotonic() + 10  # (the felt's copy comes a frame or more after the line: a busy machine)
        while True:
            where = [table.in_view(said.nth(i)) | {"shown": said.nth(i).is_visible()} for i in range(said.count())]
            if any(w["inView"] and w["shown"] for w in where) or time.monotonic() > deadline:
                break
            page.wait_for_timeout(100)
        assert any(w["inView"] and w["shown"] for w in where), f"the hint's words are out of view: {where}"
    finally:
        page.set_viewport_size(h.VIEWPORT)
    again = assist(table)
    assert again["move"] in state["legal"] and again["version"] == state["version"]
    if again["source"]:
        assert "sw-hinted" in table.pile_classes(again["source"])
    else:  # the winning line goes on with a redeal: Cruel has no stock, so its button is marked
        button = table.cell(VIEW).locator(f'button[data-action="{again["move"]}"]')
        assert "sw-hinted" in (button.get_attribute("class") or "")


def test_solve_then_play_it_out_wins_on_the_page_and_a_click_stops_it(table):
    start = table.new(BOBBY, pre_moves=PLAYED_IN_CODE)["version"]
    table.button("solve")
    wait_line(table, "Winnable in 14 moves")
    play_out = table.cell(VIEW).locator('button[data-action="play_out"]')
    assert play_out.is_enabled()
    play_out.click()
    # a click on the felt after a few moves stops it
    table.page.wait_for_function(
        "([c, v]) => Number(c.querySelector('.sw-table')?.dataset.version) >= v",
        arg=[table.handle(VIEW), start + 3], timeout=20_000, polling="raf")
    table.click_pile("f1")
    wait_line(table, "Play-out stopped after")
    stopped = table.settled()
    done = len(stopped["history"]) - len(PLAYED_IN_CODE)
    assert 3 <= done < 14 and stopped["status"] == "playing"
    assert assist(table)["done"] == done
    # Solve again from here, and play it out to the win
    table.button("solve")
    wait_line(table, f"Winnable in {14 - done} moves")
    play_out.click()
    wait_line(table, "Played out: won", timeout=30_000)
    state = table.check()
    assert state["status"] == "won" and len(state["history"]) == 102


def test_solve_says_on_the_page_why_a_dead_deal_has_no_win_and_marks_its_cards(table):
    table.new('sw.SolitaireWidget("cruel", seed=4)')
    table.button("solve")
    wait_line(table, "No win exists from here: K♠ can never leave t0, as it covers 7♠")
    assert not table.cell(VIEW).locator('button[data-action="play_out"]').is_enabled()
    verdict = assist(table)
    assert verdict["state"] == "lost" and verdict["cards"] == [12, 6]  # K♠ and 7♠ (ids of a one-deck game)
    stuck = table.cell(VIEW).locator(".sw-card.sw-stuck")
    assert sorted(int(el.get_attribute("data-card")) for el in stuck.all()) == [6, 12]
    # a move on the page: the verdict was about the position before it, so the marks go
    table.drag("t3", "f2")
    table.page.wait_for_function("c => !c.querySelector('.sw-stuck')", arg=table.handle(VIEW), timeout=10_000)
    assert table.check()["history"] == ["t3 f2"]


def solve_suit_order_bobby(table, pace: float) -> int:
    """The suit-order Bobby deal 14 moves from its win, solved on the page; the table's version."""
    start = table.new(BOBBY, pre_moves=PLAYED_IN_CODE)["version"]
    table.nb.kernel_json(f"w.play_pace = {pace}\n_sw_emit(0)")
    table.button("solve")
    wait_line(table, "Winnable in 14 moves")
    return start


def wait_version_at_least(table, version: int) -> None:
    table.page.wait_for_function(
        "([c, v]) => Number(c.querySelector('.sw-table')?.dataset.version) >= v",
        arg=[table.handle(VIEW), version], timeout=20_000, polling="raf")


def test_any_key_stops_a_play_out_and_does_nothing_else_and_the_line_stays(table):
    start = solve_suit_order_bobby(table, pace=0.15)
    play_out = table.cell(VIEW).locator('button[data-action="play_out"]')
    # a hint does not take the winning line away
    table.button("hint")
    table.page.wait_for_selector(".sw-pile.sw-hinted", timeout=10_000)
    assert play_out.is_enabled()
    done = 0
    for key in ("ArrowRight", "Enter"):
        play_out.click()
        wait_version_at_least(table, start + done + 1)
        pile = table.cell(VIEW).locator('.sw-pile[data-pile="f0"]')
        pile.focus()
        table.page.keyboard.press(key)
        wait_line(table, "Play-out stopped after")
        # the key only stopped it: the focus stayed, nothing was picked up
        assert table.focused_pile() == "f0", key
        assert table.cell(VIEW).locator(".sw-selected").count() == 0, key
        state = table.settled()
        done = len(state["history"]) - len(PLAYED_IN_CODE)
        assert 1 <= done < 14 and state["status"] == "playing"
        # and the rest of the line can still be played out
        assert play_out.is_enabled(), f"Play it out greyed out after stopping with {key}"
    play_out.click()
    wait_line(table, "Played out: won", timeout=30_000)
    assert table.check()["status"] == "won"


def test_a_code_cells_observer_sees_every_move_of_a_play_out(table):
    solve_suit_order_bobby(table, pace=0.02)
    table.nb.kernel_json("seen = []\nw.game.observe(lambda game, change: seen.append(str(change.move)))\n_sw_emit(0)")
    table.cell(VIEW).locator('button[data-action="play_out"]').click()
    wait_line(table, "Played out: won", timeout=30_000)
    state = table.check()
    seen = table.nb.kernel_json("_sw_emit(seen)")
    assert seen == state["history"][len(PLAYED_IN_CODE):] and len(seen) == 14
