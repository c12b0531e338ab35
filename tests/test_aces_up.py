"""Aces Up beyond what its oracle checks (tests/oracles/aces_up.py): the
deal, the discard's words, the declared win and loss, and the solver."""

from __future__ import annotations

import solitaire_widgets as sw


def test_aces_up_deals_one_card_a_column_and_discards_under_a_higher_card_of_the_suit():
    game = sw.AcesUp(seed=2)
    assert [len(game[f"t{i}"]) for i in range(4)] == [1] * 4 and len(game["stock"]) == 48
    game = sw.AcesUp.from_position({"t0": "5S", "t1": "9H", "t2": "AS", "stock": "2C 3C 4C 5C"})
    assert [str(m) for m in game.legal_moves()] == ["t0 f0", "t0 t3", "t1 t3", "t2 t3", "deal"]
    assert game.why_illegal("t1 f0") == "9♥ stays: no other column shows a higher card of its suit on top"
    assert game.why_illegal("t0 t1") == "t1 is not empty: a card moves only to an empty column"


def test_won_with_the_four_aces_left_and_lost_when_nothing_can_change():
    won = sw.AcesUp.from_position({"t0": "AS", "t1": "AH", "t2": "AD", "t3": "AC", "f0": "KS"})
    assert won.status == "won" and won.end_reason == "only the four aces are left"
    lost = sw.AcesUp.from_position({"t0": "5S", "t1": "9H"})
    assert lost.status == "lost" and lost.legal_moves() == []
    assert lost.end_reason == "nothing is left to deal or discard, and every card lies alone in its column"


def test_the_solver_wins_an_aces_up_deal():
    result = sw.solve(sw.AcesUp(seed=1), time_limit=None, max_states=20_000)
    assert result.status == "won"
