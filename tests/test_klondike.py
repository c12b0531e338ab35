"""Klondike, Whitehead, Yukon and Russian Solitaire: what the family's oracle
(tests/oracles/klondike.py, run by tests/test_catalogue.py) cannot see: the
deal's exact shape, each option's effect, refusals that read well, the safe
drops, and a solver that wins."""

from __future__ import annotations

import pytest

import solitaire_widgets as sw
from solitaire_widgets import Card, Move

COLUMNS = [f"t{i}" for i in range(7)]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


# --- the deals ------------------------------------------------------------------------------------

def test_klondike_deals_one_to_seven_cards_the_top_of_each_face_up_and_24_to_the_stock():
    game = sw.Klondike(seed=11)
    assert [len(game[t]) for t in COLUMNS] == [1, 2, 3, 4, 5, 6, 7]
    assert [game.face_down(t) for t in COLUMNS] == [0, 1, 2, 3, 4, 5, 6]
    assert len(game["stock"]) == 24 and not game["waste"] and not any(game[f"f{i}"] for i in range(4))
    assert game.piles_of("tableau") == tuple(COLUMNS) and game.empty_label("t0") == "K"


def test_whitehead_deals_klondike_s_triangle_all_face_up():
    game = sw.Whitehead(seed=11)
    assert [len(game[t]) for t in COLUMNS] == [1, 2, 3, 4, 5, 6, 7]
    assert [game.face_down(t) for t in COLUMNS] == [0] * 7 and len(game["stock"]) == 24
    assert game.empty_label("t0") == "" and game.possible_actions() == ("draw",)
    assert game.why_illegal("redeal") == ("Whitehead has no redeal: its one action is draw, which turns up the next "
                                          "stock card")


@pytest.mark.parametrize("cls", [sw.Yukon, sw.RussianSolitaire])
def test_yukon_deals_every_card_t1_to_t6_with_five_face_up_on_one_to_six_face_down(cls):
    game = cls(seed=11)
    assert [len(game[t]) for t in COLUMNS] == [1, 6, 7, 8, 9, 10, 11]
    assert [game.face_down(t) for t in COLUMNS] == [0, 1, 2, 3, 4, 5, 6]
    assert game.ACTION_NAMES == () and "stock" not in game.PILES and game.empty_label("t3") == "K"


# --- Klondike's options -----------------------------------------------------------------------------

def test_a_draw_of_three_turns_three_cards_then_the_last_ones_and_only_the_top_one_plays():
    game = sw.Klondike.from_position({"stock": "5S 4S 3S AS 2S", "t0": "KH"}, draw="3")
    game.draw()
    assert game["waste"] == cards("2S AS 3S") and game["stock"] == cards("5S 4S")
    assert game.why_illegal("waste f0").startswith("3♠ cannot start f0")  # the ace lies under the 3
    game.draw()
    assert game["waste"] == cards("2S AS 3S 4S 5S") and not game["stock"]
    assert Move("redeal") in game.legal_moves()
    game.redeal()
    assert game["stock"] == cards("5S 4S 3S AS 2S") and game.redeals == 1


def test_one_card_a_draw_by_default():
    game = sw.Klondike.from_position({"stock": "5S 4S 3S", "t0": "KH"})
    game.draw()
    assert game["waste"] == cards("3S") and game["stock"] == cards("5S 4S")


@pytest.mark.parametrize("passes, redeals, reason", [
    ("3", 2, "Klondike allows two redeals (three passes) and both are used"),
    ("1", 0, "Klondike allows no redeals (one pass) and all are used"),
])
def test_passes_limit_the_redeals_and_say_so(passes, redeals, reason):
    game = sw.Klondike.from_position({"waste": "AS 2S", "t0": "KH"}, passes=passes, redeals=redeals)
    assert Move("redeal") not in game.legal_moves()
    assert game.why_illegal("draw") == ("the stock is empty: Klondike has one pass through it and no redeal"
                                        if passes == "1" else "the stock is empty and Klondike allows no more passes")
    if passes == "3":
        assert game.why_illegal("redeal") == reason
    else:
        assert sw.Klondike(seed=1, passes="1").possible_actions() == ("draw",)


def test_unlimited_passes_redeal_as_often_as_you_like():
    game = sw.Klondike.from_position({"waste": "AS 2S", "t0": "KH"}, redeals=40)
    assert game.passes() is None and Move("redeal") in game.legal_moves()


def test_the_rules_read_the_options_in_force():
    assert "Each draw turns up three cards (or the last one or two); only the top one plays." in sw.rules(
        "klondike", draw="3")
    assert "One pass through the stock: no redeal." in sw.rules("klondike", passes="1")
    assert "twice: three passes in all" in sw.rules("klondike", passes="3")
    assert "as often as you like" in sw.rules("klondike")
    # (the engine keeps foundations final, where some rule books do not: the rules say so)
    assert "some rule books let it come back to a column, this game does not" in sw.rules("klondike")
    assert list(sw.variants("klondike")) == ["draw", "passes"]


# --- the columns -------------------------------------------------------------------------------------

