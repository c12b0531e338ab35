"""The solver's help on the card table: Hint, Solve and Play it out, and
the solver as a teacher (winnable deals, the guard, What went wrong?,
puzzles), plus the watch of games that can go round in circles
(``no_win``).  Each search runs in the background (``background``) and
tells the page how it goes and what it found through the table's
``assist`` trait (``states``: one type per kind); the words come from
``words`` and the solver's results and reports.

``SolverHelp`` is an object a ``SolitaireWidget`` composes: the table hands
it the page's requests for help (``handlers``, ``guarded_move``,
``new_winnable_deal``) and tells it of each change of the game
(``game_changed``, then ``position_shown`` once the table shows it); the
help reads and shows only through the table's port (``port.TablePort``).
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from types import MappingProxyType
from typing import Any, Callable, Mapping, Optional

from ..errors import IllegalMoveError
from ..game import Game
from ..moves import Move
from ..protocol import LATER, OK, Reply
from ..solver.reports import Analysis, MoveCheck, Puzzle
from ..solver.search import Solution
from .background import (PlayEnd, Task, analyse_in_background, check_in_background, deal_in_background,
                         play_in_background, solve_in_background)
from .lines import KnownLines
from .port import TablePort
from .states import AnalyseAssist, Assist, PlayAssist, SolveAssist, WinnableAssist, solve_verdict
from .words import (PLAYING, TASK_WORDS, DealSearchWords, TaskKind, analysing_words, busy_words, checking_words,
                    failed_words, play_end_words)

log = logging.getLogger(__name__)

PROGRESS_EVERY = 0.25  # seconds between two progress notes of a background search
# Seconds a position of a game that can cycle stands still before the watch
# searches it: a line of moves played from code is one search, at its end,
# not a search started beside each move (each fought the script for the
# interpreter); a player sees no delay worth the name.
WATCH_AFTER = 0.2

Handler = Callable[[dict[str, Any]], Reply]


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


def puzzle_game(puzzle: Puzzle) -> Game:
    """A game at ``puzzle``'s position, its winning line kept on it (hints and Play it out follow it)."""
    game = puzzle.position()
    game.set_winning_line(puzzle.line)
    return game


def _stale(kind: TaskKind, text: str, version: int) -> Assist:
    """What ``assist`` says of work of ``kind`` that a change of the game ended (``text``: its stale words)."""
    if kind == "solve":
        return {"kind": "solve", "state": "stale", "text": text, "version": version}
    if kind == "winnable":
        return {"kind": "winnable", "state": "stale", "text": text, "version": version}
    if kind == "analyse":
        return {"kind": "analyse", "state": "stale", "text": text, "version": version}
    raise ValueError(f"{kind} says nothing when a change of the game ends it")


