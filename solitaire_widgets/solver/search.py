"""Best-first search with a transposition table, on the engine's lean path.

The search plays the game's own rule code (``Game._move_codes``,
``_lean_apply``/``_lean_revert``) on a private copy, so it never holds a
second copy of the rules.  It knows the whole deck ("thoughtful" solitaire:
the stock order and face-down cards are known to it).

* Transposition table on ``Game._search_key()``, a canonical key: foundations
  by top card in any order, interchangeable piles sorted, cards by rank where
  suits never matter.  It also stops every loop (Cruel's redeals, Midshipman's
  lone card shuttled between empty piles, Bobby's passes: each key is expanded
  once).
* Best first: of all positions met and not yet expanded, the search expands
  the one that looks best: cards home, minus the cards still in the stock and
  waste, minus ``KNOT_WEIGHT`` for every knot, a tableau or reserve card that
  must leave before a card beneath it could go home.  Where foundations are
  built by rank in any suit, that is a card lying directly on a lower one;
  where they are built in suit, a card lying anywhere above a lower card of
  its own suit.  Some games' values also keep pace (``PACES``): in Bobby,
  whose cards home say nothing of how far a pass has gone, cards still to
  come in the stock count for nothing, cards passed over onto the waste
  count 0.8 each against the position, and each redeal made 16; in Cruel
  each redeal counts as 10; in Frog each stock card as 3, so the search
  goes through the stock early; in Midshipman each move on the line from
  the start counts 0.35 (a weighted A*'s path cost), so a long line of
  shuffles looks worse than a short one to the same cards home.  Among
  equals the newest goes first, so it dives like a depth-first search
  until a line turns bad.
* Two passes.  A *guided* pass first follows how the game is usually won
  (``GUIDES``: in Cruel a card that can go home goes at once, as the only
  child; in Frog, Leap Year and Midshipman the stock waits while a card can
  go home, and Frog's waste card avoids tying a knot where it can).  It
  finds most wins in a fraction of the positions, but it skips lines, so
  when it runs out of positions having skipped any, a *complete* pass
  searches again from the start with what is left of the budget.  Only a
  complete pass (or a guided one that skipped nothing) proves a loss: every
  position is expanded once, as in a depth-first search.
* Dead ends: a position proved lost without searching it is dropped
  unexpanded (``_dead_end``), in the complete pass as well as the guided
  one.  Where foundations climb by rank in any suit and tableau cards only
  ever go home (Frog, Leap Year): some rank can never be completed
  (``_rank_stuck``).  Where they walk the ranks up or down, king and ace
  joined (Bobby): the foundations' walks cannot take every card left,
  whatever their order (``_walks_cut_off``), or, in the last pass, the
  waste's cards, which must go home top first, in that order
  (``_waste_out_of_reach``).  Where a redeal deals a
  pile's bottom cards back in place (Cruel's t0, gathering in order): one
  of them can neither go home nor onto a pile, so it never leaves
  (``_bottom_locked``).
* Safe automatic moves: a card no other card can ever need goes home at once,
  as the only child of its position (see ``_safe_home``).
* Symmetry: of several foundations with the same top, or several empty
  interchangeable piles, a card tries only the first.
* Move ordering among a position's children (and the hint's heuristic):
  moves home first, then moves that turn a card up or empty a pile, then
  other card moves (onto a pile that takes any card, the one whose top ranks
  closest at or above the card), stock actions last.

>>> import solitaire_widgets as sw
>>> s = sw.solve(sw.Bobby(seed=3), max_states=20_000, time_limit=None)
>>> s.status in ("won", "lost", "unknown") and s.states > 0
True
"""

from __future__ import annotations

import functools
import heapq
import time
from dataclasses import dataclass, field
from numbers import Real
from operator import sub
from typing import Callable, Collection, Iterable, Optional, Sequence, cast

from ..arguments import whole_number
from ..cards import FACE, RANK, SUIT
from ..game import ANY, Game
from ..moves import Move
from .reasons import OutOfReach, why_lost

CHECK_EVERY = 256  # states between looks at the clock and the progress callback
KNOT_WEIGHT = 3  # a knotted card counts against a position as much as 3 cards short of home
SHOWN_MOVES = 30  # of a winning line, in a notebook's view of a Solution
REPR_MOVES = 5  # of a winning line, in its one-line repr
# Solution.stopped_by -> what the text says
STOPPED_BY = {"time": "stopped by the time limit", "states": "stopped by the state budget",
              "stopped": "stopped by stop()", "interrupt": "interrupted by Ctrl-C"}


@dataclass(frozen=True)
class Guide:
    """How a game's guided pass trims each position's moves.

    ``home_alone``: a move home is the position's only child.
    ``home_before_stock``: no stock action while a card can go home.
    ``no_new_knots``: a card goes onto the tableau only where it ties no
    knot, when such a place exists.
    """

    home_alone: bool = False
    home_before_stock: bool = False
    no_new_knots: bool = False


# Seeds 0-999 at 5,000 positions (docs/solver.md), wins without and with the
# guided pass: Cruel 583 -> 766, Leap Year 6 -> 37, Midshipman 194 -> 247,
# Frog 288 -> 329 (302 without no_new_knots).  Bobby has none: holding cards
# on the waste is its game.
GUIDES = {
    "cruel": Guide(home_alone=True),
    "frog": Guide(home_before_stock=True, no_new_knots=True),
    "leap_year": Guide(home_before_stock=True),
    "midshipman": Guide(home_before_stock=True),
}


@dataclass(frozen=True)
class Pace:
    """How a game's position value counts the stock and the redeals, in
    cards short of home.

    ``stock``: what each card still in the stock counts against a position;
    None (the default): 1, or 0 where a stock action puts cards straight
    home (a draw onto a foundation), as drawing one is then no more
    progress than playing a card home.
    ``waste``: what each card passed over onto the waste counts.
    ``per_redeal``: what each redeal made so far counts against it.
    ``per_move``: what each move on the line from the search's start counts
    against it (the path cost of a weighted A*): a long line of shuffles
    looks worse than a short one to the same cards home.
    """

    stock: Optional[float] = None
    waste: float = 1.0
    per_redeal: float = 0.0
    per_move: float = 0.0


