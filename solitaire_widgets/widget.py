"""The card table widget: a thin anywidget adapter around an engine game.

The engine game is the single source of truth.  The widget mirrors it into a
few compact synced traits and turns requests from the page into engine calls;
moves made on ``widget.game`` from code show in every view at once.  Each
request is checked by ``protocol.check`` (what every request shares), then
handled by one handler of the dispatch table (the table's own ``_request_<kind>``
methods and the solver's help's ``handlers``) that returns its ``Reply``.  The
solver's help (Hint, Solve, the teacher) is a ``SolverHelp`` (``assist``) the
table composes: it sees the table only through its port (``_HelpPort``, an
``assist.TablePort``).

>>> import solitaire_widgets as sw
>>> table = sw.SolitaireWidget("cruel", seed=7)
>>> _ = table.game.play(table.game.legal_moves()[0])
>>> table.version == table.game.version
True
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import pathlib
import threading
import weakref
from dataclasses import fields
from numbers import Real
from typing import Any, Callable, Iterable, Mapping, Optional, Union

import anywidget
import traitlets

from .assist import HelpSettings, SolverHelp
from .assist.help import puzzle_game
from .assist.states import Assist
from .cards import CardLike, run_text
from .earlier_deals import EarlierDeals
from .errors import IllegalMoveError
from .game import Game, GameChange
from .games import DEFAULT_GAME, GameName
from .protocol import OK, Reply, check
from .rules import rules as rules_text
from .saved_output import Bundle, SavedOutput, fallback
from .saving import new_game
from .solver.grades import GRADES
from .solver.reports import Puzzle
from .text import status_items

STATIC = pathlib.Path(__file__).parent / "static"
FACE_DOWN = -1  # how a face-down card is sent: the page must not see what it is

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



def deal_name(game: Game) -> str:
    """A short name of a deal without a seed (dealt from a card order, or set
    up at a position), the same for the same deal: the page's sign of a new
    deal where there is no seed to compare.

    >>> import solitaire_widgets as sw
    >>> deck = sw.standard_deck()
    >>> deal_name(sw.Cruel(deck=deck)) == deal_name(sw.Cruel(deck=deck)) != deal_name(sw.Cruel(deck=deck[::-1]))
    True
    """
    deal = game.deck if game.deck is not None else json.dumps(game.start_position, sort_keys=True, default=str)
    return hashlib.blake2s(repr(deal).encode(), digest_size=6).hexdigest()


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
    # The piles that move only whole (Game.whole_piles): a press lifts the
    # whole pile, and its move is written without a count.
    whole_piles = traitlets.List(Text()).tag(sync=True)
    layouts: traitlets.List[Any] = traitlets.List().tag(sync=True)  # Game.layouts() as JSON, the main one first
    actions = traitlets.List(Text()).tag(sync=True)  # game.possible_actions(): never one the options rule out
    action_words = traitlets.Dict().tag(sync=True)  # action -> what it does, in words (Game.action_words)
    redeal_actions = traitlets.List(Text()).tag(sync=True)  # the actions that start a new pass (Game.redeal_actions)
    options = traitlets.Dict().tag(sync=True)
    # Piles that lie on others (Game.COVERED_BY, as in Pyramid): pile id -> the
    # piles lying on it, whose cards must all leave before its card plays; {} in most games.
    covered_by = traitlets.Dict().tag(sync=True)
    # The piles two cards go to together (pairs, as Pyramid's 13): a pick of one
    # card, then its partner, plays "SOURCE+PARTNER TARGET"; [] in most games.
    pair_targets = traitlets.List(Text()).tag(sync=True)
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
    # pile id -> how many top cards a press may lift now (the run that moves
    # together, as far as one move may carry it: game.movable(at_once=True)),
    # only the piles where that is more than one: {} in games that move one card.
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
    # What the solver's help says (Hint, Solve, Play it out, the teacher):
    # one of assist.states.Assist ({} or {"kind": ..., "version": the position it is about, ...}).
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
    # What went wrong: {} or the report of the last analysis (Analysis.to_json), while the game's moves are its.
    analysis = traitlets.Dict().tag(sync=True)
    # Puzzle mode: {} or the puzzle's question and the verdict on the move played (Puzzle.state).
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
        for name, value in (("replay", replay), ("auto_drop", auto_drop), ("winnable", winnable), ("guard", guard)):
            if not isinstance(value, bool):
                raise TypeError(f"{name} must be True or False, not {value!r}")
        if difficulty is not None and not winnable:
            raise ValueError(f"difficulty grades winnable deals: pass winnable=True with difficulty={difficulty!r}")
        self.replay = replay
        puzzle = game if isinstance(game, Puzzle) else None
        if puzzle is not None:
            game = puzzle_game(puzzle)
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
        # Page requests, the solver's verdict and the play-out's moves change
        # the traits one at a time (the last two from a worker thread).
        self._lock = threading.RLock()
        self._help = SolverHelp(_HelpPort(self, self._lock, self._reply, self._seek), puzzle)
        # The page's requests but the settings (set on the trait of their name): request kind -> handler.
        self._handlers: Mapping[str, Callable[[dict[str, Any]], Reply]] = {
            "move": self._request_move, "undo": self._request_undo, "redo": self._request_redo,
            "restart": self._request_restart, "new_deal": self._request_new_deal, "explain": self._request_explain,
            "seek": self._request_seek, "stop": self._request_stop, "ping": self._request_ping,
            "saved_output": self._request_saved_output, **self._help.handlers}
        # The synced version is the game's plus an offset that grows when the
        # widget switches games, so a request made on an old deal stays stale.
        self._version_offset = 0
        self._deals = EarlierDeals(game)  # observes the game first: Undo after New deal
        self._stop_observing = game.observe(self._on_game_change)
        self.auto_drop = auto_drop
        self.winnable = winnable
        self.difficulty = difficulty or ""
        self.guard = guard
        self._sync_all()
        # Where a notebook saves the table, the page keeps its output's fallback current (saved_output.py).
        self._saved_output = SavedOutput(self._fallback, lambda content, buffers: self.send(
            {**content, "model_id": self.model_id}, buffers))
        self.observe(lambda _change: self._saved_output.changed(), names="version")
        self.observe(lambda _change: self._sync_safe_drop(), names="auto_drop")
        self.observe(self._guard_set, names="guard")
        self.on_msg(self._on_page_message)

    def _guard_set(self, change: dict[str, Any]) -> None:
        if not change["new"]:
            self._help.guard_off()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live table, and besides it its fallback (``saved_output.fallback``):
        a picture of the position as it is now (``text/html``: an ``<img>``
        of ``game.picture()``) and the text table (``text/plain``).  Front
        ends with the widget show the table; where none runs (a notebook
        exported to HTML or PDF, nbviewer, a docs site) the picture shows the
        position when the cell ran, or when JupyterLab last saved the
        notebook (the page keeps it current there)."""
        shown = super()._repr_mimebundle_(**kwargs)
        if shown is None:
            return None
        data, metadata = shown if isinstance(shown, tuple) else (shown, {})
        return {**data, **self._fallback()[1]}, metadata

    def _fallback(self) -> tuple[int, Bundle]:
        """The table's version and its output's fallback, read together."""
        with self._lock:  # not halfway through a move of the play-out's thread
            return self.version, fallback(self._game)

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
        self._deals.close()
        self._help.leave_game()
        self._version_offset = self.version + 1 - game.version
        self._game = game
        self._deals = EarlierDeals(game)
        self._stop_observing = game.observe(self._on_game_change)
        self._sync_all()

    @property
    def current_puzzle(self) -> Optional[Puzzle]:
        """The puzzle this table is set to (``set_puzzle``), or None."""
        return self._help.puzzle

    def set_puzzle(self, puzzle: Puzzle) -> None:
        """Set the table to ``puzzle``'s position (``sw.puzzles``): it says
        whether the first move played from there was the one that keeps the
        win, and why another is not; Undo (or Restart) to try again.  Its
        winning line is kept on the game, so hints and Play it out follow it.
        A new deal ends the puzzle."""
        if not isinstance(puzzle, Puzzle):
            raise TypeError(f"set_puzzle needs a Puzzle (from sw.puzzles), not {type(puzzle).__name__}")
        self.game = puzzle_game(puzzle)
        self._help.set_puzzle(puzzle)

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
        return self._deals.deals

    def _on_game_change(self, game: Game, change: GameChange) -> None:
        with self._lock:
            self._help.game_changed(change.kind)
            self._sync(change.piles)
            self._help.position_shown(change.kind)

    def _pile_payload(self, pile: str) -> list[int]:
        ids = self._game.card_ids(pile)
        down = self._game.face_down(pile)
        return [FACE_DOWN] * down + list(ids[down:])

    def _sync_all(self, message: str = "", kind: str = "") -> None:
        """Send everything: what the table is (fixed per game), then where it stands (``_sync``)."""
        game = self._game
        with self.hold_sync():
            self.game_name = game.name
            self.title = game.title
            self.pile_ids = list(game.PILES)
            self.pile_roles = dict(game.ROLES)
            self.whole_piles = list(game.whole_piles)
            self.layouts = [layout.to_json() for layout in game.layouts()]
            self.actions = list(game.possible_actions())
            self.action_words = {action: game.action_words(action) for action in game.ACTION_NAMES}
            self.redeal_actions = list(game.redeal_actions())
            self.features = {"safe_drops": game.has_safe_drops}
            self.options = game.options
            self.covered_by = {pile: list(lying) for pile, lying in game.COVERED_BY.items()}
            self.pair_targets = sorted({game.PILES[t] for _, _, t in game.SHAPE.pairs})
            self.rules = rules_text(game)
            self._sync(game.PILES, message, kind, fresh=True)
            self._help.position_shown("new")

    def _sync(self, changed: Iterable[str], message: str = "", kind: str = "", fresh: bool = False) -> None:
        """Send where the game stands after a change of the piles ``changed`` (all of them when ``fresh``)."""
        game = self._game
        piles = {} if fresh else dict(self.piles)
        for pile in changed:
            piles[pile] = self._pile_payload(pile)
        counters: dict[str, Any] = {
            "moves": len(game.history),
            "home": game.cards_home,
            "total": game.card_count,
            "score": game.score,
            "max_score": game.max_score,
            "redeals": game.redeals,
            "can_undo": self._deals.can_undo,
            "can_redo": bool(game.redo_moves),
            "redo": len(game.redo_moves),
            "seed": game.seed,
        }
        if game.seed is None:  # (a deal without a seed: the page still tells one deal from the next)
            counters["deal"] = deal_name(game)
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
            if shape.max_run > 1 or shape.wholes or self.runs:
                self.runs = {pile: n for pile in game.PILES if (n := game.movable(pile, at_once=True)) > 1}
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
            self.line = self._help.moves_ahead()
            self.version = self._version_offset + game.version

    @traitlets.observe("no_win")
    def _no_win_changed(self, _change: Any) -> None:
        # The status line says a proven no-win, which a background search sets.
        self.status_items = status_items(self._game, no_win=bool(self.no_win))

    def _sync_safe_drop(self) -> None:
        drops = self._game.safe_drops() if self.auto_drop else []
        self.safe_drop = str(drops[0]) if drops else ""

    # --- the page side: every request is answered (protocol.py) --------------
    def _on_page_message(self, _widget: Any, content: Any, buffers: Any) -> None:
        """Every page request ends in a reply; no exception escapes to the kernel."""
        request_id = content.get("id") if isinstance(content, dict) else None
        try:
            with self._lock:
                reply = self._answer(content)
        except Exception as err:  # a bug of ours must not reach the notebook output
            log.exception("solitaire_widgets: request %r failed", content)
            reply = Reply(f"internal error while handling the request ({type(err).__name__}); the game is unchanged")
        if not reply.later:  # else the handler answers once its work has ended (the guard)
            self._reply(request_id, reply.refused, reply.extra)

    def _answer(self, content: Any) -> Reply:
        """Carry out one page request: the shared checks (``protocol.check``,
        the kind's ``Kind``), then its handler."""
        kind, refused = check(content, self.version)
        if kind is None:
            return Reply(refused)
        if kind.setting:
            setattr(self, kind.name, content["on"])
            return OK
        busy = self._help.busy() if kind.searches else None
        if busy:
            return Reply(busy)
        if kind.stops_task:
            self._help.stop()  # the player takes over
        try:
            return self._handlers[kind.name](content)
        except IllegalMoveError as err:
            return Reply(str(err))

    def _reply(self, request_id: Any, reason: Optional[str], extra: Optional[Mapping[str, Any]] = None,
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

    def _request_stop(self, _content: dict[str, Any]) -> Reply:
        self._help.stop()
        return OK

    def _request_ping(self, _content: dict[str, Any]) -> Reply:
        return OK

    def _request_saved_output(self, _content: dict[str, Any]) -> Reply:
        self._saved_output.ask()  # the page keeps the notebook's copy of the output current
        return OK

    def _request_move(self, content: dict[str, Any]) -> Reply:
        move = content.get("move")
        if not isinstance(move, str) or not move.strip() or len(move) > 40:
            return Reply("refused: a move request needs a move text like 't3 f0' or 'draw'")
        confirmed = content.get("confirmed", False)
        if not isinstance(confirmed, bool):
            return Reply("refused: a move request's confirmed must be true or false")
        if self.guard and not confirmed:
            return self._help.guarded_move(move, content.get("id"))
        self._game.play(move)
        return OK

    def _request_undo(self, _content: dict[str, Any]) -> Reply:
        self._deals.undo()  # right after a New deal: the earlier deal comes back
        return OK

    def _request_redo(self, _content: dict[str, Any]) -> Reply:
        self._game.redo()
        return OK

    def _request_restart(self, _content: dict[str, Any]) -> Reply:
        if not self._game.history:
            return Reply("nothing to restart: no move has been played")
        self._game.restart()
        return OK

    def _request_new_deal(self, _content: dict[str, Any]) -> Reply:
        if self.winnable:  # searched in the background
            return self._help.new_winnable_deal()
        self._game.new_deal()  # in place, so `game = table.game` stays valid
        return OK

    def _request_explain(self, content: dict[str, Any]) -> Reply:
        """Explain mode: where the top card of ``pile`` (or its top ``count``
        cards, a run) may go, and why not elsewhere (``game.targets``), sent
        back with the reply."""
        game, pile, count = self._game, content.get("pile"), content.get("count", 1)
        if not isinstance(pile, str) or pile not in game.PILES:
            return Reply(f"refused: explain needs a pile of {game.title} ({', '.join(game.PILES)})")
        face_up = len(game.card_ids(pile)) - game.face_down(pile)
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= max(1, face_up):
            return Reply(f"refused: explain's count must be a whole number from 1 to {max(1, face_up)}, "
                         f"not {str(count)[:20]}")
        card = run_text(game[pile][-count:]) if face_up else ""
        return Reply(extra={"explain": {"pile": pile, "card": card, "targets": game.targets(pile, count),
                                        "version": self.version}})

    def _request_seek(self, content: dict[str, Any]) -> Reply:
        """Replay: undo or redo until ``to`` moves are played (as undo does, so
        a move played from there branches)."""
        return self._seek(content.get("to"))

    def _seek(self, to: Any) -> Reply:
        game = self._game
        total = len(game.history) + len(game.redo_moves)
        if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to <= total:
            return Reply(f"refused: seek needs a move number from 0 to {total}, not {str(to)[:20]}")
        with self.hold_sync():
            while len(game.history) > to:
                game.undo()
            while len(game.history) < to:
                game.redo()
        return OK

    def wait(self, timeout: Optional[float] = 30.0) -> bool:
        """Wait until a running solve or play-out, and the background check
        of a game that can go round in circles (``no_win``), have ended (for
        scripts and tests); True once nothing runs."""
        return self._help.wait(timeout)


class _HelpPort:
    """The table as its solver's help sees it (``assist.TablePort``): the
    game, the version, the lock and the settings, and the traits the help
    shows what it found in; nothing else of the widget."""

    def __init__(self, table: SolitaireWidget, lock: threading.RLock, reply: Callable[..., None],
                 seek: Callable[[Any], Reply]) -> None:
        # The widget hands over its lock and its reply and seek: the port reads
        # nothing private of it.
        self._table, self._lock, self._reply, self._seek = table, lock, reply, seek

    @property
    def game(self) -> Game:
        return self._table.game

    @property
    def version(self) -> int:
        return self._table.version

    @property
    def lock(self) -> threading.RLock:
        return self._lock

    @property
    def settings(self) -> HelpSettings:
        return HelpSettings(**{f.name: getattr(self._table, f.name) for f in fields(HelpSettings)})

    def show_assist(self, state: Assist) -> None:
        self._table.assist = dict(state)

    def show_line(self, moves: int) -> None:
        self._table.line = moves

    def show_no_win(self, reason: str) -> None:
        self._table.no_win = reason

    def show_analysis(self, report: Mapping[str, Any]) -> None:
        self._table.analysis = dict(report)

    def show_puzzle(self, state: Optional[Mapping[str, Any]]) -> None:
        table = self._table
        if bool(table.features.get("puzzle")) != (state is not None):
            features = {k: v for k, v in table.features.items() if k != "puzzle"}
            table.features = {**features, "puzzle": True} if state is not None else features
        table.puzzle = {} if state is None else dict(state)

    def reply(self, request_id: Any, reason: Optional[str], extra: Optional[Mapping[str, Any]] = None,
              message: bool = True) -> None:
        self._reply(request_id, reason, extra, message)

    def seek(self, to: Any) -> Reply:
        return self._seek(to)


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
    (6, True, 65)
    """
    return SolitaireWidget(name, seed=seed, winnable=winnable, difficulty=difficulty, guard=guard, **options)
