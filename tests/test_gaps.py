"""Gaps: what its oracle (tests/oracles/gaps.py) cannot see: the deal and
its gaps, the refusals' words, the redeal (cards in sequence stay, the
others shuffled, a gap after each row's sequence), each option's redeals,
cards home, the layouts, a solver smoke test."""

from __future__ import annotations

import pytest

import solitaire_widgets as sw
from solitaire_widgets.cards import CARD
from solitaire_widgets.geometry import layout_for, table_geometry

DECK = [CARD[i].code for i in range(52)]  # A♠ 2♠ … K♠, A♥ … K♥, A♦ …, A♣ … K♣
ROWS = [[f"{row}{col}" for col in range(1, 14)] for row in "abcd"]


def test_the_deal_lays_four_rows_of_thirteen_and_sets_the_aces_aside():
    game = sw.Gaps(deck=DECK)
    assert [c.code for c in game["aces"]] == ["AS", "AH", "AD", "AC"]
    assert [game[row[0]] for row in ROWS] == [(), (), (), ()]  # each ace left a gap at a row's left
    assert [c.code for c in game["a2"] + game["a13"]] == ["2S", "KS"]
    # every row runs 2 to king already, but from its second slot: nothing in sequence from the left
    assert (game.cards_home, game.score, game.max_score) == (4, 0, 48)
    assert sorted(str(m) for m in game.legal_moves())[:4] == ["a2 a1", "a2 b1", "a2 c1", "a2 d1"]


def test_a_gap_takes_the_card_above_its_left_neighbour_in_suit_a_2_at_a_row_s_left_nothing_after_a_king():
    game = sw.Gaps.from_position({"a1": "2S", "a2": "3S", "a4": "KH", "b2": "4S", "b3": "5D", "c1": "2D", "c3": "9C",
                                  "aces": "AH"})
    assert {str(m) for m in game.legal_moves()} == {"b2 a3", "a1 b1", "c1 b1", "a1 d1", "c1 d1", "redeal"}
    assert game.why_illegal("b3 a3") == ("5♦ cannot go into a3: a gap takes only the card one rank above its left "
                                         "neighbour, in suit, so right of 3♠ only 4♠")
    assert game.why_illegal("c3 a5") == "a5 lies right of K♥ (a4): no card ranks above a king, so it takes nothing"
    assert game.why_illegal("c3 a6") == "a6 lies right of another gap (a5): it takes nothing"
    assert game.why_illegal("c3 b1") == "9♣ cannot go into b1: a gap at a row's left takes only a 2"
    assert game.why_illegal("c3 a2") == "a2 holds 3♠: a card moves only into a gap"
    assert game.why_illegal("c3 aces") == "the aces are out of play: no card comes from or goes to them"
    assert game.cards_home == 4  # A♥ set aside, 2♠ 3♠ in sequence from a1 and 2♦ at c1


def test_a_redeal_keeps_each_row_s_sequence_and_leaves_a_gap_right_after_it():
    game = sw.Gaps(seed=5)
    rng_moves = 0
    while any(str(m) != "redeal" for m in game.legal_moves()) and rng_moves < 40:
        game.play(next(m for m in game.legal_moves() if str(m) != "redeal"))
        rng_moves += 1
    before = {slot: game[slot] for row in ROWS for slot in row}
    runs = [next((i for i, slot in enumerate(row) if not before[slot] or before[slot][0].rank != i + 2
                  or before[slot][0].suit != (before[row[0]] or (None,))[0].suit), 12) if before[row[0]] else 0
            for row in ROWS]
    cards = sorted(card.code for row, run in zip(ROWS, runs) for slot in row[run:] for card in before[slot])
    game.play("redeal")
    for row, run in zip(ROWS, runs):
        assert [game[slot] for slot in row[:run]] == [before[slot] for slot in row[:run]]
        assert game[row[run]] == () if run < 13 else True
        assert all(len(game[slot]) == 1 for slot in row[run + 1:])
    assert sorted(card.code for row, run in zip(ROWS, runs) for slot in row[run:] for card in game[slot]) == cards
    assert game.passes_left == 2 and game.redeals == 1
    again = sw.Gaps(seed=5)
    for move in game.history:
        again.play(move)
    assert again.key() == game.key()  # the shuffle is the deal's: a replay is exact


@pytest.mark.parametrize("redeals, passes, words", [
    ("two", 3, "Gaps allows 2 redeals here and both are used"),
    ("three", 4, "Gaps allows 3 redeals here and all are used"),
    ("none", 1, 'this Gaps plays one deal: no redeal (option redeals="none")')])
def test_each_option_allows_its_redeals(redeals, passes, words):
    game = sw.Gaps(seed=2, redeals=redeals)
    assert game.passes() == passes
    for _ in range(passes - 1):
        game.play("redeal")
    assert game.why_illegal("redeal") == words
    assert ("redeal" in game.possible_actions()) == (passes > 1)


def test_won_when_each_row_runs_2_to_king_in_one_suit():
    rows = {f"{row}{col}": f"{rank}{suit}" for row, suit in zip("abcd", "SHDC")
            for col, rank in enumerate("2 3 4 5 6 7 8 9 10 J Q K".split(), 1)}
    game = sw.Gaps.from_position({**rows, "aces": "AS AH AD AC"})
    assert (game.status, game.end_reason, game.cards_home, game.card_count) == (
        "won", "every card is home", 52, 52)
    gapped = {**rows, "a12": "", "a13": "KS"}
    game = sw.Gaps.from_position({**{k: v for k, v in gapped.items() if v}, "aces": "AS AH AD AC"})
    assert game.why_illegal("a13 a12") is None and game.cards_home == 51
    game.play("a13 a12")
    assert game.status == "won"


@pytest.mark.parametrize("width", [300, 420, 800, 1400])
def test_every_width_fits_the_grid_with_readable_cards(width):
    geometry = table_geometry(layout_for(sw.Gaps.layouts(), width), width)
    assert geometry.width <= width and geometry.card_width >= 35


def test_the_solver_finds_a_short_win_and_a_hint_follows_it():
    rows = {f"{row}{col}": f"{rank}{suit}" for row, suit in zip("abcd", "SHDC")
            for col, rank in enumerate("2 3 4 5 6 7 8 9 10 J Q K".split(), 1)}
    # row a: 2♠ … 10♠, a gap, then J♠ Q♠ K♠: three moves to win
    rows.update(a10="", a11="JS", a12="QS", a13="KS")
    game = sw.Gaps.from_position({**{k: v for k, v in rows.items() if v}, "aces": "AS AH AD AC"})
    solution = sw.solve(game, time_limit=None, max_states=5_000)
    assert solution.status == "won" and [str(m) for m in solution.moves] == ["a11 a10", "a12 a11", "a13 a12"]
    assert game.hint(time_limit=None, max_states=5_000).winning
