"""The table in marimo: ``examples/marimo_cruel.py`` served by ``marimo run``,
played by mouse and keys in Chromium, page == engine after every move; its
Rules panel, and the example's status cell following a solver's play-out.
The editor (``marimo edit``, dark theme, a table of each game): each fits
marimo's output box and its win banner shows there, the tables turn dark,
and keys pressed on one never reach marimo's cell shortcuts.

The engine is read through the notebook itself: the test serves a copy of the
example with one more cell that renders ``widget.game``'s state (the same
``_sw_state`` as the JupyterLab suite) and re-runs on every change, as the
example's own status cell does, and one that makes Play it out quick.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import harness as h
import keys
import pytest
from gallery import TEXT_COLOUR_JS, luminance
from helpers import REPO
from marimo_server import HIT_POINT_JS, SNAPSHOT_IN_SHADOW_JS, MarimoServer

pytestmark = pytest.mark.browser

EXAMPLE = REPO / "examples" / "marimo_cruel.py"
RUN_GUARD = '\n\nif __name__ == "__main__":'
STATE_CELL = f'''

@app.cell
def _(mo, position, widget):
    position()  # re-run on every change of the game
    import html as _html
    _helpers = {{}}
    exec({h.STATE_HELPERS!r}, _helpers)
    _state = _helpers["_json"].dumps(_helpers["_sw_state"](widget), separators=(",", ":"))
    mo.Html(f"<pre id='sw-engine-state'>{{_html.escape(_state)}}</pre>")
    return


@app.cell
def _(widget):
    widget.play_pace = 0.03  # a quick Play it out
    return


@app.cell
def _(sw):
    sw.Bobby(seed=2)  # a bare game shows its picture
    return
'''


def notebook_with_state_cell(folder: Path) -> Path:
    source = EXAMPLE.read_text()
    assert RUN_GUARD in source, "examples/marimo_cruel.py lost its `if __name__ == \"__main__\":` guard"
    path = folder / "marimo_cruel_checked.py"
    path.write_text(source.replace(RUN_GUARD, STATE_CELL + RUN_GUARD, 1))
    return path


@pytest.fixture(scope="module")
def marimo_run(tmp_path_factory: pytest.TempPathFactory, chromium: h.Browser, front_end_built: Path):
    """The example under ``marimo run``, one page (and session) for the
    module's two tests of it, in the order they are written."""
    notebook = notebook_with_state_cell(tmp_path_factory.mktemp("marimo"))
    with MarimoServer(notebook) as server:
        page = chromium.new_page()
        try:
            page.page.goto(server.url)
            page.page.locator(".sw-table").wait_for(timeout=60_000)
            page.page.locator("#sw-engine-state").wait_for(timeout=60_000)
            yield server, page
        finally:
            page.close()


class MarimoTable:
    """The example's page: the table in its shadow root, the engine state cell."""

    def __init__(self, page: h.Page):
        self.p = page
        self.page = page.page

    def engine(self) -> dict:
        return json.loads(self.page.locator("#sw-engine-state").inner_text())

    def snap(self) -> Any:
        hosts = self.page.locator("marimo-anywidget")
        assert hosts.count() == 1, f"{hosts.count()} anywidget views on the page"
        return hosts.evaluate(SNAPSHOT_IN_SHADOW_JS)

    def settled(self, older: int) -> dict:
        """Wait for the table to leave version ``older`` and the engine cell to
        reach the table's version; return the engine state, checked == page."""
        from playwright.sync_api import expect

        expect(self.page.locator(".sw-table")).not_to_have_attribute("data-version", str(older), timeout=15_000)
        version = int(self.page.locator(".sw-table").get_attribute("data-version"))
        expect(self.page.locator("#sw-engine-state")).to_contain_text(f'"version":{version},', timeout=15_000)
        state = self.engine()
        diffs = h.compare(self.snap(), state)
        assert not diffs, "page != engine in marimo:\n" + "\n".join(diffs)
        return state

    def point(self, pile: str) -> dict:
        loc = self.page.locator(f'.sw-pile[data-pile="{pile}"]')
        loc.scroll_into_view_if_needed()
        point = loc.evaluate(HIT_POINT_JS)
        assert point is not None, f"no point of pile {pile} is hit by the pointer"
        return point

    def drag(self, source: str, target: str) -> None:
        a, b = self.point(source), self.point(target)
        mouse = self.page.mouse
        mouse.move(a["x"], a["y"])
        mouse.down()
        mouse.move(a["x"] + 8, a["y"] + 8, steps=2)
        mouse.move(b["x"], b["y"], steps=6)
        mouse.up()

    def click_click(self, source: str, target: str) -> None:
        from playwright.sync_api import expect

        a = self.point(source)
        self.page.mouse.click(a["x"], a["y"])
        expect(self.page.locator(f'.sw-pile[data-pile="{source}"]')).to_have_class(re.compile(r"\bsw-selected\b"))
        b = self.point(target)
        self.page.mouse.click(b["x"], b["y"])

    def key_move(self, source: str, target: str) -> None:
        """Focus the source pile, Enter picks its top card; focus the target, Space drops it."""
        from playwright.sync_api import expect

        for pile, key in ((source, "Enter"), (target, "Space")):
            loc = self.page.locator(f'.sw-pile[data-pile="{pile}"]')
            loc.focus()
            expect(loc).to_have_class(re.compile(r"\bsw-focus\b"))
            self.page.keyboard.press(key)
            if key == "Enter":
                expect(loc).to_have_class(re.compile(r"\bsw-selected\b"))

    def dblclick(self, source: str) -> None:
        a = self.point(source)
        self.page.mouse.dblclick(a["x"], a["y"])


