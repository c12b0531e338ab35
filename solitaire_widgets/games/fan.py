"""Fan, La Belle Lucie and Baker's Dozen: one deck dealt face up in small
fans or columns, built down, one card at a time; foundations up in suit.

Rulings where sources differ:

* Fan and La Belle Lucie deal in fans of three, ``t0`` first, the first card
  of a fan at the bottom: 17 fans of three and ``t17`` with the last card.
  (PySolFC deals two rounds across ``t0``–``t16`` and a third across all 18:
  the same shape.)
* La Belle Lucie's two redeals (at any time, three passes in all) gather
  every card still on the fans, shuffle them by a shuffle the deal fixes, and
  deal them again in threes from ``t0``: the one or two cards left over make
  a last, short fan, and the fans after it stay empty (as PySolFC deals
  them).  The shuffle takes the cards left, not where they lay, so a redeal
  depends only on which cards are still out.  No "merci" (the one card drawn
  out of a fan after the last deal, as some books allow): that is another
  game, Three Shuffles and a Draw.
* Baker's Dozen deals four rounds across ``t0``–``t12``; then in each
  column the kings move to the bottom, the other cards keeping their order
  (the rule books' words; PySolFC instead swaps each king with the lowest
  other card under it).
* In all three a card on a foundation never moves again (Solvitaire's Fan
  lets cards come back from the foundations).

>>> import solitaire_widgets as sw
>>> [len(sw.Fan(seed=1)[f"t{i}"]) for i in (0, 16, 17)]
[3, 3, 1]
>>> " ".join(str(card) for card in sw.BakersDozen(seed=1)["t9"])  # two kings moved to the bottom
'K♦ K♣ J♠ 3♦'
"""

from __future__ import annotations

from typing import ClassVar, Optional

from ..kit import (DOWN_BY_RANK, DOWN_IN_SUIT, KINGS, NOTHING, RANK, UP_IN_SUIT, Foundation, Game, Guide, Layout, Pace,
                   Regather, Row, Tableau, piles_by_role, run)
from ..layout import fanned_rows
from .castle import drop_once_two_ranks_below_are_home

FOUNDATIONS = tuple(f"f{i}" for i in range(4))
FANS = tuple(f"t{i}" for i in range(18))
FAN = 3  # cards to a fan
# A fan is fanned to the right, wide enough for four cards at the full step
# (more wrap onto a second line on the page), as Cruel's packets.
FAN_SPAN = 1.95
COLUMNS = tuple(f"t{i}" for i in range(13))
KING = 13


# The rules Fan and La Belle Lucie share, topic and text (Baker's Dozen's
# foundations and end read alike too).
FOUNDATIONS_RULE = ("Foundations", "{foundation} A card on a foundation never moves again.")
FAN_RULES = (
    ("Cards", "one deck of 52. Foundations f0–f3 and 18 fans t0–t17; no stock."),
    ("Deal", "all 52 cards face up in fans of three, t0 first, the first card of a fan at the bottom: 17 fans "
             "of three, and t17 holds the last card."),
    FOUNDATIONS_RULE,
    ("Fans", "only a fan's top card moves, one card at a time: to a foundation, or onto another fan. {tableau}"),
)
END = ("End", "won when all 52 cards are home; lost when no move is left.")


def fans_layout(per_row: int, max_width: Optional[int] = None) -> Layout:
    """The four foundations centred on top, the 18 fans under them in rows of
    ``per_row``, each fanned to the right; for tables up to ``max_width`` px."""
    return fanned_rows(FOUNDATIONS, FANS, per_row, span=FAN_SPAN, max_width=max_width)


class Fan(Game):
    """Fan.

    * Deal: 17 fans of three, face up, ``t0`` first; the last card to ``t17``.
    * Foundations: up in suit.  Fans: a top card onto another fan's top card
      of its suit and one rank higher; an empty fan takes only a king.
    """

    name = "fan"
    title = "Fan"
    PILES, ROLES = piles_by_role(foundation=FOUNDATIONS, tableau=FANS)
    ROUTES = {pile: FOUNDATIONS + FANS for pile in FANS}
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(DOWN_IN_SUIT, empty=KINGS)
    RULES: ClassVar[tuple[tuple[str, str], ...]] = (*FAN_RULES, END)
    INTERCHANGEABLE = FANS  # all 18 fans follow the same rules
    CAN_CYCLE = True  # a king alone can go back and forth between empty fans
    GUIDE = Guide(home_alone=True, no_new_knots=True)  # a card home at once; none laid on a lower one of its suit
    # Fans in three rows of six; on narrower tables five to a row (as PySolFC
    # lays them), four or three: the largest cards whose felt stays short.
    LAYOUT = fans_layout(6)
    NARROW_LAYOUTS = (fans_layout(5, max_width=999), fans_layout(4, max_width=699), fans_layout(3, max_width=499))

    def _setup(self, order: list[int]) -> None:
        self.dealer(order).packets(FANS, FAN)

    def _safe_drop(self, s: int, t: int) -> bool:
        # One deck, fans down in suit: the only card that could ever go on
        # this one is the next lower of its suit, which is home already.
        return True


