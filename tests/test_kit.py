"""The kit: rules as declared values, one source of legality, moves that
remove cards together, and the checks that keep a game's own hooks honest.

Small games written on the kit here (Yukon, a Pyramid) and a few built-in
games are asked what the engine answers (tests/test_catalogue.py asks every
built-in classic game):
every move a game could name is legal by ``is_legal`` exactly when
``legal_moves`` lists it, and refused with words otherwise."""

from __future__ import annotations

import json
import random

import pytest

import solitaire_widgets as sw
from solitaire_widgets import Move
from solitaire_widgets.kit import (DOWN_ALTERNATE_COLOURS, FACE_UP, KINGS, NOTHING, SUIT_OR_RANK, UP_IN_SUIT,
                                   WHOLE_PILE, Build, Draw, Foundation, Game, Neighbours, Pairs, Tableau,
                                   only_from, piles_by_role, pyramid)

COLUMNS = tuple(f"t{i}" for i in range(7))
HOME = tuple(f"f{i}" for i in range(4))
PYRAMID = tuple(f"p{i}" for i in range(28))


class Yukon(Game):
    """Yukon: any face-up card moves with the cards on it."""

    PILES, ROLES = piles_by_role(foundation=HOME, tableau=COLUMNS)
    ROUTES = {pile: HOME + COLUMNS for pile in COLUMNS}
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(DOWN_ALTERNATE_COLOURS, empty=KINGS, moves=FACE_UP)
    INTERCHANGEABLE = COLUMNS

    def _setup(self, order):
        deal = self.dealer(order)
        deal.each(COLUMNS, [1, 6, 7, 8, 9, 10, 11])
        for i, t in enumerate(self._TABLEAU):
            self._down[t] = i  # t0 all face up; t1 one face down … t6 six; five face up on each
        assert not deal.left


class KitPyramid(Game):
    """Pyramid written on the kit here (sw.Pyramid is the built-in one): two exposed
    cards that make 13 leave together; a king alone."""

    PILES, ROLES = piles_by_role(stock="stock", waste="waste", foundation="f0", tableau=PYRAMID)
    ROUTES = {pile: ("f0",) for pile in PYRAMID + ("waste",)}
    FOUNDATION = Pairs(13)
    TABLEAU = Tableau(empty=NOTHING)
    COVERED_BY = pyramid(PYRAMID)
    STOCK = Draw(passes=3)

    def _setup(self, order):
        deal = self.dealer(order)
        deal.rows(PYRAMID)
        deal.rest_to("stock")


def candidate_moves(game: sw.Game) -> list[Move]:
    """Every move a player could name: each pile onto each other, each count
    a move could move, each pair, each stock action."""
    shape = game.SHAPE
    moves = [Move(a) for a in game.ACTION_NAMES]
    for s in game.PILES:
        for t in game.PILES:
            if s != t:
                moves += [Move(s, t, k) for k in range(1, shape.max_run + 2)]
    moves += [move for move in shape.moves if move is not None and move.partner is not None]
    return moves


# (Accordion: a route the position decides and whole piles; Gaps: a game's own
# _wants; Clock and Calculation: an action of the game's own, per-pile rules)
GAMES = [sw.Frog, sw.LeapYear, sw.Bobby, sw.Cruel, sw.Midshipman, Yukon, KitPyramid, sw.Accordion, sw.Gaps, sw.Clock,
         sw.Calculation]


@pytest.mark.parametrize("cls", GAMES, ids=lambda cls: cls.__name__)
def test_one_source_of_legality_every_named_move_is_legal_exactly_when_listed(cls):
    rng = random.Random(7)
    candidates = None
    for seed in range(2):
        game = cls(seed=seed)
        candidates = candidates or candidate_moves(game)
        for step in range(40):
            listed = set(game.legal_moves())
            if step % 10 == 0:  # every candidate, at a few positions of the walk
                for move in candidates:
                    reason = game.why_illegal(move)
                    assert (reason is None) == (move in listed), (move, reason)
                    assert reason is None or (isinstance(reason, str) and reason.strip())
            if not listed:
                break
            game.play(rng.choice(sorted(listed, key=str)))


