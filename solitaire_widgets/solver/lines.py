"""Winning lines a person can follow: a won search's line made shorter.

The search returns the first win it meets, which may wander: a card moved
to and fro, a loop through positions met before, a detour the search took
because it looked good at the time.  Before the line is returned
(``search.solution_steps``, so hints, Play it out, ``analyse``, winnable
deals and puzzles all get it), it is shortened in three steps, the first
two on the positions the search itself met, the last by playing it again:

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
* **Moves the win does not need.**  Each move of one card between two
  piles is left out where the rest of the line, played with the same
  cards going from where they lie onto the same cards, is still legal
  and still wins (a card laid on a pile and moved on later goes straight
  to where it ends).

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
from typing import TYPE_CHECKING, Iterable, Optional, Sequence, Union

if TYPE_CHECKING:
    from .search import Search

Step = Union[int, tuple[int, ...]]  # what the search plays as one step: a move, or draws and a move


def flat(steps: Iterable[Step]) -> list[int]:
    """The move codes of ``steps``, in order.

    >>> flat([3, (7, 7, 2), 5])
    [3, 7, 7, 2, 5]
    """
    codes: list[int] = []
    for step in steps:
        if isinstance(step, int):
            codes.append(step)
        else:
            codes += step
    return codes


ROOT = 0  # the start position's id in ``_graph_keys`` (a node's own id is ``id(node)``)


def shorter_line(search: "Search", codes: Sequence[int]) -> list[int]:
    """A winning line no longer than ``codes`` (a line ``search`` found from
    its start position, which it must be at): the shortest way through the
    positions the search met, then shortcut along the way (see the module
    docstring).  The search is left at its start position, but for Ctrl-C
    (``KeyboardInterrupt``), which may come between a move and its note:
    the search's copy is then left as it is, for no one to read."""
    keys = _graph_keys(search)
    if keys is None:
        keys = _line_keys(search, codes)
    return _drop_moves(search, _walk(search, keys))


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
    shortcuts it noted), or None where it kept no graph.  RuntimeError if
    the won node is not in that graph (a search that copied its nodes)."""
    won = search.won_node
    if won is None or not search.met:
        return None
    key_of: dict[int, bytes] = {}
    children: dict[int, list[tuple]] = {}
    for key, node in search.met.items():
        if node is None:
            key_of[ROOT] = key
        elif isinstance(node, tuple):
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
    if goal not in came_from:  # the tree alone reaches it: a node was copied (one line quietly lost its shortening)
        raise RuntimeError("the won node is not among the positions the search met: "
                           "a search node was copied instead of kept as one object")
    path = [goal]
    while path[-1] != ROOT:
        path.append(came_from[path[-1]])
    return [key_of[n] for n in reversed(path)]


def _walk(search: "Search", keys: list[bytes]) -> list[int]:
    """Concrete moves from the search's start position through positions
    with ``keys`` (a winning way, one move apart), each time to the furthest
    position along it that one legal move reaches, preferring the solver's
    move order among equals."""
    fast = search.fast
    furthest = {key: i for i, key in enumerate(keys)}  # a key met twice: its last place
    parts = _key_parts(search, keys)
    goal = len(keys) - 1
    line: list[Step] = []
    played: list[tuple[Step, object]] = []
    at = furthest[fast.search_key()]
    try:
        while at < goal:
            best = at
            best_step: Optional[Step] = None
            for code in _candidates(search):
                reached, step = _landing(search, furthest, code, parts)
                if reached > best:
                    best, best_step = reached, step
            if search.draw_piles is not None and best_step is None:  # draws and a move, where no move leads on
                for drawn in search.stock_walk():
                    for move in search.waste_moves(search.draw_piles[1]):
                        reached, step = _landing(search, furthest, move)
                        if reached > best:
                            best, best_step = reached, drawn + ((step,) if isinstance(step, int) else step)
            if best_step is None:  # pragma: no cover - the way is made of legal moves, so one always leads on
                raise AssertionError("no move leads on along the won line")
            played.append((best_step, search.play(best_step)))
            line.append(best_step)
            at = best
    except KeyboardInterrupt:
        played.clear()  # Ctrl-C may come between a move and its note here: the search's copy is left as it is
        raise
    finally:
        for step, undo in reversed(played):
            search.unplay(step, undo)
    return flat(line)


def _key_parts(search: "Search", keys: list[bytes]) -> Optional[frozenset[bytes]]:
    """The parts of ``keys`` split at their separators (each pile's part is
    one: ``FastPath.pile_key``), or None where the game's keys have no
    such parts."""
    if search.fast.pile_key(0) is None:
        return None
    return frozenset(part for key in keys for part in key.split(b"\xff"))


def _off_the_way(search: "Search", code: int, parts: Optional[frozenset[bytes]]) -> bool:
    """True when the move ``code``, just played, cannot have landed on a
    position of the way: a pile it changed (neither a foundation) now has a
    part (``FastPath.pile_key``) that no key of the way has (``parts``).
    False where that is not known."""
    if parts is None or code >= search.fast.shape.pair_base:
        return False
    foundations, fast = search.foundations, search.fast
    s, t = search.source_of[code], search.target_of[code]
    if s in foundations or t in foundations:
        return False
    return fast.pile_key(t) not in parts or fast.pile_key(s) not in parts


def _landing(search: "Search", furthest: dict[bytes, int], code: int,
             parts: Optional[frozenset[bytes]] = None) -> tuple[int, Step]:
    """How far along the way (``furthest``: place by search key, -1 for
    none) the move ``code`` lands, and the step that lands there: the move,
    or where the move alone lands nowhere on it, the move and the safe moves
    home after it (the search plays them as one step: ``Search.safe_chain``).
    ``parts``: the parts of the way's keys (``_key_parts``), which tell
    most moves off the way without their key.  The position is left as it
    was."""
    fast = search.fast
    record = search.apply(code)
    reached = -1 if _off_the_way(search, code, parts) else furthest.get(fast.search_key(), -1)
    step: Step = code
    if reached < 0:
        homes, records, _ = search.safe_chain(code)
        if homes:
            reached = furthest.get(fast.search_key(), -1)
            step = (code, *homes)
            for home, home_record in zip(reversed(homes), reversed(records)):
                search.revert(home, home_record)
    search.revert(code, record)
    return reached, step


def _candidates(search: "Search") -> list[int]:
    """Every legal move here, in the solver's move order (``moves_in_order``,
    then the rest as the engine lists them)."""
    codes = search.fast.move_codes()  # generated once: ``children`` orders them
    ordered = search.children(codes) or codes
    if len(ordered) == len(codes):
        return ordered
    listed = set(ordered)
    return ordered + [code for code in codes if code not in listed]



def _drop_moves(search: "Search", codes: list[int]) -> list[int]:
    """``codes`` (a winning line from the search's start position) without
    each move of one card between two piles that the win does not need:
    the line is played again without it, every later move taking the same
    card from where it lies now onto the same card (or pile, where it lands
    on none), a move onto the pile it lies in dropped too; the move stays
    out where all of that is legal and the line still wins.  Moves home,
    runs and stock actions stay.  The search is left where it was."""
    line = list(codes)
    cards = _cards_moved(search, line)
    prefix: list[tuple[int, object]] = []  # (code, record) played from the start
    nn, foundations, target_of = search.nn, search.foundations, search.target_of
    try:
        i = 0
        while i < len(line):
            code = line[i]
            if code < nn and target_of[code] not in foundations:
                tail = _without(search, line[i + 1:], cards[i + 1:])
                if tail is not None:
                    line[i:], cards[i:] = tail
                    continue
            prefix.append((code, search.apply(code)))
            i += 1
    except KeyboardInterrupt:
        prefix.clear()  # (as in _walk)
        raise
    finally:
        for code, record in reversed(prefix):
            search.revert(code, record)  # type: ignore[arg-type]
    return line


Moved = tuple[int, int]  # the card at the bottom of what a move takes, the card it lands on (-1: none, or no card move)


def _cards_moved(search: "Search", line: list[int]) -> list[Moved]:
    """For each move of ``line`` (from the search's position), what it moves
    onto what (``Moved``); the position is left as it was."""
    piles, pair_base = search.piles, search.fast.shape.pair_base
    found: list[Moved] = []
    played = []
    try:
        for code in line:
            if code < pair_base:
                s, t, count = search.source_of[code], search.target_of[code], search.count_of[code]
                found.append((piles[s][-count], piles[t][-1] if piles[t] else -1))
            else:
                found.append((-1, -1))
            played.append((code, search.apply(code)))
    except KeyboardInterrupt:
        played.clear()  # (as in _walk)
        raise
    finally:
        for code, record in reversed(played):
            search.revert(code, record)
    return found


def _without(search: "Search", tail: list[int], moved: list[Moved]) -> Optional[tuple[list[int], list[Moved]]]:
    """``tail`` played from here (a move of the line before it left out),
    each card move taking its card (``moved``) from where it lies now onto
    the card it landed on: the moves played and what they moved, or None
    where one is not legal or the line no longer wins.  The position is
    left as it was."""
    fast, n, pair_base = search.fast, search.n, search.fast.shape.pair_base
    piles = search.piles
    kept: list[int] = []
    kept_moved: list[Moved] = []
    played = []

    def pile_of(c: int) -> int:
        return next(p for p, pile in enumerate(piles) if c in pile)

    try:
        for code, (bottom, onto) in zip(tail, moved):
            if code < pair_base:
                count, t = search.count_of[code], search.target_of[code]
                s = pile_of(bottom)
                if onto >= 0:
                    t = pile_of(onto)
                if s == t:
                    continue  # the card lies there already
                code = ((count - 1) * n + s) * n + t
            if code not in fast.move_codes():
                return None
            kept_moved.append((bottom, onto))
            played.append((code, search.apply(code)))
            kept.append(code)
        won = fast.won() if search.declares_win else search.home == search.game.card_count
        return (kept, kept_moved) if won else None
    except KeyboardInterrupt:
        played.clear()  # (as in _walk)
        raise
    finally:
        for code, record in reversed(played):
            search.revert(code, record)
