"""Dealing the cards onto a game's piles as its rules say (``Game.dealer``).

A ``Dealer`` holds the cards of a deal in deal order and puts them onto the
piles, a step of the rules at a time, each step taking the next cards:

>>> import solitaire_widgets as sw
>>> class Demo(sw.Game):  # doctest: +SKIP
...     def _setup(self, order):
...         deal = self.dealer(order)
...         deal.aces_to(FOUNDATIONS)          # the aces out first, in deck order
...         deal.rows(COLUMNS, 4, face_down=2)  # four rounds across, the first two face down
...         deal.rest_to("stock")              # the rest, the next card to turn up on top
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

from .cards import RANK

if TYPE_CHECKING:
    from .game import Game


class Dealer:
    """Deals ``cards`` (ids, in deal order) onto ``game``'s piles: each method
    takes the next cards still to deal.  Piles are named by id; a pile
    dealt onto keeps what it holds."""

    def __init__(self, game: "Game", cards: Sequence[int]) -> None:
        self.game = game
        self.cards = list(cards)

    @property
    def left(self) -> int:
        """How many cards are still to deal."""
        return len(self.cards)

    def _pile(self, pile: str) -> list[int]:
        return self.game._piles[self.game._INDEX[pile]]

    def aces_to(self, piles: Sequence[str]) -> None:
        """Take the aces out of the cards still to deal, in deal order, one
        onto each of ``piles`` (as many as there are piles).

        >>> import solitaire_widgets as sw
        >>> sw.Cruel(seed=1)["f0"][0].rank
        1
        """
        aces = [card for card in self.cards if RANK[card] == 1][:len(piles)]
        for pile, ace in zip(piles, aces):
            self._pile(pile).append(ace)
        taken = set(aces)
        self.cards = [card for card in self.cards if card not in taken]

    def to(self, pile: str, count: int = 1, *, face_down: int = 0) -> None:
        """The next ``count`` cards onto ``pile``, the first at the bottom;
        the first ``face_down`` of them face down."""
        cards, self.cards = self.cards[:count], self.cards[count:]
        target = self._pile(pile)
        if face_down and not target:
            self.game._down[self.game._INDEX[pile]] = min(face_down, len(cards))
        target.extend(cards)

    def packets(self, piles: Sequence[str], size: int) -> None:
        """Packets of ``size`` cards onto ``piles`` in turn, the first card of
        a packet at the bottom, until the cards or the piles run out."""
        for pile in piles:
            self.to(pile, size)

    def rows(self, piles: Sequence[str], rounds: int = 1, *, face_down: int = 0) -> None:
        """``rounds`` rounds across ``piles``, one card onto each in turn;
        the cards of the first ``face_down`` rounds lie face down."""
        for _ in range(rounds):
            for pile in piles:
                if self.cards:
                    self._pile(pile).append(self.cards.pop(0))
        if face_down:
            for pile in piles:
                i = self.game._INDEX[pile]
                self.game._down[i] = min(face_down, max(0, len(self.game._piles[i]) - 1))

    def round_robin(self, piles: Sequence[str], count: Optional[int] = None, *, face_up: Optional[int] = None) -> None:
        """``count`` cards (all still to deal by default) one at a time
        across ``piles`` and round again; with ``face_up``, only the top
        ``face_up`` cards of each pile lie face up."""
        cards = self.cards if count is None else self.cards[:count]
        for n, card in enumerate(cards):
            self._pile(piles[n % len(piles)]).append(card)
        self.cards = self.cards[len(cards):]
        if face_up is not None:
            for pile in piles:
                i = self.game._INDEX[pile]
                self.game._down[i] = max(0, len(self.game._piles[i]) - face_up)

    def each(self, piles: Sequence[str], counts: Sequence[int], *, face_up: Optional[int] = None) -> None:
        """``counts[i]`` cards onto ``piles[i]``, pile after pile; with
        ``face_up``, only the top ``face_up`` cards of each lie face up
        (Klondike: ``each(COLUMNS, range(1, 8), face_up=1)``)."""
        for pile, count in zip(piles, counts):
            self.to(pile, count)
            if face_up is not None:
                i = self.game._INDEX[pile]
                self.game._down[i] = max(0, len(self.game._piles[i]) - face_up)

    def rest_to(self, pile: str = "stock") -> None:
        """Every card still to deal onto ``pile``, the next one on top (a
        stock turns up its cards in deal order)."""
        self._pile(pile).extend(reversed(self.cards))
        self.cards = []
