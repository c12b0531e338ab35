"""A game class's compiled shape: its piles, routes and move codes, worked
out once when the class is made (``Game.SHAPE``) and read by the engine's
fast path, the solver and Gymnasium.

Moves are numbered.  With ``n`` piles, moving ``k`` cards from pile ``s`` to
pile ``t`` has the code ``((k - 1) * n + s) * n + t`` (a game whose moves are
all of one card, ``max_run == 1``, numbers them ``s * n + t``).  Above them,
from ``pair_base = max_run * n * n``, come the moves of two cards that leave
together (``pairs[i]`` is the ``(s1, s2, t)`` of code ``pair_base + i``), then
from ``whole_base`` the moves of whole piles (``wholes[i]``: ``(s, t)``), then
from ``action_base`` the stock actions.

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
from .rulebook import static_moves, static_rules

if TYPE_CHECKING:
    from .game import Game

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
    card that way.  ``max_run``: the most cards one move can move;
    ``most[s]`` the most that may leave pile ``s`` at once.  ``wholes``:
    the moves of whole piles, ``(s, t)``, from code ``whole_base``;
    ``pairs``: the moves of two cards leaving together, ``(s1, s2, t)``, from
    code ``pair_base``; ``suit_targets``: the foundations that take a
    completed suit at once; ``covered_by[i]``: the piles that must be empty
    before pile ``i``'s cards play (``covers[i]`` the reverse).
    ``actions``: the stock actions, whose codes start at ``action_base``;
    ``draws``: the codes of those that turn one card from a pile onto
    another, as ``(source, target)``; ``redeals``: the codes of those that
    start a new pass.  ``key``: ``"rank"`` or ``"face"``, what building looks
    at; ``keys[card]`` a card id's key, ``key_table`` the same as a
    ``bytes.translate`` table (ids below 256).  ``moves[code]``: the
    ``Move`` of a code (None for a code that is no move), ``codes[move]`` the
    reverse, and ``source_of``, ``target_of``, ``count_of`` a code's parts
    (-1 for an action; a whole pile's count is 1, a pair's 2), ``changed_of``
    the piles it changes.  ``general``: whether the fast path needs its
    general move generator (runs, free cells, whole suits or piles, pairs,
    covered piles, routes the position decides).  ``declares_win`` /
    ``declares_loss``: the class fills in ``_won`` / ``_lost``.  ``title``:
    the game's title; ``state``: the names of the extra state a position of
    it keeps (``STATE``).
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
    most: tuple[int, ...]
    pair_base: int
    pairs: tuple[tuple[int, int, int], ...]
    whole_base: int
    wholes: tuple[tuple[int, int], ...]
    suit_targets: tuple[int, ...]
    covered_by: tuple[tuple[int, ...], ...]
    covers: tuple[tuple[int, ...], ...]
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
    changed_of: tuple[tuple[int, ...], ...]
    general: bool
    declares_win: bool
    declares_loss: bool
    title: str
    state: tuple[str, ...]

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


@dataclass(frozen=True)
class ClassFacts:
    """Which hooks a game class fills in with code of its own (``Game.FACTS``),
    worked out once with the class: where it does, the engine asks the hook
    rather than the declared rules, and the fast path gives up the shortcut
    that reads the rules directly.

    >>> import solitaire_widgets as sw
    >>> sw.Cruel.FACTS.own_wants, sw.Cruel.FACTS.has_safe_drops
    (False, True)
    """

    own_wants: bool
    own_build_reason: bool
    own_do_action: bool
    own_action_piles: bool
    own_action_reason: bool
    own_run_length: bool
    own_move_limit: bool
    own_won: bool
    own_lost: bool
    has_safe_drops: bool
    own_cards_home: bool  # it says itself which cards count as home (``_cards_home``)
    own_search_key: bool  # it keys its positions for the solver itself (``_search_key``)


def compile_shape(cls: type["Game"], facts: ClassFacts) -> GameShape:
    """The ``GameShape`` of a game class whose declarations were checked,
    and which fills in the hooks ``facts`` says."""
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
    rules = static_rules(cls)  # per pile: the rules it follows under some option
    leaving = static_moves(cls)  # per pile: what may leave it under some option
    suit_targets = tuple(i for i in range(n) if any(r is not None and r.whole_suits for r in rules[i]))
    pair_targets = {i: r.pairs for i in range(n) for r in rules[i] if r is not None and r.pairs}
    whole_sources = frozenset(i for i in range(n) if any(m.kind == "whole" for m in leaving[i]))
    run_cap = SUIT_LENGTH * cls.decks  # a run of one rank a card: 13, or longer where ranks wrap
    most = tuple(max([52 * cls.decks if m.kind == "face_up" else run_cap if m.kind == "runs" else 1
                      for m in leaving[i] if m.kind not in ("none",)] or [0]) for i in range(n))
    max_run = max([most[i] for i in range(n) if i not in whole_sources] + [1])  # (1 where no card moves by hand)
    if suit_targets:
        max_run = max(max_run, SUIT_LENGTH)
    pair_base = max_run * n * n
    moves: list[Optional[Move]] = [None] * pair_base
    routes = [[None] * n for _ in range(n)]
    wholes: list[tuple[int, int]] = []
    pair_sources: dict[int, list[int]] = {}
    for source, targets in cls.ROUTES.items():
        s = index[source]
        for target in targets:
            t = index[target]
            if t == s:
                continue
            if t in pair_targets:
                pair_sources.setdefault(t, []).append(s)
            if s in whole_sources:
                wholes.append((s, t))
                continue
            if t in suit_targets:
                counts: tuple[int, ...] = (SUIT_LENGTH,)  # a completed suit, never a card alone
            elif roles[t] == "tableau" and most[s] > 1:  # several cards: onto the tableau
                counts = tuple(range(1, most[s] + 1))
            else:
                counts = (1,)
            for k in counts:
                code = ((k - 1) * n + s) * n + t
                moves[code] = Move(source, target, k)
            if 1 in counts:
                routes[s][t] = s * n + t  # type: ignore[call-overload]
    pairs = tuple((s1, s2, t) for t, sources in sorted(pair_sources.items())
                  for a, s1 in enumerate(sorted(sources)) for s2 in sorted(sources)[a + 1:])
    moves += [Move(piles[s1], piles[t], partner=piles[s2]) for s1, s2, t in pairs]
    whole_base = len(moves)
    moves += [Move(piles[s], piles[t]) for s, t in wholes]
    for s, t in wholes:
        routes[s][t] = whole_base + wholes.index((s, t))  # type: ignore[call-overload]
    base = len(moves)
    actions = tuple(cls.ACTION_NAMES)
    moves += [Move(a) for a in actions]
    source_of = [-1] * len(moves)
    target_of = [-1] * len(moves)
    count_of = [-1] * len(moves)
    changed_of: list[tuple[int, ...]] = [()] * len(moves)
    for code in range(pair_base):
        if moves[code] is not None:
            rest, target_of[code] = divmod(code, n)
            k, source_of[code] = divmod(rest, n)
            count_of[code] = k + 1
            changed_of[code] = (source_of[code], target_of[code])
    for i, (s1, s2, t) in enumerate(pairs):
        code = pair_base + i
        source_of[code], target_of[code], count_of[code], changed_of[code] = s1, t, 2, (s1, s2, t)
    for i, (s, t) in enumerate(wholes):
        code = whole_base + i
        source_of[code], target_of[code], count_of[code], changed_of[code] = s, t, 1, (s, t)
    keys = RANK if cls.KEY == "rank" else FACE
    redeal_names = cls.redeal_actions()
    covered_by = tuple(tuple(index[p] for p in cls.COVERED_BY.get(pile, ())) for pile in piles)
    covers = tuple(tuple(j for j in range(n) if i in covered_by[j]) for i in range(n))
    has_holds = any(r is not None and r.holds is not None for i in range(n) for r in rules[i])
    # piles whose cards go where the position decides (``Neighbours``)
    has_onto = any(r is not None and r.onto is not None for i in range(n) for r in rules[i])
    return GameShape(
        piles=piles, roles=roles, index=MappingProxyType(index), foundations=foundations, tableau=tableau,
        cells=cells, interchangeable=interchangeable, groups=groups, group_of=tuple(group_of),
        fixed=tuple(i for i in range(n) if i not in foundations and i not in interchangeable),
        sources=tuple(index[s] for s in cls.ROUTES),
        targets=tuple(sorted({index[t] for ts in cls.ROUTES.values() for t in ts})),
        routes=tuple(tuple(row) for row in routes), max_run=max_run, most=most, pair_base=pair_base, pairs=pairs,
        whole_base=whole_base, wholes=tuple(wholes), suit_targets=suit_targets, covered_by=covered_by,
        covers=covers, actions=actions, action_base=base,
        draws=MappingProxyType({base + actions.index(a): (index[s], index[t]) for a, (s, t) in cls.DRAWS.items()}),
        redeals=frozenset(base + actions.index(a) for a in redeal_names), key=cls.KEY, keys=keys,
        # card id -> its key as one byte, for bytes.translate (ids < 256)
        key_table=bytes(keys[:256]) + bytes(max(0, 256 - MAX_CARDS)),
        moves=tuple(moves), codes=MappingProxyType({m: c for c, m in enumerate(moves) if m is not None}),
        source_of=tuple(source_of), target_of=tuple(target_of), count_of=tuple(count_of),
        changed_of=tuple(changed_of),
        general=(max_run > 1 or bool(cells) or bool(suit_targets) or bool(pairs) or bool(wholes)
                 or any(covered_by) or has_holds or has_onto),
        declares_win=facts.own_won, declares_loss=facts.own_lost, title=cls.title, state=tuple(cls.STATE),
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