def test_klondike_runs_move_together_or_any_top_part_and_an_empty_column_takes_a_king():
    game = sw.Klondike.from_position({"t0": "10S 9H 8C", "t1": "JD", "t2": "9D", "t3": "QS"})
    legal = set(game.legal_moves())
    assert {Move("t0", "t1", 3), Move("t0", "t2")} <= legal
    assert Move("t0", "t4", 3) not in legal  # a run of a ten does not fill an empty column
    assert game.why_illegal("t0 t4 3") == "10♠ cannot go on the empty t4: in Klondike an empty pile takes only a king"
    assert game.why_illegal("t3 t1") == ("Q♠ cannot go on J♦ (t1): Klondike builds down in alternating colours, "
                                         "so J♦ takes only a black 10")


def test_whitehead_builds_in_the_same_colour_and_moves_runs_of_one_suit():
    game = sw.Whitehead.from_position({"t0": "7S", "t3": "8C", "t4": "6S 5C", "t5": "7C 6C"})
    legal = set(game.legal_moves())
    assert Move("t5", "t3", 2) in legal and Move("t4", "t5") in legal and Move("t0", "t1") in legal
    assert game.why_illegal("t4 t3 2") == ("6♠ 5♣ do not move together: Whitehead moves runs built down in suit, and "
                                           "the run on top of t4 is 1 card")
    assert sw.Whitehead.from_position({"t0": "7S", "t1": "6H"}).why_illegal("t1 t0") == (
        "6♥ cannot go on 7♠ (t0): Whitehead builds down in the same colour, so 7♠ takes only a black 6")


def test_yukon_moves_any_face_up_card_with_the_cards_on_it_in_any_order():
    game = sw.Yukon.from_position({"t0": "4C 8S 2H 9C", "t1": "9D", "t2": "KD"}, face_down={"t0": 1})
    legal = set(game.legal_moves())
    assert Move("t0", "t1", 3) in legal  # 8♠ with 2♥ 9♣ on it, onto 9♦
    assert Move("t0", "t1", 4) not in legal and Move("t2", "t3") in legal
    assert game.why_illegal("t0 t1 4") == ("only 3 cards of t0 lie face up: face-down cards do not move")
    game.play("t0 t1 3")
    assert game["t1"] == cards("9D 8S 2H 9C") and game.face_down("t0") == 0


def test_russian_solitaire_builds_down_in_suit():
    game = sw.RussianSolitaire.from_position({"t0": "8S 2H 9C", "t1": "9S", "t2": "9D"})
    assert game.legal_moves() == [Move("t0", "t1", 3)]
    assert game.why_illegal("t0 t2 3") == ("8♠ cannot go on 9♦ (t2): Russian Solitaire builds down in suit, so 9♦ "
                                           "takes only 8♦")


# --- safe drops ----------------------------------------------------------------------------------

def test_a_card_goes_home_safely_once_both_cards_that_could_go_on_it_are_home():
    home = {"f0": "AH 2H 3H 4H", "f1": "AD 2D 3D 4D", "f2": "AS 2S 3S 4S"}
    game = sw.Klondike.from_position({**home, "t0": "5S", "t1": "5C", "t2": "KH"})
    assert game.safe_drops() == [Move("t0", "f2")]  # both red fours are home; 5♣ has no foundation yet
    game = sw.Klondike.from_position({"f0": "AH 2H 3H", "f1": "AS", "t0": "4H", "t1": "2S"})
    assert game.safe_drops() == [Move("t1", "f1")]  # a two always; 4♥ waits for the black threes
    whitehead = sw.Whitehead.from_position({"f0": "AH 2H 3H", "f1": "AD 2D 3D 4D", "t0": "4H", "t1": "5D"})
    assert whitehead.safe_drops() == [Move("t0", "f0")]  # 3♦, the red three, is home; 5♦ waits for 4♥
    russian = sw.RussianSolitaire.from_position({"f0": "AH 2H 3H", "t0": "KS 4H"})
    assert russian.safe_drops() == [Move("t0", "f0")]


def test_a_waste_card_is_not_a_safe_drop_when_three_cards_are_turned_at_a_time():
    position = {"f0": "AH", "waste": "2H", "stock": "5S 6S", "t0": "KH"}
    assert sw.Klondike.from_position(position).safe_drops() == [Move("waste", "f0")]
    assert sw.Klondike.from_position(position, draw="3").safe_drops() == []


# --- the solver -------------------------------------------------------------------------------------

@pytest.mark.parametrize("cls, seed, options", [
    (sw.Klondike, 3, {}), (sw.Klondike, 6, {"draw": "3"}), (sw.Whitehead, 1, {}), (sw.Yukon, 1, {}),
    (sw.RussianSolitaire, 18, {}),
])
def test_the_solver_wins_a_deal_and_its_line_replays_to_a_win(cls, seed, options):
    game = cls(seed=seed, **options)
    solution = sw.solve(game, time_limit=None, max_states=3000)
    assert solution.status == "won", (cls.name, solution.status, solution.states)
    for move in solution.moves:
        game.play(move)
    assert game.status == "won"
