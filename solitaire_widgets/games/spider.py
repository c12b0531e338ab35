"""Spider and its family: Spider, Spiderette, Scorpion, Simple Simon: suits built king to ace leave the table.

Each game builds its columns down and sends a suit home only whole: the
thirteen cards of one suit, king down to ace, in order at the top of a
column, go to a foundation in one move (the table plays it at once).

Rulings where sources differ (PySolFC, Aisleriot, Solvitaire's presets, the
rule books):

* Spider: the fifth face-down card goes to t0, t3, t6 and t9, as PySolFC
  and Aisleriot deal (Microsoft's Spider gives it to the first four
  columns); no row is dealt while a column is empty (PySolFC's and
  Aisleriot's Spider; Solvitaire deals regardless).  Option ``suits``: all
  four suits (the rules), or the same 104 cards in two suits (spades and
  hearts) or one (spades), as PySolFC and Aisleriot offer.
* Spiderette: one deck, seven columns dealt as Klondike's (one to seven
  cards, the top one face up); the 24 left are the stock, dealt in rows of
  seven (the last row three cards, onto t0–t2) while no column is empty.
* Scorpion: seven columns of seven, the bottom three cards of t0–t3 face
  down (PySolFC and the rule books); any face-up card moves with the cards
  on it, onto the next higher card of its suit or, if a king, into an empty
  column; the three cards left are dealt onto t0, t1 and t2 at any time.
* Simple Simon: ten columns of 8, 8, 8, 7, 6, 5, 4, 3, 2 and 1 cards, all
  face up; a card goes on the next higher card of any suit, a run in suit
  moves together whole or in part, onto any suit and without a limit
  (PySolFC also moves runs of mixed suits as empty columns allow, which a
  player can do card by card anyway).  Solvitaire's preset lets a run of
  two or more go only onto its own suit, and its code sends single cards
  home, ace up in suit, as Klondike's foundations take them (the preset
  asks for whole suits only, a setting its parser never reads), so its
  published win rate is for those rules.

>>> import solitaire_widgets as sw
>>> g = sw.Spider(seed=2, suits="1")
>>> [len(g[f"t{i}"]) for i in range(10)], len(g["stock"]), g.face_down("t0")
([6, 5, 5, 6, 5, 5, 6, 5, 5, 6], 50, 5)
"""

from __future__ import annotations

import dataclasses
from typing import Sequence

from ..kit import (DOWN_BY_RANK, DOWN_IN_SUIT, FACE_UP, KINGS, DealRow, Game, Guide, Layout, Pace, Restart, Row, Slot,
                   Tableau, WholeSuits, pack, piles_by_role, run, runs)
from .freecell import NARROW, piles

FOUR_FOUNDATIONS, EIGHT_FOUNDATIONS = piles("f", 4), piles("f", 8)
SEVEN_COLUMNS, TEN_COLUMNS = piles("t", 7), piles("t", 10)
SUITS_OF = {"4": "SHDC", "2": "SH", "1": "S"}
# Spider's columns: a card on any card one rank higher, but only a run in
# suit moves together (Spider, Spiderette, Simple Simon).
SPIDER_COLUMNS = Tableau(DOWN_BY_RANK, moves=runs(DOWN_IN_SUIT))
# The solver tries first to put a card where it blocks nothing, and counts
# a row dealt as progress, so it does not shuffle runs for ever.
SPIDER_GUIDE = Guide(no_new_knots=True)
# Spider's solver plays as Spider players do: a card turned up, an empty
# column and a card built in suit are the progress made before a suit goes
# home; a card on another card that is not the next higher of its suit is a
# break that costs a move later.  A row dealt is no progress in itself (its
# cards are breaks).  Runs in suit stay together unless a move turns a card
# up or empties a column (seeds 0-19 at 10,000 positions: one suit 18 won,
# two suits 10; none of either with Spiderette's guide and pace).
SPIDER_PACE = Pace(stock=0.0, face_down=2.0, built=0.9, broken=0.3, empty=1.0, knot=0.0)
RUNS_GUIDE = Guide(runs_stay=True)
# Four suits need the search to deal late (``Pace.dealt``); one suit is
# won more often dealing early, as Spider's pace does (seeds 0-5 at 10,000
# positions: 3 won dealing late; 18 of 0-19 with Spider's pace), mostly
# within a few thousand positions.  So the search plays its first 7,000
# positions as before, then starts again dealing late and counting each
# card face down for more, and again after 22,000 dealing a little less
# late: each pace gets the positions it took to win a four-suit deal from
# the start (seeds 0-31 at 38,000: seeds 2, 11 and 18 won; none of 0-3 at
# 50,000 before).
SPIDER_RESTARTS = (Restart(after=7_000, pace=dataclasses.replace(SPIDER_PACE, face_down=3.0, dealt=0.5)),
                   Restart(after=22_000, pace=dataclasses.replace(SPIDER_PACE, dealt=0.3)))