class LaBelleLucie(Fan):
    """La Belle Lucie (Fair Lucy, Midnight Oil, Alexander the Great).

    * Deal as Fan.  Fans: down in suit; an empty fan is never filled.
    * ``redeal`` (any time, twice: three passes in all): gather the fans,
      shuffle (by a shuffle fixed by the seed and the pass) and deal again in
      threes from ``t0``, the one or two cards left over as a last, short fan.
    """

    name = "la_belle_lucie"
    title = "La Belle Lucie"
    TABLEAU = Tableau(DOWN_IN_SUIT, empty=NOTHING)
    STOCK = Regather(packets=FAN, shuffle=True, passes=3)
    RULES = (
        *FAN_RULES,
        ("Redeal", "at any time, twice (three passes in all), redeal gathers the cards still on the "
                   "fans, shuffles them (by a shuffle the deal fixes, so replays are exact) and deals "
                   "them again face up from t0 on, three to a fan: the one or two cards left over "
                   "make a last, short fan, and the fans after it stay empty."),
        END,
    )
    CAN_CYCLE = False  # every move is for good: a fan's card goes only onto the one card above it in suit


class BakersDozen(Game):
    """Baker's Dozen.

    * Deal: four rounds across ``t0``–``t12``, face up; then in each column
      the kings go to the bottom, the other cards keeping their order.
    * Foundations: up in suit.  Columns: a top card onto another column's
      top card one rank higher, any suit; an empty column is never filled.
    """

    name = "bakers_dozen"
    title = "Baker's Dozen"
    PILES, ROLES = piles_by_role(foundation=FOUNDATIONS, tableau=COLUMNS)
    ROUTES = {pile: FOUNDATIONS + COLUMNS for pile in COLUMNS}
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(DOWN_BY_RANK, empty=NOTHING)
    RULES = (
        ("Cards", "one deck of 52. Foundations f0–f3 and thirteen columns t0–t12; no stock."),
        ("Deal", "four rounds face up across t0 … t12, four cards to a column; then in each column any "
                 "kings are moved to the bottom, the other cards keeping their order."),
        FOUNDATIONS_RULE,
        ("Columns", "only a column's top card moves, one card at a time: to a foundation, or onto "
                    "another column. {tableau}"),
        END,
    )
    INTERCHANGEABLE = COLUMNS  # all thirteen columns follow the same rules
    CAN_CYCLE = True  # a card can go back and forth between two cards of the rank above
    GUIDE = Fan.GUIDE
    PACE = Pace(covering=1.0)  # columns never refill: clear what covers the cards the foundations want
    # The thirteen columns under the foundations; on a narrow table in two
    # rows, seven and six (as PySolFC lays them).
    LAYOUT = Layout(cols=13, rows=(Row(), Row(height=2.5, gap_before=1.5)), slots=(
        *run(FOUNDATIONS, 0, 4.5), *run(COLUMNS, 1, 0, fan="down")))
    NARROW_LAYOUTS = (Layout(cols=7, max_width=699, rows=(Row(), Row(height=2, gap_before=1.5), Row(height=2)),
                             slots=(*run(FOUNDATIONS, 0, 1.5), *run(COLUMNS[:7], 1, 0, fan="down"),
                                    *run(COLUMNS[7:], 2, 0.5, fan="down"))),)

    def _setup(self, order: list[int]) -> None:
        self.dealer(order).rows(COLUMNS, 4)
        for t in self._TABLEAU:
            self._piles[t].sort(key=lambda card: RANK[card] != KING)  # kings first, the rest in order

    _safe_drop = drop_once_two_ranks_below_are_home


GAMES: tuple[type[Game], ...] = (Fan, LaBelleLucie, BakersDozen)
