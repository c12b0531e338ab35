"""The solver and its winning lines in a worker thread, with a stop flag, so
the caller (the table's kernel) keeps answering while they run.

``solve_in_background`` searches a copy taken in the caller's thread (the
game may change afterwards; the search never sees it); so does
``analyse_in_background`` (``Game.analyse``), and ``deal_in_background``
looks for a winnable deal (``deals.winnable_deal``).  ``play_in_background``
plays a line on the game itself, one move per ``pace`` seconds, each through
``game.play`` like any other move, and stops at once when the game changes
under it or ``stop()`` is called.

>>> import solitaire_widgets as sw
>>> game = sw.Bobby(deck=sw.standard_deck())
>>> found = []
>>> task = solve_in_background(game, time_limit=5.0, on_done=found.append)
>>> task.wait(30) and found[0].status
'won'
>>> ends = []
>>> task = play_in_background(game, found[0].moves, pace=0.0, on_done=ends.append)
>>> task.wait(30), ends, game.status
(True, ['won'], 'won')
"""

from __future__ import annotations

import contextlib
import logging
import threading
from typing import Callable, ContextManager, Optional, Sequence

ThreadClass = Callable[..., threading.Thread]

from ..game import Game
from ..games import GameName
from ..moves import Move
from .reports import Analysis
from .results import Solution
from .search import solve

log = logging.getLogger(__name__)

PLAY_ENDS = ("won", "finished", "stopped", "changed", "failed")


class Task:
    """One worker thread with a stop flag: ``stop()`` asks it to end soon,
    ``wait(timeout)`` joins it (True once it has ended).  ``thread`` makes
    the thread (``threading.Thread`` or a subclass a host needs, such as
    marimo's ``mo.Thread``)."""

    def __init__(self, work: Callable[[threading.Event], None], name: str,
                 thread: ThreadClass = threading.Thread) -> None:
        self._stop = threading.Event()
        self._thread = thread(target=self._guarded, args=(work,), name=name, daemon=True)
        self._thread.start()

    def _guarded(self, work: Callable[[threading.Event], None]) -> None:
        try:
            work(self._stop)
        except Exception:  # a worker's error is logged, never lost in a dead thread
            log.exception("solitaire_widgets: the solver's worker failed")

    def stop(self) -> None:
        self._stop.set()

    @property
    def stopped(self) -> bool:
        return self._stop.is_set()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def wait(self, timeout: Optional[float] = None) -> bool:
        self._thread.join(timeout)
        return not self._thread.is_alive()


def solve_in_background(game: Game, *, on_done: Callable[[Solution], None], time_limit: Optional[float] = 5.0,
                        max_states: Optional[int] = None, thread: ThreadClass = threading.Thread) -> Task:
    """Search ``game``'s position in a worker thread; ``on_done(solution)``
    runs there when the search ends (``status="unknown"``,
    ``stopped_by="stopped"`` after ``task.stop()``)."""
    position = game.copy(history=False)  # taken now, in the caller's thread

    def work(stop: threading.Event) -> None:
        on_done(solve(position, time_limit=time_limit, max_states=max_states, stop=stop.is_set))

    return Task(work, "solitaire-widgets-solve", thread)


def analyse_in_background(game: Game, *, on_done: Callable[[Analysis], None],
                          on_progress: Optional[Callable[[int, float], None]] = None,
                          time_limit: Optional[float] = 10.0, max_states: Optional[int] = None,
                          thread: ThreadClass = threading.Thread) -> Task:
    """Analyse ``game`` (``Game.analyse``) in a worker thread;
    ``on_progress(searched, seconds)`` runs there after each position
    searched, ``on_done(analysis)`` when it ends (``stopped_by="stopped"``
    after ``task.stop()``: what it proved so far).

    >>> import solitaire_widgets as sw
    >>> game = sw.Cruel(seed=2)
    >>> for move in ["t7 t2", "t3 t2", "redeal", "t0 t3", "t5 t3", "t5 f2", "t6 t3", "redeal"]:
    ...     _ = game.play(move)
    >>> found = []
    >>> task = analyse_in_background(game, on_done=found.append, time_limit=None, max_states=5_000)
    >>> task.wait(60), found[0].losing_move
    (True, 7)
    """
    position = game.copy()  # taken now, in the caller's thread, with its history and winning line

    def work(stop: threading.Event) -> None:
        on_done(position.analyse(time_limit=time_limit, max_states=max_states, progress=on_progress,
                                 stop=stop.is_set))

    return Task(work, "solitaire-widgets-analyse", thread)


