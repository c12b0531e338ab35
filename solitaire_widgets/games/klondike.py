"""Klondike and the games that build like it: seven columns, suits home
from the ace.

* **Klondike**: columns built down in alternating colours, runs move
  together, an empty column takes a king; a stock turned onto a waste one
  or three cards at a time (option ``draw``), as often as you like, three
  times or once (option ``passes``).
* **Whitehead**: Klondike's deal with every card face up; columns built
  down in the same colour, runs of one suit move together, an empty column
  takes any card; one card a draw, one pass (as PySolFC plays it).
* **Yukon**: no stock; every card dealt, the first ones face down; any
  face-up card moves with all the cards on it; an empty column takes a king.
* **Russian Solitaire**: Yukon built down in suit.

Rulings where sources differ:

* A card on a foundation stays there.  Some rule books (and Solvitaire's
  presets) let a card come back from a foundation to a column; PySolFC's
  Klondike does not allow it by default and the engine keeps foundations
  final.  Fewer deals can be won so, never more.
* Klondike's run of cards moves as a unit or any top part of it (as
  PySolFC and Aisleriot play); ``draw="3"`` turns three cards at a time
  and only the top one plays; a redeal turns the waste over, card order
  kept.  No score is kept.
* Whitehead follows PySolFC: one pass, one card a draw, all 52 cards face
  up, runs of one suit move (a same-colour run of two suits does not).
* Yukon's and Russian Solitaire's deal is PySolFC's: t0 one card face up;
  t1–t6 one to six face down, each with five face up on them.

>>> import solitaire_widgets as sw
>>> g = sw.Klondike(seed=3)
>>> [len(g[t]) for t in g.piles_of("tableau")], len(g["stock"]), g.face_down("t6")
([1, 2, 3, 4, 5, 6, 7], 24, 6)
>>> [len(sw.Yukon(seed=3)[t]) for t in sw.Yukon.piles_of("tableau")]
[1, 6, 7, 8, 9, 10, 11]
"""

from __future__ import annotations

from ..kit import (ANY_CARD, DOWN_ALTERNATE_COLOURS, DOWN_IN_SUIT, FACE_UP, KINGS, RANK, RUNS, SUIT, UP_IN_SUIT, Build,
                   Draw, Foundation, Game, Guide, Layout, Pace, Restart, Row, Slot, Tableau, by_option, piles_by_role,
                   run, runs)

FOUNDATIONS = tuple(f"f{i}" for i in range(4))
COLUMNS = tuple(f"t{i}" for i in range(7))
DOWN_SAME_COLOUR = Build("down", "same_colour")
RED = frozenset("HD")
FACE_UP_ON_EACH = 5  # Yukon: the face-up cards dealt on each of t1–t6


def home_ranks(game: Game) -> dict[str, int]:
    """Suit -> the rank its foundation has reached (0 for none yet)."""
    reached = {suit: 0 for suit in "SHDC"}
    for f in game._FOUNDATIONS:
        pile = game._piles[f]
        if pile:
            reached[SUIT[pile[-1]]] = RANK[pile[-1]]
    return reached


def nothing_builds_on(game: Game, card: int, suits: str) -> bool:
    """Whether every card that could go on ``card`` (one rank lower, of one
    of ``suits``) is home already, or ``card`` is an ace or a two (an ace
    goes home rather than onto a two).  One deck, foundations final: then
    ``card`` going home can never cost a card anything."""
    rank = RANK[card]
    if rank <= 2:
        return True
    reached = home_ranks(game)
    return all(reached[suit] >= rank - 1 for suit in suits)


def other_colour(card: int) -> str:
    return "SC" if SUIT[card] in RED else "HD"


def same_colour(card: int) -> str:
    return "HD" if SUIT[card] in RED else "SC"


def columns_layout(top: tuple[Slot, ...], height: float, *, cols: float = 7, **limits: int) -> Layout:
    """The top row, then the seven columns fanned down under it."""
    return Layout(cols, (Row(), Row(height=height)), top + run(COLUMNS, 1, (cols - 7) / 2, fan="down"), **limits)


