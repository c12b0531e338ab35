"""The classic games on the table in a real JupyterLab in Chromium: runs of
cards dragged, picked by click-then-click and counted by keyboard, a
completed suit sent home by a double-click, a free cell played, a declared
win's words and a dead deal's proof in the banner.  After each gesture the
kernel is read back and the page must show exactly what ``widget.game``
holds.  The session's table notebook and kernel (the ``table`` fixture)
serve here too.
"""

from __future__ import annotations

import random

import pytest
from table import Table

import solitaire_widgets as sw

pytestmark = pytest.mark.browser

SUIT_HOME = {"t0": "5H KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS", "t1": "4D 3C", "t2": "6D",
             "stock": "2H 3H 4H 5H 6H 7H 8H 9H TH JH"}


def walk_to_a_run(game, seed: int = 0) -> list[str]:
    """Random moves (seeded) until a move of several cards is legal."""
    rng = random.Random(seed)
    while not any(m.count > 1 for m in game.legal_moves()):
        game.play(rng.choice(game.legal_moves()))
    return [str(m) for m in game.history]


def played(table: Table, history: list[str], move: str) -> dict:
    """Wait for the page to show the move, read the kernel back: it played
    exactly ``move`` and the page shows the engine's position.  These games
    can cycle: the table's search for whether a win is left (``no_win``,
    which a banner shows) ends first, so the read and the page agree on it."""
    table.wait_idle()  # the move's request answered: the kernel has played it
    table.code("w.wait(30)")
    state = table.settled()
    assert state["history"] == history + [move], f"the kernel played {state['history'][len(history):]}, not {move}"
    return state


def wait_message(table: Table, text: str) -> None:
    table.page.wait_for_function("([c, t]) => (c.querySelector('.sw-message')?.innerText ?? '').includes(t)",
                                 arg=[table.handle(), text], timeout=10_000)


def test_klondike_runs_by_drag_click_and_keyboard(table):
    local = sw.Klondike(seed=0)
    history = walk_to_a_run(local)
    state = table.new("sw.SolitaireWidget(sw.Klondike(seed=0))", history)
    run = next(m for m in local.legal_moves() if m.count > 1)  # t5 t6 3
    source = run.source
    size = len(state["piles"][source])

    # A face-down card cannot be lifted, and says why; nothing is sent.
    older = table.dom_version()
    table.drag_card(source, 0, run.target)
    wait_message(table, "lies face down")
    assert table.dom_version() == older

    # Drag: pressed on the lowest card of the run, all of it travels.
    table.drag_card(source, size - run.count, run.target)
    state = played(table, history, str(run))
    history = state["history"]
    local.play(run)

    # Click-then-click: the card clicked and every card above it.
    run = next(m for m in local.legal_moves() if m.count > 1)  # t6 t1 5
    table.click_card(run.source, len(state["piles"][run.source]) - run.count)
    table.wait_class(run.source, "sw-selected")
    picked = table.cell().locator(f'.sw-pile[data-pile="{run.source}"] .sw-card.sw-picked')
    assert picked.count() == run.count
    assert "sw-target" in table.pile_classes(run.target)
    table.click_pile(run.target)
    state = played(table, history, str(run))
    history = state["history"]
    local.play(run)

    # Keyboard: Enter picks the top card, Enter again one more; a digit
    # picks that many; Enter on the target drops them.
    run = next(m for m in local.legal_moves() if m.count > 2)  # t1 t6 5
    table.key_focus(run.source, "klondike")
    for n in (1, 2):
        table.page.keyboard.press("Enter")
        table.page.wait_for_function(
            "([c, p, n]) => c.querySelectorAll(`.sw-pile[data-pile=\"${p}\"] .sw-card.sw-picked`).length === n",
            arg=[table.handle(), run.source, n], timeout=5_000)
    assert table.cell().locator(".sw-live").inner_text().startswith("picked up 2 of")
    table.page.keyboard.press(str(run.count))
    table.page.wait_for_function(
        "([c, p, n]) => c.querySelectorAll(`.sw-pile[data-pile=\"${p}\"] .sw-card.sw-picked`).length === n",
        arg=[table.handle(), run.source, run.count], timeout=5_000)
    table.key_focus(run.target, "klondike")
    table.page.keyboard.press("Enter")
    played(table, history, str(run))


