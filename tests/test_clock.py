"""Clock: what its oracle (tests/oracles/clock.py) cannot see: the deal,
what the rules remember (``STATE``), the end's words, hints and the solver
on a game without choices, saves, the layouts, and its win rate against the
odds (1 in 13)."""

from __future__ import annotations

import json

import pytest

import solitaire_widgets as sw
from solitaire_widgets.cards import CARD
from solitaire_widgets.geometry import layout_for, table_geometry

DECK = [CARD[i].code for i in range(52)]  # A♠ 2♠ … K♠, A♥ … K♥, A♦ …, A♣ … K♣
HOURS = [f"h{rank}" for rank in range(1, 14)]


def test_the_deal_puts_four_face_down_cards_at_each_hour_the_first_turn_from_the_kings():
    game = sw.Clock(deck=DECK)
    assert [[c.code for c in game[h]] for h in HOURS[:2]] == [["AS", "AH", "AD", "AC"], ["2S", "2H", "2D", "2C"]]
    assert all(game.face_down(h) == 4 for h in HOURS) and game.state == {"_hour": 13}
    assert game.legal_moves() == [sw.Move("turn")] and game.cards_home == 0


def test_each_turn_goes_to_its_hour_and_the_next_comes_from_there():
    game = sw.Clock(deck=DECK)  # h13 holds KS KH KD KC: K♣ on top of its face-down cards
    game.play("turn")
    assert game.state == {"_hour": 13} and game.face_down("h13") == 3 and game.top("h13") == sw.Card.parse("KC")
    assert game.cards_home == 1 and game.why_illegal("h13 h1") == "Clock never moves a card from h13 to h1"
    game.undo()
    assert game.state == {"_hour": 13} and game.face_down("h13") == 4


def test_lost_when_the_fourth_king_comes_up_first_and_won_when_it_comes_last():
    game = sw.Clock(deck=DECK)  # every king first: four turns, then the kings' pile has nothing left
    for _ in range(4):
        game.play("turn")
    assert game.status == "lost" and game.end_reason == "the fourth king turned up with 48 cards still face down"
    assert game.why_illegal("turn").startswith("the game is lost (the fourth king turned up")
    won = sw.Clock.from_position({"h1": "AS", "h13": "KS"}, face_down={"h1": 1, "h13": 1}, state={"_hour": 13})
    won.play("turn")  # K♠ up: then A♠… no: the kings' pile gave its last card and it was a king
    assert won.status == "lost"
    won = sw.Clock.from_position({"h1": "KS", "h13": "AS"}, face_down={"h1": 1, "h13": 1}, state={"_hour": 13})
    won.play("turn")
    won.play("turn")
    assert (won.status, won.end_reason, won.cards_home) == ("won", "every card is face up at its hour", 2)


def test_hints_and_the_solver_follow_the_one_line_and_saves_keep_the_hour():
    game = sw.Clock(seed=3)
    assert game.hint(time_limit=None, max_states=100).reason.startswith("no win exists from here")
    solution = sw.solve(game, time_limit=None, max_states=100)
    assert solution.status == "lost" and solution.states == 1 + 38  # the deal and each turn until the fourth king
    game.play("turn")
    game.play("turn")
    saved = json.loads(json.dumps(game.to_dict()))
    assert saved["format"] == 3 and sw.load(saved).state == game.state


@pytest.mark.parametrize("width", [300, 420, 800, 1400])
def test_every_width_fits_the_dial_or_its_list(width):
    geometry = table_geometry(layout_for(sw.Clock.layouts(), width), width)
    assert geometry.width <= width and geometry.card_width >= 45


def test_about_one_deal_in_thirteen_is_won():
    rate = sw.winnability("clock", 200, time_limit=None, max_states=100, executor="inline", progress=False)
    assert rate.unknown == 0 and 6 <= rate.won <= 28  # 1 in 13 (the fourth king must come last): 15 of 200, ±2.5 sd
