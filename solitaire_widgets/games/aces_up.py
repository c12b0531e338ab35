"""Aces Up: discard a card when a higher one of its suit shows.

Rulings where the sources differ: aces rank high; a deal puts one card onto
each of the four columns, whenever the player likes, empty columns
included (PySolFC; some rule books fill the empty columns first); an empty
column takes any column's top card.  Won with the four aces left (PySolFC
asks them to lie alone at the columns' foot: every other card gone, they
can always be moved there).  Lost as soon as nothing is left to deal or
discard and every card lies alone in its column: moving a lone card round
the empty columns could go on for ever and changes nothing.

>>> import solitaire_widgets as sw
>>> game = sw.AcesUp(seed=1)
>>> [len(game[t]) for t in ("t0", "t1", "t2", "t3")], len(game["stock"])
([1, 1, 1, 1], 48)
"""

from __future__ import annotations

from typing import Optional

from ..kit import ANY_CARD, CARD, RANK, SUIT, DealRow, Game, Guide, Layout, Row, Slot, Tableau, piles_by_role, run

COLUMNS = tuple(f"t{i}" for i in range(4))


def ace_high(card: int) -> int:
    """The card's rank with aces above kings."""
    return 14 if RANK[card] == 1 else RANK[card]


class AcesUp(Game):
    """Aces Up: discard every card but the four aces."""

    name = "aces_up"
    title = "Aces Up"
    PILES, ROLES = piles_by_role(stock="stock", foundation="f0", tableau=COLUMNS)
    ROUTES = {pile: ("f0",) + COLUMNS for pile in COLUMNS}
    TABLEAU = Tableau(empty=ANY_CARD)  # nothing goes on a card; an empty column takes any card
    KEY = "face"  # the discard rule (_wants, below) names cards by face
    STOCK = DealRow(what="deals one card onto each column")
    RULES = (
        ("Cards", "one deck of 52; aces rank high, above kings. A stock, a discard pile f0 and four columns t0–t3."),
        ("Deal", "one card face up onto each column; the other 48 cards are the stock."),
        ("Discard", "a column's top card goes to f0 when another column's top card is of the same suit and "
                    "higher."),
        ("Columns", "a column's top card may move to an empty column, nowhere else."),
        ("Stock", "{stock} Whenever you like, while the stock has cards."),
        ("End", "won when only the four aces are left, all 48 other cards discarded; lost when no move is left, "
                "or when nothing is left to deal or discard and every card lies alone in its column."),
    )
    INTERCHANGEABLE = COLUMNS
    CAN_CYCLE = True  # a lone card can go to an empty column and back
    GUIDE = Guide(home_alone=True)  # the solver tries first to discard whenever it can
    LAYOUT = Layout(cols=6, rows=(Row(height=3),), slots=(
        Slot("stock", 0, 0, badge=True), *run(COLUMNS, 0, 1, fan="down"), Slot("f0", 0, 5, badge=True)))
    # Narrow tables: the stock and the discard pile above the columns.
    NARROW_LAYOUTS = (Layout(cols=4, rows=(Row(), Row(height=3)), slots=(
        Slot("stock", 0, 0.5, badge=True), Slot("f0", 0, 2.5, badge=True), *run(COLUMNS, 1, 0, fan="down")),
        max_width=520),)

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.rows(COLUMNS)
        deal.rest_to("stock")

    def _discards(self) -> tuple[int, ...]:
        """The faces of the top cards with a higher one of their suit on another column."""
        tops = [pile[-1] for pile in map(self._piles.__getitem__, self._TABLEAU) if pile]
        return tuple(CARD[c].face for c in tops if any(SUIT[o] == SUIT[c] and ace_high(o) > ace_high(c) for o in tops))

    def _wants(self, t: int) -> tuple[int, ...]:
        # the discard pile is the game's own rule; the columns follow TABLEAU
        return self._discards() if self._ROLE_AT[t] == "foundation" else super()._wants(t)

    def _build_reason(self, t: int, card: int) -> str:
        if self._ROLE_AT[t] == "foundation":
            return f"{CARD[card]} stays: no other column shows a higher card of its suit on top"
        return super()._build_reason(t, card)

    def _won(self) -> Optional[str]:
        left = [c for i, pile in enumerate(self._piles) if i not in self._FOUNDATIONS for c in pile]
        return "only the four aces are left" if all(RANK[c] == 1 for c in left) else None

    def _lost(self) -> Optional[str]:
        if self._piles[self._INDEX["stock"]] or self._discards() or any(len(self._piles[t]) > 1 for t in self._TABLEAU):
            return None
        return "nothing is left to deal or discard, and every card lies alone in its column"


GAMES: tuple[type[Game], ...] = (AcesUp,)