# Bobby's stock and waste hold every card not home, so without a pace its
# value is just cards home and the search dives into passes that cannot win;
# Cruel's pace plays out its packets before gathering them again; Frog's goes
# through the stock early.  Wins, seeds 0-199 (tuned there, checked on
# 200-399): Bobby 15 -> 93 at 40,000 positions, Cruel 142 -> 157 and Frog
# 77 -> 103 at 5,000.  Past the best per_redeal wins fall fast, as the search
# stays in a pass until its budget is gone.  Bobby's waste at 0.8 and
# redeals at 16 (with its dead-end test; 1 and 20 before): 121 -> 150 wins
# at 20,000 positions, 165 -> 172 at 40,000, 24 -> 41 with redeal="turn".
# Midshipman's cost per move: 77 -> 111 wins at 30,000 positions (seeds
# 200-399: 77 -> 120), 47 -> 76 of seeds 0-99 at 100,000; at 5,000 it loses
# a few (56 -> 47), where diving deep finds the easy wins sooner.
# The sweeps, and the weights Leap Year keeps, are in docs/solver.md.
PACES = {
    "bobby": Pace(stock=0.0, waste=0.8, per_redeal=16.0),
    "cruel": Pace(per_redeal=10.0),
    "frog": Pace(stock=3.0),
    "midshipman": Pace(per_move=0.35),
}


@dataclass(frozen=True, repr=False)
class Solution:
    """What ``solve`` found.

    ``status`` is ``"won"`` (``moves`` is a winning line, checked by replaying
    it on a copy), ``"lost"`` (every line was searched: no win exists) or
    ``"unknown"`` (a limit, ``stop()`` or Ctrl-C ended the search first;
    ``stopped_by`` says which: ``"time"``, ``"states"``, ``"stopped"`` or
    ``"interrupt"``).  ``states`` counts
    the positions searched, ``seconds`` the time taken, ``cards_home`` the
    most cards on the foundations in any position reached.  ``reason``
    says in one sentence why no win exists when the status is ``"lost"``
    ("K♠ can never leave t0, as …", "every line was searched"),
    and ``reason_cards`` holds the ids (``Game.card_ids``) of the cards it
    is about, if any, for a view to mark (K♠ and 7♠ there).
    """

    status: str
    moves: tuple[Move, ...] = ()
    states: int = 0
    seconds: float = 0.0
    cards_home: int = 0
    stopped_by: Optional[str] = field(default=None)  # "time", "states", "stopped", "interrupt"
    reason: str = ""
    reason_cards: tuple[int, ...] = ()

    def __str__(self) -> str:
        if self.status == "won":
            head = f"winnable in {len(self.moves)} moves"
        elif self.status == "lost":
            head = f"no win exists from here: {self.reason}" if self.reason else "no win exists from here"
        else:
            head = f"not decided ({STOPPED_BY.get(self.stopped_by or '', f'stopped by {self.stopped_by}')})"
        return f"{head} ({self.states:,} state{'s' * (self.states != 1)}, {self.seconds:.2f} s)"

    def __repr__(self) -> str:
        """One line: the verdict, the length and first moves of a winning
        line, the states searched and the time.

        >>> import solitaire_widgets as sw
        >>> s = sw.solve(sw.Cruel(seed=1), time_limit=None, max_states=5_000)
        >>> repr(s)  # doctest: +ELLIPSIS
        '<Solution won: 78 moves (t4 t11, t4 f3, t4 t3, t4 t0, redeal, …), 596 states, ... s>'
        """
        if self.status == "won":
            line = ", ".join(str(move) for move in self.moves[:REPR_MOVES])
            more = ", …" if len(self.moves) > REPR_MOVES else ""
            head = f"won: {len(self.moves)} move{'s' * (len(self.moves) != 1)} ({line}{more})"
        elif self.status == "lost":
            head = f"lost: {self.reason}" if self.reason else "lost"
        else:
            head = f"unknown, {STOPPED_BY.get(self.stopped_by or '', f'stopped by {self.stopped_by}')}"
        return f"<Solution {head}, {self.states:,} state{'s' * (self.states != 1)}, {self.seconds:.2f} s>"

    def _repr_markdown_(self) -> str:
        """In a notebook: the verdict in bold, then the winning line (its
        first ``SHOWN_MOVES`` moves) instead of the dataclass's long repr."""
        text = f"**{self}**"
        if self.moves:
            line = " ".join(f"`{move}`" for move in self.moves[:SHOWN_MOVES])
            text += f"\n\n{line}{' …' if len(self.moves) > SHOWN_MOVES else ''}"
        return text


def walks_cannot_take(outside: Sequence[int], tops: Sequence[int]) -> bool:
    """True when no walks from ``tops`` could take every card left.

    ``outside[r - 1]`` is how many rank-r cards are left; each top (a rank)
    starts a walk that steps one rank up or down at a time, king and ace
    joined, taking a card of each rank it steps on.  A rank with no card
    left and no top cuts the circle: no walk crosses it.  Each arc between
    cuts that holds cards needs a walk starting in it, and its walks must
    take each rank's cards exactly: if they step between ranks r and r + 1
    ``x[r]`` times in all, they enter rank r once per card and leave it as
    often, plus once per walk starting there, less once per walk ending
    there, so ``x[r - 1] + x[r] = 2·cards + starts - ends``.  On an arc the
    ends fix every ``x``: the test tries each place the walks could end.  It
    examines arcs of one or two walks, not a circle without a cut; where it
    does not examine, it answers False (not proved).

    >>> walks_cannot_take([0, 1, 1, 1] + [0] * 9, [5])  # from 5: 4, 3, 2
    False
    >>> walks_cannot_take([0, 2, 1, 1] + [0] * 9, [5])  # the second 2 is out of reach
    True
    >>> walks_cannot_take([0, 1] + [0] * 11, [5, 9])  # 3 and 4 gone: 2 is cut off
    True
    """
    return _cut_off_arc(outside, tops) is not None


