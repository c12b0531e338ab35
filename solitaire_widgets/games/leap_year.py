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
from ..game import Game
from ..layout import Layout, Row, Slot, run
from ..piles import piles_by_role
from ..strategy import Guide

FOUNDATIONS = tuple(f"f{i}" for i in range(16))
TABLEAU = tuple(f"t{i}" for i in range(8))


class LeapYear(Game):
    """Leap Year.

    * Deal: the 16 aces go to ``f0``–``f15`` in deck order; the next 8 cards
      one each to ``t0``–``t7``; the other 184 are the stock.
    * Foundations: up in rank to king, any suit.  No building on the tableau.
    * ``deal`` (any time the stock has cards) puts one card on every tableau
      pile, empty ones included.  One pass (option ``redeal="none"``), or
      ``redeal="once"``: when the stock is empty, ``redeal`` gathers ``t0`` …
      ``t7`` (each bottom to top) into the stock once more, order kept.
    """

    name = "leap_year"
    title = "Leap Year"
    decks = 4
    PILES, ROLES = piles_by_role(stock="stock", foundation=FOUNDATIONS, tableau=TABLEAU)
    ROUTES = {pile: FOUNDATIONS for pile in TABLEAU}
    ACTION_NAMES = ("deal", "redeal")
    ACTION_WORDS = {"deal": "deals a card onto every pile"}
    OPTIONS = {"redeal": ("none", "once")}
    KEY = "rank"
    REDEALS_MATTER = True  # with redeal="once" the redeal can be spent
    GUIDE = Guide(home_before_stock=True)
    # The stock at the left, the sixteen foundations in two rows of eight,
    # the tableau under them fanned down (a pile reaches 24 cards).
    LAYOUT = Layout(cols=9, rows=(Row(), Row(), Row(height=2, gap_before=2)), slots=(
        Slot("stock", 0, 0, badge=True), *run(FOUNDATIONS[:8], 0, 1), *run(FOUNDATIONS[8:], 1, 1),
        *run(TABLEAU, 2, 1, fan="down"),
    ))
    RULES = (
        ("Cards", "four decks, 208 cards. Stock, foundations f0–f15, tableau piles t0–t7."),
        ("Deal", "the 16 aces go to f0–f15 in deck order; the next 8 cards go face up, one each, to "
                 "t0–t7; the other 184 are the stock, face down."),
        ("Foundations", "up in rank from ace to king, in any suit. A card on a foundation never moves "
                        "again."),
        ("Tableau", "a top card goes only to a foundation. No building on the tableau, nothing moves "
                    "between its piles, and an empty pile stays empty until the next deal."),
        ("Stock", "at any time, deal one card face up onto each of t0, t1, … t7, empty piles included. "
                  "{redeal}"),
        ("End", "won when all 208 cards are home; lost when no move is left."),
    )
    OPTION_RULES = {"redeal": {
        "none": "One pass through the stock, no redeal.",
        "once": "One redeal: when the stock is empty, gather t0, t1, … t7, each bottom to top, into "
                "a new stock that deals them again in that order.",
    }}

    def passes(self) -> int:
        """One pass, or two with ``redeal="once"``."""
        return 2 if self._options["redeal"] == "once" else 1

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
        if source in TABLEAU and target in TABLEAU:
            return "Leap Year has no building on the tableau: cards go only to the foundations"
        return super()._route_reason(source, target)

    def _action_reason(self, action: str) -> Optional[str]:
        stock = self._piles[self._INDEX["stock"]]
        no_more = ("the stock is empty: Leap Year has one pass through it and no redeal"
                   if self._options["redeal"] == "none" else
                   "the stock is empty and its one redeal is used")
        if action == "deal":
            if stock:
                return None
            if (self.passes_left or 0) > 1:
                return "the stock is empty: redeal to gather the tableau into it"
            return no_more
        if self._options["redeal"] == "none":
            return 'Leap Year has one pass through the stock and no redeal (option redeal="none")'
        if stock:
            return f"the stock still holds {len(stock)} card{'s' * (len(stock) != 1)}: redeal only when it is empty"
        if (self.passes_left or 0) <= 1:
            return "the one redeal is used"
        if not any(self._piles[t] for t in self._TABLEAU):
            return "the tableau is empty: there is nothing to redeal"
        return None

    def _action_piles(self, action: str) -> tuple[int, ...]:
        return (self._INDEX["stock"],) + self._TABLEAU

    def _do_action(self, action: str) -> None:
        stock_i = self._INDEX["stock"]
        if action == "redeal":
            gathered = [card for t in self._TABLEAU for card in self._piles[t]]
            for t in self._TABLEAU:
                self._piles[t] = []
            self._piles[stock_i] = gathered[::-1]  # the first card gathered is dealt first
            return
        stock = self._piles[stock_i]
        for t in self._TABLEAU:
            if stock:
                self._piles[t].append(stock.pop())
