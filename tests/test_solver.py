"""The solver's lean engine path, search, hints and win rates.

Small budgets and hand-built decks keep this file fast; speed figures live in
benchmarks/solver.py.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import re
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Optional

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from helpers import GAMES
from positions import arrange, cards, position_of

import solitaire_widgets as sw
from solitaire_widgets import Card, Move
from solitaire_widgets.__main__ import main as cli
from solitaire_widgets.cards import RANK, SUIT
from solitaire_widgets.fast_path import ANY, FastPath
from solitaire_widgets.solver.dead_ends import StuckRankTest, WalksCutOff, WasteOutOfReach, final_piles
from solitaire_widgets.solver.search import Search, finish
from solitaire_widgets.solver.walks import walks_cannot_take
from solitaire_widgets.strategy import Pace, Restart

NAMES = sorted(GAMES)  # the seed games (the classic games: tests/test_catalogue.py and their families' tests)
# Every game with every combination of its rule options (read from OPTIONS,
# so options added later are covered too).
RULE_SETS = [
    (name, dict(zip(sw.GAMES[name].OPTIONS, values)))
    for name in NAMES
    for values in itertools.product(*sw.GAMES[name].OPTIONS.values())
]


def position(game):
    return ([list(game.card_ids(p)) for p in game.PILES], [game.face_down(p) for p in game.PILES],
            game.redeals, game.key(), game.search_key())


# --- the search ---------------------------------------------------------------------
def test_the_solver_does_not_take_a_move_home_for_safe_when_the_card_is_still_needed():
    # Aces Up: K♠ can go at once (A♠ shows), but kept it discards Q♠ after the deal, the only win.
    aces_up = sw.AcesUp.from_position({"t0": "AC KS", "t1": "AS", "t2": "AD", "t3": "AH", "stock": "6D 5D QS 2D"})
    # FreeCell: 5♥ in a free cell could go home, but only on 6♠ can it take 4♣ off 3♣.
    freecell = sw.FreeCell.from_position({
        "f0": "AH 2H 3H 4H", "f1": "AC 2C", "f2": "AS 2S 3S 4S", "c0": "5H", "c1": "5C", "c2": "6C", "c3": "7C",
        "t0": "5S 3C 8C 4C", "t1": "6S", "t2": "9C", "t3": "10C", "t4": "JC", "t5": "QC", "t6": "KC", "t7": "7S"})
    for game, first in ((aces_up, "deal"), (freecell, "c0 t1")):
        solution = sw.solve(game, time_limit=None, max_states=5_000)
        assert solution.status == "won" and str(solution.moves[0]) == first, solution
        assert game.hint(time_limit=None, max_states=5_000).winning


def test_search_key_tells_bobby_foundations_apart_by_their_tops():
    # The same cards home, in another order: 6 on top takes a 5 or a 7, 5 on
    # top a 4 or a 6.  The rest of the position cannot tell them apart.
    rest = {"stock": [Card.parse("4D")], "waste": [Card.parse("KC")]}
    six_on_top = arrange(sw.Bobby(seed=1), {**rest, "f0": [Card.parse("5S"), Card.parse("6H")]})
    five_on_top = arrange(sw.Bobby(seed=1), {**rest, "f0": [Card.parse("6H"), Card.parse("5S")]})
    assert six_on_top.search_key() != five_on_top.search_key()


@pytest.mark.parametrize("name, options, safe", [
    ("frog", {}, True), ("leap_year", {}, True), ("midshipman", {}, True),
    ("leap_year", {"redeal": "once"}, False), ("cruel", {}, False), ("bobby", {}, False),
    ("bobby", {"redeal": "turn"}, True),  # turned over, the stock comes round in the same order
])
def test_safe_moves_only_where_no_redeal_can_gather_a_card_again(name, options, safe):
    assert Search(sw.new_game(name, seed=1, **options), time_limit=None).safe_moves is safe


@pytest.mark.parametrize("name,options,dead_end_test", [
    ("frog", {}, "StuckRankTest"), ("frog", {"aces": "all"}, "StuckRankTest"), ("leap_year", {}, "StuckRankTest"),
    ("leap_year", {"redeal": "once"}, None), ("midshipman", {}, None), ("cruel", {}, "LockedBottomTest"),
    ("cruel", {"gather": "pysol"}, None),
    ("bobby", {}, "WalksTest"), ("bobby", {"redeal": "turn"}, "WalksTest"),
    ("pyramid", {}, "PairsTest"), ("pyramid", {"passes": "1"}, "PairsTest"),
])
def test_dead_ends_are_tested_where_the_foundations_allow_a_proof(name, options, dead_end_test):
    # Frog and Leap Year: foundations climb by rank and piles only go home.
    # Bobby: foundations walk the ranks, so what is left must fit the walks.
    # Cruel: its redeal keeps t0's bottom packet in place (not PySolFC's).
    search = Search(sw.new_game(name, seed=1, **options), time_limit=None)
    assert search.dead_ends is (dead_end_test is not None)
    if dead_end_test is not None:
        assert type(search.dead_end_test).__name__ == dead_end_test
    if name == "frog":
        assert [search.game.PILES[i] for i in final_piles(search.fast)] == ["reserve", "t0", "t1", "t2", "t3", "t4"]


def test_leap_years_spent_redeal_makes_its_tableau_final():
    # With redeal="once" the tableau may be gathered again, until the redeal
    # is made: from then on safe moves and dead ends apply as in one pass.
    for seed in range(6):
        rng = random.Random(seed)
        game = endgame(sw.LeapYear(seed=seed, redeal="once"), rng, rng.randint(4, 8))
        assert not Search(game, time_limit=None).dead_ends
        game = arrange(game, position_of(game), redeals=1)
        search = Search(game, time_limit=None)
        assert search.dead_ends and search.safe_moves
        assert sw.solve(game, time_limit=None).status == naive_verdict(game)
    # Every 2 under a 3, the redeal made, a deal left: lost, seen at once.
    game = arrange(sw.LeapYear(seed=0, redeal="once"), {
        **{f"f{i}": cards(f"A{'SHDC'[i % 4]}") for i in range(16)}, "stock": cards("KS"),
        **{f"t{i}": cards(f"2{s} 2{s} 2{s} 2{s} 3{s}") for i, s in enumerate("SHDC")}}, redeals=1)
    assert game.legal_moves() == [Move("deal")]
    solution = sw.solve(game, time_limit=None)
    assert solution.status == "lost" and solution.states == 1


def test_the_value_keeps_pace_with_the_stock_and_the_redeals():
    # Bobby's stock and waste hold every card not home, so cards home alone
    # say nothing of how far a pass has gone.  Its value counts nothing for
    # cards still to come in the stock, 0.8 for each card passed over onto
    # the waste and 16 for each redeal made; Cruel's 10 for each redeal;
    # Frog's 3 for each stock card; other games count the stock like the
    # waste, and no redeal.
    piles = {"f0": cards("AS 2H"), "stock": cards("3D 4C 5S"), "waste": cards("9H 10H")}
    bobby = arrange(sw.Bobby(seed=0), piles)
    assert Search(bobby, time_limit=None)._value() == pytest.approx(2 - 2 * 0.8)
    search = Search(arrange(sw.Bobby(seed=0), piles, redeals=1), time_limit=None)
    assert search._value() == pytest.approx(2 - 2 * 0.8 - 16)
    drawn = arrange(sw.Bobby(seed=0), {**piles, "stock": cards("3D 4C"), "waste": cards("9H 10H 5S")})
    assert Search(drawn, time_limit=None)._value() == pytest.approx(2 - 3 * 0.8)
    midshipman = arrange(sw.Midshipman(seed=0), piles)
    assert Search(midshipman, time_limit=None)._value() == 2 - 2 - 3
    frog = arrange(sw.Frog(seed=0), piles)
    assert Search(frog, time_limit=None)._value() == 2 - 2 - 3 * 3
    cruel = {"f0": cards("AS 2S"), "t0": cards("4H 3H"), "t1": cards("5D")}
    assert Search(arrange(sw.Cruel(seed=0), cruel), time_limit=None)._value() == 2
    assert Search(arrange(sw.Cruel(seed=0), cruel, redeals=2), time_limit=None)._value() == 2 - 20


def test_keeping_pace_finds_a_bobby_win_the_plain_value_misses(monkeypatch):
    # Without the pace the search dives into passes that cannot win; with
    # it, seed 1 is won within 6,000 positions (not within 20,000 without).
    assert sw.solve(sw.Bobby(seed=1), max_states=6_000, time_limit=None).status == "won"
    monkeypatch.setattr(sw.Bobby, "PACE", Pace())
    monkeypatch.setattr(sw.Bobby, "RESTARTS", ())  # (its restart keeps the pace)
    assert sw.solve(sw.Bobby(seed=1), max_states=20_000, time_limit=None).status == "unknown"


def test_dives_win_a_bobby_deal_best_first_alone_stays_broad_in(monkeypatch):
    # Seed 86: with the dives of Bobby's restart from the start it is won
    # within 1,000 positions; without them (the pace otherwise the same)
    # best first stays among the early positions of the first pass and has
    # not won it at 10,000.
    diving = next(restart.pace for restart in sw.Bobby.RESTARTS if restart.pace.dive)
    monkeypatch.setattr(sw.Bobby, "RESTARTS", ())
    monkeypatch.setattr(sw.Bobby, "PACE", diving)
    assert sw.solve(sw.Bobby(seed=86), max_states=1_000, time_limit=None).status == "won"
    monkeypatch.setattr(sw.Bobby, "PACE", dataclasses.replace(diving, dive=0))
    assert sw.solve(sw.Bobby(seed=86), max_states=10_000, time_limit=None).status == "unknown"


def test_a_cost_per_move_finds_a_midshipman_win_the_plain_value_misses(monkeypatch):
    # Without a cost per move the search shuffles cards between piles down
    # ever longer lines; with it, seed 4 is won within 3,000 positions and
    # the plain value has not won it at four times that.
    assert sw.Midshipman.PACE.per_move > 0
    won = sw.solve(sw.Midshipman(seed=4), max_states=3_000, time_limit=None)
    assert won.status == "won"
    monkeypatch.setattr(sw.Midshipman, "PACE", dataclasses.replace(sw.Midshipman.PACE, per_move=0))
    monkeypatch.setattr(sw.Midshipman, "RESTARTS", ())  # (its restart's pace has the cost per move too)
    assert sw.solve(sw.Midshipman(seed=4), max_states=12_000, time_limit=None).status == "unknown"


def test_a_restart_with_another_pace_wins_a_frog_deal_the_first_pace_loses_itself_in(monkeypatch):
    # Frog seed 2: the guided pass with Frog's first pace has not won it at
    # 20,000 positions (nor at 300,000); started again after 1,000 with
    # what covers the cards the foundations take counted too, it is won
    # within 2,000 in all, and the line replays to a win (``solve``).
    restart = Restart(after=1_000, pace=dataclasses.replace(sw.Frog.PACE, covering=0.5))
    monkeypatch.setattr(sw.Frog, "RESTARTS", ())
    assert sw.solve(sw.Frog(seed=2), max_states=20_000, time_limit=None).status == "unknown"
    monkeypatch.setattr(sw.Frog, "RESTARTS", (restart,))
    won = sw.solve(sw.Frog(seed=2), max_states=2_000, time_limit=None)
    assert won.status == "won" and 1_000 < won.states <= 2_000
    # A budget that ends before the restart searches as before it.
    monkeypatch.setattr(sw.Frog, "RESTARTS", (Restart(after=5_000, pace=restart.pace),))
    assert sw.solve(sw.Frog(seed=2), max_states=2_000, time_limit=None).states == 2_000
    assert sw.solve(sw.Frog(seed=0), max_states=2_000, time_limit=None).states == 435


def test_playouts_win_a_frog_deal_the_best_first_passes_do_not(monkeypatch):
    # Frog seed 43: the best-first passes have not won it at 30,000
    # positions (nor Frog's first pace at 5,000); greedy lines that now and
    # then take the next best move, from 200 positions on, win it within
    # 5,000 in all, the same line in every run, and it replays to a win.
    monkeypatch.setattr(sw.Frog, "RESTARTS", ())
    assert sw.solve(sw.Frog(seed=43), max_states=5_000, time_limit=None).status == "unknown"
    playouts = (Restart(after=200, pace=sw.Frog.PACE, playouts=0.1), Restart(after=60_000, pace=sw.Frog.PACE))
    monkeypatch.setattr(sw.Frog, "RESTARTS", playouts)
    won = [sw.solve(sw.Frog(seed=43), max_states=5_000, time_limit=None) for _ in range(2)]
    assert won[0].status == "won" and 200 < won[0].states <= 5_000 and won[0].moves == won[1].moves
    # A line that dies proves nothing: a lost position is proved lost by
    # the pass after the playouts, not by them, and a search without a budget ends.
    lost = arrange(sw.Frog(seed=0), {"f0": cards("AS"), "stock": cards("3H 2D"), "t0": cards("2C 4S")})
    monkeypatch.setattr(sw.Frog, "RESTARTS", (Restart(after=1, pace=sw.Frog.PACE, playouts=0.5),
                                              Restart(after=40, pace=sw.Frog.PACE)))
    solution = sw.solve(lost, max_states=None, time_limit=None)
    assert solution.status == "lost" and solution.states > 40
    monkeypatch.setattr(sw.Frog, "RESTARTS", (Restart(after=1, pace=sw.Frog.PACE, playouts=0.5),
                                              Restart(after=10**9, pace=sw.Frog.PACE)))
    assert sw.solve(lost, max_states=300, time_limit=None).status == "unknown"


def test_a_leap_year_restart_wins_a_deal_its_first_pace_loses_itself_in(monkeypatch):
    # Leap Year seed 38: the first pace has not won it at 30,000 positions;
    # the restart that counts each knot twice as much wins it within 600
    # positions of its own pass (here started after 500).
    pace = next(r.pace for r in sw.LeapYear.RESTARTS if r.pace == Pace(knot=6.0))
    monkeypatch.setattr(sw.LeapYear, "RESTARTS", ())
    assert sw.solve(sw.LeapYear(seed=38), max_states=3_000, time_limit=None).status == "unknown"
    monkeypatch.setattr(sw.LeapYear, "RESTARTS", (Restart(after=500, pace=pace),))
    won = sw.solve(sw.LeapYear(seed=38), max_states=3_000, time_limit=None)
    assert won.status == "won" and 500 < won.states <= 1_100


def frog_fives_under_sixes(last: str) -> sw.Game:
    """Frog with every foundation built to 4, all eight 5s in the columns
    under a 6, except that ``last`` is t3's pile (bottom first), and 7♠ in
    the stock."""
    suits = "SHDC" * 2  # foundation i: ace to 4 starting from suit i, so each card appears twice
    return arrange(sw.Frog(seed=0), {
        "stock": cards("7S"),
        **{f"f{i}": cards(" ".join(f"{r}{suits[i % 4 + j]}" for j, r in enumerate("A234"))) for i in range(8)},
        "t0": cards("5S 5H 6S"), "t1": cards("5D 5C 6H"), "t2": cards("5S 5H 6D"), "t3": cards(last)})


def test_a_rank_whose_every_card_waits_under_a_higher_one_is_a_dead_end():
    # A 6 needs a 5 home first, and every 5 lies under a 6: no 5 ever goes
    # home.  The search sees it at once, with a draw left to play.
    game = frog_fives_under_sixes("5D 5C 6C")
    assert Search(game, time_limit=None).dead_end().rank == 5
    assert game.legal_moves() and game.status == "playing"
    solution = sw.solve(game, time_limit=None)
    assert solution.status == "lost" and solution.states == 1
    assert solution.reason == ("the 5s can never all go home: too many lie under cards "
                               "that need more 5s home before they can leave")
    # the 5s named are those under a card of rank 5 or higher: here all eight
    buried = [(pile, str(Card.from_id(c))) for pile in game.PILES for c in game.card_ids(pile)
              if c in solution.reason_cards]
    assert buried == [("t0", "5♠"), ("t0", "5♥"), ("t1", "5♦"), ("t1", "5♣"), ("t2", "5♠"), ("t2", "5♥"),
                      ("t3", "5♦"), ("t3", "5♣")]
    # One 5 on top of its 6 frees the rank: not a dead end, and indeed
    # every card of this (partial) pack gets home.
    game = frog_fives_under_sixes("5D 6C 5C")
    assert not Search(game, time_limit=None).dead_end()
    assert sw.solve(game, time_limit=None).cards_home == sum(len(game[p]) for p in game.PILES)


def test_cards_that_can_never_all_pair_are_a_dead_end():
    # Pyramid: two cards from the stock and waste never pair (the stock's
    # top card never plays), nor a card with one it covers.  Seed 0's A♠, A♥
    # and A♦ could pair only with Q♠ and Q♦: lost from the deal, seen at
    # once (before the test, 5,000 positions searched and nothing decided).
    solution = sw.solve(sw.Pyramid(seed=0), time_limit=None, max_states=5_000)
    assert solution.status == "lost" and solution.states == 1
    assert solution.reason.startswith("A♠, A♥ and A♦ can never all go home: they could pair only with Q♠ and Q♦")
    assert sorted(str(Card.from_id(c)) for c in solution.reason_cards) == ["A♠", "A♥", "A♦", "Q♠", "Q♦"]
    # Seed 2's cards may all find partners, and it is won.
    assert Search(sw.Pyramid(seed=2), time_limit=None).dead_end() is None
    assert sw.solve(sw.Pyramid(seed=2), time_limit=None, max_states=5_000).status == "won"
    # A card covering the only partner left never leaves: 5♦ lies on 8♠.
    game = arrange(sw.Pyramid(seed=0), {"p0": cards("8S"), "p1": cards("5D"), "p2": cards("KS"),
                                        "waste": cards("KH")})
    assert str(Search(game, time_limit=None).dead_end().reason()).startswith("5♦ can never go home: no card left")
    assert sw.solve(game, time_limit=None).status == "lost" == naive_verdict(game)


def first_dead_end(name: str, walk: int) -> Optional[sw.Game]:
    """The first dead end met in a random game (mostly moves home), or None."""
    rng = random.Random(walk)
    game = sw.new_game(name, seed=walk)
    while game.legal_moves():
        moves = game.legal_moves()
        home = [m for m in moves if m.target and m.target[0] == "f"]
        game.play(rng.choice(home) if home and rng.random() < 0.9 else rng.choice(moves))
        if Search(game, time_limit=None).dead_end():
            return game
    return None


@pytest.mark.parametrize("name,proved", [("frog", 4), ("leap_year", 15)])
def test_every_dead_end_is_a_lost_position(name, proved):
    # The test is a proof of loss, so it must never call a winnable position
    # dead.  Dead ends met in random games are searched again without it
    # (and without the guide): never a win, and lost where that search ends.
    verdicts = []
    for walk in range(20):
        game = first_dead_end(name, walk)
        if game is not None:
            search = Search(game, time_limit=None, max_states=3_000)
            search.dead_end_test, search.guide = None, None
            verdicts.append(search.run()[0])
    assert "won" not in verdicts and verdicts.count("lost") >= proved


@pytest.mark.parametrize("name,walks,left,proved", [("frog", 80, (3, 7), 3), ("cruel", 300, (5, 9), 5),
                                                     ("pyramid", 25, (8, 12), 12)])
def test_dead_ends_in_small_endgames_are_lost_for_the_naive_search_too(name, walks, left, proved):
    # The same, against the naive exhaustive search of the public API.
    dead = 0
    for walk in range(walks):
        rng = random.Random(walk)
        game = endgame(sw.new_game(name, seed=walk), rng, rng.randint(*left))
        if Search(game, time_limit=None).dead_end():
            dead += 1
            assert naive_verdict(game) == "lost", walk
    assert dead >= proved


def walks_can_take(outside: list[int], tops: tuple[int, ...]) -> bool:
    """Brute force: can walks from ``tops`` (ranks), one rank up or down a
    step, K and A joined, take every card counted in ``outside``?"""
    if not any(outside):
        return True
    for i, top in enumerate(tops):
        for rank in {top % 13 + 1, (top - 2) % 13 + 1}:
            if outside[rank - 1]:
                outside[rank - 1] -= 1
                fits = walks_can_take(outside, tops[:i] + (rank,) + tops[i + 1:])
                outside[rank - 1] += 1
                if fits:
                    return True
    return False


def test_walks_cannot_take_only_what_no_walks_could_take():
    # A proof of loss must never call a takeable set of cards untakeable:
    # checked against brute force on small sets, one walk and two, and it
    # must prove some (a test that never says True proves nothing).
    rng = random.Random(5)
    proved = 0
    for _ in range(3_000):
        outside = [0] * 13
        for _ in range(rng.randint(1, 7)):
            outside[rng.choice([rng.randrange(13), rng.randrange(4, 9)])] += 1
        tops = tuple(rng.randint(1, 13) for _ in range(rng.choice((1, 2, 2))))
        if walks_cannot_take(outside, tops):
            assert not walks_can_take(outside, tops), (outside, tops)
            proved += 1
    assert proved > 300


def test_bobby_dead_end_when_the_cards_left_cannot_follow_the_foundations():
    # f0 ends in 5, f1 in 9; the cards left are 2, 7 and 8.  No 3 or 4 is
    # left and none is a top, so 2 is out of every walk's reach.
    left = {"stock": cards("8S 2H"), "waste": cards("7D")}
    game = arrange(sw.Bobby(seed=0), {"f0": cards("4S 5S"), "f1": cards("9C"), **left})
    assert Search(game, time_limit=None).dead_end() == WalksCutOff((2,), (5, 9))
    solution = sw.solve(game, time_limit=None)
    assert solution.status == "lost" and solution.states == 1
    assert solution.reason == "the 2s left can never be played: no ace or 3 is left to reach them from a foundation"
    assert solution.reason_cards == ()  # they lie in the stock and on the waste: nothing to mark
    assert str(solution).startswith("no win exists from here: the 2s left can never be played")
    # f0 ending in 4 and a 3 left: 3 then 2 follow f0, 8 then 7 follow f1.
    game = arrange(sw.Bobby(seed=0), {"f0": cards("5S 4S"), "f1": cards("9C"),
                                      "stock": cards("8S 2H"), "waste": cards("7D 3C")})
    assert not Search(game, time_limit=None).dead_end()


@pytest.mark.parametrize("redeal", ["shuffle", "turn"])
def test_bobby_dead_ends_are_lost_for_the_naive_search_too(redeal):
    # Small Bobby endgames (both foundations started): wherever the walk
    # test says dead, the naive exhaustive search finds no win either.
    dead = 0
    for walk in range(120):
        rng = random.Random(walk)
        game = endgame(sw.Bobby(seed=walk, redeal=redeal), rng, rng.randint(4, 9))
        if all(game["f0"]) and game["f1"] and Search(game, time_limit=None).dead_end():
            dead += 1
            assert naive_verdict(game) == "lost"
    assert dead >= 5


def test_bobby_last_pass_dead_end_when_the_waste_cannot_go_home_in_its_order():
    # f0 ends in 5, f1 in 9, the stock holds 8♦ and 3♣ lies on 4♥ on the
    # waste.  In any order 5-4-3 would do, but in the last pass the waste
    # goes home top first, and neither 5 nor 9 takes the 3.
    piles = {"f0": cards("4S 5S"), "f1": cards("9C"), "stock": cards("8D"), "waste": cards("4H 3C")}
    game = arrange(sw.Bobby(seed=0), piles, redeals=2)
    witness = Search(game, time_limit=None).dead_end()
    assert witness == WasteOutOfReach(card=Card.parse("3C").face, above=0, tops=(5, 9))
    solution = sw.solve(game, time_limit=None)
    assert solution.status == "lost" and solution.states == 1
    assert solution.reason == ("3♣ on the waste can never go home: no redeal is left, and no foundation can "
                               "reach a 2 or a 4 by way of the cards left in the stock")
    assert solution.reason_cards == (Card.parse("3C").face,)  # on top of the waste: marked
    # With a redeal left the waste is dealt again, and 4, 3 follow f0.
    assert not Search(arrange(sw.Bobby(seed=0), piles, redeals=1), time_limit=None).dead_end()
    # A 4 in the stock instead: f0 goes 5-4 and takes the 3.
    game = arrange(sw.Bobby(seed=0), {**piles, "stock": cards("4D")}, redeals=2)
    assert not Search(game, time_limit=None).dead_end()
    # Deeper in the waste: 3♣ under 10♥ (which f1 takes), J♦ in the stock.
    game = arrange(sw.Bobby(seed=0), {**piles, "stock": cards("JD"), "waste": cards("4H 3C 10H")}, redeals=2)
    solution = sw.solve(game, time_limit=None)
    assert solution.status == "lost" and solution.reason.startswith(
        "3♣ on the waste can never go home: no redeal is left, so it must wait for the card above it, "
        "and however they go, no foundation can then reach a 2 or a 4")
    assert solution.reason_cards == ()  # under another card: nothing to mark


def last_pass_endgame(walk: int) -> sw.Game:
    """A small Bobby endgame in its last pass, with cards on the waste (the
    redeal option plays no part once no redeal is left)."""
    rng = random.Random(walk)
    game = sw.Bobby(seed=walk)
    for _ in range(rng.randint(5, 45)):
        game.play("draw")
    return endgame(game, rng, rng.randint(5, 14), redeals=2)


def test_bobby_last_pass_verdicts_agree_with_the_naive_search():
    # In the last pass the search moves safe cards home and tests the
    # waste's order: its verdicts (and so every dead end) must match the
    # naive exhaustive search's, and the waste test must prove some.
    verdicts, out_of_reach = [], 0
    for walk in range(600):
        game = last_pass_endgame(walk)
        search = Search(game, time_limit=None)
        assert search.safe_moves
        if isinstance(search.dead_end(), WasteOutOfReach):
            out_of_reach += 1
        verdicts.append(naive_verdict(game))
        assert sw.solve(game, time_limit=None).status == verdicts[-1], walk
    assert out_of_reach >= 30 and verdicts.count("won") >= 5


@pytest.mark.parametrize("name,seeds,lines", [
    ("bobby", range(13), 9), ("frog", (0, 3, 4), 3), ("leap_year", (6, 8), 2), ("cruel", range(4), 4)])
def test_no_dead_end_on_a_winning_line(name, seeds, lines):
    # A proof of loss must never fire on a winnable position, and every
    # position of a winning line is one.  (This caught a first form of
    # Bobby's last-pass test that the naive search on random endgames,
    # nearly all of them lost, had passed.)
    won, last_pass = 0, 0
    for seed in seeds:
        game = sw.new_game(name, seed=seed)
        solution = sw.solve(game, time_limit=None, max_states=20_000)
        if solution.status != "won":
            continue
        won += 1
        for move in solution.moves[:-1]:
            game.play(move)
            assert Search(game, time_limit=None).dead_end() is None, (seed, game.history)
            last_pass += name == "bobby" and game.redeals == 2
    assert won >= lines
    assert name != "bobby" or last_pass > 100


# --- a game of the package's users ---------------------------------------------------
class DrawsHome(sw.Game):
    """A new game (not registered) whose stock turns its cards straight onto
    the foundation, as Golf's does: a card can get home by a stock action."""

    PILES, ROLES = sw.piles_by_role(stock="stock", foundation="f0", tableau=("t0", "t1"))
    ROUTES = {"t0": ("f0",), "t1": ("f0",)}
    ACTION_NAMES = ("draw",)
    DRAWS = {"draw": ("stock", "f0")}
    RULES = (("Play", "a column's top card goes onto f0 when it is one rank above or below f0's top card."),)

    def _setup(self, order: list[int]) -> None:
        for n, t in enumerate(self.SHAPE.tableau):
            self._piles[t] = order[n * 5:(n + 1) * 5]
        self._piles[self.SHAPE.foundations[0]].append(order[10])
        self._piles[self.PILES.index("stock")] = order[11:]

    def _wants(self, t: int) -> object:
        pile = self._piles[t]
        if not pile:
            return ANY
        return tuple(r for r in (RANK[pile[-1]] - 1, RANK[pile[-1]] + 1) if 1 <= r <= 13)

    def _build_reason(self, t: int, card: int) -> str:
        return "one rank above or below, please"

    def _action_reason(self, action: str) -> Optional[str]:
        return None if self._piles[self.PILES.index("stock")] else "the stock is empty"


