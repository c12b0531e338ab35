"""What the solver's help says on the table while its work runs: the
kinds of background work by name (``TASK_WORDS``), a request refused while
one runs, a failure, the play-out's end, an analysis and the guard's check
under way, and the search for a winnable deal.  The verdicts themselves
come from the solver's results and reports (``Solution.verdict``,
``Analysis.headline``, ``MoveCheck``).

>>> busy_words("solve"), checking_words("redeal")
('refused: a solve is running; Stop ends it', 'the guard is checking whether redeal gives up the win')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Optional

from ..game import Game
from ..solver.deals import deal_words, won_words

PLAYING = "playing it out"  # a play-out under way, in words

TaskKind = Literal["solve", "play", "winnable", "analyse", "guard"]


@dataclass(frozen=True)
class TaskWords:
    """One kind of background work in words: what it is called while it
    runs (``"a solve"``), in a failure (``"the analysis"``: defaults to
    the first), and what a change of the game that ended it says ("": it
    says nothing, as Play it out or the guard, whose views end with them)."""

    running: str
    failing: str = ""
    stale: str = ""


# The kinds of background work a table runs, by the name it gives them.
TASK_WORDS: dict[TaskKind, TaskWords] = {
    "solve": TaskWords("a solve", stale="solve stopped: the game changed"),
    "play": TaskWords("Play it out"),
    "winnable": TaskWords("the search for a winnable deal",
                          stale="the search for a winnable deal stopped: the game changed"),
    "analyse": TaskWords("an analysis", "the analysis", stale="analysis stopped: the game changed"),
    "guard": TaskWords("the guard's check"),
}


def busy_words(kind: TaskKind) -> str:
    """Why another search is refused while work of ``kind`` runs.

    >>> busy_words("play")
    'refused: Play it out is running; Stop ends it'
    """
    return f"refused: {TASK_WORDS[kind].running} is running; Stop ends it"


def failed_words(kind: TaskKind, err: BaseException) -> str:
    """What the page is told when work of ``kind`` failed (its error is logged).

    >>> failed_words("analyse", ValueError("x"))
    'the analysis failed (ValueError: see the log); nothing changed'
    """
    words = TASK_WORDS[kind]
    return f"{words.failing or words.running} failed ({type(err).__name__}: see the log); nothing changed"


def play_end_words(end: str, done: int) -> str:
    """How a play-out ended (``end``, one of ``background.PLAY_ENDS``) after ``done`` moves, in words.

    >>> play_end_words("won", 12), play_end_words("stopped", 3)
    ('played out: won', 'play-out stopped after 3 moves')
    """
    return {"won": "played out: won", "stopped": f"play-out stopped after {done} moves",
            "changed": "play-out stopped: the game changed"}.get(end, f"play-out ended ({end})")


def analysing_words(searched: Optional[int] = None, seconds: float = 0.0) -> str:
    """An analysis under way (``Game.analyse`` in the background), in words:
    how many positions it has searched so far, if told.

    >>> analysing_words(), analysing_words(3, 0.42)
    ('analysing the game (Stop ends it)', 'analysing the game: 3 positions searched in 0.4 s (Stop ends it)')
    """
    if searched is None:
        return "analysing the game (Stop ends it)"
    return f"analysing the game: {searched:,} position{'s' * (searched != 1)} searched in {seconds:.1f} s " \
           "(Stop ends it)"


def checking_words(move: Any) -> str:
    """The guard's check of ``move`` under way (``check_move``), in words.

    >>> checking_words("t3 f0")
    'the guard is checking whether t3 f0 gives up the win'
    """
    return f"the guard is checking whether {move} gives up the win"


class DealSearchWords:
    """What a search for a winnable deal (of grade ``difficulty``, None:
    any) says while it runs and when it ends, for a view with a Stop.

    >>> from solitaire_widgets.solver.deals import winnable_deal
    >>> words = DealSearchWords("easy")
    >>> words.progress(3, 1.25)
    'looking for a winnable deal (easy): 3 deals tried in 1.2 s (Stop ends the search)'
    >>> words.found(winnable_deal("cruel", seed=4), tried=2)
    'a winnable deal (easy), seed 6: the solver won it in 65 moves (3 deals tried)'
    >>> words.none("stopped")
    'stopped: no new deal, this one stays'
    """

    def __init__(self, difficulty: Optional[str] = None) -> None:
        self.sought = f"a winnable deal ({difficulty})" if difficulty else "a winnable deal"

    def start(self) -> str:
        return f"looking for {self.sought} (Stop ends the search)"

    def progress(self, deals: int, seconds: float) -> str:
        return f"looking for {self.sought}: {deals:,} deal{'s' * (deals != 1)} tried in {seconds:.1f} s " \
               "(Stop ends the search)"

    def found(self, game: Game, tried: int) -> str:
        """``game`` was found after ``tried`` deals that were not (each progress note counts one)."""
        return f"{self.sought}, {deal_words(game)}: {won_words(game)} ({tried + 1:,} deal{'s' * (tried > 0)} tried)"

    @staticmethod
    def none(why: str) -> str:
        """No deal was found: ``why`` is ``"stopped"`` or the search's own words."""
        return "stopped: no new deal, this one stays" if why == "stopped" else f"no new deal: {why}"