# Spiderette plays as Spider does, and deals as late as it can: each card
# dealt counts 0.6 against a position, so a row is dealt once the table's
# own moves have run out of progress to make (seeds 0-15 at 20,000
# positions: 6 won, none with Spider's pace alone or Spiderette's own
# before; seeds 16-41: 7 won, each within 3,600 positions).
SPIDERETTE_PACE = dataclasses.replace(SPIDER_PACE, dealt=0.6)


def stock_and_homes(foundations: Sequence[str], columns: Sequence[str], *, stock: bool = True,
                    height: float = 4) -> Layout:
    """The stock at the left and the foundations at the right of the top
    row, the columns fanned down under them."""
    cols = max(len(columns), len(foundations) + 2)
    top = (Slot("stock", 0, 0, badge=True),) if stock else ()
    return Layout(cols=cols, rows=(Row(), Row(height=height)), slots=(
        *top, *run(foundations, 0, cols - len(foundations)), *run(columns, 1, (cols - len(columns)) / 2, fan="down")))


def columns_in_two_rows(foundations: Sequence[str], columns: Sequence[str], *, stock: bool = True) -> Layout:
    """For a narrow table: the stock and the foundations (four to a row),
    then the columns in two rows of half as many, fanned down."""
    half = len(columns) // 2
    homes = [foundations[i:i + 4] for i in range(0, len(foundations), 4)]
    top = (Slot("stock", 0, 0, badge=True),) if stock else ()
    first = 1 if stock else (half - 4) / 2
    rows = (Row(),) * len(homes) + (Row(height=3), Row(height=3))
    return Layout(cols=half, max_width=NARROW, rows=rows, slots=(
        *top, *(slot for r, four in enumerate(homes) for slot in run(four, r, first)),
        *run(columns[:half], len(homes), 0, fan="down"), *run(columns[half:], len(homes) + 1, 0, fan="down")))


