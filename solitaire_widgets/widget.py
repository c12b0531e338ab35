"""The card table widget: a thin anywidget adapter around an engine game.

The engine game is the single source of truth.  The widget mirrors it into a
few compact synced traits and turns requests from the page into engine calls;
moves made on ``widget.game`` from code show in every view at once.

>>> import solitaire_widgets as sw
>>> table = sw.SolitaireWidget("cruel", seed=7)
>>> _ = table.game.play(table.game.legal_moves()[0])
>>> table.version == table.game.version
True
"""

from __future__ import annotations

import json
import logging
import math
import pathlib
import sys
import threading
import time
import weakref
from numbers import Real
from typing import Any, Iterable, Optional, Union

import anywidget
import traitlets

from .cards import CardLike, run_text
from .errors import IllegalMoveError
from .game import Game, GameChange
from .games import DEFAULT_GAME, GameName
from .moves import Move
from .rules import rules as rules_text
from .saving import new_game
from .solver.background import (Task, analyse_in_background, check_in_background, deal_in_background,
                                play_in_background, solve_in_background)
from .solver.grades import GRADES
from .solver.hint import line_ahead
from .solver.reports import Analysis, MoveCheck, Puzzle
from .solver.search import Solution
from .text import status_items

STATIC = pathlib.Path(__file__).parent / "static"
FACE_DOWN = -1  # how a face-down card is sent: the page must not see what it is
MAX_REQUEST_BYTES = 4096
MAX_EARLIER_DEALS = 20  # deals a table's Undo can bring back after New deal
REQUESTS = ("move", "undo", "redo", "restart", "new_deal", "explain", "seek", "auto_drop",
            "hint", "solve", "stop", "play_out", "ping", "winnable", "guard", "analyse", "show_mistake",
            "puzzle_answer")
SETTINGS = ("auto_drop", "winnable", "guard")  # on/off settings of the table, not changes of the game
# What runs in the background, in words (a refusal while it runs: "refused: a solve is running; Stop ends it").
TASK_WORDS = {"solve": "a solve", "play": "Play it out", "winnable": "the search for a winnable deal",
              "analyse": "an analysis", "guard": "the guard's check"}
# A background search the game's change ended, in words.
STALE_WORDS = {"solve": "solve stopped: the game changed", "analyse": "analysis stopped: the game changed",
               "winnable": "the search for a winnable deal stopped: the game changed"}
PROGRESS_EVERY = 0.25  # seconds between two progress notes of a background search
CHANGES = ("move", "undo", "redo", "restart", "new_deal", "seek")  # requests that change the game

log = logging.getLogger(__name__)

_MISSING_BUNDLE_ESM = """
export default {
  render({ el }) {
    el.textContent = "solitaire_widgets: the front end was not built. Reinstall the package " +
      "with `pip install .` (Node.js and npm are needed to build it).";
  },
};
"""


def _front_end(name: str, fallback: str) -> Union[pathlib.Path, str]:
    path = STATIC / name
    return path if path.is_file() else fallback


class Text(traitlets.Unicode):
    """A synced text, always sent as a plain ``str``: marimo serialises a
    ``str`` subclass (the rules are a ``Markdown`` str) as an object."""

    def validate(self, obj: Any, value: Any) -> str:
        return str(super().validate(obj, value))


class Seconds(traitlets.TraitType):
    """A setting in seconds (kept on the kernel's side, never synced),
    refused when it is set if it is not one: a number (numpy's too, never a
    bool) above 0; with ``pace`` a finite one from 0 up; with ``none``, None
    too (no limit).  Kept as a plain ``float``."""

    def __init__(self, default: float, *, pace: bool = False, none: bool = False) -> None:
        super().__init__(default)
        self.pace, self.none = pace, none

    def info(self) -> str:
        return ("a number of seconds from 0 up" if self.pace
                else "a positive number of seconds" + " or None (no limit)" * self.none)

    def validate(self, obj: Any, value: Any) -> Optional[float]:
        if value is None and self.none:
            return None
        if isinstance(value, Real) and not isinstance(value, bool) and (
                0 <= float(value) < math.inf if self.pace else float(value) > 0):
            return float(value)
        raise traitlets.TraitError(f"{self.name} must be {self.info()}, not {value!r}")


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


