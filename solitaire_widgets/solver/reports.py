"""What the teaching tools return: ``Analysis`` (``Game.analyse``: the move
that lost it), ``MoveCheck`` (``check_move``: would this move give up the
win?), ``Grade`` (``grade``: how hard a winnable deal is) and ``Puzzle``
(``sw.puzzles``: find the one move that keeps the win), all importable from
the package.  Each reads as a short report: text at a prompt, a report with
pictures in a notebook.

>>> import solitaire_widgets as sw
>>> print(sw.MoveCheck(sw.Move.parse("redeal"), "won", "lost", "every line was searched",
...                    better=sw.Move.parse("t4 t3")))
The move redeal gives up the win: no win is left after it (every line was searched); t4 t3 keeps it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any, Mapping, Optional

from ..moves import Move
from ..text import literal
from .results import Solution

if TYPE_CHECKING:
    from ..game import Game
    from ..picture import Picture

# The verdict of a position, in words (an analysis's report, a puzzle's answers).
VERDICT_WORDS = {"won": "a win is possible", "lost": "no win is possible", "unknown": "not decided"}
# What stopped a piece of work before it decided everything, in words.
STOPPED_WORDS = {"time": "the time limit", "states": "the state budget", "stopped": "stop()",
                 "interrupt": "Ctrl-C"}


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'s' * (n != 1)}"


def _moves_text(first: int, last: int) -> str:
    """History indexes ``first`` … ``last`` as move numbers people count (from 1)."""
    return f"move {first + 1}" if first == last else f"moves {first + 1}–{last + 1}"


def _what(game: "Game", move: Move) -> str:
    """``move`` and what it does, from ``game``'s position: "t4 t3 (moves 6♣ …)"."""
    from .hint import describe

    return f"{move} ({describe(game, move)})"


