"""Property-based tests over random games of all five (hypothesis).

A random game is a game class, its rule options, a deal (a seed, or an
explicit shuffled deck) and a random walk of legal moves.  Settings are kept
modest so the whole engine suite stays fast.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from helpers import GAMES

import solitaire_widgets as sw
from solitaire_widgets import Card, IllegalMoveError, Move

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = sorted(GAMES)  # the seed games (the classic games: tests/test_catalogue.py)
# Every pile id any game uses, and a few no game has.
ALL_PILES = tuple(sorted({p for name in NAMES for p in sw.GAMES[name].PILES})) + ("t12", "f16", "c0")
ACTIONS = ("draw", "deal", "redeal")


@st.composite
def new_games(draw, name):
    cls = sw.GAMES[name]
    options = {key: draw(st.sampled_from(values)) for key, values in cls.OPTIONS.items()}
    if draw(st.integers(0, 3)) == 0:
        order = draw(st.randoms(use_true_random=False)).sample(range(52 * cls.decks), 52 * cls.decks)
        return cls(deck=[Card.from_id(i) for i in order], **options)
    return cls(seed=draw(st.integers(0, 2**64 - 1)), **options)


@st.composite
def walks(draw, name, max_moves=120):
    """(game, rng, n): a new game, a move chooser, how many moves to try."""
    game = draw(new_games(name))
    # sampled_from spreads walk lengths evenly (and shrinks to short walks)
    n = draw(st.sampled_from(range(0, max_moves + 1, max(1, max_moves // 20))))
    rng = random.Random(draw(st.integers(0, 2**32)))
    return game, rng, n


def choose(game, rng):
    """A random legal move, leaning towards foundation moves (so games get somewhere)."""
    moves = game.legal_moves()
    if not moves:
        return None
    home = [m for m in moves if m.target and m.target[0] == "f"]
    if home and rng.random() < 0.5:
        return rng.choice(home)
    return rng.choice(moves)


def snapshot(game):
    return (game.key(), tuple(game.face_down(p) for p in game.PILES),
            tuple(game.card_ids(p) for p in game.PILES), game.history, game.redeals)


def check_cards_once(game):
    ids = sorted(i for p in game.PILES for i in game.card_ids(p))
    assert ids == list(range(52 * game.decks))
    for p in game.PILES:
        assert game[p] == tuple(Card.from_id(i) for i in game.card_ids(p))
        assert 0 <= game.face_down(p) <= len(game[p])
        if (game[p] and p != "stock" and game.SHAPE.index[p] in game.SHAPE.sources  # (Clock's hours:
                and not any(game[c] for c in game.COVERED_BY.get(p, ()))):  # no card leaves by hand)
            # (a covered pile's card may lie face down until nothing lies on it: TriPeaks')
            assert game.face_down(p) < len(game[p]), "a top card outside the stock is face up"


def check_status(game):
    legal = game.legal_moves()
    if game.cards_home == game.card_count:
        assert game.status == "won" and legal == []
    else:
        assert game.status == ("playing" if legal else "lost")
    assert game.is_over == (game.status != "playing")
    if not game.FACTS.own_cards_home:  # (a game may count its cards home itself: Accordion, Clock, Gaps)
        assert game.cards_home == sum(len(game[p]) for p in game.piles_of("foundation"))
    assert 0 <= game.score <= game.max_score


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data())
def test_every_card_exactly_once_and_status_is_honest(name, data):
    game, rng, n = data.draw(walks(name, max_moves=300))
    check_cards_once(game)
    check_status(game)
    for _ in range(n):
        move = choose(game, rng)
        if move is None:
            break
        home_before = {p: game[p] for p in game.PILES if p[0] == "f"}
        before = {p: game[p] for p in game.PILES}
        version = game.version
        assert game.play(move) == move
        assert game.version == version + 1 and game.history[-1] == move
        # Foundations are final: they only ever grow, by the card played.
        for f, cards in home_before.items():
            assert game[f][:len(cards)] == cards
        if not move.is_action:
            # Only the top card moves, one card (or a pile that moves only whole), from source to target
            # (a pair: one from each of its two piles).
            sources = (move.source,) if move.partner is None else (move.source, move.partner)
            count = len(before[move.source]) if move.source in game.whole_piles else 1
            for source in sources:
                assert game[source] == before[source][:-count]
            assert game[move.target] == before[move.target] + tuple(c for s in sources for c in before[s][-count:])
            assert all(game[p] == before[p] for p in game.PILES if p not in (*sources, move.target))
        check_cards_once(game)
        check_status(game)


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data())
def test_every_legal_move_plays(name, data):
    game, rng, n = data.draw(walks(name, max_moves=60))
    for _ in range(n + 1):
        legal = game.legal_moves()
        assert len(set(legal)) == len(legal)
        for move in legal:
            assert game.why_illegal(move) is None and game.is_legal(str(move))
            trial = game.copy()
            assert trial.play(str(move)) == move
            assert trial.history == game.history + (move,)
            assert trial.key() != game.key() or move.is_action, "a card move that changes nothing"
            if move.is_action:
                assert trial.key() != game.key(), "an action that changes nothing"
        move = choose(game, rng)
        if move is None:
            break
        game.play(move)


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data())
def test_moves_outside_legal_moves_raise_and_change_nothing(name, data):
    game, rng, n = data.draw(walks(name, max_moves=80))
    pick = data.draw(st.randoms(use_true_random=False))
    for _ in range(n):
        move = choose(game, rng)
        if move is None:
            break
        game.play(move)
    legal = set(game.legal_moves())
    state = (game.key(), game.history, game.version, game.redo_moves)
    candidates = [Move(a) for a in ACTIONS] + [Move(s, t) for s in ALL_PILES for t in ALL_PILES if s != t]
    tried = pick.sample(candidates, 150) + [Move(a) for a in ACTIONS] + [
        Move(s, t) for s in game.PILES for t in game.PILES if s != t]
    for move in tried:
        why = game.why_illegal(move)
        if move in legal:
            assert why is None
            continue
        assert isinstance(why, str) and why, move
        try:
            game.play(move)
        except IllegalMoveError as err:
            assert str(err) == why and err.move == move
        else:
            raise AssertionError(f"{move} is not in legal_moves() but played")
        assert (game.key(), game.history, game.version, game.redo_moves) == state
    for junk in ("", "t0", "t0 f0 f1", "x y", "draw now", 7, None, ("t0",), ("t0", "f0", "f1")):
        try:
            game.play(junk)
        except IllegalMoveError as err:
            assert isinstance(err, ValueError) and str(err)
        else:
            raise AssertionError(f"{junk!r} played")
        assert (game.key(), game.history, game.version, game.redo_moves) == state


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data())
def test_undo_restores_exactly_and_redo_replays(name, data):
    game, rng, n = data.draw(walks(name, max_moves=120))
    branch_seed = data.draw(st.integers(0, 2**32))
    snapshots = [snapshot(game)]
    for _ in range(n):
        move = choose(game, rng)
        if move is None:
            break
        game.play(move)
        snapshots.append(snapshot(game))
    played = game.history
    # Undo everything, one move at a time.
    for earlier in reversed(snapshots[:-1]):
        game.undo()
        assert snapshot(game) == earlier
        check_cards_once(game)
    assert game.redo_moves == played
    # Redo everything.
    for later in snapshots[1:]:
        game.redo()
        assert snapshot(game) == later
    assert game.redo_moves == ()
    # Undo part way, branch off, and undo the branch: back to the same point.
    k = branch_seed % len(snapshots)
    for _ in range(len(snapshots) - 1 - k):
        game.undo()
    assert snapshot(game) == snapshots[k]
    branch_rng = random.Random(branch_seed)
    branch = 0
    for _ in range(10):
        move = choose(game, branch_rng)
        if move is None:
            break
        game.play(move)
        branch += 1
    assert game.redo_moves == ()
    for _ in range(branch):
        game.undo()
    assert snapshot(game) == snapshots[k]
    # restart, then redo replays the branch.
    game.restart()
    assert snapshot(game) == snapshots[0] and game.history == ()
    while game.redo_moves:
        game.redo()
    assert len(game.history) == k + branch


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data())
def test_save_and_load_round_trip(name, data):
    game, rng, n = data.draw(walks(name, max_moves=120))
    for _ in range(n):
        move = choose(game, rng)
        if move is None:
            break
        game.play(move)
    data = game.to_dict()
    loaded = sw.load(json.loads(json.dumps(data)))
    assert type(loaded) is type(game)
    assert loaded.key() == game.key() and loaded.history == game.history
    assert snapshot(loaded) == snapshot(game)
    assert loaded.options == game.options and loaded.seed == game.seed and loaded.deck == game.deck
    assert loaded.status == game.status and loaded.legal_moves() == game.legal_moves()
    assert loaded.to_dict() == data
    # Undoing the loaded game goes back through the same positions.
    if game.history:
        loaded.undo()
        game.undo()
        assert snapshot(loaded) == snapshot(game)


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data())
def test_copy_is_independent(name, data):
    game, rng, n = data.draw(walks(name, max_moves=80))
    other_seed = data.draw(st.integers(0, 2**32))
    passed = [snapshot(game)]  # each position the game goes through
    for _ in range(n):
        move = choose(game, rng)
        if move is None:
            break
        game.play(move)
        passed.append(snapshot(game))
    clone = game.copy()
    assert snapshot(clone) == snapshot(game) and clone.version == game.version
    original = (snapshot(game), game.version, game.redo_moves)
    other = random.Random(other_seed)
    for _ in range(15):
        move = choose(clone, other)
        if move is None:
            break
        clone.play(move)
    if clone.history:
        clone.undo()
    assert (snapshot(game), game.version, game.redo_moves) == original
    copied = (snapshot(clone), clone.version, clone.redo_moves)
    for _ in range(15):
        move = choose(game, other)
        if move is None:
            break
        game.play(move)
        passed.append(snapshot(game))
    assert (snapshot(clone), clone.version, clone.redo_moves) == copied
    # Taking the copy back to the deal leaves the original's own undo whole:
    # it goes back through the same positions (a stock action's undo record
    # holds pile lists, which the copy must not share).
    while clone.history:
        clone.undo()
    while game.history:
        passed.pop()
        game.undo()
        assert snapshot(game) == passed[-1]


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data())
def test_observers_hear_every_change_with_the_piles_that_changed(name, data):
    game, rng, n = data.draw(walks(name, max_moves=60))
    heard = []
    stop = game.observe(lambda g, change: heard.append(change))
    before = {p: (game.card_ids(p), game.face_down(p)) for p in game.PILES}

    def changed_piles():
        nonlocal before
        now = {p: (game.card_ids(p), game.face_down(p)) for p in game.PILES}
        out = {p for p in game.PILES if now[p] != before[p]}
        before = now
        return out

    for step in range(n):
        if step % 5 == 4 and game.history:
            kind, move = "undo", game.undo()
        elif step % 7 == 6 and game.redo_moves:
            kind, move = "redo", game.redo()
        else:
            move = choose(game, rng)
            if move is None:
                break
            kind = "play"
            game.play(move)
        change = heard.pop()
        assert heard == []
        assert (change.kind, change.move, change.version) == (kind, move, game.version)
        assert changed_piles() <= set(change.piles) <= set(game.PILES)
        if not move.is_action:  # its piles, and those whose covered cards it turned up (or down again)
            covered = {p for p in game.PILES if game.COVERED_BY.get(p)}
            assert {move.source, move.target} | ({move.partner} if move.partner else set()) <= set(change.piles) \
                <= {move.source, move.target, move.partner} | covered
    if game.history:
        game.restart()
        change = heard.pop()
        assert change.kind == "restart" and change.move is None and set(change.piles) == set(game.PILES)
    stop()
    if game.redo_moves:
        game.redo()
    assert heard == []