def test_cards_a_stock_action_sends_home_count_as_home():
    game = DrawsHome.from_position({"f0": "5S", "t0": "6H", "stock": "KS 4D"})
    solution = sw.solve(game, time_limit=None)
    assert solution.status == "won" and [str(m) for m in solution.moves] == ["t0 f0", "draw", "draw"]
    search, rng, done = Search(DrawsHome(seed=5), time_limit=None), random.Random(5), []
    start = (search.home, list(search.home_count))
    while codes := search.fast.move_codes():
        code = rng.choice(codes)
        done.append((code, search.apply(code)))
        assert search.home == search.game.cards_home == sum(search.home_count)
    while done:
        search.revert(*done.pop())
    assert (search.home, search.home_count) == start


# --- hand-built decks ------------------------------------------------------------
def suit_order_deck():
    return sw.standard_deck()  # A♠ 2♠ … K♠ A♥ … K♣


def test_known_win_is_found_and_its_line_replays():
    game = sw.Bobby(deck=suit_order_deck())  # every card drawn fits on f0: A♠ up to K♣
    solution = sw.solve(game, time_limit=None, max_states=10_000)
    assert solution.status == "won" and solution.states > 0
    replay = sw.Bobby(deck=suit_order_deck())
    for move in solution.moves:
        replay.play(move)
    assert replay.status == "won"