def test_spider_run_dragged_and_a_suit_sent_home(table):
    local = sw.Spider(seed=3, suits="1")
    history = walk_to_a_run(local, seed=3)
    state = table.new("sw.SolitaireWidget(sw.Spider(seed=3, suits='1'))", history)
    run = next(m for m in local.legal_moves() if m.count > 1)
    table.drag_card(run.source, len(state["piles"][run.source]) - run.count, run.target)
    played(table, history, str(run))

    table.new(f"sw.SolitaireWidget(sw.Spider.from_position({SUIT_HOME!r}, face_down={{'t0': 1}}))")
    # the suit of thirteen carried to the felt's foot: nothing clips its lower cards (the felt grows
    # under them, as it will once they lie there), and the felt is its own height again once they go back
    king = table.card_point("t0", 1)
    mouse = table.page.mouse
    mouse.move(king["x"], king["y"])
    mouse.down()
    mouse.move(king["x"] + 8, king["y"] + 8, steps=2)
    bottom = table.root().evaluate("t => t.querySelector('.sw-felt').getBoundingClientRect().bottom")
    mouse.move(king["x"] + 8, bottom - 40, steps=3)
    carried = table.root().evaluate(CARRIED_JS)
    assert carried["cards"] == 13 and carried["clipped"] == [], carried
    mouse.up()
    table.page.wait_for_function(
        "t => !t.querySelector('.sw-dragging, .sw-returning') && !t.querySelector('.sw-felt').style.minHeight",
        arg=table.root().element_handle())
    table.dblclick("t0")
    state = played(table, [], "t0 f0 13")
    assert state["counters"]["home"] == 13


# The cards being carried, and those of them a box around them cuts (the
# felt, the table, the notebook's output area; not the notebook's pane,
# which scrolls): a card is cut where it runs past a box that clips.
CARRIED_JS = """
(t) => {
  const cards = [...t.querySelectorAll('.sw-card.sw-dragging')];
  const clipped = [];
  for (const card of cards) {
    const r = card.getBoundingClientRect();
    for (let b = card.parentElement; b && !b.matches('.jp-WindowedPanel-outer'); b = b.parentElement) {
      const s = getComputedStyle(b);
      if (!/(hidden|clip|auto|scroll)/.test(s.overflowX + s.overflowY)) continue;
      const q = b.getBoundingClientRect();
      if (r.bottom > q.bottom + 1 || r.top < q.top - 1) {
        clipped.push(`${card.getAttribute('aria-label')} by ${b.className}`);
      }
    }
  }
  return {cards: cards.length, clipped};
}
"""

FREE_CELLS = {"c0": "6H", "t0": "7S", "t1": "9D 8C 7H", "t2": "TS", "t3": "4D"}  # no aces: no win
# A run of six with two free cells and no empty column: three of it may move at once.
CUT_RUN = {"t0": "KS QH JC 10D 9S 8H", "c0": "2D", "c1": "3D", "t1": "QD", "t2": "JS", "t3": "4S 3C",
           "t4": "4C", "t5": "4D", "t6": "4H", "t7": "5S"}


