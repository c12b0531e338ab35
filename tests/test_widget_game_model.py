"""The table's protocol on the games the opened model allows (the built-in
classic games), through ipywidgets' real comm path
(``widget._handle_msg``, as the page sends): runs moved together, a
completed suit sent home, free cells, stock actions and redeals by the
game's own words, empty labels that follow the position, declared wins and
losses, and the background proof that no win is left in a game that can go
round in circles.  The five built-in games send nothing new per move.
"""

from __future__ import annotations

import random

import pytest
from test_widget_protocol import Page, assert_mirrors_engine

import solitaire_widgets as sw
from solitaire_widgets.assist import background

FIVE = ("frog", "leap_year", "bobby", "cruel", "midshipman")
NEW_TRAITS = {"runs", "empty_labels", "end_reason", "no_win", "action_words", "redeal_actions"}


def table(game: sw.Game) -> Page:
    return Page(sw.SolitaireWidget(game))


def runs_of(game: sw.Game) -> dict[str, int]:
    return {pile: n for pile in game.PILES if (n := game.movable(pile, at_once=True)) > 1}


def klondike_with_a_run() -> sw.Game:
    """Klondike seed 0 after a random walk to the first position where a run may move."""
    game = sw.Klondike(seed=0)
    rng = random.Random(0)
    while not any(m.count > 1 for m in game.legal_moves()):
        game.play(rng.choice(game.legal_moves()))
    return game


def spider_with_a_suit() -> sw.Game:
    return sw.Spider.from_position(
        {"t0": "5H KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS", "t1": "4D 3C", "t2": "6D",
         "stock": "2H 3H 4H 5H 6H 7H 8H 9H TH JH"}, face_down={"t0": 1})


# --- runs --------------------------------------------------------------------------------------------

def test_the_page_gets_the_runs_and_moves_one_by_its_count():
    page = table(klondike_with_a_run())
    widget, game = page.widget, page.widget.game
    assert widget.runs == runs_of(game) and widget.runs, "pile id -> cards that move together, where above 1"
    run = next(m for m in game.legal_moves() if m.count > 1)
    assert str(run) in widget.legal and len(str(run).split()) == 3
    reply = page.request("move", move=str(run))
    assert reply["ok"], reply
    assert widget.last_move == str(run) and game.history[-1] == run
    assert widget.runs == runs_of(game)
    assert_mirrors_engine(widget)
    # more cards than the run: refused with the engine's reason, nothing changes
    source = next(p for p, n in widget.runs.items()) if widget.runs else run.target
    too_many = game.movable(source) + 1
    before = (game.key(), widget.version)
    reply = page.request("move", move=f"{source} {run.source} {too_many}")
    assert not reply["ok"] and reply["reason"] and (game.key(), widget.version) == before


def test_a_completed_suit_goes_home_all_thirteen_at_once():
    page = table(spider_with_a_suit())
    widget, game = page.widget, page.widget.game
    assert widget.runs == {"t0": 13}
    assert "t0 f0 13" in widget.legal
    assert page.request("move", move="t0 f0 13")["ok"]
    assert game.cards_home == 13 and widget.counters["home"] == 13
    assert widget.piles["t0"] == [game.card_ids("t0")[0]]  # the card under the suit turned up
    assert widget.runs == {}
    assert_mirrors_engine(widget)


def test_free_cells_take_one_card_and_show_their_label():
    page = table(sw.FreeCell.deal_number(1))
    widget = page.widget
    assert {widget.pile_roles[c] for c in ("c0", "c1", "c2", "c3")} == {"cell"}
    assert all(widget.empty_labels[c] == "cell" for c in ("c0", "c1", "c2", "c3"))
    assert page.request("move", move="t0 c0")["ok"]
    assert widget.piles["c0"] == [widget.game.card_ids("c0")[0]]
    reply = page.request("move", move="t1 c0")
    assert not reply["ok"] and widget.message == reply["reason"]
    assert_mirrors_engine(widget)


def test_a_press_lifts_no_more_of_a_run_than_the_free_spaces_let_move():
    """`runs` says how many cards a press may lift: FreeCell's run of six
    with two free cells and no empty column lifts three, then two once a
    cell fills (the engine refuses more on the drop: the page never lifts them)."""
    position = {"t0": "KS QH JC 10D 9S 8H", "c0": "2D", "c1": "3D", "t1": "QD", "t2": "JS", "t3": "4S 3C",
                "t4": "4C", "t5": "4D", "t6": "4H", "t7": "5S"}
    page = table(sw.FreeCell.from_position(position))
    widget = page.widget
    assert widget.game.movable("t0") == 6 and widget.runs == {"t0": 3}
    assert page.request("move", move="t3 c2")["ok"]
    assert widget.runs == {"t0": 2} == runs_of(widget.game)