def test_a_cruel_deal_that_needs_redeals_is_won():
    game = sw.Cruel(seed=1)
    solution = sw.solve(game, time_limit=None, max_states=5_000)
    assert solution.status == "won" and Move("redeal") in solution.moves
    assert sw.load({**game.to_dict(), "moves": [str(m) for m in solution.moves]}).status == "won"


def test_known_dead_deal_is_proved_lost():
    # Packets in suit order, each ascending: every top card needs the card
    # beneath it, nothing moves, and a redeal would give the same layout.
    game = sw.Cruel(deck=suit_order_deck())
    solution = sw.solve(game, time_limit=None)
    assert solution.status == "lost" and solution.moves == ()


def test_leap_year_deal_whose_tens_all_end_up_buried_is_proved_lost(monkeypatch):
    # Seed 87675, the one loss in Leap Year's first 100,000 deals: every line
    # is cut where no 10 is left in the stock and each 10 lies under a jack,
    # queen or king, so rank 10 can never be completed (docs/solver.md).
    def rank(card_id: int) -> int:
        return sw.Card.from_id(card_id).rank

    def tens_out_of_reach(piles) -> bool:  # the search's piles, by index
        if any(rank(c) == 10 for c in piles[sw.LeapYear.PILES.index("stock")]):
            return False
        tableau = [piles[sw.LeapYear.PILES.index(f"t{i}")] for i in range(8)]
        return all(any(rank(above) > 10 for above in pile[j + 1:])
                   for pile in tableau for j, card in enumerate(pile) if rank(card) == 10)

    cut = []
    original = StuckRankTest.witness

    def watched(test: StuckRankTest):
        stuck = original(test)
        if stuck:
            cut.append(stuck.rank == 10 and tens_out_of_reach(test.piles))
        return stuck

    monkeypatch.setattr(StuckRankTest, "witness", watched)
    solution = sw.solve(sw.LeapYear(seed=87675), max_states=1_000, time_limit=None)
    assert solution.status == "lost" and solution.states < 1_000
    assert cut and all(cut)