@dataclass(frozen=True, repr=False)
class Analysis:
    """What ``Game.analyse`` found: for each position of the game's history
    whether a win was still possible, and the move that gave it up.

    ``verdicts[i]`` is the verdict of the position after ``i`` moves (0: the
    deal): ``"won"`` (a win is possible from there), ``"lost"`` (none is) or
    ``"unknown"`` (not decided in the time given: never counted as lost).
    ``losing_move`` is the index in ``game.history`` of the first move
    after which no win was possible (the position before it won, the one
    after it lost), or None: the game was won or can still be won, the deal
    was lost from the start, or the search did not decide where
    (``suspects`` then says between which moves).  ``better`` is a move
    that keeps the win from the position before it, the first of ``line``,
    a winning line from there; ``reason`` says why no win is left after the
    losing move (or, lost from the start, after the deal), and
    ``reason_cards`` the cards it is about.  ``searched`` holds the
    ``Solution`` of each position searched (by index); the other verdicts
    follow from those.  ``stopped_by`` says what ended the analysis before
    it decided everything it could (``"time"``, ``"stopped"``,
    ``"interrupt"``), else None.
    """

    game: "Game"
    verdicts: tuple[str, ...]
    losing_move: Optional[int] = None
    better: Optional[Move] = None
    line: tuple[Move, ...] = ()
    reason: str = ""
    reason_cards: tuple[int, ...] = ()
    searched: Mapping[int, Solution] = field(default_factory=dict)
    seconds: float = 0.0
    stopped_by: Optional[str] = None

    # --- reading it -------------------------------------------------------
    @property
    def played(self) -> Optional[Move]:
        """The move that gave up the win (``game.history[losing_move]``), or None."""
        return None if self.losing_move is None else self.game.history[self.losing_move]

    @property
    def won_until(self) -> int:
        """The last position (moves played) proved to have a win left, -1 for none."""
        won = [i for i, v in enumerate(self.verdicts) if v == "won"]
        return won[-1] if won else -1

    @property
    def lost_from(self) -> Optional[int]:
        """The first position (moves played) proved to have no win left, or None."""
        return next((i for i, v in enumerate(self.verdicts) if v == "lost"), None)

    @property
    def lost_from_start(self) -> bool:
        """True when no win was possible even from the deal: no move lost it."""
        return self.lost_from == 0

    @property
    def suspects(self) -> Optional[tuple[int, int]]:
        """When the search could not say which move gave up the win: the
        first and last history index of the moves among which it lies (the
        stretch of undecided positions), else None."""
        lost = self.lost_from
        if self.losing_move is not None or lost is None or lost == 0:
            return None
        return max(self.won_until, 0), lost - 1

    @property
    def states(self) -> int:
        """Positions searched in all."""
        return sum(s.states for s in self.searched.values())

    def position(self, moves: int) -> "Game":
        """A copy of the game after ``moves`` moves (0: the deal)."""
        if not 0 <= moves < len(self.verdicts):
            raise ValueError(f"moves must be from 0 to {len(self.verdicts) - 1}, not {moves!r}")
        for i, (_, position) in enumerate(self.game.replay()):
            if i == moves:
                return position
        raise AssertionError("unreachable")  # pragma: no cover

    # --- the report ----------------------------------------------------------
    def headline(self) -> str:
        """The finding in one sentence."""
        n = len(self.verdicts) - 1
        if self.losing_move is not None:
            return f"Move {self.losing_move + 1}, {self.played}, gave up the win."
        if self.game.status == "won":
            return "Won: no move gave up the win."
        if self.lost_from_start:
            return "The deal was lost from the start: no move lost it."
        if self.verdicts[n] == "won":
            return "A win is still possible: no move so far gave it up."
        if self.suspects is not None:
            first, last = self.suspects
            if self.won_until < 0:
                return (f"No win was left after move {last + 1}; whether the deal could be won at all was "
                        "not decided.")
            return f"The win was given up at one of {_moves_text(first, last)}: the search did not decide which."
        if self.won_until >= 0:
            return (f"A win was possible after move {self.won_until}" if self.won_until else
                    "The deal could be won") + "; whether one is still possible was not decided."
        return "Not decided: the search found no win and proved no loss within its budget."

    def details(self, game: Optional["Game"] = None) -> list[str]:
        """The report's sentences after the headline."""
        out = []
        n = len(self.verdicts) - 1
        if self.losing_move is not None:
            before = self.position(self.losing_move) if game is None else game
            k = self.losing_move
            kept = f"Moves 1–{k} kept a win possible" if k > 1 else "Move 1 kept a win possible" if k == 1 \
                else "A win was possible from the deal"
            why = f": {self.reason}" if self.reason and self.reason != "every line was searched" else \
                " (every line was searched)"
            assert self.played is not None and self.better is not None  # (both known with a losing move)
            out.append(f"{kept}; after move {k + 1}, {_what(before, self.played)}, no win was left{why}.")
            out.append(f"Better: {_what(before, self.better)}, the first move of a winning line of "
                       f"{_plural(len(self.line), 'move')}.")
        elif self.lost_from_start and self.reason:
            out.append(f"Why: {self.reason}.")
        elif self.suspects is not None and self.reason:
            out.append(f"After move {self.lost_from}: {self.reason}.")
        counts = {v: self.verdicts.count(v) for v in ("won", "lost", "unknown")}
        tail = f"{_plural(n + 1, 'position')}: {counts['won']} won, {counts['lost']} lost, " \
               f"{counts['unknown']} not decided ({_plural(len(self.searched), 'position')} searched, " \
               f"{_plural(self.states, 'state')}, {self.seconds:.2f} s)"
        if self.stopped_by is not None:
            tail += f"; stopped by {STOPPED_WORDS.get(self.stopped_by, self.stopped_by)} before deciding the rest"
        out.append(tail + ".")
        return out

    def __str__(self) -> str:
        head = f"{self._title()}: {self.headline()}"
        return "\n".join([head] + ["  " + line for line in self.details()])

    @property
    def title(self) -> str:
        """The game analysed: "Cruel seed 2, 8 moves, lost"."""
        return self._title()

    @property
    def has_picture(self) -> bool:
        """Whether ``picture()`` has something to show: a losing move, or a deal lost from the start."""
        return self.losing_move is not None or self.lost_from_start

    def _title(self) -> str:
        game = self.game
        origin = f" seed {game.seed}" if game.seed is not None else ""
        n = len(game.history)
        return f"{game.title}{origin}, {_plural(n, 'move')}, {game.status}"

    def __repr__(self) -> str:
        return (f"<Analysis of {self._title()}: {self.headline()} {_plural(len(self.searched), 'position')} "
                f"searched, {self.seconds:.2f} s>")

    def caption(self) -> str:
        """What the picture shows, in a sentence ("" when there is none).

        >>> import solitaire_widgets as sw
        >>> game = sw.Cruel(seed=2)
        >>> for move in ["t7 t2", "t3 t2", "redeal", "t0 t3", "t5 t3", "t5 f2", "t6 t3", "redeal"]:
        ...     _ = game.play(move)
        >>> game.analyse(time_limit=None, max_states=5_000).caption()
        'Move 8: played redeal (red, dashed), which gave up the win; t6 t11 (yellow) keeps it.'
        """
        if self.losing_move is not None:
            return (f"Move {self.losing_move + 1}: played {self.played} (red, dashed), which gave up the win; "
                    f"{self.better} (yellow) keeps it.")
        return "Lost from the deal." if self.lost_from_start else ""

    def picture(self, *, card_width: Optional[int] = None, width: Optional[int] = None,
                labels: bool = True) -> "Picture":
        """The position before the losing move: the move played as a red
        dashed arrow, the better move as a yellow one, the cards the reason
        is about outlined.  For a deal lost from the start, the deal with
        those cards outlined.  A ``ValueError`` when the analysis found
        neither."""
        if self.losing_move is not None:
            before = self.position(self.losing_move)
            return before.picture(card_width=card_width, width=width, labels=labels, arrow=self.better,
                                  mistake=self.played, highlight=self.reason_cards, caption=self.caption())
        if self.lost_from_start:
            return self.position(0).picture(card_width=card_width, width=width, labels=labels,
                                            highlight=self.reason_cards, caption=self.caption())
        raise ValueError(f"no picture: the analysis found no losing move ({self.headline()})")

    def to_json(self, picture_width: int = 640) -> dict[str, Any]:
        """The report as plain JSON (a table's ``analysis``): its words, the
        verdicts counted, the losing move and the better one, and the
        picture of the position before the losing move (its SVG text and
        alt text), ``picture_width`` pixels wide, where there is one.

        >>> import solitaire_widgets as sw
        >>> report = sw.Cruel(seed=4).analyse(time_limit=None, max_states=2_000).to_json()
        >>> report["headline"] == sw.Cruel(seed=4).analyse(time_limit=None, max_states=2_000).headline()
        True
        >>> report["verdicts"], report["losing_move"], "picture" in report
        ({'won': 0, 'lost': 1, 'unknown': 0}, None, True)
        """
        report: dict[str, Any] = {
            "title": self.title, "headline": self.headline(), "details": self.details(),
            "moves": len(self.game.history), "verdicts": {v: self.verdicts.count(v) for v in VERDICT_WORDS},
            "stopped_by": self.stopped_by or "", "losing_move": self.losing_move, "played": str(self.played or ""),
            "better": str(self.better or ""), "caption": self.caption(),
        }
        if self.has_picture:
            picture = self.picture(width=picture_width)
            report["picture"], report["alt"] = str(picture), picture.alt
        return report

    def _repr_html_(self) -> str:
        parts = [f"<p><strong>{escape(self._title())}: {escape(self.headline())}</strong></p>"]
        before = self.position(self.losing_move) if self.losing_move is not None else None
        parts += [f"<p>{escape(line)}</p>" for line in self.details(before)]
        if self.has_picture:
            parts.append(self.picture(width=720).img_tag())
        return "<div>" + "".join(parts) + "</div>"


