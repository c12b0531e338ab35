"""Making games by name and loading saved games.

>>> import solitaire_widgets as sw
>>> g = sw.new_game("bobby", seed=4); _ = g.draw()
>>> sw.load(g.to_dict()).history == g.history
True
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Optional

from .cards import CardLike
from .errors import IllegalMoveError
from .game import SAVE_FORMAT, Game, saved_deal
from .games import GameName, game_class  # the one lookup of game names lives with the registry

SAVE_KEYS = {"format", "game", "options", "seed", "deck", "position", "moves", "redo"}
POSITION_KEYS = {"piles", "face_down", "redeals", "state"}  # Game.from_position's
READ_FORMATS = (1, 2, SAVE_FORMAT)  # 1 had no "redo"; 3 adds moves of several cards and extra state


def new_game(name: GameName, *, seed: Optional[int] = None, deck: Optional[Iterable[CardLike]] = None,
             winnable: bool = False, difficulty: Optional[str] = None, **options: Any) -> Game:
    """A new game: ``name`` is a registered game's name in any spelling
    (``"frog"``, ``"Leap Year"``, ``"leap_year"``, …; see ``sw.GAMES``) or a
    game class.

    ``winnable=True`` deals a deal the solver has won: seeds are tried in
    order from ``seed`` (None: a random one) until one is won, and the won
    line is kept as the game's ``winning_line``, so hints on it are
    instant; ``game.seed`` is the deal found, to share.  ``difficulty``
    (``"easy"``, ``"medium"``, ``"hard"`` or ``"expert"``, with
    ``winnable=True``) deals one of that grade (``sw.grade``).  See
    ``solitaire_widgets.solver.deals``, which also takes a time limit and
    progress and stop callbacks.

    >>> new_game("cruel", seed=1, gather="pysol").options
    {'gather': 'pysol'}
    >>> game = new_game("cruel", winnable=True, seed=4)  # 4 and 5 are lost from the deal
    >>> game.seed, game.hint().winning
    (6, True)
    """
    if not isinstance(winnable, bool):
        raise ValueError(f"winnable must be True or False, not {winnable!r}")
    if difficulty is not None and not winnable:
        raise ValueError(f"difficulty grades winnable deals: pass winnable=True with difficulty={difficulty!r}")
    if winnable:
        if deck is not None:
            raise ValueError("winnable=True looks for a winnable deal by seed: give no deck with it")
        from .solver.deals import winnable_deal  # the solver loads only when asked for

        return winnable_deal(name, seed=seed, difficulty=difficulty, **options)
    return game_class(name)(seed=seed, deck=deck, **options)


def load(data: Mapping[str, Any]) -> Game:
    """Rebuild a game from ``game.to_dict()`` by replaying its moves, then
    its redo list (``"redo"``, next first) and taking those back, so that
    ``redo()`` plays them again.  Reads saves of earlier versions (format 1,
    without a redo list, and format 2, whose moves are all of one card) too.

    Raises ``ValueError`` saying what is wrong with tampered or truncated data.
    """
    if not isinstance(data, Mapping):
        raise ValueError(f"a saved game is a dict from game.to_dict(), not {type(data).__name__}")
    unknown = sorted(set(data) - SAVE_KEYS)
    if unknown:
        raise ValueError(f"saved game has unknown field {unknown[0]!r} (fields: {', '.join(sorted(SAVE_KEYS))})")
    if data.get("format", SAVE_FORMAT) not in READ_FORMATS or isinstance(data.get("format"), bool):
        raise ValueError(f"saved game format {data.get('format')!r} is not supported "
                         f"(this version reads {', '.join(map(str, READ_FORMATS[:-1]))} and {READ_FORMATS[-1]})")
    for field in ("game", "moves"):
        if field not in data:
            raise ValueError(f"saved game has no {field!r} field")
    position = data.get("position")
    if position is None and data.get("seed") is None and data.get("deck") is None:
        # (a missing or null seed would otherwise deal a random game)
        raise ValueError("saved game has neither 'seed' nor 'deck': the deal cannot be rebuilt")
    if position is not None:
        if not isinstance(position, Mapping) or not set(position) <= POSITION_KEYS or "piles" not in position:
            raise ValueError("saved 'position' must be a dict with 'piles' (and 'face_down', 'redeals', 'state'), "
                             f"as game.to_dict() writes it, not {position!r}")
        if data.get("deck") is not None:
            raise ValueError("saved game has both 'position' and 'deck': a game starts from one of them")
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise ValueError(f"saved 'options' must be a dict, not {type(options).__name__}")
    for option in options:
        if not isinstance(option, str):
            raise ValueError(f"saved option names must be strings, not {option!r}")
    moves = data["moves"]
    redo = data.get("redo", [])
    for field, value in (("moves", moves), ("redo", redo)):
        if not isinstance(value, list):
            raise ValueError(f"saved {field!r} must be a list of move texts, not {type(value).__name__}")
    if not isinstance(data["game"], str):
        raise ValueError(f"saved 'game' must be a game name, not {data['game']!r}")
    if position is not None:
        cls = game_class(data["game"])
        cls.checked_options(options)  # a bad option is named as such, not as a bad position
        try:
            game = cls.from_position(**position, seed=data.get("seed"), **dict(options))
        except ValueError as err:
            raise ValueError(f"saved 'position' cannot be set up: {err}") from None
    else:
        game = saved_deal(game_class(data["game"]), data.get("seed"), data.get("deck"), options)
    for field, texts in (("move", moves), ("redo move", redo)):
        for number, text in enumerate(texts, 1):
            try:
                game.play(text)
            except IllegalMoveError as err:
                raise ValueError(f"saved {field} {number} ({text!r}) cannot be played: {err}") from None
    for _ in redo:
        game.undo()
    return game