def naive_verdict(game, limit=200_000):
    """Exhaustive search through the public API only (no symmetry, no safe
    moves): an independent check of the solver's verdicts.  Iterative, as a
    line can be longer than Python's recursion limit."""

    def position(g):
        # key() holds the redeals made: where redeals are unlimited they do
        # not change what may follow, so leave them out (and loops end).
        piles = tuple(g.card_ids(p) for p in g.PILES)
        down = tuple(g.face_down(p) for p in g.PILES)
        return piles, down, g.redeals if g.REDEALS_MATTER else None

    g = game.copy()
    if g.status == "won":
        return "won"
    seen = {position(g)}
    stack = [iter(g.legal_moves())]  # untried moves of each position on the line
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if stack:
                g.undo()
            continue
        g.play(move)
        if g.status == "won":
            return "won"
        key = position(g)
        if key in seen:
            g.undo()
            continue
        seen.add(key)
        assert len(seen) < limit
        stack.append(iter(g.legal_moves()))
    return "lost"


def endgame(game, rng, left, redeals=None):
    """A late position of ``game``: cards the foundations want are taken from
    anywhere in the piles and put home, at random, until ``left`` are out;
    laid out afresh (``redeals``: the redeals made, else ``game``'s)."""
    shape = game.SHAPE
    fast = FastPath(game)
    piles = [list(p) for p in fast.piles]
    down = list(fast.down)
    outside = [i for i in range(len(piles)) if i not in shape.foundations]
    while sum(len(piles[i]) for i in outside) > left:
        wanted = []
        for f in shape.foundations:
            wants = fast.wants_holding(f, piles[f])
            wanted += [(i, j, f) for i in outside for j, card in enumerate(piles[i])
                       if wants is ANY or shape.keys[card] in wants]
        if not wanted:
            # a pile that takes pairs (Pyramid's 13): two cards that make its total go home together
            totals = {t: game._book.rules[t].pairs for _, _, t in shape.pairs}
            pairs = [(a, b, f) for f, total in totals.items() for a in ((i, j) for i in outside for j in
                     range(len(piles[i]))) for b in ((i, j) for i in outside for j in range(len(piles[i])))
                     if a < b and RANK[piles[a[0]][a[1]]] + RANK[piles[b[0]][b[1]]] == total]
            if not pairs:
                break
            (i, j), (i2, j2), f = rng.choice(pairs)
            piles[f] += [piles[i2].pop(j2), piles[i].pop(j)] if i == i2 else [piles[i].pop(j), piles[i2].pop(j2)]
            for k in {i, i2}:
                down[k] = min(down[k], max(0, len(piles[k]) - 1))
            continue
        i, j, f = rng.choice(wanted)
        piles[f].append(piles[i].pop(j))
        down[i] = min(down[i], max(0, len(piles[i]) - 1))
    laid = {pile: [Card.from_id(c) for c in piles[i]] for i, pile in enumerate(game.PILES)}
    return arrange(game, laid, redeals=game.redeals if redeals is None else redeals,
                   down={pile: n for pile, n in zip(game.PILES, down) if n})


@pytest.mark.parametrize("name,options", RULE_SETS, ids=[f"{n}-{'-'.join(o.values())}" for n, o in RULE_SETS])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**64 - 1), walk=st.integers(0, 2**32), left=st.integers(3, 8))
def test_verdicts_on_endgames_agree_with_a_naive_exhaustive_search(name, options, seed, walk, left):
    if name == "midshipman":
        left = min(left, 4)  # the naive search tries every order of cards among empty piles
    game = endgame(sw.new_game(name, seed=seed, **options), random.Random(walk), left)
    solution = sw.solve(game, time_limit=None)
    assert solution.status == naive_verdict(game)
    if solution.status == "won":
        for move in solution.moves:
            game.play(move)
        assert game.status == "won"


def test_lone_card_shuttles_and_redeals_do_not_loop():
    # Exhaustive searches end: Cruel redeals (unlimited) and Midshipman's lone
    # card moved between empty piles come back to positions already seen.
    assert sw.solve(sw.Cruel(deck=suit_order_deck()), time_limit=None).status == "lost"
    game = sw.Midshipman(seed=3)
    solution = sw.solve(game, time_limit=None, max_states=3_000)
    assert solution.states <= 3_000


# --- the contract of solve ----------------------------------------------------------
def test_solve_never_changes_its_input_and_is_deterministic():
    game = sw.Cruel(seed=21)  # not decided in 3,000 positions
    game.play(game.legal_moves()[0])
    seen = []
    game.observe(lambda g, change: seen.append(change))
    before = (position(game), game.history, game.version, game.redo_moves)
    first = sw.solve(game, time_limit=None, max_states=3_000)
    second = sw.solve(game, time_limit=None, max_states=3_000)
    assert (position(game), game.history, game.version, game.redo_moves) == before and seen == []
    assert (first.status, first.moves, first.states, first.cards_home) == (
        second.status, second.moves, second.states, second.cards_home)
    assert first.status == "unknown" and first.stopped_by == "states" and first.states == 3_000


def test_ctrl_c_stops_the_search_cleanly_with_what_it_found():
    def interrupt(states, seconds):
        if states >= 1_000:
            raise KeyboardInterrupt

    solution = sw.solve(sw.Frog(seed=2), time_limit=None, progress=interrupt)
    assert solution.status == "unknown" and solution.stopped_by == "interrupt"
    assert str(solution).startswith("not decided (interrupted by Ctrl-C)")
    assert solution.states >= 1_000 and solution.cards_home > 8


def test_bad_limits_are_refused():
    with pytest.raises(ValueError, match="time_limit"):
        sw.solve(sw.Cruel(seed=1), time_limit=0)
    with pytest.raises(ValueError, match="max_states"):
        sw.solve(sw.Cruel(seed=1), max_states=-5)
    for bad in ("1", float("nan"), True):
        with pytest.raises(ValueError, match=f"time_limit must be a positive number of seconds or None, not {bad!r}"):
            sw.solve(sw.Cruel(seed=1), time_limit=bad)
    with pytest.raises(ValueError, match="max_states must be a whole number ≥ 1 or None, not 1.5"):
        sw.solve(sw.Cruel(seed=1), max_states=1.5)
    # numpy's numbers are numbers (a budget read from an array, say)
    import numpy as np

    budget = sw.solve(sw.Cruel(seed=1), time_limit=np.float64(5.0), max_states=np.int64(50))
    assert budget.status == "unknown" and budget.states == 50


def test_a_solution_shows_its_verdict_and_line_in_a_notebook():
    won = sw.solve(sw.Cruel(seed=1), max_states=5_000, time_limit=None)
    shown = won._repr_markdown_()
    assert shown.startswith(f"**winnable in {len(won.moves)} moves (") and shown.endswith(" …")
    # the first 30 moves of the line, each in backticks, then an ellipsis
    assert re.findall(r"`([^`]+)`", shown) == [str(move) for move in won.moves[:30]] and len(won.moves) > 30
    lost = sw.solve(sw.Cruel(seed=4))._repr_markdown_()
    assert lost.startswith("**no win exists from here: K♠ can never leave t0, as it covers 7♠") and "\n" not in lost


def test_solve_refuses_what_is_not_a_game():
    with pytest.raises(TypeError, match=r"the solver needs a game \(a game class called with a seed, .*not 'cruel'"):
        sw.solve("cruel")


