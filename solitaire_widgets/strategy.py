"""How the solver should play a game, declared on the game's class next to
its rules: ``GUIDE`` (how the search's guided pass trims moves), ``PACE``
(how its position value counts the stock, the waste, redeals and moves)
and ``RESTARTS`` (when the guided pass starts again with another pace).

Both are optional: a game without a ``GUIDE`` is searched by the complete
pass alone, and the default ``Pace()`` counts each card in the stock or on
the waste as one card short of home, and nothing else.  The solver reads
them; the engine only carries them, so it imports nothing of the solver.

>>> Guide(home_before_stock=True)
Guide(home_alone=False, home_before_stock=True, no_new_knots=False, runs_stay=False, digs_for_use=False)
>>> Pace(cell=0.6, covering=0.5).per_move
0.0
>>> Pace(stock=-1)
Traceback (most recent call last):
...
ValueError: Pace.stock must be a finite number ≥ 0, not -1
>>> Pace(dive=2.5)
Traceback (most recent call last):
...
ValueError: Pace.dive must be a whole number ≥ 0 (positions taken between dives), not 2.5
>>> Pace(built=1)
Traceback (most recent call last):
...
ValueError: Pace.built must be below 1 (a card home counts 1), not 1
>>> Restart(after=10_000, pace=Pace(covering=0.5)).after
10000
>>> Restart(after=0, pace=Pace())
Traceback (most recent call last):
...
ValueError: Restart.after must be a whole number ≥ 1 (positions searched), not 0
>>> Restart(after=10_000, pace=Pace(), playouts=1)
Traceback (most recent call last):
...
ValueError: Restart.playouts must be a number from 0 up to (not including) 1, not 1
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from numbers import Real
from typing import Optional

from .arguments import whole_number


@dataclass(frozen=True)
class Guide:
    """How a game's guided pass trims each position's moves.

    ``home_alone``: a move home is the position's only child.
    ``home_before_stock``: no stock action while a card can go home.
    ``no_new_knots``: a card goes onto the tableau only where it ties no
    knot (it lies on no card it must leave before), when such a place exists.
    ``runs_stay``: a tableau card lying on the next higher card of its suit
    stays there, with the cards on it, unless its move turns a card up or
    empties its pile (where suits go home whole, as in Spider, moving it
    elsewhere only swaps one run for another).
    ``digs_for_use``: where free cells or empty piles hold cards aside, a
    move that takes cards off a tableau pile, empties none and sends none
    home is tried only where the card it uncovers can then be used: go
    home, go (with its run) onto a pile that holds cards, or take another
    pile's card; or, with a free cell or empty pile to spare, where the
    card under that card's run can (Solvitaire's rule for moving part of a
    pile, reaching two cards down as fc-solve's moves through the free
    cells do).
    """

    home_alone: bool = False
    home_before_stock: bool = False
    no_new_knots: bool = False
    runs_stay: bool = False
    digs_for_use: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            if not isinstance(getattr(self, f.name), bool):
                raise ValueError(f"Guide.{f.name} must be True or False, not {getattr(self, f.name)!r}")


UNDER_RUNS_POWER = 1.3  # fc-solve's power of the cards under a pile's run (``Pace.under_runs``)


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
    ``cell``: what each card in a free cell counts against it (a cell in
    use is room lost for moving cards about).
    ``covering``: what each card lying on a card that a foundation takes
    now counts against it (in a tableau or reserve pile): what must move
    before the next cards can go home.
    ``built``: what each face-up tableau card lying on the next higher card
    of its suit counts for it, below one card home: where suits go home
    only whole (Simple Simon's), a suit built in order on the table is on
    its way there.
    ``broken``: what each face-up tableau card lying on a face-up card
    other than the next higher card of its suit counts against it: where only
    a run in suit moves together (Spider's), each such break is one more
    move before the cards beneath it are free.
    ``face_down``: what each face-down tableau card counts against it: where
    turning cards up is the progress a game makes before any goes home
    (Spider's), a line that uncovers one has gained.
    ``empty``: what each empty tableau pile counts for it: room to take a
    run apart and build it again elsewhere.
    ``dealt``: what each card dealt out of the stock counts against it
    (the same as each card still there counting for it): where a deal
    only lays more cards on the table (Spider's rows), a line that plays
    the table out before dealing keeps the search among the moves it
    has, and a line that dealt early is searched only once those run
    out.
    ``knot``: what each knot counts against it (a card that must leave
    before a card beneath it could go home; see ``solitaire_widgets.solver``).
    ``under_runs``: what the cards lying under the run at the top of each
    tableau pile (those that cannot move with it) count against it, their
    number raised to the power ``UNDER_RUNS_POWER`` pile by pile, as
    fc-solve's best-first weights count "cards under sequences": a tall
    pile under a short run is worse than two middling ones.
    ``dive``: every ``dive``-th position the search takes from its
    frontier (0: none) starts a dive: it goes on with the best child of
    each position it expands, down to one with no new child, and leaves
    the other children on the frontier (a greedy probe: a pass that
    values early positions above deeper lines still follows some lines
    to their end).  Each position is still expanded once, so a pass
    that searched all it may proves a loss as before.
    """

    stock: Optional[float] = None
    waste: float = 1.0
    per_redeal: float = 0.0
    per_move: float = 0.0
    cell: float = 0.0
    covering: float = 0.0
    built: float = 0.0
    broken: float = 0.0
    face_down: float = 0.0
    empty: float = 0.0
    dealt: float = 0.0
    knot: float = 3.0
    under_runs: float = 0.0
    dive: int = 0

    def stock_count(self, draws_home: bool) -> float:
        """What each stock card counts: ``stock``, or by default 1, and 0
        where a stock action puts cards home (``draws_home``).

        >>> Pace().stock_count(draws_home=True), Pace(stock=3.0).stock_count(draws_home=True)
        (0.0, 3.0)
        """
        return self.stock if self.stock is not None else 0.0 if draws_home else 1.0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None and f.name == "stock":
                continue
            if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value) or value < 0:
                raise ValueError(f"Pace.{f.name} must be a finite number ≥ 0, not {value!r}")
        if not whole_number(self.dive, at_least=0):
            raise ValueError(f"Pace.dive must be a whole number ≥ 0 (positions taken between dives), not {self.dive!r}")
        if self.built >= 1:  # (a suit built on the table must still be worth less than the suit home)
            raise ValueError(f"Pace.built must be below 1 (a card home counts 1), not {self.built!r}")