class Stuck(Yukon):
    """A Yukon whose own ``_run_length`` lets nothing leave t6."""

    def _run_length(self, s):
        return 0 if self.PILES[s] == "t6" else super()._run_length(s)


def test_a_pile_whose_run_length_is_0_gives_no_card_by_any_path():
    game = Stuck.from_position({"t6": "9S", "t2": "10H", "t3": "KD"})
    assert game.movable("t6") == 0 and Move("t6", "t2") not in game.legal_moves()
    assert not game.is_legal("t6 t2")
    assert game.why_illegal("t6 t2") == "no card of t6 may move now"
    assert game.targets("t6")["t2"] == "no card of t6 may move now"
    with pytest.raises(sw.IllegalMoveError):
        game.play("t6 t2")
    assert game.history == ()


def test_an_action_that_changes_a_pile_it_does_not_name_is_refused_and_changes_nothing(clean_registry):
    class Careless(sw.Klondike):
        def _action_piles(self, action):
            return (self._INDEX["stock"],)  # leaves out the waste the draw fills

    game = Careless(seed=1)
    before = game.key()
    with pytest.raises(sw.HookError, match="Careless._action_piles leaves out waste, which draw changes"):
        game.play("draw")
    assert game.key() == before and game.history == () and sum(len(game[p]) for p in game.PILES) == 52
    with pytest.raises(TypeError, match="Careless: playing draw as dealt raised HookError: Careless._action_piles"):
        sw.register(Careless)


def test_a_pair_that_makes_13_leaves_together_as_one_move(clean_registry):
    game = KitPyramid.from_position({"p21": "5S", "p22": "8H", "p23": "KC", "p24": "9D", "p0": "AS"})
    legal = game.legal_moves()
    assert Move("p21", "f0", partner="p22") in legal and Move("p23", "f0") in legal
    assert Move("p22", "f0", partner="p21") in legal  # the two in either order are the one move
    assert game.why_illegal("p21+p24 f0") == "5♠ and 9♦ make 14, not 13: only two cards that make 13 go together"
    covered = KitPyramid.from_position({"p0": "AS", "p1": "3C", "p21": "QH"})
    assert covered.why_illegal("p0+p21 f0") == "A♠ is covered by p1: a card plays only once nothing lies on it"
    assert game.why_illegal("p21 f0") == ("5♠ cannot go to f0 alone: only a king goes alone; two exposed cards that "
                                          "make 13 go together")
    before = game.key()
    assert game.play("p22+p21 f0") == Move("p21", "f0", partner="p22")
    assert game.cards_home == 2 and not game["p21"] and not game["p22"]
    assert str(game.history[0]) == "p21+p22 f0"
    game.undo()
    assert game.key() == before
    sw.register(KitPyramid)
    game.redo()
    loaded = sw.load(json.loads(json.dumps(game.to_dict())))
    assert loaded.key() == game.key() and loaded.history == game.history


def test_pairs_are_few_actions_and_a_covered_card_turns_up_when_uncovered():
    pairs = [m for m in KitPyramid.SHAPE.moves if m is not None and m.partner is not None]
    assert len(pairs) == 29 * 28 // 2  # every two of the 28 pyramid piles and the waste
    assert sum(m is not None for m in KitPyramid.SHAPE.moves) == len(pairs) + 29 + len(KitPyramid.ACTION_NAMES)
    game = KitPyramid.from_position({"p0": "4S", "p1": "9H", "p2": "4D"}, face_down={"p0": 1})
    assert game.face_down("p0") == 1 and game.movable("p0") == 0
    before = game.key()
    game.play("p1+p2 f0")  # 9 and 4 make 13: p0 is uncovered, and its card turns up
    assert game.face_down("p0") == 0 and game.movable("p0") == 1
    game.undo()
    assert game.key() == before and game.face_down("p0") == 1