@pytest.mark.parametrize("kwargs, message", [
    (dict(time_limit="1"), "time_limit must be a positive number of seconds or None, not '1'"),
    (dict(max_states=0, time_limit=None), "max_states must be a whole number ≥ 1 or None, not 0"),
    (dict(jobs=0), "jobs must be a whole number ≥ 1 or None (every core), not 0"),
    (dict(jobs=2, executor="inline"), "jobs sets the size of winnability's own process pool: give it with "
                                      "executor=None, not with executor='inline'"),
    (dict(executor="pool"), "executor must be a concurrent.futures.Executor, 'inline' or None, not 'pool'"),
    (dict(deals=True), "deals must be a whole number ≥ 1, not True"),
    (dict(deals=2.0), "deals must be a whole number ≥ 1, not 2.0"),
    (dict(start_seed="a"), "start_seed must be a whole number from 0 to 2**64 - deals (seeds are below 2**64), "
                           "not 'a'"),
    (dict(start_seed=1.5), "start_seed must be a whole number from 0 to 2**64 - deals"),
    (dict(start_seed=-3), "start_seed must be a whole number from 0 to 2**64 - deals"),
    (dict(start_seed=True), "start_seed must be a whole number from 0 to 2**64 - deals"),
    (dict(start_seed=2**64 - 1), "start_seed must be a whole number from 0 to 2**64 - deals"),  # 2 deals
    (dict(player=None), "player must be one of solver, greedy, random, not None"),
    (dict(player="lucky"), "player must be one of solver, greedy, random, not 'lucky'"),
    (dict(progress="yes"), "progress must be True or False, not 'yes'"),
    (dict(gather="sideways"), "Cruel option gather='sideways' is not allowed"),
    (dict(name="whist"), "unknown game 'whist'; choose one of frog, leap_year, bobby, cruel, midshipman"),
])
def test_winnability_refuses_bad_arguments_before_dealing_anything(kwargs, message, monkeypatch):
    monkeypatch.setattr(sw.solver.winrate, "play_deal", lambda *args: pytest.fail("a deal was dealt"))
    with pytest.raises(ValueError) as refused:
        sw.winnability(**{"name": "cruel", "deals": 2, "progress": False, **kwargs})
    assert str(refused.value).startswith(message)


def test_winnability_takes_numpy_numbers_and_keeps_plain_ones():
    np = pytest.importorskip("numpy")
    r = sw.winnability("cruel", np.int64(3), start_seed=np.uint16(3), max_states=np.int32(3000),
                       time_limit=None, executor="inline", progress=False)
    assert [(d.seed, d.status) for d in r.rows] == [(3, "won"), (4, "lost"), (5, "lost")]
    assert type(r.start_seed) is int and type(r.max_states) is int and all(type(d.seed) is int for d in r.rows)
    timed = sw.winnability("cruel", 1, time_limit=np.float64(0.5), max_states=200, player="greedy", jobs=np.int64(1),
                           progress=False)
    assert type(timed.time_limit) is float and timed.deals == 1


def test_the_progress_bar_moves_deal_by_deal(monkeypatch):
    updates = []

    class Bar:
        def update(self, n):
            updates.append(n)

        def close(self):
            updates.append("closed")

    monkeypatch.setattr(sw.solver.winrate, "_progress_bar", lambda total, desc: Bar())
    with ProcessPoolExecutor(2) as pool:
        sw.winnability("bobby", 10, player="greedy", executor=pool, progress=True)
    sw.winnability("bobby", 3, player="greedy", executor="inline", progress=True)
    assert updates == [1] * 10 + ["closed"] + [1] * 3 + ["closed"]


def test_a_win_rate_and_a_solution_read_well_in_a_terminal():
    r = sw.winnability("cruel", 3, start_seed=3, max_states=3000, time_limit=None, executor="inline", progress=False)
    assert repr(r) == ("<WinRate cruel gather=in_order, solver: 3 deals, 1 won, 2 lost, 0 unknown, "
                       "win rate 33.3%>")
    partial = dataclasses.replace(r, rows=r.rows[:1], interrupted=True)
    assert repr(partial) == ("<WinRate cruel gather=in_order, solver: 1 deal (interrupted), 1 won, 0 lost, "
                             "0 unknown, win rate 100.0%>")
    assert partial.summary()["interrupted"] == "yes: only the deals that finished are counted"
    assert "interrupted" not in r.summary() and "interrupted: yes" in str(partial)
    stop = sw.WinRateInterrupted(partial, 3)
    assert isinstance(stop, KeyboardInterrupt) and stop.partial is partial and stop.requested == 3
    assert str(stop).startswith("interrupted after 1 of 3 deals; .partial holds the ones that finished: <WinRate")

    won = sw.solve(sw.Cruel(seed=1), max_states=5_000, time_limit=None)
    first = ", ".join(str(m) for m in won.moves[:5])
    assert re.fullmatch(rf"<Solution won: {len(won.moves)} moves \({first}, …\), [\d,]+ states, [\d.]+ s>", repr(won))
    lost = repr(sw.solve(sw.Cruel(seed=4)))
    assert lost.startswith("<Solution lost: K♠ can never leave t0, as it covers 7♠") and "\n" not in lost
    unknown = sw.solve(sw.Cruel(seed=21), time_limit=None, max_states=300)
    assert re.fullmatch(r"<Solution unknown, stopped by the state budget, 300 states, [\d.]+ s>", repr(unknown))
    assert str(unknown).startswith("not decided (stopped by the state budget) (300 states")


def test_solve_names_a_progress_or_stop_that_cannot_be_called():
    with pytest.raises(TypeError, match="progress must be a function progress\\(states, seconds\\) or None, not 5"):
        sw.solve(sw.Cruel(seed=1), progress=5)
    with pytest.raises(TypeError, match="stop must be a function stop\\(\\) -> bool or None, not True"):
        sw.solve(sw.Cruel(seed=1), stop=True)


# --- hints ----------------------------------------------------------------------------
def test_one_move_from_a_win_hints_that_move():
    game = sw.Bobby(deck=suit_order_deck())
    line = sw.solve(game, time_limit=None).moves
    for move in line[:-1]:
        game.play(move)
    hint = game.hint()
    assert hint.move == line[-1] and hint.winning is True
    assert hint.reason.startswith("part of a winning line (1 move to win)")


def test_a_hint_without_a_win_names_a_legal_move_and_over_games_say_so():
    game = sw.Frog(seed=2)
    hint = game.hint(time_limit=None, max_states=50)
    assert hint.winning is None and hint.move in game.legal_moves() and hint.reason
    dead = sw.Cruel(deck=suit_order_deck())
    assert dead.hint().move is None and "lost" in dead.hint().reason
    bobby = sw.Bobby(deck=suit_order_deck())
    bobby.draw()
    assert sw.solver.hint.describe(bobby, Move("waste", "f0")) == "sends 2♠ home"


def test_a_hint_says_whether_a_win_exists_from_here():
    # True: a win is proven; False: the search proved there is none (a move
    # is still suggested while one is left); None: not decided.
    lost = sw.Cruel(seed=4)
    hint = lost.hint(time_limit=None, max_states=100)
    assert hint.winning is False and hint.move in lost.legal_moves()
    assert hint.reason.startswith("no win exists from here, but it ")
    over = sw.Cruel(deck=suit_order_deck()).hint()
    assert (over.move, over.winning, over.reason) == (None, False, "no legal move is left: the game is lost")
    game = sw.Bobby(deck=suit_order_deck())
    for move in sw.solve(game, time_limit=None).moves:
        game.play(move)
    assert game.hint() == sw.Hint(None, "the game is won", True)
    assert sw.Frog(seed=2).hint(time_limit=None, max_states=50).winning is None


def test_hints_taken_one_after_another_never_go_back_to_an_earlier_position():
    # Midshipman seed 0 after ten hints: 5♣ lies on one 6♠ with another 6♠
    # free, and hints used to send it back and forth between them forever.
    game = sw.Midshipman(seed=0)
    passed = {game.search_key()}
    for _ in range(40):
        game.play(game.hint(time_limit=None, max_states=300).move)
        assert game.search_key() not in passed
        passed.add(game.search_key())


def test_a_hint_says_when_every_move_goes_back():
    # 8♠ can only go from one 9 to the other; nothing else moves.
    game = arrange(sw.Midshipman(seed=0), {"t0": cards("9D"), "t1": cards("9C 8S"),
                                           **{f"t{i}": cards(f"K{'SHDC'[i % 4]}") for i in range(2, 9)}})
    game.play("t1 t0")
    hint = game.hint(time_limit=None)
    assert hint.move == Move("t0", "t1") and hint.winning is False  # proved lost
    assert hint.reason == ("no win exists from here, but it moves 8♠ onto 9♣ (t1) and frees 9♦ in t0, which "
                           "only leads back to a position this game has been in, as every move from here does")


def test_a_hint_where_every_move_changes_nothing_names_one_of_them():
    # A lone 5♣ and eight empty piles: moving it changes nothing the search
    # tells apart, so the solver's move order leaves every move out.
    game = arrange(sw.Midshipman(seed=0), {"t0": cards("5C")})
    hint = game.hint(time_limit=None)
    assert hint.move == Move("t0", "t1")
    assert hint.reason == ("no win exists from here, but it moves 5♣ to the empty t1 and empties t0, which "
                           "only leads back to a position this game has been in, as every move from here does")


def test_a_hint_without_a_win_follows_the_best_line_found():
    game = sw.Frog(seed=1)
    search = Search(game, time_limit=None, max_states=300)
    status, _, best, _ = search.run()
    assert status == "unknown" and best > game.cards_home
    hint = game.hint(time_limit=None, max_states=300)
    assert hint.move == game.SHAPE.move(search.best_line[0]) and hint.winning is None
    assert hint.reason == f"it turns up the next stock card: the best line found gets {best} of 104 cards home"


def test_a_search_that_left_out_an_earlier_position_proves_nothing_so_the_hint_asks_again(monkeypatch):
    # One move from a win, with every position one move on counted as
    # already passed through: every line the hint's search may take fails,
    # which proves nothing; asked again without leaving them out, the
    # search finds the win.
    game = sw.Bobby(deck=suit_order_deck())
    line = sw.solve(game, time_limit=None).moves
    for move in line[:-1]:
        game.play(move)
    passed = set()
    for move in game.legal_moves():
        after = game.copy()
        after.play(move)
        passed.add(after.search_key())
    search = Search(game, time_limit=None, avoid=passed)
    assert search.run()[0] == "lost" and search.avoided
    monkeypatch.setattr(sw.solver.hint, "earlier_positions", lambda game: passed)
    hint = game.hint(time_limit=None, max_states=100)
    assert hint.winning is True and hint.reason.startswith("part of a winning line (1 move to win)")


