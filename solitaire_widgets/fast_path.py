"""The engine's fast path: moves as integers, apply and revert without checks
or history, position keys, and probes of what a pile would take.

It is the engine's mover: it changes a game's position (``position.py``)
and nothing else of the game, and takes a move back by the named undo
record ``apply`` returned (``CardsMoved``, ``ActionPlayed``), as
python-chess's ``Board.pop`` restores a ``_BoardState``.

Internal: for the solver and other code that plays many moves quickly, not
a stable user API (players and scripts use ``legal_moves``, ``play``,
``undo`` …).  ``FastPath(game)`` works on a private copy of ``game``
(``fast.game``): nothing it does changes the game it was made from, so no
game a player holds can be left with a position its history does not
explain.  ``Game.play`` and ``undo`` run on the same code, and a property
test checks at every step of random games that ``move_codes()`` are
exactly the legal moves and that ``revert`` restores the position exactly.

A move's code is described in ``solitaire_widgets.shape``; ``fast.shape``
(the class's ``SHAPE``) says what the codes and pile indexes of a game are.

>>> import solitaire_widgets as sw
>>> game = sw.Cruel(seed=7)
>>> fast = FastPath(game)
>>> [fast.shape.moves[code] for code in fast.move_codes()][:3]
[Move('t1', 't8'), Move('t2', 'f0'), Move('t3', 'f1')]
>>> key = fast.search_key()
>>> record = fast.apply(fast.move_codes()[0])
>>> fast.search_key() == key, fast.revert(record), fast.search_key() == key  # t1 and t8 changed, and back
(False, (5, 12), True)
>>> game.history, game.key() == sw.Cruel(seed=7).key()  # the game it was made from is untouched
((), True)
"""

from __future__ import annotations

import functools
import operator
from typing import TYPE_CHECKING, Any, Callable, Collection, NamedTuple, Optional, Sequence, Union

from .cards import RANK, SUIT
from .pile_rules import Build, links_table
from .shape import SUIT_LENGTH, GameShape

if TYPE_CHECKING:
    from .game import Game
    from .position import Position

# ANY, a ``_wants`` answer: any card may go there.  Else the card keys a
# pile takes (() for none); ANY is typed Any, so it passes for a tuple:
# every reader asks ``wants is ANY`` first.
from .pile_rules import ANY, Wants
_BYTE = [bytes((n,)) for n in range(256)]  # n as a one-byte string, without building a tuple each time


class CardsMoved(NamedTuple):
    """How to take back a card move (``FastPath.apply``): ``cards`` cards
    went from pile ``source`` (and one from ``partner``, a pair's other
    pile, or -1) onto ``target``; ``flipped``: the source's new top card was
    turned face up; ``uncovered``: ``(pile, face-down count)`` of the piles
    whose cards turned up as the move uncovered them; ``changed``: the piles
    it changed."""

    source: int
    target: int
    cards: int
    flipped: bool
    changed: tuple[int, ...]
    partner: int = -1
    uncovered: tuple[tuple[int, int], ...] = ()


class ActionPlayed(NamedTuple):
    """How to take back a stock action: ``saved`` holds ``(pile, cards,
    face-down count)`` of every pile it changed, as they were; ``redeals``
    the redeals made before; ``state`` the game's ``STATE`` before (() for
    none); ``changed`` the piles it changed."""

    saved: list[tuple[int, list[int], int]]
    redeals: int
    changed: tuple[int, ...]
    state: tuple[int, ...] = ()


def _uncovering(record: CardsMoved) -> CardsMoved:
    """``record`` with the piles whose cards it turned up among those it
    changed (a table shows them anew, on the move and on its undo)."""
    turned = tuple(p for p, _ in record.uncovered if p not in record.changed)
    return record._replace(changed=record.changed + turned) if turned else record


class DrawnStock(NamedTuple):
    """A stock that only draws onto a waste nothing else goes onto
    (``FastPath.drawn_stock``): the piles, how many cards a draw turns
    (``per_draw``), and whether a redeal turns the waste over (its order
    kept; else it is shuffled)."""

    stock: int
    waste: int
    per_draw: int
    turns_over: bool


UndoRecord = Union[CardsMoved, ActionPlayed]  # what ``apply`` returns and ``revert`` takes
# What may leave a pile, as the move generator reads it (``FastPath._run_kind``).
TOP, LINKED, FACE_UP, WHOLE, NONE, HOOK = range(6)


