"""One module per game; each reads like its rules.  This package also holds
the registry: the games known by name, and the one lookup every part of the
package uses to turn a name (or a class, or a game) into a game class.

>>> import solitaire_widgets as sw
>>> game_class("Leap Year") is game_class("leap_year") is game_class("LeapYear") is sw.LeapYear
True
>>> game_class(sw.Bobby(seed=1)) is sw.Bobby
True
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Callable, Mapping, TypeVar, Union

from ..declarations import check_game_plays
from ..game import Game
from . import (accordion, aces_up, calculation, canfield, castle, clock, fan, forty_thieves, freecell, gaps, golf,
               klondike, pyramid, spider)
from .bobby import Bobby
from .cruel import Cruel
from .frog import Frog
from .leap_year import LeapYear
from .midshipman import Midshipman

G = TypeVar("G", bound=type[Game])
GameName = Union[str, Game, type[Game]]  # "cruel", "Leap Year", sw.Cruel or a game

# The games the package ships (tests/test_design.py checks each as register would):
# the five seed games first, then the classic games by family.
SEED_GAMES: tuple[type[Game], ...] = (Frog, LeapYear, Bobby, Cruel, Midshipman)
FAMILIES = (klondike, canfield, forty_thieves, freecell, spider, castle, fan, golf, pyramid, aces_up, calculation,
            clock, accordion, gaps)
BUILT_IN: tuple[type[Game], ...] = SEED_GAMES + tuple(cls for family in FAMILIES for cls in family.GAMES)
_REGISTRY: dict[str, type[Game]] = {}
# name -> the game registered under it; read-only, and it shows games
# registered later too.
GAMES: Mapping[str, type[Game]] = MappingProxyType(_REGISTRY)
_ON_REGISTER: list[Callable[[type[Game]], object]] = []


def _spelling(text: str) -> str:
    """What two spellings of one name share: "Leap Year", "leap-year",
    "leap_year" and "LeapYear" all give "leapyear"; "Baker's Dozen" and
    "bakers_dozen" give "bakersdozen"."""
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def _spellings(cls: type[Game]) -> set[str]:
    return {_spelling(cls.name), _spelling(cls.title), _spelling(cls.__name__)}


def register(cls: G) -> G:
    """Make a game class known by name to ``sw.new_game``, ``sw.rules``,
    ``sw.winnability``, ``sw.play``, saves, the command line and Gymnasium
    (``solitaire_widgets/<ClassName>-v0``), and ``sw.load`` reads its saves;
    returns the class, so it works as a decorator.  Registering the same class again does nothing; running
    again the cell that defines a class replaces the earlier definition.  It deals one game first and asks
    its hooks what the table and the solver will ask (``declarations.check_game_plays``): a game that
    cannot play is refused here, with a ``TypeError`` that says why.

    >>> import solitaire_widgets as sw
    >>> sw.register(sw.Cruel) is sw.Cruel
    True
    >>> sw.register(str)
    Traceback (most recent call last):
    ...
    TypeError: register takes a subclass of sw.Game, not str
    """
    if not isinstance(cls, type) or not issubclass(cls, Game):
        what = cls.__name__ if isinstance(cls, type) else type(cls).__name__
        raise TypeError(f"register takes a subclass of sw.Game, not {what}")
    if not cls.PILES:
        raise TypeError(f"{cls.__name__} declares no PILES: it is not a game that can be played")
    if _REGISTRY.get(cls.name) is cls:
        return cls
    mine = _spellings(cls)
    earlier = []  # the same class defined before (a notebook cell run again): replaced
    for other in list(_REGISTRY.values()):
        if other is cls or not mine & _spellings(other):
            continue
        if (other.__module__, other.__qualname__) == (cls.__module__, cls.__qualname__):
            earlier.append(other)
            continue
        raise ValueError(f"cannot register {cls.__name__} ({cls.name!r}, {cls.title!r}): its name is taken by "
                         f"{other.__module__}.{other.__qualname__}; give it another name and title")
    if cls not in BUILT_IN:  # the package's own games pass it in the test suite, not at every import
        check_game_plays(cls)
    for other in earlier:
        del _REGISTRY[other.name]
    _REGISTRY[cls.name] = cls
    for callback in _ON_REGISTER:
        callback(cls)
    return cls


def on_register(callback: Callable[[type[Game]], object]) -> None:
    """Call ``callback(cls)`` for every game registered from now on, and at
    once for those registered already (the Gymnasium module uses it)."""
    _ON_REGISTER.append(callback)
    for cls in list(_REGISTRY.values()):
        callback(cls)


def game_class(game: GameName) -> type[Game]:
    """The game class ``game`` names: a registered name in any spelling
    (``"leap_year"``, ``"Leap Year"``, ``"leap-year"``, ``"LeapYear"``), a
    game class (registered or not) or a game.

    >>> game_class("no such game")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'no such game'; choose one of frog, leap_year, bobby, cruel, midshipman, ...
    """
    if isinstance(game, Game):
        return type(game)
    if isinstance(game, type) and issubclass(game, Game) and game.PILES:
        return game
    if isinstance(game, str):
        wanted = _spelling(game)
        for cls in _REGISTRY.values():
            if wanted in _spellings(cls):
                return cls
    raise ValueError(f"unknown game {game!r}; choose one of {', '.join(_REGISTRY)}")


for _cls in BUILT_IN:
    register(_cls)

# The game a table or an environment opens when none is named.
DEFAULT_GAME = Cruel.name

# What ``import solitaire_widgets as sw`` takes from here: the registry and the game classes.
globals().update({cls.__name__: cls for cls in BUILT_IN})
__all__ = ["GAMES", "register"] + [cls.__name__ for cls in BUILT_IN]
