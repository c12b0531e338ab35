"""The table also renders and plays in Jupyter Notebook 7 (`python -m notebook`),
keeps every key pressed on it from the notebook, and shows its Rules panel.

One Notebook 7 server, notebook and kernel for the module.
"""

from __future__ import annotations

import harness as h
import keys
import plans
import pytest
from table import SPARE, table_notebook

import solitaire_widgets as sw

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def notebook_server(chromium, front_end_built):
    server = h.JupyterServer("notebook")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def nb7_table(notebook_server, chromium):
    with table_notebook(notebook_server, chromium, "nb7.ipynb") as table:
        yield table


@pytest.fixture
def nb7(nb7_table, console_guard):
    console_guard(nb7_table.nb.p)
    nb7_table.page.mouse.up()
    yield nb7_table


def test_table_renders_and_plays_in_notebook7(nb7):
    """Played by mouse; and on a 390 px phone a refused drop says why where
    the player looks, over no card's index (it hid a row of packets' indices)."""
    table = nb7
    name, seed = "cruel", plans.SEEDS["cruel"]
    table.new(f"sw.SolitaireWidget({name!r}, seed={seed})")
    local = sw.new_game(name, seed=seed)
    assert set(table.snap()["piles"]) == set(local.PILES)
    move = next(m for m in local.legal_moves() if not m.is_action)
    state = table.play(str(move), "drag", name, [])
    assert state["history"] == [str(move)]
    table.screenshot("notebook7-cruel")
    local.play(move)
    source, target = next((m.source, t) for m in local.legal_moves() if not m.is_action
                          for t in local.PILES if t[0] == "t" and t != m.source and local.why_illegal(m.source, t))
    table.page.set_viewport_size({"width": 390, "height": 844})
    try:
        table.wait_fits(390)  # a drag aimed before the relayout lands where the cards were
        table.bring_into_view()
        table.drag(source, target)
        message = table.cell().locator(".sw-message")
        # the refusal's words come from the kernel: a loaded machine's round trip
        message.filter(has_text=local.why_illegal(source, target)[1:20]).wait_for(timeout=30_000)
        assert table.in_view(message)["inView"] and not table.covered_indices(), table.covered_indices()
    finally:
        table.page.set_viewport_size(h.VIEWPORT)


def test_keyboard_plays_in_notebook7(nb7):
    """Notebook 7's own shortcut handler takes arrow keys, z and y unless the
    table gets them first: arrows move the focus, Enter and Space move a
    card, z undoes, y redoes, d redeals."""
    table = nb7
    name, seed = "cruel", plans.KEY_SEEDS["cruel"]
    table.new(f"sw.SolitaireWidget({name!r}, seed={seed})")
    local = sw.new_game(name, seed=seed)
    move = next(m for m in local.legal_moves() if not m.is_action)
    state = table.play(str(move), "key", name, [])
    assert state["history"] == [str(move)]
    for key, history in (("z", []), ("y", [str(move)]), ("d", [str(move), "redeal"])):
        table.focus_table()
        older = table.dom_version()
        table.page.keyboard.press(key)
        table.wait_version_change(older)
        assert table.check()["history"] == history, key


def test_rules_panel_shows_the_rules_in_notebook7(nb7):
    table = nb7
    table.new('sw.SolitaireWidget("leap_year", seed=2)')
    table.button("rules")
    panel = table.cell().locator('.sw-panel[data-panel="rules"]')
    text = panel.inner_text()
    assert text.startswith("Leap Year") and "One pass through the stock, no redeal." in text, text
    assert "[object" not in text


def test_keys_on_the_table_never_reach_notebook7(nb7):
    """Notebook 7 listens for its shortcuts on the document in the capture
    phase and matches the focused element itself: m, x, b, d d ... pressed
    on a pile, a button or the Rules panel must still never reach it; outside
    the table they do."""
    table = nb7
    table.new('sw.SolitaireWidget("bobby", seed=3)')
    keys.assert_jupyter_takes_keys_outside_the_table(table.nb, SPARE)
    checked = keys.assert_keys_stay_in_table(table.page, keys.JUPYTER_KEYS, keys.JUPYTER_STATE_JS, "f0")
    assert checked == 3 * len(keys.JUPYTER_KEYS)
