"""The solver in games with free cells and runs: which moves home it takes
for safe, what its position value counts where a game's ``PACE`` asks
(free cells in use, cards covering the next cards home), the fast path's
general move generator along random games, and benchmarks/freecell.py
run on a few deals.  Positions are laid out on a small FreeCell written
here (``Game.from_position``: a position need not hold the whole pack)."""

from __future__ import annotations

import importlib.util
import random
import sys

import pytest
from helpers import REPO
from test_fast_path import check_fast_path_along_a_walk

import solitaire_widgets as sw
from solitaire_widgets import Move
from solitaire_widgets.kit import DOWN_ALTERNATE_COLOURS, UP_IN_SUIT, Foundation, Tableau, runs
from solitaire_widgets.fast_path import FastPath
from solitaire_widgets.solver.search import Search
from solitaire_widgets.strategy import UNDER_RUNS_POWER, Pace

CELLS = ("c0", "c1")
HOME = ("f0", "f1", "f2", "f3")
COLUMNS = ("t0", "t1", "t2", "t3", "t4")


class SmallFreeCell(sw.Game):
    """FreeCell with two free cells and five columns."""

    PILES, ROLES = sw.piles_by_role(cell=CELLS, foundation=HOME, tableau=COLUMNS)
    ROUTES = {pile: CELLS + HOME + COLUMNS for pile in CELLS + COLUMNS}
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(DOWN_ALTERNATE_COLOURS, moves=runs(limit="free_cells"))
    INTERCHANGEABLE = (CELLS, COLUMNS)
    CAN_CYCLE = True

    def _setup(self, order):
        self.dealer(order).round_robin(COLUMNS)


class Paced(SmallFreeCell):
    PACE = Pace(cell=0.5, covering=0.25)


class UnderRuns(SmallFreeCell):
    PACE = Pace(under_runs=0.5)


class InOneStep(SmallFreeCell):
    SAFE_HOME_IN_ONE_STEP = True


def wins(game: sw.Game, moves: tuple[Move, ...]) -> bool:
    """Whether ``moves`` played one by one on a copy of ``game`` win it."""
    replay = game.copy()
    for move in moves:
        replay.play(move)
    return replay.status == "won"


def children(game: sw.Game) -> list[Move]:
    search = Search(game)
    return [game.SHAPE.move(code) for code in search.children()]


# --- safe moves home -------------------------------------------------------------------------
def test_a_card_goes_home_alone_once_no_card_still_out_could_need_it():
    # 5♥ may go home; a black 4 still out could need it as a base, unless both are home
    needed = SmallFreeCell.from_position({"f0": "AH 2H 3H 4H", "f1": "AS 2S", "t0": "5H", "t1": "4S", "t2": "KC"})
    assert len(children(needed)) > 1 and Move("t0", "f0") in children(needed)
    free = SmallFreeCell.from_position({"f0": "AH 2H 3H 4H", "f1": "AS 2S 3S 4S", "t0": "5H", "t1": "KC"})
    assert children(free) == [Move("t0", "f0")]


def test_a_card_in_a_free_cell_is_safe_home_only_as_one_on_a_column_would_be():
    # in a cell 5♥ is no base for anything, but it may still go back onto a column
    needed = SmallFreeCell.from_position({"f0": "AH 2H 3H 4H", "f1": "AS 2S", "c0": "5H", "t1": "4S", "t2": "6C"})
    assert Move("c0", "f0") in children(needed) and len(children(needed)) > 1
    free = SmallFreeCell.from_position({"f0": "AH 2H 3H 4H", "f1": "AS 2S 3S 4S", "c0": "5H", "t2": "6C"})
    assert children(free) == [Move("c0", "f0")]