class FastPath:
    """The fast path on a private copy of a game (see the module docstring).

    ``position`` is the copy's position (``position.py``), and ``piles``
    and ``down`` its lists (every pile's card ids, bottom first; the
    face-down cards at the bottom of each pile), live: they follow every
    move, and are read-only by contract.  The outer lists stay the same for
    the life of the fast path; a pile's list may be replaced by a move, so
    read ``piles[i]`` afresh.  The fast path changes the position only
    (piles, face-down counts, redeals, ``STATE``), and counts each change
    in it (``position.changes``); the game's own rule code it asks
    (``game``'s hooks) reads the same position.
    """

    shape: GameShape
    game: "Game"
    position: "Position"
    piles: list[list[int]]
    down: list[int]

    def __init__(self, game: "Game", *, _itself: bool = False) -> None:
        self._bind(game if _itself else game.copy(history=False))

    @classmethod
    def _on(cls, game: "Game") -> "FastPath":
        """The fast path of ``game`` itself (the engine's own use: ``play``
        and ``undo`` record what they do around it)."""
        return cls(game, _itself=True)  # (a class compiled by mypyc allows no object.__new__)

    def _bind(self, game: "Game") -> None:
        shape = self.shape = game.SHAPE
        facts = type(game).FACTS
        book = game._book
        self.game = game
        position = self.position = game._position
        self.piles = position.piles
        self.down = position.down
        n = len(shape.piles)
        self._n, self._nn, self._base = n, n * n, shape.action_base
        self._pair_base, self._whole_base = shape.pair_base, shape.whole_base
        self._keys, self._key_table = shape.keys, shape.key_table
        self._targets, self._sources = shape.targets, shape.sources
        self._draws, self._redeal_codes = shape.draws, shape.redeals
        self._foundations, self._groups, self._fixed = shape.foundations, shape.groups, shape.fixed
        # the piles a search key reads, picked from ``piles`` in C
        self._pick_foundations, self._pick_fixed = picker(shape.foundations), picker(shape.fixed)
        self._pick_groups = [picker(group) for group in shape.groups]
        self._actions = shape.actions
        self._grid = shape.routes
        self._general = shape.general
        # the foundations a card may be moved onto (``home_codes``)
        self._home_targets = [t for t in shape.targets if t in shape.foundations]
        self._state_names = shape.state
        pack = game._pack_ids
        self.id_bound = max(pack) + 1 if pack else 0  # card ids run below this
        self._wide_ids = self.id_bound > 256  # search keys cannot use bytes.translate
        # every card id of the pack is its own key (one deck by face): no translate
        self._same_keys = not self._wide_ids and all(self._key_table[card] == card for card in pack)
        # ``pile_key`` answers where the engine writes the key and no byte of
        # a pile's part can be its separator, 255
        self._pile_keys = (not facts.own_search_key and self.id_bound <= 255
                           and all(self._key_table[card] < 255 for card in pack))
        self._fixed_piles = frozenset(shape.fixed)
        self._redeals_matter = game.REDEALS_MATTER or game.passes() is not None
        # the game's own ``_search_key``, where it keys its positions itself
        self._own_search_key: Optional[Callable[[], bytes]] = game._search_key if facts.own_search_key else None
        # What each pile takes: its rule's table, or the game's own hook.
        # ``_wants_of[t](pile, game)`` is asked once per target and position.
        hook = game._wants

        def asks_hook(t: int) -> Callable[[Sequence[int], Any], Wants]:
            return lambda pile, game: hook(t)

        self._wants_of: list[Callable[[Sequence[int], Any], Wants]] = [
            law.wants if law is not None and not facts.own_wants else asks_hook(t) for t, law in enumerate(book.laws)]
        # The laws that read no more than a table (``PileLaw.table``), read
        # here (``_wants_now``): (the table, what the pile takes while empty).
        self._law_tables: list[Optional[tuple[tuple[Wants, ...], Wants]]] = [
            (law.table, law.empty_wants) if law is not None and law.table is not None and not facts.own_wants
            else None for law in book.laws]
        # Piles that, while empty, take only a named pile's top card
        # (``only_from``): target -> its rule's Empty.  What they take says
        # which card; the moves listed must also come from that pile.
        self._fed = {} if facts.own_wants else {
            t: rule.empty for t, rule in enumerate(book.rules) if rule is not None and rule.empty.kind == "from"}
        # The game's own rule code, bound once (the hooks of docs/extending.md).
        self._wants = self.wants_at
        self._action_reason = game._action_reason
        # Whether each stock action is allowed now: the declared stock's own
        # test (no words), or the game's own ``_action_reason``.
        self._action_allowed: list[Callable[[], bool]] = [
            self._allowed_by(game, action) for action in shape.actions]
        self._action_piles = game._action_piles
        # The actions of a declared ``Draw`` played here rather than asked of
        # the game (a search plays them at most of its positions): code ->
        # (its piles as ``_action_piles`` says, stock, waste, the cards a
        # draw turns or 0 for a redeal that turns the waste over).
        self._drawn_actions: dict[int, tuple[tuple[int, ...], int, int, int]] = {}
        self._bind_draws(game)
        self._do_action = game._do_action
        self._plain_records, self._flipped_records = _records(shape)
        self._covered_by = shape.covered_by
        self._covers = shape.covers
        self._covering = any(shape.covered_by)
        if self._general:
            self._cells = frozenset(shape.cells)
            self._tableau = frozenset(shape.tableau)
            # How the top cards of each pile run: its rule read once.
            self._run_length = game._run_length
            self._run_kind: list[int] = []
            self._links_of: list[Optional[bytes]] = []
            for i in range(n):
                moves = book.moves[i]
                rule = book.rules[i]
                build: Optional[Build] = moves.build or (rule.build if rule is not None else None)
                kind = HOOK if facts.own_run_length else {
                    "top": TOP, "face_up": FACE_UP, "whole": WHOLE, "none": NONE}.get(moves.kind, LINKED)
                if kind == LINKED and (build is None or self._wide_ids):
                    kind = HOOK  # (runs read by ``_run_length``)
                self._run_kind.append(kind)
                self._links_of.append(links_table(build, self.id_bound) if kind == LINKED else None)
            self._move_limit = game._move_limit
            # The engine's own limit depends on the target alone: worked out
            # once per call of ``move_codes`` rather than asked per move.
            self._own_limit = not facts.own_move_limit
            self._free_cell_limit = any(book.moves[s].limit == "free_cells" for s in shape.sources)
            self._spare_cells, self._spare_columns = book.spare_cells, frozenset(book.spare_columns)
            # source -> {target: the most cards it takes from there at once}
            self._reach = _reach(shape)
            # the same as rows indexed by target, 0 where a source reaches none
            # (``_general_codes`` looks a target up per card it might take)
            self._reach_rows = [[self._reach.get(s, {}).get(t, 0) for t in range(n)] for s in range(n)]
            reached = sorted({t for targets in self._reach.values() for t in targets})
            # free cells the engine answers for: one card, any card
            self._cell_targets = [t for t in reached if t in self._cells and book.rules[t] is not None
                                  and book.rules[t].holds == 1 and book.rules[t].empty.kind == "any"]  # type: ignore[union-attr]
            self._suit_targets = [t for t in reached if t in shape.suit_targets]
            self._card_targets = [t for t in reached if t not in self._cell_targets and t not in self._suit_targets]
            self._home_targets = [t for t in self._card_targets if t in self._foundations]
            # Piles whose cards go where the position decides (``Neighbours``):
            # source -> (the steps, its sides' piles nearest first, the last step).
            self._onto: list[Optional[tuple[frozenset[int], tuple[tuple[int, ...], ...], int]]] = []
            for i in range(n):
                near = book.rules[i].onto if book.rules[i] is not None else None  # type: ignore[union-attr]
                self._onto.append(None if near is None else (
                    frozenset(near.steps), tuple(tuple(shape.index[p] for p in side)
                                                 for side in near.sides_of(shape.piles[i])), max(near.steps)))
            # The rows of those piles, one per Neighbours value: (the row's pile
            # indexes, the steps, the sides it reaches, the sources it routes).
            rows: dict[Any, tuple[tuple[int, ...], frozenset[int], str, set[int]]] = {}
            for i in range(n):
                near = book.rules[i].onto if book.rules[i] is not None else None  # type: ignore[union-attr]
                if near is not None:
                    rows.setdefault(near, (tuple(shape.index[p] for p in near.row), frozenset(near.steps), near.side,
                                           set()))[3].add(i)
            self._onto_rows = list(rows.values())
            # The targets asked once per position what they take: those a
            # source reaches by ROUTES alone (one whose route the position
            # decides asks its few targets itself).
            self._routed_targets = [t for t in self._card_targets if any(
                t in self._reach[s] for s in shape.sources if self._onto[s] is None)]
            self._pair_targets: dict[int, tuple[int, list[tuple[int, int, int]]]] = {}
            for i, (s1, s2, t) in enumerate(shape.pairs):
                total = book.rules[t].pairs if book.rules[t] is not None else None  # type: ignore[union-attr]
                if total:
                    self._pair_targets.setdefault(t, (total, []))[1].append((s1, s2, shape.pair_base + i))

    # --- moves -------------------------------------------------------------
    def move_codes(self) -> list[int]:
        """The legal moves as codes, in ``legal_moves()``'s order.

        >>> import solitaire_widgets as sw
        >>> g = sw.Cruel(seed=7)
        >>> [g.SHAPE.moves[c] for c in FastPath(g).move_codes()] == g.legal_moves()
        True
        """
        if self._general:
            return self._general_codes()
        piles = self.piles
        keys = self._keys
        by_key: dict[int, list[int]] = {}
        to_any: list[int] = []
        for t in self._targets:
            wants = self._wants_now(t)
            if wants is ANY:
                to_any.append(t)
            else:
                for key in wants:
                    by_key.setdefault(key, []).append(t)
        codes: list[int] = []
        grid = self._grid
        fed = self._only_from() if self._fed else None
        for s in self._sources:
            pile = piles[s]
            if not pile:
                continue
            row = grid[s]
            for t in by_key.get(keys[pile[-1]], ()):
                code = row[t]
                if code is not None and (not fed or fed.get(t, s) == s):
                    codes.append(code)
            for t in to_any:
                code = row[t]
                if code is not None:
                    codes.append(code)
        return codes + self.action_codes()

    def home_codes(self, among: Optional[Collection[int]] = None) -> list[int]:
        """The legal moves of one card onto a foundation, as codes, in
        ``move_codes()``'s order: only the foundations are asked what they
        take (a search that plays a card home at once needs no other move).
        Only those from the piles ``among`` where given.

        >>> import solitaire_widgets as sw
        >>> fast = FastPath(sw.Cruel(seed=7))
        >>> fast.home_codes() == [c for c in fast.move_codes() if fast.shape.count_of[c] == 1
        ...                       and fast.shape.target_of[c] in fast.shape.foundations]
        True
        >>> first = fast.shape.source_of[fast.home_codes()[0]]
        >>> fast.home_codes(among=[first]) == [fast.home_codes()[0]]  # (one card home from each pile here)
        True
        """
        piles, keys, n = self.piles, self._keys, self._n
        foundations = self._home_targets
        if not foundations:
            return []
        takers, open_homes = self._takers(foundations)
        sources = self._sources if among is None else [s for s in self._sources if s in among]
        if not open_homes:
            # mostly no source's top card is taken: one look at the tops, in C
            tops = {keys[pile[-1]] for pile in map(piles.__getitem__, sources) if pile}
            if tops.isdisjoint(takers):
                return []
        codes: list[int] = []
        fed = self._only_from() if self._fed else None
        if not self._general:  # as ``move_codes``: the foundations that take the card, then those taking any
            grid = self._grid
            for s in sources:
                pile = piles[s]
                if pile:
                    row = grid[s]
                    for t in (*takers.get(keys[pile[-1]], ()), *open_homes):
                        if row[t] is not None and (not fed or fed.get(t, s) == s):
                            codes.append(row[t])
            return codes
        for s in sources:
            pile = piles[s]
            if not pile or self._run_at(s) < 1 or self._run_kind[s] == WHOLE:
                continue  # no card of it may move now (face down, covered), or it moves whole
            reach_row = self._reach_rows[s]
            found = [t for t in (*takers.get(keys[pile[-1]], ()), *open_homes) if reach_row[t] >= 1
                     and (not fed or fed.get(t, s) == s)]
            if found and self._onto[s] is not None:
                near = self.reached(s)
                found = [t for t in found if t in near]  # type: ignore[operator]
            if found:
                found.sort()  # as ``_general_codes``: by target
                codes += [s * n + t for t in found]
        return codes

    def _takers(self, targets: Sequence[int]) -> tuple[dict[int, list[int]], list[int]]:
        """Each of ``targets`` asked once what it takes now: card key -> the
        targets that take it, and the targets that take any card."""
        takers: dict[int, list[int]] = {}
        open_targets = []
        for t in targets:
            wants = self._wants_now(t)
            if wants is ANY:
                open_targets.append(t)
            else:
                for key in wants:
                    if key in takers:
                        takers[key].append(t)
                    else:
                        takers[key] = [t]
        return takers, open_targets

    def _only_from(self) -> dict[int, int]:
        """The empty piles that take only one pile's top card now
        (``only_from``): target -> that pile."""
        piles, game = self.piles, self.game
        found = {}
        for t, empty in self._fed.items():
            if not piles[t]:
                feeder = empty.feeder(game)
                if feeder is not None:
                    found[t] = feeder
        return found

    def action_codes(self) -> list[int]:
        """The legal stock actions as codes (the end of ``move_codes()``)."""
        base, allowed = self._base, self._action_allowed
        return [base + i for i, allows in enumerate(allowed) if allows()]

    def _bind_draws(self, game: "Game") -> None:
        """Fill ``_drawn_actions`` (and their tests in ``_action_allowed``)
        where the game's one stock is a declared ``Draw`` of a fixed number
        of cards that no hook of its own overrides and no ``STATE`` goes
        with: the same piles changed the same way as ``Draw.do`` would."""
        from .stocks import Draw

        facts = type(game).FACTS
        stocks = game._book.stocks
        if len(stocks) != 1 or not isinstance(stocks[0], Draw) or self._state_names or \
                facts.own_do_action or facts.own_action_piles or facts.own_action_reason:
            return
        draw = stocks[0]
        if type(draw.count) is not int or draw.count < 1 or draw.turn != "over":
            return
        piles = self.piles
        for i, action in enumerate(self._actions):
            code = self._base + i
            if game._book.owner.get(action) is not draw or action not in ("draw", "redeal") or (
                    action == "redeal" and code not in self._redeal_codes):
                continue
            changed = self._action_piles(action)
            stock, waste = changed
            self._drawn_actions[code] = (changed, stock, waste, draw.count if action == "draw" else 0)
            self._action_allowed[i] = (_draw_allowed(piles, stock, waste, draw.waste_holds) if action == "draw"
                                       else _redeal_allowed(piles, stock, waste, self._action_allowed[i]))

    @staticmethod
    def _allowed_by(game: "Game", action: str) -> Callable[[], bool]:
        stock = game._book.owner.get(action)
        if stock is not None and not type(game).FACTS.own_action_reason:
            return lambda: stock.allows(game, action)
        reason = game._action_reason
        return lambda: reason(action) is None

    def run_at(self, s: int) -> int:
        """How many cards at the top of pile ``s`` may move together now (0:
        none), as its rule says (``Game._run_length``), however many the
        free cells would let one move carry.

        >>> import solitaire_widgets as sw
        >>> fast = FastPath(sw.FreeCell.deal_number(1))
        >>> [fast.run_at(fast.shape.index[pile]) for pile in ("t0", "c0")]
        [1, 0]
        """
        return self._run_at(s) if self._general else 1 if len(self.piles[s]) > self.down[s] else 0

    def _run_at(self, s: int) -> int:
        """``run_at`` in a game of the general path."""
        pile = self.piles[s]
        down = self.down[s]
        top = len(pile) - 1
        if top < down:
            return 0
        if self._covering and any(self.piles[c] for c in self._covered_by[s]):
            return 0
        kind = self._run_kind[s]
        if kind == TOP:
            return 1
        if kind == LINKED:
            links, bound = self._links_of[s], self.id_bound
            i = top
            while i > down and links[pile[i - 1] * bound + pile[i]]:  # type: ignore[index]
                i -= 1
            return top - i + 1
        if kind == FACE_UP or kind == WHOLE:
            return top + 1 - down
        if kind == NONE:
            return 0
        return self._run_length(s)

    def _general_codes(self) -> list[int]:
        """``move_codes`` for games with runs, free cells, whole suits or
        piles, pairs or covered piles: source by source, target by target,
        fewest cards first; then the pairs; then the stock actions.

        Each target is asked once what it takes; then each source looks up
        the targets that take a card of its run, rather than asking every
        target in turn."""
        piles, keys, n = self.piles, self._keys, self._n
        takers, open_targets = self._takers(self._routed_targets)
        empty_cells = [t for t in self._cell_targets if not piles[t]]
        # a completed suit goes to the first empty foundation only (they are alike)
        first_home = self.first_empty_foundation() if self._suit_targets else None
        empty_homes = [first_home] if first_home in self._suit_targets else []
        move_limit, down = self._move_limit, self.down
        own_limit = self._own_limit
        onto_pile = onto_empty = None  # the engine's own limit: none, or
        spare_columns = self._spare_columns  # (empty cells + 1) × 2^(empty tableau piles besides the target)
        if own_limit and self._free_cell_limit:
            cells = sum(1 for c in self._spare_cells if not piles[c])
            columns = sum(1 for c in spare_columns if not piles[c])
            onto_pile = (cells + 1) << columns
            onto_empty = (cells + 1) << max(columns - 1, 0)  # the target, an empty tableau pile, not counted
        run_kind, grid, onto = self._run_kind, self._grid, self._onto
        near_now = self._reached_all() if self._onto_rows else {}
        fed = self._only_from() if self._fed else None
        codes: list[int] = []
        for s in self._sources:
            pile = piles[s]
            if not pile:
                continue
            reach = self._reach[s]  # target -> the most cards it takes from s at once
            run = self._run_at(s)
            if run < 1:
                continue
            found: list[tuple[int, int]] = []  # (target, count), count 0 for a completed suit
            if onto[s] is not None:  # a route the position decides: its few targets asked here
                found = self._near_moves(s, run, reach, empty_homes, near_now[s])
                if run_kind[s] == WHOLE:
                    codes += [grid[s][t] for t, _ in sorted(found)]  # type: ignore[misc]
                    continue
            elif run_kind[s] == WHOLE:  # the whole pile moves, asked about by its top card
                if run == len(pile):
                    key = keys[pile[-1]]
                    found = [(t, 1) for t in (*takers.get(key, ()), *open_targets) if t in reach
                             and (not fed or fed.get(t, s) == s)]
                    found.sort()
                    codes += [grid[s][t] for t, _ in found]  # type: ignore[misc]
                continue
            else:
                reach_row = self._reach_rows[s]
                for k in range(1, run + 1):
                    for t in takers.get(keys[pile[-k]], ()):
                        if reach_row[t] >= k:
                            found.append((t, k))
                for t in open_targets:
                    most = reach_row[t]
                    found += [(t, k) for k in range(1, min(run, most) + 1)]
                for t in empty_cells:
                    if reach_row[t]:
                        found.append((t, 1))
                for t in empty_homes:
                    if reach_row[t] and completes_suit(pile, down[s]):
                        found.append((t, 0))
            if fed:  # an empty pile fed by one pile takes no card from another
                found = [(t, k) for t, k in found if fed.get(t, s) == s]
            if not found:
                continue
            found.sort()
            limits: dict[int, Optional[int]] = {}  # asked only where it may refuse a move
            for t, k in found:
                if k == 1:
                    codes.append(s * n + t)
                elif k == 0:
                    codes.append(((SUIT_LENGTH - 1) * n + s) * n + t)
                else:
                    if own_limit:
                        limit = onto_empty if not piles[t] and t in spare_columns else onto_pile
                    else:
                        limit = limits[t] if t in limits else limits.setdefault(t, move_limit(s, t))
                    if limit is None or k <= limit:
                        codes.append(((k - 1) * n + s) * n + t)
        if self._pair_targets:
            codes += self._pair_codes()
        return codes + self.action_codes()

    def _near_moves(self, s: int, run: int, reach: dict[int, int], empty_homes: list[int],
                    near: list[int]) -> list[tuple[int, int]]:
        """``(target, count)`` of the moves from pile ``s`` (``run`` cards may
        leave it) onto ``near``, the neighbours its rule names now, each asked
        what it takes: count 0 for a completed suit, 1 for a whole pile."""
        pile, keys, found = self.piles[s], self._keys, []
        whole = self._run_kind[s] == WHOLE
        if whole and run != len(pile):
            return []
        for t in near:
            most = reach.get(t, 0)
            if not most:
                continue
            if t in self._suit_targets:
                if t in empty_homes and completes_suit(pile, self.down[s]):
                    found.append((t, 0))
                continue
            wants = self.wants_at(t)
            if whole:
                if wants is ANY or keys[pile[-1]] in wants:
                    found.append((t, 1))
            else:
                found += [(t, k) for k in range(1, min(run, most) + 1) if wants is ANY or keys[pile[-k]] in wants]
        return found

    def _reached_all(self) -> dict[int, list[int]]:
        """``reached`` of every pile whose rule names neighbours, in one pass
        along each row: the piles that hold cards, then each one's steps."""
        piles, found = self.piles, {}
        for row, steps, side, sources in self._onto_rows:
            held = [i for i in row if piles[i]]
            last = len(held) - 1
            for j, s in enumerate(held):
                if s in sources:
                    left = [held[j - k] for k in steps if k <= j] if side != "right" else []
                    found[s] = left + [held[j + k] for k in steps if j + k <= last] if side != "left" else left
        return found

    def reached(self, s: int) -> Optional[frozenset[int]]:
        """The piles pile ``s``'s cards may go to now where the position
        decides (its rule's ``Neighbours``: the piles that many places away
        that hold cards), or None where ``ROUTES`` alone says.

        >>> import solitaire_widgets as sw
        >>> FastPath(sw.Cruel(seed=1)).reached(4) is None
        True
        """
        onto = self._onto[s] if self._general else None
        if onto is None:
            return None
        steps, sides, last = onto
        piles = self.piles
        found = []
        for side in sides:
            k = 0
            for t in side:
                if piles[t]:
                    k += 1
                    if k in steps:
                        found.append(t)
                    if k == last:
                        break
        return frozenset(found)

    def _pair_codes(self) -> list[int]:
        """The legal pairs: two exposed top cards whose ranks make the total."""
        piles, codes = self.piles, []
        for total, pairs in self._pair_targets.values():
            exposed: dict[int, bool] = {}
            for s1, s2, code in pairs:
                for s in (s1, s2):
                    if s not in exposed:
                        exposed[s] = self._run_at(s) >= 1
                if exposed[s1] and exposed[s2] and RANK[piles[s1][-1]] + RANK[piles[s2][-1]] == total:
                    codes.append(code)
        return codes

    def apply(self, code: int) -> UndoRecord:
        """Play the legal move ``code`` with no check, history or
        notification; return the record ``revert`` takes to undo it."""
        self.position.changes += 1  # (what was read from the position before, its legal moves …, is stale)
        if code < self._nn:
            s, t = divmod(code, self._n)
            source = self.piles[s]
            self.piles[t].append(source.pop())
            down = self.down
            if 0 < down[s] == len(source):  # a face-down card is now on top: turned up
                down[s] -= 1
                return self._flipped_records[code]
            if self._covering and not source:
                return _uncovering(CardsMoved(s, t, 1, False, (s, t), -1, self._uncover((s,))))
            return self._plain_records[code]  # (records are values: one per move, made once)
        if code < self._base:
            return self._apply_several(code)
        draw = self._draws.get(code)
        if draw is not None:
            s, t = draw
            self.piles[t].append(self.piles[s].pop())
            return self._plain_records[code]
        return self._apply_action(code)

    def _apply_several(self, code: int) -> CardsMoved:
        """``apply`` for a run, a completed suit, a pair or a whole pile."""
        piles, down = self.piles, self.down
        if code >= self._whole_base:
            s, t = self.shape.wholes[code - self._whole_base]
            k = len(piles[s])
            piles[t].extend(piles[s])
            piles[s] = []
            return _uncovering(CardsMoved(s, t, k, False, (s, t), -1, self._uncover((s,)) if self._covering else ()))
        if code >= self._pair_base:
            s, partner, t = self.shape.pairs[code - self._pair_base]
            target = piles[t]
            for i in (s, partner):
                target.append(piles[i].pop())
            flips = []
            for i in (s, partner):
                if 0 < down[i] == len(piles[i]):
                    down[i] -= 1
                    flips.append((i, down[i] + 1))
            emptied = tuple(i for i in (s, partner) if not piles[i])
            uncovered = tuple(flips) + (self._uncover(emptied) if self._covering and emptied else ())
            return _uncovering(CardsMoved(s, t, 2, False, (s, partner, t), partner, uncovered))
        n = self._n
        rest, t = divmod(code, n)
        k, s = divmod(rest, n)
        k += 1
        source = piles[s]
        piles[t].extend(source[-k:])
        del source[-k:]
        flipped = 0 < down[s] == len(source)
        if flipped:
            down[s] -= 1
        elif self._covering and not source:
            return _uncovering(CardsMoved(s, t, k, False, (s, t), -1, self._uncover((s,))))
        return (self._flipped_records if flipped else self._plain_records)[code]

    def _uncover(self, emptied: Sequence[int]) -> tuple[tuple[int, int], ...]:
        """Turn up the cards of the piles that the piles ``emptied`` lay on,
        where nothing else lies on them now; ``(pile, face-down count
        before)`` of each."""
        turned = []
        piles, down = self.piles, self.down
        for e in emptied:
            for p in self._covers[e]:
                if down[p] and not any(piles[c] for c in self._covered_by[p]):
                    turned.append((p, down[p]))
                    down[p] = 0
        return tuple(turned)

    def _apply_action(self, code: int) -> ActionPlayed:
        position = self.position
        drawn = self._drawn_actions.get(code)
        if drawn is not None:  # a declared Draw's action, as ``Draw.do`` plays it
            changed, s, w, count = drawn
            piles, down = self.piles, self.down
            stock, waste = piles[s], piles[w]
            record = ActionPlayed([(i, piles[i][:], down[i]) for i in changed], position.redeals, changed)
            if count:
                for _ in range(min(count, len(stock))):
                    waste.append(stock.pop())
            else:  # a redeal: the engine counts it, and the waste turns over into the stock
                position.redeals += 1
                piles[s] = waste[::-1]
                piles[w] = []
            return record
        action = self._actions[code - self._base]
        changed = self._action_piles(action)
        saved = [(i, self.piles[i][:], self.down[i]) for i in changed]
        redeals = position.redeals
        state = tuple([position.state[name] for name in self._state_names]) if self._state_names else ()
        if code in self._redeal_codes:  # a new pass: the engine counts it before the game deals
            position.redeals = redeals + 1
        record = ActionPlayed(saved, redeals, changed, state)
        try:
            self._do_action(action)
        except BaseException:  # (Ctrl-C too) an action that fails half-way is taken back: it changes nothing
            self.revert(record)
            raise
        return record

    def revert(self, record: UndoRecord) -> tuple[int, ...]:
        """Undo the move ``record`` came from (the last one applied) exactly;
        return the indexes of the piles it changed."""
        position = self.position
        position.changes += 1
        if type(record) is ActionPlayed:
            position.redeals = record.redeals
            for i, cards, face_down in record.saved:
                self.piles[i] = cards  # a fresh copy, and the record is spent
                self.down[i] = face_down
            for name, value in zip(self._state_names, record.state):
                position.state[name] = value
            return record.changed
        s, t, k, flipped, changed, partner, uncovered = record  # type: ignore[misc]
        down = self.down
        for p, was in uncovered:
            down[p] = was
        target = self.piles[t]
        if partner >= 0:
            self.piles[partner].append(target.pop())
            self.piles[s].append(target.pop())
            return changed
        if flipped:
            down[s] += 1
        if k == 1:
            self.piles[s].append(target.pop())
        else:
            self.piles[s].extend(target[-k:])
            del target[-k:]
        return changed

    # --- the position ----------------------------------------------------------
    def search_key(self) -> bytes:
        """A canonical key for search (``engine_search_key``, or the game's
        own ``_search_key`` where it has one)."""
        own = self._own_search_key
        return self.engine_search_key() if own is None else own()

    def engine_search_key(self) -> bytes:
        """A canonical key for search: like ``Game.key()`` but two positions
        that play alike share it (foundations by top card only and in any
        order, interchangeable piles sorted, card keys by rank where suits
        never matter, redeals only when their number changes what may follow).

        >>> import solitaire_widgets as sw
        >>> g = sw.Midshipman(seed=1)
        >>> swapped = {pile: g[pile] for pile in g.PILES}
        >>> swapped["t0"], swapped["t8"] = g["t8"], g["t0"]
        >>> h = sw.Midshipman.from_position(swapped, face_down={f"t{i}": 2 for i in range(9)})
        >>> FastPath(h).search_key() == FastPath(g).search_key(), h.key() == g.key()
        (True, False)
        """
        if self._wide_ids:
            return self._wide_search_key()
        keys = self._keys
        piles = self.piles
        down = self.down
        # List comprehensions and a table of one-byte prefixes: the search
        # asks for a key at every position it meets.
        tops = [keys[pile[-1]] + 1 if pile else 0 for pile in self._pick_foundations(piles)]
        tops.sort()
        parts = [bytes(tops)]
        if not any(down):
            # Nothing face down: no counts to write, and where each card id
            # is its own key, the piles' bytes as they are.  The first byte
            # tells such keys from the others (a top is at most 53).
            parts[0] = b"\xfe" + parts[0]
            if self._same_keys:
                for pick in self._pick_groups:
                    parts += sorted(map(bytes, pick(piles)))
                parts += map(bytes, self._pick_fixed(piles))
            else:
                table = self._key_table
                for pick in self._pick_groups:
                    parts += sorted([bytes(pile).translate(table) for pile in pick(piles)])
                parts += [bytes(pile).translate(table) for pile in self._pick_fixed(piles)]
        elif self._same_keys:  # (as below, with no translate: each card id is its own key)
            for group in self._groups:
                parts += sorted([_BYTE[down[i]] + bytes(piles[i]) for i in group])
            parts += map(bytes, self._pick_fixed(piles))
            parts.append(bytes(map(down.__getitem__, self._fixed)))
        else:
            table = self._key_table
            for group in self._groups:
                parts += sorted([_BYTE[down[i]] + bytes(piles[i]).translate(table) for i in group])
            parts += [bytes(pile).translate(table) for pile in self._pick_fixed(piles)]
            parts.append(bytes(map(down.__getitem__, self._fixed)))
        if self._redeals_matter:
            parts.append(self.position.redeals.to_bytes(2, "big"))
        if self._state_names:
            parts.append(self._state_bytes())
        return b"\xff".join(parts)

    def pile_key(self, i: int) -> Optional[bytes]:
        """The part ``search_key`` writes for pile ``i`` (not a foundation)
        as the position is now: one of the parts a key is made of, split at
        its separators (``b"\\xff"``), so a position whose pile ``i`` has a
        part no key of a set has is none of that set's positions.  None
        where the key has no such parts (the game's own key, card ids of 255
        and up).

        >>> import solitaire_widgets as sw
        >>> fast = FastPath(sw.FreeCell.deal_number(1))
        >>> fast.pile_key(8) in fast.search_key().split(b"\\xff"), fast.pile_key(8) == bytes(fast.piles[8])
        (True, True)
        """
        if not self._pile_keys:
            return None
        pile = self.piles[i]
        if not any(self.down):
            return bytes(pile) if self._same_keys else bytes(pile).translate(self._key_table)
        if i in self._fixed_piles:
            return bytes(pile).translate(self._key_table)
        return _BYTE[self.down[i]] + bytes(pile).translate(self._key_table)

    def _wide_search_key(self) -> bytes:
        """``search_key`` for packs with card ids of 256 and up."""
        keys, piles, down = self._keys, self.piles, self.down

        def keyed(pile: list[int]) -> bytes:
            return bytes([keys[card] for card in pile])

        tops = sorted(keys[pile[-1]] + 1 if pile else 0 for pile in map(piles.__getitem__, self._foundations))
        parts = [bytes(tops)]
        for group in self._groups:
            parts += sorted(_BYTE[down[i]] + keyed(piles[i]) for i in group)
        parts += [keyed(piles[i]) for i in self._fixed]
        parts.append(bytes(map(down.__getitem__, self._fixed)))
        if self._redeals_matter:
            parts.append(self.position.redeals.to_bytes(2, "big"))
        if self._state_names:
            parts.append(self._state_bytes())
        return b"\xff".join(parts)

    def _state_bytes(self) -> bytes:
        state = self.position.state
        return repr(tuple([state[name] for name in self._state_names])).encode()

    def first_empty_foundation(self) -> Optional[int]:
        """The first foundation holding no card, in pile order, or None."""
        return next((f for f in self._foundations if not self.piles[f]), None)

    def face_down(self, pile: int) -> int:
        """How many cards at the bottom of pile ``pile`` lie face down (the
        stock counts 0 here: its cards are never turned up where they lie)."""
        return self.down[pile]

    # --- probes of the rules ---------------------------------------------------
    def wants_at(self, pile: int) -> Wants:
        """The card keys pile ``pile`` takes now as the card a move lands on
        it (one card, or the bottom card of a run): ``ANY`` or a tuple
        (``()``: none).  A free cell takes ``ANY`` card while empty."""
        if self._general and pile in self._cell_targets:
            return () if self.piles[pile] else ANY
        return self._wants_now(pile)

    def _wants_now(self, t: int) -> Wants:
        """What pile ``t`` takes now as its law says (not a free cell's
        answer: ``wants_at``), read from its table where it has one."""
        plain = self._law_tables[t]
        pile = self.piles[t]
        if plain is not None:
            return plain[0][pile[-1]] if pile else plain[1]
        return self._wants_of[t](pile, self.game)

    def refusal(self, pile: int, card: int) -> str:
        """Why ``card`` may not go onto pile ``pile`` now, in words: the
        pile's rule's refusal, or the game's own ``_build_reason``."""
        law = self.game._book.laws[pile]
        if law is not None and (not type(self.game).FACTS.own_wants or (self._general and pile in self._cell_targets)):
            return law.refusal(self.game, pile, card)
        return self.game._build_reason(pile, card)

    def wants_holding(self, pile: int, cards: Sequence[int]) -> Wants:
        """What pile ``pile`` would take if it held ``cards`` (ids, bottom
        first) instead, the rest of the position as it is: asked of the
        game's own rules, the position left unchanged.

        >>> import solitaire_widgets as sw
        >>> fast = FastPath(sw.Cruel(seed=0))
        >>> # f0 empty, f0 on A♠, t0 on 5♠
        >>> fast.wants_holding(0, []), fast.wants_holding(0, [0]), fast.wants_holding(4, [4])
        ((0, 13, 26, 39), (1,), (3,))
        """
        kept = self.piles[pile]
        self.piles[pile] = list(cards)
        try:
            return self.wants_at(pile)
        finally:
            self.piles[pile] = kept

    def may_redeal(self) -> bool:
        """False only when no redeal can happen from this position on (True
        is always a safe answer: the solver then gives up what needs none)."""
        return self.game._may_redeal()

    def redeal_keeps_bottom(self) -> Optional[tuple[int, int]]:
        """``(pile, n)`` when every redeal leaves the bottom ``n`` cards of
        ``pile`` at its bottom, in order, for as long as none of them leaves
        the pile; None when no redeal promises that."""
        return self.game._redeal_keeps_bottom()

    def action_pile_indices(self, action: str) -> tuple[int, ...]:
        """The indexes of the piles stock action ``action`` may change."""
        return self._action_piles(action)

    def drawn_stock(self) -> Optional[DrawnStock]:
        """The game's stock where it only turns cards from the stock onto a
        waste that nothing else goes onto and that gives no card to a pair,
        under its declared ``Draw`` and no hook of its own, so that any line
        can play its draws (and redeals) just before the waste card they
        turn up moves; else None.  None too where a redeal shuffles with no
        limit of passes (the draws would never come round).

        >>> import solitaire_widgets as sw
        >>> FastPath(sw.Midshipman(seed=1)).drawn_stock()
        DrawnStock(stock=0, waste=1, per_draw=1, turns_over=True)
        >>> FastPath(sw.Cruel(seed=1)).drawn_stock() is None
        True
        """
        from .stocks import Draw

        game, shape = self.game, self.shape
        facts = type(game).FACTS
        stocks = game._book.stocks
        if len(stocks) != 1 or not isinstance(stocks[0], Draw) or self._state_names or \
                facts.own_do_action or facts.own_action_piles or facts.own_action_reason:
            return None
        draw = stocks[0]
        if draw.passes is None and draw.turn == "shuffle":
            return None
        stock_piles = shape.with_role("stock")
        if len(stock_piles) != 1 or self.actions_reach_foundations():
            return None
        stock = stock_piles[0]
        waste = shape.index[draw.to] if draw.to is not None else (shape.with_role("waste") or (-1,))[0]
        n = len(shape.piles)
        if waste < 0 or waste in self._foundations or any(shape.routes[i][waste] is not None for i in range(n)) or \
                any(shape.routes[stock][i] is not None for i in range(n)) or \
                any(waste in (s1, s2) for s1, s2, _ in shape.pairs):
            return None
        if {self._action_piles(a) for a in shape.actions} != {(stock, waste)}:
            return None
        return DrawnStock(stock, waste, draw.count, draw.turn == "over")

    def pair_totals(self) -> dict[int, int]:
        """The piles that take two cards at once (``Pairs``), each with the
        total their ranks must make.

        >>> import solitaire_widgets as sw
        >>> FastPath(sw.Pyramid(seed=1)).pair_totals(), FastPath(sw.Cruel(seed=1)).pair_totals()
        ({2: 13}, {})
        """
        if not self._general:
            return {}
        return {t: total for t, (total, _) in self._pair_targets.items()}

    def deals_wait_for_piles(self) -> bool:
        """True when a stock action may be refused while a pile is empty
        (a row dealt only while none is, as in Spider): an emptied pile may
        then hold play up."""
        return any(stock.waits_for_piles() for stock in self.game._book.stocks)

    def actions_reach_foundations(self) -> bool:
        """True when a stock action may change a foundation (a draw onto
        one): cards then reach home by more than the moves its rules accept."""
        foundations = set(self._foundations)
        return any(foundations.intersection(self._action_piles(action)) for action in self._actions)

    def cards_home(self) -> int:
        """The cards home, as the game counts them (``Game.cards_home``)."""
        return self.game._cards_home()

    def won(self) -> bool:
        """Whether the position is won, as the game declares (``_won``)."""
        return self.game._won() is not None

    def lost(self) -> bool:
        """Whether the game declares the position lost though moves are left (``_lost``)."""
        return self.game._lost() is not None


