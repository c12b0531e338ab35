"""Making a game class: what happens when a ``class Golf(Game)`` statement
runs (``Game.__init_subclass__`` asks ``compile_class``).

Its declarations are checked (``declarations.py``), what its ``STOCK``
decides is filled in (its actions, draws and redeals), its cards' ``KEY`` is
worked out from its rules, each stock action becomes a method
(``game.draw()``), each ``STATE`` name an attribute kept in the position,
and the class gets its compiled ``SHAPE`` (``shape.py``), its ``FACTS``
(which hooks it fills in itself), the hooks' tables (``_INDEX``,
``_TABLEAU`` …) and its layouts.

>>> import solitaire_widgets as sw
>>> sw.Bobby.ACTION_NAMES, sw.Bobby.KEY, sw.Bobby.SHAPE.piles[:2], sw.Bobby.FACTS.own_wants
(('draw', 'redeal'), 'rank', ('stock', 'waste'), False)
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, Optional

from .declarations import check_declarations
from .hooks import default
from .layout import default_layout
from .moves import Move
from .rulebook import needs_suits, stock_rules
from .shape import ClassFacts, compile_shape
from .stocks import StockRule

if TYPE_CHECKING:
    from .game import Game


def compile_class(cls: type["Game"], base: type["Game"]) -> None:
    """Check and complete ``cls``, a subclass of ``base`` (``Game``), as its
    class statement ends; a class without ``PILES`` (a mixin, an abstract
    base) is left as it is."""
    if not cls.PILES:
        return
    if "name" not in cls.__dict__:
        cls.name = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", cls.__name__).lower()
    if "title" not in cls.__dict__:
        cls.title = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", cls.__name__)
    _derive_stock(cls)
    check_declarations(cls, base)
    _derive_key(cls, base)
    for action in cls.ACTION_NAMES:
        if not hasattr(cls, action):  # each stock action is a method too: game.draw()
            setattr(cls, action, _action_method(action))
    for name in cls.STATE:
        setattr(cls, name, StateAttribute(name, getattr(cls, name, None)))
    cls.FACTS = class_facts(cls)
    shape = cls.SHAPE = compile_shape(cls, cls.FACTS)
    cls._INDEX, cls._ROLE_AT = shape.index, shape.roles  # type: ignore[assignment]
    cls._FOUNDATIONS, cls._TABLEAU, cls._CELLS = shape.foundations, shape.tableau, shape.cells
    cls._LAYOUTS = (cls.LAYOUT or default_layout(cls.PILES, cls.ROLES),) + tuple(cls.NARROW_LAYOUTS)


def class_facts(cls: type["Game"]) -> ClassFacts:
    """The ``ClassFacts`` of ``cls``: which hooks it fills in with code of its own."""
    def own(*hooks: str) -> bool:
        return any(getattr(cls, hook) is not default(hook) for hook in hooks)

    return ClassFacts(own_wants=own("_wants"), own_build_reason=own("_build_reason"), own_do_action=own("_do_action"),
                      own_action_piles=own("_action_piles"), own_action_reason=own("_action_reason"),
                      own_run_length=own("_run_length"), own_move_limit=own("_move_limit", "_free_spaces"),
                      own_won=own("_won"), own_lost=own("_lost"), has_safe_drops=own("_safe_drop"),
                      own_cards_home=own("_cards_home"), own_search_key=own("_search_key"))


class StateAttribute:
    """A name of a game class's ``STATE``, read and written on the game as
    an attribute (``self._rows_dealt += 1`` in a hook) and kept in its
    position, so keys, copies, undo and saves hold it.  ``start``: the
    value a new deal starts from, where the class gave one."""

    __slots__ = ("name", "start")

    def __init__(self, name: str, start: Any = None) -> None:
        self.name = name
        self.start: Optional[int] = start.start if isinstance(start, StateAttribute) else start

    def __get__(self, game: Any, owner: Any = None) -> Any:
        if game is None:
            return self
        try:
            return game._position.state[self.name]
        except KeyError:
            raise AttributeError(f"{type(game).__name__!r} object has no attribute {self.name!r}") from None

    def __set__(self, game: Any, value: int) -> None:
        game._position.state[self.name] = value


def state_start(cls: type["Game"]) -> dict[str, int]:
    """The ``STATE`` values a new deal of ``cls`` starts from, where the
    class gave them (``_setup`` sets the others)."""
    attributes = [vars(cls)[name] for name in cls.STATE]
    return {attribute.name: attribute.start for attribute in attributes if attribute.start is not None}


def _derive_stock(cls: type["Game"]) -> None:
    """What a class's declared ``STOCK`` decides for it: the stock's
    actions, draws and redeals."""
    stocks = stock_rules(cls)
    if stocks and "STOCK" in cls.__dict__:
        for name in ("ACTION_NAMES", "DRAWS", "REDEALS", "PASSES"):
            if name in cls.__dict__:
                raise TypeError(f"{cls.__name__}: STOCK declares the stock's actions, draws, redeals and passes; "
                                f"leave out {name}")
        if not all(isinstance(stock, StockRule) for stock in stocks):
            raise TypeError(f"{cls.__name__}: STOCK must be a stock value (Draw, DealRow, …) or a tuple of them, "
                            f"not {cls.STOCK!r}")
        cls.ACTION_NAMES = tuple(action for stock in stocks for action in stock.actions())
        cls.DRAWS = {action: pair for stock in stocks for action, pair in stock.draws(cls).items()}
        cls.REDEALS = tuple(action for stock in stocks for action in stock.redeal_actions())


def _derive_key(cls: type["Game"], base: type["Game"]) -> None:
    """How a class's cards are keyed (``KEY``): by face where a rule it
    declares looks at suits, else by rank, unless the class says."""
    explicit = next((not klass.__dict__.get("_KEY_DERIVED", False) for klass in cls.__mro__
                     if klass is not base and "KEY" in klass.__dict__), False)
    suits = needs_suits(cls)
    if explicit:
        if cls.KEY == "rank" and suits:
            raise TypeError(f"{cls.__name__}: KEY is 'rank' (building ignores suits), but a rule it declares "
                            "looks at suits: leave KEY out, or make it 'face'")
    else:
        cls.KEY = "face" if suits else "rank"
        cls._KEY_DERIVED = True


def _action_method(action: str) -> Callable[[Any], Move]:
    """``game.<action>()``, which plays the stock action ``action``."""
    def method(self: "Game") -> Move:
        return self.play(action)

    method.__name__ = method.__qualname__ = action
    method.__doc__ = f"Play ``{action}`` (the same as ``play({action!r})``)."
    return method