def played_words(n: int) -> re.Pattern:
    """What the example's status cell says of ``n`` moves: "1 move played", "3 moves played"."""
    return re.compile(rf"\b{n} {'move' if n == 1 else 'moves'} played")


def first(moves: list[str], to: str) -> str:
    found = [m for m in moves if len(m.split()) == 2 and m.split()[1].startswith(to)]
    assert found, f"no legal move to a {to} pile among {moves}"
    return found[0]


def test_marimo_table_plays_by_mouse_and_from_code(marimo_run: tuple[MarimoServer, h.Page], console_guard) -> None:
    server, page = marimo_run
    console_guard(page)
    try:
        table = MarimoTable(page)
        # marimo's light theme: the table's own text is dark.
        root = page.page.locator(".sw-table").first
        assert root.get_attribute("data-host-theme") == "light"
        assert luminance(root.evaluate(TEXT_COLOUR_JS)) < 0.5
        state = table.engine()
        assert state["game"] == "cruel" and state["history"] == []
        assert not h.compare(table.snap(), state), h.compare(table.snap(), state)
        # A bare game is a picture in marimo (the one live table is the widget's).
        import solitaire_widgets as sw

        picture = page.page.locator(f'img[src^="data:image/svg+xml"][alt="{sw.Bobby(seed=2).picture().alt}"]')
        picture.wait_for(timeout=30_000)
        assert picture.evaluate("img => img.complete && img.naturalWidth") == sw.Bobby(seed=2).picture().width

        # Three moves by mouse: page -> kernel requests reach the widget's on_msg.
        played: list[str] = []
        for how in ("drag", "dblclick", "click"):
            legal = state["legal"]
            if how == "dblclick":
                move = first(legal, "f")
                source = move.split()[0]
                allowed = [m for m in legal if m.startswith(source + " f")]
                table.dblclick(source)
            else:
                move = first(legal, "t")
                allowed = [move]
                (table.drag if how == "drag" else table.click_click)(*move.split())
            state = table.settled(state["version"])
            assert state["history"][:len(played)] == played and len(state["history"]) == len(played) + 1, \
                f"{how} for {move!r}: history {state['history']} after {played}"
            assert state["history"][-1] in allowed, f"{how} played {state['history'][-1]!r}, wanted one of {allowed}"
            played = state["history"]
            # The example's status cell follows the table ("1 move played", then "2 moves played" …).
            from playwright.sync_api import expect

            expect(page.page.get_by_text(played_words(len(played))).first).to_be_visible()

        # A move from code (the example's button runs widget.game.play) shows on the table.
        expected = state["legal"][0]
        page.page.get_by_role("button", name="Play the first legal move from code").click()
        state = table.settled(state["version"])
        assert state["history"] == played + [expected], state["history"]

        # The table's own Undo button takes it back.
        page.page.locator('.sw-table button[data-action="undo"]').click()
        state = table.settled(state["version"])
        assert state["history"] == played

        # Keyboard: Enter picks up, Space drops, z undoes (keys reach the table in marimo too).
        move = first(state["legal"], "t")
        table.key_move(*move.split())
        state = table.settled(state["version"])
        assert state["history"] == played + [move], state["history"]
        page.page.keyboard.press("z")
        state = table.settled(state["version"])
        assert state["history"] == played
    except Exception:
        page.page.screenshot(path=str(server.base / "failure.png"))
        raise