def test_rules_text_reads_the_values_sentences_and_refusals_name_the_option_that_chose_them():
    assert dict(sw.Cruel.rules_text({"gather": "in_order"}))["Tableau"].endswith(
        "onto another pile's top card. Build down in suit; an empty pile is never filled.")
    game = sw.Midshipman.from_position({"t0": "7S", "t1": "6C"}, face_down={}, build="other_colour")
    assert game.why_illegal("t1 t0") == ('6♣ cannot go on 7♠ (t0): Midshipman builds down in alternating colours '
                                         '(build="other_colour"), so 7♠ takes only a red 6')
    assert sw.Midshipman.from_position({"t0": "7S", "t1": "6S"}).why_illegal("t1 t0").endswith(
        "builds down in a different suit, so 7♠ takes only a 6 that is not a spade")


class Fed(Game):
    """Two decks, one reserve: an empty column takes only the reserve's top
    card, then any card (a two-deck Canfield's columns, in small)."""

    decks = 2
    PILES, ROLES = piles_by_role(reserve="reserve", foundation=HOME, tableau=COLUMNS[:3])
    ROUTES = {pile: HOME + COLUMNS[:3] for pile in ("reserve",) + COLUMNS[:3]}
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(DOWN_ALTERNATE_COLOURS, empty=only_from("reserve"))

    def _setup(self, order):
        deal = self.dealer(order)
        deal.rows(COLUMNS[:3])
        deal.rest_to("reserve")


def test_an_empty_pile_fed_by_a_named_pile_takes_its_top_card_and_no_copy_of_it_from_elsewhere():
    from solitaire_widgets.fast_path import FastPath

    game = Fed.from_position({"reserve": "7S", "t0": "7S", "t1": "8H"})
    legal = game.legal_moves()
    assert Move("reserve", "t2") in legal and Move("t0", "t2") not in legal  # the other 7♠ is no reserve card
    assert [game.SHAPE.moves[c] for c in FastPath(game).move_codes()] == legal
    words = ("7♠ cannot go on the empty t2: in Fed an empty pile takes only the reserve's top card while the "
             "reserve holds cards, any card once it is empty")
    assert game.why_illegal("t0 t2") == words and game.targets("t0")["t2"] == words
    assert Move("t0", "t1") in legal and game.empty_label("t2") == ""
    game.play("reserve t2")
    game.play("t0 t1")
    assert Move("t2", "t0") in game.legal_moves()  # the reserve is empty: any card fills a column


def test_only_from_reads_in_the_rules_and_names_only_piles_the_game_has():
    assert Tableau(DOWN_ALTERNATE_COLOURS, empty=only_from("reserve")).sentence() == (
        "build down in alternating colours; an empty pile takes only the reserve's top card while the reserve holds "
        "cards, any card once it is empty.")
    assert only_from("waste", "stock", then=KINGS).words() == (
        "only the top card of the waste while it holds cards, then of the stock, and only a king once all are empty")
    with pytest.raises(TypeError, match="Fed: t0's rule fills it only from 'hand', which is not another of its PILES"):
        type("Fed", (Fed,), {"TABLEAU": Tableau(DOWN_ALTERNATE_COLOURS, empty=only_from("hand"))})
    for bad in ((), ("reserve", "reserve")):
        with pytest.raises(ValueError, match="only_from takes the ids of the piles that feed an empty pile"):
            only_from(*bad)
    with pytest.raises(ValueError, match="only_from's then is what the pile takes once they are empty"):
        only_from("reserve", then=only_from("waste"))


# --- games without foundations, routes the position decides, whole piles -----------------------
def test_a_game_without_foundations_says_what_counts_as_home_or_declares_its_win():
    with pytest.raises(TypeError, match="no pile has the role 'foundation'.*_cards_home.*_won"):
        class Homeless(Game):
            PILES, ROLES = piles_by_role(tableau=("t0", "t1"))
            ROUTES = {"t0": ("t1",)}
            TABLEAU = Tableau(SUIT_OR_RANK, empty=NOTHING)

            def _setup(self, order):
                self.dealer(order).round_robin(("t0", "t1"))
    game = sw.Accordion.from_position({"t0": "7S", "t1": "9D", "t2": "2C 7D"})
    assert (game.cards_home, game.score, game.max_score, game.status) == (1, 0, 3, "playing")  # 2♣ is covered
    game.play("t2 t1")
    game.play("t1 t0")
    assert (game.cards_home, game.score, game.status, game.end_reason) == (4, 3, "won", "every card lies in one pile")
    solution = sw.solve(sw.Accordion.from_position({"t0": "7S", "t1": "9D", "t2": "2C 7D"}), time_limit=None,
                        max_states=100)
    assert solution.status == "won" and solution.cards_home == 4


