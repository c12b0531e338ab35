"""Leap Year: four decks, sixteen foundations built up in rank regardless of
suit, eight tableau piles that only the stock feeds, one card each per deal.

>>> import solitaire_widgets as sw
>>> g = sw.LeapYear(seed=5)
>>> len(g["stock"]), [len(g[f"t{i}"]) for i in range(8)] == [1] * 8
(184, True)
"""

from __future__ import annotations

from typing import Any, Optional

from ..building import foundation_refusal, up_by_rank_wants
from ..cards import RANK
from ..game import Deals, Game

FOUNDATIONS = tuple(f"f{i}" for i in range(16))
TABLEAU = tuple(f"t{i}" for i in range(8))


class LeapYear(Deals, Game):
    """Leap Year.

    * Deal: the 16 aces go to ``f0``–``f15`` in deck order; the next 8 cards
      one each to ``t0``–``t7``; the other 184 are the stock.
    * Foundations: up in rank to king, any suit.  No building on the tableau.
    * ``deal`` (any time the stock has cards) puts one card on every tableau
      pile, empty ones included.  One pass.
    """

    name = "leap_year"
    title = "Leap Year"
    decks = 4
    PILES = ("stock",) + FOUNDATIONS + TABLEAU
    ROUTES = {pile: FOUNDATIONS for pile in TABLEAU}
    ACTION_NAMES = ("deal",)
    KEY = "rank"

    def _setup(self, order: list[int]) -> None:
        aces = [card for card in order if RANK[card] == 1]
        rest = [card for card in order if RANK[card] != 1]
        for f, ace in zip(self._FOUNDATIONS, aces):
            self._piles[f].append(ace)
        for t, card in zip(self._TABLEAU, rest):
            self._piles[t].append(card)
        self._piles[self._INDEX["stock"]] = rest[len(self._TABLEAU):][::-1]  # next card on top

    def _safe_drop(self, s: int, t: int) -> bool:
        # The tableau never builds, so no card is ever needed there.
        return True

    def _wants(self, t: int) -> Any:
        return up_by_rank_wants(self._piles[t])

    def _build_reason(self, t: int, card: int) -> str:
        return foundation_refusal(self.title, self.PILES[t], self._piles[t], card, in_suit=False)

    def _route_reason(self, source: str, target: str) -> str:
        if source[0] == "t" and target[0] == "t":
            return "Leap Year has no building on the tableau: cards go only to the foundations"
        return super()._route_reason(source, target)

    def _action_reason(self, action: str) -> Optional[str]:
        if not self._piles[self._INDEX["stock"]]:
            return "the stock is empty: Leap Year has one pass through it and no redeal"
        return None

    def _action_piles(self, action: str) -> tuple[int, ...]:
        return (self._INDEX["stock"],) + self._TABLEAU

    def _do_action(self, action: str) -> None:
        stock = self._piles[self._INDEX["stock"]]
        for t in self._TABLEAU:
            if stock:
                self._piles[t].append(stock.pop())
