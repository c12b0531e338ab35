"""The table as players use it (issue 9): quick clicks play exactly what was
clicked, focus never drops out of the table, New deal keeps ``w.game`` and can
be taken back.  Each test failed before the fix it covers.
"""

from __future__ import annotations

import pytest

import solitaire_widgets as sw

pytestmark = pytest.mark.browser

BOBBY_SEED = 5
STOCK_CLICKS = 8



def wait_focus_on_pile(table) -> None:
    try:
        table.page.wait_for_function(
            "c => { const a = document.activeElement; const t = c.querySelector('.sw-table');"
            " return !!a && !!t && t.contains(a) && a.matches('.sw-pile'); }",
            arg=table.handle(), timeout=5_000, polling="raf")
    except Exception as err:
        raise AssertionError(f"the focus left the table's piles; {table.diagnose()}") from err


def widget_expr(name: str, seed: int) -> str:
    return f"sw.SolitaireWidget({name!r}, seed={seed})"


@pytest.mark.motion
@pytest.mark.parametrize("gap_ms", [40, 100])
def test_quick_stock_clicks_draw_once_each(table, gap_ms):
    """Clicks on the stock land on it even while the card just drawn still
    slides over it: one draw per click, nothing sent home, nothing selected."""
    table.new(widget_expr("bobby", BOBBY_SEED))
    pt = table.point("stock", card=False)
    for _ in range(STOCK_CLICKS):
        table.page.mouse.click(pt["x"], pt["y"])
        table.page.wait_for_timeout(gap_ms)
    state = table.settled()
    assert state["history"] == ["draw"] * STOCK_CLICKS, state["history"]
    snap = table.snap()
    selected = [p for p, info in snap["piles"].items() if "sw-selected" in info["classes"]]
    assert selected == [], f"{selected} left picked up"


def test_focus_stays_in_table_when_redeal_turns_itself_off(table):
    """Cruel: Redeal from the keyboard disables the button it was pressed on;
    the focus goes to a pile, not to the page body.  The key d redeals too."""
    local = sw.new_game("cruel", seed=3)
    move = next(m for m in local.legal_moves() if not m.is_action)
    state = table.new(widget_expr("cruel", 3), [str(move)])
    assert "redeal" in state["legal"]
    older = table.dom_version()
    table.key_button("redeal")
    table.wait_version_change(older)
    wait_focus_on_pile(table)
    state = table.check()
    assert state["history"][-1] == "redeal" and "redeal" not in state["legal"]

    # The key: undo the redeal, play again, press d on a pile.
    table.assert_same(table.code("w.game.undo()"))  # (the page has the undo before d is pressed)
    table.focus_table()
    older = table.dom_version()
    table.page.keyboard.press("d")
    table.wait_version_change(older)
    assert table.check()["history"][-1] == "redeal"


def test_focus_stays_in_table_after_the_last_undo(table):
    table.new(widget_expr("bobby", BOBBY_SEED), ["draw"])
    older = table.dom_version()
    table.key_button("undo")
    table.wait_version_change(older)
    wait_focus_on_pile(table)
    # and the keyboard goes on from there: Home is the stock, Enter draws
    older = table.dom_version()
    table.page.keyboard.press("Home")
    table.page.keyboard.press("Enter")
    table.wait_version_change(older)
    assert table.check()["history"] == ["draw"]


def test_new_deal_keeps_the_game_object_asks_first_and_undoes(table):
    """New deal re-deals ``w.game`` in place (a notebook's ``game = w.game``
    stays valid) with a new seed shown on the table; a game in progress asks
    first, inline; Undo right after brings the old deal back."""
    dialogs: list[str] = []
    table.page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    table.new(widget_expr("bobby", BOBBY_SEED), ["draw", "draw"])
    table.code("g_before = w.game")
    assert f"seed {BOBBY_SEED}" in table.root().locator(".sw-seed").inner_text()

    table.button("new")  # a game in progress: the table asks, nothing changes yet
    confirm = table.root().locator(".sw-confirm")
    confirm.wait_for(state="visible")
    assert table.state()["history"] == ["draw", "draw"]
    confirm.locator('button[data-confirm="no"]').click()
    confirm.wait_for(state="detached")
    assert table.state()["history"] == ["draw", "draw"]

    older = table.dom_version()
    table.button("new")
    confirm.locator('button[data-confirm="yes"]').click()
    table.wait_version_change(older)
    state = table.check()
    assert state["history"] == []
    same = table.nb.run_json(2, "_sw_emit([w.game is g_before, w.game.seed])")
    assert same[0] is True, "New deal replaced w.game: a notebook's `game = w.game` now drives a hidden game"
    assert same[1] != BOBBY_SEED
    table.page.wait_for_function(
        "([c, s]) => c.querySelector('.sw-seed').innerText.includes('seed ' + s)", arg=[table.handle(), same[1]])

    # Undo right after the New deal: the old deal and its moves come back.
    older = table.dom_version()
    table.button("undo")
    table.wait_version_change(older)
    state = table.check()
    assert state["history"] == ["draw", "draw"]
    assert table.nb.run_json(2, "_sw_emit(w.game.seed)") == BOBBY_SEED
    assert dialogs == [], f"the page opened a browser dialog: {dialogs}"


