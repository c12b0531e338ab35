"""The built-in games' rules written a second time, by family, to check the
engine against (tests/test_catalogue.py): each module of ``tests/oracles/``
states the move rules of one family of games from the rules text, in plain
Python on a ``Table`` (cards by pile), without the engine's code.

An oracle module holds

* ``GAMES``: the registered names of the games whose rules it states;
* ``moves(table) -> set[str]``: the texts of the moves the rules allow at
  ``table`` (``"t3 f0"``, ``"t3 t5 2"``, ``"p1+p2 f0"``, ``"draw"`` …);
* ``after(table, move) -> Table | None``: the table after ``move`` as the
  rules say it plays (None where the oracle leaves a move's outcome to the
  engine, as a reshuffle the deal fixes).

>>> import solitaire_widgets as sw
>>> table = table_of(sw.Cruel(seed=1))
>>> table.top("t0"), table.role("f0"), table.options
(Card.parse('8♦'), 'foundation', {'gather': 'in_order'})
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
from collections import Counter
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Optional

import solitaire_widgets as sw
from solitaire_widgets import Card
from solitaire_widgets.fast_path import FastPath


@dataclass(frozen=True)
class Table:
    """A position as an oracle reads it: each pile's cards (bottom first),
    how many of them lie face down, the redeals made, the game's extra
    state, its options and its piles' roles."""

    game: str
    options: dict[str, str]
    piles: dict[str, tuple[Card, ...]]
    down: dict[str, int]
    redeals: int = 0
    state: dict[str, int] = field(default_factory=dict)
    roles: dict[str, str] = field(default_factory=dict)

    def top(self, pile: str) -> Optional[Card]:
        cards = self.piles[pile]
        return cards[-1] if cards else None

    def role(self, pile: str) -> str:
        return self.roles[pile]

    def of_role(self, role: str) -> list[str]:
        """The piles of ``role``, in the game's order."""
        return [p for p in self.piles if self.roles[p] == role]

    def face_up(self, pile: str) -> tuple[Card, ...]:
        """The face-up cards of ``pile``, bottom first."""
        return self.piles[pile][self.down[pile]:]

    def moved(self, **piles: tuple[Card, ...]) -> "Table":
        """This table with some piles holding other cards (a face-down count
        kept while it stays below the pile's size, else the top turned up)."""
        new = {**self.piles, **piles}
        down = {p: (min(self.down[p], max(len(new[p]) - 1, 0)) if p in piles else self.down[p]) for p in new}
        return replace(self, piles=new, down=down)


def table_of(game: sw.Game) -> Table:
    """``game``'s position as a ``Table``."""
    return Table(game=game.name, options=game.options, piles={p: game[p] for p in game.PILES},
                 down={p: game.face_down(p) if game.ROLES[p] != "stock" else 0 for p in game.PILES},
                 redeals=game.redeals, state=game.state, roles=dict(game.ROLES))


def cards_in(table: Table) -> Counter:
    """Every card on the table, counted."""
    return Counter(card for cards in table.piles.values() for card in cards)


def oracles() -> dict[str, ModuleType]:
    """Game name -> the oracle module that states its rules (every module of
    ``tests/oracles/``)."""
    import oracles as package

    found: dict[str, ModuleType] = {}
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"oracles.{info.name}")
        for name in module.GAMES:
            assert name not in found, f"two oracles state the rules of {name}"
            found[name] = module
    return found


def walk_against(oracle: ModuleType, game: sw.Game, rng: random.Random, steps: int = 60) -> None:
    """A random game of ``game`` checked at every step against ``oracle``:
    the moves listed are exactly those its rules allow, no card is lost or
    made, the fast path lists the same moves and takes each back exactly,
    the table after a move is the one the rules say (where they say); at
    the end a save loads as the same game, undo to the start gives back the
    deal (one move in nine is undone on the way) and redo the position."""
    name = f"{game.name} seed {game.seed}"
    deal, pack = game.key(), cards_in(table_of(game))
    for step in range(steps):
        table = table_of(game)
        listed = [str(m) for m in game.legal_moves()]
        assert set(listed) == oracle.moves(table), f"{name} move {step}"
        assert cards_in(table) == pack
        fast = FastPath(game)
        codes = fast.move_codes()
        assert [str(game.SHAPE.move(c)) for c in codes] == listed
        key = fast.search_key()
        for code in codes:
            record = fast.apply(code)
            fast.revert(record)
            assert fast.search_key() == key
        if not listed:
            break
        move = rng.choice(listed)
        game.play(move)
        expected = oracle.after(table, move)
        if expected is not None:
            got = table_of(game)
            assert (got.piles, got.down) == (expected.piles, expected.down), f"{name}: {move}"
        if step % 9 == 8:
            game.undo()
    key, history = game.key(), game.history
    loaded = sw.load(json.loads(json.dumps(game.to_dict())))  # a save gives back the same game
    assert type(loaded) is type(game) and loaded.key() == key and loaded.history == history
    while game.history:
        game.undo()
    assert game.key() == deal
    for _ in history:
        game.redo()
    assert game.key() == key and game.history == history
