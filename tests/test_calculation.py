"""Calculation: what its oracle (tests/oracles/calculation.py) cannot see:
the deal, each foundation's sequence, the one-card waste's words, the
layouts, a solver smoke test."""

from __future__ import annotations

import pytest

import solitaire_widgets as sw
from solitaire_widgets.cards import CARD
from solitaire_widgets.geometry import layout_for, table_geometry

DECK = [CARD[i].code for i in range(52)]  # A♠ 2♠ … K♠, A♥ … K♥, A♦ …, A♣ … K♣


def codes(game: sw.Game, pile: str) -> list[str]:
    return [card.code for card in game[pile]]


def test_the_first_ace_two_three_and_four_of_the_deck_start_the_foundations():
    deck = DECK[13:] + DECK[:13]  # hearts first: A♥ 2♥ 3♥ 4♥ go out, whatever comes later
    game = sw.Calculation(deck=deck)
    assert [codes(game, f) for f in ("f1", "f2", "f3", "f4")] == [["AH"], ["2H"], ["3H"], ["4H"]]
    assert len(game["stock"]) == 48 and game.top("stock") == sw.Card.parse("5H")  # the next card drawn
    assert (game.cards_home, game.score, game.max_score) == (4, 0, 48)
    assert game.legal_moves() == [sw.Move("draw")]


@pytest.mark.parametrize("foundation, step, sequence", [
    ("f1", 1, "A 2 3 4 5 6 7 8 9 10 J Q K"), ("f2", 2, "2 4 6 8 10 Q A 3 5 7 9 J K"),
    ("f3", 3, "3 6 9 Q 2 5 8 J A 4 7 10 K"), ("f4", 4, "4 8 Q 3 7 J 2 6 10 A 5 9 K")])
def test_each_foundation_builds_by_its_step_round_the_corner_to_its_king(foundation, step, sequence):
    ranks = sequence.split()
    suits = "SHDC"
    cards = [f"{r}{suits[i % 4]}" for i, r in enumerate(ranks)]
    game = sw.Calculation.from_position({foundation: " ".join(cards[:1]), "waste": cards[1]})
    for i, card in enumerate(cards[1:], 1):
        assert game.why_illegal(f"waste {foundation}") is None, card
        game.play(f"waste {foundation}")
        if i + 1 < len(cards):
            game = sw.Calculation.from_position({foundation: " ".join(cards[:i + 1]), "waste": cards[i + 1]})
    spare = next(f"{r}{suit}" for r in ("A", "2") for suit in "SHDC" if f"{r}{suit}" not in cards)
    full = sw.Calculation.from_position({foundation: " ".join(cards), "waste": spare})
    assert full.why_illegal(f"waste {foundation}") == (f"{foundation} holds 13 cards, as many as it may: nothing more "
                                                       "goes on it")


def test_the_waste_holds_one_card_and_waste_piles_give_only_to_the_foundations():
    game = sw.Calculation.from_position({"f1": "AS", "f2": "2S", "f3": "3S", "f4": "4S", "stock": "9D", "waste": "KH",
                                         "t1": "5C", "t2": "7C"})
    assert game.why_illegal("draw") == ("the waste card K♥ must be played before the next draw (to a foundation or "
                                        "onto t1–t4)")
    assert game.why_illegal("t1 t2") == "Calculation never moves a card from t1 to t2"
    assert game.why_illegal("waste f3") == ("K♥ cannot go on 3♠ (f3): Calculation builds the foundations up by 3 ranks "
                                            "in any suit, K and A joined, so 3♠ takes only a 6")
    assert {str(m) for m in game.legal_moves()} == {"waste t1", "waste t2", "waste t3", "waste t4"}


@pytest.mark.parametrize("width", [300, 420, 800, 1400])
def test_every_width_fits_with_readable_cards(width):
    geometry = table_geometry(layout_for(sw.Calculation.layouts(), width), width)
    assert geometry.width <= width and geometry.card_width >= 38


def test_the_solver_plays_a_deal_on_to_a_verdict_or_its_best_line():
    game = sw.Calculation.from_position({"f1": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", "f2": "2H", "f3": "3H",
                                         "f4": "4H", "stock": "KH", "t1": "KS 5D"})
    solution = sw.solve(game, time_limit=None, max_states=2_000)
    assert solution.status == "lost"  # 5♦ goes nowhere (f2 takes a 4, f3 a 6, f4 an 8), so K♠ stays under it
    won = sw.Calculation.from_position({"f1": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", "f2": "2H", "f3": "3H",
                                        "f4": "4H", "stock": "KH", "t1": "4D"})
    assert sw.solve(won, time_limit=None, max_states=2_000).status == "won"
    hint = sw.Calculation(seed=3).hint(time_limit=None, max_states=300)
    assert hint.move == sw.Move("draw")
