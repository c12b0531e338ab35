"""Accordion (Idle Year): the 52 cards in a row; a pile moves whole onto its
neighbour or onto the third pile to its left when their top cards match in
suit or in rank; won when one pile is left.

Rulings where sources differ:

* The whole deck is dealt face up first (the "open" game: Solitaire
  Laboratory's, PySolFC's "deal all cards" setting and Solvitaire's), not
  turned up card by card from a stock: with every card known, dealing them
  one by one later only delays the same moves.
* A pile keeps its cards: they move with it whole (PySolFC's "Accordion
  (fixed)" sends the covered cards out of play instead, the same game).
* The row closes up as piles leave it: the "neighbour" and the "third
  pile to the left" are counted over the piles that hold cards, as
  Solvitaire counts them.  The table keeps each pile in its place and
  leaves the emptied places blank.
* No foundation: a card covered by another never plays again, so it counts
  as home, and the last pile's top card joins them with the win.

>>> import solitaire_widgets as sw
>>> g = sw.Accordion(seed=1)
>>> g["t0"], g["t51"], len(g.legal_moves()) > 0, g.cards_home
((Card.parse('7♥'),), (Card.parse('7♣'),), True, 0)
"""

from __future__ import annotations

from typing import Optional

from ..kit import (FACE, NOTHING, SUIT_OR_RANK, WHOLE_PILE, Game, Layout, Neighbours, Row, Slot, Tableau,
                   piles_by_role)

ROW = tuple(f"t{i}" for i in range(52))
# A pile goes onto the first or the third pile to its left that holds cards.
NEIGHBOURS = Neighbours(ROW, steps=(1, 3))


def row_layout(per_line: int, max_width: Optional[int] = None) -> Layout:
    """The 52 piles in reading order, ``per_line`` to a line, each a stack
    with its count."""
    lines = -(-len(ROW) // per_line)
    return Layout(per_line, tuple(Row(gap_before=1.5 if line else 1) for line in range(lines)),
                  tuple(Slot(pile, i // per_line, i % per_line, badge=True) for i, pile in enumerate(ROW)),
                  max_width=max_width)


class Accordion(Game):
    """Accordion (Idle Year).

    * Deal: the 52 cards face up in a row, ``t0`` (left) to ``t51``.
    * A pile (its top card and every card under it) moves whole onto the
      first or the third pile to its left that holds cards, when the two top
      cards are of the same suit or the same rank.  Empty places stay empty.
    * Won when one pile is left; lost when no move is.  Cards home: the
      cards covered by another (they never play again), and the last top
      card with the win.
    """

    name = "accordion"
    title = "Accordion"
    PILES, ROLES = piles_by_role(tableau=ROW)
    ROUTES = NEIGHBOURS.routes()
    TABLEAU = Tableau(SUIT_OR_RANK, empty=NOTHING, moves=WHOLE_PILE, onto=NEIGHBOURS)
    RULES = (
        ("Cards", "one deck of 52, dealt face up in a row of piles of one card, t0 at the left to t51."),
        ("Play", "{tableau} Counting only the piles that hold cards, the first pile to the left is the pile's "
                 "neighbour and the third is two piles further on."),
        ("End", "won when every card lies in one pile; lost when no move is left. A card covered by another "
                "never plays again: it counts as home, and the last pile's top card with the win."),
    )
    # Reading order, 13 to a line; on narrow tables 8 or 6 to a line.
    LAYOUT = row_layout(13)
    NARROW_LAYOUTS = (row_layout(8, max_width=640), row_layout(6, max_width=400))

    def _setup(self, order: list[int]) -> None:
        self.dealer(order).rows(ROW)

    def _piles_left(self) -> int:
        return len(self._piles) - self._piles.count([])

    def _won(self) -> Optional[str]:
        return "every card lies in one pile" if self._piles_left() == 1 else None

    def _cards_home(self) -> int:
        left = self._piles_left()
        return self._card_count - left + (left == 1)

    def _search_key(self) -> bytes:
        # The cards under a pile's top never play again, and the gaps between
        # piles do not count: the top cards in order say all that plays.
        return bytes([FACE[pile[-1]] for pile in self._piles if pile])


GAMES: tuple[type[Game], ...] = (Accordion,)
