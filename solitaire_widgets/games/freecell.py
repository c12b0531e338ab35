"""FreeCell and its family: FreeCell, Baker's Game, Eight Off, Seahaven Towers, King Albert.

Every card is dealt face up; free cells (or King Albert's reserve) hold
cards aside; the foundations are built up in suit from the ace.

Rulings where sources differ (PySolFC, Aisleriot, Solvitaire's presets, the
rule books):

* Runs.  FreeCell, Baker's Game, Eight Off and Seahaven Towers move a run at
  once as long as the free cells and the empty columns could carry it card
  by card, (empty cells + 1) × 2^(empty columns besides the target), as
  Microsoft's FreeCell and PySolFC do; Solvitaire moves one card at a time,
  which wins exactly the same deals.  Where an empty column takes only a
  king (Eight Off, Seahaven Towers), it cannot hold a run's cards on their
  way, so only the free cells count (PySolFC's rule too).
* FreeCell's free cells: option ``cells`` plays with 4 (the rules), 3, 2, 1
  or 0 of them; the cells out of play stay on the table, closed.
  ``FreeCell.deal_number(n)`` deals Microsoft's numbered deal ``n`` (as
  Debian's ``make-microsoft-freecell-board`` prints it).
* Baker's Game: an empty column takes any card (PySolFC, Aisleriot,
  Solvitaire; the rule books that fill spaces only with kings describe
  Eight Off's rule).
* Eight Off: six rows of eight, the other four cards to the cells c0, c2,
  c4 and c6 (as PySolFC deals them).  Seahaven Towers: five rows of ten,
  the other two cards to c1 and c2 (as PySolFC).
* King Albert: nine columns of 1 to 9 cards, a reserve of seven single
  cards that play but take none; one card moves at a time (PySolFC,
  Solvitaire).  A card on a foundation stays there, as in the rule books;
  PySolFC, Aisleriot and Solvitaire's preset also let it come back to a
  column, which this engine's foundations never do.

>>> import solitaire_widgets as sw
>>> g = sw.FreeCell.deal_number(1)
>>> [str(card) for card in g["t0"]]
['J♦', 'K♦', '2♠', '4♣', '3♠', '6♦', '6♠']
>>> sw.FreeCell(seed=3, cells="2").empty_label("c3")
'closed'
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..kit import (ANY_CARD, DOWN_ALTERNATE_COLOURS, DOWN_IN_SUIT, FREE_CELL, KINGS, NOTHING, RANK, SUIT,
                   UP_IN_SUIT, Card, Foundation, Game, Guide, Layout, Pace, PileRule, Restart, Row, Tableau,
                   by_option, piles_by_role, run, runs)

CELL_COUNTS = ("4", "3", "2", "1", "0")
# A free cell out of play under the option ``cells``: it takes no card.
CLOSED = PileRule(empty=NOTHING)
# How the solver plays the family: a card that can go home goes at once, and
# a card goes onto a column where it lies on no lower card of its suit when
# it can (its guided pass); a free cell in use, each card on a card the
# foundations take next, and the cards under each column's run (fc-solve's
# "cards under sequences") count against a position.
FAMILY_GUIDE = Guide(home_alone=True, no_new_knots=True)
# Where free cells hold cards aside, a card leaves a column for a cell, an
# empty column or another column only to uncover one that can then be used
# (two cards down at most) in the guided pass.
CELLS_GUIDE = Guide(home_alone=True, no_new_knots=True, digs_for_use=True)
FAMILY_PACE = Pace(cell=0.6, covering=0.5, under_runs=0.04)


def piles(prefix: str, count: int) -> tuple[str, ...]:
    """``("c0", "c1", …)``: ``count`` pile ids."""
    return tuple(f"{prefix}{i}" for i in range(count))


FOUNDATIONS = piles("f", 4)
FOUR_CELLS, EIGHT_CELLS = piles("c", 4), piles("c", 8)
EIGHT_COLUMNS, NINE_COLUMNS, TEN_COLUMNS = piles("t", 8), piles("t", 9), piles("t", 10)
RESERVES = piles("r", 7)
# Ten columns need about 312 px side by side; below this width they lie in
# two rows of five (a wider table keeps them in one row of smaller cards).
NARROW = 400


def cell_routes(cells: tuple[str, ...], columns: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """``ROUTES`` of a game of free cells: a cell's card goes home or onto a
    column; a column's top goes to a cell, home or onto another column."""
    return {**{cell: FOUNDATIONS + columns for cell in cells},
            **{column: cells + FOUNDATIONS + columns for column in columns}}