@dataclass(frozen=True)
class Restart:
    """Where the search's first pass (the guided one, or the complete one
    of a game without a guide) has searched ``after`` positions (counted
    from the search's start) without ending, it starts again from the
    search's start with ``pace`` instead of the game's ``PACE``.

    A search's time to a win varies a lot from deal to deal and from one
    pace to another: a deal one pace wins at once another may lose itself
    in for the whole budget.  Splitting the budget between two paces wins
    more deals than either alone.  A pass that ends having searched all it
    may decides as before, and the complete pass after a guided one keeps
    the game's ``PACE``.

    ``playouts`` above 0 (below 1) spends the stretch up to the next
    restart on playouts instead, greedy lines from the start: each move
    the first of the position's moves in the search's order (so ``pace``
    is not used), or with chance ``playouts`` the next, and so on, each
    line drawn anew (unlike ``Pace.dive``, inside a best-first pass).  Where
    a best-first pass sinks its budget into the lines under one early
    mistake, lines that differ from the start find wins it does not (Frog).
    A line that dies proves nothing, so such a restart is never the last:
    the pass after it can end a search that has no budget.
    """

    after: int
    pace: Pace
    playouts: float = 0.0

    def __post_init__(self) -> None:
        if not whole_number(self.after, at_least=1):
            raise ValueError(f"Restart.after must be a whole number ≥ 1 (positions searched), not {self.after!r}")
        if isinstance(self.playouts, bool) or not isinstance(self.playouts, Real) or not 0 <= self.playouts < 1:
            raise ValueError(f"Restart.playouts must be a number from 0 up to (not including) 1, not {self.playouts!r}")
        if not isinstance(self.pace, Pace):
            raise ValueError(f"Restart.pace must be a Pace, not {self.pace!r}")
