"""Best-first search with a transposition table, on the engine's fast path.

The search plays the game's own rule code through the engine's fast path
(``FastPath.move_codes``, ``apply``/``revert``, see
``solitaire_widgets.fast_path``) on a private copy, so it never holds a
second copy of the rules.  It knows the
whole deck ("thoughtful" solitaire: the stock order and face-down cards are
known to it).

* Transposition table on ``FastPath.search_key()``, a canonical key: foundations
  by top card in any order, interchangeable piles sorted, cards by rank where
  suits never matter.  It also stops every loop (Cruel's redeals, Midshipman's
  lone card shuttled between empty piles, Bobby's passes: each key is expanded
  once).
* Best first: of all positions met and not yet expanded, the search expands
  the one that looks best: cards home, minus the cards still in the stock and
  waste, minus ``Pace.knot`` (3) for every knot, a tableau or reserve card that
  must leave before a card beneath it could go home.  Where foundations are
  built by rank in any suit, that is a card lying directly on a lower one;
  where they are built in suit, a card lying anywhere above a lower card of
  its own suit.  The game's ``PACE`` (``solitaire_widgets.strategy``) says
  what each card in the stock and on the waste, each redeal made, each
  move on the line from the start, each card in a free cell and each card
  lying on a card a foundation takes now and the cards under each tableau
  pile's top run count against a position, and what each card built in
  suit on the table counts for it (and, for Spider's kind, what each
  face-down card, each break in the runs and each card dealt out of the
  stock count against it, and each empty tableau pile for it).  Among equals
  the newest goes first, so it dives like a depth-first search until a line
  turns bad.
* Two passes.  A *guided* pass first follows how the game is usually won
  (the game's ``GUIDE``: a card that can go home goes at once, or the stock
  waits while one can, or a card avoids tying a knot where it can, or a
  run in suit stays together, ``_leaves_run`` and ``_in_suit_first``; and
  where no redeal gathers the piles, a card or part of a run moved
  between piles only to uncover a card that could then do nothing waits,
  ``_idle_moves``).  It
  finds most wins in a fraction of the positions, but it skips lines, so
  when it runs out of positions having skipped any, a *complete* pass
  searches again from the start with what is left of the budget.  Only a
  complete pass (or a guided one that skipped nothing) proves a loss: every
  position is expanded once, as in a depth-first search.
* Dead ends: a position proved lost without searching it by the game's
  dead-end test (``dead_ends``) is dropped unexpanded, in the complete pass
  as well as the guided one.
* Safe automatic moves: a card no other card can ever need goes home at once,
  as the only child of its position (see ``_safe_home``; a card in a free
  cell is asked about the piles it may still go to).  A card that could lie
  on it does not count where it could always go home itself instead, and
  so could every card that could lie on it (``_spare``, Solvitaire's safe
  moves, read from the declared builds).  A redeal that turns the waste
  over keeps these moves safe: the stock comes round in the same order.
  Where the game declares ``SAFE_HOME_IN_ONE_STEP``, the safe moves home
  after a move are played as part of it (``safe_chain``): the position
  after them is the one keyed and counted.
* The stock, where it only draws onto a waste of its own
  (``FastPath.drawn_stock``), is searched as the cards its draws reach
  (Solvitaire's "K+" moves): a position between two draws is searched only
  for its waste card's moves and the next draw, and is not kept in the
  table (it is counted: it costs what any other position does).  The draws
  go on until the stock and waste are back where they began, or at most to
  the second turn-over of the waste (with several cards a draw, a pass
  begun off the passes from the top never comes back).
* A move straight back to the position just left is not tried (``_back``).
* Symmetry: of several foundations with the same top, or several empty
  interchangeable piles, a card tries only the first.
* Move ordering among a position's children (and the hint's heuristic):
  moves home first, then moves that turn a card up or empty a pile, then
  other card moves (onto a pile that takes any card, the one whose top ranks
  closest at or above the card), stock actions last.
* Dives, where the game's ``PACE`` asks for them (``Pace.dive``): every
  so many positions taken from the frontier, the search goes on down the
  best child of each position it expands to the end of that line, the
  other children left on the frontier.  Best first alone stays broad
  where early positions look better than deeper lines (Bobby's, with few
  cards on the waste); a dive still expands each position once.

>>> import solitaire_widgets as sw
>>> s = sw.solve(sw.Bobby(seed=3), max_states=20_000, time_limit=None)
>>> s.status in ("won", "lost", "unknown") and s.states > 0
True
"""

from __future__ import annotations

import functools
import heapq
import operator
import random
import time
from typing import Any, Callable, Collection, Generator, Iterable, Optional, TypeVar

from ..cards import FACE, RANK, SUIT
from ..fast_path import ANY, FastPath, UndoRecord, Wants
from ..game import Game
from ..pile_rules import DOWN_IN_SUIT, links_table
from ..shape import GameShape
from ..strategy import UNDER_RUNS_POWER, Pace
from .checks import StateLimit, TimeLimit, check_callbacks, check_game, check_limits
from .dead_ends import Witness, dead_end_test_for, key_copies
from .lines import Step, flat, shorter_line
from .results import Solution

CHECK_EVERY = 256  # states between looks at the clock and the progress callback
HOME, ALIKE, OTHER = range(3)  # what a move's target is (``Search.kind_of``)
AVOIDED = False  # a position a search must not enter, in its table of positions met
# The walk along a drawn stock ends at its second turn-over at the latest:
# a pass that began where no pass from the top comes (several cards a
# draw, a card gone from the waste) never comes back to where it started,
# and after that turn-over the stock and waste are as after the first.
WALK_TURNS = 2
MAX_SHORTCUTS = 1_000_000  # edges between positions met kept for shortening a won line (``lines``)


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
def _home_moves(shape: GameShape) -> tuple[list[bool], list[bool]]:
    """For each move code of ``shape``: whether it sends one card home, and
    whether it sends several (worked out once per game class; read only)."""
    n, nn, base = len(shape.piles), len(shape.piles) ** 2, shape.action_base
    foundations = frozenset(shape.foundations)
    codes = range(base + len(shape.actions))
    target_of = shape.target_of
    return ([c < nn and c % n in foundations for c in codes],
            [nn <= c < base and target_of[c] in foundations for c in codes])


@functools.cache
def _home_codes(shape: GameShape, runs: bool) -> list[int]:
    """The codes of the moves that send one card home, or several."""
    return [code for code, home in enumerate(_home_moves(shape)[runs]) if home]


class _Stop(Exception):
    def __init__(self, reason: str) -> None:
        self.reason = reason


