"""The card table in a real JupyterLab in Chromium: every gesture goes through
the page, the comm and the kernel, and after every move the page must show
exactly what ``widget.game`` holds (read back from the kernel as a second
client, ``NotebookPage.kernel_json``).

One JupyterLab, one browser, one notebook and kernel for the whole module;
each test makes its own ``w``.
"""

from __future__ import annotations

import random
from typing import Optional

import harness as h
import keys
import plans
import pytest
from helpers import GAMES
from table import NOTEBOOK_CELLS, SPARE, VIEW, VIEW2, Table

import solitaire_widgets as sw
from solitaire_widgets.look import LOOK

pytestmark = pytest.mark.browser

BUTTONS = {"undo", "redo", "restart", "new"}
# Page code that is the same for every game (two views of one model, the
# buttons, the banners, a refused drop) is tested on two games unlike in their
# piles, each game in two of these tests; every game's own layout and gestures
# are played in full by the mouse, keyboard and stress tests.  (V8's block
# coverage of the bundle: the games left out ran no code of it that the other
# browser tests do not.)
SAME_FOR_EVERY_GAME = {"two_views": ("frog", "midshipman"), "buttons": ("leap_year", "cruel"),
                       "won": ("bobby", "midshipman"), "lost": ("frog", "leap_year"), "illegal": ("bobby", "cruel")}
assert sorted(g for pair in SAME_FOR_EVERY_GAME.values() for g in pair) == sorted(GAMES * 2)


# A plan's moves after it has played each gesture its game needs repeat those
# gestures on other piles: V8's block coverage of the bundle found no code
# that only they run.
PLAN_LEAST = 6


def widget_expr(name: str, seed: int) -> str:
    return f"sw.SolitaireWidget({name!r}, seed={seed})"


def gesture_for(move: str, name: str, keyboard: bool = False) -> str:
    """How a lone move is played: actions on the stock or their button."""
    if move == "redeal":
        return "key-button" if keyboard else "button"
    if move in ("draw", "deal"):
        return "key-stock" if keyboard else "stock"
    return "key" if keyboard else "drag"


def home_alternatives(game: sw.Game, move: sw.Move) -> list[str]:
    return [str(m) for m in game.legal_moves() if not m.is_action and m.source == move.source and m.target[0] == "f"]


def play_plan(table: Table, name: str, local: sw.Game, history: list[str], keyboard: bool, length: int = 12,
              cell: int = VIEW, least: int = PLAN_LEAST) -> set[str]:
    """Planned moves by gesture, each checked (``Table.play``), until the plan
    has played every gesture and action its game needs and at least ``least``
    moves (at most ``length``); what it exercised."""
    needed = (plans.NEEDED_KEYS if keyboard else plans.NEEDED)[name]
    planner = plans.Planner(keyboard)
    steps: list[tuple[str, str]] = []
    while len(steps) < length and not (len(steps) >= least and needed <= plans.coverage(name, steps)):
        step = planner.next(local)
        if step is None:
            break
        move, how = step
        alts = home_alternatives(local, move) if how == "dblclick" else []
        state = table.play(str(move), how, name, history, alts, cell=cell)
        played = state["history"][-1]
        local.play(played)
        history.append(played)
        steps.append((played, how))
    return plans.coverage(name, steps)


# --------------------------------------------------------------------------- #
def test_harness_echo_widget_round_trip(table):
    """The harness itself, on a bare anywidget: click -> Python -> DOM."""
    nb = table.nb
    nb.run(SPARE, "e = EchoWidget()\ndisplay(e)")
    cell = nb.cell(SPARE)
    cell.locator(".echo-root").wait_for()
    for i in range(1, 4):
        cell.locator(".echo-button").click()
        nb.page.wait_for_function("([c, n]) => c.querySelector('.echo-root').dataset.count === n",
                                  arg=[nb.cell_handle(SPARE), str(i)])
    assert nb.run_json(SPARE, "_sw_emit(e.count)") == 3
    nb.run(SPARE, "pass")


