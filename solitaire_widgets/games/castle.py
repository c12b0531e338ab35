"""Beleaguered Castle and Streets and Alleys: one deck, every card face up in
eight rows, built down by rank in any suit, one card at a time.

Rulings where sources differ:

* Only a row's top card moves, one card at a time (as PySolFC and the rule
  books play; some programs move a built run through empty rows, which
  one-card moves can do anyway).
* An empty row takes any card.  A card on a foundation never moves again.
* Streets and Alleys deals all 52 cards one at a time across the rows, so
  t0–t3 get seven cards and t4–t7 six (as PySolFC deals them, the rows left
  of the foundations holding the extra card).
* On the table the rows lie as the castle's wings: t0–t3 to the left of the
  foundations, t4–t7 to the right, all fanned to the right (as PySolFC lays
  them); a narrow table has them as columns under the foundations.

>>> import solitaire_widgets as sw
>>> [len(sw.BeleagueredCastle(seed=1)[pile]) for pile in ("f0", "t0", "t7")]
[1, 6, 6]
>>> [len(sw.StreetsAndAlleys(seed=1)[pile]) for pile in ("f0", "t0", "t7")]
[0, 7, 6]
"""

from __future__ import annotations

from ..kit import (DOWN_BY_RANK, RANK, UP_IN_SUIT, Foundation, Game, Guide, Layout, Row, Slot, Tableau,
                   piles_by_role, run)

FOUNDATIONS = tuple(f"f{i}" for i in range(4))
ROWS = tuple(f"t{i}" for i in range(8))
# A row is fanned to the right, wide enough for 13 cards at the full step.
ROW_SPAN = 4.7


def wings_layout() -> Layout:
    """The foundations in a column, four rows to the left of them and four to
    the right, each fanned to the right."""
    right = ROW_SPAN + 1.6
    slots = [Slot(FOUNDATIONS[i], i, ROW_SPAN + 0.3) for i in range(4)]
    slots += [Slot(ROWS[i], i, 0, span=ROW_SPAN, fan="right") for i in range(4)]
    slots += [Slot(ROWS[4 + i], i, right, span=ROW_SPAN, fan="right") for i in range(4)]
    return Layout(right + ROW_SPAN, tuple(Row(gap_before=0.6) for _ in range(4)), slots)


# The rules both games share, topic and text.
CARDS = ("Cards", "one deck of 52. Foundations f0–f3 in a column, eight rows t0–t7 beside them (t0–t3 to the "
                  "left, t4–t7 to the right); no stock.")
FOUNDATIONS_RULE = ("Foundations", "{foundation} A card on a foundation never moves again.")
ROWS_RULE = ("Rows", "only a row's top card moves, one card at a time: to a foundation, or onto another row. "
                     "{tableau}")

# On a narrow table: the foundations on top, the rows as columns under them.
COLUMNS_LAYOUT = Layout(cols=8, max_width=699, rows=(Row(), Row(height=3, gap_before=1.5)), slots=(
    *run(FOUNDATIONS, 0, 2), *run(ROWS, 1, 0, fan="down")))


def drop_once_two_ranks_below_are_home(game: Game, s: int, t: int) -> bool:
    """``Game._safe_drop`` where the tableau builds down by rank in any suit,
    one card at a time, from one deck: the top card of pile ``s`` goes home
    safely once every card two ranks lower is home.  A card on the tableau
    only ever holds a card one rank lower, and each of those could then go
    home itself, wanted by no card (Blake and Gent prove the rule)."""
    rank = RANK[game._piles[s][-1]]
    return all(len(game._piles[f]) >= rank - 2 for f in game._FOUNDATIONS)


class BeleagueredCastle(Game):
    """Beleaguered Castle (Laying Siege, Sham Battle).

    * Deal: the four aces to ``f0``–``f3``; the other 48 cards face up, one
      at a time across ``t0``–``t7``, six to a row.
    * Foundations: up in suit.  Rows: a top card onto another row's top card
      one rank higher, any suit; an empty row takes any card.
    """

    name = "beleaguered_castle"
    title = "Beleaguered Castle"
    PILES, ROLES = piles_by_role(foundation=FOUNDATIONS, tableau=ROWS)
    ROUTES = {pile: FOUNDATIONS + ROWS for pile in ROWS}
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(DOWN_BY_RANK)  # one card at a time, a 6 on any 7; an empty row takes any card
    RULES = (
        CARDS,
        ("Deal", "the four aces go to f0–f3; the other 48 cards are dealt face up one at a time across "
                 "t0 … t7, six to a row."),
        FOUNDATIONS_RULE,
        ROWS_RULE,
        ("End", "won when all 52 cards are home; lost when no move is left. The score counts the cards "
                "you moved home (48 at most)."),
    )
    INTERCHANGEABLE = ROWS  # all eight rows follow the same rules
    CAN_CYCLE = True  # a card can go back and forth between rows
    GUIDE = Guide(home_alone=True, no_new_knots=True)  # a card home at once; none laid on a lower one of its suit
    LAYOUT = wings_layout()
    NARROW_LAYOUTS = (COLUMNS_LAYOUT,)

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.aces_to(FOUNDATIONS)
        deal.round_robin(ROWS)

    _safe_drop = drop_once_two_ranks_below_are_home


class StreetsAndAlleys(BeleagueredCastle):
    """Streets and Alleys: Beleaguered Castle without the aces dealt out.

    * Deal: all 52 cards face up, one at a time across ``t0``–``t7``: seven
      to ``t0``–``t3``, six to ``t4``–``t7``.  The aces go home as they come
      free.
    """

    name = "streets_and_alleys"
    title = "Streets and Alleys"
    RULES = (
        CARDS,
        ("Deal", "all 52 cards are dealt face up one at a time across t0 … t7: seven to each of t0–t3, "
                 "six to each of t4–t7. The foundations start empty."),
        FOUNDATIONS_RULE,
        ROWS_RULE,
        ("End", "won when all 52 cards are home; lost when no move is left."),
    )

    def _setup(self, order: list[int]) -> None:
        self.dealer(order).round_robin(ROWS)


GAMES: tuple[type[Game], ...] = (BeleagueredCastle, StreetsAndAlleys)
