"""The built-in games, each checked against rules of its own: one harness
for every game and option (tests/catalogue.py holds the ``Table`` the
oracles read, tests/oracles/ the rules by family).

Along random games of every built-in classic game and option: the moves
the engine lists are exactly those its family's oracle allows; each plays,
and the table after it is the one the oracle says (where it says); no card
is ever lost or made; the fast path lists the same moves and takes each
back exactly; undo to the start gives back the deal.  The five seed games
have their own oracle (tests/test_rule_oracle.py)."""

from __future__ import annotations

import itertools
import random

import pytest
from catalogue import oracles, walk_against

import solitaire_widgets as sw
from solitaire_widgets.games import SEED_GAMES

CLASSICS = [cls for cls in sw.GAMES.values() if cls not in SEED_GAMES]
ORACLES = oracles()


def option_sets(cls: type[sw.Game]) -> list[dict[str, str]]:
    """The default options, and every other value of each option once (not
    every combination: the walks stay cheap)."""
    default = {name: values[0] for name, values in cls.OPTIONS.items()}
    sets = [default]
    for name, values in cls.OPTIONS.items():
        sets += [{**default, name: value} for value in values[1:]]
    return sets


CASES = [(cls, options) for cls in CLASSICS for options in option_sets(cls)]


def test_every_classic_game_has_an_oracle_of_its_own_family():
    assert len(CLASSICS) >= 30
    assert [cls.name for cls in CLASSICS if cls.name not in ORACLES] == []


@pytest.mark.parametrize("cls, options", CASES,
                         ids=[f"{c.name}-{'-'.join(o.values()) or 'default'}" for c, o in CASES])
def test_random_games_follow_the_family_s_rules(cls, options):
    oracle = ORACLES.get(cls.name)
    if oracle is None:
        pytest.fail(f"no oracle states the rules of {cls.name}")
    for seed in (0, 1) if options == option_sets(cls)[0] else (2,):
        walk_against(oracle, cls(seed=seed, **options), random.Random(seed))


@pytest.mark.parametrize("cls", CLASSICS, ids=lambda cls: cls.name)
def test_every_named_move_is_legal_exactly_when_listed(cls):
    game = cls(seed=3)
    rng = random.Random(3)
    shape = game.SHAPE
    named = [sw.Move(a) for a in game.ACTION_NAMES] + [
        m for m in shape.moves if m is not None and m.partner is not None][:200] + [
        sw.Move(s, t, k) for s, t in itertools.permutations(game.PILES, 2) for k in (1, 2)]
    for _ in range(3):
        listed = set(game.legal_moves())
        for move in named:
            assert (game.why_illegal(move) is None) == (move in listed), move
        if not listed:
            break
        for _ in range(10):
            if game.legal_moves():
                game.play(rng.choice(game.legal_moves()))
