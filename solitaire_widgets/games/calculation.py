"""Calculation (Broken Intervals): four foundations dealt an ace, a 2, a 3
and a 4, built by ones, twos, threes and fours regardless of suit, fed from
the stock through four waste piles.

Rulings where sources differ:

* The four foundation cards are the first ace, 2, 3 and 4 of the deck, of
  any suits (PySolFC deals them so; some books take them from one suit, as
  Hopscotch does).
* The stock's card is drawn onto a waste that holds one card, and played
  from there (to a foundation or onto any waste pile) before the next is
  drawn, as Frog's is.  PySolFC turns the first stock card up at the deal;
  here ``draw`` turns it, the first move of every game.
* A waste pile's top card goes only to a foundation, never onto another
  waste pile.  One pass through the stock.

>>> import solitaire_widgets as sw
>>> g = sw.Calculation(seed=2)
>>> [g.top(f).rank for f in ("f1", "f2", "f3", "f4")], len(g["stock"])
([1, 2, 3, 4], 48)
"""

from __future__ import annotations

from ..kit import (ANY_ORDER, RANK, Build, Draw, Foundation, Game, Guide, Layout, PileRule, Row, Slot, Tableau,
                   piles_by_role, ranks, run)

FOUNDATIONS = ("f1", "f2", "f3", "f4")  # f1 builds by ones, f2 by twos …
WASTE_PILES = ("t1", "t2", "t3", "t4")


def by_steps(step: int) -> PileRule:
    """Foundation ``f<step>``: started by a card of rank ``step``, then ``step``
    ranks up at a time, king and ace joined (from f2 on), thirteen cards in all."""
    return Foundation(Build("up", step=step, wrap=step > 1), empty=ranks(step), holds=13)


class Calculation(Game):
    """Calculation (Broken Intervals).

    * Deal: the first ace, 2, 3 and 4 of the deck (any suits) onto
      ``f1``–``f4``; the other 48 cards are the stock.
    * ``f1`` builds up by one (A, 2, 3 … K), ``f2`` by two (2, 4 … Q, A, 3 … K),
      ``f3`` by three, ``f4`` by four, suits ignored, king and ace joined,
      until each holds 13 cards, a king on top.
    * ``draw`` turns the stock's top card onto the waste, which holds one
      card: play it to a foundation or onto any of the waste piles
      ``t1``–``t4`` before the next draw.  A waste pile's top card goes only
      to a foundation.  One pass.
    """

    name = "calculation"
    title = "Calculation"
    PILES, ROLES = piles_by_role(stock="stock", waste="waste", foundation=FOUNDATIONS, tableau=WASTE_PILES)
    ROUTES = {"waste": FOUNDATIONS + WASTE_PILES, **{pile: FOUNDATIONS for pile in WASTE_PILES}}
    PILE_RULES = {f"f{step}": by_steps(step) for step in (1, 2, 3, 4)}
    TABLEAU = Tableau(ANY_ORDER)  # any card on any waste pile (ROUTES: only the waste's)
    STOCK = Draw(waste_holds=1)
    INTERCHANGEABLE = WASTE_PILES
    GUIDE = Guide(home_before_stock=True)
    RULES = (
        ("Cards", "one deck of 52. Stock, waste, foundations f1–f4 and four waste piles t1–t4."),
        ("Deal", "the first ace, 2, 3 and 4 of the deck, whatever their suits, go to f1, f2, f3 and f4; "
                 "the other 48 cards are the stock, face down."),
        ("Foundations", "f1 builds up by one (A 2 3 4 5 6 7 8 9 10 J Q K), f2 by two (2 4 6 8 10 Q A 3 5 7 9 J K), "
                        "f3 by three (3 6 9 Q 2 5 8 J A 4 7 10 K) and f4 by four (4 8 Q 3 7 J 2 6 10 A 5 9 K), "
                        "suits ignored, a king going on to an ace. Each ends with its king, 13 cards in all. "
                        "A card on a foundation never moves again."),
        ("Draw", "{stock}"),
        ("Waste piles", "the waste card goes onto any of t1–t4, whatever its rank; a waste pile's top card goes "
                        "only to a foundation, never onto another waste pile."),
        ("End", "won when all 52 cards are home; lost when no move is left."),
    )
    # Stock and waste at the left; the foundations on top, the waste piles
    # fanned down under them.
    LAYOUT = Layout(cols=6.5, rows=(Row(), Row(height=3, gap_before=1.5)), slots=(
        Slot("stock", 0, 0, badge=True), Slot("waste", 1, 0),
        *run(FOUNDATIONS, 0, 2.5, badge=True), *run(WASTE_PILES, 1, 2.5, fan="down"),
    ))

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        for step, foundation in enumerate(FOUNDATIONS, 1):
            card = next(card for card in deal.cards if RANK[card] == step)
            deal.cards.remove(card)
            self._piles[self._INDEX[foundation]].append(card)
        deal.rest_to("stock")


GAMES: tuple[type[Game], ...] = (Calculation,)
