"""The table's teaching protocol: the rules and options it shows, explain
requests, and replay (seek) requests, through the real comm message path."""

from __future__ import annotations

import pytest
from test_widget_protocol import Page, assert_mirrors_engine, snapshot

import solitaire_widgets as sw
from solitaire_widgets.widget import SolitaireWidget

pytestmark = pytest.mark.usefixtures("typed_assist")  # every assist value of its kind's type


def test_rules_and_options_follow_the_game():
    w = SolitaireWidget("midshipman", seed=3, empty="king")
    assert w.rules == sw.rules("midshipman", empty="king") and "only a king" in w.rules
    assert w.options == {"build": "different_suit", "empty": "king"}
    w.game = sw.Cruel(seed=1, gather="pysol")
    assert w.rules == sw.rules("cruel", gather="pysol") and w.options == {"gather": "pysol"}


def test_explain_answers_with_the_engine_targets_and_changes_nothing():
    w = SolitaireWidget("cruel", seed=7)
    page = Page(w)
    before = snapshot(w)
    reply = page.request("explain", pile="t1")
    assert reply["ok"] and snapshot(w) == before
    assert reply["explain"] == {"pile": "t1", "card": str(w.game.top("t1")), "targets": w.game.targets("t1"),
                                "version": w.version}
    assert reply["explain"]["targets"]["t8"] is None
    assert reply["explain"]["targets"]["f0"] == w.game.why_illegal("t1 f0")


CRUEL_PILES = "f0, f1, f2, f3, t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11"


@pytest.mark.parametrize("pile, message", [
    ("t12", f"refused: explain needs a pile of Cruel ({CRUEL_PILES})"),
    (None, f"refused: explain needs a pile of Cruel ({CRUEL_PILES})"),
    (["t1"], f"refused: explain needs a pile of Cruel ({CRUEL_PILES})"),
])
def test_explain_refuses_a_bad_pile(pile, message):
    w = SolitaireWidget("cruel", seed=7)
    page = Page(w)
    before = snapshot(w)
    reply = page.request("explain", pile=pile)
    assert not reply["ok"] and reply["reason"] == message and "explain" not in reply
    assert snapshot(w)[:3] == before[:3]


def test_explain_hides_face_down_cards():
    w = SolitaireWidget("midshipman", seed=2)
    reply = Page(w).request("explain", pile="stock")
    assert reply["ok"] and reply["explain"]["card"] == ""


def test_seek_steps_through_the_history_like_undo_and_redo_and_a_move_branches():
    game = sw.LeapYear(seed=2)
    for _ in range(6):
        game.play("deal")
    moves = game.history
    w = SolitaireWidget(game, replay=True)
    assert w.replay and w.counters["redo"] == 0 and w.counters["moves"] == 6
    page = Page(w)
    assert page.request("seek", to=0)["ok"]
    assert game.history == () and game.redo_moves == moves and w.counters["redo"] == 6
    assert_mirrors_engine(w)
    assert page.request("seek", to=4)["ok"] and game.history == moves[:4]
    assert page.request("seek", to=6)["ok"] and game.history == moves
    assert page.request("seek", to=2)["ok"] and game.history == moves[:2]
    other = game.legal_moves()[0]  # a card home instead of the third deal
    assert other != moves[2]
    assert page.request("move", move=str(other))["ok"]
    assert game.history == moves[:2] + (other,) and game.redo_moves == () and w.counters["redo"] == 0
    assert_mirrors_engine(w)


@pytest.mark.parametrize("to, shown", [(-1, "-1"), (7, "7"), ("3", "3"), (True, "True"), (None, "None"), (2.0, "2.0"),
                                       ("x" * 30, "x" * 20)])  # a long value is cut at 20 characters
def test_seek_refuses_a_bad_move_number(to, shown):
    game = sw.Cruel(seed=7)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    w = SolitaireWidget(game)
    page = Page(w)
    before = snapshot(w)
    reply = page.request("seek", to=to)
    assert not reply["ok"] and reply["reason"] == f"refused: seek needs a move number from 0 to 6, not {shown}"
    assert snapshot(w)[:3] == before[:3]


def test_seek_sends_one_update():
    game = sw.LeapYear(seed=2)
    for _ in range(10):
        game.play(game.legal_moves()[0])
    w = SolitaireWidget(game)
    page = Page(w)
    updates = []
    w._send = lambda msg, buffers=None: updates.append(msg["state"])  # the comm's state messages
    assert page.request("seek", to=0)["ok"]
    assert len(updates) == 1 and updates[0]["version"] == w.version  # the deal, not the ten steps to it
    assert updates[0]["counters"]["moves"] == 0 and updates[0]["counters"]["redo"] == 10
