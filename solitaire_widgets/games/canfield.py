"""Canfield: a reserve, a base rank the deal fixes, columns that wrap from
ace to king.

* Deal: one card to f0: its rank is the base rank every foundation starts
  from; thirteen cards to the reserve, only its top card face up; one card
  face up to each of the four columns; the other 34 are the stock.
* Foundations: up in suit from the base rank, king followed by ace, until
  all thirteen of the suit are on one.
* Columns: down in alternating colours, an ace taking a king; a run moves
  together, or any top part of it.  An empty column takes only the
  reserve's top card while the reserve holds cards, then any card.
* Stock: three cards a draw onto the waste, only the top one plays; the
  waste turned over again as often as you like.

Rulings where sources differ:

* Filling a column from the reserve: most rule books (and PySolFC) fill
  an emptied column from the reserve at once.  Here the player fills it,
  when they like: the empty column takes the reserve's top card and no
  other (kit: ``only_from("reserve")``).  The same deals are won either
  way: a card moved into the column can still go wherever it could have
  gone from the reserve, and the empty column takes nothing meanwhile.
  Once the reserve is empty, a column takes any card, from the waste or
  another column (as PySolFC and Solvitaire's Canfield play; some books
  allow only the waste's card).
* Runs: any top part of a column's run may move (as Solvitaire's Canfield
  and Aisleriot play; PySolFC moves one card or the whole column, and some
  books only whole columns).
* The waste starts empty (PySolFC turns the first three cards at once);
  the base card lies on f0, whatever its suit; any foundation takes a card
  of the base rank.

>>> import solitaire_widgets as sw
>>> g = sw.Canfield(seed=2)
>>> len(g["reserve"]), g.face_down("reserve"), len(g["stock"]), g.base_rank == g["f0"][0].rank
(13, 12, 34, True)
"""

from __future__ import annotations

from ..kit import (BASE_RANK, DOWN_ALTERNATE_COLOURS, RANK, RUNS, SUIT, UP_IN_SUIT, Draw, Foundation, Game, Layout,
                   Row, Slot, Tableau, only_from, piles_by_role, run)

FOUNDATIONS = tuple(f"f{i}" for i in range(4))
COLUMNS = tuple(f"t{i}" for i in range(4))
RESERVE_CARDS = 13
SUIT_LENGTH = 13


class Canfield(Game):
    """Canfield: a thirteen-card reserve, foundations up from the base rank
    the deal fixes, four columns down in alternating colours."""

    name = "canfield"
    title = "Canfield"
    PILES, ROLES = piles_by_role(stock="stock", waste="waste", reserve="reserve", foundation=FOUNDATIONS,
                                 tableau=COLUMNS)
    ROUTES = {pile: FOUNDATIONS + COLUMNS for pile in ("reserve", "waste") + COLUMNS}
    FOUNDATION = Foundation(UP_IN_SUIT.with_wrap(), empty=BASE_RANK)
    TABLEAU = Tableau(DOWN_ALTERNATE_COLOURS.with_wrap(), empty=only_from("reserve"), moves=RUNS)
    STOCK = Draw(count=3, passes=None)
    RULES = (
        ("Cards", "one deck of 52. A stock, its waste, a reserve, foundations f0–f3 and four columns t0–t3."),
        ("Deal", "one card face up to f0: its rank is the base rank. Thirteen cards to the reserve, only the top "
                 "one face up; one card face up to each column. The other 34 cards are the stock, face down."),
        ("Foundations", "{foundation} A card on a foundation stays there."),
        ("Columns", "{tableau} The reserve's top card plays to a foundation or a column like any top card."),
        ("Stock", "{stock}"),
        ("End", "won when all 52 cards are home; lost when no move is left."),
    )
    INTERCHANGEABLE = COLUMNS
    CAN_CYCLE = True  # a run can go back and forth between columns, and the stock round and round
    # A third of the deals the solver wins it wins within 1,000 positions, and
    # most deals it does not win use up any budget: a small one finds a
    # winnable deal sooner.
    DEAL_STATES = 1_000
    # Stock, waste and the foundations on top; the reserve under the stock,
    # the four columns fanned down under the foundations.
    LAYOUT = Layout(cols=7, rows=(Row(), Row(height=3.5)), slots=(
        Slot("stock", 0, 0, badge=True), Slot("waste", 0, 1, span=1.8, fan="right"), *run(FOUNDATIONS, 0, 3),
        Slot("reserve", 1, 0, badge=True), *run(COLUMNS, 1, 3, fan="down"),
    ))

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.to("f0")
        deal.to("reserve", RESERVE_CARDS, face_down=RESERVE_CARDS - 1)
        deal.rows(COLUMNS)
        deal.rest_to("stock")

    def _safe_drop(self, s: int, t: int) -> bool:
        # What goes on a card in a column is one rank lower (a king on an
        # ace) of the other colour.  Safe when the card is the second of its
        # suit home (the base cards below it always go home) or both cards
        # that could go on it are home.  A waste card is never safe: taking
        # it out changes which cards later draws of three turn up.
        if self.PILES[s] == "waste":
            return False
        card = self._piles[s][-1]
        base = self.base_rank
        if (RANK[card] - base) % SUIT_LENGTH == 1:
            return True
        lower = (RANK[card] - 2) % SUIT_LENGTH + 1
        home = {SUIT[pile[0]]: len(pile) for pile in map(self._piles.__getitem__, self._FOUNDATIONS) if pile}
        other = "SC" if SUIT[card] in "HD" else "HD"
        return all(home.get(suit, 0) > (lower - base) % SUIT_LENGTH for suit in other)


GAMES: tuple[type[Game], ...] = (Canfield,)
