"""The checks a game class passes when it is made.

A game defined in a notebook is input the package did not write, so every
declaration (``PILES``, ``ROLES``, ``ROUTES``, ``DRAWS``, ``OPTIONS``,
``RULES``, ``LAYOUT`` …) is checked as the class statement runs: a mistake
is a ``TypeError`` naming the class and what is wrong, never a failure when
a player clicks.

>>> from solitaire_widgets import Game
>>> class Broken(Game):
...     PILES = ("stock", "t0")
...     ROLES = {"stock": "stock"}
Traceback (most recent call last):
...
TypeError: Broken: pile 't0' has no role (ROLES gives each pile one of stock, waste, reserve, foundation, tableau)
"""

from __future__ import annotations

import string
from typing import TYPE_CHECKING, Any, Mapping

from .cards import MAX_CARDS
from .layout import Layout
from .moves import ACTIONS, Move
from .piles import ROLES
from .strategy import Guide, Pace

if TYPE_CHECKING:
    from .game import Game

NAME_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789_")


def check_declarations(cls: type["Game"]) -> None:
    """Raise ``TypeError`` naming ``cls`` and the first declaration it breaks."""
    def fail(problem: str) -> None:
        raise TypeError(f"{cls.__name__}: {problem}")

    _check_identity(cls, fail)
    _check_piles(cls, fail)
    _check_moves(cls, fail)
    _check_options(cls, fail)
    _check_rules(cls, fail)
    _check_strategy(cls, fail)
    for which, layout in [("LAYOUT", cls.LAYOUT)] + [
            (f"NARROW_LAYOUTS[{i}]", lay) for i, lay in enumerate(_sequence(cls.NARROW_LAYOUTS, "NARROW_LAYOUTS", fail))]:
        if which == "LAYOUT" and layout is None:
            continue
        if not isinstance(layout, Layout):
            fail(f"{which} must be a solitaire_widgets.layout.Layout, not {type(layout).__name__}")
        try:
            layout.check(cls.PILES)
        except ValueError as err:
            fail(f"{which}: {err}")


def _sequence(value: Any, what: str, fail: Any) -> tuple:
    if isinstance(value, (str, bytes)) or not isinstance(value, (tuple, list)):
        fail(f"{what} must be a tuple, not {type(value).__name__}")
    return tuple(value)


def _check_identity(cls: type["Game"], fail: Any) -> None:
    name = cls.name
    if not isinstance(name, str) or not name or not name[0].isalpha() or not set(name) <= NAME_CHARS:
        fail(f"name must be a snake_case id like 'aces_up' (lower-case letters, digits, _), not {name!r}")
    if not isinstance(cls.title, str) or not cls.title.strip():
        fail(f"title must be a non-empty string, not {cls.title!r}")
    decks = cls.decks
    if not isinstance(decks, int) or isinstance(decks, bool) or not 1 <= decks <= MAX_CARDS // 52:
        fail(f"decks must be a whole number from 1 to {MAX_CARDS // 52}, not {decks!r}")
    if cls.KEY not in ("rank", "face"):
        fail(f"KEY must be 'rank' (building ignores suits) or 'face' (it needs them), not {cls.KEY!r}")


def _check_piles(cls: type["Game"], fail: Any) -> None:
    piles = _sequence(cls.PILES, "PILES", fail)
    for pile in piles:
        try:
            Move(pile, pile)
        except ValueError:
            fail(f"{pile!r} in PILES is not a pile id; pile ids are stock, waste, reserve, f0, f1 …, t0, t1 …")
    twice = [p for i, p in enumerate(piles) if p in piles[:i]]
    if twice:
        fail(f"pile {twice[0]!r} is listed twice in PILES")
    roles = cls.ROLES
    if not isinstance(roles, Mapping):
        fail(f"ROLES must be a dict of pile id -> role, not {type(roles).__name__}")
    for pile in piles:
        if pile not in roles:
            fail(f"pile {pile!r} has no role (ROLES gives each pile one of {', '.join(ROLES)})")
    for pile, role in roles.items():
        if pile not in piles:
            fail(f"ROLES names pile {pile!r}, which is not in PILES ({', '.join(piles)})")
        if role not in ROLES:
            fail(f"pile {pile!r} has role {role!r}; the roles are {', '.join(ROLES)}")
    stocks = [p for p in piles if roles[p] == "stock"]
    if len(stocks) > 1:
        fail(f"a game has at most one stock, not {len(stocks)} ({', '.join(stocks)})")
    for pile in _sequence(cls.INTERCHANGEABLE, "INTERCHANGEABLE", fail):
        if pile not in piles:
            fail(f"INTERCHANGEABLE names pile {pile!r}, which is not in PILES")


