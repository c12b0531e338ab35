"""Everything a game's author needs, in one import.

>>> from solitaire_widgets.kit import *
>>> class Golf(Game):
...     \"\"\"Golf: clear seven columns onto one foundation, a rank up or down at a time.\"\"\"
...     PILES, ROLES = piles_by_role(stock="stock", foundation="f0", tableau=[f"t{i}" for i in range(7)])
...     ROUTES = {f"t{i}": ("f0",) for i in range(7)}
...     FOUNDATION = Foundation(UP_OR_DOWN, empty=ANY_CARD)
...     TABLEAU = Tableau(empty=NOTHING)
...     STOCK = Draw(to="f0")
...     def _setup(self, order):
...         deal = self.dealer(order)
...         deal.packets([f"t{i}" for i in range(7)], 5)
...         deal.to("f0")
...         deal.rest_to("stock")
>>> Golf(seed=3).legal_moves()
[Move('t4', 'f0'), Move('draw')]

What is here: ``Game`` and ``piles_by_role``; the rules of piles
(``Foundation``, ``Tableau``, ``WholeSuits``, ``Pairs``, ``FREE_CELL``,
``RESERVE``, ``WASTE``), how cards build (``Build`` and ``DOWN_IN_SUIT``,
``DOWN_ALTERNATE_COLOURS``, ``DOWN_BY_RANK``, ``DOWN_OTHER_SUIT``,
``UP_IN_SUIT``, ``UP_BY_RANK``, ``UP_OR_DOWN``, ``ANY_ORDER``,
``SUIT_OR_RANK``), what an empty pile takes (``ANY_CARD``, ``NOTHING``,
``KINGS``, ``ACES``, ``BASE_RANK``, ``ranks``, ``only_from``), what may leave
a pile (``TOP_CARD``, ``RUNS``, ``runs``, ``FACE_UP``, ``WHOLE_PILE``,
``NO_MOVES``), where it may go by where the piles lie (``Neighbours``); the
stock's values (``Draw``, ``DealRow``, ``GatherToStock``, ``Regather``);
``by_option``; ``pyramid`` (which piles cover which); the table's layout
(``Layout``, ``Row``, ``Slot``, ``run``); the solver's hints (``Guide``,
``Pace``, ``Restart``); cards (``Card``, ``CARD``, ``RANK``, ``SUIT``, ``FACE``, ``pack``,
``describe_rank``); ``Move`` and ``ANY``.
"""

from __future__ import annotations

from .cards import CARD, FACE, RANK, SUIT, Card, describe_rank, pack
from .game import Game
from .layout import Layout, Row, Slot, run
from .moves import Move
from .pile_rules import (ACES, ANY, ANY_CARD, ANY_ORDER, BASE_RANK, DOWN_ALTERNATE_COLOURS, DOWN_BY_RANK,
                         DOWN_IN_SUIT, DOWN_OTHER_SUIT, FACE_UP, FREE_CELL, KINGS, NO_MOVES, NOTHING, RESERVE, RUNS,
                         SUIT_OR_RANK, TOP_CARD, UP_BY_RANK, UP_IN_SUIT, UP_OR_DOWN, WASTE, WHOLE_PILE, Build,
                         Foundation, Neighbours, Pairs, PileRule, Tableau, WholeSuits, by_option, only_from, pyramid,
                         ranks, runs)
from .piles import piles_by_role
from .stocks import DealRow, Draw, GatherToStock, Regather
from .strategy import Guide, Pace, Restart

__all__ = [
    "ACES", "ANY", "ANY_CARD", "ANY_ORDER", "BASE_RANK", "Build", "CARD", "Card", "DOWN_ALTERNATE_COLOURS",
    "DOWN_BY_RANK", "DOWN_IN_SUIT", "DOWN_OTHER_SUIT", "DealRow", "Draw", "FACE", "FACE_UP", "FREE_CELL", "Foundation",
    "Game", "GatherToStock", "Guide", "KINGS", "Layout", "Move", "NOTHING", "NO_MOVES", "Neighbours", "Pace", "Pairs",
    "PileRule", "RANK", "RESERVE", "RUNS", "Regather", "Restart", "Row", "SUIT", "SUIT_OR_RANK", "Slot", "TOP_CARD",
    "Tableau", "UP_BY_RANK", "UP_IN_SUIT", "UP_OR_DOWN", "WASTE", "WHOLE_PILE", "WholeSuits", "by_option",
    "describe_rank", "only_from", "pack", "piles_by_role", "pyramid", "ranks", "run", "runs",
]