def _cut_off_arc(outside: Sequence[int], tops: Sequence[int]) -> Optional[list[int]]:
    """The ranks (in order round the circle) of an arc whose cards no walks
    from ``tops`` could take, or None (see ``walks_cannot_take``).

    >>> _cut_off_arc([0, 2, 1, 1] + [0] * 9, [5])
    [2, 3, 4, 5]
    """
    blocked = [n == 0 and rank not in tops for rank, n in enumerate(outside, start=1)]
    if not any(blocked):
        return None
    first = blocked.index(True)
    arc: list[int] = []  # the ranks (0-based) of the arc being read
    for step in range(1, 14):  # round the circle, back to the first cut
        r = (first + step) % 13
        if not blocked[r]:
            arc.append(r)
        elif arc:
            cards = [outside[i] for i in arc]
            starts = [j for j, i in enumerate(arc) for top in tops if top == i + 1]
            if not _arc_can_be_walked(cards, starts):
                return [i + 1 for i in arc]
            arc = []
    return None


def _arc_can_be_walked(cards: list[int], starts: list[int]) -> bool:
    """Whether walks from ``starts`` (indexes on a path of ranks) could take
    ``cards[j]`` cards at each place ``j`` (see ``walks_cannot_take``).

    ``free[j]``: the steps between places j and j + 1 if no walk ended on the
    path.  A walk ending at e takes one step there, gives one back at e + 1,
    takes one at e + 2 … (each ``x[j - 1] + x[j]`` is fixed), so each choice
    of ends is checked against tables of where the steps would first go
    below zero, instead of being worked out place by place.
    """
    if not any(cards):
        return True
    if not starts:
        return False
    if len(starts) > 2:
        return True  # not examined
    size = len(cards)
    free, x = [], 0
    for j, n in enumerate(cards):
        x = 2 * n + starts.count(j) - x
        free.append(x)

    def first_short(taken: list[int]) -> list[int]:
        """first[j]: the first place i ≥ j where free[i] < taken[i] (size: none)."""
        first = [size] * (size + 1)
        for j in range(size - 1, -1, -1):
            first[j] = j if free[j] < taken[j] else first[j + 1]
        return first

    # by the parity of the first end: what one end, or two ends an even
    # distance apart, take at each place from there on
    sign = [[1 if (j - q) % 2 == 0 else -1 for j in range(size)] for q in (0, 1)]
    untouched = first_short([0] * size)
    one_end = [first_short(sign[q]) for q in (0, 1)]
    if len(starts) == 1:
        for e in range(size):
            if untouched[0] < e:
                break  # the steps before e already go below zero
            q = e % 2
            if one_end[q][e] == size and free[-1] == sign[q][-1]:
                steps = free[:e] + [free[j] - sign[q][j] for j in range(e, size)]
                if _every_card_reached(cards, starts, steps):
                    return True
        return False
    two_ends = [first_short([2 * t for t in sign[q]]) for q in (0, 1)]
    for e1 in range(size):
        if untouched[0] < e1:
            break
        q = e1 % 2
        for e2 in range(e1, size):
            if one_end[q][e1] < e2:
                break  # between the ends the steps go below zero
            if (e2 - e1) % 2:  # the two ends' takes cancel after e2
                if untouched[e2] < size or free[-1] != 0:
                    continue
                tail = free[e2:]
            else:
                if two_ends[q][e2] < size or free[-1] != 2 * sign[q][-1]:
                    continue
                tail = [free[j] - 2 * sign[q][j] for j in range(e2, size)]
            steps = free[:e1] + [free[j] - sign[q][j] for j in range(e1, e2)] + tail
            if _every_card_reached(cards, starts, steps):
                return True
    return False


def _every_card_reached(cards: list[int], starts: list[int], steps: list[int]) -> bool:
    """Whether every stretch of the path joined by steps holds a start if it
    holds a card."""
    has_start = has_card = False
    for j, (n, x) in enumerate(zip(cards, steps)):
        has_start = has_start or j in starts
        has_card = has_card or n > 0
        if x == 0:  # no step from j to j + 1: a stretch ends here
            if has_card and not has_start:
                return False
            has_start = has_card = False
    return True


def check_limits(time_limit: Optional[float], max_states: Optional[int]) -> None:
    """Refuse a search budget that is not one: ValueError saying what is wrong.

    >>> check_limits(0.5, None)
    >>> check_limits("1", None)
    Traceback (most recent call last):
    ...
    ValueError: time_limit must be a positive number of seconds or None, not '1'
    """
    if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, Real)
                                   or not time_limit > 0):
        raise ValueError(f"time_limit must be a positive number of seconds or None, not {time_limit!r}")
    if max_states is not None and not whole_number(max_states, at_least=1):
        raise ValueError(f"max_states must be a whole number ≥ 1 or None, not {max_states!r}")


@functools.cache
def _lower_in_suit(cards: int) -> list[frozenset[int]]:
    """For each card id of a deal of ``cards`` cards, the ids of the lower
    cards of its suit.

    >>> sorted(_lower_in_suit(52)[2])  # 3♠: A♠ and 2♠
    [0, 1]
    """
    by_suit: dict[str, list[int]] = {}
    for card in range(cards):
        by_suit.setdefault(SUIT[card], []).append(card)
    return [frozenset(low for low in by_suit[SUIT[card]] if RANK[low] < RANK[card]) for card in range(cards)]


@functools.cache
def _follows(stock_ranks: int) -> tuple[int, ...]:
    """For each rank a (index 1-13), the ranks (a bit mask, bit r for rank
    r) a foundation topped by a could take next if it may first step, as
    often as it likes, through the ranks in ``stock_ranks`` (bit r set: the
    stock holds a rank-r card), one rank at a time, K and A joined.

    >>> bin(_follows(0)[5])  # no stock: 4 or 6
    '0b1010000'
    >>> bin(_follows(1 << 6 | 1 << 7)[5])  # to 6 or 7 first: 4, 5, 6, 7 or 8
    '0b111110000'
    """
    def free(rank: int) -> bool:
        return bool(stock_ranks >> rank & 1)

    if all(free(r) for r in range(1, 14)):  # every stretch is the whole circle
        return (0,) + ((1 << 14) - 2,) * 13  # bits 1-13: any rank
    follows = [0]
    for a in range(1, 14):
        stretch = [a]
        up, down = a % 13 + 1, (a - 2) % 13 + 1
        while free(up):
            stretch.append(up)
            up = up % 13 + 1
        while free(down):
            stretch.append(down)
            down = (down - 2) % 13 + 1
        mask = 0
        for r in stretch:
            mask |= 1 << (r % 13 + 1) | 1 << ((r - 2) % 13 + 1)
        follows.append(mask)
    return tuple(follows)


class _Stop(Exception):
    def __init__(self, reason: str) -> None:
        self.reason = reason


