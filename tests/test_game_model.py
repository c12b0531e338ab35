"""The game model's parts that the five seed games do not use, on small
games written here: runs of cards, free cells and their limit, suits going
home at once, packs of fewer suits, stock actions of a game's own naming,
passes and redeals counted by the engine, extra state, declared wins and
losses.  The built-in classic games play them all (tests/test_catalogue.py
and the family tests); these tests pin each part on its own."""

from __future__ import annotations

import json
import pickle
import random
from typing import Optional

import pytest

import solitaire_widgets as sw
from solitaire_widgets import Card, IllegalMoveError, Move
from solitaire_widgets.cards import RANK, pack
from solitaire_widgets.fast_path import ANY, FastPath
from solitaire_widgets.position import Position
from solitaire_widgets.kit import (DOWN_ALTERNATE_COLOURS, DOWN_BY_RANK, DOWN_IN_SUIT, RUNS, UP_IN_SUIT, Foundation,
                                   Tableau, WholeSuits, runs)
from solitaire_widgets.solver.search import Search

COLUMNS = ("t0", "t1", "t2", "t3")
CELLS = ("c0", "c1")
HOME = ("f0", "f1", "f2", "f3")


class Cells(sw.Game):
    """A FreeCell of two cells and four columns, for the tests."""

    PILES, ROLES = sw.piles_by_role(cell=CELLS, foundation=HOME, tableau=COLUMNS)
    ROUTES = {pile: CELLS + HOME + COLUMNS for pile in CELLS + COLUMNS}
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(DOWN_ALTERNATE_COLOURS, moves=runs(limit="free_cells"))
    INTERCHANGEABLE = (CELLS, COLUMNS)

    def _setup(self, order):
        self.dealer(order).round_robin(COLUMNS)


def cells_at(**piles: str) -> Cells:
    return Cells.from_position(piles)


# --- runs and free cells -----------------------------------------------------------------
def test_a_run_moves_at_once_in_order_and_undo_puts_it_back():
    game = cells_at(t0="KS QH JS 10H", t1="JD", t2="QC")
    assert game.movable("t0") == 4 and game.movable("t1") == 1 and game.movable("c0") == 0
    assert Move("t0", "t2", 2) not in game.legal_moves()  # J♠ 10♥ on Q♣: black on black
    assert game.why_illegal("t0 t2 2") == "J♠ cannot go on Q♣ (t2): Cells builds down in alternating colours, " \
                                          "so Q♣ takes only a red jack"
    game = cells_at(t0="KS QH JS 10H", t1="JD", t2="QD")
    before = game.key()
    assert game.play("t0 t2 2") == Move("t0", "t2", 2)
    assert [str(c) for c in game["t2"]] == ["Q♦", "J♠", "10♥"] and [str(c) for c in game["t0"]] == ["K♠", "Q♥"]
    game.undo()
    assert game.key() == before
    game.redo()
    assert game.history == (Move("t0", "t2", 2),)


def test_why_a_run_may_not_move_is_said_for_each_reason():
    game = cells_at(t0="KS QH JS 10H", t1="9C", t2="QD", t3="2H", c0="AS", c1="2S")
    assert game.why_illegal("t0 t2 5") == "t0 holds only 4 cards"
    assert game.why_illegal("t1 t2 2") == "t1 holds only 1 card"
    # no free cell and no empty column besides the target: one card at a time
    assert game.why_illegal("t0 t2 2") == "only 1 card may move at once: no free cells and no empty columns"
    assert game.why_illegal("t0 c0 1") == "c0 holds A♠ already: a free cell holds one card"
    assert game.why_illegal("t0 f0 2") == "f0 takes one card at a time, not 2"
    mixed = cells_at(t0="KS QH QS", t1="KD")
    assert mixed.why_illegal("t0 t1 2") == ("Q♥ Q♠ do not move together: Cells moves runs built down in alternating "
                                            "colours, and the run on top of t0 is 1 card")
    assert sw.Cruel(seed=1).why_illegal("t0 t1 2") == "Cruel moves one card at a time, not 2"


