"""Pyramid beyond what its oracle checks (tests/oracles/pyramid.py): the
deal's shape, the passes option, the words of a refused pair, and the
solver on a pair game."""

from __future__ import annotations

import solitaire_widgets as sw


def test_pyramid_deals_seven_rows_one_card_to_the_waste_and_twenty_three_in_the_stock():
    game = sw.Pyramid(seed=5)
    assert all(len(game[f"p{i}"]) == 1 for i in range(28)) and len(game["waste"]) == 1
    assert len(game["stock"]) == 23 and game.passes_left == 3
    exposed = [f"p{i}" for i in range(28) if game.movable(f"p{i}")]
    assert exposed == [f"p{i}" for i in range(21, 28)]  # only the bottom row


def test_passes_three_or_one():
    three, one = sw.Pyramid.from_position({"waste": "2C 3C"}), sw.Pyramid.from_position({"waste": "2C 3C"}, passes="1")
    assert [str(m) for m in three.legal_moves()] == ["redeal"] and one.legal_moves() == []
    assert one.possible_actions() == ("draw",) and three.possible_actions() == ("draw", "redeal")
    assert one.why_illegal("redeal") == "Pyramid has one pass through the stock and no redeal"


def test_refused_pairs_and_kings_say_why():
    game = sw.Pyramid.from_position({"p0": "KS", "p1": "9H", "p2": "4D", "waste": "6C"})
    assert game.why_illegal("p0 f0") == "K♠ is covered by p1 and p2: a card plays only once nothing lies on it"
    assert game.why_illegal("p1+waste f0") == "9♥ and 6♣ make 15, not 13: only two cards that make 13 go together"
    assert game.why_illegal("p1 f0") == ("9♥ cannot go to f0 alone: only a king goes alone; two exposed cards that "
                                         "make 13 go together")
    game.play("p2+p1 f0")
    assert str(game.history[0]) == "p1+p2 f0" and [str(m) for m in game.legal_moves()] == ["p0 f0", "redeal"]


def test_the_solver_wins_a_pyramid_deal_with_pairs_and_its_line_replays():
    game = sw.Pyramid.from_position({"p0": "KS", "p1": "QH", "p2": "8C", "waste": "5D", "stock": "AD"})
    result = sw.solve(game, time_limit=None, max_states=2_000)
    assert result.status == "won"
    replay = game.copy()
    for move in result.moves:
        replay.play(move)
    assert replay.status == "won" and any(m.partner is not None for m in result.moves)


def test_a_hint_names_both_cards_of_a_pair_and_a_picture_arrows_from_each():
    game = sw.Pyramid.from_position({"p0": "KS", "p1": "QH", "p2": "8C", "waste": "5D", "stock": "AD"})
    hint = game.hint(time_limit=None, max_states=500)
    assert str(hint.move) == "waste+p2 f0" and hint.reason.endswith("sends 5♦ and 8♣ home together")
    picture = game.picture(arrow=hint.move)
    arrow = picture[picture.index('data-arrow="waste+p2 f0"'):]
    assert arrow[:arrow.index("</g>")].count("marker-end") == 2  # one arrow from each card
