"""The table's teaching features in a real JupyterLab in Chromium: the Rules
panel (button and `r` key) and the options in the title line, Explain mode
(hover and keyboard focus, the engine's reasons as tooltips) and the Replay
bar (first, back, forward, last, the slider; a move after stepping back
branches)."""

from __future__ import annotations

import pytest
from table import DRIVER, VIEW

pytestmark = pytest.mark.browser


def panel(table, action: str):
    return table.cell(VIEW).locator(f'.sw-panel[data-panel="{action}"]')


def wait_version_after(table, older: int) -> dict:
    table.wait_version_change(older)
    return table.check()


def test_rules_panel_and_options_in_the_title_line(table):
    table.new('sw.SolitaireWidget("midshipman", seed=3, empty="king")')
    header = table.cell(VIEW).locator(".sw-header").inner_text()
    assert "build=different_suit, empty=king" in header
    table.button("rules")
    rules = panel(table, "rules")
    rules.wait_for()
    text = rules.inner_text()
    assert "Midshipman" in text and "An empty pile takes only a king." in text
    assert rules.locator("li strong").first.inner_text() == "Cards"
    assert rules.locator("img, script, a").count() == 0
    # the r key closes and opens it, with the focus on the table
    table.focus_table()
    table.page.keyboard.press("r")
    rules.wait_for(state="detached")
    table.page.keyboard.press("r")
    rules.wait_for()
    assert table.cell(VIEW).locator('button[data-action="rules"]').get_attribute("aria-expanded") == "true"


def test_explain_mode_by_hover_and_by_focus(table):
    table.new('sw.SolitaireWidget("cruel", seed=7)')
    reasons = table.nb.run_json(DRIVER, '_sw_emit({t: w.game.why_illegal("t1", t) for t in w.game.PILES if t != "t1"})')
    table.button("explain")
    assert table.cell(VIEW).locator('button[data-action="explain"]').get_attribute("aria-pressed") == "true"
    pt = table.point("t1")
    table.page.mouse.move(pt["x"], pt["y"])
    table.wait_class("t8", "sw-can-go")
    assert reasons["t8"] is None
    for pile in ("f0", "t0", "t11"):
        title = table.cell(VIEW).locator(f'.sw-pile[data-pile="{pile}"]').get_attribute("title")
        assert title == reasons[pile]
    text = panel(table, "explain").inner_text()
    assert "on t1 can go to t8." in text and reasons["f0"] in text
    # keyboard: focusing another pile explains its card
    top = table.nb.run_json(DRIVER, '_sw_emit(str(w.game.top("t5")))')
    table.key_focus("t5", "cruel")
    table.page.wait_for_function(
        "([c, s]) => (c.querySelector('.sw-panel[data-panel=\"explain\"]')?.textContent || '').includes(s)",
        arg=[table.handle(VIEW), f"{top} on t5"], timeout=5_000)
    # off again: no marks, no tooltips left
    table.button("explain")
    panel(table, "explain").wait_for(state="detached")
    assert table.cell(VIEW).locator(".sw-can-go, .sw-why-not, .sw-pile[title]").count() == 0
    table.check()


