"""examples/new_game.ipynb in a real JupyterLab in Chromium: the notebook runs
as a user runs it (Run All), Penguin's table plays moves by mouse (a drag
and a click on each pile) with the page equal to the engine, and a game class worded to attack the page (a title
``<img src=x onerror=alert(1)>``, script tags and links in its rules and
reasons) shows those characters in the table, its Rules panel, its messages
and the Markdown of ``sw.rules``, ``sw.variants`` and ``explain()``, and runs
nothing (a picture of it too).

The test opens a copy of the notebook with two cells added at the end: the
state helpers the other table tests use, and a driver for the checks."""

from __future__ import annotations

import json
from typing import Any

import harness as h
import pytest
from helpers import REPO
from table import Table

pytestmark = pytest.mark.browser

NOTEBOOK = REPO / "examples" / "new_game.ipynb"
HOSTILE = "<img src=x onerror=alert(1)>"

# Penguin worded as a hostile notebook might (the notebook has defined Penguin).
HOSTILE_CODE = f'''
HOSTILE = {HOSTILE!r}
class Hostile(Penguin):
    name = "hostile"
    title = HOSTILE
    OPTIONS = {{"mood": ("calm", "wild")}}
    RULES = (("Play <b>", HOSTILE + " <script>alert(2)</script> [a link](javascript:alert(3)) {{mood}}"),)
    OPTION_RULES = {{"mood": {{"calm": "calm " + HOSTILE, "wild": "wild"}}}}

    def _build_reason(self, t, card):
        return HOSTILE + " <i>never</i>"

sw.register(Hostile)
hostile = sw.SolitaireWidget(Hostile(seed=1))
cells = {{f"c{{i}}": card for i, card in enumerate("5C 6C 7C 8C 9C 10C JC".split())}}
stuck = Hostile.from_position({{**cells, "f0": "AS", "t0": "5H", "t1": "9D"}})  # explain says why each card stays
display(sw.rules(Hostile), sw.variants(Hostile), stuck.explain(), Hostile(seed=1).picture(), hostile)
'''

# Nothing on the page carries an event handler attribute or loads "x".
INJECTED_JS = """() => Array.from(document.querySelectorAll('[onerror], img[src="x"], a[href^="javascript"]'))
  .map(e => e.outerHTML)"""


def cell_index(cells: list[dict], snippet: str) -> int:
    found = [i for i, cell in enumerate(cells) if snippet in "".join(cell["source"])]
    assert len(found) == 1, f"{len(found)} cells of {NOTEBOOK.name} hold {snippet!r}"
    return found[0]


@pytest.fixture(scope="module")
def notebook(lab_server, lab_table):
    """The notebook run to its end in JupyterLab (a tab of the table tests'
    page), the dialogs it raised, and the indexes of its table's cell and of
    the helper and driver cells."""
    data = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    cells = data["cells"]
    marks = {"table": cell_index(cells, 'table = sw.play("penguin"'), "gym": cell_index(cells, "check_env(")}
    extra = h.notebook_json(["# state helpers", "# driver"])["cells"]
    marks["helpers"], marks["driver"] = len(cells), len(cells) + 1
    (lab_server.root / "new_game.ipynb").write_text(json.dumps({**data, "cells": cells + extra}, indent=1))
    page = lab_table.nb.p
    dialogs: list[str] = []

    def dismiss(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.page.on("dialog", dismiss)
    nb = h.NotebookPage(page, lab_server, "new_game.ipynb").open_beside()
    try:
        nb.run_all()
        nb.cell(marks["gym"]).locator(".jp-OutputArea-output", has_text="cards home; reward").wait_for(timeout=180_000)
        nb.run(marks["helpers"], h.STATE_HELPERS)
        yield nb, dialogs, marks
    finally:
        page.page.remove_listener("dialog", dismiss)
        nb.close()


def test_the_notebook_runs_and_its_game_plays_by_mouse(notebook, console_guard):
    nb, dialogs, marks = notebook
    console_guard(nb.p)
    errors = nb.page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    assert errors.count() == 0, errors.first.inner_text()
    view, table = marks["table"], Table(nb)
    state = nb.run_json(marks["driver"], "_sw_emit(_sw_state(table))")
    assert state["game"] == "penguin" and state["history"] == ["t1 c0"]  # the move the notebook played from code
    table.assert_same(state, cells=[view])
    title = nb.cell(view).locator(".sw-title")
    assert title.inner_text() == "Penguin"
    table.screenshot("new-game-penguin", cell=view)
    for how in ("drag", "click-click"):
        move = state["legal"][0]
        older = table.dom_version(view)
        if how == "drag":
            table.drag(*move.split(), cell=view)
        else:
            table.click_click(*move.split(), cell=view)
        table.wait_version_change(older, view)
        after = nb.run_json(marks["driver"], "_sw_emit(_sw_state(table))")
        assert after["history"] == state["history"] + [move], f"{how} played {after['history'][-1:]}, not {move}"
        table.assert_same(after, cells=[view])
        state = after
    assert dialogs == []


def test_a_game_class_s_words_show_as_text_and_run_nothing(notebook, console_guard):
    nb, dialogs, marks = notebook
    console_guard(nb.p)
    driver = marks["driver"]
    nb.run(driver, HOSTILE_CODE)
    cell, table = nb.cell(driver), Table(nb)
    cell.locator('.sw-table[data-game="hostile"][data-version]').wait_for()
    text = cell.locator(".jp-OutputArea").inner_text()
    assert f"### {HOSTILE}" not in text and text.count(HOSTILE) >= 4, text[:2000]  # rules, variants, explain
    assert "<script>alert(2)</script> [a link](javascript:alert(3))" in text
    assert f"{HOSTILE} <i>never</i>" in text  # explain's reasons
    assert cell.locator(".sw-title").inner_text() == HOSTILE
    table.button("rules", cell=driver)
    rules = cell.locator('.sw-panel[data-panel="rules"]')
    rules.wait_for()
    assert rules.locator("h5, h6").first.inner_text() == HOSTILE
    assert f"{HOSTILE} <script>alert(2)</script> [a link](javascript:alert(3)) calm {HOSTILE}" in rules.inner_text()
    older = table.dom_version(driver)
    table.drag("t0", "t1", cell=driver)  # refused: the message is the class's reason
    nb.page.wait_for_function("c => (c.querySelector('.sw-message')?.innerText ?? '').includes('never')",
                              arg=nb.cell_handle(driver), timeout=10_000)
    assert cell.locator(".sw-message").inner_text().startswith(f"{HOSTILE} <i>never</i>")
    assert table.dom_version(driver) == older
    nb.page.wait_for_timeout(300)  # an injected image would have failed to load and fired by now
    assert nb.page.evaluate(INJECTED_JS) == []
    assert dialogs == []