def test_the_free_cell_limit_counts_cells_and_empty_columns_besides_the_target():
    # two free cells and one empty column (t3): (2 + 1) × 2 = 6 cards may move onto t1
    game = cells_at(t0="QH JS 10H 9S 8H", t1="KS", t2="AD")
    assert game.why_illegal("t0 t1 5") is None
    assert [m.count for m in game.legal_moves() if (m.source, m.target) == ("t0", "t1")] == [5]
    # onto the empty column itself it does not count: (2 + 1) × 1 = 3
    assert game.why_illegal("t0 t3 4") == \
        "only 3 cards may move at once: two free cells and no empty columns besides t3"
    assert [m.count for m in game.legal_moves() if (m.source, m.target) == ("t0", "t3")] == [1, 2, 3]
    full = cells_at(t0="QH JS 10H 9S 8H", t1="KS", t2="AD", t3="2D", c0="3C", c1="4C")
    assert full.why_illegal("t0 t1 5") == "only 1 card may move at once: no free cells and no empty columns"


def test_free_cells_take_one_card_and_are_alike_to_the_solver():
    game = cells_at(t0="KS", t1="KD", c1="5H")
    assert [str(m) for m in game.legal_moves() if m.target in CELLS] == ["c1 c0", "t0 c0", "t1 c0"]
    assert game.empty_label("c0") == "cell" and FastPath(game).wants_at(0) is ANY and FastPath(game).wants_at(1) == ()
    swapped = cells_at(t0="KS", t1="KD", c0="5H")
    assert swapped.search_key() == game.search_key() and swapped.key() != game.key()
    other = cells_at(t0="KD", t1="KS", c1="5H")  # columns are alike too, cells apart from columns
    assert other.search_key() == game.search_key()
    assert cells_at(t0="KS", t1="KD", t2="5H").search_key() != game.search_key()


def test_saves_of_run_moves_are_format_3_and_older_saves_still_load():
    game = cells_at(t0="KS QH JS 10H", t1="JD", t2="QD")
    game.play("t0 t2 2")
    saved = json.loads(json.dumps(game.to_dict()))
    assert saved["format"] == 3 and saved["moves"] == ["t0 t2 2"]
    bobby = sw.Bobby(seed=4)
    bobby.draw()
    assert bobby.to_dict()["format"] == 2  # one-card moves: the format every earlier version reads
    assert sw.load({**bobby.to_dict(), "format": 1}).history == bobby.history


def test_a_registered_run_game_saves_and_loads(clean_registry):
    sw.register(Cells)
    game = sw.new_game("cells", seed=3)
    rng = random.Random(3)
    for _ in range(40):
        if game.legal_moves():
            game.play(rng.choice(game.legal_moves()))
    if not any(m.count > 1 for m in game.history):
        run = next((m for m in game.legal_moves() if m.count > 1), None)
        if run is not None:
            game.play(run)
    loaded = sw.load(json.loads(json.dumps(game.to_dict())))
    assert loaded.key() == game.key() and loaded.history == game.history


# --- suits home at once, packs of fewer suits, wide card ids ------------------------------
class OneSuit(sw.Game):
    """Spider's skeleton: one suit, eight copies, suits go home king to ace."""

    decks = 2
    PILES, ROLES = sw.piles_by_role(stock="stock", foundation=tuple(f"f{i}" for i in range(8)),
                                    tableau=COLUMNS)
    ROUTES = {pile: tuple(f"f{i}" for i in range(8)) + COLUMNS for pile in COLUMNS}
    FOUNDATION = WholeSuits()
    TABLEAU = Tableau(DOWN_BY_RANK, moves=runs(DOWN_IN_SUIT))  # its stock is its own (hooks, below)
    ACTION_NAMES = ("deal_row",)
    ACTION_WORDS = {"deal_row": "deals a card onto every column"}

    def _pack(self):
        return pack(2, "S")

    def _setup(self, order):
        self._piles[self._INDEX["stock"]] = order[::-1]

    def _action_reason(self, action):
        return None if self._piles[self._INDEX["stock"]] else "the stock is empty"

    def _action_piles(self, action):
        return (self._INDEX["stock"],) + self._TABLEAU

    def _do_action(self, action):
        stock = self._piles[self._INDEX["stock"]]
        for t in self._TABLEAU:
            if stock:
                self._piles[t].append(stock.pop())