# --- stock actions, passes ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", FIVE)
def test_the_page_gets_the_words_and_redeals_of_the_five_games(name):
    widget = sw.SolitaireWidget(name, seed=3)
    cls = type(widget.game)
    assert widget.action_words == {a: cls.action_words(a) for a in cls.ACTION_NAMES}
    assert widget.redeal_actions == list(cls.redeal_actions())
    assert widget.runs == {} and widget.end_reason == "" and widget.no_win == ""


def test_a_classic_game_s_actions_reach_the_page_in_its_own_words():
    widget = sw.SolitaireWidget(sw.Spider(seed=1, suits="1"))
    assert widget.actions == ["deal"] and widget.redeal_actions == []
    assert widget.action_words == {"deal": "deals a row: one card onto every column"}
    klondike = sw.SolitaireWidget(sw.Klondike(seed=1, passes="3"))
    assert klondike.redeal_actions == ["redeal"] and klondike.counters["passes_left"] == 3


@pytest.mark.parametrize("name", FIVE)
def test_the_five_games_send_nothing_new_per_move(name):
    """What is new on the page (runs, labels that follow the position,
    declared ends, the no-win proof, the action words) is never in a
    message the five games send after a move."""
    widget = sw.SolitaireWidget(name, seed=5)
    sent: list[dict] = []
    widget._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    rng = random.Random(5)
    for _ in range(150):
        legal = widget.game.legal_moves()
        if not legal:
            break
        widget.game.play(rng.choice(legal))
    changed = set().union(*(m.get("state", {}) for m in sent))
    assert changed and not changed & (NEW_TRAITS | {"pile_roles", "layouts"}), changed & NEW_TRAITS


# --- empty labels --------------------------------------------------------------------------------------

def test_empty_labels_follow_the_position_and_are_sent_when_they_change():
    """Aces Up's discard pile shows the rank it takes now, not the one of the
    deal.  A label shows only on an empty pile, so the labels of the empty
    piles are read again after each change (and sent when they changed)."""
    page = table(sw.AcesUp(seed=1))
    widget, game = page.widget, page.widget.game
    sent: list[dict] = []
    widget._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    seen = {widget.empty_labels.get("f0")}
    rng = random.Random(1)
    for step in range(60):
        sent.clear()
        before = dict(widget.empty_labels)
        move = "deal" if step < 4 else rng.choice(widget.legal)  # new tops while f0 is still empty first
        assert page.request("move", move=move)["ok"]
        for pile in game.PILES:
            if not game[pile]:
                assert widget.empty_labels.get(pile, "") == game.empty_label(pile), pile
        sent_labels = [m["state"]["empty_labels"] for m in sent if "empty_labels" in m.get("state", {})]
        assert sent_labels == ([widget.empty_labels] if widget.empty_labels != before else [])
        if not game["f0"]:
            seen.add(widget.empty_labels.get("f0"))
        if game.status != "playing":
            break
    assert len(seen) > 1, "the discard pile's label changed with the position"
    while game.history:  # back to the deal: the deal's labels again
        assert page.request("undo")["ok"]
    assert widget.empty_labels == sw.SolitaireWidget(sw.AcesUp(seed=1)).empty_labels


# --- declared ends ------------------------------------------------------------------------------------

def test_a_declared_win_sends_its_reason():
    game = sw.AcesUp.from_position({"t0": "AS", "t1": "AH", "t2": "AC", "t3": "AD 2C"})
    page = table(game)
    assert page.widget.end_reason == "" and page.widget.status == "playing"
    assert page.request("move", move="t3 f0")["ok"]
    assert page.widget.status == "won" and page.widget.end_reason == "only the four aces are left"
    assert page.request("undo")["ok"]
    assert page.widget.status == "playing" and page.widget.end_reason == ""


def test_a_declared_loss_sends_its_words(clean_registry):
    aces_up = sw.AcesUp

    class Hopeless(aces_up):  # type: ignore[misc, valid-type]
        """Aces Up, lost once a column holds five cards."""

        def _lost(self):
            tall = [self.PILES[t] for t in self._TABLEAU if len(self._piles[t]) >= 5]
            return f"{tall[0]} holds five cards" if tall else None

    sw.register(Hopeless)
    page = table(Hopeless(seed=1))
    widget = page.widget
    while widget.status == "playing":
        assert page.request("move", move="deal" if "deal" in widget.legal else widget.legal[0])["ok"]
    assert widget.status == "lost" and widget.end_reason.endswith("holds five cards")
    assert widget.legal == []


# --- no win left ----------------------------------------------------------------------------------------