class Klondike(Game):
    """Klondike: seven columns built down in alternating colours, suits home
    from the ace; a stock turned onto a waste one or three cards at a time."""

    name = "klondike"
    title = "Klondike"
    PILES, ROLES = piles_by_role(stock="stock", waste="waste", foundation=FOUNDATIONS, tableau=COLUMNS)
    ROUTES = {pile: FOUNDATIONS + COLUMNS for pile in ("waste",) + COLUMNS}
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(DOWN_ALTERNATE_COLOURS, empty=KINGS, moves=RUNS)
    STOCK = Draw(count=by_option("draw", {"1": 1, "3": 3}),
                 passes=by_option("passes", {"unlimited": None, "3": 3, "1": 1}))
    OPTIONS = {"draw": ("1", "3"), "passes": ("unlimited", "3", "1")}
    OPTION_RULES = {
        "draw": {"1": "Each draw turns up one card.",
                 "3": "Each draw turns up three cards (or the last one or two); only the top one plays."},
        "passes": {"unlimited": "Once the stock is empty, redeal turns the waste over into a new stock, card order "
                                "kept, as often as you like.",
                   "3": "Once the stock is empty, redeal turns the waste over into a new stock, card order kept, "
                        "twice: three passes in all.",
                   "1": "One pass through the stock: no redeal."},
    }
    RULES = (
        ("Cards", "one deck of 52. A stock, its waste, foundations f0–f3 and seven columns t0–t6."),
        ("Deal", "t0 gets one card, t1 two, and so on to t6, seven; only the top card of each column lies face "
                 "up. The other 24 cards are the stock, face down."),
        ("Foundations", "{foundation} A card on a foundation stays there: some rule books let it come back to a "
                        "column, this game does not."),
        ("Columns", "{tableau} A face-down card turns up as soon as it is the top card."),
        ("Stock", "draw turns cards from the stock face up onto the waste, whose top card plays. {draw} {passes}"),
        ("End", "won when all 52 cards are home; lost when no move is left."),
    )
    INTERCHANGEABLE = COLUMNS
    CAN_CYCLE = True  # a run can go back and forth between columns, and the stock round and round
    GUIDE = Guide(home_before_stock=True)  # (21 of 30 deals won at 20,000 positions, 19 without)
    # a redeal counts half a card short of home: the same deals won, with fewer
    # rounds of the stock (draw 3, seeds 0-39 at 5,000 positions: lines 139 -> 133)
    PACE = Pace(per_redeal=0.5)
    # The positions a deal needs vary more from one pace to another than
    # from deal to deal: most wins come within 4,000 positions or not for
    # thousands more, and another pace wins other deals.  So the search
    # starts again every 4,000 positions with another pace, the last (slow
    # to start, the best of those tried at finding wins deep) for the rest.
    # (Draw 3, seeds 0-199 at 12,000 positions: 113 decided with PACE
    # alone, 128 with these; seeds 200-299 at 40,000: 66 -> 71.)
    RESTARTS = (Restart(after=4_000, pace=Pace(per_redeal=1.5, waste=0.5)),
                Restart(after=8_000, pace=Pace(per_redeal=0.5, covering=0.5)),
                Restart(after=12_000, pace=Pace(per_redeal=0.5, knot=1.0)),
                Restart(after=16_000, pace=Pace(per_redeal=3.0, waste=0.3)))
    # Most deals the solver wins within 20,000 positions it wins within
    # 2,000 (seeds 0-59: draw 1, 37 of 43; draw 3, 25 of 35; three passes,
    # 24 of 33), and the deals it does not win use up any budget: a small
    # one finds a winnable deal sooner.
    DEAL_STATES = 2_000
    # Stock, waste (fanned right: three cards show after a draw of three) and
    # the four foundations in the top row; the columns fanned down under them.
    LAYOUT = columns_layout((Slot("stock", 0, 0, badge=True), Slot("waste", 0, 1, span=1.8, fan="right"),
                             *run(FOUNDATIONS, 0, 3)), 3.5)

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.each(COLUMNS, range(1, 8), face_up=1)  # 1 + 2 + … + 7 = 28 cards
        deal.rest_to("stock")

    def _safe_drop(self, s: int, t: int) -> bool:
        # Only a card one rank lower of the other colour goes on it.  From the
        # waste, with three cards a draw, taking a card out changes which
        # cards later draws turn up: not safe.
        if self.PILES[s] == "waste" and self._options["draw"] != "1":
            return False
        card = self._piles[s][-1]
        return nothing_builds_on(self, card, other_colour(card))