def test_marimo_rules_panel_and_the_status_cell_follow_a_play_out(marimo_run: tuple[MarimoServer, h.Page],
                                                                  console_guard) -> None:
    """The Rules panel shows the rules (marimo sent the rules, a str
    subclass, as an object: "[object Object]"). Restart, Solve, then Play it
    out: the example's status cell follows every move the solver plays, as
    it follows clicks (the play-out's thread is one marimo follows)."""
    from playwright.sync_api import expect

    server, page = marimo_run
    console_guard(page)
    try:
        p = page.page
        table = MarimoTable(page)
        restarted = table.engine()
        if restarted["history"]:  # the test before played on this page: back to the deal
            p.locator('.sw-table button[data-action="restart"]').click()
            restarted = table.settled(restarted["version"])
            assert restarted["history"] == []
        p.locator('.sw-table button[data-action="rules"]').click()
        panel = p.locator('.sw-panel[data-panel="rules"]')
        expect(panel).to_contain_text("Cruel")
        text = panel.inner_text()
        assert "[object" not in text and "Redeal" in text and "Options in force" in text, text
        p.keyboard.press("r")
        expect(panel).to_have_count(0)

        p.locator('.sw-table button[data-action="solve"]').click()
        expect(p.locator(".sw-assist")).to_contain_text("Winnable in", timeout=30_000)
        p.locator('.sw-table button[data-action="play_out"]').click()
        expect(p.locator(".sw-assist")).to_contain_text("Played out: won", timeout=60_000)
        state = table.settled(restarted["version"])
        assert state["status"] == "won" and state["counters"]["home"] == 52
        # the example's own status cell, re-run by the play-out's last move
        expect(p.get_by_text(re.compile(r"52 of 52 cards home")).first).to_be_visible(timeout=15_000)
        expect(p.get_by_text(played_words(len(state["history"]))).first).to_be_visible()
    except Exception:
        page.page.screenshot(path=str(server.base / "failure-play-out.png"))
        raise


# --------------------------------------------------------------------------- #
# The editor, one page of a notebook with a table of each game and one a move
# from its win, in marimo's dark theme.  The height marimo gives an output:
# its editor shows each output in a box of at most 610 px that scrolls.  Each
# game's table fits it, buttons included; a panel opened scrolls into view
# while the buttons stay in view; the win banner shows in the box.  The
# tables turn dark with the page, and keys pressed on one never reach
# marimo's cell shortcuts.
# --------------------------------------------------------------------------- #
FIT_NOTEBOOK = '''import marimo

app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo

    import solitaire_widgets as sw
    return mo, sw
''' + "".join(f'''

@app.cell
def _(mo, sw):
    mo.ui.anywidget(sw.SolitaireWidget({name!r}, seed=3))
    return
''' for name in ("frog", "leap_year", "bobby", "cruel", "midshipman")) + '''

@app.cell
def _(mo, sw):
    near = sw.Cruel(seed=0)
    line = sw.solve(near, max_states=200_000, time_limit=None).moves
    for _move in line[:-1]:
        near.play(_move)
    mo.ui.anywidget(sw.SolitaireWidget(near))
    return line, near


@app.cell
def _(line, mo, near):
    mo.ui.button(label="Play the last move", on_click=lambda _: near.play(line[-1]))
    return
'''

# The table's place in the box around it that limits its height and scrolls.
IN_BOX_JS = """
(t) => {
  const up = (e) => e.parentElement || e.getRootNode().host || null;
  let box = up(t);
  while (box && !(/px$/.test(getComputedStyle(box).maxHeight) && /auto|scroll/.test(getComputedStyle(box).overflowY)))
    box = up(box);
  if (!box) return null;
  const b = box.getBoundingClientRect();
  const rect = (sel) => { const e = t.querySelector(sel); if (!e) return null; const r = e.getBoundingClientRect();
                          return {top: r.top, bottom: r.bottom}; };
  return {fit: t.dataset.fit ?? null, maxHeight: parseFloat(getComputedStyle(box).maxHeight),
          scrolls: box.scrollHeight > box.clientHeight + 1, top: b.top + box.clientTop,
          bottom: b.top + box.clientTop + box.clientHeight, footer: rect('.sw-footer'),
          felt: rect('.sw-felt'), panel: rect('.sw-panel'), banner: rect('.sw-banner')};
}
"""


def inside(part: dict, box: dict) -> bool:
    return part is not None and part["top"] >= box["top"] - 1 and part["bottom"] <= box["bottom"] + 1


