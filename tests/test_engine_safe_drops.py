"""The safe-to-drop rule of each game (what a table's auto-drop plays)."""

from __future__ import annotations

import random

import pytest
from positions import arrange

import solitaire_widgets as sw
from solitaire_widgets.cards import RANK, SUIT


def positions(name: str, seeds: range = range(6), length: int = 120):
    """Positions along random games (every legal move equally likely)."""
    for seed in seeds:
        game = sw.new_game(name, seed=seed)
        rng = random.Random(seed)
        for _ in range(length):
            yield game
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))


def home_moves(game: sw.Game) -> list[str]:
    return [str(m) for m in game.legal_moves() if m.target is not None and m.target[0] == "f"]


def test_every_move_home_is_safe_where_nothing_can_need_it() -> None:
    seen = 0
    for game in positions("cruel"):  # one deck: one place for each card, and nothing lies on it once home
        assert [str(m) for m in game.safe_drops()] == home_moves(game)
        seen += bool(home_moves(game))
    assert seen > 10, "the random games reached too few positions with a move home"


@pytest.mark.parametrize("name", ["frog", "leap_year"])
def test_a_drop_is_safe_where_foundations_by_rank_all_reached_the_rank_below(name: str) -> None:
    # Each foundation takes one card of each rank: a card sent home takes a
    # place another copy of its rank may need, unless every place is alike.
    safe = unsafe = 0
    for game in positions(name, range(12), 300):
        drops = {str(m) for m in game.safe_drops()}
        for text in home_moves(game):
            rank = RANK[game.card_ids(text.split()[0])[-1]]
            expected = all(len(game.card_ids(f)) >= rank - 1 for f in game.PILES if f[0] == "f")
            assert (text in drops) == expected, (text, rank)
            safe += expected
            unsafe += not expected
    assert safe and unsafe, (safe, unsafe)


def test_frog_s_auto_drop_never_takes_the_place_a_card_s_other_copy_needs() -> None:
    # The Q♣ on t0 and the one on t1 (over the J♣ f1 waits for) can both
    # go onto f0's J♣; only the one on t1 keeps the deal winnable. Both
    # drops were called safe (the table's auto-drop played t0's).
    piles = {f"f{i}": run(suit, 13) for i, suit in enumerate("SSHHDD", start=2)}
    piles |= {"f0": run("C", 11), "f1": run("C", 10), "t0": [sw.Card(12, "C")],
              "t1": [sw.Card(11, "C"), sw.Card(12, "C")], "t2": [sw.Card(13, "C")], "t3": [sw.Card(13, "C")]}
    game = arrange(sw.Frog(seed=1), piles)
    assert sw.Move("t0", "f0") in game.legal_moves() and game.safe_drops() == []
    assert sw.solve(game, time_limit=None).status == "won"
    game.play(sw.Move("t0", "f0"))
    assert sw.solve(game, time_limit=None).status == "lost"
    level = arrange(sw.Frog(seed=1), piles | {"f1": run("C", 11), "t1": [sw.Card(12, "C")]})
    assert level.safe_drops() == [sw.Move("t0", "f0"), sw.Move("t0", "f1"), sw.Move("t1", "f0"), sw.Move("t1", "f1")]


def test_bobby_never_drops_by_itself() -> None:
    seen = 0
    for game in positions("bobby"):
        assert game.safe_drops() == []
        seen += bool(home_moves(game))
    assert seen > 10


def test_midshipman_drops_a_card_only_when_no_lower_card_of_another_suit_can_need_it() -> None:
    safe = unsafe = 0
    for game in positions("midshipman", range(12), 200):
        drops = {str(m) for m in game.safe_drops()}
        for text in home_moves(game):
            card = game.card_ids(text.split()[0])[-1]
            rank, suit = RANK[card], SUIT[card]
            home = [c for f in game.PILES if f[0] == "f" for c in game.card_ids(f)]
            needed_home = sum(1 for c in home if SUIT[c] != suit and RANK[c] == rank - 1)
            own_level = sum(1 for f in game.PILES if f[0] == "f" and game.card_ids(f)
                            and SUIT[game.card_ids(f)[0]] == suit and len(game.card_ids(f)) >= rank - 1)
            expected = rank == 1 or (own_level == 2 and (rank == 2 or needed_home == 6))  # two copies each
            assert (text in drops) == expected, (text, rank, suit, needed_home)
            safe += expected
            unsafe += not expected
    assert safe and unsafe, (safe, unsafe)


def run(suit: str, top: int) -> list:
    """A foundation of ``suit`` built from the ace up to rank ``top``."""
    return [sw.Card(rank, suit) for rank in range(1, top + 1)]


@pytest.mark.parametrize("foundations, safe", [
    # both copies of every other suit's 4 home: no 4 can ever need the 5♠,
    # and the other 4♠ is home: the other 5♠ has a place of its own
    ({"S": (4,), "H": (4, 4), "D": (4, 5), "C": (6, 4)}, True),
    ({"S": (4,), "H": (4, 4), "D": (4, 4), "C": (4, 3)}, False),  # one 4♣ still out
    ({"S": (4,), "H": (4, 4), "D": (4, 4), "C": (4,)}, False),  # the other 4♣ not even started
    ({"S": (3,), "H": (4, 4), "D": (4, 4), "C": (4, 4)}, False),  # the other 5♠ may need f7's place
    ({"H": (4, 4), "D": (4, 4), "C": (4, 4)}, False),  # the other 4♠ not even started
])
def test_midshipman_drops_a_five_only_with_both_fours_of_every_other_suit_home(foundations, safe):
    piles = {"t0": [sw.Card(5, "S")], "f7": run("S", 4)}
    f = iter(range(7))
    for suit, tops in foundations.items():
        for top in tops:
            piles[f"f{next(f)}"] = run(suit, top)
    game = arrange(sw.Midshipman(seed=1), piles)
    assert sw.Move("t0", "f7") in game.legal_moves()
    assert (sw.Move("t0", "f7") in game.safe_drops()) is safe
