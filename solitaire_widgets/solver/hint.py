"""Hints: the next move of the game's own winning line while it stays on
it (``Game.winning_line``: a winnable deal's), at once; the first move of a
winning line when the solver finds one in time; else the first move of the most promising line it found; else the
move a documented heuristic ranks first.

The search behind a hint never enters a position the game has already been
through, so hints taken one after another move on instead of sending a card
back and forth.  When it finds no win, the hint is the first move of the
line that got the most cards home (the first such line found), and when no
line got a card home, the heuristic's: the solver's move order
(``Search.children``): a safe move home; else a move home; then a move that
turns a face-down card up or empties a pile; then other card moves (onto a
pile that takes any card, the one whose top ranks closest at or above the
card); stock actions last, skipping moves back to an earlier position.

>>> import solitaire_widgets as sw
>>> h = sw.Cruel(seed=1).hint(time_limit=None, max_states=5000)
>>> h.winning, h.reason.startswith("part of a winning line")
(True, True)
"""

from __future__ import annotations

from typing import Optional

from ..cards import run_text
from ..game import Game
from ..moves import Move
from .results import NO_WIN, Hint, best_line_words
from .search import Search, solution_of, solve

def describe(game: Game, move: Move) -> str:
    """What ``move`` does, in a few words ("sends 5♥ home and empties t3")."""
    if move.action is not None:
        return game.action_words(move.action)
    source, target = move.source, move.target
    assert source is not None and target is not None
    if move.partner is not None:  # a pair: its two top cards leave together
        return f"sends {game[source][-1]} and {game[move.partner][-1]} home together"
    count = move.count
    code = game.SHAPE.codes.get(move)
    if code is not None and code >= game.SHAPE.whole_base:  # a pile that moves whole: all its cards
        count = len(game[source])
    cards = game[source][-count:]
    card = run_text(cards) if count == 1 else f"{run_text(cards)} ({count} cards)"
    onto = game.top(target)
    if game.ROLES[target] == "foundation":
        text = f"sends {card} home"
    elif onto is None:
        text = f"moves {card} to the empty {target}"
    else:
        text = f"moves {card} onto {onto} ({target})"
    left = len(game[source]) - count
    if game.ROLES[source] not in ("waste", "stock"):
        if left == 0:
            text += f" and empties {source}"
        elif left == game.face_down(source):
            text += f" and turns up a card in {source}"
        else:
            text += f" and frees {game[source][-count - 1]} in {source}"
    return text


def earlier_positions(game: Game) -> set[bytes]:
    """The search keys of the positions ``game`` went through before its
    current one (its history, taken back move by move on a copy)."""
    past = game.copy()
    keys = set()
    while past.history:
        past.undo()
        keys.add(past.search_key())
    return keys


def line_ahead(game: Game) -> tuple[Move, ...]:
    """What is left of ``game.winning_line`` from the current position:
    the line's moves after those played, while the moves played are its
    first ones; () once the game has left it (or knows no line).

    >>> import solitaire_widgets as sw
    >>> game = sw.Cruel(seed=1)
    >>> game.set_winning_line(sw.solve(game, time_limit=None, max_states=5_000).moves)
    >>> _ = game.play(game.winning_line[0]); len(line_ahead(game))
    77
    """
    line, played = game.winning_line, game.history
    if len(played) > len(line) or line[:len(played)] != played:
        return ()
    return line[len(played):]


def hint(game: Game, time_limit: Optional[float] = 0.3, max_states: Optional[int] = None) -> Hint:
    """A hint for ``game``'s current position (``game`` is not changed).

    The next move of ``game.winning_line`` while the moves played are its
    first ones (no search); else the first move of a winning line when the solver finds one within the
    budget; else the first move of the line that got the most cards home;
    else the heuristic's first move (the solver's move order).  None of them
    goes back to a position the game has been through, where another move
    exists.  Ctrl-C (a notebook's Interrupt) raises ``KeyboardInterrupt``.

    >>> import solitaire_widgets as sw
    >>> h = hint(sw.Cruel(seed=4), time_limit=None, max_states=100)  # lost from the deal
    >>> h.winning, h.reason.startswith("no win exists from here, but it ")
    (False, True)
    >>> hint(sw.Frog(seed=1), time_limit=None, max_states=300).reason
    'it turns up the next stock card: the best line found gets 48 of 104 cards home'
    """
    if game.status == "won":
        return Hint(None, "the game is won", True)
    if not game.legal_moves():
        ended = game.end_reason
        if ended == "no legal move is left":
            return Hint(None, "no legal move is left: the game is lost", False)
        return Hint(None, f"the game is lost: {ended}", False)
    ahead = line_ahead(game)
    if ahead:  # on the winning line the game knows (a winnable deal's): no search
        return winning_hint(game, ahead)
    search = Search(game, time_limit=time_limit, max_states=max_states, avoid=earlier_positions(game))
    solution = solution_of(game, search)
    if solution.status == "lost" and search.avoided:
        # Every line left was searched, but some went back to a position
        # the game has been through, which proves nothing: ask again with
        # them, for a proof, or a win that has to go back that way.
        solution = solve(game, time_limit=time_limit, max_states=max_states)
    if solution.stopped_by == "interrupt":
        raise KeyboardInterrupt  # Ctrl-C asked to stop, not for a hint from half a search
    if solution.status == "won" and solution.moves:
        return winning_hint(game, solution.moves)
    lost = solution.status == "lost"
    winning = False if lost else None
    prefix = f"{NO_WIN}, but it " if lost else "it "
    shape = game.SHAPE
    if search.best_line:
        first = shape.move(search.best_line[0])
        return Hint(first, f"{prefix}{describe(game, first)}: {best_line_words(search.best, game.card_count)}",
                    winning)
    here = search.fast.search_key()
    code = search.first_onward(search.avoid | {here})  # not back, nor to a position like this one
    back = ""
    if code is None:
        code = search.moves_in_order()[0]
        back = ", which only leads back to a position this game has been in, as every move from here does"
    first = shape.move(code)
    return Hint(first, prefix + describe(game, first) + back, winning)


def winning_hint(game: Game, line: tuple[Move, ...]) -> Hint:
    """The hint of a winning ``line`` from ``game``'s position: its first move."""
    move, n = line[0], len(line)
    return Hint(move, f"part of a winning line ({n} move{'s' * (n != 1)} to win): {describe(game, move)}", True)