class Search:
    """One search from a copy of ``game``'s position (``run()`` once)."""

    def __init__(self, game: Game, *, time_limit: TimeLimit = 1.0, max_states: StateLimit = None,
                 progress: Optional[Callable[[int, float], None]] = None,
                 stop: Optional[Callable[[], bool]] = None, avoid: Iterable[bytes] = ()) -> None:
        check_game(game)
        self.time_limit, self.max_states = check_limits(time_limit, max_states)
        check_callbacks(progress, stop)
        self.fast = fast = FastPath(game)  # on a private copy of the game
        self.game = g = fast.game
        self.progress = progress
        self.stop = stop
        shape = fast.shape
        n = len(shape.piles)
        self.n = n
        self.nn = n * n  # codes from here up to ``base`` move several cards
        self.base = shape.action_base
        self.source_of, self.target_of, self.count_of = shape.source_of, shape.target_of, shape.count_of
        self.changed_of = shape.changed_of
        self.piles = fast.piles  # live: the search reads the position here
        self.down = fast.down
        self.foundations = frozenset(shape.foundations)
        self.interchangeable = frozenset(shape.interchangeable)
        self.group_of = shape.group_of  # interchangeable piles of one group are alike
        self.targets = frozenset(shape.targets)
        # each pile as a target: a foundation, one of interchangeable piles, or neither
        self.kind_of = [HOME if i in self.foundations else ALIKE if i in self.interchangeable else OTHER
                        for i in range(n)]
        # one card sent home (a run sent home counts its cards as an action does: ``home_effect``)
        self.to_home, self.run_home = _home_moves(shape)
        keys = shape.keys
        self.keys = keys
        # Safe moves need foundations that only grow, no redeal whose new
        # order a card leaving the tableau early could change, and a game won
        # with every card home: where a game declares its own win (Aces Up's
        # four aces left), a card on the table may be what lets another go
        # home, which the test of a safe move does not see.
        # A game that says itself which cards count as home (``Game._cards_home``:
        # Accordion, with no foundations) is asked after every move (``home``
        # then follows it, so the win of every card home reads it too).
        self.own_home = type(g).FACTS.own_cards_home
        # A redeal that turns the waste over keeps the stock's order whatever
        # left the tableau, and with one card drawn at a time, whatever left
        # the waste (the cards the draws reach stay the same, in order).
        drawn = fast.drawn_stock()
        # ``(stock, waste)`` of a stock searched as the cards its draws
        # reach (Solvitaire's "K+" moves: see ``_best_first``), or None.
        self.draw_piles = None if drawn is None else (drawn.stock, drawn.waste)
        keeps_order = drawn is not None and drawn.turns_over
        may_redeal = fast.may_redeal()
        self.safe_moves = ((not may_redeal or keeps_order) and not fast.actions_reach_foundations()
                           and not shape.declares_win and not self.own_home)
        # the safe moves home after a move played as part of it (``safe_chain``)
        self.chains_home = self.safe_moves and g.SAFE_HOME_IN_ONE_STEP
        self.safe_from_waste = not may_redeal or (keeps_order and drawn.per_draw == 1)  # type: ignore[union-attr]
        # A card that could lie on one sent home may always go home instead
        # (``_spare``) when every pile that gives cards may give them to every
        # foundation, no card leaves a foundation, no rule is the worse for
        # a pile left empty (a row dealt only while none is), and the
        # declared rules say what lies on a card (no ``_wants`` hook).
        self.redirects = (self.safe_moves and not shape.declares_loss and all(
            shape.routes[s][f] is not None for s in shape.sources for f in shape.foundations) and not any(
            shape.routes[f][t] is not None for f in shape.foundations for t in range(n))
            and not fast.deals_wait_for_piles() and not type(g).FACTS.own_wants)
        # the piles other than foundations that cards may be laid on, and what lies on each key there
        self.building = tuple(t for t in shape.targets if t not in shape.foundations)
        self.built_on: dict[int, Wants] = {}
        # source pile -> the tableau piles (not foundations) its card may go to
        self.tableau_routes = [
            tuple(t for t in range(n) if shape.routes[s][t] is not None and t not in self.foundations)
            for s in range(n)]
        self.copies = key_copies(fast)  # cards of each key in the position
        self.ids_of_key: dict[int, list[int]] = {}  # the card ids of each key
        for pile in self.piles:
            for card in pile:
                self.ids_of_key.setdefault(keys[card], []).append(card)
        self.cells = frozenset(shape.cells)
        self.routes = shape.routes
        # The guided pass leaves idle moves out (``_idle_moves``) where no
        # redeal gathers the piles (their order matters to a redeal) and
        # what a pile takes depends on that pile alone (no ``_wants`` hook:
        # Aces Up discards a card for what tops the other columns).
        # Not where free cells or a reserve hold cards a move between piles
        # may make room for (King Albert seed 0: won in 739 positions, not in
        # 2,000 with it).
        # A redeal that turns the waste over gathers no pile of the table.
        self.own_wants = type(g).FACTS.own_wants
        # What a pile takes, and how its top cards run, read from that pile
        # alone (no hook of the game's, no pairs): then ``_uncovers_use``
        # asks each other pile once per position, not once per move.
        self.pile_local = not (self.own_wants or type(g).FACTS.own_run_length or fast.pair_totals())
        self.idle_moves_wait = ((not may_redeal or keeps_order) and not self.own_wants and not shape.cells
                                and not shape.with_role("reserve"))
        self.cell_list = shape.cells
        self.foundation_list = shape.foundations
        # the cards the foundations take, by their top cards (``_covering``),
        # and here (None: not known since the foundations last changed)
        self.wanted: dict[tuple[int, ...], frozenset[int]] = {}
        self.wanted_here: Optional[frozenset[int]] = None
        self.home_count = [0] * 256  # cards of each key on the foundations
        for f in shape.foundations:
            for c in self.piles[f]:
                self.home_count[keys[c]] += 1
        self.home = sum(self.home_count)
        # Tableau and reserve piles: a knotted card (``_knots_at_top``) must leave
        # before a card beneath it can go home; the search prefers fewer.
        # (none where no foundation is: a knot is a card in the way of one going home)
        self.knotted_list = shape.with_role("tableau", "reserve") if shape.foundations else ()
        self.knotted_piles = frozenset(self.knotted_list)
        self.knots_in_suit = shape.key != "rank"  # foundations built in suit
        # each card's lower cards of its suit: any of them under it makes it a knot
        self.lower_in_suit = _lower_in_suit(fast.id_bound) if self.knots_in_suit else []
        self.tableau_list = shape.with_role("tableau")  # (``Pace.face_down``, ``empty``, ``under_runs``)
        self.tableau_set = frozenset(self.tableau_list)
        # the piles whose cards may move onto another pile (``_uncovers_use``)
        self.givers = [i for i in shape.sources if i not in self.foundations]
        self.unplayed = shape.with_role("stock", "waste")
        # byte under * id_bound + over: 1 where over lies on the next higher card of its suit
        # (``_built``; made here for a guide that keeps runs, or by ``_use_pace`` for a pace that counts them)
        self.in_suit_links = links_table(DOWN_IN_SUIT, fast.id_bound) if (
            g.GUIDE is not None and g.GUIDE.runs_stay) else b""
        # k ** UNDER_RUNS_POWER for every count of cards a pile may hold (``_under_runs``;
        # made by ``_use_pace`` for a pace that counts them)
        self.under_run_powers: list[float] = []
        self._use_pace(g.PACE)
        stock = shape.with_role("stock")
        self.stock = stock[0] if stock else None
        self.passed = [i for i in self.unplayed if i != self.stock]  # the waste: its cards count pace.waste
        self.knots = sum(self._knots_in(i) for i in self.knotted_piles)
        # Each stock action's knotted piles (recounted when it is played), and
        # whether they are all of them (then the count before is self.knots).
        self.action_knots: dict[int, tuple[tuple[int, ...], bool]] = {}
        for a, name in enumerate(shape.actions):
            piles = tuple(i for i in fast.action_pile_indices(name) if i in self.knotted_piles)
            self.action_knots[self.base + a] = (piles, set(piles) == self.knotted_piles)
        # Stock actions that may change a foundation (a draw onto one): the
        # cards home are counted again when one is played.
        self.action_home = {self.base + a: tuple(i for i in fast.action_pile_indices(name) if i in self.foundations)
                            for a, name in enumerate(shape.actions)}
        # per code: True for a card sent home, the foundations an action or a
        # run sent home changes (counted again), else ()
        self.home_effect: list = [()] * len(self.to_home)
        for code, piles in self.action_home.items():
            self.home_effect[code] = piles
        for code in _home_codes(shape, False):
            self.home_effect[code] = True
        for code in _home_codes(shape, True):
            self.home_effect[code] = (shape.target_of[code],)
        # Stock actions that only move cards between stock and waste (a draw,
        # a redeal of the waste) change nothing a dead-end test reads: no need
        # to test again.
        self.quiet_actions = frozenset(self.base + a for a, name in enumerate(shape.actions)
                                       if set(fast.action_pile_indices(name)) <= set(self.unplayed))
        # The game's proof of loss, if it has one (None: no test for this game).
        self.dead_end_test = dead_end_test_for(fast, self.home_count)
        # A win or loss the game declares itself (``Game._won``, ``_lost``).
        self.declares_win, self.declares_loss = shape.declares_win, shape.declares_loss
        if self.own_home:  # (``apply`` and ``revert`` ask it after every move)
            self.home = fast.cards_home()
        self.guide = g.GUIDE
        # The moves from the waste of a stock searched as the cards its draws
        # reach (``draw_piles``: see ``_best_first`` and ``stock_walk``).
        self.waste_routes = [] if self.draw_piles is None else [
            (t, code) for t, code in enumerate(shape.routes[self.draw_piles[1]]) if code is not None]
        # A move home may make the only child: safe moves, or a guide that
        # plays a card home alone (``_home_child``).
        self.home_first = self.safe_moves or (self.guide is not None and self.guide.home_alone)
        self.guided = False  # True during the guided pass
        # True while the search expands a position it reached by a move and
        # the safe moves home after it (``safe_chain``): none is left there.
        self.closed = False
        self.skipped = False  # the guided pass left out a legal move
        self.states = 1  # positions searched: the start, then each new one met
        self.best = self.home  # most cards home in any position met
        self.best_line: list[int] = []  # the moves to the first position with that many
        # Positions (search keys) never to enter, as if met already: a hint
        # avoids the positions its game has been through.  A "lost" that
        # avoided one proves nothing (``avoided``).
        self.avoid = frozenset(avoid) - {fast.search_key()}
        self.avoided = False
        self.started = 0.0
        # The graph of the last pass, for ``lines``: every position met by
        # search key (its node), the edges met between two of them that are
        # shorter than the tree's way, and the node of the win.
        self.met: dict[bytes, object] = {}
        self.shortcuts: list[tuple] = []
        self.won_node: Optional[tuple] = None

    def _use_pace(self, pace: Pace) -> None:
        """Value positions by ``pace`` from now on (``_value``)."""
        self.pace = pace
        self.counts_cells = bool(pace.cell and self.cell_list)
        # (a card dealt counting ``dealt`` against a position is the same, to
        # the search, as a card still in the stock counting it for one)
        self.stock_weight = pace.stock_count(draws_home=self.fast.actions_reach_foundations()) - pace.dealt
        if (pace.built or pace.broken) and not self.in_suit_links:
            self.in_suit_links = links_table(DOWN_IN_SUIT, self.fast.id_bound)
        if pace.under_runs and not self.under_run_powers:
            self.under_run_powers = [k ** UNDER_RUNS_POWER for k in range(self.game.card_count + 1)]

    # --- one position's children ----------------------------------------
    def _outside(self, key: int) -> int:
        return self.copies[key] - self.home_count[key]

    def _safe_home(self, code: int, foundation_wants: dict[int, Wants]) -> bool:
        """True when playing ``code`` (a card onto a foundation) can never hurt:
        no other copy competes for the foundations that take it, the
        foundation gives up nothing another card needs, and no card still out
        could be built on it, where it lies or, from a free cell, the waste
        or a reserve, on any pile it may still go to.  ``foundation_wants``:
        what each foundation takes in this position."""
        fast = self.fast
        s, f = divmod(code, self.n)
        if s in self.unplayed and not self.safe_from_waste:
            return False
        card = self.piles[s][-1]
        key = self.keys[card]
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
        spare: dict[int, bool] = {}
        if s in self.targets and s not in self.cells:  # (a free cell's card may still go onto the tableau)
            wants = fast.wants_at(s)
            if wants is ANY:
                record = fast.apply(code)
                after = fast.wants_at(s)
                fast.revert(record)
                return after is ANY
            return all(self._spare(k, foundation_wants, spare) for k in wants)
        # A card that may still go onto the tableau (a waste card, one in a
        # free cell) could become the base another card needs there: ask
        # each pile it may go to what it would take with this card on top.
        for t in self.tableau_routes[s]:
            wants = fast.wants_holding(t, [*self.piles[t], card])
            if wants is not ANY and not all(self._spare(k, foundation_wants, spare) for k in wants):
                return False
        return True

    def _spare(self, key: int, foundation_wants: dict[int, Wants], known: dict[int, bool]) -> bool:
        """True when no card of ``key`` still out will ever need a card
        sent home now to lie on: there is none, or (where ``redirects``)
        each can go home instead whenever a line would lay it there — the
        foundations take every copy of it now (their tops only ever rise,
        and only copies of it compete), and every card that could lie on it
        is spare in turn.  So a line that lays it on the card sent home
        plays it home instead (Solvitaire's safe moves to the foundations,
        derived from the declared builds: in Klondike a card goes home once
        the foundations of the other colour are at most two ranks and those
        of its colour's other suit three ranks below it).  ``known``:
        answers for this position so far."""
        if not self._outside(key):
            return True
        if not self.redirects:
            return False
        if key in known:
            return known[key]
        known[key] = False  # (a build that comes back round to this key proves nothing)
        if self._outside(key) > self._keeps_taking(key, foundation_wants):
            return False
        on = self._built_on(key)
        known[key] = on is not ANY and all(self._spare(k, foundation_wants, known) for k in on)
        return known[key]

    def _keeps_taking(self, key: int, foundation_wants: dict[int, Wants]) -> int:
        """How many foundations take a card of ``key`` now and will until
        one lands there: those that take that key alone (only it may land
        on them), and the empty ones that take a few keys (the aces) where
        they are as many as the cards of those keys still out."""
        alone = 0
        shared: dict[tuple, int] = {}
        for f, wants in foundation_wants.items():
            if wants is ANY or key not in wants:
                continue
            if len(wants) == 1:
                alone += 1
            elif not self.piles[f]:
                shared[wants] = shared.get(wants, 0) + 1
        for wants, empty in shared.items():
            if sum(map(self._outside, wants)) <= empty:
                alone += empty
        return alone

    def _built_on(self, key: int) -> Wants:
        """The keys of the cards that could lie on a card of ``key`` in the
        piles (not foundations) that take cards, as their rules say: ANY or
        a tuple."""
        found = self.built_on.get(key)
        if found is None:
            card = self.ids_of_key[key][0]
            keys: set[int] = set()
            for t in self.building:
                wants = self.fast.wants_holding(t, [card])
                if wants is ANY:
                    self.built_on[key] = ANY
                    return ANY
                keys.update(wants)
            found = self.built_on[key] = tuple(sorted(keys))
        return found

    def children(self, codes: Optional[list[int]] = None, homes: Optional[list[int]] = None) -> list[int]:
        """The moves to try from here, best first (one when a safe move
        exists); of ``codes`` only, where given (legal moves, in the
        engine's order), and of ``homes`` only as moves home that may be
        safe, where given (else every move home)."""
        if self.home_first:
            first = self._home_child(homes)
            if first is not None:
                return [first] if codes is None or first in codes else []
        piles, down, keys, base = self.piles, self.down, self.keys, self.base
        source_of, target_of, count_of, kind_of = self.source_of, self.target_of, self.count_of, self.kind_of
        interchangeable, group_of = self.interchangeable, self.group_of
        if codes is None:
            codes = self.fast.move_codes()
        ranked: list[tuple[float, int]] = []
        tried: set = set()
        for code in codes:
            if code >= base:
                ranked.append((0.0, code))
                continue
            s, t, count = source_of[code], target_of[code], count_of[code]
            kind = kind_of[t]
            if kind == HOME:  # (none of these is safe: ``_home_child`` looked)
                sym: Optional[tuple] = (s, "f", keys[piles[t][-1]] if piles[t] else -1)
                score: float = 4.0
            elif kind == ALIKE and not piles[t]:
                if len(piles[s]) == count and group_of[s] == group_of[t]:
                    continue  # a lone pile to another empty pile like it changes nothing
                sym = (s, "empty", count, group_of[t])
                score = 1.0
            else:
                sym = None
                # onto a pile that takes any card: cover the lowest card
                # that ranks at or above this one, so it comes off first
                gap = RANK[piles[t][-1]] - RANK[piles[s][-count]] if piles[t] else 13
                score = 2 + (0.5 - gap / 32 if gap >= 0 else gap / 32)
            if sym is not None:
                if sym in tried:
                    continue
                tried.add(sym)
            left = len(piles[s]) - count
            if left and left == down[s]:
                score += 2  # turns a card up
            elif not left and s not in interchangeable:
                score += 1
            ranked.append((score, code))
        # best score first; reverse=True keeps the sort stable (engine order
        # among equals), and itemgetter runs in C
        ranked.sort(key=operator.itemgetter(0), reverse=True)
        children = [code for _, code in ranked]
        if self.guided:
            children = self._guided(children)
        return children

    def _drawn_children(self) -> list[int]:
        """``children()`` of a position between draws (``_best_first``): the
        waste card's moves and the stock actions, no other move generated
        (the rest of the table is as where the draws began).  A guide that
        weighs them against the table's other moves (``no_new_knots``,
        ``home_alone``) gets them all, and the others are left out after."""
        waste = self.draw_piles[1]  # type: ignore[index]
        guide = self.guide
        if self.guided and (guide.no_new_knots or guide.home_alone):  # type: ignore[union-attr]
            return [c for c in self.children() if c >= self.base or self.source_of[c] == waste]
        moves = self.waste_moves(waste) if self.piles[waste] else []
        # The table is as where the draws began, whose moves home were none
        # of them safe (a safe one is a position's only child): only the
        # waste card's may be, so no other move home is generated (where
        # what a pile takes depends on that pile alone: no ``_wants`` hook).
        homes = None if self.own_wants else [c for c in moves if self.to_home[c]]
        return self.children(moves + self.fast.action_codes(), homes)

    def stock_walk(self) -> Generator[tuple[int, ...], None, None]:
        """Go through the stock (``draw_piles``) from here, one draw or
        redeal at a time, yielding the codes played so far at each position
        with a card on the waste; the caller may try moves there but must
        take them back before going on.  The draws go round until the stock
        and waste come back as they were (a position with fewer passes
        left, otherwise the same) or no draw is allowed.  The position is
        restored at the end.  (The search goes through the same positions
        between its draws: ``_best_first``.)"""
        stock, waste = self.draw_piles  # type: ignore[misc]
        fast, piles = self.fast, self.piles
        drawn: list[int] = []
        records = []
        origin = self._drawn_state()
        turns = 0
        try:
            while True:
                actions = fast.action_codes()
                if not actions:
                    break
                stocked = len(piles[stock])
                records.append(self.apply(actions[0]))
                drawn.append(actions[0])
                turns += len(piles[stock]) > stocked
                if self._drawn_state() == origin or turns == WALK_TURNS:
                    break
                if piles[waste]:
                    yield tuple(drawn)
        finally:
            for action, record in zip(reversed(drawn), reversed(records)):
                self.revert(action, record)

    def _drawn_state(self) -> bytes:
        """The drawn stock's cards and its waste's (``draw_piles``): a walk
        along the stock ends where they come back."""
        stock, waste = self.draw_piles  # type: ignore[misc]
        return bytes(self.piles[stock]) + b"\xff" + bytes(self.piles[waste])

    def waste_moves(self, waste: int) -> list[int]:
        """The legal moves of the waste's top card here (one card each)."""
        key = self.keys[self.piles[waste][-1]]
        found = []
        for t, code in self.waste_routes:
            wants = self.fast.wants_at(t)
            if wants is ANY or key in wants:
                found.append(code)
        return found

    def _home_child(self, homes: Optional[list[int]] = None) -> Optional[int]:
        """The one child ``children()`` would return among the moves of a
        card home, found from those moves alone (no other move is
        generated): the first safe one, or in the guided pass of a game
        whose guide plays a card home alone, the best ranked one (once the
        pass has skipped a move already; before, ``_guided`` notes that it
        does).  None where ``children()`` needs every move.  ``homes``:
        the moves home to look among (None: every one)."""
        guided_home = self.guided and self.skipped and self.guide.home_alone  # type: ignore[union-attr]
        if self.closed and not guided_home:
            return None  # its safe moves home were played on the way to it
        if homes is None:
            homes = self.fast.home_codes()
        if not homes:
            return None
        if self.safe_moves and not self.closed:
            safe = self._first_safe_home(homes)
            if safe is not None:
                return safe
        if not guided_home:
            return None
        piles, down, n, interchangeable = self.piles, self.down, self.n, self.interchangeable
        best, best_score = homes[0], -1
        for code in homes:  # scored as ``children()`` scores a move home; the first of the best
            s = code // n
            left = len(piles[s]) - 1
            score = 2 if left and left == down[s] else 1 if not left and s not in interchangeable else 0
            if score > best_score:
                best, best_score = code, score
        return best

    def _first_safe_home(self, homes: list[int]) -> Optional[int]:
        """The first of ``homes`` (moves of a card home, legal here) that is
        safe (``_safe_home``), or None."""
        fast = self.fast
        foundation_wants = {f: fast.wants_at(f) for f in self.foundation_list}
        for code in homes:
            if self._safe_home(code, foundation_wants):
                return code
        return None

    def safe_chain(self, code: int, avoid: Collection[bytes] = ()) -> tuple[
            list[int], list[tuple[UndoRecord, int]], bool]:
        """Play the safe moves home after the move ``code`` (just played),
        one after another while there is one (``_safe_home``; none where the
        game has no safe moves): their codes, their undo records, and
        whether a position before one of them is in ``avoid`` (then it
        stops there).  The search plays them as part of the move, as
        fc-solve's moves to the foundations and Solvitaire's dominances do,
        so that a position with a safe move home is seldom one of its own.

        After a move between two piles (the foundations as they were), only
        a card it moved or uncovered is looked at first: the search does
        this for every position it meets, and leaving a safe move out only
        costs positions."""
        codes: list[int] = []
        records: list[tuple[UndoRecord, int]] = []
        if not self.chains_home:
            return codes, records, False
        fast, piles = self.fast, self.piles
        among: Optional[tuple[int, ...]] = None  # the piles to look at first (None: all)
        if code < self.base and not self.home_effect[code]:
            wanted = self._wanted_now()
            among = self.changed_of[code]
            if not any(piles[p] and piles[p][-1] in wanted for p in among):
                return codes, records, False
        while True:
            homes = fast.home_codes(among)
            among = None
            if not homes:
                return codes, records, False
            safe = self._first_safe_home(homes)
            if safe is None:
                return codes, records, False
            if avoid and fast.search_key() in avoid:
                return codes, records, True
            records.append(self.apply(safe))
            codes.append(safe)

    def moves_in_order(self) -> list[int]:
        """Every move worth trying here, best first: ``children()``, or the
        engine's order where that leaves every legal move out as changing
        nothing (a lone card to another empty pile)."""
        return self.children() or self.fast.move_codes()

    def first_onward(self, passed: Collection[bytes]) -> Optional[int]:
        """The first move of ``moves_in_order()`` whose position (search
        key) is not in ``passed``, or None when every move's is.  Used by
        hints and the greedy player, so neither goes back to a position it
        has been in."""
        fast = self.fast
        for code in self.moves_in_order():
            record = self.apply(code)
            key = fast.search_key()
            self.revert(code, record)
            if key not in passed:
                return code
        return None

    def _guided(self, children: list[int]) -> list[int]:
        """``children`` trimmed by the game's guide; notes whether any went."""
        guide = self.guide
        assert guide is not None  # only the guided pass trims
        kept = children
        if any(self.to_home[c] for c in kept):
            if guide.home_alone:
                kept = [next(c for c in kept if self.to_home[c])]
            elif guide.home_before_stock:
                kept = [c for c in kept if c < self.base]
        if guide.no_new_knots:
            untied = [c for c in kept if not self._ties_knot(c)]
            if any(c < self.base and not self.to_home[c] for c in untied):
                kept = untied
        if guide.runs_stay:
            kept = self._in_suit_first([c for c in kept if not self._leaves_run(c)])
        if guide.digs_for_use:
            kept = self._digs_for_use(kept)
        if self.idle_moves_wait:
            idle = self._idle_moves(kept)
            if idle:
                kept = [c for c in kept if c not in idle]
        if len(kept) < len(children):
            self.skipped = True
        return kept

    def _leaves_run(self, code: int) -> bool:
        """True when ``code`` moves a tableau card off the next higher card
        of its suit (with the cards on it) and turns no card up, empties no
        pile and sends nothing home, or moves a whole pile of face-up cards
        to an empty pile (``Guide.runs_stay``)."""
        if code >= self.base:
            return False
        s, t, count = self.source_of[code], self.target_of[code], self.count_of[code]
        if s not in self.knotted_piles or self.kind_of[t] == HOME:
            return False
        pile = self.piles[s]
        left = len(pile) - count
        if not left:
            return not self.piles[t]
        return left > self.down[s] and self.in_suit_links[pile[left - 1] * self.fast.id_bound + pile[left]] == 1

    def _in_suit_first(self, codes: list[int]) -> list[int]:
        """``codes`` without the moves of a card (with the cards on it) onto
        a card not the next higher of its suit, or an empty pile, where the
        same cards may go onto the next higher card of their suit
        (``Guide.runs_stay``)."""
        building = {(self.source_of[c], self.count_of[c]) for c in codes if self._builds_in_suit(c)}
        if not building:
            return codes
        return [c for c in codes if c >= self.base or self.kind_of[self.target_of[c]] == HOME
                or (self.source_of[c], self.count_of[c]) not in building or self._builds_in_suit(c)]

    def _builds_in_suit(self, code: int) -> bool:
        """True when ``code`` lays a tableau card (with the cards on it) on
        the next higher card of its suit."""
        if code >= self.base:
            return False
        s, t = self.source_of[code], self.target_of[code]
        target = self.piles[t]
        return bool(target) and s in self.knotted_piles and self.kind_of[t] != HOME and self.in_suit_links[
            target[-1] * self.fast.id_bound + self.piles[s][-self.count_of[code]]] == 1

    def _idle_moves(self, codes: list[int]) -> set[int]:
        """The moves of ``codes`` that take a card or part of a run from a
        tableau pile to another, turn no card up, empty no pile, and leave
        the card they uncover with nothing to do: it could neither go home
        or onto another pile, nor take the top card of another pile or the
        waste, nor a card the draws reach.  Such a move is worth playing
        only once the card it uncovers is wanted, so the guided pass leaves
        it out (Solvitaire's rule for moving part of a pile, as a guide;
        Klondike-Solver's for a run split in two)."""
        piles, down, keys, fast = self.piles, self.down, self.keys, self.fast
        idle: set[int] = set()
        takers: Optional[dict[int, set[int]]] = None  # card key -> the piles that take it now
        drawn: Optional[set[int]] = None  # the keys of a drawn stock's cards and its waste's
        for code in codes:
            if code >= self.base:
                continue
            s, t, count = self.source_of[code], self.target_of[code], self.count_of[code]
            if s not in self.knotted_piles or self.kind_of[t] == HOME or t in self.cells:
                continue
            left = len(piles[s]) - count
            if left <= down[s]:
                continue  # turns a card up or empties the pile
            if takers is None:
                takers = {}
                open_piles = set()
                for u in self.targets:
                    wants = fast.wants_at(u)
                    if wants is ANY:
                        open_piles.add(u)
                    else:
                        for key in wants:
                            takers.setdefault(key, set()).add(u)
            under = keys[piles[s][left - 1]]
            if (takers.get(under, set()) | open_piles) - {s, t}:
                continue  # it could go home or onto another pile
            takes = fast.wants_holding(s, piles[s][:left])
            if takes is ANY or any(
                    u != s and u != t and pile and len(pile) > down[u] and keys[pile[-1]] in takes
                    and self.routes[u][s] is not None for u, pile in enumerate(piles)):
                continue  # another pile's top card could go onto it
            if self.draw_piles is not None and self.routes[self.draw_piles[1]][s] is not None:
                if drawn is None:
                    drawn = {keys[c] for i in self.draw_piles for c in piles[i]}
                if not drawn.isdisjoint(takes):
                    continue  # a card the draws reach could go onto it
            idle.add(code)
        return idle

    def _digs_for_use(self, codes: list[int]) -> list[int]:
        """``codes`` without the moves that take cards off a tableau pile,
        empty none, send nothing home and uncover a card that could then
        be of no use (``_uncovers_use``; ``Guide.digs_for_use``)."""
        piles, fast = self.piles, self.fast
        home: set[int] = set()
        for f in self.foundation_list:
            wants = fast.wants_at(f)
            if wants is ANY:
                return codes  # (any card may go home)
            home.update(wants)
        # the free cells and empty tableau piles that take any card: room to dig
        cells = [c for c in self.cell_list if not piles[c] and fast.wants_at(c) is ANY]
        columns = [c for c in self.tableau_list if not piles[c] and fast.wants_at(c) is ANY]
        # Where the rules are read pile by pile (``pile_local``), what each
        # other pile takes and offers is the same for every move here:
        # asked once, when first needed (None: not yet).
        others: Optional[list[Any]] = [None] * self.n if self.pile_local else None
        offers: Optional[list[Any]] = [None] * self.n if self.pile_local else None
        kept: list[int] = []
        for code in codes:
            if code < self.base and not self.to_home[code] and not self.run_home[code]:
                s, t = self.source_of[code], self.target_of[code]
                left = len(piles[s]) - self.count_of[code]
                if s in self.tableau_set and left > self.down[s]:
                    spare_cells = len(cells) - (1 if t in cells else 0)  # (the move may fill one)
                    spare_columns = len(columns) - (1 if t in columns else 0)
                    if not self._uncovers_use(s, left, t, spare_cells, spare_columns, home, others, offers):
                        continue
            kept.append(code)
        return kept

    def _uncovers_use(self, s: int, left: int, t: int, cells: int, columns: int, home: set[int],
                      others: Optional[list[Any]] = None, offers: Optional[list[Any]] = None) -> bool:
        """Whether the card a move from tableau pile ``s`` to pile ``t``
        uncovers (``left`` cards stay on ``s``) could then be used: go home
        (its key in ``home``), go with its run onto another pile that holds
        cards, or take the top card of another pile (or part of its run);
        or, where ``cells`` free cells or ``columns`` empty tableau piles
        are to spare after the move, whether the card under its run could.
        (Pile ``t`` is left out: the cards moved there came from ``s``.)
        ``others`` and ``offers``, where given: what each pile takes, and
        the keys of the cards it may give (its top run), as asked so far
        in this position (None: not yet), read and filled for piles other
        than ``s``."""
        piles, keys, fast, routes = self.piles, self.keys, self.fast, self.routes
        whole = piles[s]
        try:
            for level in range(2):
                piles[s] = whole[:left]  # (as the move would leave it)
                if keys[whole[left - 1]] in home:
                    return True
                run = max(fast.run_at(s), 1)
                run_keys = {keys[card] for card in whole[left - run:left]}
                for v in self.tableau_list:
                    if v != s and v != t and piles[v] and routes[s][v] is not None:
                        if others is None:
                            wants = fast.wants_at(v)
                        else:
                            wants = others[v]
                            if wants is None:
                                wants = others[v] = fast.wants_at(v)
                        if wants is ANY or not run_keys.isdisjoint(wants):
                            return True
                takes = fast.wants_at(s)
                if takes is ANY:
                    return True
                if takes:
                    for v in self.givers:
                        pile = piles[v]
                        if v != s and v != t and pile and routes[v][s] is not None:
                            given = None if offers is None else offers[v]
                            if given is None:
                                size = fast.run_at(v) if v in self.tableau_set else 1
                                given = [keys[card] for card in pile[len(pile) - size:]]
                                if offers is not None:
                                    offers[v] = given
                            if any(key in takes for key in given):
                                return True
                # dig on: the run to an empty pile, or card by card to free cells
                if level or not (columns or run <= cells):
                    return False
                left -= run
                if left <= self.down[s]:
                    return True  # the pile empties
            return False
        finally:
            piles[s] = whole

    # --- knots -------------------------------------------------------------------
    def _ties_knot(self, code: int) -> bool:
        """True when ``code`` puts a card onto a knotted pile as a knot."""
        if code >= self.base or self.to_home[code] or self.run_home[code]:
            return False
        s, t, count = self.source_of[code], self.target_of[code], self.count_of[code]
        return self._knot_on(t, self.piles[s][-count])

    def _knot_on(self, i: int, top: int) -> bool:
        """True when card ``top`` lying on pile ``i`` (as it is) would be a
        knot: it must leave before a card beneath it could go home."""
        pile = self.piles[i]
        if i not in self.knotted_piles or not pile:
            return False
        if self.knots_in_suit:
            # a set test runs in C; the top is never in its own set
            return not self.lower_in_suit[top].isdisjoint(pile)
        return RANK[top] > RANK[pile[-1]]

    def _knots_in(self, i: int) -> int:
        """The knotted cards in pile ``i`` (see the module's docstring)."""
        pile = self.piles[i]
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
        pile = self.piles[i]
        if len(pile) < 2:
            return 0
        top = pile[-1]
        if self.knots_in_suit:
            # a set test runs in C; the top is never in its own set
            return 0 if self.lower_in_suit[top].isdisjoint(pile) else 1
        return 1 if RANK[top] > RANK[pile[-2]] else 0

    # --- moving on the game ----------------------------------------------------------
    def apply(self, code: int) -> tuple[UndoRecord, int]:
        """Play ``code`` on the search's game; return its undo record."""
        fast = self.fast
        if code < self.nn:
            if self.knotted_piles:
                s, t = divmod(code, self.n)
                untied = self._knots_at_top(s)  # the card leaves its pile
                record = fast.apply(code)
                knots = self._knots_at_top(t) - untied  # and lands on another
            else:  # nothing can be knotted
                record = fast.apply(code)
                knots = 0
        elif code < self.base:
            return self._apply_run(code)
        else:
            piles, all_piles = self.action_knots[code]
            home_piles = self.action_home[code]
            if home_piles:
                home_before = self._home_keys(home_piles)
            if not piles:
                record = fast.apply(code)
                knots = 0
            else:
                before = self.knots if all_piles else sum(map(self._knots_in, piles))
                record = fast.apply(code)
                knots = sum(map(self._knots_in, piles)) - before
            if home_piles:
                self._count_home(home_before, self._home_keys(home_piles))
        self.knots += knots
        if self.to_home[code]:
            self.home += 1
            self.home_count[self.keys[self.piles[code % self.n][-1]]] += 1
            self.wanted_here = None
        if self.own_home:
            self.home = fast.cards_home()
        return record, knots

    def play(self, step: Step) -> object:
        """``apply`` for a step: a move code, or a tuple of
        codes played one after the other."""
        if type(step) is int:
            return self.apply(step)
        return [self.apply(code) for code in step]  # type: ignore[union-attr]

    def unplay(self, step: Step, record: object) -> None:
        """Take back ``step`` (the last step played) from what ``play`` returned."""
        if type(step) is int:
            self.revert(step, record)  # type: ignore[arg-type]
            return
        for code, part in zip(reversed(step), reversed(record)):  # type: ignore[arg-type, call-overload]
            self.revert(code, part)

    def revert(self, code: int, record: tuple[UndoRecord, int]) -> None:
        """Take back ``code`` (the last move applied) from its record."""
        effect = self.home_effect[code]
        if effect:
            if effect is True:  # a card leaves a foundation
                self.home -= 1
                self.home_count[self.keys[self.piles[code % self.n][-1]]] -= 1
                self.wanted_here = None
            else:  # an action that changed foundations: count them again
                home_after = self._home_keys(effect)
                self.knots -= record[1]
                self.fast.revert(record[0])
                self._count_home(home_after, self._home_keys(effect))
                if self.own_home:
                    self.home = self.fast.cards_home()
                return
        engine_record, knots = record
        self.knots -= knots
        self.fast.revert(engine_record)
        if self.own_home:
            self.home = self.fast.cards_home()

    def _apply_run(self, code: int) -> tuple[UndoRecord, int]:
        """``apply`` for a move of several cards: the knots of both piles and
        (onto a foundation) the cards home are counted again."""
        piles = self.changed_of[code] if self.knotted_piles else ()
        before = sum(map(self._knots_in, piles))
        home_piles = self.home_effect[code]
        if home_piles:
            home_before = self._home_keys(home_piles)
        record = self.fast.apply(code)
        knots = sum(map(self._knots_in, piles)) - before
        if home_piles:
            self._count_home(home_before, self._home_keys(home_piles))
        self.knots += knots
        if self.own_home:
            self.home = self.fast.cards_home()
        return record, knots

    def _home_keys(self, foundations: tuple[int, ...]) -> list[int]:
        """The keys of the cards on ``foundations``."""
        keys = self.keys
        return [keys[card] for f in foundations for card in self.piles[f]]

    def _count_home(self, before: list[int], after: list[int]) -> None:
        """Follow a change of the foundations' cards from keys ``before`` to ``after``."""
        for key in before:
            self.home_count[key] -= 1
        for key in after:
            self.home_count[key] += 1
        self.home += len(after) - len(before)
        self.wanted_here = None

    # --- dead ends ---------------------------------------------------------------------
    def dead_end(self) -> Optional[Witness]:
        """What proves this position lost by the game's dead-end test (see
        ``dead_ends``), or None."""
        return None if self.dead_end_test is None else self.dead_end_test.witness()

    @property
    def dead_ends(self) -> bool:
        """Whether this game has a dead-end test."""
        return self.dead_end_test is not None

    # --- the search ----------------------------------------------------------
    def run(self) -> tuple[str, list[int], int, Optional[str]]:
        """(status, winning codes, most cards home, stop reason).

        The guided pass first when the game has a guide, then, if it ran out
        of positions having skipped a move, the complete pass.
        """
        return finish(self.steps())

    def steps(self) -> Generator[None, None, tuple[str, list[int], int, Optional[str]]]:
        """``run()`` in slices: a generator that pauses after each look at the
        clock and the stop flag (every ``CHECK_EVERY`` positions) and returns
        what ``run()`` returns.  Where no thread can start (Pyodide in a
        browser), the caller runs other work between two slices.

        >>> import solitaire_widgets as sw
        >>> steps = Search(sw.Cruel(seed=1), time_limit=None, max_states=5_000).steps()
        >>> slices = 0
        >>> try:
        ...     while True:
        ...         next(steps)
        ...         slices += 1
        ... except StopIteration as end:
        ...     result = end.value
        >>> result[0], slices > 0
        ('won', True)
        """
        self.started = time.perf_counter()
        try:
            if self.guide is not None:
                status, codes = yield from self._first_passes(guided=True)
                if status == "won" or not self.skipped:
                    return status, codes, self.best, None
                self._use_pace(self.game.PACE)
                status, codes = yield from self._best_first()
            else:
                status, codes = yield from self._first_passes(guided=False)
            return status, codes, self.best, None
        except _Stop as stop:
            return "unknown", [], self.best, stop.reason
        except KeyboardInterrupt:
            return "unknown", [], self.best, "interrupt"

    def _first_passes(self, guided: bool) -> Generator[None, None, tuple[str, list[int]]]:
        """The first pass (the guided one, or where the game has no guide
        the complete one) with the game's ``PACE``, started again with the
        pace of each of its ``RESTARTS`` where it has searched their
        ``after`` positions without ending: (status, line) of the last."""
        limit = self.max_states
        paces = [self.game.PACE] + [r.pace for r in self.game.RESTARTS]
        playouts = [0.0] + [r.playouts for r in self.game.RESTARTS]
        ends = [r.after for r in self.game.RESTARTS] + [None]
        try:
            for salt, (pace, end) in enumerate(zip(paces, ends)):
                self._use_pace(pace)
                self.guided, self.skipped = guided, False
                if end is not None and (limit is None or end < limit):
                    self.max_states = end
                else:
                    self.max_states, end = limit, None
                try:
                    if playouts[salt]:
                        return (yield from self._playouts(playouts[salt], salt))
                    return (yield from self._best_first())
                except _Stop as stop:
                    if end is None or stop.reason != "states":
                        raise
                    # (the positions of the next pass count on from here)
            raise AssertionError("unreachable: the last pass runs to the budget")  # pragma: no cover
        finally:
            self.guided = False
            self.max_states = limit

    def _best_first(self) -> Generator[None, None, tuple[str, list[int]]]:
        """One pass from the start position: ("won", line) or ("lost", [])."""
        fast = self.fast
        n_cards = self.game.card_count
        deadline = None if self.time_limit is None else self.started + self.time_limit
        max_states = self.max_states
        test = self.dead_end_test
        dead_end = None if test is None else test.witness
        search_key = fast.search_key
        # Every position met, by search key: its node (None for the start,
        # counted once in ``states`` for both passes), or AVOIDED.
        seen: dict[bytes, object] = dict.fromkeys(self.avoid, AVOIDED)
        seen[search_key()] = None
        between_draws: set[bytes] = set()  # the positions between two draws met
        self.met, self.shortcuts = seen, []  # the graph a won line is shortened on (``lines``)
        shortcuts = self.shortcuts
        declares_win, declares_loss = self.declares_win, self.declares_loss
        if fast.won() if declares_win else self.home == n_cards:
            return "won", []
        # A node is (move code, parent node, depth); the root is None.  The
        # game sits on the node at the end of ``chain``.
        chain: list[tuple] = []
        records: list[object] = []  # what ``play`` returned for each step of ``chain``
        frontier: list[tuple] = [(0.0, 0, None)]
        pushed = 0

        apply, revert, play, unplay = self.apply, self.revert, self.play, self.unplay
        per_move = self.pace.per_move
        safe_chain, avoid = self.safe_chain, self.avoid
        draw_piles = self.draw_piles
        piles = self.piles
        stock_pile = -1 if draw_piles is None else draw_piles[0]

        def goto(node: Optional[tuple]) -> None:
            down: list[tuple] = []
            while node is not None and (node[2] > len(chain) or chain[node[2] - 1] is not node):
                down.append(node)
                node = node[1]
            depth = 0 if node is None else node[2]
            while len(chain) > depth:
                unplay(chain.pop()[0], records.pop())
            while down:
                step = down.pop()
                records.append(play(step[0]))
                chain.append(step)

        # Dives (``Pace.dive``): every ``dive_every``-th position taken from
        # the frontier, the pass goes on with the best child of each position
        # it expands (its entry stays on the frontier, passed over when taken:
        # ``dived``) until one has no new child.
        dive_every = self.pace.dive
        dived: set[int] = set()  # the entries (by their push count) expanded in a dive
        taken = 0  # positions taken from the frontier
        diving = False
        node: Any = None
        try:
            while frontier:
                if not diving:
                    entry = heapq.heappop(frontier)
                    if dived and entry[1] in dived:
                        dived.discard(entry[1])
                        continue
                    node = entry[2]
                    taken += 1
                    diving = dive_every > 0 and taken % dive_every == 0
                best: Any = None  # the entry of the best child pushed (a dive goes on there)
                goto(node)
                if (dead_end is not None and (node is None or node[0] not in self.quiet_actions)
                        and dead_end() is not None):
                    diving = False
                    continue  # lost: none of its lines can win
                if declares_loss and fast.lost():
                    diving = False
                    continue  # lost by the game's own rule
                depth = len(chain) + 1
                back = self._back(node, records)
                drawing = node is not None and len(node) == 4  # a position between draws (below)
                # (a position reached by a move has had its safe moves home played: below)
                self.closed = self.chains_home and node is not None and not drawing
                children = self._drawn_children() if drawing else self.children()
                self.closed = False
                for code in reversed(children):  # pushed last, tried first among equals
                    if code == back:
                        continue  # straight back to the parent, met already
                    if draw_piles is not None and code >= self.base:
                        # The stock searched as the cards its draws reach:
                        # from a position between draws, only the waste card
                        # moves or the stock goes on, until it comes round to
                        # where it started or turns the waste over a second
                        # time.  Such a position is counted but
                        # is no node of the table (``lines``); it is left out
                        # where met already, between draws or as a position
                        # of the table, whose draws go round the whole stock
                        # from the same tableau (moves elsewhere than the
                        # waste may as well come before the draws).
                        origin, turns = node[3] if drawing else (self._drawn_state(), 0)
                        stocked = len(piles[stock_pile])
                        record = apply(code)
                        now = self._drawn_state()
                        turns += len(piles[stock_pile]) > stocked  # the waste turned over
                        key = search_key()
                        value = self._value()
                        revert(code, record)
                        if now == origin or turns == WALK_TURNS:
                            continue
                        if key in seen or key in between_draws:
                            if seen.get(key, True) is AVOIDED:
                                self.avoided = True
                            continue
                        between_draws.add(key)
                        # (Any: one tuple, the node itself wherever it goes. ``lines`` finds
                        # nodes by identity, and mypyc rebuilds a tuple whose length it knows
                        # at every use.)
                        child: Any = (code, node, depth, (origin, turns))
                    else:
                        # The move and the safe moves home after it, one step.
                        record = apply(code)
                        homes, home_records, passed = safe_chain(code, avoid)
                        step: Step = code
                        undo: object = record  # (what ``play`` would return for the step)
                        if homes:
                            step, undo = (code, *homes), [record, *home_records]
                        key = search_key()
                        if passed or key in seen:
                            unplay(step, undo)
                            met = AVOIDED if passed else seen[key]  # (through a position to avoid: as if met)
                            if met is AVOIDED:
                                self.avoided = True
                            elif met is not None and met[2] > depth and len(shortcuts) < MAX_SHORTCUTS:  # type: ignore[index]
                                shortcuts.append((node, code, met))  # a way to it shorter than the tree's
                            continue
                        value = self._value()
                        home = self.home
                        won = declares_win and fast.won()
                        unplay(step, undo)
                        child = (step, node, depth)
                        seen[key] = child
                        if home > self.best or won:
                            self.best = home
                            self.best_line = flat([step[0] for step in chain] + [child[0]])
                            if won or (home == n_cards and not declares_win):
                                self.states += 1
                                self.won_node = child
                                return "won", self.best_line
                    self.states += 1
                    pushed += 1
                    entry = (per_move * depth - value, -pushed, child)
                    heapq.heappush(frontier, entry)
                    if diving and (best is None or entry[0] <= best[0]):  # (the newest among equals)
                        best = entry
                    if self.states % CHECK_EVERY == 0:
                        self._check(deadline, max_states)
                        yield
                    elif max_states is not None and self.states >= max_states:
                        raise _Stop("states")
                if best is None:
                    diving = False
                else:
                    node = best[2]
                    dived.add(best[1])
            return "lost", []
        except KeyboardInterrupt:
            # Ctrl-C may have cut a move or its taking back in half: the
            # private copy is left where it is, as no one reads it after.
            chain.clear()
            raise
        finally:
            goto(None)  # back to the start position, for the next pass or the caller

    def _playouts(self, spread: float, salt: int) -> Generator[None, None, tuple[str, list[int]]]:
        """Playouts: greedy lines from the start position, one after another
        (a ``Restart`` with ``playouts``): each move is one of the position's
        ``children()`` (with the safe moves home after it), the first with
        chance 1 - ``spread``, else the next with the same chance, and so
        on, drawn from a generator seeded with ``salt`` (the same lines in
        every run).  A line ends where no move is left, at a dead end, or
        at a position it has been in or the search must avoid; then the
        next begins.  Each move counts one position.  Only a win ends the
        lines, or the budget (``_Stop``): a line that dies proves nothing."""
        rng = random.Random(salt)
        fast = self.fast
        n_cards = self.game.card_count
        deadline = None if self.time_limit is None else self.started + self.time_limit
        max_states = self.max_states
        test, avoid = self.dead_end_test, self.avoid
        steps: list[Step] = []
        undos: list[object] = []
        while True:
            met = {fast.search_key()}
            try:
                while True:
                    children = self.children()
                    if not children:
                        break
                    i = 0
                    while i < len(children) - 1 and rng.random() < spread:
                        i += 1
                    code = children[i]
                    record = self.apply(code)
                    homes, home_records, passed = self.safe_chain(code, avoid)
                    steps.append((code, *homes) if homes else code)
                    undos.append([record, *home_records] if homes else record)
                    key = fast.search_key()
                    if passed or key in met or key in avoid:
                        break
                    met.add(key)
                    self.states += 1
                    if self.home > self.best:
                        self.best = self.home
                        self.best_line = flat(steps)
                    if fast.won() if self.declares_win else self.home == n_cards:
                        self.best_line = flat(steps)
                        return "won", self.best_line
                    if self.states % CHECK_EVERY == 0:
                        self._check(deadline, max_states)
                        yield
                    elif max_states is not None and self.states >= max_states:
                        raise _Stop("states")
                    if test is not None and code not in self.quiet_actions and test.witness() is not None:
                        break
            except KeyboardInterrupt:
                steps.clear()  # (a move may be cut in half: the private copy is left as it is)
                raise
            finally:
                while steps:
                    self.unplay(steps.pop(), undos.pop())

    def _back(self, node: Optional[tuple], records: list[object]) -> int:
        """The move that takes the last move to ``node`` back (its cards
        from its target to its source), or -1 where there is none: the
        root, a stock action, a move that turned a card up, a step of
        several moves (a move and the safe moves home after it)."""
        if node is None or type(node[0]) is not int or node[0] >= self.base or records[-1][0].flipped:  # type: ignore[index]
            return -1
        code = node[0]
        n = self.n
        return ((self.count_of[code] - 1) * n + self.target_of[code]) * n + self.source_of[code]

    def _value(self) -> float:
        """How good the game's position looks: the higher, the sooner expanded
        (less ``Pace.per_move`` for each move on the line to it)."""
        piles, pace = self.piles, self.pace
        value = self.home - pace.knot * self.knots - pace.waste * sum(len(piles[i]) for i in self.passed)
        if self.stock is not None:
            value -= self.stock_weight * len(piles[self.stock])
        if self.counts_cells:
            value -= pace.cell * sum(1 for i in self.cell_list if piles[i])
        if pace.covering:
            value -= pace.covering * self._covering()
        if pace.built or pace.broken:
            built, broken = self._built()
            value += pace.built * built - pace.broken * broken
        if pace.face_down:
            value -= pace.face_down * sum(map(self.down.__getitem__, self.tableau_list))
        if pace.empty:
            value += pace.empty * sum(1 for i in self.tableau_list if not piles[i])
        if pace.under_runs:
            value -= pace.under_runs * self._under_runs()
        if pace.per_redeal:  # (most games: none, and no property of the game to ask)
            value -= pace.per_redeal * self.game.redeals
        return value

    def _built(self) -> tuple[int, int]:
        """The face-up tableau and reserve cards lying on a face-up card:
        how many lie on the next higher card of their suit (``Pace.built``),
        and how many on another (``Pace.broken``)."""
        piles, down, links, bound = self.piles, self.down, self.in_suit_links, self.fast.id_bound
        built = pairs = 0
        for i in self.knotted_list:
            pile = piles[i]
            if len(pile) - down[i] > 1:
                pairs += len(pile) - down[i] - 1
                for j in range(down[i] + 1, len(pile)):
                    built += links[pile[j - 1] * bound + pile[j]]
        return built, pairs - built

    def _under_runs(self) -> float:
        """The cards under the top run of each tableau pile, each pile's
        count raised to ``UNDER_RUNS_POWER`` (``Pace.under_runs``)."""
        piles, run_at, powers = self.piles, self.fast.run_at, self.under_run_powers
        total = 0.0
        for i in self.tableau_list:
            n = len(piles[i])
            if n > 1:
                total += powers[n - run_at(i)]
        return total

    def _covering(self) -> int:
        """The cards lying on the cards the foundations take now, in the
        tableau and reserve piles (what must move before they go home)."""
        piles = self.piles
        wanted = self._wanted_now()
        count = 0
        for i in self.knotted_list:
            pile = piles[i]
            if not wanted.isdisjoint(pile):  # mostly none: a set test runs in C, and builds no set
                for card in wanted.intersection(pile):
                    count += len(pile) - 1 - pile.index(card)
        return count

    def _wanted_now(self) -> frozenset[int]:
        """The ids of the cards the foundations take now (by their top
        cards: worked out once for each, and kept until a move changes the
        foundations)."""
        wanted = self.wanted_here
        if wanted is None:
            piles = self.piles
            tops = tuple([pile[-1] if pile else -1 for pile in map(piles.__getitem__, self.foundation_list)])
            wanted = self.wanted.get(tops)
            if wanted is None:
                wanted = self.wanted[tops] = self._wanted_ids()
            self.wanted_here = wanted
        return wanted

    def _wanted_ids(self) -> frozenset[int]:
        """The ids of the cards the foundations take now."""
        wanted: set[int] = set()
        for f in self.foundation_list:
            wants = self.fast.wants_at(f)
            if wants is not ANY:
                for key in wants:
                    wanted.update(self.ids_of_key.get(key, ()))
        return frozenset(wanted)

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