@pytest.fixture(scope="module")
def marimo_editor(tmp_path_factory: pytest.TempPathFactory, chromium: h.Browser, front_end_built: Path):
    """marimo's editor with marimo's dark theme (its own setting,
    display.theme in the user's marimo.toml) on ``FIT_NOTEBOOK``, its cells
    run on open; one page for the module (the editor keeps one session per
    notebook)."""
    folder = tmp_path_factory.mktemp("marimo-edit")
    base = folder / "server"
    config = base / "xdg_config_home" / "marimo" / "marimo.toml"
    config.parent.mkdir(parents=True)
    config.write_text('[display]\ntheme = "dark"\n\n[runtime]\nauto_instantiate = true\n')
    notebook = folder / "fit.py"
    notebook.write_text(FIT_NOTEBOOK)
    with MarimoServer(notebook, base=base, mode="edit") as server:
        page = chromium.new_page({"width": 1280, "height": 900})
        try:
            page.page.goto(server.url)
            page.page.locator(".sw-table[data-version]").nth(5).wait_for(timeout=90_000)
            yield page
        except Exception:
            page.page.screenshot(path=str(base / "failure.png"))
            raise
        finally:
            page.close()


def test_each_table_fits_marimos_output_box_and_its_banner_shows(marimo_editor, console_guard) -> None:
    page = console_guard(marimo_editor)
    tables = page.page.locator(".sw-table[data-version]")
    assert tables.count() == 6
    for index in range(6):
        table = tables.nth(index)
        table.scroll_into_view_if_needed()
        box = table.evaluate(IN_BOX_JS)
        assert box is not None and box["maxHeight"] == 610, box  # marimo's output box
        game = table.get_attribute("data-game")
        assert box["fit"] == "box" and not box["scrolls"], f"{game}: the table does not fit its box: {box}"
        assert inside(box["felt"], box) and inside(box["footer"], box), f"{game}: {box}"

    near = tables.nth(5)
    # Rules opens under the buttons: it scrolls into view, and the buttons stay in view.
    near.locator('button[data-action="rules"]').click()
    near.locator(".sw-panel").wait_for()
    box = near.evaluate(IN_BOX_JS)
    assert box["scrolls"] and box["panel"]["top"] >= box["top"] - 1 and box["panel"]["top"] < box["bottom"], box
    assert inside(box["footer"], box), box

    page.page.get_by_role("button", name="Play the last move").click()
    near.locator('.sw-banner[data-result="won"]').wait_for(timeout=15_000)
    box = near.evaluate(IN_BOX_JS)
    assert inside(box["banner"], box) and inside(box["footer"], box), box
    assert near.get_attribute("data-status") == "won"


def test_marimo_dark_theme_turns_the_table_dark(marimo_editor, console_guard) -> None:
    # The page marks itself dark and the table follows.
    page = console_guard(marimo_editor)
    root = page.page.locator(".sw-table").first
    assert page.page.evaluate("document.body.classList.contains('dark')"), "marimo did not turn dark"
    assert root.get_attribute("data-host-theme") == "dark"
    assert luminance(root.evaluate(TEXT_COLOUR_JS)) > 0.5, "the table's text stayed dark on a dark page"
    button = page.page.locator('.sw-table button[data-action="undo"]').first
    assert luminance(button.evaluate("b => getComputedStyle(b).backgroundColor")) < 0.5


def test_keys_on_the_table_never_reach_marimo_cells(marimo_editor, console_guard) -> None:
    """marimo's editor has cell shortcuts (a and b add a cell, x cuts it, v
    pastes, Shift+Enter runs, Shift+Backspace deletes): none of them acts
    while the focus is on a pile, a button or the Rules panel; with a cell
    focused, b still adds one."""
    page = console_guard(marimo_editor)
    p = page.page
    checked = keys.assert_keys_stay_in_table(p, keys.MARIMO_KEYS, keys.MARIMO_STATE_JS, "t0")
    assert checked == 3 * len(keys.MARIMO_KEYS)
    # The control: a cell focused outside the table (command mode) takes b.
    cells = "n => document.querySelectorAll('.marimo-cell[data-cell-id]').length === n"
    n = p.evaluate("() => document.querySelectorAll('.marimo-cell[data-cell-id]').length")
    p.locator(".marimo-cell[data-cell-id]").first.focus()
    p.keyboard.press("b")
    p.wait_for_function(cells, arg=n + 1, timeout=10_000)
