"""The winning lines a table follows besides the game's own
(``Game.winning_line``): Solve's and the guard's (``KnownLines``).  Play it
out plays what is left of the first line the game is still on, and the
table's ``line`` counts its moves.
"""

from __future__ import annotations

from typing import Literal, Optional, Sequence, get_args

from ..game import Game, MoveLike
from ..solver.hint import line_ahead

LineKind = Literal["solve", "guard"]


class KnownLines:
    """Winning lines a view found for one game besides the game's own
    (``winning_line``): Solve's and the guard's, each kept with the moves
    played before it starts.  ``ahead(game)`` is what is left from the
    game's position of the first line it is still on (Solve's, the
    guard's, then the game's own): a game stays on a line while its moves
    since the line's start are the line's first ones; () once it left all.

    >>> import solitaire_widgets as sw
    >>> game = sw.Cruel(seed=1)
    >>> lines = KnownLines()
    >>> lines.keep("solve", sw.solve(game, time_limit=None, max_states=5_000).moves, game.history)
    >>> first = game.play(lines.ahead(game)[0]); len(lines.ahead(game))
    77
    >>> lines.forget(); lines.ahead(game)
    ()
    """

    KINDS: tuple[LineKind, ...] = get_args(LineKind)  # the order they are asked in

    def __init__(self) -> None:
        self._lines: dict[LineKind, tuple[tuple[str, ...], tuple[str, ...]]] = {}

    def keep(self, kind: LineKind, line: Sequence[MoveLike], after: Sequence[MoveLike]) -> None:
        """Keep ``line`` as ``kind``'s (one of ``KINDS``), starting after the moves ``after``."""
        if kind not in self.KINDS:
            raise ValueError(f"a known line is one of {', '.join(self.KINDS)}, not {kind!r}")
        self._lines[kind] = (tuple(str(m) for m in line), tuple(str(m) for m in after))

    def forget(self, kind: Optional[LineKind] = None) -> None:
        """Forget ``kind``'s line, or (None) every line."""
        if kind is None:
            self._lines.clear()
        else:
            self._lines.pop(kind, None)

    def ahead(self, game: Game) -> tuple[str, ...]:
        """What is left of a line the game is on, from its position (moves as text)."""
        if self._lines:
            history = tuple(str(m) for m in game.history)
            for kind in self.KINDS:
                line, after = self._lines.get(kind, ((), ()))
                played = history[len(after):]
                if history[:len(after)] == after and len(played) < len(line) and line[:len(played)] == played:
                    return line[len(played):]
        return tuple(str(m) for m in line_ahead(game))