def test_a_pack_of_one_suit_holds_eight_copies_with_ids_past_255():
    game = OneSuit(seed=1)
    ids = sorted(game.card_ids("stock"))
    assert len(ids) == 104 and ids[-1] == 7 * 52 + 12 and {str(Card.from_id(i))[-1] for i in ids} == {"♠"}
    assert game.card_count == 104 and game.legal_moves() == [Move("deal_row")]
    assert OneSuit.action_words("deal_row") == "deals a card onto every column"
    deck = [Card.from_id(i) for i in ids]
    assert OneSuit(deck=deck).card_ids("stock")[::-1] == tuple(ids)
    with pytest.raises(ValueError, match="deck holds A♥ .card 1., which One Suit's pack has none of"):
        OneSuit(deck=["AH"] + deck[1:])
    with pytest.raises(ValueError, match="t0 card 9: One Suit's pack holds A♠ 8 times, and no more"):
        OneSuit.from_position({"t0": ["AS"] * 9})
    FastPath(game).search_key()  # ids past 255 take the wide key


def test_a_completed_suit_goes_home_at_once_and_only_so():
    suit = " ".join(f"{r}S" for r in ("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"))
    game = OneSuit.from_position({"t0": "5S " + suit, "t1": "QS JS"})
    assert Move("t0", "f0", 13) in game.legal_moves() and Move("t1", "f0", 2) not in game.legal_moves()
    assert game.why_illegal("t1 f0 2") == "f0 takes only a completed suit, king down to ace, all 13 cards at once"
    assert game.why_illegal("t0 f0") == "f0 takes only a completed suit, king down to ace, all 13 cards at once"
    game.play("t0 f0 13")
    assert game.cards_home == 13 and [str(c) for c in game["t0"]] == ["5♠"] and game.empty_label("f1") == "K"
    assert game.why_illegal("t0 f0 13") == "t0 holds only 1 card"
    search = Search(OneSuit.from_position({"t0": suit}), time_limit=None)
    assert search.run()[0] == "won" and search.home == 0  # back at the start, its count exact


# --- stock actions, passes and redeals ---------------------------------------------------------
class Turns(sw.Game):
    """A stock of its own words: 'turn' draws, 'again' starts a new pass, two passes."""

    PILES, ROLES = sw.piles_by_role(stock="stock", waste="waste", foundation="f0")
    ROUTES = {"waste": ("f0",)}
    ACTION_NAMES = ("turn", "again")
    DRAWS = {"turn": ("stock", "waste")}
    REDEALS = ("again",)
    PASSES = 2

    def _pack(self):
        return range(13)  # the spades alone: ace to king in the stock

    def _setup(self, order):
        self._piles[0] = sorted(order, reverse=True)

    def _wants(self, t):
        pile = self._piles[t]
        return (RANK[pile[-1]] + 1,) if pile else (1,)

    def _build_reason(self, t, card):
        return "up in rank from the ace"

    def _action_reason(self, action):
        stock, waste = self._piles[0], self._piles[1]
        if action == "turn":
            return None if stock else "the stock is empty"
        return None if not stock and waste and self.passes_left > 1 else "no new pass now"

    def _action_piles(self, action):
        return (0, 1)

    def _do_action(self, action):
        self._piles[0], self._piles[1] = self._piles[1][::-1], []


def test_the_engine_counts_redeals_of_any_name_and_passes_follow():
    game = Turns(seed=1)
    assert game.passes_left == 2 and Turns.redeal_actions() == ("again",)
    assert game.possible_actions() == ("turn", "again")
    assert game.turn() == Move("turn") and game.legal_moves() == [Move("waste", "f0"), Move("turn")]
    while game.why_illegal("turn") is None:
        game.play("turn")
    game.play("again")
    assert game.redeals == 1 and game.passes_left == 1 and game.why_illegal("again") == "no new pass now"
    assert "Stock: 13 cards face down; 1 pass left, this one included." in game.explain()
    game.undo()
    assert game.redeals == 0 and game.passes_left == 2
    assert Turns.action_words("turn") == "turns up the next stock card"
    assert Turns.action_words("again") == "deals the cards again"


# --- extra state, declared wins and losses ---------------------------------------------------------
class Counted(Turns):
    """Turns, with a count of the stock's turns kept as state, lost after 20 turns."""

    STATE = ("_turned",)

    def _setup(self, order):
        super()._setup(order)
        self._turned = 0

    def _action_piles(self, action):
        return (0, 1)

    def _do_action(self, action):
        self._turned += 1
        super()._do_action(action)

    def _lost(self) -> Optional[str]:
        return "two new passes were asked for" if self._turned >= 2 else None


