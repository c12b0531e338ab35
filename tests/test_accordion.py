"""Accordion: what its oracle (tests/oracles/accordion.py) cannot see: the
deal, the neighbour rule's words, cards home without foundations, whole piles
in saves and Gymnasium, the layouts, a solver smoke test."""

from __future__ import annotations

import json

import pytest

import solitaire_widgets as sw
from solitaire_widgets.cards import CARD
from solitaire_widgets.geometry import layout_for, table_geometry

DECK = [CARD[i].code for i in range(52)]  # A♠ 2♠ … K♠, A♥ … K♥, A♦ …, A♣ … K♣


def test_the_deal_lays_the_52_cards_in_a_row_one_to_a_pile():
    game = sw.Accordion(deck=DECK)
    assert [game[f"t{i}"] for i in range(52)] == [(sw.Card.parse(code),) for code in DECK]
    assert (game.cards_home, game.score, game.max_score, game.card_count) == (0, 0, 52, 52)
    # A♠ 2♠ 3♠ …: each card onto its neighbour (same suit), or the third to its left
    assert [str(m) for m in game.legal_moves()[:4]] == ["t1 t0", "t2 t1", "t3 t0", "t3 t2"]


def test_a_pile_moves_whole_onto_its_first_or_third_neighbour_that_holds_cards():
    game = sw.Accordion.from_position({"t0": "QH", "t1": "2C", "t2": "9S", "t3": "4C", "t5": "5H 9C"})
    # t5's neighbours: t3 (the first holding cards) and t1 (the third); its top card 9♣ is a club
    assert [str(m) for m in game.legal_moves() if m.source == "t5"] == ["t5 t1", "t5 t3"]
    assert game.why_illegal("t5 t2") == ("t5 goes only onto the first or the third pile to its left that holds "
                                         "cards (t3 or t1 now), not t2")
    assert game.why_illegal("t5 t3 2") == "t5 moves whole: write the move without a count"
    assert game.why_illegal("t3 t0") == ("4♣ cannot go on Q♥ (t0): Accordion builds on a card of the same suit or "
                                         "the same rank, so Q♥ takes only a heart or a queen")
    game.play("t5 t3")
    assert game["t3"] == tuple(sw.Card.parse(c) for c in ("4C", "5H", "9C")) and game["t5"] == ()
    assert game.cards_home == 2 and game.score == 1 and game.movable("t3") == 3
    game.undo()
    assert game["t5"] == (sw.Card.parse("5H"), sw.Card.parse("9C"))


def test_won_with_one_pile_left_and_every_card_then_home():
    game = sw.Accordion.from_position({"t0": "QH", "t3": "QC 2H"})
    assert game.cards_home == 1 and game.status == "playing"
    game.play("t3 t0")
    assert (game.status, game.end_reason, game.cards_home, game.card_count) == (
        "won", "every card lies in one pile", 3, 3)
    assert game.why_illegal("t0 t3").startswith("the game is won")


def test_a_whole_pile_s_move_saves_loads_and_is_one_gymnasium_action():
    game = sw.Accordion(seed=4)
    for _ in range(5):
        game.play(game.legal_moves()[-1])
    loaded = sw.load(json.loads(json.dumps(game.to_dict())))
    assert loaded.key() == game.key() and loaded.history == game.history
    gym = pytest.importorskip("solitaire_widgets.gym")
    env = gym.SolitaireEnv("accordion")
    # one action for each pile and each pile to its left (the row closes up: any may come to be a neighbour)
    assert len(env.actions) == 52 * 51 // 2 and all(m.count == 1 for m in env.actions)
    obs, info = env.reset(options={"game_seed": 4})
    move = env.actions[int(info["action_mask"].argmax())]
    obs, reward, terminated, truncated, info = env.step(env.actions.index(move))
    assert reward == 1 and not terminated  # one card covered: one card home


@pytest.mark.parametrize("width", [300, 420, 800, 1400])
def test_every_width_fits_the_row_with_readable_cards(width):
    geometry = table_geometry(layout_for(sw.Accordion.layouts(), width), width)
    assert geometry.width <= width and geometry.card_width >= 40 and geometry.height <= 760


def test_the_solver_wins_a_deal_and_searches_tops_not_whole_piles():
    game = sw.Accordion(seed=4)
    solution = sw.solve(game, time_limit=None, max_states=20_000)
    assert solution.status == "won" and len(solution.moves) == 51
    # two positions with the same tops in the same order play alike: one key
    a = sw.Accordion.from_position({"t0": "QH", "t1": "2C", "t3": "9S 4C"})
    b = sw.Accordion.from_position({"t0": "5H QH", "t2": "2C", "t5": "4C"})
    assert a.search_key() == b.search_key() and a.key() != b.key()
