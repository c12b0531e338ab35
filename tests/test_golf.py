"""Golf, Black Hole and TriPeaks beyond what their oracle checks
(tests/oracles/golf.py): the deals' shapes, the wrap option, the words of a
refusal, the wins they declare, the face-down peaks, and the solver."""

from __future__ import annotations

from collections import Counter

import pytest

import solitaire_widgets as sw


def test_golf_deals_seven_columns_of_five_one_card_home_and_sixteen_in_the_stock():
    game = sw.Golf(seed=4)
    assert [len(game[f"t{i}"]) for i in range(7)] == [5] * 7
    assert len(game["f0"]) == 1 and len(game["stock"]) == 16 and game.face_down("t0") == 0
    cards = [c for pile in game.PILES for c in game[pile]]
    assert len(cards) == 52 and max(Counter(cards).values()) == 1


def test_golf_wrap_joins_king_and_ace_and_says_so_when_it_does_not():
    position = {"f0": "KS", "t0": "QH", "t1": "AD", "stock": "5C"}
    plain, wrapped = sw.Golf.from_position(position), sw.Golf.from_position(position, wrap="yes")
    assert [str(m) for m in plain.legal_moves()] == ["t0 f0", "draw"]
    assert [str(m) for m in wrapped.legal_moves()] == ["t0 f0", "t1 f0", "draw"]
    assert plain.why_illegal("t1 f0") == ("A♦ cannot go on K♠ (f0): Golf builds the foundations up or down by one "
                                          "rank in any suit, so K♠ takes only a queen")
    assert "King and ace join" in sw.rules(wrapped) and "A king ends a run" in sw.rules(plain)
    assert sw.Golf.from_position({"f0": "5S", "t0": "5H"}).why_illegal("t0 t1") == \
        "Golf never moves a card from t0 to t1"


def test_golf_and_tri_peaks_are_won_once_the_tableau_is_cleared_with_stock_left():
    golf = sw.Golf.from_position({"f0": "5S", "t0": "6H", "stock": "9C 2D"})
    golf.play("t0 f0")
    assert golf.status == "won" and golf.end_reason == "the seven columns are cleared"
    assert golf.legal_moves() == [] and "the game is won" in golf.why_illegal("draw")
    peaks = sw.TriPeaks.from_position({"f0": "KD", "t20": "AS", "stock": "4C"})
    peaks.play("t20 f0")  # (king and ace join by default)
    assert peaks.status == "won" and peaks.end_reason == "the peaks are cleared"


def test_black_hole_puts_the_ace_of_spades_alone_in_the_hole_and_the_rest_in_fans_of_three():
    game = sw.BlackHole(seed=9)
    assert [str(c) for c in game["f0"]] == ["A♠"] and not game.ACTION_NAMES
    assert [len(game[f"t{i}"]) for i in range(17)] == [3] * 17
    order = sw.Card.parse  # dealt in rows across the fans, three rounds
    deck = [c for c in sw.standard_deck() if c != order("AS")]
    dealt = sw.BlackHole(deck=[sw.Card.parse("AS")] + deck)
    assert [str(c) for c in dealt["t0"]] == [str(deck[0]), str(deck[17]), str(deck[34])]
    ends = sw.BlackHole.from_position({"f0": "AS", "t0": "KD", "t1": "2H 5C"})
    assert [str(m) for m in ends.legal_moves()] == ["t0 f0"]  # K on A: king and ace join


def test_tri_peaks_deals_eighteen_face_down_that_turn_up_once_uncovered():
    game = sw.TriPeaks(seed=2)
    assert [game.face_down(f"t{i}") for i in range(28)] == [1] * 18 + [0] * 10
    assert len(game["stock"]) == 23 and len(game["f0"]) == 1
    # a face-down card's refusal never names it
    assert game.why_illegal("t0 f0") == ("t0's card, face down, is covered by t3 and t4: a card plays only once "
                                         "nothing lies on it")
    game = sw.TriPeaks.from_position({"t0": "5S", "t3": "4H", "t4": "3C", "f0": "5D"}, face_down={"t0": 1})
    game.play("t3 f0")
    assert game.face_down("t0") == 1 and game.movable("t0") == 0  # t4 still lies on it
    game.play("t4 f0")
    assert game.face_down("t0") == 0 and [str(m) for m in game.legal_moves()] == []
    game.undo()
    assert game.face_down("t0") == 1
    assert sw.TriPeaks.from_position({"f0": "KD", "t20": "AS", "t21": "5S"}, wrap="no").legal_moves() == []


@pytest.mark.parametrize("name, seed", [("golf", 3), ("tri_peaks", 3)])
def test_the_solver_wins_a_deal_and_its_line_replays(name, seed):
    result = sw.solve(sw.new_game(name, seed=seed), time_limit=None, max_states=30_000)
    assert result.status == "won"
    replay = sw.new_game(name, seed=seed)
    for move in result.moves:
        replay.play(move)
    assert replay.status == "won"


def test_the_solver_proves_a_black_hole_deal_lost_from_a_small_position():
    game = sw.BlackHole.from_position({"f0": "AS", "t0": "7D 2C", "t1": "9H KC"})
    result = sw.solve(game, time_limit=None, max_states=1_000)
    assert result.status == "lost"
    won = sw.solve(sw.BlackHole.from_position({"f0": "AS", "t0": "3D 2C", "t1": "4H"}), time_limit=None,
                   max_states=1_000)
    assert won.status == "won" and [str(m) for m in won.moves] == ["t0 f0", "t0 f0", "t1 f0"]


def test_a_card_turned_up_as_it_is_uncovered_is_among_the_piles_a_move_and_its_undo_change():
    """A table redraws the piles a change names: the card turned up (and
    turned down again by undo) must be among them, or it shows stale."""
    game = sw.TriPeaks.from_position({"t0": "5S", "t3": "4H", "t4": "3C", "f0": "5D"}, face_down={"t0": 1})
    heard: list[tuple[str, ...]] = []
    game.observe(lambda _game, change: heard.append(change.piles))
    game.play("t3 f0")
    game.play("t4 f0")
    game.undo()
    assert heard == [("t3", "f0"), ("t4", "f0", "t0"), ("t4", "f0", "t0")]