def cells_on_top(cells: tuple[str, ...], columns: tuple[str, ...]) -> Layout:
    """The cells at the left and the foundations at the right of the top
    row, the columns fanned down under them."""
    top = len(cells) + len(FOUNDATIONS) + 0.5
    cols = max(top, len(columns))
    return Layout(cols=cols, rows=(Row(), Row(height=3.5)), slots=(
        *run(cells, 0, (cols - top) / 2), *run(FOUNDATIONS, 0, (cols - top) / 2 + len(cells) + 0.5),
        *run(columns, 1, (cols - len(columns)) / 2, fan="down")))


def foundations_over_cells(cells: tuple[str, ...], columns: tuple[str, ...], max_width: int) -> Layout:
    """For a table narrower than ``max_width``: the foundations, the cells
    under them, the columns fanned down under those."""
    cols = max(len(cells), len(columns))
    return Layout(cols=cols, max_width=max_width, rows=(Row(), Row(), Row(height=3.5)), slots=(
        *run(FOUNDATIONS, 0, (cols - len(FOUNDATIONS)) / 2), *run(cells, 1, (cols - len(cells)) / 2),
        *run(columns, 2, (cols - len(columns)) / 2, fan="down")))


def in_two_rows(cells: tuple[str, ...], columns: tuple[str, ...]) -> Layout:
    """For a narrow table: cells and foundations in a row each, the columns
    in two rows of half as many."""
    half = len(columns) // 2
    cols = max(half, len(cells), len(FOUNDATIONS))
    return Layout(cols=cols, max_width=NARROW, rows=(Row(), Row(), Row(height=2.5), Row(height=2.5)), slots=(
        *run(cells, 0, (cols - len(cells)) / 2), *run(FOUNDATIONS, 1, (cols - len(FOUNDATIONS)) / 2),
        *run(columns[:half], 2, (cols - half) / 2, fan="down"), *run(columns[half:], 3, (cols - half) / 2, fan="down")))


def safe_in_alternating_colours(game: Game, s: int) -> bool:
    """Whether the top card of pile ``s`` may go home for good where columns
    build down in alternating colours: nothing can need it once both cards
    that could lie on it (the next lower of the other colour) are home, and
    an ace or a two never holds a card that could not go home itself."""
    card = game._piles[s][-1]
    rank = RANK[card]
    if rank <= 2:
        return True
    home = {Card.from_id(c) for f in game._FOUNDATIONS for c in game._piles[f]}
    return all(Card(rank - 1, suit) in home for suit in ("HD" if SUIT[card] in "SC" else "SC"))