# --- win rates -------------------------------------------------------------------------
def test_wilson_interval():
    lo, hi = sw.solver.results.wilson(50, 100)
    assert round(lo, 3) == 0.404 and round(hi, 3) == 0.596


def test_winnability_players_and_table():
    solver = sw.winnability("bobby", 6, max_states=400, time_limit=None, executor="inline", progress=False,
                            redeal="turn")
    assert solver.deals == 6 and [r.seed for r in solver.rows] == list(range(6))
    assert solver.options == {"redeal": "turn"}
    assert solver.won + solver.lost + solver.unknown == 6
    lo, hi = solver.interval_range
    assert 0 <= lo <= solver.rate <= hi <= 1
    assert "<table>" in solver._repr_html_() and "bobby redeal=turn" in solver._repr_html_()
    for player in ("greedy", "random"):
        played = sw.winnability("cruel", 4, player=player, executor="inline", progress=False)
        assert played.unknown == 0 and all(r.moves > 0 for r in played.rows)
    with pytest.raises(ValueError, match="player"):
        sw.winnability("cruel", 2, player="lucky", progress=False)
    with pytest.raises(ValueError, match="gather"):
        sw.winnability("cruel", 2, gather="sideways", progress=False)


def test_results_are_identical_in_process_and_in_a_process_pool():
    kwargs = dict(start_seed=10, max_states=300, time_limit=None, progress=False)
    inline = sw.winnability("cruel", 10, executor="inline", **kwargs)
    with ProcessPoolExecutor(2) as pool:
        pooled = sw.winnability("cruel", 10, executor=pool, **kwargs)
    strip = lambda r: [(d.seed, d.status, d.moves, d.cards_home, d.states, d.reason) for d in r.rows]  # noqa: E731
    assert strip(inline) == strip(pooled)
    # seeds 10-19 hold deals lost from the start, each with its reason
    assert any(d.status == "lost" and "can never leave t0" in d.reason for d in inline.rows)
    assert all(bool(d.reason) == (d.status == "lost") for d in inline.rows)


@pytest.mark.no_pyodide("starts processes")
def test_a_pool_whose_second_worker_cannot_start_raises_at_once_and_leaves_no_worker(monkeypatch):
    # The first worker was forked, the second fork failed: the pool never
    # started the thread that sends its workers home, and the run waited for
    # the first one for ever.
    import multiprocessing
    import os
    import time

    forks, fork = [], os.fork

    def fork_once() -> int:
        forks.append(1)
        if len(forks) == 2:
            raise BlockingIOError(11, "Resource temporarily unavailable")
        return fork()

    monkeypatch.setattr(os, "fork", fork_once)
    context = multiprocessing.get_context  # the workers fork, whatever this Python's default
    monkeypatch.setattr(multiprocessing, "get_context", lambda method=None: context(method or "fork"))
    started = time.monotonic()
    with pytest.raises(BlockingIOError):
        sw.winnability("cruel", 4, max_states=300, time_limit=None, jobs=2, progress=False)
    assert time.monotonic() - started < 5 and len(forks) == 2
    assert multiprocessing.active_children() == []


def test_results_are_identical_on_a_local_dask_cluster():
    distributed = pytest.importorskip("distributed")
    kwargs = dict(start_seed=10, max_states=300, time_limit=None, progress=False)
    inline = sw.winnability("cruel", 10, executor="inline", **kwargs)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = sw.winnability("cruel", 10, executor=client.get_executor(), **kwargs)
    strip = lambda r: [(d.seed, d.status, d.moves, d.cards_home, d.states, d.reason) for d in r.rows]  # noqa: E731
    assert strip(inline) == strip(remote)


# --- the command line -----------------------------------------------------------------
def test_cli_solve_and_winnability(capsys, tmp_path):
    assert cli(["solve", "cruel", "--seed", "1", "--max-states", "5000"]) == 0
    out = capsys.readouterr().out.splitlines()
    line = sw.solve(sw.Cruel(seed=1), max_states=5000, time_limit=None).moves
    assert out[0].startswith(f"Cruel seed 1: winnable in {len(line)} moves")
    # one numbered move a line: where one move ends and the next begins is plain
    assert out[1:] == [f"{n:>4}. {move}" for n, move in enumerate(line, 1)] and "redeal" in map(str, line)
    report = tmp_path / "w.json"
    assert cli(["winnability", "bobby", "--deals", "3", "--jobs", "1", "--max-states", "200",
                "-o", "redeal=turn", "--no-progress", "--json", str(report)]) == 0
    out = capsys.readouterr().out
    assert "bobby redeal=turn" in out and report.exists()
    assert json.loads(report.read_text())["interrupted"] is False