def test_extra_state_is_part_of_the_position_and_is_undone_and_saved():
    game = Counted(seed=1)
    assert game.state == {"_turned": 0}
    for _ in range(13):
        game.play("turn")
    game.play("again")
    assert game.state == {"_turned": 1} and game.key() != Counted(seed=1).key()
    record = game.to_dict()
    assert record["format"] == 3
    game.undo()
    assert game.state == {"_turned": 0}
    laid = Counted.from_position({"stock": "AS"}, state={"_turned": 1})
    assert laid.state == {"_turned": 1} and laid.start_position["state"] == {"_turned": 1}
    with pytest.raises(ValueError, match="Counted keeps state besides its cards"):
        Counted.from_position({"stock": "AS"})


class CountedFromOne(Counted):
    """Counted, its count starting from a value the class gives (not _setup)."""

    _turned = 1

    def _setup(self, order):
        Turns._setup(self, order)


def test_extra_state_may_start_from_a_value_the_class_gives():
    game = CountedFromOne(seed=1)
    assert game.state == {"_turned": 1} and game.status == "playing"
    for _ in range(13):
        game.play("turn")
    game.play("again")
    assert game.state == {"_turned": 2} and game.status == "lost"
    game.undo()
    assert game.state == {"_turned": 1}


# --- the position, a value of its own; the mover changes it and nothing else of the game ------------
def test_a_position_is_laid_out_copied_keyed_and_read_as_a_value():
    position = Position.laid_out(Counted, {"stock": "2S AS", "f0": ""}, redeals=1, state={"_turned": 1},
                                 pack=range(13))
    assert (position.piles, position.down, position.redeals, position.state) == ([[1, 0], [], []], [0, 0, 0], 1,
                                                                                 {"_turned": 1})
    assert position.top("stock") == Card.parse("AS") and position.face_down("stock") == 2
    assert position.cards_home == 0 and position.arguments() == {
        "piles": {"stock": "2S AS"}, "face_down": {}, "redeals": 1, "state": {"_turned": 1}}
    copy = position.copy()
    copy.piles[0].pop()
    copy.state["_turned"] = 2
    assert position.piles[0] == [1, 0] and position.state == {"_turned": 1}, "a copy shares nothing"
    game = Counted.from_position(**position.arguments())
    assert game.key() == position.key(game._rules_key) and game.start_position == position.arguments()
    with pytest.raises(ValueError, match="state must be a dict of Counted's extra state"):
        Position.laid_out(Counted, {}, state={"_turned": 1, "_other": 2}, pack=range(13))
    with pytest.raises(KeyError, match="Counted has no pile 't9'"):
        position.top("t9")


def test_the_mover_changes_the_position_and_nothing_else_of_the_game():
    fast = FastPath(Counted(seed=1))
    game = fast.game
    assert fast.position is game._position and fast.piles is game._piles
    legal = game.legal_moves()
    held = dict(vars(game))  # what the game itself holds: history, the legal moves listed, options …
    turn, again = (Counted.SHAPE.codes[Move(action)] for action in ("turn", "again"))
    assert legal == [Move("turn")]
    records = [fast.apply(turn) for _ in range(13)]
    assert Move("again") in game.legal_moves() and Move("turn") not in game.legal_moves(), "listed anew"
    records.append(fast.apply(again))
    assert (fast.position.redeals, fast.position.state, game.redeals, game.state) == (1, {"_turned": 1}, 1,
                                                                                      {"_turned": 1})
    while records:
        fast.revert(records.pop())
    assert game.legal_moves() == legal and game.key() == Counted(seed=1).key()
    assert fast.position.changes == 28  # each move and each take-back counted
    game._legal = held["_legal"]  # (listing the moves is the game's own doing, not the mover's)
    assert vars(game).keys() == held.keys() and all(vars(game)[name] is value for name, value in held.items())


def test_a_copy_or_a_pickle_of_a_game_has_a_position_of_its_own():
    game = Counted(seed=1)
    for _ in range(13):
        game.play("turn")
    game.play("again")
    for other in (game.copy(), pickle.loads(pickle.dumps(game))):
        assert other.key() == game.key() and other.state == game.state and other.legal_moves() == game.legal_moves()
        assert other._position is not game._position and other._piles is other._position.piles
        other.undo()
        assert other.state == {"_turned": 0} and game.state == {"_turned": 1}


def test_a_declared_loss_ends_the_game_with_its_reason():
    game = Counted.from_position({"stock": "AS", "waste": "2S"}, state={"_turned": 2})
    assert game.status == "lost" and game.end_reason == "two new passes were asked for" and game.legal_moves() == []
    assert game.why_illegal("turn") == "the game is lost (two new passes were asked for): no move is left to play"
    assert sw.solve(game).status == "lost" and sw.solve(game).reason == "two new passes were asked for"
    with pytest.raises(IllegalMoveError):
        game.play("turn")