def test_free_cells_and_a_run_by_mouse_and_a_proven_no_win(table):
    """A few cards of FreeCell: into a cell, out of a cell, a run as long
    as the free cells allow; the position holds no ace, so the search after
    each change proves no win is left and the banner says so.  First: a
    run longer than the free cells let move shows, before a press, how far a
    press may lift (the grab cursor, an outline on hover), and lifts no more."""
    table.new(f"sw.SolitaireWidget(sw.FreeCell.from_position({CUT_RUN!r}))")
    deepest = table.card_point("t0", 3)
    table.page.mouse.move(deepest["x"], deepest["y"])  # hovering the deepest card that lifts
    looks = table.pile_eval("t0", "p => [...p.querySelectorAll('.sw-card')].map(c => [getComputedStyle(c).cursor, "
                                  "getComputedStyle(c).boxShadow.includes('79, 195, 247')])")  # (the hover outline)
    assert looks == [["auto", False]] * 3 + [["grab", True]] * 3, looks
    table.drag_card("t0", 2, "t1")  # J♣ and the cards on it: four, one too many
    wait_message(table, "only the top 3 cards of t0 move together now")
    assert table.root().locator(".sw-dragging").count() == 0 and table.state()["history"] == []
    # (shown once its first search has spoken: the state read back then holds the verdict)
    table.new(f"(_t := sw.SolitaireWidget(sw.FreeCell.from_position({FREE_CELLS!r})), _t.wait(10))[0]")
    assert table.cell().locator('.sw-pile[data-pile="c1"][data-kind="cell"][data-hint="cell"]').count() == 1
    history: list[str] = []
    for how, move in (("drag", "t3 c1"), ("click", "c0 t0"), ("drag", "t1 t2 3")):
        words = move.split()
        if how == "click":
            table.click_click(words[0], words[1])
        elif len(words) == 3:
            table.drag_card(words[0], len(table.state()["piles"][words[0]]) - int(words[2]), words[1])
        else:
            table.drag(words[0], words[1])
        table.nb.kernel_json("w.wait(10)\n_sw_emit(0)")  # the search after the change has spoken
        history = played(table, history, move)["history"]
    state = table.check()
    assert state["no_win"] == "every line was searched"
    banner = table.cell().locator('.sw-banner[data-result="no-win"]')
    assert "No win is possible from here" in banner.inner_text()
    # The status line the kernel sends (status_items) says it too.
    status = table.cell().locator('.sw-status .sw-counter[data-counter="status"]')
    status.filter(has_text="No win possible").wait_for(timeout=5000)


def test_a_declared_win_says_why(table):
    table.new("sw.SolitaireWidget(sw.AcesUp.from_position({'t0': 'AS', 't1': 'AH', 't2': 'AC', 't3': 'AD 2C'}))")
    table.drag("t3", "f0")
    state = played(table, [], "t3 f0")
    assert state["status"] == "won"
    assert "Only the four aces are left" in table.snap()["banner"]["text"]


def test_a_whole_pile_dragged_and_clock_s_turn_played_by_its_button(table):
    """Built-in games: Accordion's piles move only whole (a click on t2, a
    stack of two cards, picks both up, where it picked its top card alone;
    a drag carries both, and the move sent names no count); Clock has no
    stock, and its Play button, named Turn, turns the next card."""
    position = '{"t0": "7S", "t1": "9D", "t2": "2C 7D", "t4": "KC", "t5": "3H 8C"}'
    table.new(f"sw.SolitaireWidget(sw.Accordion.from_position({position}))")
    table.click_card("t2", 1)
    table.wait_class("t2", "sw-selected")
    assert table.cell().locator('.sw-pile[data-pile="t2"] .sw-card.sw-picked').count() == 2
    table.click_pile("t1")
    state = played(table, [], "t2 t1")
    assert len(state["piles"]["t1"]) == 3 and state["piles"]["t2"] == []
    table.drag_card("t5", 1, "t4")
    state = played(table, ["t2 t1"], "t5 t4")
    assert len(state["piles"]["t4"]) == 3
    table.new("sw.SolitaireWidget(sw.Clock(seed=3))")
    assert table.cell().locator('button[data-action="play"]').inner_text() == "Turn"
    table.button("play")
    played(table, [], "turn")