class Spider(Game):
    """Spider.

    * Deal: 54 cards, the top card of each column face up (six on t0, t3,
      t6, t9; five on the others); 50 in the stock.
    * Columns: a card on the next higher card of any suit; a run in suit
      moves together.  An empty column takes any card.
    * ``deal``: a card face up onto each column, only while none is empty.
    * A suit complete from king to ace goes home at once, all 13 cards.
    """

    name = "spider"
    title = "Spider"
    decks = 2
    PILES, ROLES = piles_by_role(stock="stock", foundation=EIGHT_FOUNDATIONS, tableau=TEN_COLUMNS)
    ROUTES = {column: EIGHT_FOUNDATIONS + TEN_COLUMNS for column in TEN_COLUMNS}
    FOUNDATION = WholeSuits()
    TABLEAU = SPIDER_COLUMNS
    STOCK = DealRow(while_empty=False, what="deals a row: one card onto every column")
    OPTIONS = {"suits": ("4", "2", "1")}
    OPTION_RULES = {"suits": {
        "4": "All four suits, each card twice.",
        "2": "Spades and hearts only, each card four times.",
        "1": "Spades only, each card eight times.",
    }}
    RULES = (
        ("Cards", "two decks' worth, 104 cards. {suits} A stock, foundations f0–f7 and ten columns t0–t9."),
        ("Deal", "five rows face down, the fifth only onto t0, t3, t6 and t9, then one row face up: t0, t3, t6 "
                 "and t9 hold six cards, the others five. The other 50 cards are the stock."),
        ("Columns", "{tableau} A face-down card turns up when it is uncovered."),
        ("Foundations", "{foundation} Cards there stay there."),
        ("Stock", "{stock} Five deals in all."),
        ("End", "won when all eight suits are home; lost when no move is left."),
    )
    CAN_CYCLE = True
    GUIDE = RUNS_GUIDE
    PACE = SPIDER_PACE
    RESTARTS = SPIDER_RESTARTS
    # A deal of one or two suits it wins mostly within a few thousand
    # positions; one of four suits in one seed of ten or so, within 38,000.
    DEAL_STATES = 38_000
    LAYOUT = stock_and_homes(EIGHT_FOUNDATIONS, TEN_COLUMNS)
    NARROW_LAYOUTS = (columns_in_two_rows(EIGHT_FOUNDATIONS, TEN_COLUMNS),)

    def _pack(self) -> Sequence[int]:
        # one or two suits: the same 104 cards, fewer suits, more copies
        return pack(2, SUITS_OF[self._options["suits"]])

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.rows(TEN_COLUMNS, 4)
        deal.rows(TEN_COLUMNS[::3])
        deal.rows(TEN_COLUMNS, face_down=5)  # all but the top card of each column face down
        deal.rest_to("stock")

    def _safe_drop(self, s: int, t: int) -> bool:
        return True  # a completed suit goes home at once, as Spider programs send it


class Spiderette(Game):
    """Spiderette: Spider with one deck and Klondike's seven columns."""

    name = "spiderette"
    title = "Spiderette"
    PILES, ROLES = piles_by_role(stock="stock", foundation=FOUR_FOUNDATIONS, tableau=SEVEN_COLUMNS)
    ROUTES = {column: FOUR_FOUNDATIONS + SEVEN_COLUMNS for column in SEVEN_COLUMNS}
    FOUNDATION = WholeSuits()
    TABLEAU = SPIDER_COLUMNS
    STOCK = DealRow(while_empty=False, what="deals a row: one card onto every column")
    RULES = (
        ("Cards", "one deck of 52. A stock, foundations f0–f3 and seven columns t0–t6."),
        ("Deal", "t0 gets one card, t1 two … t6 seven, only the top card of each face up. The other 24 cards are "
                 "the stock."),
        ("Columns", "{tableau} A face-down card turns up when it is uncovered."),
        ("Foundations", "{foundation} Cards there stay there."),
        ("Stock", "{stock} Four deals in all, the last of three cards, onto t0–t2."),
        ("End", "won when all four suits are home; lost when no move is left."),
    )
    CAN_CYCLE = True
    GUIDE = RUNS_GUIDE
    PACE = SPIDERETTE_PACE
    DEAL_STATES = 4_000  # the deals it wins it mostly wins within 4,000 positions
    LAYOUT = stock_and_homes(FOUR_FOUNDATIONS, SEVEN_COLUMNS, height=3.5)

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.each(SEVEN_COLUMNS, range(1, 8), face_up=1)
        deal.rest_to("stock")

    def _safe_drop(self, s: int, t: int) -> bool:
        return True  # a completed suit goes home at once