# --- a hook that raises changes nothing --------------------------------------------------------------
class Jammed(Counted):
    """Counted, whose new pass fails half-way: a card taken off the waste, the
    turn counted, the redeal counted by the engine, then an error."""

    def _do_action(self, action):
        self._turned += 1
        self._piles[1].pop()
        raise ValueError("the stock is jammed")


def played_out(cls: type[Counted]) -> Counted:
    game = cls(seed=1)
    for _ in range(13):
        game.play("turn")
    return game


def snapshot(game: sw.Game) -> tuple:
    return (game.key(), game.history, game.redo_moves, game.redeals, game.state, game.version,
            sum(len(game[pile]) for pile in game.PILES), game.to_dict())


def test_a_stock_action_that_raises_half_way_changes_nothing_and_names_its_hook():
    game = played_out(Jammed)
    seen = []
    game.observe(lambda game, change: seen.append(change))
    before = snapshot(game)
    with pytest.raises(sw.HookError, match=r"^Jammed\._do_action raised ValueError\('the stock is jammed'\) on "
                                           r"'again': the move was not played$") as raised:
        game.play("again")
    assert raised.value.hook == "_do_action" and isinstance(raised.value.__cause__, ValueError)
    assert snapshot(game) == before and not seen  # 13 cards, no history entry, redeals and state as they were
    replayed = Jammed(seed=game.seed)  # what sw.load does with its save: the same position
    for move in game.to_dict()["moves"]:
        replayed.play(move)
    assert replayed.key() == game.key()
    game.undo()  # and the game plays on from where it was
    assert game.history == (Move("turn"),) * 12


def test_ctrl_c_inside_a_stock_action_changes_nothing_either():
    class Interrupted(Jammed):
        def _do_action(self, action):
            self._piles[1].pop()
            raise KeyboardInterrupt

    game = played_out(Interrupted)
    before = snapshot(game)
    with pytest.raises(KeyboardInterrupt):
        game.play("again")
    assert snapshot(game) == before


def test_a_redo_whose_action_raises_keeps_the_move_to_redo():
    class JammedLater(Counted):
        jam = False  # (switched on by the test: a hook answers for the position, this one fails on purpose)

        def _do_action(self, action):
            if self.jam:
                self._piles[1].pop()
                raise ValueError("the stock is jammed")
            super()._do_action(action)

    game = played_out(JammedLater)
    game.play("again")
    game.undo()
    JammedLater.jam = True
    before = snapshot(game)
    with pytest.raises(sw.HookError, match="on redo of 'again': the move was not played"):
        game.redo()
    assert snapshot(game) == before and game.redo_moves == (Move("again"),)


def test_the_fast_path_takes_back_an_action_that_raises():
    """The solver's mover (FastPath.apply) restores piles, redeals and state
    too, so a search that meets the error leaves no half-played position."""
    fast = FastPath(played_out(Jammed))
    key, piles = fast.search_key(), [pile[:] for pile in fast.piles]
    again = next(code for code in fast.move_codes() if fast.shape.move(code) == Move("again"))
    with pytest.raises(ValueError, match="jammed"):
        fast.apply(again)
    assert fast.search_key() == key and fast.piles == piles and fast.game.redeals == 0 and fast.game._turned == 0


def test_a_new_deal_whose_deal_raises_keeps_the_game_as_it_was():
    class Misdeal(Turns):
        def _setup(self, order):
            super()._setup(order)
            if self.seed == 2:
                self._piles[0].pop()
                raise ValueError("misdealt")

    game = Misdeal(seed=1)
    game.play("turn")
    seen = []
    game.observe(lambda game, change: seen.append(change.kind))
    before = snapshot(game)
    with pytest.raises(sw.HookError, match=r"^Misdeal\._setup raised ValueError\('misdealt'\) on new_deal\(\): "
                                           "the deal was not changed$"):
        game.new_deal(seed=2)
    assert snapshot(game) == before and game.seed == 1 and not seen
    game.new_deal(seed=3)
    assert seen == ["new_deal"] and game.seed == 3  # its observers are still its own


