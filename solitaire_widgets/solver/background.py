"""The solver and its winning lines in a worker thread, with a stop flag, so
the caller (the table's kernel) keeps answering while they run.

``solve_in_background`` searches a copy taken in the caller's thread (the
game may change afterwards; the search never sees it).  ``play_in_background``
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
from ..moves import Move
from .search import Solution, solve

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