@pytest.mark.parametrize("name", GAMES)
def test_fresh_deal_renders(table, name):
    seed = plans.SEEDS[name]
    state = table.new(widget_expr(name, seed))
    local = sw.new_game(name, seed=seed)
    snap = table.snap()
    assert snap["game"] == name
    assert list(snap["piles"]) and set(snap["piles"]) == set(local.PILES)
    for pile in local.PILES:  # the kernel deals what the engine here deals
        assert state["piles"][pile] == list(local.card_ids(pile)), pile
        assert snap["piles"][pile]["count"] == len(local.card_ids(pile)), pile
    actions = {b["action"] for b in snap["buttons"]}
    assert BUTTONS <= actions, snap["buttons"]
    # Redeal only where the options allow one; Auto-drop only where a drop can be safe.
    assert ("redeal" in actions) == ("redeal" in local.possible_actions()), actions
    assert ("auto" in actions) == local.has_safe_drops, actions
    assert snap["status"] == "playing" and snap["banner"] is None
    assert snap["statusText"], "the status line .sw-status is empty"
    # The table's colours come from look.json (look.js sets them for widget.css).
    look = table.root().evaluate("""t => {
      const style = getComputedStyle(t);
      const down = t.querySelector('.sw-card[data-face="down"]');
      return {felt: style.getPropertyValue('--sw-felt'), red: style.getPropertyValue('--sw-red').trim(),
              back: down ? getComputedStyle(down).backgroundColor : null};
    }""")
    colours = LOOK["colours"]
    assert colours["felt"] in look["felt"] and look["red"] == colours["red"], look
    if look["back"] is not None:
        assert look["back"] == "rgb({}, {}, {})".format(*bytes.fromhex(colours["back"][1:])), look
    table.screenshot(name)


@pytest.mark.motion
@pytest.mark.parametrize("name", GAMES)
def test_mouse_moves(table, name):
    """Drags, click-click, double-clicks, stock clicks and redeals; page ==
    engine after every move."""
    seed = plans.SEEDS[name]
    local = sw.new_game(name, seed=seed)
    pre = plans.pre_moves(local)
    state = table.new(widget_expr(name, seed), pre)
    assert state["history"] == pre
    kinds = play_plan(table, name, local, list(pre), keyboard=False)
    missing = plans.NEEDED[name] - kinds
    assert not missing, f"the plan did not exercise {missing}"


@pytest.mark.parametrize("name", GAMES)
def test_keyboard_moves(table, name):
    """The same through the keyboard alone; then Esc cancels a pick-up and
    z / y undo and redo."""
    seed = plans.KEY_SEEDS[name]
    local = sw.new_game(name, seed=seed)
    pre = plans.pre_moves(local)
    table.new(widget_expr(name, seed), pre)
    history = list(pre)
    kinds = play_plan(table, name, local, history, keyboard=True)
    missing = plans.NEEDED_KEYS[name] - kinds
    assert not missing, f"the keyboard plan did not exercise {missing}"

    # Esc: pick up a movable card, cancel, nothing happened.
    movable = next((m for m in local.legal_moves() if not m.is_action), None)
    if movable is not None:
        before = table.dom_version()
        table.key_focus(movable.source, name)
        table.page.keyboard.press("Enter")
        table.wait_class(movable.source, "sw-selected", True)
        table.page.keyboard.press("Escape")
        table.wait_class(movable.source, "sw-selected", False)
        assert table.dom_version() == before

    # z / y with the focus in the table.
    table.focus_table()
    older = table.dom_version()
    table.page.keyboard.press("z")
    table.wait_version_change(older)
    state = table.check()
    assert state["history"] == history[:-1]
    older = state["version"]
    table.page.keyboard.press("y")  # the focus is still on the pile z was pressed on
    table.wait_version_change(older)
    state = table.check()
    assert state["history"] == history


@pytest.mark.parametrize("name", SAME_FOR_EVERY_GAME["buttons"])
def test_undo_redo_restart_buttons(table, name):
    seed = plans.SEEDS[name]
    local = sw.new_game(name, seed=seed)
    pre = plans.pre_moves(local)
    moves = pre + [m for m, _ in plans.plan(local, 3)]
    table.new(widget_expr(name, seed), moves)

    def press(action: str) -> dict:
        older = table.dom_version()
        table.button(action)
        table.wait_version_change(older)
        return table.check()

    assert press("undo")["history"] == moves[:-1]
    assert press("undo")["history"] == moves[:-2]
    assert press("redo")["history"] == moves[:-1]
    state = press("restart")
    assert state["history"] == []
    fresh = sw.new_game(name, seed=seed)
    assert state["piles"] == {p: list(fresh.card_ids(p)) for p in fresh.PILES}
    assert press("redo")["history"] == moves[:1]
    # New deal: another seed, a fresh table, every view follows; a game in
    # progress is only thrown away once the table's question is answered.
    older = table.dom_version()
    table.button("new")
    table.root().locator('.sw-confirm button[data-confirm="yes"]').click()
    table.wait_version_change(older)
    state = table.check()
    assert state["history"] == [] and state["version"] > 0
    assert table.snap()["status"] == state["status"]  # a random deal may be lost at once