def _draw_allowed(piles: list[list[int]], stock: int, waste: int, holds: Optional[int]) -> Callable[[], bool]:
    """``Draw.allows`` for a draw: a card in the stock, and room on the waste."""
    if holds is None:
        return lambda: bool(piles[stock])
    return lambda: bool(piles[stock]) and len(piles[waste]) < holds


def _redeal_allowed(piles: list[list[int]], stock: int, waste: int, allows: Callable[[], bool]) -> Callable[[], bool]:
    """``Draw.allows`` for a redeal: the stock empty, the waste not, and a
    pass left (``allows``, the game asked only then)."""
    return lambda: not piles[stock] and bool(piles[waste]) and allows()


def picker(indexes: Sequence[int]) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """A function that picks the items at ``indexes`` of a sequence, as a
    tuple (``operator.itemgetter``, a tuple for one index or none too).

    >>> picker([2, 0])("abc"), picker([1])("abc"), picker([])("abc")
    (('c', 'a'), ('b',), ())
    """
    if len(indexes) > 1:
        return operator.itemgetter(*indexes)
    if indexes:
        index = indexes[0]
        return lambda items: (items[index],)
    return lambda items: ()


def completes_suit(pile: Sequence[int], down: int) -> bool:
    """Whether the top 13 cards of ``pile`` (its bottom ``down`` face down)
    are one suit, king down to ace: a suit that goes home at once.

    >>> completes_suit(list(range(12, -1, -1)), 0), completes_suit(list(range(12, -1, -1)), 1)
    (True, False)
    """
    if len(pile) - down < SUIT_LENGTH:
        return False
    run = pile[-SUIT_LENGTH:]
    suit = SUIT[run[0]]
    return all(RANK[card] == SUIT_LENGTH - i and SUIT[card] == suit for i, card in enumerate(run))