def test_replay_bar_steps_through_a_finished_game_and_branches(table):
    state = table.new("sw.SolitaireWidget(sw.LeapYear(seed=2), replay=True)", pre_moves=["deal"] * 6)
    assert len(state["history"]) == 6
    bar = panel(table, "replay")
    bar.wait_for()  # open from the start
    slider = bar.locator("input[type=range]")
    assert slider.get_attribute("max") == "6" and slider.input_value() == "6"

    def step(name: str) -> dict:
        version = table.dom_version()
        bar.locator(f'button[data-step="{name}"]').click()
        return wait_version_after(table, version)

    assert step("first")["history"] == []
    assert bar.locator('button[data-step="back"]').is_disabled()
    assert step("forward")["history"] == ["deal"]
    assert step("last")["history"] == ["deal"] * 6
    assert bar.locator('button[data-step="forward"]').is_disabled()
    # the slider, by keyboard: Home goes to the deal, then ArrowRight steps on
    def slide(key: str) -> dict:
        version = table.dom_version()
        slider.focus()
        table.page.keyboard.press(key)
        return wait_version_after(table, version)

    assert slide("Home")["history"] == []
    assert slide("ArrowRight")["history"] == ["deal"]
    state = slide("ArrowRight")
    assert state["history"] == ["deal", "deal"] and slider.input_value() == "2"
    assert "Move 2 of 6" in bar.inner_text()
    # a move from here branches: the later deals are gone, as after undo
    home = next(m for m in state["legal"] if m != "deal")
    version = table.dom_version()
    table.drag(*home.split())
    state = wait_version_after(table, version)
    assert state["history"] == ["deal", "deal", home]
    assert slider.get_attribute("max") == "3" and bar.locator('button[data-step="forward"]').is_disabled()


BACKGROUND_JS = "b => getComputedStyle(b).backgroundColor"


def test_toggles_look_on_and_off_and_their_keys_say_what_they_did(table):
    table.new('sw.SolitaireWidget("cruel", seed=7)')
    for action, key in (("auto", "a"), ("explain", None)):
        button = table.cell(VIEW).locator(f'button[data-action="{action}"]')
        off = button.evaluate(BACKGROUND_JS)
        assert button.get_attribute("aria-pressed") == "false"
        if key:
            table.focus_table()
            table.page.keyboard.press(key)
        else:
            button.click()
        table.page.wait_for_function("b => b.getAttribute('aria-pressed') === 'true'", arg=button.element_handle())
        assert button.evaluate(BACKGROUND_JS) != off, f"{action} looks the same on and off"
        if key:  # (the next press, on Explain, takes the message away)
            assert table.message().startswith("Auto-drop on")
    assert table.nb.run_json(DRIVER, "_sw_emit(w.auto_drop)") is True
    # Bobby never sends a card home on its own: no toggle, and its key says why.
    table.new('sw.SolitaireWidget("bobby", seed=3)')
    assert table.cell(VIEW).locator('button[data-action="auto"]').count() == 0
    table.focus_table()
    table.page.keyboard.press("a")
    table.page.wait_for_function(
        "c => c.querySelector('.sw-message')?.textContent.includes('never has a card that is safe')",
        arg=table.handle(VIEW), timeout=5_000)


def test_no_redeal_where_the_options_allow_none_and_d_says_why(table):
    table.new('sw.SolitaireWidget("leap_year", seed=2)')
    assert table.cell(VIEW).locator('button[data-action="redeal"]').count() == 0
    table.focus_table()
    table.page.keyboard.press("d")
    table.page.wait_for_function(
        "c => c.querySelector('.sw-message')?.textContent.includes('no redeal (option redeal=\"none\")')",
        arg=table.handle(VIEW), timeout=5_000)
    table.new('sw.SolitaireWidget("leap_year", seed=2, redeal="once")')
    assert table.cell(VIEW).locator('button[data-action="redeal"]').count() == 1


def test_explain_puts_piles_with_the_same_reason_on_one_line(table):
    # Frog seed 3: the reserve's 4♦ cannot start any of the five empty foundations f3–f7.
    table.new('sw.SolitaireWidget("frog", seed=3)')
    table.button("explain")
    pt = table.point("reserve")
    table.page.mouse.move(pt["x"], pt["y"])
    reasons = panel(table, "explain").locator(".sw-explain-reasons li")
    reasons.first.wait_for()
    lines = reasons.all_inner_texts()
    assert "f3–f7: 4♦ cannot start f3–f7: an empty foundation takes only an ace" in lines, lines
    assert not any(line.startswith(("f4:", "f5:")) for line in lines), lines
    table.button("explain")
