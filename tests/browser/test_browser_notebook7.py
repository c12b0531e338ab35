"""The table also renders and plays in Jupyter Notebook 7 (`python -m notebook`)."""

from __future__ import annotations

import pytest

import harness as h
import plans
import solitaire_widgets as sw
from table import NOTEBOOK_CELLS, Table

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def notebook_server(chromium, front_end_built):
    server = h.JupyterServer("notebook")
    server.start()
    yield server
    server.stop()


def test_table_renders_and_plays_in_notebook7(notebook_server, chromium, console_guard):
    name, seed = "cruel", plans.SEEDS["cruel"]
    h.write_notebook(notebook_server.root / "nb7.ipynb", NOTEBOOK_CELLS)
    page = console_guard(chromium.new_page())
    try:
        nb = h.NotebookPage(page, notebook_server, "nb7.ipynb").open()
        nb.run(0, NOTEBOOK_CELLS[0])
        table = Table(nb)
        state = table.new(f"sw.SolitaireWidget({name!r}, seed={seed})")
        local = sw.new_game(name, seed=seed)
        assert set(table.snap()["piles"]) == set(local.PILES)
        move = next(m for m in local.legal_moves() if not m.is_action)
        state = table.play(str(move), "drag", name, [])
        assert state["history"] == [str(move)]
        table.screenshot("notebook7-cruel")
    finally:
        page.close()


def test_keyboard_plays_in_notebook7(notebook_server, chromium, console_guard):
    """Notebook 7's own shortcut handler takes arrow keys, z and y unless the
    table gets them first: arrows move the focus, Enter and Space move a
    card, z undoes, y redoes, d redeals."""
    name, seed = "cruel", plans.KEY_SEEDS["cruel"]
    h.write_notebook(notebook_server.root / "nb7keys.ipynb", NOTEBOOK_CELLS)
    page = console_guard(chromium.new_page())
    try:
        nb = h.NotebookPage(page, notebook_server, "nb7keys.ipynb").open()
        nb.run(0, NOTEBOOK_CELLS[0])
        table = Table(nb)
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
    finally:
        page.close()