def test_neighbours_name_the_piles_a_pile_reaches_now_and_why_illegal_says_which():
    near = Neighbours(("t0", "t1", "t2", "t3", "t4"), steps=(1, 3))
    assert near.routes()["t4"] == ("t3", "t2", "t1", "t0") and "t0" not in near.routes()
    assert Neighbours(("t0", "t1", "t2"), side="either").routes()["t1"] == ("t0", "t2")
    for bad in [dict(row=("t0",)), dict(row=("t0", "t0")), dict(row=("t0", "t1"), steps=(0,)),
                dict(row=("t0", "t1"), side="up")]:
        with pytest.raises(ValueError, match="Neighbours"):
            Neighbours(**bad)
    game = sw.Accordion.from_position({"t0": "7S", "t2": "9S", "t3": "2C", "t5": "5S", "t9": "KS"})
    # t9's first pile to the left that holds cards is t5, its third t2 (t3 between): not t3, not t0
    assert [str(m) for m in game.legal_moves() if m.source == "t9"] == ["t9 t2", "t9 t5"]
    assert game.why_illegal("t9 t3") == ("t9 goes only onto the first or the third pile to its left that holds "
                                         "cards (t5 or t2 now), not t3")
    assert game.why_illegal("t5 t3").startswith("5♠ cannot go on 2♣ (t3): Accordion builds on a card of the same "
                                                "suit or the same rank, so 2♣ takes only a club or a 2")
    assert game.targets("t9")["t5"] is None and game.movable("t9", at_once=True) == 1


def test_a_whole_pile_is_lifted_whole_where_runs_move_too():
    class Mixed(Yukon):
        PILES, ROLES = piles_by_role(reserve="r0", foundation=HOME, tableau=COLUMNS)
        ROUTES = {**Yukon.ROUTES, "r0": COLUMNS}
        RESERVE = Tableau(empty=NOTHING, moves=WHOLE_PILE)

    game = Mixed.from_position({"r0": "8S 7H 6C", "t0": "7D", "t1": "10S 9H 8C"})  # (asked about by its top card)
    assert game.movable("t1", at_once=True) == 3 and game.movable("r0", at_once=True) == 3  # (it said 1)
    assert game.whole_piles == ("r0",) and Move("r0", "t0") in game.legal_moves()
    assert game.why_illegal("r0 t0 3") == "r0 moves whole: write the move without a count"
    from solitaire_widgets.gym import action_moves
    assert Move("r0", "t0") in action_moves(Mixed)  # (Gymnasium had no action for it)


def test_a_game_where_no_card_moves_by_hand_numbers_its_actions_after_the_card_moves():
    shape = sw.Clock.SHAPE
    assert shape.max_run == 1 and shape.action_base == len(shape.piles) ** 2  # (it was 0: "turn" read as t0 t0)
    game = sw.Clock(seed=1)
    assert game.face_down("h13") == 4 and game.play("turn") == Move("turn") and game.face_down("h13") == 3
    assert sw.Clock.from_position({"h1": "AS 2S"}, face_down={"h1": 2}, state={"_hour": 1}).face_down("h1") == 2


def test_suit_or_rank_builds_on_a_card_of_the_same_suit_or_rank():
    from solitaire_widgets.cards import Card
    from solitaire_widgets.pile_rules import build_table
    assert SUIT_OR_RANK.words() == "on a card of the same suit or the same rank" and SUIT_OR_RANK.needs_suits
    seven = Card.parse("7H")
    assert sorted(str(Card.from_id(f)) for f in build_table(SUIT_OR_RANK, "face")[seven.face]) == sorted(
        [str(Card(r, "H")) for r in range(1, 14)] + ["7♠", "7♦", "7♣"])
    with pytest.raises(ValueError, match="matching build"):
        Build("match", "in_suit")