def test_moves_are_spoken_and_piles_name_their_top_card(table):
    """The live region says each move in words; a pile's accessible name
    includes its top card."""
    table.new(widget_expr("bobby", BOBBY_SEED))
    live = table.root().locator(".sw-live")
    older = table.dom_version()
    table.click_pile("stock")
    table.wait_version_change(older)
    state = table.check()
    name = sw.Card.from_id(state["piles"]["waste"][-1]).name
    table.page.wait_for_function("([c, t]) => c.querySelector('.sw-live').textContent === t",
                                 arg=[table.handle(), f"draw: the {name}"], timeout=5_000)
    label = table.root().locator('.sw-pile[data-pile="waste"]').get_attribute("aria-label")
    assert label == f"waste, 1 card, top {name}", label
    older = table.dom_version()
    table.button("undo")
    table.wait_version_change(older)
    assert live.text_content() == f"took back draw: the {name}"


def drop_chain(game: sw.Game) -> list[str]:
    chain = []
    while game.safe_drops():
        chain.append(str(game.play(game.safe_drops()[0])))
    return chain


@pytest.mark.motion
def test_auto_drop_sends_safe_cards_home_one_by_one_as_undoable_moves(table):
    """Cruel, seed 6: t7 t8 uncovers cards that go home one after another.
    Each is an ordinary move; Undo takes back the last one only (and the
    table does not drop it again). The toggle on the table turns it off."""
    local = sw.new_game("cruel", seed=6)
    assert local.safe_drops() == []
    local.play("t7 t8")
    chain = drop_chain(local)
    assert len(chain) >= 2
    table.new("sw.SolitaireWidget('cruel', seed=6, auto_drop=True)")
    assert table.root().locator('button[data-action="auto"]').get_attribute("aria-pressed") == "true"
    table.drag("t7", "t8")
    want = ["t7 t8", *chain]
    # The page drops one card per slide: read the kernel until the chain is
    # played (two equal reads between two drops are no proof it has ended).
    for _ in range(200):
        if len(table.state()["history"]) >= len(want):
            break
    state = table.settled()
    assert state["history"] == want
    older = table.dom_version()
    table.button("undo")
    table.wait_version_change(older)
    state = table.settled()
    assert state["history"] == want[:-1]
    # The toggle: off from the table (the kernel's trait follows), then a
    # move that would uncover a safe card drops nothing.
    table.button("auto")
    table.page.wait_for_function(
        "c => c.querySelector('button[data-action=\"auto\"]').getAttribute('aria-pressed') === 'false'",
        arg=table.handle())
    assert table.nb.run_json(2, "_sw_emit(w.auto_drop)") is False


@pytest.mark.motion
def test_burst_of_moves_from_code_queues_no_animation(table):
    """281 Midshipman moves from code, auto-drop on: the page reaches the last
    version with at most one slide per card still running, none longer than a
    slide, and plays no drop of its own."""
    table.new("sw.SolitaireWidget('midshipman', seed=3, auto_drop=True)")
    state = table.code(
        "import random as _r\n_rng = _r.Random(1)\n_n = 0\n"
        "while _n < 281 and w.game.legal_moves():\n"
        "    w.game.play(_rng.choice(w.game.legal_moves())); _n += 1", typed=True)
    moves = len(state["history"])
    table.assert_same(state)
    running = table.cell().evaluate(
        """c => c.querySelector('.sw-table').getAnimations({subtree: true}).map(a => {
            const t = a.effect.getComputedTiming(); return t.endTime - (t.localTime ?? 0); })""")
    assert all(left <= 200 for left in running), running
    assert len(running) <= 104
    assert len(table.settled()["history"]) == moves, "the page played moves after a burst from code"


@pytest.mark.motion
def test_midshipman_card_turning_up_flips(table):
    """The card a move uncovers turns over (a rotateY animation), not a jump."""
    table.new("sw.SolitaireWidget('midshipman', seed=0)", ["t3 f4"])
    table.page.evaluate("""() => { window.__swFlips = [];
        const orig = Element.prototype.animate;
        Element.prototype.animate = function (frames, opts) {
            if (JSON.stringify(frames).includes('rotateY')) window.__swFlips.push(this.dataset.card ?? null);
            return orig.call(this, frames, opts); }; }""")
    try:
        state = table.play("t3 t5", "drag", "midshipman", ["t3 f4"])
        flips = table.page.evaluate("() => window.__swFlips")
        turned = state["piles"]["t3"][-1]
        assert flips == [str(turned)], (flips, turned)
    finally:
        table.page.evaluate("() => { delete Element.prototype.animate; }")


def test_picking_up_a_card_with_no_legal_move_says_so(table):
    local = sw.new_game("midshipman", seed=12)
    stuck = next(p for p in local.PILES if p[0] == "t" and local.card_ids(p)
                 and not any(m.source == p for m in local.legal_moves()))
    table.new("sw.SolitaireWidget('midshipman', seed=12)")
    table.click_pile(stuck)
    table.wait_class(stuck, "sw-selected", True)
    card = sw.Card.from_id(local.card_ids(stuck)[-1])
    assert table.message() == f"{card} has no legal move now."  # Q♦, as the engine writes cards
    table.page.keyboard.press("Escape")
