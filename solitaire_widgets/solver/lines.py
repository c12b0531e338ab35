"""Winning lines a person can follow: a won search's line made shorter.

The search returns the first win it meets, which may wander: a card moved
to and fro, a loop through positions met before, a detour the search took
because it looked good at the time.  Before the line is returned
(``search.solution_steps``, so hints, Play it out, ``analyse``, winnable
deals and puzzles all get it), it is shortened in two steps, both on the
positions the search itself met, so no further search is needed:

* **The shortest way through the positions met.**  The search keeps, with
  every position it met, the move that first led there (a tree), and notes
  each move it tried that led to a position met already further down the
  tree.  A breadth-first search over those moves finds the fewest moves
  from the start to the win among every way the search saw.
* **Shortcuts along the line.**  Walking the line from the start, each
  position tries every legal move and takes the one that lands furthest
  along the line (by search key: a position that plays like a later one
  counts as it); a loop, a move taken back later or a detour of one move
  falls out.  Between moves that reach equally far it takes the one the
  solver's move order puts first (a card home, a card turned up …), so
  between alike piles the line uses the first, as a player would.

Every step is a legal move, and the line still ends in the win the
search found: ``solution_steps`` replays it to check.

>>> import solitaire_widgets as sw
>>> from solitaire_widgets.solver.search import Search
>>> search = Search(sw.Cruel(seed=1), time_limit=None, max_states=5_000)
>>> status, codes, _, _ = search.run()
>>> shorter = shorter_line(search, codes)
>>> status, len(shorter) <= len(codes)
('won', True)
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Optional, Sequence, Union

if TYPE_CHECKING:
    from .search import Search

Step = Union[int, tuple[int, ...]]  # as ``search.Step``

ROOT = 0  # the start position's id in ``_graph_keys`` (a node's own id is ``id(node)``)


def shorter_line(search: "Search", codes: Sequence[int]) -> list[int]:
    """A winning line no longer than ``codes`` (a line ``search`` found from
    its start position, which it must be at): the shortest way through the
    positions the search met, then shortcut along the way (see the module
    docstring).  The search is left at its start position."""
    keys = _graph_keys(search)
    if keys is None:
        keys = _line_keys(search, codes)
    return _walk(search, keys)


def _line_keys(search: "Search", codes: Sequence[int]) -> list[bytes]:
    """The search keys of the positions along ``codes`` from the start."""
    fast = search.fast
    keys = [fast.search_key()]
    records = []
    for code in codes:
        records.append(search.apply(code))
        keys.append(fast.search_key())
    for code, record in zip(reversed(codes), reversed(records)):
        search.revert(code, record)
    return keys


def _graph_keys(search: "Search") -> Optional[list[bytes]]:
    """The search keys of the positions on a shortest way from the start to
    the won node through the graph the search met (its tree and the
    shortcuts it noted), or None where it kept no graph."""
    won = search.won_node
    if won is None or not search.met:
        return None
    key_of: dict[int, bytes] = {}
    children: dict[int, list[tuple]] = {}
    for key, node in search.met.items():
        if node is None:
            key_of[ROOT] = key
        elif node is not False:
            key_of[id(node)] = key
            parent = node[1]
            while parent is not None and len(parent) == 4:  # a position between draws: not one of the graph's
                parent = parent[1]
            children.setdefault(ROOT if parent is None else id(parent), []).append(node)
    for source, _code, target in search.shortcuts:
        children.setdefault(ROOT if source is None else id(source), []).append(target)
    came_from: dict[int, int] = {ROOT: ROOT}
    goal = id(won)
    queue = deque([ROOT])
    while queue and goal not in came_from:
        at = queue.popleft()
        for node in children.get(at, ()):
            n = id(node)
            if n not in came_from:
                came_from[n] = at
                queue.append(n)
    if goal not in came_from:  # (cannot happen: the tree alone reaches it)
        return None
    path = [goal]
    while path[-1] != ROOT:
        path.append(came_from[path[-1]])
    return [key_of[n] for n in reversed(path)]


def _walk(search: "Search", keys: list[bytes]) -> list[int]:
    from .search import flat

    """Concrete moves from the search's start position through positions
    with ``keys`` (a winning way, one move apart), each time to the furthest
    position along it that one legal move reaches, preferring the solver's
    move order among equals."""
    fast = search.fast
    furthest = {key: i for i, key in enumerate(keys)}  # a key met twice: its last place
    goal = len(keys) - 1
    line: list[Step] = []
    records: list[tuple[Step, object]] = []
    at = furthest[fast.search_key()]
    try:
        while at < goal:
            best, best_step = at, None
            for step in _candidates(search):
                record = search.apply(step)
                reached = furthest.get(fast.search_key(), -1)
                search.revert(step, record)
                if reached > best:
                    best, best_step = reached, step
            if search.draw_piles is not None:  # the cards the stock's draws reach: draws and a move as one step
                for drawn in search.stock_walk():
                    for code in search.waste_moves(search.draw_piles[1]):
                        record = search.apply(code)
                        reached = furthest.get(fast.search_key(), -1)
                        search.revert(code, record)
                        if reached > best:
                            best, best_step = reached, drawn + (code,)
            if best_step is None:  # pragma: no cover - the way is made of legal moves, so one always leads on
                raise AssertionError("no move leads on along the won line")
            records.append((best_step, search.play(best_step)))
            line.append(best_step)
            at = best
    finally:
        for step, record in reversed(records):
            search.unplay(step, record)
    return flat(line)


def _candidates(search: "Search") -> list[int]:
    """Every legal move here, in the solver's move order (``moves_in_order``,
    then the rest as the engine lists them)."""
    ordered = search.moves_in_order()
    listed = set(ordered)
    return ordered + [code for code in search.fast.move_codes() if code not in listed]