class Whitehead(Game):
    """Whitehead: Klondike's deal face up, columns built down in the same
    colour, runs of one suit move together; one pass."""

    name = "whitehead"
    title = "Whitehead"
    PILES, ROLES = Klondike.PILES, Klondike.ROLES
    ROUTES = Klondike.ROUTES
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(DOWN_SAME_COLOUR, empty=ANY_CARD, moves=runs(DOWN_IN_SUIT))
    STOCK = Draw()
    RULES = (
        ("Cards", "one deck of 52. A stock, its waste, foundations f0–f3 and seven columns t0–t6."),
        ("Deal", "t0 gets one card, t1 two, and so on to t6, seven, every card face up. The other 24 cards are "
                 "the stock, face down."),
        ("Foundations", "{foundation} A card on a foundation stays there."),
        ("Columns", "{tableau} A card goes on one of its own colour: 6♥ on 7♦ or 7♥, never on 7♠."),
        ("Stock", "{stock}"),
        ("End", "won when all 52 cards are home; lost when no move is left."),
    )
    INTERCHANGEABLE = COLUMNS
    CAN_CYCLE = True
    GUIDE = Guide(home_before_stock=True, no_new_knots=True)  # (13 of 24 deals won at 20,000 positions, 10 without)
    LAYOUT = columns_layout((Slot("stock", 0, 0, badge=True), Slot("waste", 0, 1, badge=True),
                             *run(FOUNDATIONS, 0, 3)), 3.5)

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.each(COLUMNS, range(1, 8))
        deal.rest_to("stock")

    def _safe_drop(self, s: int, t: int) -> bool:
        # One rank lower of the same colour goes on it (two cards); one card a
        # draw, so a waste card going home changes nothing else.
        card = self._piles[s][-1]
        return nothing_builds_on(self, card, same_colour(card))


class Yukon(Game):
    """Yukon: no stock; any face-up card moves with all the cards on it;
    columns built down in alternating colours, an empty one takes a king."""

    name = "yukon"
    title = "Yukon"
    PILES, ROLES = piles_by_role(foundation=FOUNDATIONS, tableau=COLUMNS)
    ROUTES = {pile: FOUNDATIONS + COLUMNS for pile in COLUMNS}
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(DOWN_ALTERNATE_COLOURS, empty=KINGS, moves=FACE_UP)
    RULES = (
        ("Cards", "one deck of 52. Foundations f0–f3 and seven columns t0–t6; no stock."),
        ("Deal", "t0 gets one card, face up; t1 gets one card face down, t2 two, and so on to t6, six, and then "
                 "five cards face up go on each of t1–t6. All 52 cards are dealt."),
        ("Foundations", "{foundation} A card on a foundation stays there."),
        ("Columns", "{tableau} The cards on it need not be in order. A face-down card turns up as soon as it is "
                    "the top card."),
        ("End", "won when all 52 cards are home; lost when no move is left."),
    )
    INTERCHANGEABLE = COLUMNS
    CAN_CYCLE = True
    PACE = Pace(covering=0.5)  # uncover what goes home next (15 of 24 deals won at 20,000 positions, 13 without)
    # The foundations in the top row, the long columns under them.
    LAYOUT = columns_layout(run(FOUNDATIONS, 0, 3), 5)

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        for i, pile in enumerate(COLUMNS):  # t0: one card; t1–t6: 1–6 face down, five face up on them
            deal.to(pile, 1 if i == 0 else i + FACE_UP_ON_EACH, face_down=i)

    def _safe_drop(self, s: int, t: int) -> bool:
        card = self._piles[s][-1]
        return nothing_builds_on(self, card, other_colour(card))


class RussianSolitaire(Yukon):
    """Russian Solitaire: Yukon built down in suit."""

    name = "russian_solitaire"
    title = "Russian Solitaire"
    TABLEAU = Tableau(DOWN_IN_SUIT, empty=KINGS, moves=FACE_UP)
    # One deal in sixteen is won, each within 3,000 positions and most
    # within 1,000 (seeds 60-359: 17 of 19), while most are proved lost in
    # a few hundred: a small budget spends less on the undecided rest.
    DEAL_STATES = 1_000

    def _safe_drop(self, s: int, t: int) -> bool:
        # Only the next lower card of its suit goes on it, and that one is home.
        return True


GAMES: tuple[type[Game], ...] = (Klondike, Whitehead, Yukon, RussianSolitaire)