@dataclass(frozen=True)
class MoveCheck:
    """Whether one move gives up the win (``check_move``; a puzzle's
    answers): ``before`` and ``after`` are the verdicts of the positions
    before and after ``move`` (``"won"``, ``"lost"`` or ``"unknown"``: not
    decided, or not searched); ``reason`` says why no win is left after it,
    ``reason_cards`` the cards that is about; ``better`` is a move that keeps
    the win when ``move`` gives it up, the first of ``line`` (a winning line
    from before), and ``line`` a winning line from after ``move`` when it
    keeps the win.
    """

    move: Move
    before: str
    after: str
    reason: str = ""
    reason_cards: tuple[int, ...] = ()
    better: Optional[Move] = None
    line: tuple[Move, ...] = ()
    seconds: float = 0.0

    @property
    def gives_up_win(self) -> bool:
        """True when a win was possible before the move and none is after it (both proved)."""
        return self.before == "won" and self.after == "lost"

    @property
    def keeps_win(self) -> bool:
        """True when a win is still possible after the move (proved)."""
        return self.after == "won"

    @property
    def ask(self) -> str:
        """The question a view asks before it plays a move that gives up the win."""
        return f"Play {self.move} anyway?"

    @property
    def stopped_words(self) -> str:
        """The guard's check was stopped before it ended: the move was not played."""
        return f"stopped: the guard's check ended first, and {self.move} was not played"

    def doubt(self, seconds: float) -> str:
        """What the guard says of a move it played without being sure, after a
        check of ``seconds``: "" when it is sure (the move keeps the win, or
        no win was left before it either), else the doubt in words.

        >>> import solitaire_widgets as sw
        >>> sw.MoveCheck(sw.Move.parse("redeal"), "won", "unknown").doubt(1.0)
        'the guard could not tell within 1 s whether redeal gave up the win'
        >>> sw.MoveCheck(sw.Move.parse("redeal"), "lost", "lost").doubt(1.0)
        ''
        """
        if self.after == "unknown" and self.before != "lost":
            return f"the guard could not tell within {seconds:g} s whether {self.move} gave up the win"
        if self.after == "lost" and self.before == "unknown":  # no win after it; before it, not decided
            return str(self)
        return ""

    def __str__(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        if self.gives_up_win:
            return f"The move {self.move} gives up the win: no win is left after it{why}; {self.better} keeps it."
        if self.keeps_win:
            return f"The move {self.move} keeps the win."
        if self.after == "lost":
            if self.before == "lost":
                return f"No win is left after {self.move}{why}, but none was before it either."
            return f"No win is left after {self.move}{why}; whether one was before it was not decided."
        return f"Not decided whether a win is left after {self.move} (the search stopped first)."


@dataclass(frozen=True, repr=False)
class Grade:
    """How hard a winnable deal is (``grade``): ``level`` is ``"easy"``,
    ``"medium"``, ``"hard"`` or ``"expert"`` (None when the grading was cut
    short: ``stopped_by`` says why); ``lookahead`` the fewest positions a
    look-ahead player searched before each move and won (None: none of the
    ladder's won); ``played`` each look-ahead player's game as (positions
    searched per move, won, moves played); ``line_length`` the length of
    the solver's winning line.
    """

    level: Optional[str]
    lookahead: Optional[int]
    played: tuple[tuple[int, bool, int], ...] = ()
    line_length: int = 0
    seconds: float = 0.0
    stopped_by: Optional[str] = None

    def __str__(self) -> str:
        if self.level is None:
            return f"not graded: stopped by {STOPPED_WORDS.get(self.stopped_by or '', self.stopped_by)}"
        line = f" (the solver's line: {_plural(self.line_length, 'move')})"
        if self.lookahead is not None:
            return (f"{self.level}: a player looking {self.lookahead:,} positions ahead before each move "
                    f"wins it{line}")
        most = max(n for n, _, _ in self.played) if self.played else 0
        return f"{self.level}: no player looking up to {most:,} positions ahead wins it; the solver does{line}"


    def __repr__(self) -> str:
        """The grade and what it means, in one line.

        >>> import solitaire_widgets as sw
        >>> sw.Grade("medium", 30, ((10, False, 40), (30, True, 68)), 68)
        <Grade medium: a player looking 30 positions ahead before each move wins it (the solver's line: 68 moves)>
        """
        return f"<Grade {self}>"

    def _repr_markdown_(self) -> str:
        head, _, rest = literal(str(self)).partition(": ")
        return f"**{head}**: {rest}" if rest else f"**{head}**"


@dataclass(frozen=True, repr=False)
class Puzzle:
    """Find the move (``sw.puzzles``): a position where exactly one legal
    move keeps the win.

    ``game`` is the position, set up by ``Game.from_position`` (its
    ``restart()`` comes back here; moves played on it change nothing the
    puzzle says); ``answer`` the move that keeps the win
    and ``line`` a winning line from here that starts with it; ``others``
    every other legal move with its ``MoveCheck`` (``after`` is ``"lost"``,
    proved, or ``"unknown"`` where the puzzle allowed an undecided move, and
    ``reason`` says why no win is left); ``seed`` and ``move_number`` say
    where it comes from (the deal, and the moves of the winning line played
    to reach it); ``obvious`` is the move a player without look-ahead would
    play (the solver's move order): a puzzle where it is not the answer
    catches such a player out.
    """

    game: "Game"
    answer: Move
    others: Mapping[Move, MoveCheck]
    line: tuple[Move, ...]
    seed: Optional[int] = None
    move_number: int = 0
    obvious: Optional[Move] = None
    # The position as asked, kept apart: ``game`` may be played on, and the
    # checks, words and pictures are about this position.
    _asked: "Game" = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_asked", self.game.copy(history=False))

    @property
    def tricky(self) -> bool:
        """True when a player without look-ahead would go wrong here (``obvious`` is not the answer)."""
        return self.obvious is not None and self.obvious != self.answer

    @property
    def proven(self) -> bool:
        """True when every other move was proved lost."""
        return all(check.after == "lost" for check in self.others.values())

    def position(self) -> "Game":
        """A fresh copy of the puzzle's position to play on (a table's ``game``)."""
        return self._asked.copy()

    def check(self, move: Any) -> MoveCheck:
        """Whether ``move`` (a ``Move``, ``"t3 f0"``, ``"draw"`` …) was the one,
        from the puzzle's own verdicts (no search): its ``MoveCheck``.  An
        illegal move raises ``IllegalMoveError``.

        >>> import solitaire_widgets as sw
        >>> [p] = sw.puzzles("cruel", 1, seed=6)
        >>> p.check(p.answer).keeps_win, p.check(next(iter(p.others))).gives_up_win
        (True, True)
        """
        move = self._asked.copy(history=False).play(move)  # a Move, or IllegalMoveError
        if move == self.answer:
            return MoveCheck(move, "won", "won", line=self.line[1:])
        return self.others[move]

    @property
    def title(self) -> str:
        """Where the puzzle comes from: "Cruel seed 6, after move 32"."""
        origin = f" seed {self.seed}" if self.seed is not None else ""
        return f"{self.game.title}{origin}, after move {self.move_number}"

    def verdict(self, move: Any) -> str:
        """Whether ``move`` was the one, in a sentence (a table in puzzle
        mode says it after the player's move), from the puzzle's own
        verdicts: no search.  An illegal move raises ``IllegalMoveError``.

        >>> import solitaire_widgets as sw
        >>> [p] = sw.puzzles("cruel", 1, seed=6)
        >>> p.verdict("redeal")
        'Right: redeal is the one move that keeps the win (a winning line of 34 moves starts with it).'
        >>> p.verdict("t1 t7")
        'Not this one: t1 t7 (moves 3♦ onto 4♦ (t7) and frees J♣ in t1) loses: every line after it was searched.'
        """
        check = self.check(move)
        if check.move == self.answer:
            return (f"Right: {self.answer} is the one move that keeps the win (a winning line of "
                    f"{_plural(len(self.line), 'move')} starts with it).")
        return f"Not this one: {self._loses(check.move, check)}"

    def _loses(self, move: Move, check: MoveCheck) -> str:
        """Why ``move`` is not the answer, in a sentence."""
        from .hint import describe

        if check.after == "lost":
            why = check.reason if check.reason and check.reason != "every line was searched" else \
                "every line after it was searched"
            return f"{move} ({describe(self._asked, move)}) loses: {why}."
        return (f"{move} ({describe(self._asked, move)}): not decided in the search's budget "
                "(it found no win after it, and no proof that none exists).")

    def state(self, played: Optional[Move] = None, answer: bool = False) -> dict[str, Any]:
        """The puzzle as a view shows it (a table's ``puzzle``), as plain
        JSON: the question, and once ``played`` (the first move played from
        the puzzle's position) whether it was the one and why; with
        ``answer`` the answer and why each other move loses.  No search.

        >>> import solitaire_widgets as sw
        >>> [p] = sw.puzzles("cruel", 1, seed=6)
        >>> p.state()["state"], p.state(p.answer)["state"], p.state(answer=True)["answer"]
        ('asking', 'right', 'redeal')
        """
        state: dict[str, Any] = {"title": self.title, "question": self.question(), "state": "asking", "text": ""}
        if played is not None:
            state.update(state="right" if played == self.answer else "wrong", move=str(played),
                         text=self.verdict(played))
        if answer:
            state.update(answer=str(self.answer), answer_text=self.answer_text())
        return state

    def question(self) -> str:
        """The puzzle in one sentence."""
        n = len(self.others) + 1
        return f"Find the one move that keeps the win ({n} legal moves)."

    def answer_text(self) -> list[str]:
        """The answer, then why each other move loses."""
        from .hint import describe

        out = [f"Answer: {self.answer} ({describe(self._asked, self.answer)}), the first move of a winning line of "
               f"{_plural(len(self.line), 'move')}."]
        if self.tricky:
            out.append(f"A player without look-ahead would play {self.obvious}.")
        out += [self._loses(move, check) for move, check in self.others.items()]
        return out

    def __str__(self) -> str:
        return "\n".join([f"{self.title}: {self.question().lower()}"] +
                         ["  " + line for line in self.answer_text()])

    def __repr__(self) -> str:
        return f"<Puzzle {self.title}: {len(self.others) + 1} legal moves, answer {self.answer}>"

    def picture(self, *, card_width: Optional[int] = None, width: Optional[int] = None, labels: bool = True,
                answer: bool = False) -> "Picture":
        """The puzzle's position, titled with the question; with ``answer``
        the answer's arrow too."""
        title = f"{self.title}: find the move"
        caption = f"Answer: {self.answer}" if answer else self.question()
        return self._asked.picture(card_width=card_width, width=width, labels=labels, title=title,
                                 arrow=self.answer if answer else None, caption=caption)

    def _repr_html_(self) -> str:
        lines = "".join(f"<li>{escape(line)}</li>" for line in self.answer_text())
        return (f"<div><p><strong>{escape(self.title)}: {escape(self.question())}</strong></p>"
                f"{self.picture(width=720).img_tag()}"
                f"<details><summary>Answer</summary>{self.picture(width=720, answer=True).img_tag()}"
                f"<ul>{lines}</ul></details></div>")
