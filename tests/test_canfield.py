"""Canfield: what the family's oracle (tests/oracles/klondike.py, run by
tests/test_catalogue.py) cannot see: the deal's exact shape, the base rank
and the wrap, the columns filled only from the reserve, refusals that read
well, the safe drops, and a solver that wins."""

from __future__ import annotations

import solitaire_widgets as sw
from solitaire_widgets import Card, Move

COLUMNS = [f"t{i}" for i in range(4)]
FILLED_FROM_RESERVE = ("in Canfield an empty pile takes only the reserve's top card while the reserve holds cards, "
                       "any card once it is empty")


def test_the_deal_gives_the_base_card_a_reserve_of_13_one_card_a_column_and_34_to_the_stock():
    game = sw.Canfield(seed=4)
    assert len(game["f0"]) == 1 and not any(game[f"f{i}"] for i in range(1, 4))
    assert len(game["reserve"]) == 13 and game.face_down("reserve") == 12
    assert [len(game[t]) for t in COLUMNS] == [1] * 4 and len(game["stock"]) == 34 and not game["waste"]
    assert game.base_rank == game["f0"][0].rank
    assert game.empty_label("f1") == {1: "A", 11: "J", 12: "Q", 13: "K"}.get(game.base_rank, str(game.base_rank))


def test_every_foundation_starts_from_the_base_rank_and_goes_on_from_king_to_ace():
    game = sw.Canfield.from_position({"f0": "QH KH", "t0": "AH", "t1": "QS", "t2": "5D", "reserve": "9C"})
    assert set(game.legal_moves()) >= {Move("t0", "f0"), Move("t1", "f1")}
    assert game.why_illegal("t2 f1") == "5♦ cannot start f1: an empty foundation takes only a queen, the base rank"
    assert "a card of the base rank on an empty one, then up in suit, K and A joined" in sw.rules("canfield")


def test_columns_build_down_in_alternating_colours_a_king_going_on_an_ace():
    game = sw.Canfield.from_position({"f0": "7H", "t0": "2S AH", "t1": "KS", "t2": "KD", "reserve": "AD"})
    assert Move("t1", "t0") in game.legal_moves()
    assert game.why_illegal("t2 t0") == ("K♦ cannot go on A♥ (t0): Canfield builds down in alternating colours, K "
                                         "and A joined, so A♥ takes only a black king")
    runs = sw.Canfield.from_position({"f0": "7H", "t0": "3H 2S AH KS", "t1": "4S", "reserve": "9C"})
    assert Move("t0", "t1", 4) in runs.legal_moves()  # 3♥ 2♠ A♥ K♠ onto 4♠: the run moves together
    assert Move("t0", "t1", 2) not in runs.legal_moves()  # A♥ K♠ do not go on 4♠


def test_an_empty_column_takes_only_the_reserve_s_top_card_then_any_card():
    game = sw.Canfield.from_position({"f0": "7H", "reserve": "2C 9D", "t0": "8S", "t2": "5C", "waste": "6D"},
                                     face_down={"reserve": 1})
    assert game.legal_moves() == [Move("reserve", "t1"), Move("reserve", "t3"), Move("redeal")]
    assert game.why_illegal("waste t1") == f"6♦ cannot go on the empty t1: {FILLED_FROM_RESERVE}"
    assert game.why_illegal("t2 t3") == f"5♣ cannot go on the empty t3: {FILLED_FROM_RESERVE}"
    assert game.empty_label("t1") == ""  # no rank fills it: the reserve's card does
    game.play("reserve t1")
    assert game["t1"] == (Card.parse("9D"),) and game["reserve"] == (Card.parse("2C"),)
    assert game.face_down("reserve") == 0  # its next card turns up
    once_empty = sw.Canfield.from_position({"f0": "7H", "reserve": "9D", "t0": "8S", "t2": "5C", "waste": "6D"})
    once_empty.play("reserve t1")
    assert {Move("waste", "t3"), Move("t0", "t3"), Move("t2", "t3")} <= set(once_empty.legal_moves())


def test_the_rules_say_how_a_column_is_filled():
    assert ("an empty pile takes only the reserve's top card while the reserve holds cards, any card once it is "
            "empty") in sw.rules("canfield")


def test_three_cards_a_draw_and_the_waste_turned_over_as_often_as_you_like():
    game = sw.Canfield.from_position({"f0": "7H", "stock": "5S 4S 3S AS 2S", "t0": "KH", "reserve": "9C"},
                                     redeals=30)
    game.draw()
    assert game["waste"] == tuple(map(Card.parse, "2S AS 3S".split()))
    game.draw()
    game.redeal()
    assert game["stock"] == tuple(map(Card.parse, "5S 4S 3S AS 2S".split())) and game.passes() is None


def test_safe_drops_the_card_after_the_base_and_a_card_nothing_could_go_on_never_a_waste_card():
    game = sw.Canfield.from_position({"f0": "7H", "f1": "7S", "t0": "8H", "t1": "8S", "waste": "8D",
                                      "f2": "7D", "reserve": "9C"})
    assert game.safe_drops() == [Move("t0", "f0"), Move("t1", "f1")]  # the 7s below them always go home
    later = sw.Canfield.from_position({"f0": "7H 8H 9H", "f1": "7S 8S 9S 10S", "f2": "7C 8C 9C 10C",
                                       "t0": "10H", "t1": "JS", "reserve": "2D"})
    assert later.safe_drops() == [Move("t0", "f0")]  # both black nines are home; J♠ waits for the red tens


def test_the_solver_wins_a_deal_and_its_line_replays_to_a_win():
    game = sw.Canfield(seed=8)
    solution = sw.solve(game, time_limit=None, max_states=3000)
    assert solution.status == "won", (solution.status, solution.states)
    for move in solution.moves:
        game.play(move)
    assert game.status == "won"
