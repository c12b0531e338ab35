"""A game class's compiled shape: its piles, routes and move codes, worked
out once when the class is made (``Game.SHAPE``) and read by the engine's
fast path, the solver and Gymnasium.

Moves are numbered.  With ``n`` piles, moving ``k`` cards from pile ``s`` to
pile ``t`` has the code ``((k - 1) * n + s) * n + t``; the ``i``-th stock
action has ``action_base + i``, where ``action_base = max_run * n * n``.  A
game whose moves are all of one card (``max_run == 1``) numbers its card
moves ``s * n + t``.

>>> import solitaire_widgets as sw
>>> shape = sw.Bobby.SHAPE
>>> shape.with_role("stock", "waste"), shape.foundations, shape.moves[shape.routes[1][2]]
((0, 1), (2, 3), Move('waste', 'f0'))
>>> shape.move(shape.action_base), shape.source_of[shape.routes[1][2]], shape.count_of[shape.routes[1][2]]
(Move('draw'), 1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping, Optional, Sequence, Union

from .cards import FACE, MAX_CARDS, RANK
from .moves import Move

if TYPE_CHECKING:
    from .game import Game

# What a run is, for games whose piles move several cards at once (``RUNS``):
# rule -> the longest run it allows (None: the whole pack).
RUN_RULES = {
    "down_in_suit": 13,            # each card one rank below the one under it, same suit
    "down_alternate_colours": 13,  # one rank below, the other colour (red on black)
    "down_any_suit": 13,           # one rank below, any suit
    "face_up": None,               # any face-up cards, whatever their order
}
# How many cards may move at once (``RUN_LIMIT``): "none" (any run), or
# "free_cells": (empty cells + 1) × 2^(empty tableau piles other than the target).
RUN_LIMITS = ("none", "free_cells")
# What a foundation takes at once (``FOUNDATIONS_TAKE``): one card, or a
# completed suit, king down to ace, all thirteen together.
FOUNDATION_TAKES = ("card", "suit")
SUIT_LENGTH = 13


@dataclass(frozen=True, eq=False)
class GameShape:
    """A game class's piles, routes and codes as the fast path numbers them
    (``Game.SHAPE``), fixed when the class is made.

    ``piles`` and ``roles``: each pile's id and role by index; ``index``
    the reverse.  ``foundations``, ``tableau``, ``cells``,
    ``interchangeable``: pile indexes (``fixed``: the piles neither
    foundations nor interchangeable), and ``groups`` the same piles in their
    groups, piles of one group alike by the rules (``group_of[i]``: pile
    ``i``'s group, -1 for none).  ``sources`` / ``targets``: the piles
    a card may move from / onto.  ``routes[s][t]``: the code of the move of
    one card from pile ``s`` to ``t``, or None where the rules never move a
    card that way.  ``max_run``: the most cards one move can move.
    ``actions``: the stock actions, whose codes start at ``action_base``;
    ``draws``: the codes of those that turn one card from a pile onto
    another, as ``(source, target)``; ``redeals``: the codes of those that
    start a new pass.  ``key``: ``"rank"`` or ``"face"``, what building looks
    at; ``keys[card]`` a card id's key, ``key_table`` the same as a
    ``bytes.translate`` table (ids below 256).  ``moves[code]``: the
    ``Move`` of a code (None for a code that is no move), ``codes[move]`` the
    reverse, and ``source_of``, ``target_of``, ``count_of`` a code's parts
    (-1 for an action).  ``general``: whether the fast path needs its
    general move generator (runs, free cells or suits taken at once).
    ``declares_win`` / ``declares_loss``: the class fills in ``_won`` /
    ``_lost``.
    """

    piles: tuple[str, ...]
    roles: tuple[str, ...]
    index: Mapping[str, int]
    foundations: tuple[int, ...]
    tableau: tuple[int, ...]
    cells: tuple[int, ...]
    interchangeable: tuple[int, ...]
    groups: tuple[tuple[int, ...], ...]
    group_of: tuple[int, ...]
    fixed: tuple[int, ...]
    sources: tuple[int, ...]
    targets: tuple[int, ...]
    routes: tuple[tuple[Optional[int], ...], ...]
    max_run: int
    actions: tuple[str, ...]
    action_base: int
    draws: Mapping[int, tuple[int, int]]
    redeals: frozenset[int]
    key: str
    keys: tuple[int, ...]
    key_table: bytes
    moves: tuple[Optional[Move], ...]
    codes: Mapping[Move, int]
    source_of: tuple[int, ...]
    target_of: tuple[int, ...]
    count_of: tuple[int, ...]
    general: bool
    declares_win: bool
    declares_loss: bool

    def with_role(self, *roles: str) -> tuple[int, ...]:
        """The indexes of the piles with any of ``roles``, in pile order."""
        return tuple(i for i, role in enumerate(self.roles) if role in roles)

    def move(self, code: int) -> Move:
        """The ``Move`` of ``code``; ValueError for a code that is no move."""
        move = self.moves[code] if 0 <= code < len(self.moves) else None
        if move is None:
            raise ValueError(f"{code!r} is the code of no move of this game")
        return move

    def code(self, source: int, target: int, count: int = 1) -> int:
        """The code of the move of ``count`` cards from pile ``source`` to pile
        ``target`` (whether or not the rules ever allow it)."""
        n = len(self.piles)
        return ((count - 1) * n + source) * n + target


def compile_shape(cls: type["Game"]) -> GameShape:
    """The ``GameShape`` of a game class whose declarations were checked."""
    piles = tuple(cls.PILES)
    n = len(piles)
    index = {p: i for i, p in enumerate(piles)}
    roles = tuple(cls.ROLES[p] for p in piles)
    foundations = tuple(i for i, role in enumerate(roles) if role == "foundation")
    tableau = tuple(i for i, role in enumerate(roles) if role == "tableau")
    cells = tuple(i for i, role in enumerate(roles) if role == "cell")
    groups = tuple(tuple(index[p] for p in group) for group in interchangeable_groups(cls.INTERCHANGEABLE))
    interchangeable = tuple(i for group in groups for i in group)
    group_of = [-1] * n
    for g, group in enumerate(groups):
        for i in group:
            group_of[i] = g
    max_run = 1 if cls.RUNS is None else RUN_RULES[cls.RUNS] or 52 * cls.decks
    suits_at_once = cls.FOUNDATIONS_TAKE == "suit"
    if suits_at_once:
        max_run = max(max_run, SUIT_LENGTH)
    base = max_run * n * n
    moves: list[Optional[Move]] = [None] * base
    routes = [[None] * n for _ in range(n)]
    for source, targets in cls.ROUTES.items():
        s = index[source]
        for target in targets:
            t = index[target]
            if t == s:
                continue
            role = roles[t]
            if role == "foundation" and suits_at_once:
                counts: tuple[int, ...] = (SUIT_LENGTH,)  # a completed suit, never a card alone
            elif role == "tableau" and cls.RUNS is not None and roles[s] == "tableau":  # runs: tableau to tableau
                counts = tuple(range(1, max_run + 1))
            else:
                counts = (1,)
            for k in counts:
                code = ((k - 1) * n + s) * n + t
                moves[code] = Move(source, target, k)
            if 1 in counts:
                routes[s][t] = s * n + t  # type: ignore[call-overload]
    actions = tuple(cls.ACTION_NAMES)
    moves += [Move(a) for a in actions]
    source_of = [-1] * len(moves)
    target_of = [-1] * len(moves)
    count_of = [-1] * len(moves)
    for code in range(base):
        if moves[code] is not None:
            rest, target_of[code] = divmod(code, n)
            k, source_of[code] = divmod(rest, n)
            count_of[code] = k + 1
    keys = RANK if cls.KEY == "rank" else FACE
    redeal_names = cls.redeal_actions()
    return GameShape(
        piles=piles, roles=roles, index=MappingProxyType(index), foundations=foundations, tableau=tableau,
        cells=cells, interchangeable=interchangeable, groups=groups, group_of=tuple(group_of),
        fixed=tuple(i for i in range(n) if i not in foundations and i not in interchangeable),
        sources=tuple(index[s] for s in cls.ROUTES),
        targets=tuple(sorted({index[t] for ts in cls.ROUTES.values() for t in ts})),
        routes=tuple(tuple(row) for row in routes), max_run=max_run, actions=actions, action_base=base,
        draws=MappingProxyType({base + actions.index(a): (index[s], index[t]) for a, (s, t) in cls.DRAWS.items()}),
        redeals=frozenset(base + actions.index(a) for a in redeal_names), key=cls.KEY, keys=keys,
        # card id -> its key as one byte, for bytes.translate (ids < 256)
        key_table=bytes(keys[:256]) + bytes(max(0, 256 - MAX_CARDS)),
        moves=tuple(moves), codes=MappingProxyType({m: c for c, m in enumerate(moves) if m is not None}),
        source_of=tuple(source_of), target_of=tuple(target_of), count_of=tuple(count_of),
        general=cls.RUNS is not None or bool(cells) or suits_at_once,
        declares_win=cls._won is not _base_hook("_won"), declares_loss=cls._lost is not _base_hook("_lost"),
    )


def interchangeable_groups(declared: Sequence[Union[str, Sequence[str]]]) -> tuple[tuple[str, ...], ...]:
    """``INTERCHANGEABLE`` as groups of pile ids: one group of piles, or
    several (FreeCell's free cells, and its columns).

    >>> interchangeable_groups(("t0", "t1")), interchangeable_groups((("c0", "c1"), ("t0", "t1")))
    ((('t0', 't1'),), (('c0', 'c1'), ('t0', 't1')))
    """
    if not declared:
        return ()
    if all(isinstance(item, str) for item in declared):
        return (tuple(declared),)  # type: ignore[arg-type]
    return tuple(tuple(group) for group in declared)


def _base_hook(name: str) -> object:
    from .game import Game  # (game.py imports this module)

    return getattr(Game, name)