class Fussy(Turns):
    """Turns, whose hooks raise once a card lies on the foundation (switched by FAILS)."""

    FAILS = ""

    def _fails(self, hook):
        if self.FAILS == hook and self._piles[2]:
            raise RuntimeError(f"{hook} is broken")

    def _wants(self, t):
        self._fails("_wants")
        return super()._wants(t)

    def _action_reason(self, action):
        self._fails("_action_reason")
        return super()._action_reason(action)

    def _action_piles(self, action):
        self._fails("_action_piles")
        return super()._action_piles(action)

    def _lost(self):
        self._fails("_lost")
        return None

    def _won(self):
        self._fails("_won")
        return super()._won()


@pytest.mark.parametrize("hook, call, doing", [
    ("_wants", lambda g: g.legal_moves(), "while listing the legal moves"),
    ("_wants", lambda g: g.why_illegal("waste f0"), "while checking 'waste f0'"),
    ("_wants", lambda g: g.play("waste f0"), "on 'waste f0': the move was not played"),
    ("_wants", lambda g: g.targets("waste"), "while checking where waste's cards may go"),
    ("_action_reason", lambda g: g.status, "while listing the legal moves"),
    ("_action_reason", lambda g: g.play("turn"), "on 'turn': the move was not played"),
    ("_action_piles", lambda g: g.play("again"), "on 'again': the move was not played"),
    ("_lost", lambda g: g.end_reason, "while listing the legal moves"),
    ("_won", lambda g: g.status, "while reading the status"),
    ("_lost", lambda g: g.is_legal("turn"), "while checking 'turn'"),
])
def test_a_hook_that_raises_while_moves_are_checked_or_listed_is_named(hook, call, doing):
    game = Fussy.from_position({"waste": "3S 2S", "f0": "AS"})
    before = snapshot(game)
    Fussy.FAILS = hook
    try:
        with pytest.raises(sw.HookError) as raised:
            call(game)
    finally:
        Fussy.FAILS = ""
    assert str(raised.value) == f"Fussy.{hook} raised RuntimeError('{hook} is broken') {doing}"
    assert snapshot(game) == before


class Three(sw.Game):
    """Won with three cards home (a declared win short of the whole pack)."""

    PILES, ROLES = sw.piles_by_role(foundation="f0", tableau=("t0",))
    ROUTES = {"t0": ("f0",)}

    def _pack(self):
        return range(13)  # the spades

    def _setup(self, order):
        self._piles[1] = sorted(order, reverse=True)

    def _wants(self, t):
        pile = self._piles[t]
        return (RANK[pile[-1]] + 1,) if pile else (1,)

    def _build_reason(self, t, card):
        return "up in rank"

    def _won(self):
        return "three cards are home" if self.cards_home >= 3 else None


def test_a_declared_win_is_the_games_and_the_solvers():
    game = Three(seed=1)
    assert game.status == "playing" and game.end_reason is None
    for _ in range(3):
        game.play(game.legal_moves()[0])
    assert game.status == "won" and game.end_reason == "three cards are home" and game.legal_moves() == []
    solution = sw.solve(Three(seed=1), time_limit=None)
    assert solution.status == "won" and len(solution.moves) == 3
    assert sw.Cruel.from_position({"f0": "AS"}).end_reason == "every card is home"


def test_runs_move_between_tableau_piles_only():
    game = cells_at(t0="KS QH JS 10H", c0="9D", t1="10C")
    assert game.movable("c0") == 1 and game.why_illegal("c0 t1 2") == "c0 holds only 1 card"
    laid = Cells.from_position({"t0": "KS", "t1": "10C", "c0": "9D"})
    assert laid.why_illegal("t0 c0 2") == "t0 holds only 1 card"
    shape = Cells.SHAPE
    assert all(shape.roles[shape.source_of[c]] == "tableau" for c, m in enumerate(shape.moves)
               if m is not None and m.count > 1)


class WasteRuns(sw.Game):
    """A waste beside run-moving columns: the waste still gives one card at a time."""

    PILES, ROLES = sw.piles_by_role(waste="waste", foundation="f0", tableau=("t0", "t1"))
    ROUTES = {"waste": ("t0",), "t0": ("t1",), "t1": ("t0",)}
    TABLEAU = Tableau(DOWN_ALTERNATE_COLOURS, moves=RUNS)

    def _setup(self, order):
        self._piles[0] = order


def test_a_waste_gives_one_card_at_a_time_even_where_runs_move():
    game = WasteRuns.from_position({"waste": "9D 8S 7H", "t0": "8C"})
    assert game.movable("waste") == 1 and game.legal_moves() == [Move("waste", "t0"), Move("t0", "t1")]
    assert game.why_illegal("waste t0 3") == "cards leave waste one at a time"
