"""FreeCell and its family (games/freecell.py) beyond what the catalogue's
random walks against the family's oracle see: the deals' exact shape,
Microsoft's numbered deals against Debian's board maker, what the option
``cells`` closes, how far a run may move where free cells are closed or
empty columns take only a king, the refusals' words, safe drops, and the
solver on a few deals."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from catalogue import oracles, table_of

import solitaire_widgets as sw
from solitaire_widgets import Move

ORACLE = oracles()["freecell"]


def sizes(game: sw.Game, role: str) -> list[int]:
    return [len(game[pile]) for pile in game.piles_of(role)]


# --- the deals ----------------------------------------------------------------------------------
def test_each_deal_lays_out_every_card_face_up_as_its_rules_say():
    assert sizes(sw.FreeCell(seed=1), "tableau") == [7] * 4 + [6] * 4
    assert sizes(sw.FreeCell(seed=1), "cell") == [0] * 4 == sizes(sw.BakersGame(seed=1), "cell")
    eight_off = sw.EightOff(seed=1)
    assert sizes(eight_off, "tableau") == [6] * 8 and sizes(eight_off, "cell") == [1, 0] * 4
    seahaven = sw.SeahavenTowers(seed=1)
    assert sizes(seahaven, "tableau") == [5] * 10 and sizes(seahaven, "cell") == [0, 1, 1, 0]
    albert = sw.KingAlbert(seed=1)
    assert sizes(albert, "tableau") == list(range(1, 10)) and sizes(albert, "reserve") == [1] * 7
    for game in (eight_off, seahaven, albert, sw.FreeCell(seed=1)):
        assert all(game.face_down(pile) == 0 for pile in game.PILES) and game.card_count == 52


NUMBERS = [1, 617, 11982, 32000, 1_000_000, 2**31 - 1]


def board(game: sw.Game) -> list[str]:
    """The columns as Debian's make-microsoft-freecell-board writes them (-t: T for ten)."""
    return [" ".join(card.code.replace("10", "T") for card in game[pile]) for pile in game.piles_of("tableau")]


@pytest.mark.skipif(shutil.which("make-microsoft-freecell-board") is None,
                    reason="make-microsoft-freecell-board (Debian's freecell-solver-bin) is not installed")
def test_microsoft_s_numbered_deals_are_those_debian_s_board_maker_prints():
    for number in NUMBERS:
        theirs = subprocess.run(["make-microsoft-freecell-board", "-t", str(number)], capture_output=True, text=True,
                                check=True).stdout.splitlines()
        assert board(sw.FreeCell.deal_number(number)) == theirs, number


def test_a_numbered_deal_takes_the_options_and_refuses_what_is_no_deal_number():
    assert board(sw.FreeCell.deal_number(1))[0] == "JD KD 2S 4C 3S 6D 6S"  # Microsoft's deal 1
    game = sw.FreeCell.deal_number(5, cells="2")
    assert game.options == {"cells": "2"} and board(game) == board(sw.FreeCell.deal_number(5))
    baker = sw.BakersGame.deal_number(5)
    assert type(baker) is sw.BakersGame and board(baker) == board(sw.FreeCell.deal_number(5))
    for wrong in (0, 2**31, -3, 2.0, True, "7"):
        with pytest.raises(ValueError, match="a Microsoft FreeCell deal number is a whole number from 1 to 2"):
            sw.FreeCell.deal_number(wrong)  # type: ignore[arg-type]


# --- free cells and runs ------------------------------------------------------------------------
RUN = {"t0": "KS QH JS 10H 9S", "t1": "10D", "t2": "5C", "t3": "6C", "t4": "7C", "t5": "8C", "t6": "9C"}


