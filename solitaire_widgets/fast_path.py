"""The engine's fast path: moves as integers, apply and revert without
checks or history, position keys, and probes of what a pile would take.

Internal: for the solver and the Gymnasium environment, not a stable user
API (players and scripts use ``legal_moves``, ``play``, ``undo`` …).  It is
the one way code outside the engine reads a game's position quickly, and
the only changes it makes are the rules' own moves: nothing outside the
engine writes a game's piles.  ``Game`` inherits it; ``play`` and ``undo``
run on the same ``apply_code`` and ``revert_code``, and a property test
checks at every step of random games that ``move_codes()`` are exactly the
legal moves and that ``revert_code`` restores the position exactly.

A move's code is ``source * n + target`` for a card move between pile
indexes (``n`` piles), ``SHAPE.action_base + i`` for the ``i``-th stock
action; ``SHAPE`` says what the codes and pile indexes of a game class are.

>>> import solitaire_widgets as sw
>>> g = sw.Cruel(seed=7)
>>> [g.SHAPE.moves[code] for code in g.move_codes()][:3]
[Move('t1', 't8'), Move('t2', 'f0'), Move('t3', 'f1')]
>>> key = g.search_key()
>>> record = g.apply_code(g.move_codes()[0])
>>> g.search_key() == key, g.revert_code(record), g.search_key() == key  # t1 and t8 changed, and back
(False, (5, 12), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Mapping, Optional, Sequence, Union

from .moves import Move

ANY: Any = "any"  # a ``_wants`` answer: any card may go there
Wants = Union[str, tuple[int, ...]]  # ANY, or the card keys a pile takes (() for none)
UndoRecord = tuple  # what ``apply_code`` returns and ``revert_code`` takes; opaque
_BYTE = [bytes((n,)) for n in range(256)]  # n as a one-byte string, without building a tuple each time


@dataclass(frozen=True, eq=False)
class GameShape:
    """A game class's piles, routes and codes as the fast path numbers them
    (``Game.SHAPE``), fixed when the class is made.

    ``piles`` and ``roles``: each pile's id and role by index.
    ``foundations``, ``tableau``, ``interchangeable``: pile indexes.
    ``sources`` / ``targets``: the piles a card may move from / onto.
    ``routes[s][t]``: the code of the move from pile ``s`` to ``t``, or None
    where the rules never move a card that way.  ``actions``: the stock
    actions, whose codes start at ``action_base``.  ``key``: ``"rank"`` or
    ``"face"``, what building looks at; ``keys[card]`` a card id's key, and
    ``key_table`` the same as a ``bytes.translate`` table.  ``cards``: the
    cards of a deal.  ``moves[code]``: the ``Move`` of a code (None for a
    code that is no route); ``codes[move]`` the reverse.

    >>> import solitaire_widgets as sw
    >>> shape = sw.Bobby.SHAPE
    >>> shape.with_role("stock", "waste"), shape.foundations, shape.moves[shape.routes[1][2]]
    ((0, 1), (2, 3), Move('waste', 'f0'))
    """

    piles: tuple[str, ...]
    roles: tuple[str, ...]
    foundations: tuple[int, ...]
    tableau: tuple[int, ...]
    interchangeable: tuple[int, ...]
    sources: tuple[int, ...]
    targets: tuple[int, ...]
    routes: tuple[tuple[Optional[int], ...], ...]
    actions: tuple[str, ...]
    action_base: int
    key: str
    keys: tuple[int, ...]
    key_table: bytes
    cards: int
    moves: tuple[Optional[Move], ...]
    codes: Mapping[Move, int]

    def with_role(self, *roles: str) -> tuple[int, ...]:
        """The indexes of the piles with any of ``roles``, in pile order."""
        return tuple(i for i, role in enumerate(self.roles) if role in roles)

    def move(self, code: int) -> Move:
        """The ``Move`` of ``code``; ValueError for a code that is no move."""
        move = self.moves[code] if 0 <= code < len(self.moves) else None
        if move is None:
            raise ValueError(f"{code!r} is the code of no move of this game")
        return move


class FastPath:
    """The fast path's methods (see the module docstring); ``Game`` inherits
    them.  Pile arguments are indexes into ``PILES``; cards are card ids."""

    SHAPE: ClassVar[GameShape]
    # Set by Game: the position and the class's derived tables the methods read.
    ACTION_NAMES: ClassVar[tuple[str, ...]]
    REDEALS_MATTER: ClassVar[bool]
    _KEYS: ClassVar[tuple[int, ...]]
    _KEY_TABLE: ClassVar[bytes]
    _TARGETS: ClassVar[tuple[int, ...]]
    _SOURCES: ClassVar[tuple[int, ...]]
    _CODE_GRID: ClassVar[list[list[Optional[int]]]]
    _ACTION_BASE: ClassVar[int]
    _DRAW_CODES: ClassVar[dict[int, tuple[int, int]]]
    _FOUNDATIONS: ClassVar[tuple[int, ...]]
    _INTERCHANGEABLE: ClassVar[tuple[int, ...]]
    _FIXED: ClassVar[tuple[int, ...]]
    _piles: list[list[int]]
    _down: list[int]
    _redeals: int
    _legal: Optional[list[Move]]
    _wants: Callable[[int], Any]
    _action_reason: Callable[[str], Optional[str]]
    _action_piles: Callable[[str], tuple[int, ...]]
    _do_action: Callable[[str], None]
    _may_redeal: Callable[[], bool]
    _redeal_keeps_bottom: Callable[[], Optional[tuple[int, int]]]

    # --- moves -------------------------------------------------------------
    def move_codes(self) -> list[int]:
        """``legal_moves()`` as codes, in the same order.

        >>> import solitaire_widgets as sw
        >>> g = sw.Cruel(seed=7)
        >>> [g.SHAPE.moves[c] for c in g.move_codes()] == g.legal_moves()
        True
        """
        piles = self._piles
        keys = self._KEYS
        by_key: dict[int, list[int]] = {}
        to_any: list[int] = []
        for t in self._TARGETS:
            wants = self._wants(t)
            if wants is ANY:
                to_any.append(t)
            else:
                for key in wants:
                    by_key.setdefault(key, []).append(t)
        codes: list[int] = []
        grid = self._CODE_GRID
        for s in self._SOURCES:
            pile = piles[s]
            if not pile:
                continue
            row = grid[s]
            for t in by_key.get(keys[pile[-1]], ()):
                code = row[t]
                if code is not None:
                    codes.append(code)
            for t in to_any:
                code = row[t]
                if code is not None:
                    codes.append(code)
        base = self._ACTION_BASE
        for i, action in enumerate(self.ACTION_NAMES):
            if self._action_reason(action) is None:
                codes.append(base + i)
        return codes

    def apply_code(self, code: int) -> UndoRecord:
        """Play the legal move ``code`` with no check, history or
        notification; return the record ``revert_code`` takes to undo it."""
        self._legal = None
        base = self._ACTION_BASE
        if code < base:
            s, t = divmod(code, len(self._piles))
            source = self._piles[s]
            self._piles[t].append(source.pop())
            down = self._down
            flipped = 0 < down[s] == len(source)  # a face-down card is now on top
            if flipped:
                down[s] -= 1
            return (s, t, flipped, (s, t))
        draw = self._DRAW_CODES.get(code)
        if draw is not None:
            s, t = draw
            self._piles[t].append(self._piles[s].pop())
            return (s, t, False, draw)
        action = self.ACTION_NAMES[code - base]
        changed = self._action_piles(action)
        saved = [(i, self._piles[i][:], self._down[i]) for i in changed]
        redeals = self._redeals
        self._do_action(action)
        return (None, saved, redeals, changed)

    def revert_code(self, record: UndoRecord) -> tuple[int, ...]:
        """Undo the move ``record`` came from (the last one applied) exactly;
        return the indexes of the piles it changed."""
        self._legal = None
        if record[0] is None:
            _, saved, self._redeals, changed = record
            for i, cards, down in saved:
                self._piles[i] = cards  # a fresh copy, and the record is spent
                self._down[i] = down
            return changed
        s, t, flipped, changed = record
        if flipped:
            self._down[s] += 1
        self._piles[s].append(self._piles[t].pop())
        return changed

    # --- the position ----------------------------------------------------------
    def search_key(self) -> bytes:
        """A canonical key for search: like ``key()`` but two positions that
        play alike share it (foundations by top card only and in any order,
        interchangeable piles sorted, card keys by rank where suits never
        matter, redeals only when their number changes what may follow).

        >>> import solitaire_widgets as sw
        >>> g = sw.Midshipman(seed=1)
        >>> swapped = {pile: g[pile] for pile in g.PILES}
        >>> swapped["t0"], swapped["t8"] = g["t8"], g["t0"]
        >>> h = sw.Midshipman.from_position(swapped, face_down={f"t{i}": 2 for i in range(9)})
        >>> h.search_key() == g.search_key(), h.key() == g.key()
        (True, False)
        """
        keys, table = self._KEYS, self._KEY_TABLE
        piles = self._piles
        down = self._down
        # List comprehensions and a table of one-byte prefixes: the search
        # asks for a key at every position it meets.
        tops = [keys[pile[-1]] + 1 if pile else 0 for pile in map(piles.__getitem__, self._FOUNDATIONS)]
        tops.sort()
        parts = [bytes(tops)]
        if self._INTERCHANGEABLE:
            parts += sorted([_BYTE[down[i]] + bytes(piles[i]).translate(table) for i in self._INTERCHANGEABLE])
        parts += [bytes(piles[i]).translate(table) for i in self._FIXED]
        parts.append(bytes(map(down.__getitem__, self._FIXED)))
        if self.REDEALS_MATTER:
            parts.append(self._redeals.to_bytes(2, "big"))
        return b"\xff".join(parts)

    def pile_lists(self) -> Sequence[Sequence[int]]:
        """Every pile's card ids by index, bottom first: the engine's own
        lists, live (they follow every move), read-only by contract.  The
        outer sequence stays the same for the life of the position; a pile's
        list may be replaced by a move, so read ``pile_lists()[i]`` afresh."""
        return self._piles

    def face_down_counts(self) -> Sequence[int]:
        """How many cards at the bottom of each pile lie face down, by index:
        live and read-only, like ``pile_lists()``.  The stock counts 0 here
        (``face_down("stock")`` counts all its cards: they are never turned up
        where they lie)."""
        return self._down

    # --- probes of the rules ---------------------------------------------------
    def wants_at(self, pile: int) -> Wants:
        """The card keys pile ``pile`` takes now: ``ANY`` or a tuple (``()``: none)."""
        return self._wants(pile)

    def wants_holding(self, pile: int, cards: Sequence[int]) -> Wants:
        """What pile ``pile`` would take if it held ``cards`` (ids, bottom
        first) instead, the rest of the position as it is: asked of the
        game's own rules, the position left unchanged.

        >>> import solitaire_widgets as sw
        >>> g = sw.Cruel(seed=0)
        >>> g.wants_holding(0, []), g.wants_holding(0, [0]), g.wants_holding(4, [4])  # f0 empty, f0 on A♠, t0 on 5♠
        ((0, 13, 26, 39), (1,), (3,))
        """
        kept = self._piles[pile]
        self._piles[pile] = list(cards)
        try:
            return self._wants(pile)
        finally:
            self._piles[pile] = kept

    def may_redeal(self) -> bool:
        """False only when no redeal can happen from this position on (True
        is always a safe answer: the solver then gives up what needs none)."""
        return self._may_redeal()

    def redeal_keeps_bottom(self) -> Optional[tuple[int, int]]:
        """``(pile, n)`` when every redeal leaves the bottom ``n`` cards of
        ``pile`` at its bottom, in order, for as long as none of them leaves
        the pile; None when no redeal promises that."""
        return self._redeal_keeps_bottom()

    def action_pile_indices(self, action: str) -> tuple[int, ...]:
        """The indexes of the piles stock action ``action`` may change."""
        return self._action_piles(action)

    def actions_reach_foundations(self) -> bool:
        """True when a stock action may change a foundation (a draw onto
        one): cards then reach home by more than the moves its rules accept."""
        foundations = set(self.SHAPE.foundations)
        return any(foundations.intersection(self._action_piles(action)) for action in self.SHAPE.actions)
