"""The solver's help on the card table: Hint, Solve and Play it out, and
the solver as a teacher (winnable deals, the guard, What went wrong?,
puzzles), plus the watch of games that can go round in circles
(``no_win``).  Each search runs in the background (``solver.background``)
and tells the page how it goes and what it found through the table's
``assist`` trait; the words come from the solver's results and reports.

``SolverHelp`` is the part of ``SolitaireWidget`` that does this: the page's
requests for help land here (``_request_hint`` …) from the table's dispatch
table (``protocol.py``); what it reads and sets of the table is declared
below.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional

from .errors import IllegalMoveError
from .game import Game
from .moves import Move
from .protocol import LATER, OK, Reply
from .solver.background import (PLAYING, TASK_WORDS, Task, analyse_in_background, busy_words, check_in_background,
                                deal_in_background, failed_words, play_end_words, play_in_background,
                                solve_in_background)
from .solver.deals import DealSearchWords
from .solver.hint import KnownLines
from .solver.reports import Analysis, MoveCheck, Puzzle, analysing_words, checking_words
from .solver.search import Solution

log = logging.getLogger(__name__)

PROGRESS_EVERY = 0.25  # seconds between two progress notes of a background search
# Seconds a position of a game that can cycle stands still before the watch
# searches it: a line of moves played from code is one search, at its end,
# not a search started beside each move (each fought the script for the
# interpreter); a player sees no delay worth the name.
WATCH_AFTER = 0.2


def _host_thread() -> type[threading.Thread]:
    """The thread class for the solver's workers.  A plain thread is enough
    for Jupyter; marimo follows only its own ``mo.Thread``s: a ``mo.state``
    an observer sets from any other thread never re-runs the cells that read
    it, so the moves of Play it out would not reach them."""
    marimo = sys.modules.get("marimo")
    try:
        if marimo is not None and marimo.running_in_notebook():
            return marimo.Thread
    except Exception:  # an older or partly imported marimo: a plain thread still plays
        log.debug("solitaire_widgets: marimo's thread class is not usable", exc_info=True)
    return threading.Thread


class SolverHelp:
    """The solver's help of a ``SolitaireWidget`` (see the module)."""

    if TYPE_CHECKING:  # what it reads and sets of the table (SolitaireWidget)
        _game: Game
        _lock: threading.RLock
        version: int
        assist: dict[str, Any]
        line: int
        no_win: str
        analysis: dict[str, Any]
        puzzle: dict[str, Any]
        features: dict[str, Any]
        difficulty: str
        hint_seconds: Optional[float]
        watch_seconds: float
        solve_seconds: float
        play_pace: float
        analyse_seconds: float
        guard_seconds: float
        deal_seconds: float

        def _reply(self, request_id: Any, reason: Optional[str], extra: Optional[Mapping[str, Any]] = None,
                   message: bool = True) -> None: ...

        def _seek(self, to: Any) -> Reply: ...

    def _start_help(self, puzzle: Optional[Puzzle]) -> None:
        """The help's own state, for a new table (``puzzle``: the one it is set to, if any)."""
        self._puzzle: Optional[Puzzle] = puzzle
        self._analysed: tuple[str, ...] = ()  # the moves of the game the `analysis` report is about
        self._analysis: Optional[Analysis] = None
        self._lines = KnownLines()  # the winning lines Solve and the guard found
        self._last_progress = 0.0
        self._task: Optional[Task] = None
        self._task_kind = ""  # what runs: a key of TASK_WORDS
        self._watch_task: Optional[Task] = None  # CAN_CYCLE games: is a win still possible? (see _watch)
        self._own_move = False  # the play-out or the winnable-deal search is changing the game

    def _end_help(self) -> None:
        """The table switches games: what runs stops, and what was about the game is forgotten."""
        self._stop_task()
        self._stop_watch()
        self._lines.forget()
        self._puzzle = None
        self._forget_analysis()

    def _busy(self) -> Optional[str]:
        """Why no other search may start now (one runs), or None."""
        return busy_words(self._task_kind) if self._task is not None and self._task.running else None

    # --- Hint, Solve, Play it out ---------------------------------------------
    def _marked_pile(self, move: Move) -> str:
        """Where the page marks a move: its source, or for an action the
        stock (in a game without one, "": the action's button)."""
        return move.source or next(iter(self._game.piles_of("stock")), "")

    def _request_hint(self, _content: dict[str, Any]) -> Reply:
        """The engine's hint (``game.hint``): the page marks its card and target."""
        try:
            hint = self._game.hint(time_limit=self.hint_seconds)
        except KeyboardInterrupt:  # the notebook's Interrupt: answered, not raised
            return Reply("stopped: the hint was interrupted")
        if hint.move is None:
            return Reply(hint.reason)
        move = hint.move
        self.assist = {"kind": "hint", "move": str(move), "source": self._marked_pile(move),
                       "target": move.target or "", "reason": hint.reason, "winning": hint.winning,
                       "version": self.version}
        return OK

    def _request_solve(self, _content: dict[str, Any]) -> Reply:
        """Search a copy in a worker thread; the verdict arrives in ``assist``."""
        game = self._game
        if game.status != "playing":
            return Reply(f"nothing to solve: the game is {game.status}")
        version, after, seconds = self.version, self._history(), self.solve_seconds

        def done(solution: Solution) -> None:
            with self._lock:
                if self.version != version:  # the game moved on: the verdict is stale
                    return
                if solution.status == "won":
                    self._lines.keep("solve", solution.moves, after)
                    self.line = len(self._lines.ahead(game))
                elif solution.status == "lost" and game.CAN_CYCLE:
                    self.no_win = solution.reason or "every line was searched"
                verdict = {"kind": "solve", "state": solution.status,
                           "text": solution.verdict(game.card_count, seconds),
                           "moves": len(solution.moves), "states": solution.states, "version": version}
                if solution.reason_cards:  # what a loss is about: the page marks these cards
                    verdict["cards"] = list(solution.reason_cards)
                self.assist = verdict

        self.assist = {"kind": "solve", "state": "running", "text": f"solving (at most {seconds:g} s)",
                       "version": version}
        self._start("solve", solve_in_background(game, on_done=done, time_limit=seconds, thread=_host_thread()))
        return OK

    def _history(self) -> tuple[str, ...]:
        return tuple(str(m) for m in self._game.history)

    def _start(self, kind: str, task: Task) -> None:
        """``task`` (work of ``kind``, a key of ``TASK_WORDS``) is the one running now."""
        self._task, self._task_kind = task, kind

    def _request_play_out(self, _content: dict[str, Any]) -> Reply:
        """Play what is left of a winning line the table knows through the
        engine, ``play_pace`` seconds a move; a click (a stop request) or any
        other change stops it."""
        line = self._lines.ahead(self._game)
        if not line or self._game.status != "playing":
            return Reply("nothing to play out: Solve first, and wait for a winning line")

        def moved(i: int) -> None:
            self.assist = {**self.assist, "done": i, "version": self.version}

        def play(move: Move) -> None:
            self._own_move = True
            try:
                self._game.play(move)
            finally:
                self._own_move = False

        def done(end: str) -> None:
            self.assist = {**self.assist, "state": end, "text": play_end_words(end, self.assist.get("done", 0)),
                           "version": self.version}

        self.assist = {"kind": "play", "state": "playing", "done": 0, "moves": len(line), "text": PLAYING,
                       "version": self.version}
        self._start("play", play_in_background(self._game, [Move.parse(m) for m in line], pace=self.play_pace,
                                               on_done=done, on_move=moved, lock=self._lock, play=play,
                                               thread=_host_thread()))
        return OK

    # --- the solver as a teacher: winnable deals, the guard, What went wrong?, puzzles ---------
    def _throttled(self) -> bool:
        """Whether a progress note may go to the page now (one per ``PROGRESS_EVERY`` seconds)."""
        now = time.perf_counter()
        if now - self._last_progress < PROGRESS_EVERY:
            return False
        self._last_progress = now
        return True

    def _progress(self, kind: str, version: int, text: str) -> None:
        """A progress note of the running work of ``kind`` (while it is the one, about this position)."""
        with self._lock:
            if self._task_kind == kind and self.version == version:
                self.assist = {**self.assist, "text": text}

    def _failed(self, kind: str, version: int) -> Callable[[Exception], None]:
        """What a background search of ``kind`` does when it fails (the task
        has logged the error): the page is told, instead of waiting."""

        def failed(err: Exception) -> None:
            with self._lock:
                if self.version == version and self.assist.get("kind") == kind:
                    self.assist = {"kind": kind, "state": "failed", "version": version,
                                   "text": failed_words(kind, err)}

        return failed

    def _new_winnable_deal(self) -> Reply:
        """New deal with ``winnable`` on: look for a deal the solver wins (of
        grade ``difficulty``) in the background, with a progress note in
        ``assist``; deal it in place once found (its winning line kept on
        the game).  Stop, or any change, ends the search; the deal stays."""
        game, version = self._game, self.version
        grade = self.difficulty or None
        words = DealSearchWords(grade)
        tried = [0]

        def progress(deals: int, seconds: float) -> None:
            tried[0] = deals
            if self._throttled():
                self._progress("winnable", version, words.progress(deals, seconds))

        def done(found: Optional[Game], why: str) -> None:
            with self._lock:
                if self._game is not game or self.version != version:
                    return  # the player moved on: the page already says the search stopped
                if found is None:
                    self.assist = {"kind": "winnable", "state": "stopped" if why == "stopped" else "failed",
                                   "text": words.none(why), "version": self.version}
                    return
                self._own_move = True  # the change below is this search's own: it is not stale
                try:
                    game.new_deal(seed=found.seed)
                    game.set_winning_line(found.winning_line)
                finally:
                    self._own_move = False
                self.line = len(self._lines.ahead(game))
                self._watch("new")  # a winnable deal: nothing to watch
                self.assist = {"kind": "winnable", "state": "done", "version": self.version,
                               "text": words.found(found, tried[0])}

        self.assist = {"kind": "winnable", "state": "running", "text": words.start(), "version": version}
        self._start("winnable", deal_in_background(type(game), on_done=done, on_progress=progress, difficulty=grade,
                                                   time_limit=self.deal_seconds, thread=_host_thread(),
                                                   on_error=self._failed("winnable", version),
                                                   **dict[str, Any](game.options)))
        return OK

    def _guarded_move(self, text: str, request_id: Any) -> Reply:
        """The guard: a move of the page that might give up the win is
        checked in the background first (``check_move``, ``guard_seconds``),
        and the reply waits for the check: the move is played unless it was
        proved to give up the win; then the reply refuses it with the words
        of the check and the move that keeps the win (the page asks whether
        to play it anyway: a move request with ``confirmed``).  Moves on a
        winning line the table knows and safe drops are played at once."""
        game = self._game
        try:
            move: Optional[Move] = Move.parse(text)
        except ValueError:
            move = None  # the engine says what is wrong with it
        known = self._lines.ahead(game)
        if move is None or game.status != "playing" or (known and known[0] == str(move)) \
                or move in game.safe_drops():
            game.play(text)
            return OK
        version = self.version
        task: list[Task] = []

        def done(check: MoveCheck) -> None:
            with self._lock:
                self._guarded(check, game, version, request_id, bool(task) and task[0].stopped)

        def failed(err: Exception) -> None:  # logged by the task; the page still gets its answer
            with self._lock:
                if self.assist.get("kind") == "guard":
                    self.assist = {}
                self._reply(request_id, f"internal error while the guard checked this move "
                                        f"({type(err).__name__}); it was not played", message=False)

        task.append(check_in_background(game, text, on_done=done, time_limit=self.guard_seconds,
                                        thread=_host_thread(), on_error=failed))  # an illegal move raises here
        self._start("guard", task[0])
        self.assist = {"kind": "guard", "state": "checking", "move": str(move), "text": checking_words(move),
                       "version": version}
        return LATER

    def _guarded(self, check: MoveCheck, game: Game, version: int, request_id: Any, stopped: bool) -> None:
        """The guard's check has ended: play the move, or refuse it with the warning (see ``_guarded_move``)."""
        if self._game is not game or self.version != version:
            self._reply(request_id, "refused: the table changed while the guard checked this move; try again",
                        message=False)
            return
        if stopped:
            self.assist = {}
            self._reply(request_id, check.stopped_words, message=False)
            return
        if check.gives_up_win:
            better = check.better
            assert better is not None
            self.assist = {"kind": "guard", "state": "warned", "move": str(check.move), "better": str(better),
                           "source": self._marked_pile(better), "target": better.target or "", "text": str(check),
                           "cards": list(check.reason_cards), "version": version}
            self._reply(request_id, str(check), {"guard": {"move": str(check.move), "better": str(better),
                                                           "ask": check.ask}}, message=False)
            return
        try:
            game.play(check.move)
        except IllegalMoveError as err:  # cannot happen while the version is the same; said, not raised
            self._reply(request_id, str(err))
            return
        doubt = check.doubt(self.guard_seconds)
        if check.keeps_win and check.line:
            self._lines.keep("guard", check.line, self._history())
            self.line = len(self._lines.ahead(game))
        elif doubt:
            self.assist = {"kind": "guard", "state": "undecided", "move": str(check.move), "version": self.version,
                           "text": doubt}
        self._reply(request_id, None)

    def _request_analyse(self, _content: dict[str, Any]) -> Reply:
        """What went wrong?: analyse the game's moves (``Game.analyse``,
        ``analyse_seconds``) in the background, with a progress note in
        ``assist``; the report arrives in ``analysis``."""
        game = self._game
        if not game.history:
            return Reply("nothing to analyse: no move has been played")
        version, analysed = self.version, self._history()

        def progress(searched: int, seconds: float) -> None:
            if self._throttled():
                self._progress("analyse", version, analysing_words(searched, seconds))

        def done(analysis: Analysis) -> None:
            with self._lock:
                if self._game is not game or self._analysed != analysed:
                    return  # another deal, or another line of play since
                self._analysis = analysis
                self.analysis = analysis.to_json()
                if self.version == version:
                    self.assist = {"kind": "analyse", "state": "stopped" if analysis.stopped_by else "done",
                                   "text": analysis.headline(), "version": version}

        self._analysed, self._analysis, self.analysis = analysed, None, {}
        self.assist = {"kind": "analyse", "state": "running", "text": analysing_words(), "version": version}
        self._start("analyse", analyse_in_background(game, on_done=done, on_progress=progress,
                                                     time_limit=self.analyse_seconds, thread=_host_thread(),
                                                     on_error=self._failed("analyse", version)))
        return OK

    def _forget_analysis(self) -> None:
        self._analysed, self._analysis = (), None
        if self.analysis:
            self.analysis = {}

    def _follow_analysis(self) -> None:
        """Keep the ``analysis`` report while the game's moves (played and to
        redo) are still those analysed; forget it once they are not (another
        deal, another line of play)."""
        analysed = self._analysed
        if not analysed:
            return
        game = self._game
        moves = tuple(str(m) for m in game.history + game.redo_moves)
        if moves[:len(analysed)] != analysed:
            self._forget_analysis()

    def _request_show_mistake(self, _content: dict[str, Any]) -> Reply:
        """Go back to the position before the losing move the analysis named
        (as Replay does: Redo brings the moves back) and mark the move played
        and the better one there."""
        analysis = self._analysis
        if analysis is None or analysis.losing_move is None or not self.analysis:
            return Reply("nothing to show: the analysis named no losing move")
        sought = self._seek(analysis.losing_move)
        if sought.refused is not None:
            return sought
        played, better = analysis.played, analysis.better
        assert played is not None and better is not None
        text = (f"before move {analysis.losing_move + 1}: {played} (red, dashed) gave up the win; {better} "
                "(marked as a hint) keeps it")
        self.assist = {"kind": "mistake", "move": str(played), "better": str(better), "text": text,
                       "played_source": self._marked_pile(played), "played_target": played.target or "",
                       "source": self._marked_pile(better), "target": better.target or "",
                       "cards": list(analysis.reason_cards), "version": self.version}
        return OK

    def _sync_puzzle(self) -> None:
        """Puzzle mode: the puzzle's state (``Puzzle.state``: no search),
        and the Puzzle panel offered (``features``) only while there is one."""
        puzzle = self._puzzle
        if bool(self.features.get("puzzle")) != (puzzle is not None):
            features = {k: v for k, v in self.features.items() if k != "puzzle"}
            self.features = {**features, "puzzle": True} if puzzle is not None else features
        if puzzle is None:
            if self.puzzle:
                self.puzzle = {}
            return
        first = self._game.history[:1]
        shown = bool(self.puzzle.get("answer")) and self.puzzle.get("title") == puzzle.title
        state = puzzle.state(first[0] if first else None, answer=shown)
        if state != self.puzzle:
            self.puzzle = state

    def _request_puzzle_answer(self, _content: dict[str, Any]) -> Reply:
        """Puzzle mode's Show the answer: the answer and why each other move
        loses, and (at the puzzle's position) the answer marked as a hint."""
        puzzle = self._puzzle
        if puzzle is None:
            return Reply("refused: this table is not set to a puzzle")
        self.puzzle = {**self.puzzle, "answer": str(puzzle.answer), "answer_text": puzzle.answer_text()}
        if not self._game.history:
            answer = puzzle.answer
            self.assist = {"kind": "hint", "move": str(answer), "winning": True, "version": self.version,
                           "source": self._marked_pile(answer), "target": answer.target or "",
                           "reason": puzzle.answer_text()[0]}
        return OK

    def _stop_task(self) -> None:
        if self._task is not None:
            self._task.stop()

    def _position_changed(self) -> None:
        """A change not made by the play-out: a hint or verdict is about the
        position before, and a running solve or play-out ends."""
        running = self._task is not None and self._task.running
        self._stop_task()
        words = TASK_WORDS.get(self._task_kind)
        stale = words.stale if running and words else ""
        if stale:
            self.assist = {"kind": self._task_kind, "state": "stale", "text": stale, "version": self.version}
        elif self.assist and not (running and self._task_kind == "play"):
            self.assist = {}

    # --- games that can go round in circles: is a win still possible? ---------
    def _watch(self, kind: str) -> None:
        """In a game that declares ``CAN_CYCLE`` (moves can go back and forth
        without end, so it need never run out of moves), ask the solver in a
        worker thread, for ``watch_seconds`` at most, whether a win is still
        possible from the position after a change (``kind``, a
        ``GameChange.kind``, or "new" for a new game), once the position has
        stood still for ``WATCH_AFTER`` seconds; the next change stops it.
        Only a proven loss is said (``no_win``: the solver's reason); a
        search that ends undecided says nothing.  A move played from a
        position proven lost keeps the verdict (every position after it is
        lost too) until the new search proves it again or finds a win; undo,
        restart and a new deal clear it."""
        self._stop_watch()
        game = self._game
        if not game.CAN_CYCLE:
            return
        if kind not in ("play", "redo") or game.status != "playing":
            self.no_win = ""
        if game.status != "playing" or self._lines.ahead(game):
            self.no_win = ""  # over, or on the winning line Solve found
            return
        version = self.version

        def done(solution: Solution) -> None:
            with self._lock:
                if self.version != version or self._game is not game:
                    return  # the game moved on: the verdict is about a position gone
                if solution.status == "lost":
                    self.no_win = solution.reason or "every line was searched"
                elif solution.status == "won":
                    self.no_win = ""

        self._watch_task = solve_in_background(game, on_done=done, time_limit=self.watch_seconds,
                                               thread=_host_thread(), after=WATCH_AFTER)

    def _stop_watch(self) -> None:
        if self._watch_task is not None:
            self._watch_task.stop()
            self._watch_task = None

    def wait(self, timeout: Optional[float] = 30.0) -> bool:
        """Wait until a running solve or play-out, and the background check
        of a game that can go round in circles (``no_win``), have ended (for
        scripts and tests); True once nothing runs."""
        return all(task is None or task.wait(timeout) for task in (self._task, self._watch_task))