@pytest.mark.parametrize("argv, message", [
    (["winnability", "bobby", "-o", "foo"], "argument -o/--option: 'foo': write NAME=VALUE, like gather=pysol"),
    (["winnability", "bobby", "-o", "redeal=sideways"], "Bobby option redeal='sideways' is not allowed"),
    (["winnability", "bobby", "--deals", "0"], "--deals must be a whole number ≥ 1, not 0"),
    (["winnability", "bobby", "--start-seed", "-3"], "--start-seed must be a whole number from 0"),
    # the flags' names, and no None, which no flag can give
    (["winnability", "bobby", "--jobs", "0"], "--jobs must be a whole number ≥ 1, not 0\n"),
    (["winnability", "bobby", "--max-states", "0"], "--max-states must be a whole number ≥ 1, not 0\n"),
    (["winnability", "bobby", "--time-limit", "-1"], "--time-limit must be a positive number of seconds, not -1.0\n"),
    (["picture", "bobby", "--card-width", "5"], "--card-width must be a whole number of px from 16 to 4000, not 5"),
    (["picture", "bobby", "--width", "50"], "--width must be a whole number of px from 100 to 4000, not 50"),
    (["picture", "bobby", "--seed", "1", "--highlight", "7X"], "--highlight: '7X' is not a card"),
    (["picture", "bobby", "--seed", "1", "--arrow", "t1"], "--arrow: 't1' is not a move"),
    (["winnability", "bobby", "--json", "/nonexistent/x.json"],
     "--json /nonexistent/x.json: cannot write there (No such file or directory)"),
    (["winnability", "bobby", "--json", "."], "--json .: is a directory, not a file"),
    (["winnability", "whist"], "argument game: unknown game 'whist'; choose one of frog, leap_year,"),
    (["solve", "cruel", "--seed", "-1"], "--seed must be a whole number from 0 to 2**64 - 1, not -1"),
    (["solve", "cruel", "--seed", "1", "--time-limit", "0"], "--time-limit must be a positive number"),
])
def test_cli_refuses_bad_usage_with_status_2_before_any_run(argv, message, capsys, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a run started before the arguments were checked")

    monkeypatch.setattr(sw.solver.winrate, "play_deal", refuse)
    monkeypatch.setattr(Search, "run", refuse)
    with pytest.raises(SystemExit) as exit_:
        cli(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and f"error: {message}" in err and "Traceback" not in err


def test_cli_json_is_valid_json_with_no_time_limit(tmp_path, capsys):
    # --time-limit inf (no limit) was written as Infinity, which is not JSON
    report = tmp_path / "w.json"
    assert cli(["winnability", "bobby", "--deals", "2", "--player", "greedy", "--time-limit", "inf",
                "--no-progress", "--json", str(report)]) == 0

    def refuse(constant):
        raise AssertionError(f"{constant} is not JSON")

    saved = json.loads(report.read_text(), parse_constant=refuse)
    assert saved["time_limit"] is None and saved["max_states"] is None and len(saved["rows"]) == 2


def test_cli_stops_quietly_when_its_reader_goes_away():
    # `solve ... | head`: the reader closes the pipe before the line is out.
    import os
    import subprocess
    import sys

    read, write = os.pipe()
    os.close(read)
    with os.fdopen(write, "wb") as stdout:
        done = subprocess.run([sys.executable, "-m", "solitaire_widgets", "solve", "cruel", "--seed", "1",
                               "--max-states", "2000"], stdout=stdout, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 141 and done.stderr == ""


def test_cli_help_reads_as_plain_text(capsys):
    with pytest.raises(SystemExit):
        cli(["--help"])
    out = capsys.readouterr().out
    assert "``" not in out and "solitaire-widgets winnability cruel --deals 1000" in out
    assert "exits with status 130" in out


def test_ctrl_c_during_a_hint_stops_it_instead_of_hinting_from_half_a_search():
    import signal

    import gc

    game = sw.LeapYear(seed=0)
    before = game.key()
    old = signal.signal(signal.SIGALRM, signal.default_int_handler)  # the alarm is a Ctrl-C
    gc.disable()  # a Ctrl-C that lands in a gc callback (hypothesis installs one) is lost by Python itself
    try:
        with pytest.raises(KeyboardInterrupt):  # (timer set inside: a stalled worker may take 0.2 s to get there)
            signal.setitimer(signal.ITIMER_REAL, 0.2)
            game.hint(time_limit=30)
    finally:
        gc.enable()
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert game.key() == before


@pytest.mark.no_pyodide("sends signals")
def test_ctrl_c_as_a_search_ends_stops_the_hint_instead_of_losing_its_answer():
    # Compiled, a search notices Ctrl-C only between its slices of positions:
    # one that came in a search's last slice took the slice's answer with it,
    # and the hint then failed on None (AttributeError). Alarms spread over
    # a whole search (a deal won within a few hundred positions).
    import signal

    def hint() -> object:
        return sw.Klondike(seed=0).hint(time_limit=30)

    started = time.perf_counter()
    assert hint().winning
    took = time.perf_counter() - started
    old = signal.signal(signal.SIGALRM, signal.default_int_handler)
    try:
        for step in range(1, 13):
            try:
                signal.setitimer(signal.ITIMER_REAL, took * step / 12)
                answer = hint()
                signal.setitimer(signal.ITIMER_REAL, 0)  # (in the try: the alarm may come as the hint returns)
            except KeyboardInterrupt:
                continue
            assert answer.winning, answer
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def test_ctrl_c_as_a_won_line_is_shortened_keeps_the_win_found(monkeypatch, capsys):
    from solitaire_widgets.solver import lines

    def interrupted(search: Search, codes: list[int]) -> list[int]:
        raise KeyboardInterrupt

    found = sw.solve(sw.Cruel(seed=1), max_states=5_000)
    monkeypatch.setattr(lines, "_drop_moves", interrupted)
    cut = sw.solve(sw.Cruel(seed=1), max_states=5_000)
    assert (cut.status, cut.stopped_by) == ("won", "interrupt") and len(cut.moves) >= len(found.moves)
    with pytest.raises(KeyboardInterrupt):
        sw.Cruel(seed=1).hint(max_states=5_000)
    assert cli(["solve", "cruel", "--seed", "1", "--max-states", "5000"]) == 130
    assert "the winning line above is as the search found it, not shortened" in capsys.readouterr().err


@pytest.mark.no_pyodide("sends signals")
@pytest.mark.parametrize("name", ["frog", "bobby"])
def test_ctrl_c_as_the_search_takes_a_move_back_ends_it_as_interrupted(name, monkeypatch):
    # The search took back the moves of its line after a Ctrl-C, from a
    # position where one move was still made: an IndexError, not an
    # interrupted search (at 98 of 133 points tried in Frog, 31 in Bobby, 10
    # in Cruel and Midshipman).
    import signal

    calls, at = [0], [0]
    revert = Search.revert

    def revert_interrupted(self: Search, code: int, record: tuple) -> None:
        calls[0] += 1
        if calls[0] == at[0]:
            signal.raise_signal(signal.SIGINT)  # a real Ctrl-C, just as the move is to be taken back
        revert(self, code, record)

    monkeypatch.setattr(Search, "revert", revert_interrupted)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        for at[0] in range(4, 200, 11):
            calls[0] = 0
            solution = sw.solve(sw.new_game(name, seed=2), time_limit=None, max_states=5_000)
            if calls[0] >= at[0]:
                assert solution.stopped_by == "interrupt", (at[0], solution)
    finally:
        signal.signal(signal.SIGINT, previous)


def test_game_hint_is_the_solver_hint_with_the_same_budget():
    # Game.hint forwards both limits: a bad time limit is refused as the solver
    # refuses it, and its defaults are the solver's (one place for the budget).
    import inspect

    from solitaire_widgets.solver.hint import hint

    game = sw.Bobby(seed=4)
    with pytest.raises(ValueError, match="time_limit must be a positive number of seconds or None, not 0"):
        game.hint(time_limit=0)
    ours, theirs = inspect.signature(sw.Game.hint).parameters, inspect.signature(hint).parameters
    assert [(p.name, p.default) for p in ours.values()][1:] == [(p.name, p.default) for p in theirs.values()][1:]
    assert game.hint(time_limit=None, max_states=200) == hint(game, time_limit=None, max_states=200)


def test_leap_year_sends_a_card_home_as_a_safe_move_only_without_a_redeal():
    # Seed 2 deals a 2 onto t5 while all sixteen aces are home: every 2 has a
    # foundation waiting, so it is safe, unless a redeal may gather it again.
    one_pass = sw.LeapYear(seed=2)
    assert one_pass.top("t5").rank == 2
    home = sw.LeapYear.SHAPE.codes[sw.Move("t5", one_pass.legal_moves()[0].target)]
    assert Search(one_pass, time_limit=None).children() == [home]
    deal = sw.LeapYear.SHAPE.codes[sw.Move("deal")]
    assert Search(sw.LeapYear(seed=2, redeal="once"), time_limit=None).children() == [home, deal]


def cruel_hearts_endgame(hearts: str) -> sw.Game:
    """Cruel with diamonds and clubs home, the spades waiting in order under
    2♠, and ``hearts`` (text, bottom first) in t0 above 2♥; the other
    hearts ascending in t3."""
    rest = [r for r in "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH".split() if r not in hearts.split()]
    return arrange(sw.Cruel(seed=0), {
        "f0": cards("AS"), "f1": cards("AH"),
        "f2": cards("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"),
        "f3": cards("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"),
        "t0": cards(hearts), "t1": cards("2S"), "t2": cards("KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S"),
        "t3": cards(" ".join(rest))})


def guided_pass(game: sw.Game, dead_ends: bool = True) -> tuple[str, bool, int]:
    search = Search(game, time_limit=None)
    if not dead_ends:
        search.dead_end_test = None
    search.guided = True
    status, _ = finish(search._best_first())
    return status, search.skipped, search.states


def test_a_win_the_guided_pass_rules_out_is_found_by_the_complete_pass():
    # 3♥ lies on 2♥ and needs 4♥ as a base.  Sending every spade home at once
    # (Cruel's guide) leaves 4♥ buried after every redeal; keeping a spade
    # back as a spacer shifts the packets so that 4♥ comes to the top.
    game = cruel_hearts_endgame("2H 3H")
    assert guided_pass(game)[:2] == ("lost", True)
    solution = sw.solve(game, time_limit=None)
    assert solution.status == "won" and solution.states > guided_pass(game)[2]
    replay = game.copy()
    for move in solution.moves:
        replay.play(move)
    assert replay.status == "won"


def test_a_guided_pass_that_skipped_moves_proves_no_loss():
    # 2♥ under 4♥ under 3♥, always in the first packet: lost.  The guided
    # pass runs out having skipped moves; only the complete pass proves it.
    # (The dead-end test proves it at once: 3♥ lies on 2♥ with 4♥ under it
    # too, so it is left out here to see the two passes at work.)
    game = cruel_hearts_endgame("2H 4H 3H")
    status, skipped, states = guided_pass(game, dead_ends=False)
    assert (status, skipped) == ("lost", True)
    search = Search(game, time_limit=None)
    search.dead_end_test = None
    assert search.run()[0] == "lost" and search.states > states
    assert sw.solve(game, time_limit=None).states == 1


def test_both_passes_count_the_start_position_once():
    game = cruel_hearts_endgame("2H 4H 3H")  # without the dead-end test, lost in two passes
    _, _, guided = guided_pass(game, dead_ends=False)
    complete, both = Search(game, time_limit=None), Search(game, time_limit=None)
    complete.dead_end_test = both.dead_end_test = None
    complete.guide = None  # the complete pass alone
    assert complete.run()[0] == both.run()[0] == "lost"
    assert both.states == guided + complete.states - 1


def test_a_king_over_a_lower_card_of_its_suit_at_the_bottom_of_cruels_t0_is_a_dead_end():
    # K♥ over 2♥ in t0's first four: K♥ can neither go home nor onto a pile,
    # so it never leaves, nor does 2♥ under it, and redeals deal them back.
    game = cruel_hearts_endgame("2H KH 3H")
    assert Search(game, time_limit=None).dead_end()
    assert naive_verdict(game) == "lost"
    solution = sw.solve(game, time_limit=None)
    assert solution.status == "lost" and solution.states == 1
    assert solution.reason == ("K♥ can never leave t0, as it covers 2♥ (so it cannot go home) and "
                               "a king goes onto no card, and every redeal deals it back there")
    assert [str(Card.from_id(c)) for c in solution.reason_cards] == ["K♥", "2♥"]
    # 5♥ over 2♥ may still go onto 6♥, and J♥ onto Q♥: no proof.
    for hearts in ("2H 3H", "2H 5H 3H", "2H JH"):
        assert not Search(cruel_hearts_endgame(hearts), time_limit=None).dead_end(), hearts
    # K♥ over 3♥, with 2♥ on top; J♥ over 2♥ with Q♥ under both: stuck too.
    assert Search(cruel_hearts_endgame("3H KH 2H"), time_limit=None).dead_end()
    assert Search(cruel_hearts_endgame("QH 2H JH"), time_limit=None).dead_end()
    solution = sw.solve(cruel_hearts_endgame("QH 2H JH"), time_limit=None)
    assert solution.reason == (
        "J♥ can never leave t0, as it covers 2♥ (so it cannot go home) and "
        "Q♥ (the one card it could go onto), and every redeal deals it back there")
    assert [str(Card.from_id(c)) for c in solution.reason_cards] == ["J♥", "2♥", "Q♥"]


def test_cruels_locked_card_is_named_with_the_cards_it_covers():
    # Every deal lost from the start among seeds 0-99: the card named lies in
    # t0's bottom four above a lower card of its suit and, unless a king,
    # above the card one rank up in its suit.
    locked = 0
    for seed in range(100):
        game = sw.Cruel(seed=seed)
        witness = Search(game, time_limit=None).dead_end()
        if witness is None:
            continue
        locked += 1
        card, low, up = witness.card, witness.low, witness.up
        assert witness.pile == "t0"
        bottom = list(game.card_ids("t0")[:4])
        under = bottom[:bottom.index(card)]
        assert low in under and Card.from_id(low).suit == Card.from_id(card).suit and low < card
        if up is None:
            assert Card.from_id(card).rank == 13
        else:
            assert up in under and up == card + 1  # one deck: the next card up in suit
        reason = sw.solve(game, time_limit=None, max_states=10).reason
        if game.status == "lost":  # no move at all: the plainer reason
            assert reason == "no legal move is left"
        else:
            assert reason.startswith(f"{Card.from_id(card)} can never leave t0, as it covers {Card.from_id(low)} ")
    assert locked >= 10


def test_a_guided_pass_that_skipped_nothing_proves_the_loss_alone():
    # Cruel in suit order has no move at all: the guided pass skips nothing,
    # so its verdict stands and no second pass runs.
    game = sw.Cruel(deck=suit_order_deck())
    assert guided_pass(game) == ("lost", False, 1)
    assert sw.solve(game, time_limit=None).states == 1


def test_frogs_guided_pass_puts_the_waste_card_where_it_ties_no_knot():
    # 5♠ on 9♥ or K♥ ties no knot; on 3♣, 4♣ or 4♦ it would lie on a lower
    # card, which then waits for it.  The guided pass keeps only the first two while they exist.
    game = arrange(sw.Frog(seed=0), {"waste": cards("5S"), "f0": cards("AS"), "reserve": cards("QD JD"),
                                     "t0": cards("9H"), "t1": cards("3C"), "t2": cards("4C"),
                                     "t3": cards("4D"), "t4": cards("KH")})
    search = Search(game, time_limit=None)
    targets = {sw.Frog.SHAPE.moves[c].target for c in search.children()}
    assert targets == {"t0", "t1", "t2", "t3", "t4"} and not search.skipped
    search.guided = True
    assert {sw.Frog.SHAPE.moves[c].target for c in search.children()} == {"t0", "t4"} and search.skipped
    # with no such column left, every column stays a choice
    game = arrange(game, {"waste": cards("5S"), "f0": cards("AS"), "reserve": cards("QD JD"),
                   "t0": cards("3H"), "t1": cards("3C"), "t2": cards("4C"), "t3": cards("4D"), "t4": cards("3S")})
    search = Search(game, time_limit=None)
    search.guided = True
    assert {sw.Frog.SHAPE.moves[c].target for c in search.children()} == {"t0", "t1", "t2", "t3", "t4"}
    assert not search.skipped


def test_the_guided_pass_leaves_out_a_move_between_piles_whose_uncovered_card_has_nothing_to_do():
    # 8♥ onto 9♠ uncovers 9♣, which could go nowhere and take no card: the
    # guided pass leaves that move for later, the complete pass tries it
    idle = {"t0": cards("9C 8H"), "t1": cards("9S"), "t2": cards("KD"), "t3": cards("KH"), "t4": cards("KS"),
            "t5": cards("KC"), "t6": cards("QS"), "t7": cards("QH"), "t8": cards("QC")}
    move = Move("t0", "t1")

    def children(piles: dict, guided: bool) -> tuple[list, bool]:
        search = Search(arrange(sw.Midshipman(seed=0), piles), time_limit=None)
        search.guided = guided
        return [sw.Midshipman.SHAPE.moves[c] for c in search.children()], search.skipped

    assert move in children(idle, False)[0]
    assert children(idle, True) == ([m for m in children(idle, False)[0] if m != move], True)
    # 9♣ could go onto 10♦, or take 8♦ from t8, or go to an empty pile: the move is kept
    for wanted in ({**idle, "t8": cards("10D")}, {**idle, "t8": cards("8D")}, {**idle, "t8": []}):
        assert move in children(wanted, True)[0]

    class OwnWants(sw.Midshipman):  # what a pile takes may hang on other piles (as Aces Up's discards do)
        def _wants(self, t: int) -> object:
            return super()._wants(t)

    assert not Search(OwnWants(seed=0), time_limit=None).idle_moves_wait
    assert not Search(sw.Cruel(seed=0), time_limit=None).idle_moves_wait  # a redeal gathers the piles in order


def test_freecell_s_guided_pass_moves_a_card_off_a_column_only_to_uncover_one_of_use():
    # Guide(digs_for_use=True): 5♥ into a free cell uncovers 9♣, which could
    # go nowhere and take no card, and neither could K♦ under it: left out.
    # 7♣ uncovers 3♠ (home next); 8♠ and then Q♦ would empty t3; 4♦ and then
    # 10♠ uncover K♣, which takes Q♥; a lone card empties its column: kept.
    piles = {"f0": cards("AS 2S"), "t0": cards("KD 9C 5H"), "t1": cards("KH 3S 7C"), "t2": cards("QH"),
             "t3": cards("QD 8S"), "t4": cards("KC 10S 4D"), "t5": cards("2H"), "t6": cards("3D"), "t7": cards("6D")}

    def children(piles: dict, guided: bool) -> tuple[set, bool]:
        search = Search(arrange(sw.FreeCell(seed=0), piles), time_limit=None)
        search.guided = guided
        return {sw.FreeCell.SHAPE.moves[c] for c in search.children()}, search.skipped

    every = {Move(f"t{i}", "c0") for i in range(8)} | {Move("t7", "t1")}
    assert children(piles, False) == (every, False)
    assert children(piles, True) == (every - {Move("t0", "c0")}, True)
    # with J♣ for Q♥, K♣ has no use either: 4♦ waits too
    assert children({**piles, "t2": cards("JC")}, True) == (every - {Move("t0", "c0"), Move("t4", "c0")}, True)
    assert sw.FreeCell.GUIDE.digs_for_use and not sw.KingAlbert.GUIDE.digs_for_use


def test_spider_s_value_counts_cards_face_down_runs_in_suit_breaks_and_empty_columns():
    # Spider's pace: 2 against each face-down card, 0.9 for each face-up
    # card on the next higher card of its suit, 0.3 against each on another
    # face-up card, 1 for each empty column; neither the stock nor knots count.
    piles = {"t0": cards("KS 5H 9S 8S 7S 6H"), "t1": cards("QH"), "stock": cards("2S 3S"),
             **{f"t{i}": cards(f"{i}D") for i in range(3, 10)}}
    spider = Search(arrange(sw.Spider(seed=0), piles, down={"t0": 2}), time_limit=None)
    assert spider._value() == pytest.approx(-2 * 2 + 0.9 * 2 - 0.3 * 1 + 1)
    assert Search(arrange(sw.Spider(seed=0), piles), time_limit=None)._value() == pytest.approx(
        0.9 * 2 - 0.3 * 3 + 1)  # K♠ and 5♥ face up: two breaks more, nothing face down


def test_spider_s_guided_pass_keeps_runs_in_suit_together_and_builds_in_suit_first():
    # Guide(runs_stay=True): 8♠7♠ off 9♠ onto 9♥, or 7♠ alone onto 8♦ or
    # into the empty t5, only take a run apart; a card alone in its column
    # (9♥, 8♦, 10♦, 5♥ …) into t5 changes nothing; 4♣ could go onto 5♣, so
    # not onto 5♥ nor into t5.  Kept: the whole run 9♠…7♠ onto 10♦ or into
    # t5 (2♣ turns up), 4♣ onto 5♣, and 8♦ onto 9♥ or 9♥ onto 10♦ (a column
    # emptied).  The complete pass tries every move.
    piles = {"t0": cards("2C 9S 8S 7S"), "t1": cards("9H"), "t2": cards("8D"), "t3": cards("10D"),
             "t4": cards("5H"), "t6": cards("JD 4C"), "t7": cards("5C"), "t8": cards("KS"), "t9": cards("KH")}
    left_out = {Move("t0", "t1", 2), Move("t0", "t2"), Move("t0", "t5"), Move("t0", "t5", 2), Move("t4", "t5"),
                Move("t1", "t5"), Move("t6", "t4"), Move("t6", "t5")}
    kept = {Move("t0", "t3", 3), Move("t0", "t5", 3), Move("t6", "t7"), Move("t2", "t1"), Move("t1", "t3")}

    def children(guided: bool) -> tuple[set, bool]:
        search = Search(arrange(sw.Spider(seed=0), piles, down={"t0": 1}), time_limit=None)
        search.guided = guided
        return {sw.Spider.SHAPE.moves[c] for c in search.children()}, search.skipped

    assert left_out | kept <= children(False)[0]
    assert children(True) == (kept, True)


def test_guides_follow_the_games_and_the_guided_pass_wins_more():
    # The measured reason guides exist: at the same budget the guided pass
    # wins Leap Year deals the complete search alone does not find.
    wins = {True: 0, False: 0}
    for seed in (8, 36):
        for guided in (True, False):
            search = Search(sw.LeapYear(seed=seed), time_limit=None, max_states=2_000)
            if not guided:
                search.guide = None
            wins[guided] += search.run()[0] == "won"
    assert wins == {True: 2, False: 0}


@pytest.mark.parametrize("name", NAMES)
def test_the_search_keeps_its_knot_count_exact_through_apply_and_revert(name):
    # The best-first value counts knots incrementally; recounting them from
    # the piles after every step, card by card as the docs define them (in
    # suit: above any lower card of its suit; by rank: directly on a lower
    # card), must agree (and so must ``_knots_in``'s one pass up each pile),
    # and reverting restores the start.
    search = Search(sw.new_game(name, seed=11), time_limit=None)

    def knotted(pile: list, j: int) -> bool:
        card = pile[j]
        if search.knots_in_suit:
            return any(RANK[low] < RANK[card] and SUIT[low] == SUIT[card] for low in pile[:j])
        return RANK[card] > RANK[pile[j - 1]]

    def recount() -> int:
        piles = search.piles
        by_card = {i: sum(knotted(piles[i], j) for j in range(1, len(piles[i])))
                   for i in search.knotted_piles}
        assert by_card == {i: search._knots_in(i) for i in search.knotted_piles}
        return sum(by_card.values())

    start, rng, done = search.knots, random.Random(11), []
    for _ in range(150):
        codes = search.fast.move_codes()
        if not codes:
            break
        code = rng.choice(codes)
        done.append((code, search.apply(code)))
        assert search.knots == recount()
    while done:
        search.revert(*done.pop())
        assert search.knots == recount()
    assert search.knots == start


def test_dives_change_the_order_positions_are_searched_in_not_which(monkeypatch):
    # Pace.dive: each position is still expanded once, so a small endgame
    # searched to its end gets the verdict it gets without dives (a loss
    # after as many positions) and the naive search's.  (Frog's endgames
    # are searched; Bobby's are mostly proved lost at once.)
    name = "frog"
    cls = type(sw.new_game(name))
    searched = 0
    for walk in range(20):
        rng = random.Random(walk)
        game = endgame(sw.new_game(name, seed=walk), rng, rng.randint(5, 8))
        verdicts = []
        for dive in (0, 1, 3):
            monkeypatch.setattr(cls, "PACE", dataclasses.replace(cls.PACE, dive=dive))
            verdicts.append(sw.solve(game, time_limit=None))
        plain = verdicts[0]
        assert {s.status for s in verdicts} == {naive_verdict(game)}, walk
        if plain.status == "lost":
            assert {s.states for s in verdicts} == {plain.states}, walk
        searched += plain.states > 1
    assert searched >= 10