class Search:
    """One search from a copy of ``game``'s position (``run()`` once)."""

    def __init__(self, game: Game, *, time_limit: Optional[float] = 1.0, max_states: Optional[int] = None,
                 progress: Optional[Callable[[int, float], None]] = None,
                 stop: Optional[Callable[[], bool]] = None, avoid: Iterable[bytes] = ()) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"the solver needs a game (sw.Cruel(seed=1), sw.new_game('frog'), "
                            f"or a table's widget.game), not {game!r}")
        check_limits(time_limit, max_states)
        if progress is not None and not callable(progress):
            raise TypeError(f"progress must be a function progress(states, seconds) or None, not {progress!r}")
        if stop is not None and not callable(stop):
            raise TypeError(f"stop must be a function stop() -> bool or None, not {stop!r}")
        self.game = g = game.copy(history=False)
        self.time_limit = None if time_limit is None else float(time_limit)
        self.max_states = None if max_states is None else int(max_states)
        self.progress = progress
        self.stop = stop
        cls = type(g)
        n = len(g.PILES)
        self.n = n
        self.base = cls._ACTION_BASE
        self.foundations = frozenset(cls._FOUNDATIONS)
        self.interchangeable = frozenset(cls._INTERCHANGEABLE)
        # move code -> the foundation it puts a card on, else None: a card
        # move's target, or a draw's (a draw may turn a card straight home)
        targets = [c % n if c < self.base else cls._DRAW_CODES.get(c, (None, None))[1]
                   for c in range(self.base + len(g.ACTION_NAMES))]
        self.home_pile = [t if t in self.foundations else None for t in targets]
        self.to_home = [t is not None for t in self.home_pile]
        keys = cls._KEYS
        self.keys = keys
        # Cards reach the foundations only by card moves their rules accept
        # (no stock action puts one there, as a draw onto a foundation
        # would): what the safe moves and the dead-end tests reason from.
        home_by_rules = not any(f in g._action_piles(a) for a in g.ACTION_NAMES for f in cls._FOUNDATIONS)
        # Safe moves also need no redeal whose new order a card leaving the
        # tableau early could change.
        self.safe_moves = home_by_rules and not g._may_redeal()
        # source pile -> the tableau piles (not foundations) its card may go to
        self.tableau_routes = [
            tuple(t for t in range(n) if cls._CODE_GRID[s][t] is not None and t not in self.foundations)
            for s in range(n)]
        self.copies = [0] * 256  # cards of each key in the deal
        for c in range(g._N):
            self.copies[keys[c]] += 1
        self.home_count = [0] * 256  # cards of each key on the foundations
        for f in cls._FOUNDATIONS:
            for c in g._piles[f]:
                self.home_count[keys[c]] += 1
        self.home = sum(self.home_count)
        # Tableau and reserve piles: a knotted card (``_knots_at_top``) must leave
        # before a card beneath it can go home; the search prefers fewer.
        self.knotted_piles = frozenset(i for i, p in enumerate(g.PILES) if g.ROLES[p] in ("tableau", "reserve"))
        self.knots_in_suit = keys is not RANK  # foundations built in suit
        # each card's lower cards of its suit: any of them under it makes it a knot
        self.lower_in_suit = _lower_in_suit(g._N) if self.knots_in_suit else []
        self.unplayed = [i for i, p in enumerate(g.PILES) if g.ROLES[p] in ("stock", "waste")]
        self.pace = PACES.get(g.name, Pace())
        self.stock_weight = self.pace.stock if self.pace.stock is not None else 1.0 if home_by_rules else 0.0
        self.stock = next((i for i, p in enumerate(g.PILES) if g.ROLES[p] == "stock"), None)
        self.passed = [i for i in self.unplayed if i != self.stock]  # the waste: its cards count pace.waste
        self.knots = sum(self._knots_in(i) for i in self.knotted_piles)
        # Each stock action's knotted piles (recounted when it is played), and
        # whether they are all of them (then the count before is self.knots).
        self.action_knots: dict[int, tuple[tuple[int, ...], bool]] = {}
        for a, name in enumerate(g.ACTION_NAMES):
            piles = tuple(i for i in g._action_piles(name) if i in self.knotted_piles)
            self.action_knots[self.base + a] = (piles, set(piles) == self.knotted_piles)
        # Piles whose cards only ever leave for a foundation (Frog's reserve
        # and columns, Leap Year's tableau): their order is final, which the
        # dead-end test (``_rank_stuck``) reasons about.  Only without redeals,
        # which gather them again.
        self.final_piles = tuple(i for i in cls._SOURCES
                                 if i not in self.unplayed and not self.tableau_routes[i])
        # Stock actions that only move cards between stock and waste (Frog's
        # draw, Bobby's draw and redeal) change nothing a dead-end test reads:
        # no need to test again.
        self.quiet_actions = frozenset(self.base + a for a, name in enumerate(g.ACTION_NAMES)
                                       if set(g._action_piles(name)) <= set(self.unplayed))
        self._dead_end_test: Optional[Callable[[], object]] = None
        if not home_by_rules:
            pass  # every proof below assumes it
        elif self.final_piles and not g._may_redeal() and self._foundations_climb_by_rank():
            self._dead_end_test = self._rank_stuck
        elif self._foundations_walk_the_ranks():
            self._dead_end_test = self._walks_blocked
        elif (kept := g._redeal_keeps_bottom()) is not None and self._builds_in_suit_by_one():
            self.kept_pile, self.kept_size = kept
            self._dead_end_test = self._bottom_locked
        # The one pile passed over whose cards only ever go home (Bobby's
        # waste): in the last pass they leave it in order (_waste_out_of_reach).
        homeward = [i for i in self.passed if not self.tableau_routes[i]]
        self.waste = homeward[0] if len(homeward) == 1 and self.stock is not None else None
        # Every pile but the foundations: where the cards left lie (_walks_cut_off).
        self.off_foundations = tuple(i for i in range(n) if i not in self.foundations)
        self.guide = GUIDES.get(g.name)
        self.guided = False  # True during the guided pass
        self.skipped = False  # the guided pass left out a legal move
        self.states = 1  # positions searched: the start, then each new one met
        self.best = self.home  # most cards home in any position met
        self.best_line: list[int] = []  # the moves to the first position with that many
        # Positions (search keys) never to enter, as if met already: a hint
        # avoids the positions its game has been through.  A "lost" that
        # avoided one proves nothing (``avoided``).
        self.avoid = frozenset(avoid) - {g._search_key()}
        self.avoided = False
        self.started = 0.0

    # --- one position's children ----------------------------------------
    def _outside(self, key: int) -> int:
        return self.copies[key] - self.home_count[key]

    def _safe_home(self, code: int, foundation_wants: dict) -> bool:
        """True when playing ``code`` (a card onto a foundation) can never hurt:
        no other copy competes for the foundations that take it, the
        foundation gives up nothing another card needs, and no card still out
        could be built on it where it lies.  ``foundation_wants``: each
        foundation's ``_wants`` in this position."""
        g = self.game
        s, f = divmod(code, self.n)
        key = self.keys[g._piles[s][-1]]
        takers = 0
        for wants in foundation_wants.values():
            if wants is ANY:
                return False
            if key in wants:
                takers += 1
        if self._outside(key) > takers:
            return False
        if any(k != key and self._outside(k) for k in foundation_wants[f]):
            return False
        if s in g._TARGETS:
            wants = g._wants(s)
            if wants is ANY:
                record = g._lean_apply(code)
                after = g._wants(s)
                g._lean_revert(record)
                return after is ANY
            return not any(self._outside(k) for k in wants)
        # A card that may still go onto the tableau (Midshipman's waste card)
        # could become the base another card needs there: ask each pile it
        # may go to what it would take with this card on top.
        card = g._piles[s][-1]
        for t in self.tableau_routes[s]:
            g._piles[t].append(card)
            wants = g._wants(t)
            g._piles[t].pop()
            if wants is not ANY and any(self._outside(k) for k in wants):
                return False
        return True

    def children(self) -> list[int]:
        """The moves to try from here, best first (one when a safe move exists)."""
        g = self.game
        piles, down, keys, n = g._piles, g._down, self.keys, self.n
        codes = g._move_codes()
        ranked: list[tuple[float, int]] = []
        tried: set = set()
        foundation_wants = None  # worked out once, at the first move home
        for code in codes:
            if code >= self.base:
                ranked.append((0, code))
                continue
            s, t = divmod(code, n)
            if t in self.foundations:
                if self.safe_moves:
                    if foundation_wants is None:
                        foundation_wants = {f: g._wants(f) for f in g._FOUNDATIONS}
                    if self._safe_home(code, foundation_wants):
                        return [code]
                sym: Optional[tuple] = (s, "f", keys[piles[t][-1]] if piles[t] else -1)
                score: float = 4
            elif t in self.interchangeable and not piles[t]:
                if len(piles[s]) == 1 and s in self.interchangeable:
                    continue  # a lone card to another empty pile changes nothing
                sym = (s, "empty")
                score = 1
            else:
                sym = None
                # onto a pile that takes any card: cover the lowest card
                # that ranks at or above this one, so it comes off first
                gap = RANK[piles[t][-1]] - RANK[piles[s][-1]] if piles[t] else 13
                score = 2 + (0.5 - gap / 32 if gap >= 0 else gap / 32)
            if sym is not None:
                if sym in tried:
                    continue
                tried.add(sym)
            left = len(piles[s]) - 1
            if left and left == down[s]:
                score += 2  # turns a card up
            elif not left and s not in self.interchangeable:
                score += 1
            ranked.append((score, code))
        ranked.sort(key=lambda pair: -pair[0])  # stable: engine order among equals
        children = [code for _, code in ranked]
        if self.guided:
            children = self._guided(children)
        return children

    def moves_in_order(self) -> list[int]:
        """Every move worth trying here, best first: ``children()``, or the
        engine's order where that leaves every legal move out as changing
        nothing (a lone card to another empty pile)."""
        return self.children() or self.game._move_codes()

    def first_onward(self, passed: Collection[bytes]) -> Optional[int]:
        """The first move of ``moves_in_order()`` whose position (search
        key) is not in ``passed``, or None when every move's is.  Used by
        hints and the greedy player, so neither goes back to a position it
        has been in."""
        g = self.game
        for code in self.moves_in_order():
            record = self.apply(code)
            key = g._search_key()
            self.revert(code, record)
            if key not in passed:
                return code
        return None

    def _guided(self, children: list[int]) -> list[int]:
        """``children`` trimmed by the game's guide; notes whether any went."""
        guide = self.guide
        assert guide is not None  # only the guided pass trims
        kept = children
        if any(c < self.base and self.to_home[c] for c in kept):  # a card can go home (not a draw)
            if guide.home_alone:
                kept = [next(c for c in kept if c < self.base and self.to_home[c])]
            elif guide.home_before_stock:
                kept = [c for c in kept if c < self.base]
        if guide.no_new_knots:
            untied = [c for c in kept if not self._ties_knot(c)]
            if any(c < self.base and not self.to_home[c] for c in untied):
                kept = untied
        if len(kept) < len(children):
            self.skipped = True
        return kept

    def _ties_knot(self, code: int) -> bool:
        """True when ``code`` puts a card onto a knotted pile as a knot."""
        if code >= self.base or self.to_home[code]:
            return False
        s, t = divmod(code, self.n)
        pile = self.game._piles[t]
        pile.append(self.game._piles[s][-1])
        knotted = self._knots_at_top(t)
        pile.pop()
        return bool(knotted)

    def _knots_in(self, i: int) -> int:
        """The knotted cards in pile ``i`` (see the module's docstring)."""
        pile = self.game._piles[i]
        if not self.knots_in_suit:
            return sum(RANK[high] > RANK[low] for low, high in zip(pile, pile[1:]))
        # One pass up the pile, holding each suit's lowest card so far: a card
        # above a lower one of its suit is knotted (``_knots_at_top``, without
        # looking back down the pile for every card).  A suit's faces run
        # 13·suit … 13·suit + 12 by rank, so faces compare as ranks do.
        lowest = [13, 26, 39, 52]  # past each suit's highest face: nothing yet
        knots = 0
        for card in pile:
            face = FACE[card]
            suit = face // 13
            if lowest[suit] < face:
                knots += 1
            else:
                lowest[suit] = face
        return knots

    def _knots_at_top(self, i: int) -> int:
        """1 when pile ``i`` is knotted and its top card is a knot: it must
        leave before a card beneath it could go home."""
        if i not in self.knotted_piles:
            return 0
        pile = self.game._piles[i]
        if len(pile) < 2:
            return 0
        top = pile[-1]
        if self.knots_in_suit:
            # a set test runs in C; the top is never in its own set
            return 0 if self.lower_in_suit[top].isdisjoint(pile) else 1
        return 1 if RANK[top] > RANK[pile[-2]] else 0

    def _foundations_climb_by_rank(self) -> bool:
        """True when every foundation takes an ace when empty, then one rank
        up at a time in any suit: asked of the game's own ``_wants``."""
        return self._foundations_take({1}, lambda rank: {rank + 1} if rank < 13 else set())

    def _foundations_walk_the_ranks(self) -> bool:
        """True when every foundation takes any card when empty, then one
        rank up or down in any suit, king and ace joined: asked of the game's
        own ``_wants``."""
        return self._foundations_take(ANY, lambda rank: {rank % 13 + 1, (rank - 2) % 13 + 1})

    def _foundations_take(self, when_empty: object, on_rank: Callable[[int], set]) -> bool:
        """True when the game's keys are ranks and every foundation's
        ``_wants`` is ``when_empty`` (ANY or a set of ranks) when empty and
        ``on_rank(r)`` with a card of rank r on it, for every rank."""
        if self.keys is not RANK:
            return False
        return all(self._wants_on(f, None) == when_empty
                   and all(self._wants_on(f, card) == on_rank(RANK[card]) for card in range(13))  # A♠ … K♠
                   for f in self.game._FOUNDATIONS)

    def _builds_in_suit_by_one(self) -> bool:
        """True when the game plays one deck whose keys are faces, its cards
        come only from tableau piles, every foundation takes the aces when
        empty and then the next card up in suit, and a tableau card takes
        only the next card down in its suit: asked of the game's own
        ``_wants``."""
        g = self.game
        if self.keys is not FACE or g.decks != 1 or not set(g._SOURCES) <= set(g._TABLEAU):
            return False
        aces = {face for face in range(52) if RANK[face] == 1}
        # One deck: card c is face c, and the face one up (down) in its suit is c + 1 (c - 1).
        return (all(self._wants_on(f, None) == aces
                    and all(self._wants_on(f, c) == ({c + 1} if RANK[c] < 13 else set()) for c in range(52))
                    for f in g._FOUNDATIONS)
                and all(self._wants_on(t, c) == ({c - 1} if RANK[c] > 1 else set())
                        for t in g._TABLEAU for c in range(52)))

    def _wants_on(self, i: int, card: Optional[int]) -> object:
        """What pile ``i`` would take holding only ``card`` (None: empty):
        ANY or a set of keys, asked of the game's own ``_wants``."""
        g = self.game
        kept = g._piles[i]
        try:
            g._piles[i] = [] if card is None else [card]
            wants = g._wants(i)
            return wants if wants is ANY else set(wants)
        finally:
            g._piles[i] = kept

    def _bottom_locked(self) -> Optional[tuple[int, int, Optional[int]]]:
        """Cards at the bottom of the pile every redeal keeps
        (``Game._redeal_keeps_bottom``: Cruel's t0, its bottom four) that can
        never leave, a proof of loss: the card that stays, the lower card of
        its suit it covers, and the card one rank up it covers (None for a
        king); None when there is no such card.

        Where cards build down in suit one rank at a time and go home up in
        suit, take a card c among those bottom cards with, under it in the
        pile, a lower card of its suit (so c cannot go home while they stay)
        and either c is a king or the card one rank above it lies under it
        too (so c has nowhere to go on the tableau).  Then neither c nor any
        card under it can be the first of them to leave: the cards under c
        are covered by it.  Redeals deal them back in place, since none of
        the cards before them in the gathered sequence ever leaves.  So the
        lower card under c never goes home.

        >>> import solitaire_widgets as sw
        >>> Search(sw.Cruel(seed=1))._bottom_locked() is None
        True
        >>> Search(sw.Cruel(seed=4))._bottom_locked()  # K♠ over 7♠ in t0
        (12, 6, None)
        """
        bottom = self.game._piles[self.kept_pile][:self.kept_size]
        faces = [FACE[card] for card in bottom]
        for p, face in enumerate(faces):
            under = faces[:p]
            stuck = face % 13 == 12 or face + 1 in under  # a king, or its way up lies under it
            if stuck:
                for q, low in enumerate(under):
                    if low // 13 == face // 13 and low < face:
                        up = None if face % 13 == 12 else bottom[under.index(face + 1)]
                        return bottom[p], bottom[q], up
        return None

    def _dead_end(self) -> object:
        """What proves this position lost by the game's dead-end test (its
        witness, put in words by ``reasons.why_lost``), or None."""
        return None if self._dead_end_test is None else self._dead_end_test()

    @property
    def dead_ends(self) -> bool:
        """Whether this game has a dead-end test."""
        return self._dead_end_test is not None

    def _walks_blocked(self) -> Optional[object]:
        """Where foundations walk the ranks: ``_walks_cut_off``'s witness,
        else ``_waste_out_of_reach``'s, else None."""
        return self._walks_cut_off() or self._waste_out_of_reach()

    def _foundation_ranks(self) -> Optional[list[int]]:
        """The ranks of the foundations' top cards, or None while one is
        empty (its walk may start anywhere).

        >>> import solitaire_widgets as sw
        >>> Search(sw.Bobby(seed=0))._foundation_ranks() is None  # f1 starts empty
        True
        """
        piles = self.game._piles
        if not all(piles[f] for f in self.game._FOUNDATIONS):
            return None
        return [RANK[piles[f][-1]] for f in self.game._FOUNDATIONS]

    def _waste_out_of_reach(self) -> Optional[OutOfReach]:
        """In the last pass, a waste card no foundation can reach in its turn
        (a proof of loss), or None.

        With no redeal to come, the waste's cards (which only ever go home)
        leave it top first, so they go home in that order, whatever is
        played between them.  Between two of them the foundations can take
        only cards still in the stock: suppose they could take any number of
        those, of any rank the stock still holds, at any time.  Then a
        foundation topped by rank a can step to any rank of the stretch of
        stock ranks next to a, round the circle, and play a card one rank
        from there.  Following every choice of foundation for each waste
        card from the top (a set of the foundations' tops, at most 91 for
        two), if some waste card finds no foundation in every case, no line
        wins.  Not asked while a foundation is empty or a redeal may come.

        >>> import solitaire_widgets as sw
        >>> g = sw.Bobby(seed=0)
        >>> faces = lambda text: [sw.Card.parse(word).face for word in text.split()]
        >>> g._piles = [faces("8D"), faces("4H 3C"), faces("5S"), faces("9C")]  # stock, waste, f0, f1
        >>> g._redeals = 2  # the last pass
        >>> Search(g)._waste_out_of_reach()  # 3♣ goes first: no top, nor 8♦ from the stock, is next to it
        OutOfReach(card=41, above=0, tops=(5, 9))
        >>> g._redeals = 1  # a redeal to come: the waste is dealt again
        >>> Search(g)._waste_out_of_reach() is None
        True
        """
        g = self.game
        if self.waste is None or g._may_redeal():
            return None
        waste = g._piles[self.waste]
        tops = self._foundation_ranks()
        if tops is None:
            return None
        stock_ranks = 0
        for card in g._piles[cast(int, self.stock)]:
            stock_ranks |= 1 << RANK[card]
        follows = _follows(stock_ranks)
        reachable = {tuple(sorted(tops))}
        for above, card in enumerate(reversed(waste)):
            rank = RANK[card]
            after = set()
            for state in reachable:
                for i, top in enumerate(state):
                    if follows[top] >> rank & 1:
                        after.add(tuple(sorted(state[:i] + (rank,) + state[i + 1:])))
            if not after:
                return OutOfReach(card, above, tuple(tops))
            reachable = after
        return None

    def _walks_cut_off(self) -> Optional[tuple[list[int], list[int]]]:
        """When the foundations' walks cannot take every card left, the ranks
        of the stretch they cannot take and the foundations' tops; else None.

        Each foundation's future cards walk the ranks from its top, one rank
        up or down at a time; together the walks must take every card not
        home.  Ignoring the order the stock and waste give them in, this asks
        whether any walks could (``walks_cannot_take``).  Not asked while a
        foundation is empty: its walk may start anywhere.

        >>> import solitaire_widgets as sw
        >>> Search(sw.Bobby(seed=0))._walks_cut_off() is None
        True
        """
        g = self.game
        tops = self._foundation_ranks()
        if tops is None:
            return None
        left = b"".join(bytes(g._piles[i]) for i in self.off_foundations).translate(g._KEY_TABLE)
        arc = _cut_off_arc([left.count(rank) for rank in range(1, 14)], tops)
        return None if arc is None else (arc, tops)

    def _rank_stuck(self) -> Optional[int]:
        """A rank that can never be completed (a proof of loss), or None.

        Where foundations climb by rank, ``h[k]`` (the rank-k cards home)
        never exceeds ``h[j]`` for ``j < k``.  A card of rank r in a final
        pile leaves only after every card above it: each rank-t card above
        it (t ≥ r) first needs h[t] to grow, so h[r] with it.  So the card
        needs h[r] ≥ ``need``, the largest over ranks t ≥ r of h[t] + the
        rank-t cards above it.  Cards elsewhere (stock, waste) need only
        h[r]: once they are home, the k-th rank-r card of the final piles to
        go home finds h[r] = (rank-r cards not in them) + k, taking them in
        order of need.  If some card's need is beyond that, the rank is
        stuck.  Cards still to come onto these piles only add to the needs,
        so ignoring them keeps the test sound.  It looks only at ranks with
        at most one card left in the stock and waste: measured on Frog and
        Leap Year, almost every dead end is found there, and most ranks are
        skipped cheaply.

        >>> import solitaire_widgets as sw
        >>> Search(sw.LeapYear(seed=0))._rank_stuck() is None
        True
        """
        g = self.game
        home, copies = self.home_count, self.copies
        unplayed = b"".join(bytes(g._piles[i]) for i in self.unplayed).translate(g._KEY_TABLE)
        ranks = [r for r in range(1, 14) if home[r] < copies[r] and unplayed.count(r) < 2]
        if not ranks:
            return None
        needs: dict[int, list[int]] = {rank: [] for rank in ranks}
        table = g._KEY_TABLE
        for i in self.final_piles:
            # Reading the pile down from the top: reach[t] = h[t] + the rank-t
            # cards above the card looked at, and need[r] = the largest
            # reach[t] for t ≥ r, kept up to date as each card is passed (h
            # never grows with rank, so need starts as h).
            reach = home[:14]
            need = home[:14]
            need[0] = 1 << 30  # below rank 1: stops the lifting
            for rank in reversed(bytes(g._piles[i]).translate(table)):
                if rank in needs:
                    needs[rank].append(need[rank])
                reach[rank] += 1
                lifted, r = reach[rank], rank
                while need[r] < lifted:
                    need[r] = lifted
                    r -= 1
        for rank, waiting in needs.items():
            if not waiting:
                continue
            first = copies[rank] - len(waiting)  # h[rank] once every rank-r card elsewhere is home
            waiting.sort()
            # the k-th of these cards to go home finds h[rank] = first + k
            if max(map(sub, waiting, range(first, first + len(waiting)))) > 0:
                return rank
        return None

    def apply(self, code: int) -> tuple:
        """Play ``code`` on the search's game; return its undo record."""
        g = self.game
        if code < self.base:
            if self.knotted_piles:
                s, t = divmod(code, self.n)
                untied = self._knots_at_top(s)  # the card leaves its pile
                record = g._lean_apply(code)
                knots = self._knots_at_top(t) - untied  # and lands on another
            else:  # Bobby: nothing can be knotted
                record = g._lean_apply(code)
                knots = 0
        else:
            piles, all_piles = self.action_knots[code]
            if not piles:
                record = g._lean_apply(code)
                knots = 0
            else:
                before = self.knots if all_piles else sum(map(self._knots_in, piles))
                record = g._lean_apply(code)
                knots = sum(map(self._knots_in, piles)) - before
        self.knots += knots
        if self.to_home[code]:
            self.home += 1
            self.home_count[self.keys[g._piles[self.home_pile[code]][-1]]] += 1
        return record, knots

    def revert(self, code: int, record: tuple) -> None:
        """Take back ``code`` (the last move applied) from its record."""
        g = self.game
        if self.to_home[code]:
            self.home -= 1
            self.home_count[self.keys[g._piles[self.home_pile[code]][-1]]] -= 1
        engine_record, knots = record
        self.knots -= knots
        g._lean_revert(engine_record)

    # --- the search ----------------------------------------------------------
    def run(self) -> tuple[str, list[int], int, Optional[str]]:
        """(status, winning codes, most cards home, stop reason).

        The guided pass first when the game has a guide, then, if it ran out
        of positions having skipped a move, the complete pass.
        """
        self.started = time.perf_counter()
        try:
            if self.guide is not None:
                self.guided = True
                status, codes = self._best_first()
                self.guided = False
                if status == "won" or not self.skipped:
                    return status, codes, self.best, None
            status, codes = self._best_first()
            return status, codes, self.best, None
        except _Stop as stop:
            return "unknown", [], self.best, stop.reason
        except KeyboardInterrupt:
            return "unknown", [], self.best, "interrupt"

    def _best_first(self) -> tuple[str, list[int]]:
        """One pass from the start position: ("won", line) or ("lost", [])."""
        g = self.game
        n_cards = g._N
        deadline = None if self.time_limit is None else self.started + self.time_limit
        max_states = self.max_states
        dead_end = self._dead_end_test  # None: no test for this game
        seen = {g._search_key()} | self.avoid  # the start, counted once in ``states`` for both passes
        if self.home == n_cards:
            return "won", []
        # A node is (move code, parent node, depth); the root is None.  The
        # game sits on the node at the end of ``chain``.
        chain: list[tuple] = []
        records: list[tuple] = []
        frontier: list[tuple] = [(0.0, 0, None)]
        pushed = 0

        apply, revert = self.apply, self.revert
        per_move = self.pace.per_move

        def goto(node: Optional[tuple]) -> None:
            down = []
            while node is not None and (node[2] > len(chain) or chain[node[2] - 1] is not node):
                down.append(node)
                node = node[1]
            depth = 0 if node is None else node[2]
            while len(chain) > depth:
                revert(chain.pop()[0], records.pop())
            for step in reversed(down):
                records.append(apply(step[0]))
                chain.append(step)

        try:
            while frontier:
                node = heapq.heappop(frontier)[2]
                goto(node)
                if (dead_end is not None and (node is None or node[0] not in self.quiet_actions)
                        and dead_end() is not None):
                    continue  # lost: none of its lines can win
                depth = len(chain) + 1
                for code in reversed(self.children()):  # pushed last, tried first among equals
                    record = apply(code)
                    key = g._search_key()
                    if key in seen:
                        revert(code, record)
                        if key in self.avoid:
                            self.avoided = True
                        continue
                    seen.add(key)
                    self.states += 1
                    value = self._value()
                    home = self.home
                    revert(code, record)
                    child = (code, node, depth)
                    if home > self.best:
                        self.best = home
                        self.best_line = [step[0] for step in chain] + [code]
                        if home == n_cards:
                            return "won", self.best_line
                    pushed += 1
                    heapq.heappush(frontier, (per_move * depth - value, -pushed, child))
                    if self.states % CHECK_EVERY == 0:
                        self._check(deadline, max_states)
                    elif max_states is not None and self.states >= max_states:
                        raise _Stop("states")
            return "lost", []
        finally:
            goto(None)  # back to the start position, for the next pass or the caller

    def _value(self) -> float:
        """How good the game's position looks: the higher, the sooner expanded
        (less ``Pace.per_move`` for each move on the line to it)."""
        g = self.game
        value = self.home - KNOT_WEIGHT * self.knots - self.pace.waste * sum(len(g._piles[i]) for i in self.passed)
        if self.stock is not None:
            value -= self.stock_weight * len(g._piles[self.stock])
        return value - self.pace.per_redeal * g._redeals

    def _check(self, deadline: Optional[float], max_states: Optional[int]) -> None:
        now = time.perf_counter()
        if self.progress is not None:
            self.progress(self.states, now - self.started)
        if max_states is not None and self.states >= max_states:
            raise _Stop("states")
        if deadline is not None and now >= deadline:
            raise _Stop("time")
        if self.stop is not None and self.stop():
            raise _Stop("stopped")


