"""The classic games on the table in JupyterLab (issues 53 and 54): each
built-in game but the five seed games plays one move by mouse, read back
from the kernel; Pyramid's pairs play by a click on one card, then on its
partner, by a drag of one onto the other and by the keyboard, and a pair
that does not make 13 is refused with the kernel's words.  One table per
game on the shared table page."""

from __future__ import annotations

import pytest
from test_browser_readable import CHECK_JS, MIN_INDEX_PX, MIN_INDEX_W

import solitaire_widgets as sw
from solitaire_widgets.games import SEED_GAMES

pytestmark = pytest.mark.browser

CLASSICS = [cls.name for cls in sw.GAMES.values() if cls not in SEED_GAMES]
SEED = 1


def mouse_move(game: sw.Game) -> sw.Move:
    """The move the test plays by mouse: a card move where one is legal (a
    pair's if the game has only those), else the first stock action."""
    legal = game.legal_moves()
    cards = [m for m in legal if not m.is_action]
    return (cards or legal)[0]


def play_by_mouse(table, game: sw.Game, move: sw.Move) -> dict:
    """Play ``move`` of ``game`` as a player does (a drag of its cards, a
    click on one card then on its partner, a click on the stock or on the
    Play button of a game with no stock); the kernel's state after, once
    the background search of a game that can go round in circles has
    spoken."""
    older = table.dom_version()
    if move.is_action:
        if "stock" in game.PILES:
            table.click_pile("stock")
        else:
            table.button("play")
    elif move.partner is not None:
        table.click_click(move.source, move.partner)
    elif move.count > 1 or move.source in game.whole_piles:  # pressed on the run's (or the pile's) bottom card
        table.drag_card(move.source, len(game[move.source]) - move.count if move.count > 1 else 0, move.target)
    else:
        table.drag(move.source, move.target)
    table.wait_version_change(older)
    table.code("w.wait(30)")
    return table.settled()


@pytest.mark.parametrize("name", CLASSICS)
def test_each_classic_game_plays_a_move_by_mouse_and_reads_at_300_and_1400_px(table, sized, name):
    """Then, at the narrowest and the widest width, every face-up card's
    index shows whole and the table does not scroll sideways (the seed
    games' test_browser_readable, on the position after the move)."""
    game = sw.new_game(name, seed=SEED)
    move = mouse_move(game)
    # (shown once the background search of a game that can go round in circles has spoken: its verdict is read back)
    table.new(f"(_t := sw.SolitaireWidget({name!r}, seed={SEED}), _t.wait(30))[0]")
    state = play_by_mouse(table, game, move)
    assert state["history"] == [str(move)], f"{name}: {move} by mouse played {state['history']}"
    for width in (300, 1400):
        sized(width)
        result = table.page.evaluate(CHECK_JS, [table.handle(), MIN_INDEX_PX, MIN_INDEX_W])
        where = f"{name} at {width} px (card width {result['cw']} px)"
        assert result["checked"] > 0 and not result["problems"], f"{where}:\n" + "\n".join(result["problems"][:10])
        assert not result["scrolls"], f"{where}: the table scrolls sideways"


PYRAMID = ("sw.SolitaireWidget(sw.Pyramid.from_position({'p0': 'AS', 'p1': 'QH', 'p2': '8C', 'waste': '5D', "
           "'stock': 'AD KC 7H'}))")


def shown(table, code: str) -> None:
    """Run ``code`` in the kernel and wait until the page shows its outcome."""
    table.wait_version_eq(table.code(code)["version"])


def test_pyramid_pairs_by_click_drag_and_keyboard_and_refused_pairs_get_words(table):
    table.new(PYRAMID)
    # A♠ lies under Q♥ and 8♣: picked, it says why it stays.
    table.click_pile("p0")
    assert "A♠ is covered by p1 and p2" in table.message()
    # 8♣ and the waste's 5♦ make 13: a click on one, then on the other.
    older = table.dom_version()
    table.click_click("p2", "waste")
    table.wait_version_change(older)
    assert table.settled()["history"] == ["waste+p2 f0"]
    # Q♥ and the 7♥ drawn make 19: refused, in the kernel's words, and nothing played.
    shown(table, "w.game.play('draw')")
    table.click_click("p1", "waste")
    table.page.wait_for_function("t => t.querySelector('.sw-message')?.textContent.includes('make 19')",
                                 arg=table.root().element_handle(), timeout=10_000)
    assert "7♥ and Q♥ make 19, not 13" in table.message()
    assert table.state()["history"] == ["waste+p2 f0", "draw"]
    # A king goes alone: a double-click sends the K♣ home.
    shown(table, "w.game.play('draw')")
    older = table.dom_version()
    table.dblclick("waste")
    table.wait_version_change(older)
    assert table.settled()["history"][-1] == "waste f0"
    # The A♦ drawn dragged onto Q♥: the pair leaves, and A♠ under it is free.
    shown(table, "w.game.play('draw')")
    older = table.dom_version()
    table.drag("waste", "p1")
    table.wait_version_change(older)
    state = table.settled()
    assert state["history"][-1] == "waste+p1 f0", state["history"]
    assert "sw-covered" not in table.pile_classes("p0")
    # The same pair again by the keyboard, after an undo: Enter on Q♥, then on the waste.
    shown(table, "w.game.undo()")
    assert "sw-covered" in table.pile_classes("p0")
    older = table.dom_version()
    table.key_move("p1", "waste", "pyramid")
    table.wait_version_change(older)
    assert table.settled()["history"][-1] == "waste+p1 f0"
