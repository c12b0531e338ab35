"""The engine's fast path (``solitaire_widgets.fast_path``): the typed
internal interface the solver and the Gymnasium environment use, checked
against the public API at every step of random games; and the boundary it
draws: nothing outside the engine reads or writes a game's private parts.
"""

from __future__ import annotations

import ast
import itertools
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from helpers import GAMES
from positions import arrange, face_down_counts, position_of

import solitaire_widgets as sw
from solitaire_widgets import Card, Move
from solitaire_widgets.fast_path import ANY, FastPath

PACKAGE = Path(sw.__file__).parent
# Every seed game with every combination of its rule options (read from
# OPTIONS, so options added later are covered too); the classic games' fast
# path is checked along their random games in tests/test_catalogue.py.
RULE_SETS = [
    (name, dict(zip(cls.OPTIONS, values)))
    for name, cls in sorted((name, sw.GAMES[name]) for name in GAMES)
    for values in itertools.product(*cls.OPTIONS.values())
]


def position(game):
    return ([list(game.card_ids(p)) for p in game.PILES], [game.face_down(p) for p in game.PILES],
            game.redeals, game.key(), game.search_key())


def oracle_moves(game):
    """Legal moves found the slow public way: every pile pair (with every
    count a move may move), every two cards that may leave together (a
    game's pairs) and action asked."""
    counts = range(1, game.SHAPE.max_run + 1)
    pairs = [Move(s, t, k) for s in game.PILES for t in game.PILES if s != t for k in counts]
    together = [m for m in game.SHAPE.moves if m is not None and m.partner is not None]
    actions = [Move(a) for a in game.ACTION_NAMES]
    return {m for m in pairs + together + actions if game.why_illegal(m) is None}


# --- the fast path --------------------------------------------------------------
@pytest.mark.parametrize("name,options", RULE_SETS, ids=[f"{n}-{'-'.join(o.values())}" for n, o in RULE_SETS])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**64 - 1), walk=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_fast_path_moves_equal_legal_moves_and_apply_revert_restores(name, options, seed, walk, steps):
    # At every step of a random game: the fast path's moves are the legal
    # moves, each plays as play() does and reverts exactly, its reading of
    # the position is the public one, and its probes agree with the moves.
    game = sw.new_game(name, seed=seed, **options)
    # (a game's own _wants may read other piles, as Aces Up's discards do and Gaps' gaps follow their left neighbour)
    check_fast_path_along_a_walk(game, random.Random(walk), steps, local_wants=not game.FACTS.own_wants)


def check_pile_keys(fast: FastPath) -> None:
    """Each pile's part of the search key (``pile_key``) is one of the
    parts the key splits into at its separators: a won line's shortening
    rules a move off the line by it (``lines._off_the_way``)."""
    parts = fast.search_key().split(b"\xff")
    for i in range(len(fast.piles)):
        if i not in fast.shape.foundations:
            part = fast.pile_key(i)
            assert part is None or part in parts, (i, part, parts)