def _check_moves(cls: type["Game"], fail: Any) -> None:
    piles = cls.PILES
    actions = _sequence(cls.ACTION_NAMES, "ACTION_NAMES", fail)
    for action in actions:
        if action not in ACTIONS:
            fail(f"ACTION_NAMES holds {action!r}; the stock actions are {', '.join(ACTIONS)}")
    if not isinstance(cls.ROUTES, Mapping):
        fail(f"ROUTES must be a dict of source pile -> target piles, not {type(cls.ROUTES).__name__}")
    for source, targets in cls.ROUTES.items():
        if source not in piles:
            fail(f"ROUTES names pile {source!r}, which is not in PILES ({', '.join(piles)})")
        for target in _sequence(targets, f"ROUTES[{source!r}]", fail):
            if target not in piles:
                fail(f"ROUTES[{source!r}] names pile {target!r}, which is not in PILES ({', '.join(piles)})")
    if not isinstance(cls.DRAWS, Mapping):
        fail(f"DRAWS must be a dict of action -> (source, target), not {type(cls.DRAWS).__name__}")
    for action, pair in cls.DRAWS.items():
        if action not in actions:
            fail(f"DRAWS names action {action!r}, which is not in ACTION_NAMES ({', '.join(actions) or 'none'})")
        if not isinstance(pair, tuple) or len(pair) != 2:
            fail(f"DRAWS[{action!r}] must be a (source, target) pair of pile ids, not {pair!r}")
        for pile in pair:
            if pile not in piles:
                fail(f"DRAWS[{action!r}] names pile {pile!r}, which is not in PILES ({', '.join(piles)})")


def _check_options(cls: type["Game"], fail: Any) -> None:
    if not isinstance(cls.OPTIONS, Mapping) or not isinstance(cls.OPTION_RULES, Mapping):
        fail("OPTIONS and OPTION_RULES must be dicts")
    for option, values in cls.OPTIONS.items():
        if not isinstance(option, str) or not option.isidentifier():
            fail(f"option names are Python identifiers like 'redeal', not {option!r}")
        if (not isinstance(values, tuple) or not values or not all(isinstance(v, str) for v in values)
                or len(set(values)) != len(values)):
            fail(f"OPTIONS[{option!r}] must be a tuple of distinct strings, the default first, not {values!r}")
        if tuple(cls.OPTION_RULES.get(option, ())) != values:
            fail(f"OPTION_RULES[{option!r}] must give one sentence for each of {values}, in that order")
    extra = sorted(set(cls.OPTION_RULES) - set(cls.OPTIONS))
    if extra:
        fail(f"OPTION_RULES has option {extra[0]!r}, which OPTIONS does not declare")


def _check_rules(cls: type["Game"], fail: Any) -> None:
    for entry in _sequence(cls.RULES, "RULES", fail):
        if not (isinstance(entry, tuple) and len(entry) == 2 and all(isinstance(x, str) for x in entry)):
            fail(f"RULES holds (topic, text) pairs of strings, not {entry!r}")
        topic, text = entry
        try:
            fields = [field for _, field, _, _ in string.Formatter().parse(text) if field is not None]
        except ValueError as err:
            fail(f"the rules text of {topic!r} has a stray brace ({err}); write {{{{ and }}}} for a brace")
        for field in fields:
            if field not in cls.OPTIONS:
                known = ", ".join(cls.OPTIONS) or "none"
                fail(f"the rules text of {topic!r} names option {{{field}}}, which OPTIONS does not declare "
                     f"(its options: {known})")


def _check_strategy(cls: type["Game"], fail: Any) -> None:
    if cls.GUIDE is not None and not isinstance(cls.GUIDE, Guide):
        fail(f"GUIDE must be a solitaire_widgets.strategy.Guide or None, not {cls.GUIDE!r}")
    if not isinstance(cls.PACE, Pace):
        fail(f"PACE must be a solitaire_widgets.strategy.Pace, not {cls.PACE!r}")