def solve(game: Game, *, time_limit: Optional[float] = 1.0, max_states: Optional[int] = None,
          progress: Optional[Callable[[int, float], None]] = None,
          stop: Optional[Callable[[], bool]] = None) -> Solution:
    """Search for a win from ``game``'s current position; ``game`` is not changed.

    Stops after ``time_limit`` seconds or ``max_states`` positions, whichever
    comes first (None: no such limit).  For results that do not depend on the
    machine's speed pass ``time_limit=None, max_states=N``: the search is
    deterministic.  ``progress(states, seconds)`` is called now and then;
    ``stop()`` returning True ends the search (status ``"unknown"``).

    Ctrl-C (a notebook's Interrupt) ends the search too: ``solve`` returns
    what it found, status ``"unknown"`` with ``stopped_by="interrupt"``,
    instead of raising, so a long search stopped by hand still says how far
    it got.  A loop of searches of your own should stop on it (``if
    s.stopped_by == "interrupt": break``), as ``winnability`` does.

    >>> import solitaire_widgets as sw
    >>> g = sw.Cruel(seed=1)
    >>> s = sw.solve(g, time_limit=None, max_states=5_000)
    >>> s.status, g.history
    ('won', ())
    >>> replay = g.copy()
    >>> for m in s.moves: _ = replay.play(m)
    >>> replay.status
    'won'
    """
    return solution_of(game, Search(game, time_limit=time_limit, max_states=max_states, progress=progress, stop=stop))


def solution_of(game: Game, search: Search) -> Solution:
    """Run ``search`` (made from ``game``) and return its ``Solution``, a
    winning line checked by replaying it on a copy of ``game``."""
    status, codes, best, stopped_by = search.run()
    seconds = time.perf_counter() - search.started
    moves = tuple(cast(Move, type(game)._CODE_MOVES[c]) for c in codes)  # a line holds moves, never None
    if status == "won":
        replay = game.copy(history=False)
        for move in moves:
            replay.play(move)
        if replay.status != "won":  # pragma: no cover - would be an engine/solver bug
            raise AssertionError(f"the solver's line does not win {game!r}")
    why, cards = why_lost(search) if status == "lost" else ("", ())
    return Solution(status, moves, search.states, seconds, best, stopped_by, why, cards)