def solve(game: Game, *, time_limit: TimeLimit = 1.0, max_states: StateLimit = None,
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
    return finish(solve_steps(game, time_limit=time_limit, max_states=max_states, progress=progress, stop=stop))


def solve_steps(game: Game, *, time_limit: TimeLimit = 1.0, max_states: StateLimit = None,
                progress: Optional[Callable[[int, float], None]] = None,
                stop: Optional[Callable[[], bool]] = None) -> Generator[None, None, Solution]:
    """``solve`` in slices (see ``Search.steps``): the teaching tools build
    their own step generators from it, so a table runs them cooperatively
    where no thread can start."""
    search = Search(game, time_limit=time_limit, max_states=max_states, progress=progress, stop=stop)
    return (yield from solution_steps(game, search))


T = TypeVar("T")


def finish(steps: Generator[None, None, T]) -> T:
    """Run a generator of slices (``Search.steps``, ``solution_steps``) to its
    end and return its value.  Ctrl-C between two slices reaches the search
    as if it came during one, so it still ends with what it found."""
    try:
        while True:
            try:
                next(steps)
            except KeyboardInterrupt:
                try:
                    steps.throw(KeyboardInterrupt())
                except StopIteration as end:
                    if end.value is None:
                        # Ctrl-C came as the steps ended and took their value
                        # (compiled, a slice runs no bytecode, so it lands as
                        # they return): a generator thrown into after its end
                        # raises it again in CPython, ends again empty in mypyc.
                        raise KeyboardInterrupt from None
                    raise
    except StopIteration as end:
        return end.value


def solution_of(game: Game, search: Search) -> Solution:
    """Run ``search`` (made from ``game``) and return its ``Solution``, a
    winning line checked by replaying it on a copy of ``game``."""
    return finish(solution_steps(game, search))


def solution_steps(game: Game, search: Search) -> Generator[None, None, Solution]:
    """``solution_of`` in slices (see ``Search.steps``)."""
    status, codes, best, stopped_by = yield from search.steps()
    if status == "won":
        try:
            codes = shorter_line(search, codes)
        except KeyboardInterrupt:  # the win stands as found, its line not shortened
            stopped_by = "interrupt"
    seconds = time.perf_counter() - search.started
    moves = tuple(game.SHAPE.move(c) for c in codes)
    if status == "won":
        replay = game.copy(history=False)
        for move in moves:
            replay.play(move)
        if replay.status != "won":  # pragma: no cover - would be an engine/solver bug
            raise AssertionError(f"the solver's line does not win {game!r}")
    why, cards = why_lost(search) if status == "lost" else ("", ())
    return Solution(status, moves, search.states, seconds, best, stopped_by, why, cards)


def why_lost(search: Search) -> tuple[str, tuple[int, ...]]:
    """Why ``search``'s position (searched and found lost) has no win: one
    sentence, and the ids of the cards it is about (for a view to mark).

    >>> import solitaire_widgets as sw
    >>> reason, cards = why_lost(Search(sw.Cruel(seed=4)))
    >>> reason[:36], cards  # K♠ and 7♠
    ('K♠ can never leave t0, as it covers ', (12, 6))
    """
    if search.declares_loss and search.fast.lost():
        return search.game.end_reason or "", ()
    if not search.fast.move_codes():
        return "no legal move is left", ()
    witness = search.dead_end()
    if witness is None:
        return "every line was searched", ()
    return witness.reason(), witness.cards