class Scorpion(Game):
    """Scorpion: seven columns of seven; any face-up card moves with the cards
    on it, onto the next higher card of its suit."""

    name = "scorpion"
    title = "Scorpion"
    PILES, ROLES = piles_by_role(stock="stock", foundation=FOUR_FOUNDATIONS, tableau=SEVEN_COLUMNS)
    ROUTES = {column: FOUR_FOUNDATIONS + SEVEN_COLUMNS for column in SEVEN_COLUMNS}
    FOUNDATION = WholeSuits()
    TABLEAU = Tableau(DOWN_IN_SUIT, empty=KINGS, moves=FACE_UP)
    STOCK = DealRow(onto=SEVEN_COLUMNS[:3], what="deals the last three cards onto t0, t1 and t2")
    RULES = (
        ("Cards", "one deck of 52. A stock, foundations f0–f3 and seven columns t0–t6."),
        ("Deal", "seven rows across t0 … t6, seven cards on each column; the bottom three cards of t0–t3 lie face "
                 "down, every other card face up. The other three cards are the stock."),
        ("Columns", "{tableau} A face-down card turns up when it is uncovered."),
        ("Foundations", "{foundation} Cards there stay there."),
        ("Stock", "{stock} At any time, once."),
        ("End", "won when all four suits are home; lost when no move is left."),
    )
    # (t0–t2 are dealt the stock's cards, so only the others are alike)
    INTERCHANGEABLE = SEVEN_COLUMNS[3:]
    CAN_CYCLE = True
    GUIDE = SPIDER_GUIDE
    # The deals the solver wins it wins early (seeds 0-79 at 1,000 positions:
    # 3 won, in 166-725; seeds 0-39 at 3,000: only the first of those), so a
    # seed it does not win soon is left for the next.
    DEAL_STATES = 1_000
    LAYOUT = stock_and_homes(FOUR_FOUNDATIONS, SEVEN_COLUMNS, height=3.5)

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.rows(SEVEN_COLUMNS, 7)
        for column in SEVEN_COLUMNS[:4]:
            self._down[self._INDEX[column]] = 3
        deal.rest_to("stock")

    def _safe_drop(self, s: int, t: int) -> bool:
        return True  # a completed suit goes home at once


class SimpleSimon(Game):
    """Simple Simon: Spider's rules on ten columns dealt face up, no stock."""

    name = "simple_simon"
    title = "Simple Simon"
    PILES, ROLES = piles_by_role(foundation=FOUR_FOUNDATIONS, tableau=TEN_COLUMNS)
    ROUTES = {column: FOUR_FOUNDATIONS + TEN_COLUMNS for column in TEN_COLUMNS}
    FOUNDATION = WholeSuits()
    TABLEAU = SPIDER_COLUMNS
    RULES = (
        ("Cards", "one deck of 52, all face up. Foundations f0–f3 and ten columns t0–t9."),
        ("Deal", "t0, t1 and t2 get eight cards each, t3 seven, t4 six … t9 one."),
        ("Columns", "{tableau}"),
        ("Foundations", "{foundation} Cards there stay there."),
        ("End", "won when all four suits are home; lost when no move is left."),
    )
    INTERCHANGEABLE = TEN_COLUMNS
    CAN_CYCLE = True
    GUIDE = SPIDER_GUIDE
    # Every card is in play from the start, and a suit goes home only whole:
    # a card built in suit on the table is most of the way there.
    PACE = Pace(built=0.8)
    LAYOUT = stock_and_homes(FOUR_FOUNDATIONS, TEN_COLUMNS, stock=False)
    NARROW_LAYOUTS = (columns_in_two_rows(FOUR_FOUNDATIONS, TEN_COLUMNS, stock=False),)

    def _setup(self, order: list[int]) -> None:
        self.dealer(order).each(TEN_COLUMNS, (8, 8, 8, 7, 6, 5, 4, 3, 2, 1))

    def _safe_drop(self, s: int, t: int) -> bool:
        return True  # a completed suit goes home at once


GAMES: tuple[type[Game], ...] = (Spider, Spiderette, Scorpion, SimpleSimon)
