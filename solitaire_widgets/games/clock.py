"""Clock (Travellers, Hidden Cards): thirteen packets of four face down,
one for each hour of the dial and the kings in the middle; each card turned
up goes to its hour, and the next card comes from there.

A game with no choice to make: every position has one move at most, which
the table plays by its Turn button and the solver follows.

Rulings where sources differ:

* A turned card goes face up beside its hour's face-down cards (shown at
  the top of that hour's pile), not under them: the face-down cards still
  to turn are the ones left at the pile's bottom.
* Lost as soon as the fourth king turns up while cards lie face down (the
  next card would come from the kings' pile, which has none left); won
  when the last card to turn up is the fourth king.  No redeal, no
  "relaxed" extra turn (PySolFC's Relaxed Clock).

The rules remember one thing the cards do not show: which hour the last
card went to (``STATE``: ``_hour``, the rank of the pile the next card
comes from; 13, the kings', at the deal).

>>> import solitaire_widgets as sw
>>> g = sw.Clock(seed=3)
>>> g.legal_moves(), g.face_down("h13"), g.state
([Move('turn')], 4, {'_hour': 13})
"""

from __future__ import annotations

from typing import Optional

from ..kit import NO_MOVES, NOTHING, RANK, Game, Layout, Row, Slot, Tableau, piles_by_role

HOURS = tuple(f"h{rank}" for rank in range(1, 14))  # h1 (aces, one o'clock) … h12 (queens), h13 (kings, the middle)
KINGS = 13
FAN = 2.6  # a pile's width in columns: four cards face down, then those turned up

# Where each hour lies on the dial, (row, col) of its pile's left edge.
DIAL = {12: (0, 5.2), 1: (0, 8), 2: (1, 10.2), 3: (2, 10.8), 4: (3, 10.2), 5: (4, 8), 6: (4, 5.2), 7: (4, 2.4),
        8: (3, 0.2), 9: (2, 0), 10: (1, 0.2), 11: (0, 2.4), 13: (2, 5.2)}


def dial_layout() -> Layout:
    """The thirteen piles round a clock's dial, the kings in the middle."""
    return Layout(10.8 + FAN, tuple(Row() for _ in range(5)), tuple(
        Slot(f"h{rank}", row, col, span=FAN, fan="right") for rank, (row, col) in sorted(DIAL.items())))


def list_layout(per_line: int, max_width: int) -> Layout:
    """The piles in hour order, ``per_line`` to a line (narrow tables)."""
    lines = -(-len(HOURS) // per_line)
    step = FAN + 0.2
    return Layout(per_line * step - 0.2, tuple(Row() for _ in range(lines)), tuple(
        Slot(pile, i // per_line, (i % per_line) * step, span=FAN, fan="right") for i, pile in enumerate(HOURS)),
        max_width=max_width)


class Clock(Game):
    """Clock.

    * Deal: four rounds across ``h1``–``h13``, all face down: one pile for
      each rank, ``h1`` the aces' (one o'clock) … ``h12`` the queens'
      (twelve o'clock), ``h13`` the kings' in the middle.
    * ``turn``: the top face-down card of the pile whose hour came up last
      (``h13`` first) turns face up onto the pile of its rank.
    * Won when every card is face up; lost when the fourth king turns up
      first.  Cards home: the cards turned up.
    """

    name = "clock"
    title = "Clock"
    PILES, ROLES = piles_by_role(tableau=HOURS)
    TABLEAU = Tableau(empty=NOTHING, moves=NO_MOVES)  # no card is moved by hand: turn does it all
    ACTION_NAMES = ("turn",)
    ACTION_WORDS = {"turn": "turns up the next card and puts it at its hour"}
    STATE = ("_hour",)
    RULES = (
        ("Cards", "one deck of 52, dealt face down in four rounds onto thirteen piles: h1 (the aces' pile, "
                  "at one o'clock) to h12 (the queens', at twelve o'clock) round a dial, and h13, the kings', "
                  "in the middle."),
        ("Play", "turn takes the top face-down card of the kings' pile, turns it up and puts it with the pile "
                 "of its rank; the next turn takes the top face-down card of that pile, and so on. Nothing "
                 "else moves: there is no choice to make."),
        ("End", "won when every card is face up at its hour; lost when the fourth king turns up while cards "
                "still lie face down, as the next card would come from the kings' pile, which has none left."),
    )
    LAYOUT = dial_layout()
    NARROW_LAYOUTS = (list_layout(3, max_width=760), list_layout(2, max_width=440))

    _hour: int  # the rank of the pile the next card comes from

    def _setup(self, order: list[int]) -> None:
        self.dealer(order).rows(HOURS, 4)
        self._down = [len(pile) for pile in self._piles]  # every card face down
        self._hour = KINGS

    def _source(self) -> int:
        return self._INDEX[f"h{self._hour}"]

    def _next_card(self) -> Optional[int]:
        """The card the next turn turns up, or None."""
        s = self._source()
        return self._piles[s][self._down[s] - 1] if self._down[s] else None

    def _action_reason(self, action: str) -> Optional[str]:
        if self._next_card() is None:
            return f"h{self._hour} has no face-down card left to turn up"
        return None

    def _action_piles(self, action: str) -> tuple[int, ...]:
        card = self._next_card()
        to = () if card is None else (self._INDEX[f"h{RANK[card]}"],)
        return tuple(dict.fromkeys((self._source(), *to)))

    def _do_action(self, action: str) -> None:
        s = self._source()
        card = self._piles[s].pop(self._down[s] - 1)
        self._down[s] -= 1
        self._piles[self._INDEX[f"h{RANK[card]}"]].append(card)  # face up, on top of its hour
        self._hour = RANK[card]

    def _cards_home(self) -> int:
        return sum(len(pile) for pile in self._piles) - sum(self._down)

    def _won(self) -> Optional[str]:
        return "every card is face up at its hour" if not any(self._down) and self._card_count else None

    def _lost(self) -> Optional[str]:
        k = self._INDEX[f"h{KINGS}"]
        up = sum(1 for card in self._piles[k][self._down[k]:] if RANK[card] == KINGS)
        down = sum(self._down)
        if up == 4 and down:
            return f"the fourth king turned up with {down} card{'s' * (down != 1)} still face down"
        return None


GAMES: tuple[type[Game], ...] = (Clock,)