def check_fast_path_along_a_walk(game: sw.Game, rng: random.Random, steps: int, local_wants: bool = True) -> None:
    """The fast path checked against the public API at each step of a random
    walk of ``game`` (tests/test_freecell_solver.py runs it on a small FreeCell).

    ``local_wants=False`` for a game where what a pile takes depends on other
    piles too (Aces Up's discards follow every column's top card): a probe of
    the target before a move cannot foresee the source's change, so only the
    probes' agreement with the position as it is gets checked."""
    shape = game.SHAPE
    for _ in range(steps + 1):
        fast = FastPath(game)
        codes = fast.move_codes()
        moves = [shape.move(c) for c in codes]
        assert len(set(moves)) == len(moves) and [shape.codes[m] for m in moves] == codes
        assert moves == game.legal_moves() and set(moves) == oracle_moves(game)
        # the moves of one card home, found without the others, are those of ``move_codes``
        assert fast.home_codes() == [c for c in codes if c < shape.action_base and shape.count_of[c] == 1
                                     and shape.target_of[c] in shape.foundations]
        assert [list(p) for p in fast.piles] == [list(game.card_ids(p)) for p in game.PILES]
        assert [d or (len(game.card_ids(p)) if shape.roles[i] == "stock" else 0)
                for i, (p, d) in enumerate(zip(game.PILES, fast.down))] == [game.face_down(p) for p in game.PILES]
        check_pile_keys(fast)
        before = position(fast.game)
        for i in range(len(game.PILES)):  # a pile holding what it holds takes what it takes
            assert fast.wants_holding(i, fast.piles[i]) == fast.wants_at(i)
            assert position(fast.game) == before
        for code in codes:
            trial = game.copy()
            trial.play(shape.move(code))
            if code < shape.pair_base:  # (a pair's two cards come from two piles: no one pile's probe)
                s, t, count = shape.source_of[code], shape.target_of[code], shape.count_of[code]
                card = fast.piles[s][-count]
                if code >= shape.whole_base:  # a whole pile: all its cards move, asked about by its top card
                    count, card = len(fast.piles[s]), fast.piles[s][-1]
                # the probe asked before the move is what the target takes after it
                onto = fast.wants_holding(t, [*fast.piles[t], *fast.piles[s][-count:]])
                left = fast.wants_holding(s, fast.piles[s][:-count])
                wants = fast.wants_at(t)
                assert wants is ANY or shape.keys[card] in wants or count == 13  # (a suit home at once)
            elif code >= shape.action_base:
                may_change = set(fast.action_pile_indices(shape.actions[code - shape.action_base]))
            record = fast.apply(code)
            assert position(fast.game)[:3] == position(trial)[:3]  # the same move as play()
            check_pile_keys(fast)
            if code < shape.pair_base:
                assert not local_wants or (fast.wants_at(t) == onto and fast.wants_at(s) == left)
            elif code >= shape.action_base:  # an action changes only the piles it names
                assert {i for i, (a, b) in enumerate(zip(position(fast.game)[0], before[0])) if a != b} <= may_change
            changed = fast.revert(record)
            assert position(fast.game) == before
            assert {i for i, (a, b) in enumerate(zip(position(trial)[0], before[0])) if a != b} <= set(changed)
        if not codes:
            break
        game.play(shape.move(rng.choice(codes)))
    assert game.legal_moves() == [shape.move(c) for c in FastPath(game).move_codes()]


def test_the_shape_numbers_piles_moves_and_cards():
    shape = sw.Midshipman.SHAPE
    assert shape.piles == sw.Midshipman.PILES and shape.max_run == 1 and shape.key == "face"
    assert [shape.piles[i] for i in shape.foundations] == [f"f{i}" for i in range(8)]
    assert shape.with_role("stock", "waste") == (0, 1) and shape.interchangeable == shape.tableau
    assert shape.groups == (shape.tableau,) and shape.group_of[shape.tableau[3]] == 0 and shape.group_of[0] == -1
    waste_to_t0 = shape.routes[1][shape.piles.index("t0")]
    assert shape.move(waste_to_t0) == Move("waste", "t0") and shape.codes[Move("waste", "t0")] == waste_to_t0
    assert shape.routes[0][1] is None  # the stock feeds the waste by a draw, not by hand
    assert shape.move(shape.action_base) == Move("draw")
    assert shape.draws == {shape.action_base: (0, 1)} and shape.redeals == frozenset()
    with pytest.raises(ValueError, match="1 is the code of no move of this game"):
        shape.move(1)


def test_the_fast_path_works_on_a_copy_and_the_game_holds_no_unchecked_mutator():
    game = sw.Cruel(seed=7)
    fast = FastPath(game)
    assert fast.game is not game and fast.game.history == ()
    fast.apply(fast.move_codes()[0])
    assert game.key() == sw.Cruel(seed=7).key() and game.version == 0 and game.legal_moves()
    unchecked = {"apply_code", "revert_code", "move_codes", "apply", "revert", "pile_lists", "face_down_counts",
                 "wants_holding", "wants_at"}
    assert not unchecked & set(dir(game))
    # Every public method a script may call without arguments either leaves
    # the game as it was or is a recorded change (history, version, observers).
    recorded = {"undo", "redo", "restart", "new_deal", *game.ACTION_NAMES}
    for name in dir(game):
        if name.startswith("_") or name in recorded:
            continue
        member = getattr(game, name)
        if callable(member) and not isinstance(member, type):
            try:
                member()
            except TypeError:
                continue  # it takes arguments
            assert game.key() == sw.Cruel(seed=7).key() and game.version == 0 and game.history == (), name