def test_a_card_is_safe_home_once_every_card_that_could_go_on_it_could_go_home_instead():
    # 3♠ could be the base of 2♦, which could be the base of A♣: both may go
    # home whenever a line would lay them there (Solvitaire's safe moves)
    spare = SmallFreeCell.from_position({"f0": "AS 2S", "f1": "AD", "t0": "KD 3S", "t1": "2D QC", "t2": "AC JH"})
    assert children(spare) == [Move("t0", "f0")]
    # with A♦ not home, 2♦ could need 3♠ to lie on
    needed = SmallFreeCell.from_position({"f0": "AS 2S", "t0": "KD 3S", "t1": "2D QC", "t2": "AD JC"})
    assert Move("t0", "f0") in children(needed) and len(children(needed)) > 1


# --- what the value counts -------------------------------------------------------------------
def test_the_pace_counts_free_cells_in_use_and_cards_covering_the_next_cards_home():
    # aces are what the empty foundations take: 2 cards lie on A♠, 1 on A♥, none on A♦ (on top)
    piles = {"t0": "AS KH QC", "t1": "AH 9C", "t2": "5C AD", "c0": "7D"}
    plain, paced = Search(SmallFreeCell.from_position(piles)), Search(Paced.from_position(piles))
    assert plain._covering() == 3 and paced.knots == plain.knots
    assert plain._value() == -plain.pace.knot * plain.knots
    assert paced._value() == plain._value() - 0.5 * 1 - 0.25 * 3
    # with A♠ home the spades foundation takes 2♠ (not in this position): covered are A♥'s and 2♠'s
    home = Search(Paced.from_position({**piles, "t0": "KH QC", "f0": "AS"}))
    assert home._covering() == 1


def test_the_pace_counts_the_cards_under_each_columns_run():
    # 9♦ 8♣ run on Q♣ (not on it): K♥ and Q♣ lie under the run; A♥ under 9♣; 7♦ alone
    piles = {"t0": "KH QC 9D 8C", "t1": "AH 9C", "t2": "7D"}
    plain, paced = Search(SmallFreeCell.from_position(piles)), Search(UnderRuns.from_position(piles))
    assert paced._under_runs() == pytest.approx(2 ** UNDER_RUNS_POWER + 1)
    assert paced._value() == pytest.approx(plain._value() - 0.5 * (2 ** UNDER_RUNS_POWER + 1))


# --- safe moves home in one step ---------------------------------------------------------------
LAST_CARDS = {"f0": "AS", "f1": "AH 2H", "t0": "2S 3H"}  # 3♥ home is safe, then 2♠


def test_the_safe_moves_home_after_a_move_are_one_step_where_a_game_says_so():
    plain = sw.solve(SmallFreeCell.from_position(LAST_CARDS), time_limit=None, max_states=100)
    chained = sw.solve(InOneStep.from_position(LAST_CARDS), time_limit=None, max_states=100)
    assert plain.moves == chained.moves == (Move("t0", "f1"), Move("t0", "f0"))  # every move listed
    assert (plain.states, chained.states) == (3, 2)  # the start, then 3♥ home and 2♠ home as one position
    # the same loss proved in fewer positions (each keyed after its safe moves home)
    lost = [sw.solve(cls(seed=16), time_limit=None, max_states=5_000) for cls in (SmallFreeCell, InOneStep)]
    assert [s.status for s in lost] == ["lost", "lost"] and lost[1].states < lost[0].states
    game = sw.FreeCell.deal_number(1)
    assert game.SAFE_HOME_IN_ONE_STEP
    solution = sw.solve(game, time_limit=None, max_states=5_000)
    assert solution.status == "won" and wins(game, solution.moves)


def test_a_step_through_a_position_to_avoid_is_not_taken():
    game = InOneStep.from_position(LAST_CARDS)
    after = game.copy()
    after.play(Move("t0", "f1"))  # the position between the move and the safe move after it
    search = Search(game, time_limit=None, avoid=[FastPath(after).search_key()])
    assert search.run()[0] == "lost" and search.avoided


def test_a_paced_search_solves_and_its_line_replays():
    game = Paced.from_position({"t0": "AH 3S 2H", "t1": "3H AS", "t2": "2S", "c0": "AD"})
    solution = sw.solve(game, time_limit=None, max_states=2_000)
    assert solution.status == "won" and wins(game, solution.moves)



