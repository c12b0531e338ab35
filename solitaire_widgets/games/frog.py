"""Frog: two decks, the 13-card Frog (reserve), eight foundations built up in
rank regardless of suit, and five waste columns fed only by the stock.

>>> import solitaire_widgets as sw
>>> g = sw.Frog(seed=5)
>>> len(g["reserve"]) + len(g["stock"]) + g.cards_home
104
"""

from __future__ import annotations

from ..kit import (ANY_ORDER, RANK, UP_BY_RANK, Draw, Foundation, Game, Guide, Layout, Pace, Restart, Row, Slot,
                   Tableau, piles_by_role, run)

FOUNDATIONS = tuple(f"f{i}" for i in range(8))
COLUMNS = tuple(f"t{i}" for i in range(5))
RESERVE_SIZE = 13


class Frog(Game):
    """Frog (Toad, Frog solitaire).

    * Deal: aces go to the foundations as they turn up, other cards onto the
      reserve until it holds 13.  Option ``aces``: ``"dealt"`` (the rules'
      edge case: if no ace turned up, the first ace left in the deck goes to
      ``f0``) or ``"all"`` (the other reading of "place eight aces": every ace
      left in the deck is taken out onto the next empty foundations, in deck
      order).  The rest is the stock.
    * Foundations: ace, then up in rank to king, any suit.
    * ``draw`` turns the stock's top card onto the waste, which holds one card:
      it must be played (to a foundation or any column) before the next draw.
    * Reserve and column tops go only to the foundations.  One pass.
    """

    name = "frog"
    title = "Frog"
    decks = 2
    PILES, ROLES = piles_by_role(stock="stock", waste="waste", reserve="reserve", foundation=FOUNDATIONS,
                                 tableau=COLUMNS)
    ROUTES = {
        "waste": FOUNDATIONS + COLUMNS,
        "reserve": FOUNDATIONS,
        **{column: FOUNDATIONS for column in COLUMNS},
    }
    FOUNDATION = Foundation(UP_BY_RANK)
    TABLEAU = Tableau(ANY_ORDER)  # any card goes on any column (ROUTES: only the waste's)
    STOCK = Draw(waste_holds=1)
    OPTIONS = {"aces": ("dealt", "all")}
    INTERCHANGEABLE = COLUMNS  # every column takes the waste card, gives only to foundations
    GUIDE = Guide(home_before_stock=True, no_new_knots=True)
    PACE = Pace(stock=3.0)  # go through the stock early, laying its cards out on the columns
    # A deal that pace loses itself in is often won at once by another: after
    # 3,000 positions the guided pass starts again every 2,500 with the next
    # three paces (the ones that won most); from 10,500 to 30,000 it plays
    # out (greedy lines, each move now and then the next best), as a deal lost
    # for one early choice is won by a line that differs from the start;
    # after that, the other paces every 2,500.
    RESTARTS = (
        Restart(after=3_000, pace=Pace(stock=3.0, covering=0.5)),
        Restart(after=5_500, pace=Pace(stock=3.0, per_move=0.2)),
        Restart(after=8_000, pace=Pace(stock=4.0, covering=0.25)),
        Restart(after=10_500, pace=PACE, playouts=0.1),
        *(Restart(after=30_000 + 2_500 * i, pace=pace) for i, pace in enumerate((
            Pace(stock=2.0, covering=1.0), Pace(stock=1.5, covering=0.5), Pace(stock=3.0, covering=0.5, per_move=0.1),
            Pace(stock=2.0), Pace(stock=5.0, covering=1.0), Pace(stock=3.0, covering=2.0)))))
    # Stock, waste and the Frog (the reserve, fanned) on top; the eight
    # foundations; the five columns the waste feeds, fanned down.
    LAYOUT = Layout(cols=8, rows=(Row(), Row(gap_before=1.5), Row(height=1.8, gap_before=2)), slots=(
        Slot("stock", 0, 0, badge=True), Slot("waste", 0, 1, badge=True),
        Slot("reserve", 0, 2.3, span=5.7, fan="right", badge=True),
        *run(FOUNDATIONS, 1, 0), *run(COLUMNS, 2, 1.5, fan="down"),
    ))
    RULES = (
        ("Cards", "two decks, 104 cards. Stock, waste, the reserve (the Frog), foundations f0–f7 and "
                  "five columns t0–t4."),
        ("Deal", "cards are turned up from the deck: an ace goes to the next empty foundation, any "
                 "other card onto the reserve, until the reserve holds 13 cards (never an ace). {aces} "
                 "The rest is the stock, face down."),
        ("Foundations", "{foundation} A card on a foundation never moves again."),
        ("Draw", "turns the stock's top card onto the waste. The waste holds one card: play it to a "
                 "foundation or onto any column (empty or not, any rank or suit) before the next draw."),
        ("Reserve and columns", "their top cards go only to the foundations; nothing else goes onto a "
                                "column and nothing goes onto the reserve."),
        ("End", "one pass through the stock, no redeal. Won when all 104 cards are home; lost when no "
                "move is left."),
    )
    OPTION_RULES = {"aces": {
        "dealt": "Only the aces met while dealing the reserve start on the foundations; if there were "
                 "none, the first ace left in the deck is taken out onto f0. The other aces come "
                 "from the stock in play.",
        "all": "All eight aces start on the foundations: those met while dealing the reserve, then "
               "every other ace taken out of the deck, in deck order.",
    }}

    def _setup(self, order: list[int]) -> None:
        deck = list(order)
        reserve = self._piles[self._INDEX["reserve"]]
        foundations = iter(self._FOUNDATIONS)
        while deck and len(reserve) < RESERVE_SIZE:
            card = deck.pop(0)
            if RANK[card] == 1:
                self._piles[next(foundations)].append(card)
            else:
                reserve.append(card)
        if self._options["aces"] == "all":
            for ace in [card for card in deck if RANK[card] == 1]:
                self._piles[next(foundations)].append(ace)
            deck = [card for card in deck if RANK[card] != 1]
        elif not any(self._piles[f] for f in self._FOUNDATIONS):
            first_ace = next(i for i, card in enumerate(deck) if RANK[card] == 1)
            self._piles[self._INDEX["f0"]].append(deck.pop(first_ace))
        self._piles[self._INDEX["stock"]] = deck[::-1]  # next card on top

    def _safe_drop(self, s: int, t: int) -> bool:
        # Columns take cards only from the waste and never build, so no card
        # on the table waits for another to be put on it; but each foundation
        # takes one card of each rank, and a card that goes home takes a place
        # another copy of its rank may need (one lying on the card a lower
        # foundation waits for).  Safe once no foundation is below the rank
        # under it: every place left for that rank is then alike.
        rank = RANK[self._piles[s][-1]]
        return all(len(self._piles[f]) >= rank - 1 for f in self._FOUNDATIONS)

    def _route_reason(self, source: str, target: str) -> str:
        if target in COLUMNS and source in ("reserve",) + COLUMNS:
            return (f"in Frog only the waste card may go onto a column; cards on the "
                    f"{'reserve' if source == 'reserve' else 'columns'} go only to the foundations")
        return super()._route_reason(source, target)