def test_the_option_cells_closes_the_last_cells():
    game = sw.FreeCell.from_position(RUN, cells="2")
    assert [game.empty_label(c) for c in game.piles_of("cell")] == ["cell", "cell", "closed", "closed"]
    assert game.why_illegal("t2 c3") == 'c3 is closed in FreeCell (cells="2"): it takes no card'
    assert game.is_legal("t2 c1") and not any(m.target in ("c2", "c3") for m in game.legal_moves())
    none = sw.FreeCell.from_position(RUN, cells="0")
    assert not any(m.target.startswith("c") for m in none.legal_moves() if m.target)
    assert "No free cell: c0–c3 are closed" in sw.rules("freecell", cells="0")


@pytest.mark.parametrize("cells, most", [("4", 5), ("3", 4), ("2", 3), ("1", 2), ("0", 1)])
def test_a_run_moves_as_far_as_the_cells_in_play_carry_it(cells, most):
    # t7 emptied: the run of five on t0 (9♠ up to K♠) onto 10♦ (t1) takes its 9♠ alone;
    # onto the empty t7 any top part of it, as many cards as the cells in play carry.
    game = sw.FreeCell.from_position(RUN, cells=cells)
    onto_empty = [m.count for m in game.legal_moves() if (m.source, m.target) == ("t0", "t7")]
    assert onto_empty == list(range(1, most + 1))
    if most < 5:
        reason = game.why_illegal(Move("t0", "t7", most + 1))
        assert reason.startswith(f"only {most} card{'s' * (most > 1)} may move at once: ")
        assert table_moves(game) == ORACLE.moves(table_of(game))


