"""The solver's won lines made shorter (``solver/lines.py``) and its stock
searched as the cards the draws reach (``Search.stock_walk``): every line
still replays to a win, and what the player is shown (solve, hints,
analyse) is the shortened line.  Small budgets keep this file fast."""

from __future__ import annotations

import pytest

import solitaire_widgets as sw
from solitaire_widgets.fast_path import DrawnStock, FastPath
from solitaire_widgets.solver.lines import _drop_moves, shorter_line
from solitaire_widgets.solver.search import Search


def wins(game: sw.Game, codes: list[int]) -> bool:
    replay = game.copy(history=False)
    for code in codes:
        replay.play(game.SHAPE.move(code))
    return replay.status == "won"


# --- lines -------------------------------------------------------------------------------
def there_and_back(fast: FastPath) -> list[int]:
    """Two moves that lead back to where they started, or []."""
    start = fast.search_key()
    for there in fast.move_codes():
        record = fast.apply(there)
        back = [code for code in fast.move_codes() if code < fast.shape.action_base and code != there]
        for code in back:
            undo = fast.apply(code)
            returned = fast.search_key() == start
            fast.revert(undo)
            if returned:
                fast.revert(record)
                return [there, code]
        fast.revert(record)
    return []


def test_a_detour_and_a_move_taken_back_fall_out_of_a_won_line():
    game = sw.Midshipman(seed=6)
    codes = sw.solve(game, time_limit=None, max_states=30_000).moves
    codes = [game.SHAPE.codes[move] for move in codes]
    # the same win with a card moved to and fro twice, where the line first allows it
    fast = FastPath(game)
    at = 0
    while not there_and_back(fast):
        fast.apply(codes[at])
        at += 1
    detour = there_and_back(fast)
    longer = codes[:at] + detour * 2 + codes[at:]
    assert detour and wins(game, longer)
    fresh = Search(game, time_limit=None)  # (no graph kept: the line alone is walked)
    shorter = shorter_line(fresh, longer)
    assert len(shorter) <= len(codes) and wins(game, shorter)
    assert fresh.fast.search_key() == FastPath(game).search_key()  # left at the start


def test_a_won_node_missing_from_the_positions_met_is_an_error_not_another_line():
    """A search whose won node is a copy of the one it met (as a compiled
    build once made) must say so: falling back to the line alone hid it."""
    search = Search(sw.Midshipman(seed=6), time_limit=None, max_states=30_000)
    status, codes, _, _ = search.run()
    assert status == "won"
    search.won_node = tuple(list(search.won_node))  # equal, not the same object
    with pytest.raises(RuntimeError, match="won node is not among the positions the search met"):
        shorter_line(search, codes)


@pytest.mark.parametrize("name, seed", [("midshipman", 6), ("bobby", 1), ("cruel", 1)])
def test_solve_returns_a_line_no_longer_than_the_searchs_own_and_it_wins(name, seed):
    game = sw.new_game(name, seed=seed)
    search = Search(game, time_limit=None, max_states=30_000)
    status, raw, _, _ = search.run()
    solution = sw.solve(game, time_limit=None, max_states=30_000)
    assert status == solution.status == "won"
    assert len(solution.moves) <= len(raw)
    replay = game.copy()
    for move in solution.moves:
        replay.play(move)
    assert replay.status == "won"


def test_a_card_move_the_win_does_not_need_is_left_out():
    # Midshipman seed 4: five of the search's moves between piles are not
    # needed (the cards they moved go on from where they lay)
    game = sw.Midshipman(seed=4)
    search = Search(game, time_limit=None, max_states=30_000)
    status, raw, _, _ = search.run()
    dropped = _drop_moves(search, raw)
    assert status == "won" and len(dropped) < len(raw) and wins(game, dropped)
    assert search.fast.search_key() == FastPath(game).search_key()  # left at the start
    assert len(sw.solve(game, time_limit=None, max_states=30_000).moves) <= len(dropped)