ACES_UP_LINE = ["t2 f0", "deal", "t0 f0", "t0 f0", "t3 f0", "deal", "t2 f0", "t2 f0", "deal", "t3 f0", "t1 f0",
                "t0 f0", "deal", "t1 f0", "t2 f0", "t0 f0", "deal", "t3 f0", "deal"]  # seed 1: a win is still possible


def test_a_dead_deal_is_proven_from_the_start():
    widget = sw.SolitaireWidget(sw.BeleagueredCastle(seed=4))
    assert widget.wait(10)
    assert widget.status == "playing" and widget.no_win == "every line was searched"


def test_no_win_is_said_once_proven_kept_forward_and_cleared_by_undo():
    game = sw.AcesUp(seed=1)
    for move in ACES_UP_LINE:
        game.play(move)
    page = table(game)
    widget = page.widget
    widget.watch_seconds = 30.0  # time enough on a busy machine; a proof ends the search at once
    assert widget.wait(60) and widget.no_win == ""  # a win is possible: nothing is said
    assert page.request("move", move="deal")["ok"]  # the move that throws the win away
    assert widget.wait(60) and widget.no_win == "every line was searched"
    assert page.request("move", move=widget.legal[0])["ok"]
    assert widget.no_win == "every line was searched"  # every position after a lost one is lost
    assert page.request("undo")["ok"] and page.request("undo")["ok"]
    assert widget.no_win == ""  # back before the loss: not known until the search says
    assert widget.wait(60) and widget.no_win == ""


def test_the_search_runs_beside_the_kernel_and_the_next_change_stops_it():
    widget = sw.SolitaireWidget(sw.Spider(seed=1))  # four suits: no verdict in a moment
    widget.watch_seconds = 60.0
    page = Page(widget)
    widget.game.new_deal(seed=3)  # a search of 60 s starts for the new deal (seed 3: none won in 38,000 positions)
    first = widget._help._watch_task
    assert first is not None and first.running
    reply = page.request("move", move=widget.legal[0])  # answered while it runs
    assert reply["ok"]
    assert first.wait(10), "the change stopped the search"
    widget.game.undo()
    assert widget.wait(0) is False  # the newest search still runs …
    widget.game = sw.Bobby(seed=1)  # … until the table shows another game
    assert widget.wait(10) and widget.no_win == ""


def test_a_burst_of_moves_from_code_starts_one_search_not_one_per_move(monkeypatch: pytest.MonkeyPatch):
    """The search waits for the position to stand still a moment: a script
    that plays a line on the table of a game that can cycle gets its moves
    played, not a search started beside each one (each fought the script
    for the interpreter: 33 ms a move instead of 2)."""
    searches: list[int] = []
    search = background.Search

    def counted(*args, **kwargs):  # not a subclass: the compiled Search allows none
        searches.append(1)
        return search(*args, **kwargs)

    game = sw.FreeCell(seed=1)  # won in a few hundred positions
    line = sw.solve(game, time_limit=None, max_states=30_000).moves[:40]
    assert len(line) == 40
    widget = sw.SolitaireWidget(game)
    assert widget.wait(60)
    monkeypatch.setattr(background, "Search", counted)
    for move in line:
        widget.game.play(move)
    assert widget.wait(60) and widget.game.history == line
    assert 1 <= len(searches) <= 2, f"{len(searches)} searches for a burst of {len(line)} moves"


def test_games_that_cannot_cycle_never_search_in_the_background():
    widget = sw.SolitaireWidget("cruel", seed=4)  # lost from the deal, but Cruel runs out of moves itself
    assert widget._help._watch_task is None
    widget.game.play(widget.game.legal_moves()[0])
    assert widget._help._watch_task is None and widget.no_win == ""


def test_explain_answers_for_a_run_and_refuses_a_bad_count():
    page = table(klondike_with_a_run())
    game = page.widget.game
    run = next(m for m in game.legal_moves() if m.count > 1)
    reply = page.request("explain", pile=run.source, count=run.count)
    cards = game[run.source][-run.count:]
    assert reply["explain"] == {"pile": run.source, "card": f"{cards[0]}…{cards[-1]}",
                                "targets": game.targets(run.source, run.count), "version": page.widget.version}
    assert reply["explain"]["targets"][run.target] is None
    # without a count: the top card, as before
    assert page.request("explain", pile=run.source)["explain"]["targets"] == game.targets(run.source)
    face_up = len(game[run.source]) - game.face_down(run.source)
    for bad in (0, face_up + 1, "2", True, None):
        reply = page.request("explain", pile=run.source, count=bad)
        assert not reply["ok"] and reply["reason"].startswith("refused: explain's count must be a whole number "
                                                               f"from 1 to {face_up}")