def find_illegal_drop(game: sw.Game) -> Optional[tuple[str, str]]:
    """A card that may move somewhere, dropped where it may not (a pile its
    route allows, so the refusal is about the cards, not the route)."""
    for move in game.legal_moves():
        if move.is_action:
            continue
        for target in game.PILES:
            if target in (move.source, "stock", "waste", "reserve"):
                continue
            reason = game.why_illegal(move.source, target)
            if reason and sw.Move(move.source, target) in game.SHAPE.codes:  # a route of the rules
                return move.source, target
    return None


@pytest.mark.motion
@pytest.mark.parametrize("name", SAME_FOR_EVERY_GAME["illegal"])
def test_illegal_drop_is_refused_with_reason(table, name):
    seed = plans.SEEDS[name]
    local = sw.new_game(name, seed=seed)
    pre = plans.pre_moves(local)
    planner = plans.Planner()
    while find_illegal_drop(local) is None:
        step = planner.next(local)
        assert step is not None, "no position with an illegal drop found"
        local.play(step[0])
        pre.append(str(step[0]))
    source, target = find_illegal_drop(local)
    before = table.new(widget_expr(name, seed), pre)
    assert table.message() == ""
    table.drag(source, target)
    table.page.wait_for_function(
        "c => { const m = c.querySelector('.sw-message'); return !!m && m.innerText.trim() !== ''; }",
        arg=table.handle(), timeout=10_000)
    shown = table.message()
    after = table.state()
    assert after["history"] == before["history"] and after["version"] == before["version"]
    table.assert_same(after)
    reason = local.why_illegal(source, target)
    assert reason.lower() in shown.lower() or after["message"].lower() in shown.lower(), \
        f"shown {shown!r}, engine says {reason!r}"

    # Dropped outside the table: the card goes back, nothing is sent.
    a = table.point(source)
    mouse = table.page.mouse
    mouse.move(a["x"], a["y"])
    mouse.down()
    mouse.move(a["x"] + 20, a["y"] + 20, steps=2)
    mouse.move(3, 3, steps=4)
    mouse.up()
    table.assert_same(table.state())
    assert table.state()["history"] == before["history"]


@pytest.mark.parametrize("name", SAME_FOR_EVERY_GAME["won"])
def test_won_game_shows_banner(table, name):
    deck = plans.winning_deck(name)
    local = sw.new_game(name, deck=deck)
    moves = plans.greedy_win(local)
    assert local.status == "won"
    pre, last = moves[:-1], moves[-1]
    state = table.new(f"sw.SolitaireWidget(sw.new_game({name!r}, deck={deck!r}))", pre)
    assert state["status"] == "playing"
    state = table.play(last, gesture_for(last, name), name, pre)
    assert state["status"] == "won"
    banner = table.snap()["banner"]
    assert banner and banner["result"] == "won" and banner["text"].strip()
    assert table.root().locator('.sw-banner[data-result="won"]').is_visible()
    table.screenshot(f"{name}-won")


@pytest.mark.parametrize("name", SAME_FOR_EVERY_GAME["lost"])
def test_lost_game_shows_banner(table, name):
    seed = plans.LOSING_SEEDS[name]
    moves = plans.losing_line(name, seed)
    assert moves, f"{name} seed {seed} is no longer lost by plans.losing_line"
    pre, last = moves[:-1], moves[-1]
    table.new(widget_expr(name, seed), pre)
    state = table.play(last, gesture_for(last, name), name, pre)
    assert state["status"] == "lost"
    banner = table.snap()["banner"]
    assert banner and banner["result"] == "lost" and banner["text"].strip()
    assert table.root().locator('.sw-banner[data-result="lost"]').is_visible()


def test_moves_in_code_show_without_click(table):
    """Moves, an undo and another game put on the table from code show on
    the page with no click: every game in turn on one table (the first one's
    code typed into a cell and run there, the others' through the kernel)."""
    table.new(widget_expr(GAMES[0], plans.SEEDS[GAMES[0]]))
    for name in GAMES:
        typed = name == GAMES[0]
        if not typed:  # another game put on the same table from code: the page rebuilds
            state = table.code(f"w.game = sw.new_game({name!r}, seed={plans.SEEDS[name]})")
            assert state["game"] == name
            table.assert_same(state)
        for _ in range(3):
            state = table.code("w.game.play(w.game.legal_moves()[0])", typed)
            table.assert_same(state)
        state = table.code("w.game.undo()", typed)
        table.assert_same(state)
        assert len(state["history"]) == 2


