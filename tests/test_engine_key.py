"""``Game.key()`` means what its docstring says: two positions with the same key
play the same from there on, redeals and passes left included.

Tested on the two games with redeals: Bobby (three passes, reshuffled or
turned) and Cruel (unlimited redeals, two ways to gather).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import arrange, face_down_counts, played_positions, position_of

import solitaire_widgets as sw


def twin_of(game: sw.Game, **changes) -> sw.Game:
    """A fresh game of the same kind with ``game``'s position laid out on it
    (no history), optionally with another seed, deck or redeal count."""
    seed = changes.pop("seed", game.seed)
    deck = changes.pop("deck", game.deck)
    redeals = changes.pop("redeals", game.redeals)
    options = {**game.options, **changes}
    fresh = type(game)(seed=seed, deck=deck, **options)
    return arrange(fresh, position_of(game), redeals=redeals, down=face_down_counts(game))


def play_both(a: sw.Game, b: sw.Game, rng: random.Random, moves: int) -> None:
    """Play the same random moves on ``a`` and ``b``; they must stay alike."""
    for _ in range(moves):
        assert a.legal_moves() == b.legal_moves() and a.status == b.status
        legal = a.legal_moves()
        if not legal:
            return
        move = rng.choice(legal)
        a.play(move)
        b.play(move)
        assert position_of(a) == position_of(b) and a.key() == b.key()


@pytest.mark.parametrize("name", ["bobby", "cruel"])
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_equal_keys_play_the_same(name, data):
    """A position laid out afresh (no history) has the key of the played one,
    and the two play alike through every later draw and redeal."""
    played = data.draw(played_positions(name))
    twin = twin_of(played)
    assert twin.key() == played.key()
    play_both(played, twin, random.Random(data.draw(st.integers(0, 2**32))), moves=400)


def passes_played(game: sw.Game) -> int:
    """Bobby: how many more times the stock can be gone through (drawing only)."""
    passes = 0
    while True:
        while game.is_legal("draw"):
            game.draw()
        passes += 1
        if not game.is_legal("redeal"):
            return passes
        game.redeal()


@pytest.mark.parametrize("redeal", ["turn", "shuffle"])
def test_bobby_keys_differ_when_passes_left_differ(redeal):
    deal = sw.Bobby(seed=4, redeal=redeal)
    later = twin_of(deal, redeals=1)  # the same cards, one pass used
    assert position_of(later) == position_of(deal) and later.passes_left == 2
    assert later.key() != deal.key()
    assert (passes_played(deal), passes_played(later)) == (3, 2)


def test_bobby_turned_over_comes_back_to_the_deal_with_another_key():
    """With redeal="turn" and no card played, a redeal gives back the deal's
    layout exactly; only the passes left tell the two apart."""
    game = sw.Bobby(seed=4, redeal="turn")
    start = game.key()
    for _ in range(51):
        game.draw()
    game.redeal()
    assert position_of(game) == position_of(sw.Bobby(seed=4, redeal="turn"))
    assert game.key() != start


def test_bobby_keys_differ_when_reshuffles_differ():
    """Two games of the same position with other seeds reshuffle differently."""
    deck = random.Random(9).sample(sw.standard_deck(), 52)
    a, b = (sw.Bobby.from_position({"stock": [c.code for c in deck]}, seed=seed) for seed in (1, 2))
    assert position_of(a) == position_of(b) and a.key() != b.key()
    for game in (a, b):
        while game.is_legal("draw"):
            game.draw()
        game.redeal()
    assert a["stock"] != b["stock"]
    # Turned over, the seed plays no part: the keys are equal.
    assert (sw.Bobby.from_position({"stock": deck}, seed=1, redeal="turn").key()
            == sw.Bobby.from_position({"stock": deck}, seed=2, redeal="turn").key())


def test_cruel_keys_differ_between_gathers():
    """The same layout gathered two ways redeals differently, so the keys differ."""
    in_order = sw.Cruel(seed=5)
    in_order.play(next(m for m in in_order.legal_moves() if not m.is_action))
    pysol = twin_of(in_order, gather="pysol")
    assert position_of(pysol) == position_of(in_order) and pysol.key() != in_order.key()
    in_order.redeal()
    pysol.redeal()
    assert position_of(pysol) != position_of(in_order)


def test_keys_differ_when_only_face_down_cards_differ():
    game = sw.Midshipman(seed=2)
    assert twin_of(game).key() == game.key()
    turned = arrange(sw.Midshipman(seed=2), position_of(game), down={**face_down_counts(game), "t0": 1})
    assert turned.key() != game.key()