def table_moves(game: sw.Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def test_a_run_s_refusal_names_the_free_spaces_or_the_card_it_cannot_go_on():
    run = {"t0": "KS QH JC 10D 9S 8H", "c0": "2D", "c1": "3D", "t1": "QD", "t2": "JS"}
    full = sw.FreeCell.from_position({**run, "c2": "4S", "c3": "4C", "t3": "5D", "t4": "5H", "t6": "6D", "t7": "6H"})
    assert full.is_legal("t0 t5 1") and full.why_illegal("t0 t5 2") == (
        "only 1 card may move at once: no free cells and no empty columns besides t5")
    assert full.movable("t0", at_once=True) == 2  # onto a column that is not empty, through t5
    # Where the card cannot go at all, that is the reason, not the count.
    assert full.why_illegal("t0 t1 2") == ("9♠ cannot go on Q♦ (t1): FreeCell builds down in alternating colours, "
                                           "so Q♦ takes only a black jack")
    assert full.why_illegal("c0 c2") == "FreeCell never moves a card from c0 to c2"


def test_an_empty_column_that_takes_only_a_king_carries_no_card_of_a_run():
    # Eight Off: six cells full, two free; t1, t2, t5 … t7 empty (kings only). The run K♠…10♠ may go
    # onto an empty column only whole (its bottom card is the king), and only as many cards as
    # the free cells carry: three.  Were the empty columns counted, twelve could move.
    cells = {f"c{i}": card for i, card in enumerate("2D 3D 4D 5D 6D 7D".split())}
    piles = {**cells, "t0": "KS QS JS 10S", "t3": "KH", "t4": "QC"}
    game = sw.EightOff.from_position(piles)
    assert [m for m in game.legal_moves() if m.source == "t0"] == [Move("t0", "c6"), Move("t0", "c7")]
    assert game.why_illegal("t0 t1 4") == ("only 3 cards may move at once: two free cells and no empty columns "
                                           "(an empty column takes only a king, so it carries none)")
    assert game.why_illegal("t0 t1") == "10♠ cannot go on the empty t1: in Eight Off an empty pile takes only a king"
    assert game.why_illegal("t4 t3") == "Q♣ cannot go on K♥ (t3): Eight Off builds down in suit, so K♥ takes only Q♥"
    assert table_moves(game) == ORACLE.moves(table_of(game))
    three = sw.EightOff.from_position({**piles, "c5": ""})
    assert [m.count for m in three.legal_moves() if (m.source, m.target) == ("t0", "t1")] == [4]
    assert table_moves(three) == ORACLE.moves(table_of(three))


def test_seahaven_towers_moves_a_king_s_run_into_an_empty_column_as_far_as_the_cells_carry_it():
    game = sw.SeahavenTowers.from_position({"c0": "2D", "c1": "3D", "t0": "KS QS JS 10S", "t1": "9H"})
    assert [m.count for m in game.legal_moves() if (m.source, m.target) == ("t0", "t2")] == []
    assert game.why_illegal("t0 t2 4").startswith("only 3 cards may move at once: two free cells")
    free = sw.SeahavenTowers.from_position({"c0": "2D", "t0": "KS QS JS 10S", "t1": "9H"})
    assert [m.count for m in free.legal_moves() if (m.source, m.target) == ("t0", "t2")] == [4]
    assert table_moves(free) == ORACLE.moves(table_of(free))


def test_baker_s_game_builds_in_suit_and_fills_a_space_with_any_card():
    game = sw.BakersGame.from_position({"t0": "9H", "t1": "10H", "t2": "10S", "t3": "4C"})
    assert game.is_legal("t0 t1") and not game.is_legal("t0 t2") and not game.is_legal("t3 t1")
    assert game.why_illegal("t0 t2") == ("9♥ cannot go on 10♠ (t2): Baker's Game builds down in suit, so 10♠ takes "
                                         "only 9♠")
    assert game.is_legal("t3 t4")  # an empty column takes any card


def test_king_albert_moves_one_card_at_a_time_and_its_reserve_takes_none():
    game = sw.KingAlbert.from_position({"t0": "10S 9H", "t1": "JH", "r0": "8S", "r1": "AC"})
    assert Move("r0", "t0") in game.legal_moves() and Move("r1", "f0") in game.legal_moves()
    assert game.why_illegal("t0 t2 2") == "King Albert moves one card at a time, not 2"
    assert game.why_illegal("t0 r2") == "no card may be put on the reserve"
    assert game.why_illegal("t1 r0") == "no card may be put on the reserve"
    assert table_moves(game) == ORACLE.moves(table_of(game))


# --- safe drops and the solver -----------------------------------------------------------------
def test_a_card_goes_home_by_itself_once_nothing_can_need_it():
    needed = sw.FreeCell.from_position({"f0": "AH 2H 3H 4H", "f1": "AS 2S", "t0": "5H", "t1": "4S"})
    assert needed.safe_drops() == []  # 4♠ could still want 5♥ to lie on
    free = sw.FreeCell.from_position({"f0": "AH 2H 3H 4H", "f1": "AS 2S 3S 4S", "f2": "AC 2C 3C 4C", "t0": "5H"})
    assert free.safe_drops() == [Move("t0", "f0")]
    in_suit = sw.EightOff.from_position({"f0": "AH 2H 3H 4H", "t0": "5H", "t1": "4S"})
    assert in_suit.safe_drops() == [Move("t0", "f0")]


@pytest.mark.parametrize("make, states", [
    (lambda: sw.FreeCell.deal_number(1), 2_000), (lambda: sw.BakersGame(seed=5), 1_000),
    (lambda: sw.EightOff(seed=1), 1_000), (lambda: sw.SeahavenTowers(seed=1), 1_000),
    (lambda: sw.KingAlbert(seed=0), 2_000)], ids=["freecell", "bakers_game", "eight_off", "seahaven", "king_albert"])
def test_the_solver_wins_a_deal_of_each(make, states):
    game = make()
    solution = sw.solve(game, time_limit=None, max_states=states)
    assert solution.status == "won", solution.states
    for move in solution.moves:
        game.play(move)
    assert game.status == "won"


def test_the_solver_proves_losses_too():
    assert sw.solve(sw.FreeCell(seed=0, cells="0"), time_limit=None, max_states=2_000).status == "lost"
    assert sw.solve(sw.KingAlbert(seed=5), time_limit=None, max_states=2_000).status == "lost"
