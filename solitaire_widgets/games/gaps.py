"""Gaps (Montana): four rows of thirteen with the aces taken out, leaving
four gaps; a gap is filled by the card one rank above its left neighbour,
in suit; a redeal gathers the cards out of sequence and deals them again.

Rulings where sources differ:

* The aces are set aside on a pile of their own, ``aces``, out of play
  (they count as home, as every card in sequence does).
* A gap at a row's left takes any 2; a gap right of a king or of another
  gap takes nothing.
* ``redeal``, at any time while redeals are left (PySolFC's Montana allows
  it before the play is stuck too): in each row the run from the left that
  starts with a 2 and goes up in one suit stays; every other card is
  gathered, the gathered cards are shuffled (by a shuffle the deal fixes)
  and dealt again row by row, leaving one gap right after each row's run.
  Option ``redeals``: ``"two"`` (three deals in all, as PySolFC and most
  books play), ``"three"``, or ``"none"`` (one deal, as Solvitaire's
  "Gaps, one deal" is solved).  Some books gather without shuffling
  (Gaps proper, as against Montana): not offered.
* Won when each row runs 2 to king in one suit, its gap last.

>>> import solitaire_widgets as sw
>>> g = sw.Gaps(seed=1)
>>> len(g["aces"]), sum(1 for p in g.PILES if p != "aces" and not g[p]), g.passes_left
(4, 4, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Sequence

from ..kit import CARD, FACE, NOTHING, RANK, Card, Foundation, Game, Layout, Row, Slot, by_option, piles_by_role
from ..shuffle import shuffled
from ..stocks import StockRule

ROW_NAMES = "abcd"
COLUMNS = 13
ROWS = tuple(tuple(f"{row}{col}" for col in range(1, COLUMNS + 1)) for row in ROW_NAMES)
SLOTS = tuple(slot for row in ROWS for slot in row)
TWOS = tuple(Card(2, suit).face for suit in "SHDC")
ROW_INDEXES = tuple(tuple(range(1 + r * COLUMNS, 1 + (r + 1) * COLUMNS)) for r in range(len(ROWS)))  # (aces first)


def in_sequence(row: Sequence[list[int]]) -> int:
    """How many cards of a row (its slots' piles, left to right) run from
    its left: a 2, then each card one rank up in the 2's suit."""
    count = 0
    for col, pile in enumerate(row):
        if not pile or RANK[pile[-1]] != col + 2 or (col and FACE[pile[-1]] != FACE[row[col - 1][-1]] + 1):
            break
        count += 1
    return count


@dataclass(frozen=True)
class RedealRows(StockRule):
    """``redeal``: in each row the run of cards in sequence from its left
    stays; the others are gathered, shuffled (by a shuffle the deal fixes)
    and dealt again row by row, one gap left right after each row's run;
    ``passes`` deals in all."""

    passes: Any = 3

    def actions(self) -> tuple[str, ...]:
        return ("redeal",)

    def redeal_actions(self) -> tuple[str, ...]:
        return ("redeal",)

    def pass_limit(self) -> Optional[int]:
        return self.passes

    def words(self, action: str) -> str:
        return "gathers the cards out of sequence, shuffles them and deals them again"

    def reason(self, game: "Game", action: str) -> Optional[str]:
        passes, left = self.pass_limit(), game.passes_left
        if passes == 1:
            return f"this {game.title} plays one deal: no redeal (option redeals=\"none\")"
        if left is not None and left <= 1:
            redeals = (passes or 1) - 1
            return f"{game.title} allows {redeals} redeals here and {'both' if redeals == 2 else 'all'} are used"
        if all(in_sequence(row) == COLUMNS - 1 for row in _rows(game)):
            return "every card lies in sequence: there is nothing to gather"
        return None

    def changes(self, game: "Game", action: str) -> tuple[int, ...]:
        return tuple(game._INDEX[slot] for slot in SLOTS)

    def do(self, game: "Game", action: str) -> None:
        rows = _rows(game)
        kept = [in_sequence(row) for row in rows]
        gathered = [pile[-1] for row, run in zip(rows, kept) for pile in row[run:] if pile]
        cards = iter(shuffled(gathered, game.reshuffle_seed(game.redeals + 1)))  # (the engine counted it already)
        for row, run in zip(ROWS, kept):
            for col, slot in enumerate(row):
                if col >= run:  # (col == run: the gap right after the run; a position short of cards runs out)
                    card = next(cards, None) if col > run else None
                    game._piles[game._INDEX[slot]] = [] if card is None else [card]

    def sentence(self) -> str:
        return ("redeal, at any time while one is left: in each row the cards in sequence from its left (a 2, "
                "then one rank up at a time in its suit) stay; every other card is gathered, shuffled and dealt "
                "again row by row, leaving one gap right after each row's sequence (at its left where it has none).")

    def reshuffles(self) -> bool:
        return True

    def uses_stock_pile(self) -> bool:
        return False


def _rows(game: "Game") -> list[list[list[int]]]:
    """The piles of each row, left to right."""
    piles = game._piles
    return [[piles[i] for i in row] for row in ROW_INDEXES]


def grid_layout(split: Optional[int] = None, max_width: Optional[int] = None) -> Layout:
    """The four rows of thirteen, the aces set aside at the top right; with
    ``split``, each row on two lines (``split`` slots, then the rest), the
    aces above them."""
    if split is None:
        return Layout(COLUMNS + 1.3, tuple(Row() for _ in ROWS), (
            *(Slot(slot, r, c) for r, row in enumerate(ROWS) for c, slot in enumerate(row)),
            Slot("aces", 0, COLUMNS + 0.3, badge=True)), max_width=max_width)
    lines = (Row(),) + tuple(Row(gap_before=2 if half == 0 else 0.5) for _ in ROWS for half in (0, 1))
    return Layout(split, lines, (
        Slot("aces", 0, split - 1, badge=True),
        *(Slot(slot, 1 + 2 * r + c // split, c % split) for r, row in enumerate(ROWS) for c, slot in enumerate(row))),
        max_width=max_width)


class Gaps(Game):
    """Gaps (Montana).

    * Deal: the 52 cards row by row into ``a1``–``a13``, ``b1``–``b13``,
      ``c1``–``c13`` and ``d1``–``d13``; then the aces go to ``aces`` (out
      of play), leaving four gaps.
    * A card moves only into a gap: into one at a row's left (``a1`` …)
      any 2; into another, the card of its left neighbour's suit one rank
      higher (none right of a king, none right of another gap).
    * ``redeal`` (option ``redeals``: two, three or none): the cards not in
      sequence from each row's left are shuffled and dealt again, one gap
      right after each row's sequence.
    * Won when each row runs 2 to king in one suit.  Cards home: the aces
      and the cards in sequence.
    """

    name = "gaps"
    title = "Gaps"
    PILES, ROLES = piles_by_role(foundation="aces", tableau=SLOTS)
    ROUTES = {slot: SLOTS for slot in SLOTS}
    FOUNDATION = Foundation(None, empty=NOTHING)  # the aces, out of play: nothing goes there
    KEY = "face"  # what a gap takes depends on suits (its rule is this class's own, below)
    STOCK = RedealRows(passes=by_option("redeals", two=3, three=4, none=1))
    OPTIONS = {"redeals": ("two", "three", "none")}
    OPTION_RULES = {"redeals": {
        "two": "Two redeals: three deals in all.",
        "three": "Three redeals: four deals in all.",
        "none": "No redeal: one deal (the game Solvitaire solves as \"Gaps, one deal\").",
    }}
    CAN_CYCLE = True  # a 2 may go from a row's left to another row's and back
    # Deals the solver wins it mostly wins early (on seeds 0-69, 14% within
    # 1,000 positions, 34% within 5,000): a small budget tries more seeds in
    # the same time.
    DEAL_STATES = 1_000
    RULES = (
        ("Cards", "one deck of 52, dealt face up in four rows of thirteen, a1–a13 to d1–d13; then the four aces "
                  "are set aside on the pile aces, out of play, leaving four gaps."),
        ("Play", "a card moves only into a gap. A gap at a row's left (a1, b1, c1, d1) takes any 2; any other gap "
                 "takes only the card of its left neighbour's suit and one rank higher. A gap right of a king, or "
                 "of another gap, takes nothing."),
        ("Redeal", "{stock} {redeals}"),
        ("End", "won when each row runs from a 2 at its left up to the king in one suit, its gap last; lost when "
                "no move and no redeal is left. The aces and the cards in sequence count as home."),
    )
    # Four rows of thirteen; on narrow tables each row on two lines.
    LAYOUT = grid_layout()
    NARROW_LAYOUTS = (grid_layout(split=7, max_width=560),)

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.rows(SLOTS)
        aces = self._piles[self._INDEX["aces"]]
        for slot in SLOTS:
            pile = self._piles[self._INDEX[slot]]
            if RANK[pile[-1]] == 1:
                aces.append(pile.pop())

    def _wants(self, t: int) -> Any:
        pile = self._piles[t]
        if pile or self._ROLE_AT[t] == "foundation":
            return ()
        col = (t - 1) % COLUMNS  # (the aces come first in PILES)
        if col == 0:
            return TWOS
        left = self._piles[t - 1]
        if not left or RANK[left[-1]] == 13:
            return ()
        return (FACE[left[-1]] + 1,)

    def _build_reason(self, t: int, card: int) -> str:
        slot, moving = self.PILES[t], CARD[card]
        pile = self._piles[t]
        if pile:
            return f"{slot} holds {CARD[pile[-1]]}: a card moves only into a gap"
        if (t - 1) % COLUMNS == 0:
            return f"{moving} cannot go into {slot}: a gap at a row's left takes only a 2"
        left = self.PILES[t - 1]
        if not self._piles[t - 1]:
            return f"{slot} lies right of another gap ({left}): it takes nothing"
        neighbour = CARD[self._piles[t - 1][-1]]
        if neighbour.rank == 13:
            return f"{slot} lies right of {neighbour} ({left}): no card ranks above a king, so it takes nothing"
        return (f"{moving} cannot go into {slot}: a gap takes only the card one rank above its left neighbour, in "
                f"suit, so right of {neighbour} only {Card(neighbour.rank + 1, neighbour.suit)}")

    def _route_reason(self, source: str, target: str) -> str:
        if "aces" in (source, target):
            return "the aces are out of play: no card comes from or goes to them"
        return super()._route_reason(source, target)

    def _cards_home(self) -> int:
        # (the solver asks after every move: each row read in place, by
        # faces: a row's run is its 2's face, then each face one up)
        piles = self._piles
        home = len(piles[0])
        for row in ROW_INDEXES:
            first = piles[row[0]]
            if not first or RANK[first[-1]] != 2:
                continue
            face = FACE[first[-1]]
            count = 1
            for i in row[1:]:
                pile = piles[i]
                if not pile or FACE[pile[-1]] != face + count:
                    break
                count += 1
            home += count
        return home


GAMES: tuple[type[Game], ...] = (Gaps,)