@pytest.mark.parametrize("name", SAME_FOR_EVERY_GAME["two_views"])
def test_two_views_stay_identical(table, name):
    seed = plans.SEEDS[name]
    local = sw.new_game(name, seed=seed)
    pre = plans.pre_moves(local)
    table.new(widget_expr(name, seed), pre, views=(VIEW, VIEW2))
    history = list(pre)
    planner = plans.Planner()
    for i in range(4):
        step = planner.next(local)
        if step is None:
            break
        move, how = step
        cell = (VIEW, VIEW2)[i % 2]
        alts = home_alternatives(local, move) if how == "dblclick" else []
        state = table.play(str(move), how, name, history, alts, cell=cell)  # checks both views
        local.play(state["history"][-1])
        history.append(state["history"][-1])
    older = table.dom_version(VIEW2)
    table.button("undo", cell=VIEW2)
    table.wait_version_change(older, VIEW2)
    table.check()
    state = table.code("w.game.redo()")
    table.assert_same(state)


@pytest.mark.motion
@pytest.mark.parametrize("name", GAMES)
def test_stress_random_clicks_and_drags(table, name):
    """100 rapid clicks and drags at random places, no waiting in between;
    then page == engine and not one console error."""
    seed = plans.SEEDS[name]
    table.new(widget_expr(name, seed))
    table.bring_into_view()
    box = table.root().bounding_box()
    rng = random.Random(f"stress-{name}")
    mouse = table.page.mouse

    def spot() -> tuple[float, float]:
        return (box["x"] + rng.uniform(2, box["width"] - 2),
                box["y"] + rng.uniform(2, min(box["height"], h.VIEWPORT["height"] - box["y"]) - 2))

    for _ in range(100):
        x, y = spot()
        if rng.random() < 0.6:
            mouse.click(x, y)
        else:
            x2, y2 = spot()
            mouse.move(x, y)
            mouse.down()
            mouse.move(x2, y2, steps=2)
            mouse.up()
    table.page.keyboard.press("Escape")
    # The page may still be sending its last requests: settle before comparing.
    table.settled()


def test_keys_on_the_table_never_reach_jupyterlab(table):
    """Every command-mode key of the notebook (m makes a cell Markdown, x
    cuts it, b adds one, d d deletes, 0 0 restarts the kernel, Shift+Enter
    runs the cell ...) pressed with the focus on a pile, a button or the
    Rules panel stays in the table; outside it the notebook still takes them."""
    table.new(widget_expr("bobby", 3))
    keys.assert_jupyter_takes_keys_outside_the_table(table.nb, SPARE)
    checked = keys.assert_keys_stay_in_table(table.page, keys.JUPYTER_KEYS, keys.JUPYTER_STATE_JS, "f0")
    assert checked == 3 * len(keys.JUPYTER_KEYS)


def test_a_kernel_restart_leaves_a_table_that_says_so_and_takes_no_moves(table):
    """Restarting the kernel cuts the table off: it says so at once, greys
    out, takes no moves and raises no page error ("Cannot send"); running the
    cells again gives a table that plays.  The module's own notebook: its
    setup cell runs again on the new kernel before the test ends."""
    nb, p = table.nb, table.page
    state = table.new(widget_expr("cruel", 7))
    move = next(m for m in state["legal"] if " " in m)
    try:
        p.get_by_role("menuitem", name="Kernel", exact=True).click()
        p.get_by_role("menuitem", name="Restart Kernel…").click()
        p.locator(".jp-Dialog .jp-mod-accept").click()
        root = table.root()
        p.wait_for_function("t => t.dataset.connection === 'lost'", arg=root.element_handle(), timeout=15_000)
        notice = root.locator('.sw-lost[role="alert"]')
        assert "Run the cell again" in notice.inner_text()
        assert root.locator("button:not([disabled])").count() == 0
        nb.wait_kernel_idle()
        # a card no longer picks up, a drop sends nothing, keys do nothing: and no error
        table.drag(*move.split())
        table.click_pile(move.split()[0])
        assert root.locator(".sw-selected").count() == 0
        table.cell().locator(f'.sw-pile[data-pile="{move.split()[0]}"]').focus()
        for key in ("Enter", "z", "d"):
            p.keyboard.press(key)
        assert table.snap()["version"] == state["version"]
    finally:
        nb.forget_kernel_client()
        nb.run(0, NOTEBOOK_CELLS[0])  # the new kernel: the setup cell again, for this test and the next ones
    # run the cells again: a table on the new kernel plays
    table.new(widget_expr("cruel", 7))
    assert table.root().get_attribute("data-connection") is None
    assert table.play(move, "drag", "cruel", [])["history"] == [move]
