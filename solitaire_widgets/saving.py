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
from .game import SAVE_FORMAT, Game
from .games import GameLike, game_class

SAVE_KEYS = {"format", "game", "options", "seed", "deck", "moves"}


def new_game(name: GameLike, *, seed: Optional[int] = None, deck: Optional[Iterable[CardLike]] = None,
             **options: str) -> Game:
    """A new game: ``name`` is a registered game's name in any spelling
    (``"frog"``, ``"Leap Year"``, ``"leap_year"``, …; see ``sw.GAMES``) or a
    game class.

    >>> new_game("cruel", seed=1, gather="pysol").options
    {'gather': 'pysol'}
    """
    return game_class(name)(seed=seed, deck=deck, **options)


def load(data: Mapping[str, Any]) -> Game:
    """Rebuild a game from ``game.to_dict()`` by replaying its moves.

    Raises ``ValueError`` saying what is wrong with tampered or truncated data.
    """
    if not isinstance(data, Mapping):
        raise ValueError(f"a saved game is a dict from game.to_dict(), not {type(data).__name__}")
    unknown = sorted(set(data) - SAVE_KEYS)
    if unknown:
        raise ValueError(f"saved game has unknown field {unknown[0]!r} (fields: {', '.join(sorted(SAVE_KEYS))})")
    if data.get("format", SAVE_FORMAT) != SAVE_FORMAT:
        raise ValueError(f"saved game format {data.get('format')!r} is not supported (this version reads {SAVE_FORMAT})")
    for field in ("game", "moves"):
        if field not in data:
            raise ValueError(f"saved game has no {field!r} field")
    if data.get("seed") is None and data.get("deck") is None:
        # (a missing or null seed would otherwise deal a random game)
        raise ValueError("saved game has neither 'seed' nor 'deck': the deal cannot be rebuilt")
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise ValueError(f"saved 'options' must be a dict, not {type(options).__name__}")
    for option in options:
        if not isinstance(option, str):
            raise ValueError(f"saved option names must be strings, not {option!r}")
    moves = data["moves"]
    if not isinstance(moves, list):
        raise ValueError(f"saved 'moves' must be a list of move texts, not {type(moves).__name__}")
    if not isinstance(data["game"], str):
        raise ValueError(f"saved 'game' must be a game name, not {data['game']!r}")
    game = new_game(data["game"], seed=data.get("seed"), deck=data.get("deck"), **dict(options))
    for number, text in enumerate(moves, 1):
        try:
            game.play(text)
        except IllegalMoveError as err:
            raise ValueError(f"saved move {number} ({text!r}) cannot be played: {err}") from None
    return game
