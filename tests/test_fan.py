"""Fan, La Belle Lucie and Baker's Dozen: what their oracle
(tests/oracles/fan.py) cannot see: the deals' exact shapes (Baker's Dozen's
kings), La Belle Lucie's redeals, the refusals' words, the layouts, a
solver smoke test."""

from __future__ import annotations

import pytest

import solitaire_widgets as sw
from solitaire_widgets.cards import CARD
from solitaire_widgets.geometry import layout_for, table_geometry

DECK = [CARD[i].code for i in range(52)]  # A♠ 2♠ … K♠, A♥ … K♥, A♦ …, A♣ … K♣
FANS = [f"t{i}" for i in range(18)]


def codes(game: sw.Game, pile: str) -> list[str]:
    return [card.code for card in game[pile]]


@pytest.mark.parametrize("cls", [sw.Fan, sw.LaBelleLucie])
def test_the_fans_are_dealt_in_threes_and_the_last_card_alone(cls):
    game = cls(deck=DECK)
    assert [codes(game, t) for t in FANS] == [DECK[i:i + 3] for i in range(0, 52, 3)]
    assert codes(game, "t17") == ["KC"] and all(game.face_down(t) == 0 for t in FANS)


def test_an_empty_fan_takes_only_a_king_in_fan_and_nothing_in_la_belle_lucie():
    fan = sw.Fan.from_position({"t0": "QH", "t1": "KS 5D", "t3": "6D"})
    assert fan.why_illegal("t0 t2") == "Q♥ cannot go on the empty t2: in Fan an empty pile takes only a king"
    assert fan.legal_moves() == [sw.Move("t1", "t3")]  # K♠ waits under 5♦
    fan.play("t1 t3")
    assert fan.is_legal("t1 t2") and fan.empty_label("t2") == "K"
    lucie = sw.LaBelleLucie.from_position({"t0": "KS", "t1": "QH"})
    assert lucie.why_illegal("t0 t2") == "t2 is empty, and in La Belle Lucie an empty pile is never filled"
    assert lucie.why_illegal("t1 t0") == ("Q♥ cannot go on K♠ (t0): La Belle Lucie builds down in suit, so K♠ "
                                          "takes only Q♠")


def test_la_belle_lucie_redeals_twice_shuffled_in_threes_the_short_fan_last():
    game = sw.LaBelleLucie(seed=3)
    for _ in range(4):  # a few cards home or moved, so the fans hold 52 - home cards
        game.play(next(m for m in game.legal_moves() if not m.is_action))
    out = sorted(card.code for t in FANS for card in game[t])
    game.play("redeal")
    assert sorted(card.code for t in FANS for card in game[t]) == out
    assert [len(game[t]) for t in FANS] == [min(3, max(0, len(out) - 3 * i)) for i in range(18)]
    assert game.passes_left == 2
    again = sw.LaBelleLucie(seed=3)
    for move in game.history:
        again.play(move)
    assert again.key() == game.key()  # the shuffle is the deal's: replays are exact
    game.play("redeal")
    assert game.why_illegal("redeal") == "La Belle Lucie allows two redeals (three passes) and both are used"
    while game.history:
        game.undo()
    assert game.key() == sw.LaBelleLucie(seed=3).key()


def test_a_redeal_shuffles_the_cards_left_not_where_they_lay():
    """The fans are interchangeable (the solver sorts them): two positions
    with the same cards on the fans in another order redeal alike."""
    one = sw.LaBelleLucie.from_position({"t0": "5H 9C", "t1": "KD", "t2": "2S 7S 3D", "t3": "QC"}, seed=8)
    other = sw.LaBelleLucie.from_position({"t0": "KD", "t1": "QC", "t2": "5H 9C", "t3": "2S 7S 3D"}, seed=8)
    assert one.search_key() == other.search_key()
    one.play("redeal")
    other.play("redeal")
    assert [codes(one, t) for t in FANS] == [codes(other, t) for t in FANS]
    assert [len(one[t]) for t in FANS[:4]] == [3, 3, 1, 0]


def test_bakers_dozen_moves_the_kings_to_the_bottom_of_their_columns_keeping_the_other_cards_in_order():
    columns = [f"t{i}" for i in range(13)]
    deck = ["2S", "KS", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "AS",  # round 1
            "KH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "AH",  # round 2
            "2D", "KD", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "AD",  # round 3
            "KC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "AC"]  # round 4
    game = sw.BakersDozen(deck=deck)
    assert codes(game, "t0") == ["KH", "KC", "2S", "2D"]  # two kings, dealt second and fourth
    assert codes(game, "t1") == ["KS", "KD", "2H", "2C"]
    assert codes(game, "t2") == ["3S", "3H", "3D", "3C"]  # no king: as dealt
    assert all(len(game[t]) == 4 and game.face_down(t) == 0 for t in columns)


def test_bakers_dozen_builds_by_rank_in_any_suit_one_card_at_a_time_and_never_fills_a_column():
    game = sw.BakersDozen.from_position({"t0": "KS 9H", "t1": "10C", "t2": "9D 8S", "f0": "AS"})
    assert game.is_legal("t0 t1") and game.is_legal("t2 t0")
    assert game.why_illegal("t2 t1 2") == "Baker's Dozen moves one card at a time, not 2"
    assert game.why_illegal("t0 t3") == "t3 is empty, and in Baker's Dozen an empty pile is never filled"
    assert sw.Move("t2", "t0") not in game.safe_drops()  # a drop, not a build, is ever automatic


@pytest.mark.parametrize("cls, width, rows", [
    (sw.Fan, 300, 7), (sw.Fan, 600, 6), (sw.Fan, 800, 5), (sw.Fan, 1400, 4),
    (sw.BakersDozen, 300, 3), (sw.BakersDozen, 699, 3), (sw.BakersDozen, 700, 2), (sw.BakersDozen, 1400, 2)])
def test_every_layout_fits_its_table_without_scrolling(cls, width, rows):
    chosen = layout_for(cls.layouts(), width)
    geometry = table_geometry(chosen, width)
    assert len(chosen.rows) == rows
    assert geometry.width <= width and geometry.card_width >= 30


def test_the_solver_wins_a_small_fan_and_proves_a_blocked_one_lost():
    won = sw.Fan.from_position({"t0": "2S AS", "t1": "AH 3S", "t2": "2H"})
    solution = sw.solve(won, time_limit=None, max_states=500)
    assert solution.status == "won" and solution.states < 100
    blocked = sw.BakersDozen.from_position({"t0": "AS 2S", "t1": "AH 2H"})  # each 2 over its own ace
    assert sw.solve(blocked, time_limit=None, max_states=500).status == "lost"