class FreeCell(Game):
    """FreeCell.

    * Deal: all 52 cards face up, one at a time across ``t0``–``t7`` (seven
      cards on ``t0``–``t3``, six on the others).  ``deal_number(n)``:
      Microsoft's deal ``n``.
    * Free cells ``c0``–``c3`` hold one card each (option ``cells``: 4 down
      to 0 of them in play).  Foundations up in suit from the ace.
    * Columns build down in alternating colours; an empty column takes any
      card; a run moves as far as the free cells and empty columns allow.
    """

    name = "freecell"
    title = "FreeCell"
    PILES, ROLES = piles_by_role(cell=FOUR_CELLS, foundation=FOUNDATIONS, tableau=EIGHT_COLUMNS)
    ROUTES = cell_routes(FOUR_CELLS, EIGHT_COLUMNS)
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(DOWN_ALTERNATE_COLOURS, moves=runs(limit="free_cells"))
    # c0 … c3: in play while the option ``cells`` counts them, else closed
    PILE_RULES = {cell: by_option("cells", {n: FREE_CELL if i < int(n) else CLOSED for n in CELL_COUNTS})
                  for i, cell in enumerate(FOUR_CELLS)}
    OPTIONS = {"cells": CELL_COUNTS}
    OPTION_RULES = {"cells": {
        "4": "Four free cells, c0–c3 (the rules).",
        "3": "Three free cells, c0–c2; c3 is closed.",
        "2": "Two free cells, c0 and c1; c2 and c3 are closed.",
        "1": "One free cell, c0; c1–c3 are closed.",
        "0": "No free cell: c0–c3 are closed, and runs move only by way of empty columns.",
    }}
    RULES = (
        ("Cards", "one deck of 52, all face up. Free cells c0–c3, foundations f0–f3 and eight columns t0–t7."),
        ("Deal", "one card at a time across t0 … t7, so t0–t3 get seven cards and t4–t7 six. "
                 "FreeCell.deal_number(n) deals Microsoft's numbered deal n (1 to 2**31 − 1)."),
        ("Free cells", "{cells} Each cell in play holds one card, any card, until it plays onto a column or home."),
        ("Foundations", "{foundation} A card on a foundation never moves again."),
        ("Columns", "{tableau} That is at most one card more than the empty free cells, doubled for each empty "
                    "column it does not move into."),
        ("End", "won when all 52 cards are home; lost when no move is left."),
    )
    INTERCHANGEABLE = (FOUR_CELLS, EIGHT_COLUMNS)
    CAN_CYCLE = True  # a card can go back and forth between cells and columns
    GUIDE = CELLS_GUIDE
    # the family's pace with the cards under the runs counting twice as much
    # (300001-300200 at 1 s of CPU: as many won, median positions 623 against 670)
    PACE = dataclasses.replace(FAMILY_PACE, under_runs=0.08)
    # A deal that pace loses itself in is often won at once by one that
    # minds a card in a cell less and the cards over the next ones home
    # more: after 10,000 positions the guided pass starts again with it (of
    # the 34 deals of 300201-301000 the first pace leaves at 10,000, 27 are
    # won within a second of CPU).
    RESTARTS = (Restart(after=10_000, pace=Pace(cell=0.3, covering=1.0, under_runs=0.04)),)
    SAFE_HOME_IN_ONE_STEP = True
    LAYOUT = cells_on_top(FOUR_CELLS, EIGHT_COLUMNS)

    @classmethod
    def deal_number(cls, number: int, **options: Any) -> "FreeCell":
        """Microsoft's FreeCell deal ``number`` (1 to 2**31 − 1), shuffled as
        its FreeCell shuffles (a linear congruential generator, C's
        ``rand()``); ``options`` as for a new game (``cells="2"``).

        >>> [str(card) for card in FreeCell.deal_number(11982)["t7"]]
        ['J♠', 'K♠', '3♣', '7♣', '7♠', '5♥']
        >>> FreeCell.deal_number(0)
        Traceback (most recent call last):
        ...
        ValueError: a Microsoft FreeCell deal number is a whole number from 1 to 2**31 - 1, not 0
        """
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number < 2**31:
            raise ValueError(f"a Microsoft FreeCell deal number is a whole number from 1 to 2**31 - 1, "
                             f"not {number!r}")
        deck, state, order = list(range(52)), number, []  # card i: rank i // 4 + 1, suit "CDHS"[i % 4]
        for left in range(52, 0, -1):
            state = (state * 214013 + 2531011) & 0x7FFFFFFF
            j = (state >> 16) % left
            order.append(deck[j])
            deck[j] = deck[left - 1]
        return cls(deck=[Card(i // 4 + 1, "CDHS"[i % 4]) for i in order], **options)

    def _setup(self, order: list[int]) -> None:
        self.dealer(order).round_robin(EIGHT_COLUMNS)  # one card at a time across the columns

    def _safe_drop(self, s: int, t: int) -> bool:
        return safe_in_alternating_colours(self, s)


class BakersGame(FreeCell):
    """Baker's Game: FreeCell built down in suit (FreeCell's ancestor)."""

    name = "bakers_game"
    title = "Baker's Game"
    PACE = FAMILY_PACE  # (FreeCell's count of the cards under the runs wins fewer: seeds 0-59, 46 against 47)
    TABLEAU = Tableau(DOWN_IN_SUIT, moves=runs(limit="free_cells"))
    PILE_RULES = {}  # (every cell in play: FreeCell's option is not Baker's Game's)
    OPTIONS = {}
    OPTION_RULES = {}
    RULES = (
        ("Cards", "one deck of 52, all face up. Free cells c0–c3, foundations f0–f3 and eight columns t0–t7."),
        ("Deal", "as FreeCell's: one card at a time across t0 … t7, so t0–t3 get seven cards and t4–t7 six. "
                 "BakersGame.deal_number(n) lays out Microsoft's FreeCell deal n."),
        ("Free cells", "each holds one card, any card, until it plays onto a column or home."),
        ("Foundations", "{foundation} A card on a foundation never moves again."),
        ("Columns", "{tableau} That is at most one card more than the empty free cells, doubled for each empty "
                    "column it does not move into."),
        ("End", "won when all 52 cards are home; lost when no move is left."),
    )

    def _safe_drop(self, s: int, t: int) -> bool:
        # One deck, built down in suit: the only card that could lie on this
        # one is the next lower of its suit, which is home already.
        return True


class EightOff(Game):
    """Eight Off: eight free cells, four dealt a card; columns down in suit; an
    empty column takes only a king."""

    name = "eight_off"
    title = "Eight Off"
    PILES, ROLES = piles_by_role(cell=EIGHT_CELLS, foundation=FOUNDATIONS, tableau=EIGHT_COLUMNS)
    ROUTES = cell_routes(EIGHT_CELLS, EIGHT_COLUMNS)
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(DOWN_IN_SUIT, empty=KINGS, moves=runs(limit="free_cells"))
    RULES = (
        ("Cards", "one deck of 52, all face up. Free cells c0–c7, foundations f0–f3 and eight columns t0–t7."),
        ("Deal", "six rows across t0 … t7, six cards on each column; the other four cards go to the free cells "
                 "c0, c2, c4 and c6."),
        ("Free cells", "each holds one card, any card, until it plays onto a column or home."),
        ("Foundations", "{foundation} A card on a foundation never moves again."),
        ("Columns", "{tableau} An empty column holds no card of a run on its way, so a run is at most one card "
                    "more than the empty free cells."),
        ("End", "won when all 52 cards are home; lost when no move is left."),
    )
    INTERCHANGEABLE = (EIGHT_CELLS, EIGHT_COLUMNS)
    CAN_CYCLE = True
    GUIDE = FAMILY_GUIDE
    PACE = FAMILY_PACE
    SAFE_HOME_IN_ONE_STEP = True
    LAYOUT = cells_on_top(EIGHT_CELLS, EIGHT_COLUMNS)
    NARROW_LAYOUTS = (foundations_over_cells(EIGHT_CELLS, EIGHT_COLUMNS, max_width=900),)

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.rows(EIGHT_COLUMNS, 6)
        deal.rows(EIGHT_CELLS[::2])

    def _safe_drop(self, s: int, t: int) -> bool:
        return True  # built down in suit: the one card that could lie on it is home


class SeahavenTowers(Game):
    """Seahaven Towers: ten columns of five, four free cells (two dealt a
    card); columns down in suit; an empty column takes only a king."""

    name = "seahaven_towers"
    title = "Seahaven Towers"
    PILES, ROLES = piles_by_role(cell=FOUR_CELLS, foundation=FOUNDATIONS, tableau=TEN_COLUMNS)
    ROUTES = cell_routes(FOUR_CELLS, TEN_COLUMNS)
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(DOWN_IN_SUIT, empty=KINGS, moves=runs(limit="free_cells"))
    RULES = (
        ("Cards", "one deck of 52, all face up. Free cells c0–c3, foundations f0–f3 and ten columns t0–t9."),
        ("Deal", "five rows across t0 … t9, five cards on each column; the other two cards go to the free cells "
                 "c1 and c2."),
        ("Free cells", "each holds one card, any card, until it plays onto a column or home."),
        ("Foundations", "{foundation} A card on a foundation never moves again."),
        ("Columns", "{tableau} An empty column holds no card of a run on its way, so a run is at most one card "
                    "more than the empty free cells."),
        ("End", "won when all 52 cards are home; lost when no move is left."),
    )
    INTERCHANGEABLE = (FOUR_CELLS, TEN_COLUMNS)
    CAN_CYCLE = True
    GUIDE = FAMILY_GUIDE
    PACE = FAMILY_PACE
    SAFE_HOME_IN_ONE_STEP = True
    LAYOUT = cells_on_top(FOUR_CELLS, TEN_COLUMNS)
    NARROW_LAYOUTS = (in_two_rows(FOUR_CELLS, TEN_COLUMNS),)

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.rows(TEN_COLUMNS, 5)
        deal.rows(FOUR_CELLS[1:3])

    def _safe_drop(self, s: int, t: int) -> bool:
        return True  # built down in suit: the one card that could lie on it is home


class KingAlbert(Game):
    """King Albert: nine columns of one to nine cards, a reserve of seven
    single cards, down in alternating colours, one card at a time."""

    name = "king_albert"
    title = "King Albert"
    PILES, ROLES = piles_by_role(reserve=RESERVES, foundation=FOUNDATIONS, tableau=NINE_COLUMNS)
    ROUTES = {pile: FOUNDATIONS + NINE_COLUMNS for pile in RESERVES + NINE_COLUMNS}
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(DOWN_ALTERNATE_COLOURS, empty=ANY_CARD)
    RULES = (
        ("Cards", "one deck of 52, all face up. The reserve r0–r6, foundations f0–f3 and nine columns t0–t8."),
        ("Deal", "rows across the columns, each row starting one column further right, so t0 gets one card and t8 "
                 "nine; the other seven cards go to r0 … r6, one each."),
        ("Reserve", "each reserve card plays to a foundation or onto a column; nothing is put on the reserve."),
        ("Foundations", "{foundation} A card on a foundation never moves again."),
        ("Columns", "only a top card moves, one at a time: home, or onto another column. {tableau}"),
        ("End", "won when all 52 cards are home; lost when no move is left."),
    )
    INTERCHANGEABLE = (RESERVES, NINE_COLUMNS)
    CAN_CYCLE = True
    GUIDE = FAMILY_GUIDE
    PACE = Pace(covering=0.5)
    LAYOUT = Layout(cols=11.5, rows=(Row(), Row(height=3.5)), slots=(
        *run(FOUNDATIONS, 0, 0), *run(RESERVES, 0, 4.5), *run(NINE_COLUMNS, 1, 1.25, fan="down")))
    NARROW_LAYOUTS = (Layout(cols=9, max_width=800, rows=(Row(), Row(), Row(height=3.5)), slots=(
        *run(FOUNDATIONS, 0, 2.5), *run(RESERVES, 1, 1), *run(NINE_COLUMNS, 2, 0, fan="down"))),)

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        for first in range(len(NINE_COLUMNS)):  # t0 … t8, then t1 … t8, … then t8 alone
            deal.rows(NINE_COLUMNS[first:])
        deal.rows(RESERVES)

    def _safe_drop(self, s: int, t: int) -> bool:
        return safe_in_alternating_colours(self, s)


GAMES: tuple[type[Game], ...] = (FreeCell, BakersGame, EightOff, SeahavenTowers, KingAlbert)
