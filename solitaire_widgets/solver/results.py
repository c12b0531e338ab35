"""What the solver returns: ``Solution`` (``solve``), ``Hint`` (``hint``),
``Deal`` and ``WinRate`` (``winnability``), all importable from the package.

>>> import solitaire_widgets as sw
>>> sw.Solution("lost", reason="no legal move is left")
<Solution lost: no legal move is left, 0 states, 0.00 s>
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from typing import Any, Optional

from ..moves import Move
from ..text import literal

SHOWN_MOVES = 30  # of a winning line, in a notebook's view of a Solution
REPR_MOVES = 5  # of a winning line, in its one-line repr
# Solution.stopped_by -> what the text says
STOPPED_BY = {"time": "stopped by the time limit", "states": "stopped by the state budget",
              "stopped": "stopped by stop()", "interrupt": "interrupted by Ctrl-C"}
NO_WIN = "no win exists from here"  # a proven loss, in words (Solution, hints)


def best_line_words(cards_home: int, card_count: int) -> str:
    """How far the best line of an undecided search got, in words (Solve's
    verdict, a hint).

    >>> best_line_words(30, 52)
    'the best line found gets 30 of 52 cards home'
    """
    return f"the best line found gets {cards_home} of {card_count} cards home"


@dataclass(frozen=True, repr=False)
class Solution:
    """What ``solve`` found.

    ``status`` is ``"won"`` (``moves`` is a winning line, checked by replaying
    it on a copy), ``"lost"`` (every line was searched: no win exists) or
    ``"unknown"`` (a limit, ``stop()`` or Ctrl-C ended the search first;
    ``stopped_by`` says which: ``"time"``, ``"states"``, ``"stopped"`` or
    ``"interrupt"``; a win says ``"interrupt"`` where Ctrl-C came as its
    line was shortened: the line is the one the search found).  ``states`` counts
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
        head = self._decided() or f"not decided ({self._stopped_words()})"
        return f"{head} ({self.states:,} state{'s' * (self.states != 1)}, {self.seconds:.2f} s)"

    def verdict(self, card_count: int, time_limit: Optional[float] = None) -> str:
        """The verdict in words, without the search's figures (the table's
        Solve shows it): a search that did not decide says how far its best
        line got (of ``card_count`` cards) and in how long (``time_limit``,
        the search's own).

        >>> from solitaire_widgets.moves import Move
        >>> Solution("won", moves=(Move("t0", "f0"),) * 3).verdict(52)
        'winnable in 3 moves'
        >>> Solution("lost", reason="no legal move is left").verdict(52)
        'no win exists from here: no legal move is left'
        >>> Solution("unknown", cards_home=30, stopped_by="time").verdict(52, time_limit=5.0)
        'not decided in 5 s: the best line found gets 30 of 52 cards home'
        >>> Solution("unknown", stopped_by="stopped").verdict(52)
        'stopped before a verdict'
        """
        decided = self._decided()
        if decided:
            return decided
        if self.stopped_by == "stopped":
            return "stopped before a verdict"
        within = f"in {time_limit:g} s" if self.stopped_by == "time" and time_limit is not None \
            else f"({self._stopped_words()})"
        return f"not decided {within}: {best_line_words(self.cards_home, card_count)}"

    def _decided(self) -> str:
        """The words of a won or lost verdict; "" while not decided."""
        if self.status == "won":
            return f"winnable in {len(self.moves)} moves"
        if self.status == "lost":
            return f"{NO_WIN}: {self.reason}" if self.reason else NO_WIN
        return ""

    def _stopped_words(self) -> str:
        return STOPPED_BY.get(self.stopped_by or "", f"stopped by {self.stopped_by}")

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
            head = f"unknown, {self._stopped_words()}"
        return f"<Solution {head}, {self.states:,} state{'s' * (self.states != 1)}, {self.seconds:.2f} s>"

    def _repr_markdown_(self) -> str:
        """In a notebook: the verdict in bold, then the winning line (its
        first ``SHOWN_MOVES`` moves) instead of the dataclass's long repr.
        The reason, a game's own words, shows as written, never as markup.

        >>> print(Solution("lost", reason="<b>no</b> *move*")._repr_markdown_())
        **no win exists from here: &lt;b&gt;no&lt;/b&gt; \\*move\\* (0 states, 0.00 s)**
        """
        text = f"**{literal(str(self))}**"
        if self.moves:
            line = " ".join(f"`{move}`" for move in self.moves[:SHOWN_MOVES])
            text += f"\n\n{line}{' …' if len(self.moves) > SHOWN_MOVES else ''}"
        return text