def test_a_hint_follows_the_shortened_line():
    game = sw.Midshipman(seed=6)
    solution = sw.solve(game, time_limit=None, max_states=30_000)
    hint = game.hint(time_limit=None, max_states=30_000)
    assert hint.winning is True and hint.move == solution.moves[0]


# --- the stock searched as the cards its draws reach ----------------------------------------
@pytest.mark.parametrize("name, options, drawn", [
    ("midshipman", {}, DrawnStock(0, 1, 1, True)),
    ("bobby", {}, DrawnStock(0, 1, 1, False)),
    ("bobby", {"redeal": "turn"}, DrawnStock(0, 1, 1, True)),
    ("frog", {}, DrawnStock(0, 1, 1, True)),
    ("cruel", {}, None), ("leap_year", {}, None),
    ("canfield", {}, DrawnStock(0, 1, 3, True)),
    ("klondike", {"draw": "3"}, DrawnStock(0, 1, 3, True)),
])
def test_a_stock_that_only_draws_onto_its_own_waste_is_searched_by_the_cards_it_reaches(name, options, drawn):
    game = sw.new_game(name, seed=1, **options)
    assert FastPath(game).drawn_stock() == drawn
    assert (Search(game, time_limit=None).draw_piles is not None) is (drawn is not None)


def test_a_game_whose_own_hook_draws_is_searched_draw_by_draw():
    class OwnDraw(sw.Midshipman):
        def _do_action(self, action: str) -> None:
            super()._do_action(action)

    assert FastPath(OwnDraw(seed=1)).drawn_stock() is None


def test_the_stock_walk_reaches_every_card_in_order_and_leaves_the_position_as_it_was():
    game = sw.Midshipman(seed=2)
    search = Search(game, time_limit=None)
    stock, waste = search.draw_piles  # type: ignore[misc]
    before = search.fast.search_key()
    order = list(reversed(search.piles[stock]))  # the next card on top
    reached = [search.piles[waste][-1] for _ in search.stock_walk()]
    assert reached == order and search.fast.search_key() == before


def test_a_position_between_two_draws_is_counted_but_not_kept():
    # Bobby's stock searched as the cards its draws reach: each position
    # between two draws is searched for its waste card's moves, so it counts
    # against the budget as any position does, but it is not kept in the table
    game = sw.Bobby(seed=1)
    walked = Search(game, time_limit=None, max_states=20_000)
    status, codes, _, _ = walked.run()
    assert status == "won" and wins(game, codes)
    assert all(node is None or len(node) == 3 for node in walked.met.values())  # (4: between draws)
    assert walked.states > len(walked.met)  # the start and the positions kept, and those between draws


def test_a_walk_of_three_cards_a_draw_off_the_passes_ends_at_its_second_turn_over():
    # 7♠ went from the waste to a column after the first draw: 23 cards
    # left, 2 on the waste, and no pass from the top has 2 on the waste
    # again (3, 6, … 21, 23), so the walk never comes back to where it
    # began (Canfield's solve hung on it).  It ends at the second
    # turn-over, having shown the waste tops the engine's own draws show
    # until then, and leaves the position as it was.
    game = sw.Klondike(seed=1, draw="3")
    game.play("draw")
    game.play("waste t0")
    search = Search(game, time_limit=None)
    waste = search.draw_piles[1]  # type: ignore[index]
    before = search.fast.search_key()
    reached = [search.piles[waste][-1] for _ in search.stock_walk()]
    shown, turns = [], 0
    while True:
        action = next(m for m in game.legal_moves() if m.action)
        turns += action.action == "redeal"
        if turns == 2:
            break
        game.play(action)
        if game["waste"]:
            shown.append(game.card_ids("waste")[-1])
    assert reached == shown and len(shown) == 15  # 7 tops left of this pass, 8 of the next
    assert search.fast.search_key() == before