def test_probes_leave_the_position_as_it_was():
    game = sw.Cruel(seed=3)
    fast = FastPath(game)
    before = (fast.search_key(), [list(p) for p in fast.piles], fast.move_codes())
    assert fast.wants_holding(0, []) == (0, 13, 26, 39)  # an empty foundation takes the aces
    assert fast.wants_holding(4, [Card.parse("9H").face]) == (Card.parse("8H").face,)
    assert fast.wants_holding(4, []) == ()  # an empty tableau pile is never filled
    assert (fast.search_key(), [list(p) for p in fast.piles], fast.move_codes()) == before

    class Failing(sw.Cruel):  # rules that fail while asked: the pile is put back all the same
        def _wants(self, t: int) -> object:
            raise RuntimeError("no answer")

    failing = FastPath(Failing(seed=3))
    with pytest.raises(RuntimeError, match="no answer"):
        failing.wants_holding(4, [])
    assert failing.game.key() == game.key()


def test_search_key_ignores_order_of_interchangeable_piles_and_equal_foundations():
    g = sw.Midshipman(seed=1)
    piles, down = position_of(g), face_down_counts(g)
    key = g.search_key()
    swapped = arrange(g, {**piles, "t0": piles["t5"], "t5": piles["t0"]},
                      down={**down, "t0": down["t5"], "t5": down["t0"]})
    assert swapped.search_key() == key and swapped.key() != g.key()
    turned = arrange(g, piles, down={**down, "t0": down["t0"] - 1})
    assert turned.search_key() != key  # a face-down card turned up is a different position
    c = sw.Cruel(seed=1)  # Cruel's piles are positional: redeals gather them in order
    piles = position_of(c)
    assert arrange(c, {**piles, "t0": piles["t5"], "t5": piles["t0"]}).search_key() != c.search_key()


# --- the boundary -------------------------------------------------------------------
# The engine: the modules that hold a game's state and rules.  Every other
# module reaches a game through its public API and the fast path.
ENGINE = {"game.py", "position.py", "shape.py", "fast_path.py", "declarations.py", "classes.py", "hooks.py",
          "cards.py", "moves.py", "pile_rules.py", "stocks.py", "rulebook.py", "dealing.py", "illegal.py",
          "shuffle.py", "strategy.py", "arguments.py", "errors.py"}


def private_reads(path: Path) -> list[str]:
    """Each ``x._name`` in a module where ``x`` is not the object's own
    ``self``, ``cls`` or ``super()``: a reach into another object's private
    parts (IPython's display methods, ``_repr_mimebundle_`` and the like,
    are public by that protocol)."""
    hits = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        own = (isinstance(node, ast.Attribute) and (
            isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
            or isinstance(node.value, ast.Call) and ast.unparse(node.value) == "super()"))
        display = isinstance(node, ast.Attribute) and node.attr.startswith("_repr_") and node.attr.endswith("_")
        if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                and not own and not display):
            hits.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {ast.unparse(node)}")
    return hits


def test_nothing_outside_the_engine_reaches_into_a_game():
    outside = [p for p in sorted(PACKAGE.rglob("*.py"))
               if p.name not in ENGINE and "games" not in p.relative_to(PACKAGE).parts]
    assert {"gym.py", "widget.py", "text.py", "search.py", "dead_ends.py"} <= {p.name for p in outside}
    assert [hit for path in outside for hit in private_reads(path)] == []
    assert private_reads(PACKAGE / "game.py"), "the check finds private reads where they are"
