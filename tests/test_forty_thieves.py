"""Forty Thieves and Fortune's Favor: what the family's oracle
(tests/oracles/klondike.py, run by tests/test_catalogue.py) cannot see: the
deals' exact shape, one card at a time, Fortune's Favor's columns filled
from the waste, refusals that read well, the safe drops, and a solver that
wins."""

from __future__ import annotations

import solitaire_widgets as sw
from solitaire_widgets import Card, Move

FROM_THE_WASTE = ("in Fortune's Favor an empty pile takes only the top card of the waste while it holds cards, then "
                  "of the stock, and any card once all are empty")


def test_forty_thieves_deals_ten_columns_of_four_face_up_from_two_decks():
    game = sw.FortyThieves(seed=6)
    columns = game.piles_of("tableau")
    assert len(columns) == 10 and [len(game[t]) for t in columns] == [4] * 10
    assert [game.face_down(t) for t in columns] == [0] * 10
    assert len(game["stock"]) == 64 and len(game.piles_of("foundation")) == 8 and game.card_count == 104


def test_fortunes_favor_deals_the_aces_out_and_one_card_to_each_of_twelve_columns():
    game = sw.FortunesFavor(seed=6)
    assert [game[f] for f in game.piles_of("foundation")] == [(game[f][0],) for f in game.piles_of("foundation")]
    assert {game[f][0].rank for f in game.piles_of("foundation")} == {1}
    assert [len(game[t]) for t in game.piles_of("tableau")] == [1] * 12 and len(game["stock"]) == 36


def test_forty_thieves_moves_one_card_at_a_time_and_an_empty_column_takes_any_card():
    game = sw.FortyThieves.from_position({"t0": "8S 7S", "t1": "9S", "t2": "QD"})
    assert game.why_illegal("t0 t1 2") == "Forty Thieves moves one card at a time, not 2"
    assert {Move("t0", "t3"), Move("t2", "t3")} <= set(game.legal_moves())
    assert game.why_illegal("t2 t1") == ("Q♦ cannot go on 9♠ (t1): Forty Thieves builds down in suit, so 9♠ takes "
                                         "only 8♠")
    assert game.passes() is None and game.possible_actions() == ("draw",)


def test_forty_thieves_sends_a_card_home_safely_once_both_cards_below_it_are_home():
    position = {"f0": "AS 2S 3S 4S 5S 6S", "f1": "AS 2S 3S 4S 5S", "t0": "8S 7S", "t1": "2H", "f2": "AH"}
    game = sw.FortyThieves.from_position(position)
    assert game.safe_drops() == [Move("t1", "f2")]  # a two always; 7♠ waits for the other 6♠
    both = sw.FortyThieves.from_position({**position, "f1": "AS 2S 3S 4S 5S 6S"})
    assert both.safe_drops() == [Move("t0", "f0"), Move("t0", "f1"), Move("t1", "f2")]


def test_a_fortune_s_favor_column_is_filled_from_the_waste_then_from_the_stock_then_by_any_card():
    game = sw.FortunesFavor.from_position({"f0": "AH", "f1": "AS", "t0": "7H", "t1": "5C", "stock": "9D 8D",
                                           "waste": "6D 3S"})
    assert game.why_illegal("t1 t2") == f"5♣ cannot go on the empty t2: {FROM_THE_WASTE}"
    assert Move("waste", "t2") in game.legal_moves() and Move("t0", "t2") not in game.legal_moves()
    game.play("waste t2")
    game.play("waste t3")
    assert game.legal_moves() == [Move("draw")]  # the waste is empty: a stock card is turned up first
    game.play("draw")
    assert game["waste"] == (Card.parse("8D"),) and Move("waste", "t4") in game.legal_moves()
    game.play("waste t4")
    game.play("draw")
    game.play("waste t5")
    assert Move("t1", "t6") in game.legal_moves()  # waste and stock are empty: any card


def test_fortune_s_favor_says_how_a_column_is_filled_and_every_drop_is_safe():
    assert "While the waste is empty, a stock card fills a column once it is turned up onto the waste." in sw.rules(
        "fortunes_favor")
    game = sw.FortunesFavor.from_position({"f0": "AH 2H", "t0": "3H", "t1": "KH"})
    assert game.safe_drops() == [Move("t0", "f0")]


def test_the_solver_wins_deals_and_their_lines_replay_to_a_win():
    for cls, seed, budget in ((sw.FortunesFavor, 0, 1000), (sw.FortyThieves, 1, 8000)):
        game = cls(seed=seed)
        solution = sw.solve(game, time_limit=None, max_states=budget)
        assert solution.status == "won", (cls.name, solution.status, solution.states)
        for move in solution.moves:
            game.play(move)
        assert game.status == "won"