@dataclass(frozen=True)
class Hint:
    """A suggested move: ``move`` (None when the game is over), ``reason`` (one
    short sentence) and ``winning``: True when a win from here is proven (the
    move starts it; a won game needs none), False when the solver proved that
    no win exists from here (the move is still the best it found, or None
    when no move is left), None when the search did not decide.

    >>> import solitaire_widgets as sw
    >>> sw.Cruel(seed=4).hint(time_limit=None, max_states=100).winning  # lost from the deal
    False
    """

    move: Optional[Move]
    reason: str
    winning: Optional[bool] = None

    def __str__(self) -> str:
        return f"{self.move}: {self.reason}" if self.move else self.reason


@dataclass(frozen=True)
class Deal:
    """One deal's result: ``status`` is won/lost/unknown (players: won/lost)."""

    seed: int
    status: str
    moves: int  # length of the winning line (solver) or of the game played
    cards_home: int  # most cards home (solver: in any position searched)
    states: int
    seconds: float
    reason: str = ""  # the solver's proven losses: why no win exists (``Solution.reason``)


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(0, 100)]
    [0.0, 0.037]
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, repr=False)
class WinRate:
    """Win rate of one game (and options) for one player over a run of seeds.

    ``interrupted`` is True for the partial result of a run stopped by Ctrl-C
    (``WinRateInterrupted.partial``): its rows are the deals that finished.
    """

    name: str
    options: dict
    player: str
    start_seed: int
    time_limit: Optional[float]
    max_states: Optional[int]
    rows: tuple[Deal, ...]
    interrupted: bool = False

    @property
    def deals(self) -> int:
        return len(self.rows)

    def _count(self, status: str) -> int:
        return sum(r.status == status for r in self.rows)

    @property
    def won(self) -> int:
        return self._count("won")

    @property
    def lost(self) -> int:
        return self._count("lost")

    @property
    def unknown(self) -> int:
        return self._count("unknown")

    @property
    def rate(self) -> float:
        """Share of deals won (proven wins for the solver)."""
        return self.won / self.deals if self.deals else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of the win rate, counting proven wins only."""
        return wilson(self.won, self.deals)

    @property
    def interval_with_unknown(self) -> tuple[float, float]:
        """95% Wilson interval counting every undecided deal as a win (the most it can be)."""
        return wilson(self.won + self.unknown, self.deals)

    @property
    def interval_range(self) -> tuple[float, float]:
        """Where the true rate lies: low end of ``interval`` to high end of ``interval_with_unknown``."""
        return (self.interval[0], self.interval_with_unknown[1])

    @property
    def median_seconds(self) -> float:
        return statistics.median(r.seconds for r in self.rows) if self.rows else 0.0

    @property
    def p95_seconds(self) -> float:
        if not self.rows:
            return 0.0
        times = sorted(r.seconds for r in self.rows)
        return times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]

    @property
    def mean_cards_home(self) -> float:
        return statistics.fmean(r.cards_home for r in self.rows) if self.rows else 0.0

    def summary(self) -> dict[str, Any]:
        """The figures as a dict (one table row); a partial result (Ctrl-C)
        has one more entry, ``"interrupted"``."""
        lo, hi = self.interval
        row = {
            "game": self._game_text(), "player": self.player, "deals": self.deals, "won": self.won,
            "lost": self.lost, "unknown": self.unknown, "win rate": f"{self.rate:.1%}",
            "95% interval": f"{lo:.1%}–{hi:.1%}",
            "with unknowns": f"≤ {self.interval_with_unknown[1]:.1%}",
            "mean cards home": f"{self.mean_cards_home:.1f}",
            "median s": f"{self.median_seconds:.3f}", "p95 s": f"{self.p95_seconds:.3f}",
        }
        if self.interrupted:
            row["interrupted"] = "yes: only the deals that finished are counted"
        return row

    def _game_text(self) -> str:
        return self.name + "".join(f" {k}={v}" for k, v in self.options.items())

    def __str__(self) -> str:
        return "\n".join(f"{k:>16}: {v}" for k, v in self.summary().items())

    def __repr__(self) -> str:
        """One line: the game, the player, the counts and the rate.

        >>> import solitaire_widgets as sw
        >>> sw.winnability("bobby", 4, player="greedy", executor="inline", progress=False)
        <WinRate bobby redeal=shuffle, greedy: 4 deals, 0 won, 4 lost, 0 unknown, win rate 0.0%>
        """
        partial = " (interrupted)" if self.interrupted else ""
        return (f"<WinRate {self._game_text()}, {self.player}: {self.deals} deal{'s' * (self.deals != 1)}"
                f"{partial}, {self.won} won, {self.lost} lost, {self.unknown} unknown, win rate {self.rate:.1%}>")

    def _repr_html_(self) -> str:
        from html import escape

        row = self.summary()
        head = "".join(f"<th>{escape(k)}</th>" for k in row)
        cells = "".join(f"<td>{escape(str(v))}</td>" for v in row.values())
        return f"<table><tr>{head}</tr><tr>{cells}</tr></table>"