def deal_in_background(name: GameName, *, on_done: Callable[[Optional[Game], str], None],
                       on_progress: Optional[Callable[[int, float], None]] = None, seed: Optional[int] = None,
                       difficulty: Optional[str] = None, thread: ThreadClass = threading.Thread,
                       **options: str) -> Task:
    """Look for a winnable deal of ``name`` (``deals.winnable_deal``, its
    budgets, from ``seed`` on) in a worker thread; ``on_progress(deals_tried,
    seconds)`` runs there after each seed, and ``on_done(game, why)`` when
    it ends: the game and ``""``, or None and why there is none (the time
    limit ran out, or ``"stopped"`` after ``task.stop()``).  The arguments
    are checked in the caller's thread, before the worker starts.

    >>> found = []
    >>> task = deal_in_background("cruel", seed=4, on_done=lambda game, why: found.append((game.seed, why)))
    >>> task.wait(60), found
    (True, [(6, '')])
    """
    from .deals import NoWinnableDeal, check_deal_arguments, winnable_deal

    check_deal_arguments(name, seed, difficulty, options)

    def work(stop: threading.Event) -> None:
        try:
            game = winnable_deal(name, seed=seed, difficulty=difficulty, progress=on_progress, stop=stop.is_set,
                                 **options)
        except NoWinnableDeal as err:
            on_done(None, "stopped" if err.stopped_by == "stopped" else str(err))
        else:
            on_done(game, "")

    return Task(work, "solitaire-widgets-deal", thread)


def play_in_background(game: Game, moves: Sequence[Move], *, pace: float, on_done: Callable[[str], None],
                       on_move: Optional[Callable[[int], None]] = None,
                       lock: Optional[ContextManager] = None,
                       play: Optional[Callable[[Move], object]] = None,
                       thread: ThreadClass = threading.Thread) -> Task:
    """Play ``moves`` on ``game`` in a worker thread, ``pace`` seconds apart.

    ``on_move(i)`` runs after move ``i`` (1-based); ``on_done(end)`` runs
    once with ``end`` one of ``PLAY_ENDS``: ``"won"``, ``"finished"`` (the
    line ran out without a win), ``"stopped"``, ``"changed"`` (someone else
    changed the game) or ``"failed"`` (a move was refused).  ``lock`` (held
    around each move) keeps the moves apart from the caller's own changes;
    ``play`` (default ``game.play``) plays one move; ``thread`` makes the
    worker thread (see ``Task``).
    """
    play_move = game.play if play is None else play
    held = lock if lock is not None else contextlib.nullcontext()
    line = list(moves)
    expected = game.version

    def work(stop: threading.Event) -> None:
        nonlocal expected
        end = "won" if game.status == "won" else "finished"
        for i, move in enumerate(line, 1):
            if stop.wait(pace):
                end = "stopped"
                break
            with held:
                if stop.is_set():
                    end = "stopped"
                    break
                if game.version != expected:
                    end = "changed"
                    break
                try:
                    play_move(move)
                except Exception as err:  # the engine refused it: the line no longer fits the game
                    log.warning("solitaire_widgets: the play-out's move %s was refused: %s", move, err)
                    end = "failed"
                    break
                expected = game.version
                if on_move is not None:
                    on_move(i)
            if game.status == "won":
                end = "won"
                break
        with held:
            on_done(end)

    return Task(work, "solitaire-widgets-play-out", thread)