def run_length(pile: Sequence[int], down: int, build: Build) -> int:
    """How many cards at the top of ``pile`` (its bottom ``down`` face down)
    form a run of ``build``: at least 1 when the top card lies face up, 0
    for an empty pile.

    >>> from solitaire_widgets.cards import Card
    >>> from solitaire_widgets.pile_rules import DOWN_ALTERNATE_COLOURS, DOWN_BY_RANK
    >>> pile = [Card.parse(c).face for c in ("9S", "8H", "7C", "6C")]
    >>> run_length(pile, 0, DOWN_ALTERNATE_COLOURS), run_length(pile, 0, DOWN_BY_RANK)
    (1, 4)
    """
    n = len(pile)
    if n <= down:
        return 0
    count = 1
    for i in range(n - 1, down, -1):
        if not build.follows(pile[i - 1], pile[i]):
            break
        count += 1
    return count


@functools.cache
def _records(shape: GameShape) -> tuple[dict[int, CardsMoved], dict[int, CardsMoved]]:
    """The undo records of a class's card moves and draws, made once: by
    code, without a face-down card turned up, and with one.  (A record is a
    value: the same move always leaves the same one.)"""
    plain: dict[int, CardsMoved] = {}
    flipped: dict[int, CardsMoved] = {}
    for code in range(shape.pair_base):
        if shape.moves[code] is not None:
            s, t, k = shape.source_of[code], shape.target_of[code], shape.count_of[code]
            plain[code] = CardsMoved(s, t, k, False, (s, t))
            flipped[code] = CardsMoved(s, t, k, True, (s, t))
    for code, (s, t) in shape.draws.items():
        plain[code] = CardsMoved(s, t, 1, False, (s, t))
    return plain, flipped


@functools.cache
def _reach(shape: GameShape) -> dict[int, dict[int, int]]:
    """Source -> {target: the most cards a move takes from there at once}
    (1 onto a free cell, 13 onto a foundation that takes whole suits);
    worked out once per game class, read only."""
    n = len(shape.piles)
    reach: dict[int, dict[int, int]] = {}
    for s in shape.sources:
        row = {}
        for t in range(n):
            counts = [k for k in range(1, shape.max_run + 1) if shape.moves[shape.code(s, t, k)] is not None]
            if counts:
                row[t] = max(counts)
            elif shape.routes[s][t] is not None:  # a whole pile's move
                row[t] = 1
        reach[s] = row
    return reach