def test_freecell_starts_again_with_a_second_pace_where_its_first_loses_itself():
    # Deal 300938: FreeCell's pace has not won it at 40,000 positions; the
    # guided pass started again after 10,000 with its RESTARTS pace wins it
    # within 11,000 in all, and the line replays to a win (``solve``).
    game = sw.FreeCell.deal_number(300938)
    won = sw.solve(game, time_limit=None, max_states=11_000)
    assert sw.FreeCell.RESTARTS[0].after == 10_000
    assert won.status == "won" and 10_000 < won.states <= 11_000 and wins(game, won.moves)

# --- the general move generator ------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(3))
def test_the_general_move_generator_gives_the_legal_moves_along_random_games(seed):
    check_fast_path_along_a_walk(SmallFreeCell(seed=seed), random.Random(seed), 80)


# --- the benchmark -------------------------------------------------------------------------
def test_the_freecell_benchmark_runs_on_a_few_deals(capsys, monkeypatch):
    spec = importlib.util.spec_from_file_location("freecell_benchmark", REPO / "benchmarks" / "freecell.py")
    bench = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, bench)  # (its dataclass looks its module up)
    spec.loader.exec_module(bench)  # type: ignore[union-attr]
    assert bench.percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9) == 9
    peers, _ = bench.available_peers(False, ())  # the peers the benchmark finds here, as it runs them
    with_fc = "process" in peers
    args = ["--first", "1", "--last", "2", "--time-limit", "10", "--jobs", "1"] + ([] if with_fc else ["--no-fc-solve"])
    assert bench.main(args) == 0
    out = capsys.readouterr().out
    assert "FreeCell deals 1–2 (2), 10 s per deal, 1 process on" in out
    assert "ours (sw.solve, time in a warm process): solved 2/2 (100.0%)" in out
    assert "unsolved: none" in out and "CPU ms   median" in out
    if with_fc:
        assert "fc-solve process (libfreecell-solver version" in out
        assert "median time, ours / fc-solve process: wall " in out
    # the peer in this process, where `python -m pip install -e ".[test]"` installed its bindings
    with_library = with_fc and "library" in peers
    if with_library:
        assert "fc-solve library (libfreecell-solver in this process" in out
        assert "median time, ours / fc-solve library: wall " in out
        assert out.count("solved 2/2 (100.0%)") == 2 + with_fc
    # seconds of CPU time for each solver (the library and the process too, where installed)
    assert bench.main(["--first", "3", "--last", "3", "--time-limit", "5", "--cpu", "--jobs", "1"]
                      + ([] if with_fc else ["--no-fc-solve"])) == 0
    out = capsys.readouterr().out
    assert "FreeCell deals 3–3 (1), 5 s of CPU per deal" in out
    assert out.count("solved 1/1 (100.0%)") == 1 + with_fc + with_library
    # a budget of positions instead of seconds: the same figures at any load
    assert bench.main(["--first", "1", "--last", "1", "--max-states", "3000", "--jobs", "1", "--no-fc-solve"]) == 0
    out = capsys.readouterr().out
    assert "ours 3,000 positions per deal (no time limit)" in out and "solved 1/1 (100.0%)" in out
    board = bench.board_text(sw.FreeCell.deal_number(1))
    assert board.splitlines()[0] == "JD KD 2S 4C 3S 6D 6S" and len(board.splitlines()) == 8  # Microsoft's deal 1
    # the one deal of the first 32,000 with no win is never reported won
    assert bench.main(["--first", "11982", "--last", "11982", "--time-limit", "0.2", "--jobs", "1"]
                      + ([] if with_fc else ["--no-fc-solve"])) == 0
    assert capsys.readouterr().out.count("solved 0/1") == 1 + with_fc + with_library

    with pytest.raises(SystemExit):  # argparse's error: a range that is no range
        bench.main(["--first", "5", "--last", "2"])
    assert "deals run from --first to --last, 1 or more: not 5 to 2" in capsys.readouterr().err