class SolverHelp:
    """The solver's help of one table, through its port ``table`` (see the
    module); ``puzzle``: the puzzle the table is set to, if any."""

    def __init__(self, table: TablePort, puzzle: Optional[Puzzle] = None) -> None:
        self._table = table
        self._puzzle = puzzle
        self._answer_shown = False  # Show the answer was asked of this puzzle
        self._shown: Assist = {}  # what `assist` says now
        self._analysed: tuple[str, ...] = ()  # the moves of the game the `analysis` report is about
        self._analysis: Optional[Analysis] = None
        self._lines = KnownLines()  # the winning lines Solve and the guard found
        self._last_progress = 0.0
        self._task: Optional[Task] = None
        self._task_kind: Optional[TaskKind] = None  # what runs (or ran last)
        self._watch_task: Optional[Task] = None  # CAN_CYCLE games: is a win still possible? (see _watch)
        self._own_move = False  # the play-out or the winnable-deal search is changing the game
        # The page's requests for help: request kind -> handler (protocol.REQUESTS names them).
        self.handlers: Mapping[str, Handler] = MappingProxyType({
            "hint": self._hint, "solve": self._solve, "play_out": self._play_out, "analyse": self._analyse,
            "show_mistake": self._show_mistake, "puzzle_answer": self._puzzle_answer})

    # --- what the table asks of it -----------------------------------------------
    @property
    def puzzle(self) -> Optional[Puzzle]:
        """The puzzle the table is set to, or None."""
        return self._puzzle

    def set_puzzle(self, puzzle: Puzzle) -> None:
        """The table now shows ``puzzle``'s game (``puzzle_game``): follow it."""
        self._set_puzzle(puzzle)
        self._sync_puzzle()

    def moves_ahead(self) -> int:
        """How many moves are left of a winning line the table knows (the ``line`` trait)."""
        return len(self._lines.ahead(self._table.game))

    def busy(self) -> Optional[str]:
        """Why no other search may start now (one runs), or None."""
        if self._task is None or self._task_kind is None or not self._task.running:
            return None
        return busy_words(self._task_kind)

    def stop(self) -> None:
        """Stop the running search or play-out, if any (the player takes over)."""
        if self._task is not None:
            self._task.stop()

    def guard_off(self) -> None:
        """The guard was turned off: its line is followed only while it is on."""
        self._lines.forget("guard")

    def leave_game(self) -> None:
        """The table switches games: what runs stops, and what was about the game is forgotten."""
        self.stop()
        self._stop_watch()
        self._lines.forget()
        self._set_puzzle(None)
        self._forget_analysis()

    def game_changed(self, kind: str) -> None:
        """The game changed (``kind``, a ``GameChange.kind``), before the
        table shows it: forget what was about another deal, or another line
        of play."""
        if kind in ("new_deal", "resume"):
            self._lines.forget()  # another deal: the lines were about this one
            if kind == "new_deal":
                self._set_puzzle(None)  # a new deal ends the puzzle
        self._follow_analysis()

    def position_shown(self, kind: str) -> None:
        """The table shows the position after a change (``kind``, or "new"
        for another game): a hint or verdict about the position before is
        stale unless the change is the help's own, the puzzle says its
        verdict, and the watch looks at the new position."""
        if not self._own_move:
            self._position_changed()
        self._sync_puzzle()
        self._watch(kind)

    def wait(self, timeout: Optional[float] = 30.0) -> bool:
        """Wait until the running work and the watch have ended; True once nothing runs."""
        return all(task is None or task.wait(timeout) for task in (self._task, self._watch_task))

    # --- Hint, Solve, Play it out ---------------------------------------------
    def _show(self, state: Assist) -> None:
        self._shown = state
        self._table.show_assist(state)

    def _marked_pile(self, move: Move) -> str:
        """Where the page marks a move: its source, or for an action the
        stock (in a game without one, "": the action's button)."""
        return move.source or next(iter(self._table.game.piles_of("stock")), "")

    def _hint(self, _content: dict[str, Any]) -> Reply:
        """The engine's hint (``game.hint``): the page marks its card and target."""
        table = self._table
        try:
            hint = table.game.hint(time_limit=table.settings.hint_seconds)
        except KeyboardInterrupt:  # the notebook's Interrupt: answered, not raised
            return Reply("stopped: the hint was interrupted")
        if hint.move is None:
            return Reply(hint.reason)
        move = hint.move
        self._show({"kind": "hint", "move": str(move), "source": self._marked_pile(move),
                    "target": move.target or "", "reason": hint.reason, "winning": hint.winning,
                    "version": table.version})
        return OK

    def _solve(self, _content: dict[str, Any]) -> Reply:
        """Search a copy in a worker thread; the verdict arrives in ``assist``."""
        table = self._table
        game = table.game
        if game.status != "playing":
            return Reply(f"nothing to solve: the game is {game.status}")
        version, after, seconds = table.version, self._history(), table.settings.solve_seconds

        def done(solution: Solution) -> None:
            with table.lock:
                if table.version != version:  # the game moved on: the verdict is stale
                    return
                if solution.status == "won":
                    self._lines.keep("solve", solution.moves, after)
                    table.show_line(len(self._lines.ahead(game)))
                elif solution.status == "lost" and game.CAN_CYCLE:
                    table.show_no_win(solution.reason or "every line was searched")
                verdict: SolveAssist = {"kind": "solve", "state": solve_verdict(solution.status),
                                        "text": solution.verdict(game.card_count, seconds),
                                        "moves": len(solution.moves), "states": solution.states, "version": version}
                if solution.reason_cards:  # what a loss is about: the page marks these cards
                    verdict["cards"] = list(solution.reason_cards)
                self._show(verdict)

        self._show({"kind": "solve", "state": "running", "text": f"solving (at most {seconds:g} s)",
                    "version": version})
        self._start("solve", solve_in_background(game, on_done=done, time_limit=seconds, thread=_host_thread()))
        return OK

    def _history(self) -> tuple[str, ...]:
        return tuple(str(m) for m in self._table.game.history)

    def _start(self, kind: TaskKind, task: Task) -> None:
        """``task`` (work of ``kind``) is the one running now."""
        self._task, self._task_kind = task, kind

    def _play_out(self, _content: dict[str, Any]) -> Reply:
        """Play what is left of a winning line the table knows through the
        engine, ``play_pace`` seconds a move; a click (a stop request) or any
        other change stops it."""
        table = self._table
        game = table.game
        line = self._lines.ahead(game)
        if not line or game.status != "playing":
            return Reply("nothing to play out: Solve first, and wait for a winning line")
        state: PlayAssist = {"kind": "play", "state": "playing", "done": 0, "moves": len(line), "text": PLAYING,
                             "version": table.version}

        def moved(i: int) -> None:
            nonlocal state
            state = {**state, "done": i, "version": table.version}
            self._show(state)

        def play(move: Move) -> None:
            self._own_move = True
            try:
                game.play(move)
            finally:
                self._own_move = False

        def done(end: PlayEnd) -> None:
            nonlocal state
            state = {**state, "state": end, "text": play_end_words(end, state["done"]), "version": table.version}
            self._show(state)

        self._show(state)
        self._start("play", play_in_background(game, [Move.parse(m) for m in line], pace=table.settings.play_pace,
                                               on_done=done, on_move=moved, lock=table.lock, play=play,
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

    def _note(self, kind: TaskKind, version: int, state: Assist) -> None:
        """A progress note of the running work of ``kind`` (while it is the one, about this position)."""
        with self._table.lock:
            if self._task_kind == kind and self._table.version == version:
                self._show(state)

    def _failed(self, kind: TaskKind, version: int, failure: Callable[[str], Assist]) -> Callable[[Exception], None]:
        """What a background search of ``kind`` does when it fails (the task
        has logged the error): the page is told (``failure`` of the words),
        instead of waiting."""

        def failed(err: Exception) -> None:
            with self._table.lock:
                if self._table.version == version and self._shown.get("kind") == kind:
                    self._show(failure(failed_words(kind, err)))

        return failed

    def new_winnable_deal(self) -> Reply:
        """New deal with ``winnable`` on: look for a deal the solver wins (of
        grade ``difficulty``) in the background, with a progress note in
        ``assist``; deal it in place once found (its winning line kept on
        the game).  Stop, or any change, ends the search; the deal stays."""
        table = self._table
        game, version, settings = table.game, table.version, table.settings
        grade = settings.difficulty or None
        words = DealSearchWords(grade)
        tried = [0]
        running: WinnableAssist = {"kind": "winnable", "state": "running", "text": words.start(), "version": version}

        def progress(deals: int, seconds: float) -> None:
            tried[0] = deals
            if self._throttled():
                self._note("winnable", version, {**running, "text": words.progress(deals, seconds)})

        def done(found: Optional[Game], why: str) -> None:
            with table.lock:
                if table.game is not game or table.version != version:
                    return  # the player moved on: the page already says the search stopped
                if found is None:
                    self._show({"kind": "winnable", "state": "stopped" if why == "stopped" else "failed",
                                "text": words.none(why), "version": table.version})
                    return
                self._own_move = True  # the change below is this search's own: it is not stale
                try:
                    game.new_deal(seed=found.seed, deck=found.deck)
                    game.set_winning_line(found.winning_line)
                finally:
                    self._own_move = False
                table.show_line(len(self._lines.ahead(game)))
                self._watch("new")  # a winnable deal: nothing to watch
                self._show({"kind": "winnable", "state": "done", "version": table.version,
                            "text": words.found(found, tried[0])})

        self._show(running)
        failed = self._failed("winnable", version, lambda text: {**running, "state": "failed", "text": text})
        self._start("winnable", deal_in_background(type(game), on_done=done, on_progress=progress, difficulty=grade,
                                                   time_limit=settings.deal_seconds, thread=_host_thread(),
                                                   on_error=failed, **dict[str, Any](game.options)))
        return OK

    def guarded_move(self, text: str, request_id: Any) -> Reply:
        """The guard: a move of the page that might give up the win is
        checked in the background first (``check_move``, ``guard_seconds``),
        and the reply waits for the check: the move is played unless it was
        proved to give up the win; then the reply refuses it with the words
        of the check and the move that keeps the win (the page asks whether
        to play it anyway: a move request with ``confirmed``).  Moves on a
        winning line the table knows and safe drops are played at once."""
        table = self._table
        game = table.game
        try:
            move: Optional[Move] = Move.parse(text)
        except ValueError:
            move = None  # the engine says what is wrong with it
        known = self._lines.ahead(game)
        if move is None or game.status != "playing" or (known and known[0] == str(move)) \
                or move in game.safe_drops():
            game.play(text)
            return OK
        version = table.version
        task: list[Task] = []

        def done(check: MoveCheck) -> None:
            with table.lock:
                self._guarded(check, game, version, request_id, bool(task) and task[0].stopped)

        def failed(err: Exception) -> None:  # logged by the task; the page still gets its answer
            with table.lock:
                if self._shown.get("kind") == "guard":
                    self._show({})
                table.reply(request_id, f"internal error while the guard checked this move "
                                        f"({type(err).__name__}); it was not played", message=False)

        task.append(check_in_background(game, text, on_done=done, time_limit=table.settings.guard_seconds,
                                        thread=_host_thread(), on_error=failed))  # an illegal move raises here
        self._start("guard", task[0])
        self._show({"kind": "guard", "state": "checking", "move": str(move), "text": checking_words(move),
                    "version": version})
        return LATER

    def _guarded(self, check: MoveCheck, game: Game, version: int, request_id: Any, stopped: bool) -> None:
        """The guard's check has ended: play the move, or refuse it with the warning (see ``guarded_move``)."""
        table = self._table
        if table.game is not game or table.version != version:
            table.reply(request_id, "refused: the table changed while the guard checked this move; try again",
                        message=False)
            return
        if stopped:
            self._show({})
            table.reply(request_id, check.stopped_words, message=False)
            return
        if check.gives_up_win:
            better = check.better
            assert better is not None
            self._show({"kind": "guard", "state": "warned", "move": str(check.move), "better": str(better),
                        "source": self._marked_pile(better), "target": better.target or "", "text": str(check),
                        "cards": list(check.reason_cards), "version": version})
            table.reply(request_id, str(check), {"guard": {"move": str(check.move), "better": str(better),
                                                           "ask": check.ask}}, message=False)
            return
        try:
            game.play(check.move)
        except IllegalMoveError as err:  # cannot happen while the version is the same; said, not raised
            table.reply(request_id, str(err))
            return
        doubt = check.doubt(table.settings.guard_seconds)
        if check.keeps_win and check.line:
            self._lines.keep("guard", check.line, self._history())
            table.show_line(len(self._lines.ahead(game)))
        elif doubt:
            self._show({"kind": "guard", "state": "undecided", "move": str(check.move), "version": table.version,
                        "text": doubt})
        table.reply(request_id, None)

    def _analyse(self, _content: dict[str, Any]) -> Reply:
        """What went wrong?: analyse the game's moves (``Game.analyse``,
        ``analyse_seconds``) in the background, with a progress note in
        ``assist``; the report arrives in ``analysis``."""
        table = self._table
        game = table.game
        if not game.history:
            return Reply("nothing to analyse: no move has been played")
        version, analysed = table.version, self._history()
        running: AnalyseAssist = {"kind": "analyse", "state": "running", "text": analysing_words(), "version": version}

        def progress(searched: int, seconds: float) -> None:
            if self._throttled():
                self._note("analyse", version, {**running, "text": analysing_words(searched, seconds)})

        def done(analysis: Analysis) -> None:
            with table.lock:
                if table.game is not game or self._analysed != analysed:
                    return  # another deal, or another line of play since
                self._analysis = analysis
                table.show_analysis(analysis.to_json())
                if table.version == version:
                    self._show({"kind": "analyse", "state": "stopped" if analysis.stopped_by else "done",
                                "text": analysis.headline(), "version": version})

        self._analysed, self._analysis = analysed, None
        table.show_analysis({})
        self._show(running)
        failed = self._failed("analyse", version, lambda text: {**running, "state": "failed", "text": text})
        self._start("analyse", analyse_in_background(game, on_done=done, on_progress=progress,
                                                     time_limit=table.settings.analyse_seconds,
                                                     thread=_host_thread(), on_error=failed))
        return OK

    def _forget_analysis(self) -> None:
        self._analysed, self._analysis = (), None
        self._table.show_analysis({})

    def _follow_analysis(self) -> None:
        """Keep the ``analysis`` report while the game's moves (played and to
        redo) are still those analysed; forget it once they are not (another
        deal, another line of play)."""
        analysed = self._analysed
        if not analysed:
            return
        game = self._table.game
        moves = tuple(str(m) for m in game.history + game.redo_moves)
        if moves[:len(analysed)] != analysed:
            self._forget_analysis()

    def _show_mistake(self, _content: dict[str, Any]) -> Reply:
        """Go back to the position before the losing move the analysis named
        (as Replay does: Redo brings the moves back) and mark the move played
        and the better one there."""
        analysis = self._analysis
        if analysis is None or analysis.losing_move is None:
            return Reply("nothing to show: the analysis named no losing move")
        sought = self._table.seek(analysis.losing_move)
        if sought.refused is not None:
            return sought
        played, better = analysis.played, analysis.better
        assert played is not None and better is not None
        text = (f"before move {analysis.losing_move + 1}: {played} (red, dashed) gave up the win; {better} "
                "(marked as a hint) keeps it")
        self._show({"kind": "mistake", "move": str(played), "better": str(better), "text": text,
                    "played_source": self._marked_pile(played), "played_target": played.target or "",
                    "source": self._marked_pile(better), "target": better.target or "",
                    "cards": list(analysis.reason_cards), "version": self._table.version})
        return OK

    def _set_puzzle(self, puzzle: Optional[Puzzle]) -> None:
        self._puzzle, self._answer_shown = puzzle, False

    def _sync_puzzle(self) -> None:
        """Puzzle mode: the puzzle's state (``Puzzle.state``: no search), and
        the Puzzle panel offered only while there is one."""
        puzzle = self._puzzle
        if puzzle is None:
            self._table.show_puzzle(None)
            return
        first = self._table.game.history[:1]
        self._table.show_puzzle(puzzle.state(first[0] if first else None, answer=self._answer_shown))

    def _puzzle_answer(self, _content: dict[str, Any]) -> Reply:
        """Puzzle mode's Show the answer: the answer and why each other move
        loses, and (at the puzzle's position) the answer marked as a hint."""
        puzzle = self._puzzle
        if puzzle is None:
            return Reply("refused: this table is not set to a puzzle")
        self._answer_shown = True
        self._sync_puzzle()
        if not self._table.game.history:
            answer = puzzle.answer
            self._show({"kind": "hint", "move": str(answer), "winning": True, "version": self._table.version,
                        "source": self._marked_pile(answer), "target": answer.target or "",
                        "reason": puzzle.answer_text()[0]})
        return OK

    def _position_changed(self) -> None:
        """A change not made by the help's own work: a hint or verdict is
        about the position before, and a running search or play-out ends."""
        running = self._task_kind if self._task is not None and self._task.running else None
        self.stop()
        if running is not None and TASK_WORDS[running].stale:
            self._show(_stale(running, TASK_WORDS[running].stale, self._table.version))
        elif self._shown and running != "play":  # a play-out says itself how it ended
            self._show({})

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
        table = self._table
        game = table.game
        if not game.CAN_CYCLE:
            return
        if kind not in ("play", "redo") or game.status != "playing":
            table.show_no_win("")
        if game.status != "playing" or self._lines.ahead(game):
            table.show_no_win("")  # over, or on the winning line Solve found
            return
        version = table.version

        def done(solution: Solution) -> None:
            with table.lock:
                if table.version != version or table.game is not game:
                    return  # the game moved on: the verdict is about a position gone
                if solution.status == "lost":
                    table.show_no_win(solution.reason or "every line was searched")
                elif solution.status == "won":
                    table.show_no_win("")

        self._watch_task = solve_in_background(game, on_done=done, time_limit=table.settings.watch_seconds,
                                               thread=_host_thread(), after=WATCH_AFTER)

    def _stop_watch(self) -> None:
        if self._watch_task is not None:
            self._watch_task.stop()
            self._watch_task = None
