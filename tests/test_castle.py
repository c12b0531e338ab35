"""Beleaguered Castle and Streets and Alleys: what their oracle
(tests/oracles/castle.py) cannot see: the deal's exact shape, the refusals'
words, the drops a table plays by itself, the layouts, a solver smoke test."""

from __future__ import annotations

import pytest

import solitaire_widgets as sw
from solitaire_widgets.cards import CARD
from solitaire_widgets.geometry import layout_for, table_geometry

DECK = [CARD[i].code for i in range(52)]  # A♠ 2♠ … K♠, A♥ … K♥, A♦ …, A♣ … K♣
ROWS = [f"t{i}" for i in range(8)]


def codes(game: sw.Game, pile: str) -> list[str]:
    return [card.code for card in game[pile]]


def test_beleaguered_castle_deals_the_aces_home_then_six_cards_to_a_row_one_at_a_time():
    game = sw.BeleagueredCastle(deck=DECK)
    assert [codes(game, f) for f in ("f0", "f1", "f2", "f3")] == [["AS"], ["AH"], ["AD"], ["AC"]]
    rest = [code for code in DECK if code[0] != "A"]
    assert [codes(game, t) for t in ROWS] == [rest[i::8] for i in range(8)]
    assert all(len(game[t]) == 6 and game.face_down(t) == 0 for t in ROWS)
    assert (game.score, game.max_score) == (0, 48)


def test_streets_and_alleys_deals_all_52_seven_to_the_first_four_rows():
    game = sw.StreetsAndAlleys(deck=DECK)
    assert [codes(game, t) for t in ROWS] == [DECK[i::8] for i in range(8)]
    assert [len(game[t]) for t in ROWS] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert game.cards_home == 0 and game.max_score == 52


@pytest.mark.parametrize("cls", [sw.BeleagueredCastle, sw.StreetsAndAlleys])
def test_one_card_at_a_time_any_suit_and_an_empty_row_takes_any_card(cls):
    game = cls.from_position({"f0": "AS", "t0": "9H 8C", "t1": "10D", "t2": "5S"})
    assert game.why_illegal("t0 t1 2") == f"{cls.title} moves one card at a time, not 2"
    assert game.movable("t0") == 1
    assert game.why_illegal("t2 t1") == (f"5♠ cannot go on 10♦ (t1): {cls.title} builds down by rank, any suit, "
                                         "so 10♦ takes only a 9")
    assert game.is_legal("t0 t3") and game.is_legal("t1 t4")  # an empty row takes any card
    assert game.why_illegal("f0 t3") == "cards on the foundations never move: foundations are final"
    game.play("t0 t3")
    assert codes(game, "t3") == ["8C"] and game.is_legal("t3 t0")  # and back onto 9♥: rows can go round


def test_a_card_drops_home_by_itself_once_every_card_two_ranks_lower_is_home():
    # 4♠ could hold only a 3, and every 3 could go home itself: the drop is safe …
    ready = {"f0": "AS 2S 3S", "f1": "AH 2H", "f2": "AD 2D", "f3": "AC 2C", "t0": "4S", "t1": "3H", "t2": "KD"}
    assert sw.BeleagueredCastle.from_position(ready).safe_drops() == [sw.Move("t0", "f0"), sw.Move("t1", "f1")]
    # … but not while a 2 is out: 3♥ may still need a 4 to wait on.
    early = {**ready, "f3": "AC", "t3": "2C"}
    game = sw.BeleagueredCastle.from_position(early)
    assert sw.Move("t0", "f0") in game.legal_moves() and sw.Move("t0", "f0") not in game.safe_drops()
    assert sw.Move("t1", "f1") in game.safe_drops()  # a 3 only ever holds a 2, which can go home itself


@pytest.mark.parametrize("width, narrow", [(300, True), (420, True), (699, True), (700, False), (1400, False)])
def test_the_wings_lie_beside_the_foundations_and_turn_into_columns_on_a_narrow_table(width, narrow):
    layouts = sw.BeleagueredCastle.layouts()
    chosen = layout_for(layouts, width)
    assert (chosen is layouts[1]) == narrow
    geometry = table_geometry(chosen, width)
    assert geometry.width <= width and geometry.card_width >= 30
    piles = geometry.piles
    if not narrow:  # t0–t3 left of f0–f3, t4–t7 right, a row each
        assert all(piles[f"t{i}"].x < piles[f"f{i}"].x < piles[f"t{i + 4}"].x for i in range(4))
        assert all(piles[f"t{i}"].y == piles[f"f{i}"].y == piles[f"t{i + 4}"].y for i in range(4))


def test_the_solver_wins_a_small_castle_and_proves_a_dealt_loss():
    game = sw.StreetsAndAlleys.from_position({"t0": "2S AS", "t1": "AH 3S", "t2": "2H"})
    solution = sw.solve(game, time_limit=None, max_states=500)
    assert solution.status == "won" and solution.states < 100
    # Seed 4: only Q♥, J♦, 8♣ and 7♥ can ever move, none of them home.
    assert sw.solve(sw.BeleagueredCastle(seed=4), time_limit=None, max_states=20_000).status == "lost"