class SolitaireWidget(anywidget.AnyWidget):
    """A card table for one game, played by mouse and keyboard in JupyterLab.

    ``SolitaireWidget(game)`` shows an existing engine game;
    ``SolitaireWidget("cruel", seed=7, **options)`` makes one (a name in any
    spelling or a game class; no name opens the default game).  ``widget.game``
    is the engine object: play it from code and every view follows.
    ``auto_drop=True`` (also a toggle on the table) sends safe cards home after
    each move made on the table, one by one, as ordinary undoable moves
    (``game.safe_drops()`` says which are safe; moves from code are never
    followed by drops).

    The solver as a teacher (docs/lessons.md): ``winnable=True`` deals a
    deal the solver has won, and so does New deal then (``difficulty``: of
    that grade; both toggles on the table too); ``guard=True`` questions a
    move of the page that gives up the win before it is played; What went
    wrong? analyses a lost game; a ``Puzzle`` (``sw.puzzles``) in place of
    the game sets the table to it (``set_puzzle``).  All of it searches in
    the background: the table keeps answering, and Stop ends a search.
    """

    _esm = _front_end("widget.js", _MISSING_BUNDLE_ESM)
    _css = _front_end("widget.css", "")

    # What the table is (fixed per game).
    game_name = Text("").tag(sync=True)
    title = Text("").tag(sync=True)
    pile_ids = traitlets.List(Text()).tag(sync=True)
    pile_roles = traitlets.Dict().tag(sync=True)  # pile id -> role (Game.ROLES)
    layouts: traitlets.List[Any] = traitlets.List().tag(sync=True)  # Game.layouts() as JSON, the main one first
    actions = traitlets.List(Text()).tag(sync=True)  # game.possible_actions(): never one the options rule out
    action_words = traitlets.Dict().tag(sync=True)  # action -> what it does, in words (Game.action_words)
    redeal_actions = traitlets.List(Text()).tag(sync=True)  # the actions that start a new pass (Game.redeal_actions)
    options = traitlets.Dict().tag(sync=True)
    rules = Text("").tag(sync=True)  # sw.rules(game): Markdown for the Rules panel
    # What the page offers: {"safe_drops": whether any drop is ever safe (no Auto-drop without)}.
    features = traitlets.Dict().tag(sync=True)
    replay = traitlets.Bool(False).tag(sync=True)  # open with the replay bar shown
    # Where it stands (follows every change).
    piles = traitlets.Dict().tag(sync=True)  # pile id -> card ids, bottom first, -1 = face down
    # pile id -> what it shows empty ("A", "waste", "cell"), if anything.  It
    # may follow the position, so after each change it is read again for the
    # piles that are empty then (a label only shows on an empty pile), and
    # sent only when it changed.
    empty_labels = traitlets.Dict().tag(sync=True)
    # pile id -> how many top cards move together now (game.movable), only
    # the piles where that is more than one: {} in games that move one card.
    runs = traitlets.Dict().tag(sync=True)
    status = Text("playing").tag(sync=True)
    # Why the game is over, in words (game.end_reason), only where the game
    # declares its own wins or losses (_won, _lost); "" while playing.
    end_reason = Text("").tag(sync=True)
    # Games that can go round in circles (CAN_CYCLE): the solver's reason
    # once it proved, in the background, that no win is left though moves
    # are; "" otherwise (not proven, or not asked).
    no_win = Text("").tag(sync=True)
    counters = traitlets.Dict().tag(sync=True)
    # The status line's items, [{"key": "moves", "text": "Moves 3"}, …]
    # (text.status_items): the page shows them as they come.
    status_items = traitlets.List(traitlets.Dict()).tag(sync=True)
    legal = traitlets.List(Text()).tag(sync=True)
    last_move = Text("").tag(sync=True)
    message = Text("").tag(sync=True)
    message_kind = Text("").tag(sync=True)  # "", "info" or "error"
    version = traitlets.Int(0).tag(sync=True)
    # Auto-drop: when on, the page plays `safe_drop` (the next card the
    # engine's safe_drops() names, "" for none) after each of its own moves.
    auto_drop = traitlets.Bool(False).tag(sync=True)
    safe_drop = Text("").tag(sync=True)
    # The solver's help (Hint, Solve, Play it out): {} or {"kind": "hint" |
    # "solve" | "play", "state": ..., "version": the position it is about, ...}.
    assist = traitlets.Dict().tag(sync=True)
    # Moves left of the winning line Solve found, from this position (0: no
    # line, or the game left it): Play it out plays them.
    line = traitlets.Int(0).tag(sync=True)
    # New deal deals a deal the solver has won (of the grade `difficulty`,
    # "" for any): it searches in the background, with a progress note.
    winnable = traitlets.Bool(False).tag(sync=True)
    difficulty = Text("").tag(sync=True)
    # The guard: before a move of the page that gives up the win (proved
    # within guard_seconds), the kernel says so instead of playing it.
    guard = traitlets.Bool(False).tag(sync=True)
    # What went wrong: {} or the report of the last analysis (see _analysed).
    analysis = traitlets.Dict().tag(sync=True)
    # Puzzle mode: {} or the puzzle's question and the verdict on the move played (see _sync_puzzle).
    puzzle = traitlets.Dict().tag(sync=True)

    # Settings, refused when set if they are not seconds (see Seconds).
    hint_seconds = Seconds(0.3, none=True)  # the Hint button's search time
    watch_seconds = Seconds(2.0)  # CAN_CYCLE games: the search after each change for whether a win is left
    solve_seconds = Seconds(5.0)  # the Solve button's search time (Stop ends it sooner)
    play_pace = Seconds(0.4, pace=True)  # seconds between the moves of Play it out
    analyse_seconds = Seconds(10.0)  # What went wrong?: the whole analysis (Stop ends it sooner)
    guard_seconds = Seconds(1.0)  # the guard's check of one move (the page waits for it: keep it well under 5 s)
    deal_seconds = Seconds(120.0)  # New deal's search for a winnable deal, with its progress note (Stop ends it)

    def __init__(self, game: Union[GameName, Puzzle, None] = None, *, seed: Optional[int] = None,
                 deck: Optional[Iterable[CardLike]] = None, replay: bool = False, auto_drop: bool = False,
                 winnable: bool = False, difficulty: Optional[str] = None, guard: bool = False,
                 **options: Any) -> None:
        super().__init__()
        for name, value in (("auto_drop", auto_drop), ("winnable", winnable), ("guard", guard)):
            if not isinstance(value, bool):
                raise TypeError(f"{name} must be True or False, not {value!r}")
        if difficulty is not None and not winnable:
            raise ValueError(f"difficulty grades winnable deals: pass winnable=True with difficulty={difficulty!r}")
        self.replay = bool(replay)
        puzzle = game if isinstance(game, Puzzle) else None
        if puzzle is not None:
            game = self._puzzle_game(puzzle)
        if isinstance(game, Game):
            if seed is not None or deck is not None or options:
                raise ValueError("pass seed, deck and options only with a game name, not with a "
                                 f"{'Puzzle' if puzzle is not None else 'Game'}")
            if difficulty is not None and difficulty not in GRADES:
                raise ValueError(f"difficulty must be one of {', '.join(GRADES)} or None, not {difficulty!r}")
        else:
            assert not isinstance(game, Puzzle)  # (a puzzle's game was made above)
            game = new_game(DEFAULT_GAME if game is None else game, seed=seed, deck=deck, winnable=winnable,
                            difficulty=difficulty, **options)
        self._game: Game = game
        self._puzzle: Optional[Puzzle] = puzzle
        self._analysed: tuple[str, ...] = ()  # the moves of the game the `analysis` report is about
        self._analysis: Optional[Analysis] = None
        # A winning line the guard's last check found, and the history it starts after.
        self._guard_line: tuple[str, ...] = ()
        self._guard_after: tuple[str, ...] = ()
        self._reply_later = False  # the request being handled is answered later (the guard's check)
        self._request_id: Any = None
        self._last_progress = 0.0
        # Page requests, the solver's verdict and the play-out's moves change
        # the traits one at a time (the last two from a worker thread).
        self._lock = threading.RLock()
        self._task: Optional[Task] = None
        self._task_kind = ""  # "solve" or "play"
        self._watch_task: Optional[Task] = None  # CAN_CYCLE games: is a win still possible? (see _watch)
        # The winning line Solve found, and the history it starts after.
        self._line: tuple[str, ...] = ()
        self._line_after: tuple[str, ...] = ()
        self._own_move = False  # the play-out is playing a move
        self._earlier_deals: list[Game] = []
        # The synced version is the game's plus an offset that grows when the
        # widget switches games, so a request made on an old deal stays stale.
        self._version_offset = 0
        self._stop_observing = game.observe(self._on_game_change)
        self.auto_drop = auto_drop
        self.winnable = winnable
        self.difficulty = difficulty or ""
        self.guard = guard
        self._sync_all()
        self.observe(lambda _change: self._sync_safe_drop(), names="auto_drop")
        self.on_msg(self._on_page_message)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live table, and besides it a picture of the position as it is
        now (``text/html``: an ``<img>`` of ``game.picture()``) and the text
        table (``text/plain``).  Front ends with the widget show the table;
        where none runs (a notebook exported to HTML or PDF, nbviewer, a
        docs site) the picture shows the position when the cell ran."""
        shown = super()._repr_mimebundle_(**kwargs)
        if shown is None:
            return None
        data, metadata = shown if isinstance(shown, tuple) else (shown, {})
        with self._lock:  # not halfway through a move of the play-out's thread
            data = {**data, "text/html": self._game.picture().img_tag(), "text/plain": str(self._game)}
        return data, metadata

    # --- the engine side -----------------------------------------------------
    @property
    def game(self) -> Game:
        """The engine game this table shows (the single source of truth)."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"widget.game must be a solitaire_widgets Game, not {type(game).__name__}")
        self._stop_observing()
        self._stop_task()
        self._stop_watch()
        self._version_offset = self.version + 1 - game.version
        self._game = game
        self._earlier_deals.clear()
        self._line = ()
        self._guard_line = ()
        self._puzzle = None
        self._forget_analysis()
        self._stop_observing = game.observe(self._on_game_change)
        self._sync_all()

    @property
    def current_puzzle(self) -> Optional[Puzzle]:
        """The puzzle this table is set to (``set_puzzle``), or None."""
        return self._puzzle

    def set_puzzle(self, puzzle: Puzzle) -> None:
        """Set the table to ``puzzle``'s position (``sw.puzzles``): it says
        whether the first move played from there was the one that keeps the
        win, and why another is not; Undo (or Restart) to try again.  Its
        winning line is kept on the game, so hints and Play it out follow it.
        A new deal ends the puzzle."""
        if not isinstance(puzzle, Puzzle):
            raise TypeError(f"set_puzzle needs a Puzzle (from sw.puzzles), not {type(puzzle).__name__}")
        self.game = self._puzzle_game(puzzle)
        self._puzzle = puzzle
        self._sync_puzzle()

    @staticmethod
    def _puzzle_game(puzzle: Puzzle) -> Game:
        game = puzzle.position()
        game.set_winning_line(puzzle.line)
        return game

    @traitlets.validate("difficulty")
    def _valid_difficulty(self, proposal: Any) -> str:
        value = proposal["value"]
        if value and value not in GRADES:
            raise traitlets.TraitError(f"difficulty must be one of {', '.join(GRADES)} or '' (any), not {value!r}")
        return value

    @property
    def earlier_deals(self) -> tuple[Game, ...]:
        """The deals New deal replaced (newest last): ``game.resume(d)`` brings
        one back, and so does the table's Undo while the current deal has no
        moves."""
        return tuple(self._earlier_deals)

    def _on_game_change(self, game: Game, change: GameChange) -> None:
        with self._lock:
            if change.kind == "new_deal" and change.earlier is not None:
                self._earlier_deals.append(change.earlier)
                del self._earlier_deals[:-MAX_EARLIER_DEALS]
            if change.kind in ("new_deal", "resume"):
                self._line = ()  # another deal: the lines were about this one
                self._guard_line = ()
                if change.kind == "new_deal":
                    self._puzzle = None  # a new deal ends the puzzle
            self._follow_analysis()
            self._sync(change.piles)
            if not self._own_move:
                self._position_changed()
            self._sync_puzzle()
            self._watch(change.kind)

    def _pile_payload(self, pile: str) -> list[int]:
        ids = self._game.card_ids(pile)
        down = self._game.face_down(pile)
        return [FACE_DOWN] * down + list(ids[down:])

    def _sync_all(self, message: str = "", kind: str = "") -> None:
        game = self._game
        with self.hold_sync():
            self.game_name = game.name
            self.title = game.title
            self.pile_ids = list(game.PILES)
            self.pile_roles = dict(game.ROLES)
            self.layouts = [layout.to_json() for layout in game.layouts()]
            self.actions = list(game.possible_actions())
            self.action_words = {action: game.action_words(action) for action in game.ACTION_NAMES}
            self.redeal_actions = list(game.redeal_actions())
            self.features = {"safe_drops": game.has_safe_drops}
            self.options = game.options
            self.rules = rules_text(game)
            self._sync(game.PILES, message, kind, fresh=True)
            self._position_changed()
            self._sync_puzzle()
            self._watch("new")

    def _sync(self, changed: Iterable[str], message: str = "", kind: str = "", fresh: bool = False) -> None:
        game = self._game
        piles = {} if fresh else dict(self.piles)
        for pile in changed:
            piles[pile] = self._pile_payload(pile)
        counters = {
            "moves": len(game.history),
            "home": game.cards_home,
            "total": game.card_count,
            "score": game.score,
            "max_score": game.max_score,
            "redeals": game.redeals,
            "can_undo": bool(game.history or self._earlier_deals),
            "can_redo": bool(game.redo_moves),
            "redo": len(game.redo_moves),
            "seed": game.seed,
        }
        for stock in game.piles_of("stock"):
            counters["stock"] = len(game.card_ids(stock))
        passes_left = game.passes_left
        if passes_left is not None:
            counters["passes_left"] = passes_left
        shape = game.SHAPE
        # A label shows only while its pile is empty: read again those of the
        # empty piles (all of them for a new game), keep the others.
        before = {} if fresh else self.empty_labels
        labels = {pile: game.empty_label(pile) if fresh or not piles[pile] else before.get(pile, "")
                  for pile in game.PILES}
        with self.hold_sync():
            self.piles = piles
            self.empty_labels = {pile: label for pile, label in labels.items() if label}
            if game.RUNS is not None or self.runs:
                self.runs = {pile: n for pile in game.PILES if (n := game.movable(pile)) > 1}
            self.status = game.status
            if shape.declares_win or shape.declares_loss:
                self.end_reason = game.end_reason or ""
            self.counters = counters
            self.status_items = status_items(game, no_win=bool(self.no_win))
            self.legal = [str(m) for m in game.legal_moves()]
            self.last_move = str(game.last_move or "")
            self.message = message
            self.message_kind = kind
            self._sync_safe_drop()
            self.line = len(self._line_left())
            self.version = self._version_offset + game.version

    @traitlets.observe("no_win")
    def _no_win_changed(self, _change: Any) -> None:
        # The status line says a proven no-win, which a background search sets.
        self.status_items = status_items(self._game, no_win=bool(self.no_win))

    def _sync_safe_drop(self) -> None:
        drops = self._game.safe_drops() if self.auto_drop else []
        self.safe_drop = str(drops[0]) if drops else ""

    # --- the page side -------------------------------------------------------
    def _on_page_message(self, _widget: Any, content: Any, buffers: Any) -> None:
        """Every page request ends in a reply; no exception escapes to the kernel."""
        request_id = content.get("id") if isinstance(content, dict) else None
        self._reply_extra: dict[str, Any] = {}
        self._reply_later = False
        self._request_id = request_id
        try:
            with self._lock:
                reason = self._handle_request(content)
        except Exception as err:  # a bug of ours must not reach the notebook output
            log.exception("solitaire_widgets: request %r failed", content)
            reason = f"internal error while handling the request ({type(err).__name__}); the game is unchanged"
            self._reply_later = False
        if self._reply_later:
            return  # the guard answers once its check has ended (see _guarded_move)
        self._reply(request_id, reason, self._reply_extra)

    def _reply(self, request_id: Any, reason: Optional[str], extra: Optional[dict[str, Any]] = None,
               message: bool = True) -> None:
        """Answer a page request: ok, or refused for ``reason`` (also shown
        as the table's message, unless ``message`` is False); never raises."""
        try:
            if reason is not None and message:
                with self.hold_sync():  # one update, so the page never sees the text without its kind
                    self.message, self.message_kind = reason, "error"
            if isinstance(request_id, (str, int)) and not isinstance(request_id, bool):
                self.send({"type": "result", "id": request_id, "ok": reason is None,
                           "reason": reason or "", "version": self.version, **(extra or {})})
        except Exception:
            log.exception("solitaire_widgets: could not answer the page")

    def _handle_request(self, content: Any) -> Optional[str]:
        """Carry out one page request; return the refusal reason, or None."""
        if not isinstance(content, dict):
            return f"refused: a request must be an object, not {type(content).__name__}"
        try:
            size = len(json.dumps(content))
        except (TypeError, ValueError):
            return "refused: the request is not plain JSON"
        if size > MAX_REQUEST_BYTES:
            return f"refused: the request is {size} bytes; requests are at most {MAX_REQUEST_BYTES}"
        kind = content.get("request")
        if kind not in REQUESTS:
            return f"refused: unknown request {str(kind)[:40]!r} (known: {', '.join(REQUESTS)})"
        if kind == "stop":  # a click during a solve or play-out: whatever version the page saw
            self._stop_task()
            return None
        if kind == "ping":  # the page asks whether the kernel still answers
            return None
        if kind in SETTINGS:  # a setting of the table, not a change of the game: no version check
            on = content.get("on")
            if not isinstance(on, bool):
                return f"refused: {'an' if kind[0] in 'aeiou' else 'a'} {kind} request needs on: true or false"
            setattr(self, kind, on)
            if kind == "guard" and not on:
                self._guard_line = ()
            return None
        version = content.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            return "refused: the request carries no state version"
        if version != self.version:
            return (f"refused: the table changed before this {kind} arrived "
                    f"(it was made on version {version}, the table is at {self.version}); try again")
        if kind in CHANGES or kind == "show_mistake":
            self._stop_task()  # the player takes over
        elif kind in ("hint", "solve", "play_out", "analyse"):
            return self._assist(kind)
        elif kind == "puzzle_answer":
            return self._puzzle_answer()
        game = self._game
        try:
            if kind == "move":
                move = content.get("move")
                if not isinstance(move, str) or not move.strip() or len(move) > 40:
                    return "refused: a move request needs a move text like 't3 f0' or 'draw'"
                confirmed = content.get("confirmed", False)
                if not isinstance(confirmed, bool):
                    return "refused: a move request's confirmed must be true or false"
                if self.guard and not confirmed:
                    return self._guarded_move(move)
                game.play(move)
            elif kind == "undo":
                if not game.history and self._earlier_deals:
                    game.resume(self._earlier_deals.pop())  # Undo right after a New deal
                else:
                    game.undo()
            elif kind == "redo":
                game.redo()
            elif kind == "explain":
                return self._explain(content.get("pile"), content.get("count", 1))
            elif kind == "seek":
                return self._seek(content.get("to"))
            elif kind == "restart":
                if not game.history:
                    return "nothing to restart: no move has been played"
                game.restart()
            elif kind == "show_mistake":
                return self._show_mistake()
            elif self.winnable:  # new_deal, a winnable one: searched in the background
                return self._new_winnable_deal()
            else:  # new_deal: in place, so `game = table.game` stays valid
                game.new_deal()
        except IllegalMoveError as err:
            return str(err)
        return None

    def _explain(self, pile: Any, count: Any = 1) -> Optional[str]:
        """Explain mode: where the top card of ``pile`` (or its top ``count``
        cards, a run) may go, and why not elsewhere (``game.targets``), sent
        back with the reply."""
        game = self._game
        if not isinstance(pile, str) or pile not in game.PILES:
            return f"refused: explain needs a pile of {game.title} ({', '.join(game.PILES)})"
        face_up = len(game.card_ids(pile)) - game.face_down(pile)
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= max(1, face_up):
            return f"refused: explain's count must be a whole number from 1 to {max(1, face_up)}, not {str(count)[:20]}"
        card = run_text(game[pile][-count:]) if face_up else ""
        self._reply_extra = {"explain": {"pile": pile, "card": card, "targets": game.targets(pile, count),
                                         "version": self.version}}
        return None

    def _seek(self, to: Any) -> Optional[str]:
        """Replay: undo or redo until ``to`` moves are played (as undo does, so
        a move played from there branches)."""
        game = self._game
        total = len(game.history) + len(game.redo_moves)
        if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to <= total:
            return f"refused: seek needs a move number from 0 to {total}, not {str(to)[:20]}"
        with self.hold_sync():
            while len(game.history) > to:
                game.undo()
            while len(game.history) < to:
                game.redo()
        return None

    # --- the solver's help: Hint, Solve, Play it out -------------------------
    def _assist(self, kind: str) -> Optional[str]:
        if self._task is not None and self._task.running:
            return f"refused: {TASK_WORDS.get(self._task_kind, 'a search')} is running; Stop ends it"
        if kind == "hint":
            return self._hint()
        if kind == "solve":
            return self._solve()
        if kind == "analyse":
            return self._analyse()
        return self._play_out()

    def _hint(self) -> Optional[str]:
        """The engine's hint (``game.hint``): the page marks its card and target."""
        try:
            hint = self._game.hint(time_limit=self.hint_seconds)
        except KeyboardInterrupt:  # the notebook's Interrupt: answered, not raised
            return "stopped: the hint was interrupted"
        if hint.move is None:
            return hint.reason
        move = hint.move
        # An action's hint marks the stock, or (in a game without one) the action's button.
        source = move.source or next(iter(self._game.piles_of("stock")), "")
        self.assist = {"kind": "hint", "move": str(move), "source": source,
                       "target": move.target or "", "reason": hint.reason, "winning": hint.winning,
                       "version": self.version}
        return None

    def _solve(self) -> Optional[str]:
        """Search a copy in a worker thread; the verdict arrives in ``assist``."""
        if self._game.status != "playing":
            return f"nothing to solve: the game is {self._game.status}"
        version = self.version
        after = self._history()

        def done(solution: Solution) -> None:
            with self._lock:
                if self.version != version:  # the game moved on: the verdict is stale
                    return
                seconds = f"{self.solve_seconds:g}"
                text = {"won": f"winnable in {len(solution.moves)} moves",
                        "lost": f"no win exists from here: {solution.reason}"}.get(
                    solution.status, "stopped before a verdict" if solution.stopped_by == "stopped"
                    else f"not decided in {seconds} s: the best line found gets {solution.cards_home} "
                         f"of {self._game.card_count} cards home")
                if solution.status == "won":
                    self._line, self._line_after = tuple(str(m) for m in solution.moves), after
                    self.line = len(self._line)
                elif solution.status == "lost" and self._game.CAN_CYCLE:
                    self.no_win = solution.reason or "every line was searched"
                verdict = {"kind": "solve", "state": solution.status, "text": text,
                           "moves": len(solution.moves), "states": solution.states, "version": version}
                if solution.reason_cards:  # what a loss is about: the page marks these cards
                    verdict["cards"] = list(solution.reason_cards)
                self.assist = verdict

        self.assist = {"kind": "solve", "state": "running", "text": f"solving (at most {self.solve_seconds:g} s)",
                       "version": version}
        self._task_kind = "solve"
        self._task = solve_in_background(self._game, on_done=done, time_limit=self.solve_seconds,
                                         thread=_host_thread())
        return None

    def _history(self) -> tuple[str, ...]:
        return tuple(str(m) for m in self._game.history)

    def _line_left(self) -> tuple[str, ...]:
        """What is left, from this position, of a winning line the table
        knows: Solve's, else the game's own (``winning_line``: a winnable
        deal's, a puzzle's), else the one the guard's last check found.  The
        game stays on a line while its moves are the line's first ones
        (played by Play it out, by hand or from code); () once it leaves it."""
        if self._line or self._guard_line:
            history = self._history()
            for line, after in ((self._line, self._line_after), (self._guard_line, self._guard_after)):
                played = history[len(after):]
                if line and history[:len(after)] == after and len(played) <= len(line) \
                        and line[:len(played)] == played and len(played) < len(line):
                    return line[len(played):]
        return tuple(str(m) for m in line_ahead(self._game))

    def _play_out(self) -> Optional[str]:
        """Play what is left of Solve's winning line through the engine,
        ``play_pace`` seconds a move; a click (a stop request) or any other
        change stops it."""
        line = self._line_left()
        if not line or self._game.status != "playing":
            return "nothing to play out: Solve first, and wait for a winning line"
        total = len(line)

        def moved(i: int) -> None:
            self.assist = {**self.assist, "done": i, "version": self.version}

        def play(move: Move) -> None:
            self._own_move = True
            try:
                self._game.play(move)
            finally:
                self._own_move = False

        def done(end: str) -> None:
            text = {"won": "played out: won", "stopped": f"play-out stopped after {self.assist.get('done', 0)} moves",
                    "changed": "play-out stopped: the game changed"}.get(end, f"play-out ended ({end})")
            self.assist = {**self.assist, "state": end, "text": text, "version": self.version}

        self.assist = {"kind": "play", "state": "playing", "done": 0, "moves": total,
                       "text": "playing it out", "version": self.version}
        self._task_kind = "play"
        self._task = play_in_background(self._game, [Move.parse(m) for m in line], pace=self.play_pace,
                                        on_done=done, on_move=moved, lock=self._lock, play=play,
                                        thread=_host_thread())
        return None

    # --- the solver as a teacher: winnable deals, the guard, What went wrong?, puzzles ---------
    def _throttled(self) -> bool:
        """Whether a progress note may go to the page now (one per ``PROGRESS_EVERY`` seconds)."""
        now = time.perf_counter()
        if now - self._last_progress < PROGRESS_EVERY:
            return False
        self._last_progress = now
        return True

    def _new_winnable_deal(self) -> Optional[str]:
        """New deal with ``winnable`` on: look for a deal the solver wins (of
        grade ``difficulty``) in the background, with a progress note in
        ``assist``; deal it in place once found (its winning line kept on
        the game).  Stop, or any change, ends the search; the deal stays."""
        game = self._game
        version = self.version
        grade = self.difficulty or None
        what = f"a winnable deal ({grade})" if grade else "a winnable deal"
        tried = [0]

        def progress(deals: int, seconds: float) -> None:
            tried[0] = deals
            if not self._throttled():
                return
            with self._lock:
                if self._task_kind == "winnable" and self.version == version:
                    self.assist = {**self.assist, "text": f"looking for {what}: {deals:,} deal"
                                   f"{'s' * (deals != 1)} tried in {seconds:.1f} s (Stop ends the search)"}

        def done(found: Optional[Game], why: str) -> None:
            with self._lock:
                if self._game is not game or self.version != version:
                    return  # the player moved on: the page already says the search stopped
                if found is None:
                    text = ("stopped: no new deal, this one stays" if why == "stopped" else
                            f"no new deal: {why}")
                    self.assist = {"kind": "winnable", "state": "stopped" if why == "stopped" else "failed",
                                   "text": text, "version": self.version}
                    return
                self._own_move = True  # the change below is this search's own: it is not stale
                try:
                    game.new_deal(seed=found.seed)
                    game.set_winning_line(found.winning_line)
                finally:
                    self._own_move = False
                self.line = len(self._line_left())
                self._watch("new")  # a winnable deal: nothing to watch
                n = len(found.winning_line)
                self.assist = {"kind": "winnable", "state": "done", "version": self.version,
                               "text": f"{what}, seed {found.seed}: the solver won it in {n} move{'s' * (n != 1)} "
                                       f"({tried[0] + 1:,} deal{'s' * (tried[0] > 0)} tried)"}

        self.assist = {"kind": "winnable", "state": "running", "text": f"looking for {what} (Stop ends the search)",
                       "version": version}
        self._task_kind = "winnable"
        self._task = deal_in_background(type(game), on_done=done, on_progress=progress, difficulty=grade,
                                        time_limit=self.deal_seconds, thread=_host_thread(),
                                        on_error=self._failed("winnable", version),
                                        **dict[str, Any](game.options))
        return None

    def _guarded_move(self, text: str) -> Optional[str]:
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
        known = self._line_left()
        if move is None or game.status != "playing" or (known and known[0] == str(move)) \
                or move in game.safe_drops():
            game.play(text)
            return None
        version, request_id = self.version, self._request_id
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

        try:
            task.append(check_in_background(game, text, on_done=done, time_limit=self.guard_seconds,
                                            thread=_host_thread(), on_error=failed))
        except IllegalMoveError as err:
            return str(err)
        self._task, self._task_kind = task[0], "guard"
        self._reply_later = True
        self.assist = {"kind": "guard", "state": "checking", "move": str(move),
                       "text": f"the guard is checking whether {move} gives up the win", "version": version}
        return None

    def _guarded(self, check: MoveCheck, game: Game, version: int, request_id: Any, stopped: bool) -> None:
        """The guard's check has ended: play the move, or refuse it with the warning (see ``_guarded_move``)."""
        if self._game is not game or self.version != version:
            self._reply(request_id, "refused: the table changed while the guard checked this move; try again",
                        message=False)
            return
        if stopped:
            self.assist = {}
            self._reply(request_id, f"stopped: the guard's check ended first, and {check.move} was not played",
                        message=False)
            return
        if check.gives_up_win:
            better = check.better
            assert better is not None
            self.assist = {"kind": "guard", "state": "warned", "move": str(check.move), "better": str(better),
                           "source": better.source or next(iter(game.piles_of("stock")), ""),
                           "target": better.target or "", "text": str(check), "cards": list(check.reason_cards),
                           "version": version}
            self._reply(request_id, str(check), {"guard": {"move": str(check.move), "better": str(better),
                                                           "ask": f"Play {check.move} anyway?"}}, message=False)
            return
        try:
            game.play(check.move)
        except IllegalMoveError as err:  # cannot happen while the version is the same; said, not raised
            self._reply(request_id, str(err))
            return
        if check.keeps_win and check.line:
            self._guard_line, self._guard_after = tuple(str(m) for m in check.line), self._history()
            self.line = len(self._line_left())
        elif check.after == "unknown" and check.before != "lost":
            self.assist = {"kind": "guard", "state": "undecided", "move": str(check.move), "version": self.version,
                           "text": f"the guard could not tell within {self.guard_seconds:g} s whether "
                                   f"{check.move} gave up the win"}
        elif check.after == "lost" and check.before == "unknown":  # no win after it; before it, not decided
            self.assist = {"kind": "guard", "state": "undecided", "move": str(check.move), "version": self.version,
                           "text": str(check)}
        self._reply(request_id, None)

    def _analyse(self) -> Optional[str]:
        """What went wrong?: analyse the game's moves (``Game.analyse``,
        ``analyse_seconds``) in the background, with a progress note in
        ``assist``; the report arrives in ``analysis``."""
        game = self._game
        if not game.history:
            return "nothing to analyse: no move has been played"
        version = self.version
        analysed = self._history()

        def progress(searched: int, seconds: float) -> None:
            if self._throttled():
                with self._lock:
                    if self._task_kind == "analyse" and self.version == version:
                        self.assist = {**self.assist, "text": f"analysing the game: {searched:,} position"
                                       f"{'s' * (searched != 1)} searched in {seconds:.1f} s (Stop ends it)"}

        def done(analysis: Analysis) -> None:
            with self._lock:
                if self._game is not game or self._analysed != analysed:
                    return  # another deal, or another line of play since
                self._analysis = analysis
                self.analysis = self._report(analysis)
                if self.version == version:
                    self.assist = {"kind": "analyse", "state": "stopped" if analysis.stopped_by else "done",
                                   "text": analysis.headline(), "version": version}

        self._analysed, self._analysis, self.analysis = analysed, None, {}
        self.assist = {"kind": "analyse", "state": "running", "text": "analysing the game (Stop ends it)",
                       "version": version}
        self._task_kind = "analyse"
        self._task = analyse_in_background(game, on_done=done, on_progress=progress,
                                           time_limit=self.analyse_seconds, thread=_host_thread(),
                                           on_error=self._failed("analyse", version))
        return None

    def _failed(self, kind: str, version: int) -> Any:
        """What a background search of ``kind`` does when it fails (the task
        has logged the error): the page is told, instead of waiting."""
        what = {"winnable": "the search for a winnable deal", "analyse": "the analysis"}[kind]

        def failed(err: Exception) -> None:
            with self._lock:
                if self.version == version and self.assist.get("kind") == kind:
                    self.assist = {"kind": kind, "state": "failed", "version": version,
                                   "text": f"{what} failed ({type(err).__name__}: see the log); nothing changed"}

        return failed

    def _report(self, analysis: Analysis) -> dict[str, Any]:
        """The ``analysis`` trait: the report's words, the counts, and the
        picture of the position before the losing move (its SVG text)."""
        counts = {v: analysis.verdicts.count(v) for v in ("won", "lost", "unknown")}
        report: dict[str, Any] = {
            "title": analysis.title, "headline": analysis.headline(), "details": analysis.details(),
            "moves": len(analysis.game.history), "verdicts": counts, "stopped_by": analysis.stopped_by or "",
            "losing_move": analysis.losing_move, "played": str(analysis.played or ""),
            "better": str(analysis.better or ""), "caption": analysis.caption(),
        }
        if analysis.has_picture:
            picture = analysis.picture(width=640)
            report["picture"], report["alt"] = str(picture), picture.alt
        return report

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

    def _show_mistake(self) -> Optional[str]:
        """Go back to the position before the losing move the analysis named
        (as Replay does: Redo brings the moves back) and mark the move played
        and the better one there."""
        analysis = self._analysis
        if analysis is None or analysis.losing_move is None or not self.analysis:
            return "nothing to show: the analysis named no losing move"
        refused = self._seek(analysis.losing_move)
        if refused is not None:
            return refused
        played, better = analysis.played, analysis.better
        assert played is not None and better is not None
        stock = next(iter(self._game.piles_of("stock")), "")
        text = (f"before move {analysis.losing_move + 1}: {played} (red, dashed) gave up the win; {better} "
                "(marked as a hint) keeps it")
        self.assist = {"kind": "mistake", "move": str(played), "better": str(better), "text": text,
                       "played_source": played.source or stock, "played_target": played.target or "",
                       "source": better.source or stock, "target": better.target or "",
                       "cards": list(analysis.reason_cards), "version": self.version}
        return None

    def _sync_puzzle(self) -> None:
        """Puzzle mode: the question, and once a move is played from the
        puzzle's position, whether it was the one and why (``Puzzle.verdict``:
        no search)."""
        puzzle = self._puzzle
        if bool(self.features.get("puzzle")) != (puzzle is not None):  # the page offers the Puzzle panel
            features = {k: v for k, v in self.features.items() if k != "puzzle"}
            self.features = {**features, "puzzle": True} if puzzle is not None else features
        if puzzle is None:
            if self.puzzle:
                self.puzzle = {}
            return
        first = self._game.history[:1]
        shown = bool(self.puzzle.get("answer")) and self.puzzle.get("title") == puzzle.title
        state: dict[str, Any] = {"title": puzzle.title, "question": puzzle.question(), "state": "asking", "text": ""}
        if first:
            state.update(state="right" if first[0] == puzzle.answer else "wrong", move=str(first[0]),
                         text=puzzle.verdict(first[0]))
        if shown:
            state.update(answer=str(puzzle.answer), answer_text=puzzle.answer_text())
        if state != self.puzzle:
            self.puzzle = state

    def _puzzle_answer(self) -> Optional[str]:
        """Puzzle mode's Show the answer: the answer and why each other move
        loses, and (at the puzzle's position) the answer marked as a hint."""
        puzzle = self._puzzle
        if puzzle is None:
            return "refused: this table is not set to a puzzle"
        self.puzzle = {**self.puzzle, "answer": str(puzzle.answer), "answer_text": puzzle.answer_text()}
        if not self._game.history:
            answer = puzzle.answer
            self.assist = {"kind": "hint", "move": str(answer), "winning": True, "version": self.version,
                           "source": answer.source or next(iter(self._game.piles_of("stock")), ""),
                           "target": answer.target or "", "reason": puzzle.answer_text()[0]}
        return None

    def _stop_task(self) -> None:
        if self._task is not None:
            self._task.stop()

    def _position_changed(self) -> None:
        """A change not made by the play-out: a hint or verdict is about the
        position before, and a running solve or play-out ends."""
        running = self._task is not None and self._task.running
        self._stop_task()
        if running and self._task_kind in STALE_WORDS:
            self.assist = {"kind": self._task_kind, "state": "stale", "text": STALE_WORDS[self._task_kind],
                           "version": self.version}
        elif self.assist and not (running and self._task_kind == "play"):
            self.assist = {}

    # --- games that can go round in circles: is a win still possible? ---------
    def _watch(self, kind: str) -> None:
        """In a game that declares ``CAN_CYCLE`` (moves can go back and forth
        without end, so it need never run out of moves), ask the solver in a
        worker thread, for ``watch_seconds`` at most, whether a win is still
        possible from the position after a change (``kind``, a
        ``GameChange.kind``, or "new" for a new game); the next change stops
        it.  Only a proven loss is said (``no_win``: the solver's reason); a
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
        if game.status != "playing" or self._line_left():
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
                                               thread=_host_thread())

    def _stop_watch(self) -> None:
        if self._watch_task is not None:
            self._watch_task.stop()
            self._watch_task = None

    def wait(self, timeout: Optional[float] = 30.0) -> bool:
        """Wait until a running solve or play-out, and the background check
        of a game that can go round in circles (``no_win``), have ended (for
        scripts and tests); True once nothing runs."""
        return all(task is None or task.wait(timeout) for task in (self._task, self._watch_task))


_shown: "weakref.WeakKeyDictionary[Game, SolitaireWidget]" = weakref.WeakKeyDictionary()


def widget_for(game: Game) -> SolitaireWidget:
    """The table that shows ``game`` when it is a cell's value (one per game)."""
    table = _shown.get(game)
    if table is None:
        table = _shown[game] = SolitaireWidget(game)
    return table


def play(name: Union[GameName, Puzzle, None] = None, seed: Optional[int] = None, *, winnable: bool = False,
         difficulty: Optional[str] = None, guard: bool = False, **options: Any) -> SolitaireWidget:
    """Open a card table with a new game of ``name`` (any spelling, or a game
    class; no name: the default game): ``sw.play("frog", seed=3)``.

    ``winnable=True`` deals a deal the solver has won (of grade
    ``difficulty``: see ``sw.new_game``), and the table's New deal deals
    such deals too; ``guard=True`` turns the guard on (a move that gives up
    the win is questioned before it is played).  A ``Puzzle`` (from
    ``sw.puzzles``) opens a table set to its position.

    Not to be confused with ``game.play(move)``, which plays one move of a
    game: ``sw.play`` opens a table, the table's ``game`` plays moves.

    >>> table = play("cruel", seed=4, winnable=True)  # seeds 4 and 5 are lost from the deal
    >>> table.game.seed, table.winnable, table.line  # Play it out can play the won line at once
    (6, True, 66)
    """
    return SolitaireWidget(name, seed=seed, winnable=winnable, difficulty=difficulty, guard=guard, **options)
