"""The cards on the table, and reading them: what a position is.

A position is every pile's cards (card ids, bottom first), how many cards at
the bottom of each pile lie face down, how many redeals were made, and any
extra state its game declares (``Game.STATE``).  ``Position`` holds them and
answers questions about them; ``Game`` adds the rules, the moves and their
history (as python-chess splits ``BaseBoard`` from ``Board``).

>>> import solitaire_widgets as sw
>>> g = sw.Cruel(seed=5)
>>> g["f0"], g.top("t0") == g["t0"][-1], g.face_down("t0"), g.cards_home
((Card.parse('A♠'),), True, 0, 4)
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, ClassVar, Mapping, Optional

from .cards import CARD, FACE, Card
from .shape import GameShape


class Position:
    """The state of a game's table and the ways to read it (``Game`` is one)."""

    PILES: ClassVar[tuple[str, ...]] = ()
    STATE: ClassVar[tuple[str, ...]] = ()
    SHAPE: ClassVar[GameShape]
    title: ClassVar[str] = ""
    _piles: list[list[int]]  # card ids of each pile, bottom first, by pile index
    _down: list[int]  # face-down cards at the bottom of each pile
    _redeals: int
    _card_count: int
    _pack_ids: tuple[int, ...]  # the ids of the cards the deal holds

    @property
    def piles(self) -> Mapping[str, tuple[Card, ...]]:
        """Read-only mapping pile id -> cards, bottom first."""
        return MappingProxyType({p: self[p] for p in self.PILES})

    def __getitem__(self, pile: str) -> tuple[Card, ...]:
        return tuple(CARD[c] for c in self._piles[self._pile_index(pile)])

    def card_ids(self, pile: str) -> tuple[int, ...]:
        """Physical card ids of a pile, bottom first (``Card.from_id`` reads one)."""
        return tuple(self._piles[self._pile_index(pile)])

    def face_down(self, pile: str) -> int:
        """How many cards at the bottom of ``pile`` lie face down."""
        i = self._pile_index(pile)
        if self.SHAPE.roles[i] == "stock":  # the stock always lies face down
            return len(self._piles[i])
        return self._down[i]

    def top(self, pile: str) -> Optional[Card]:
        """The top card of ``pile``, or None when it is empty."""
        p = self._piles[self._pile_index(pile)]
        return CARD[p[-1]] if p else None

    @property
    def cards_home(self) -> int:
        """Cards home: those on the foundations, or the cards the game counts
        as home itself (``Game._cards_home``: Accordion's gathered cards)."""
        return self._cards_home()

    def _cards_home(self) -> int:
        """How many cards are home in this position (a hook of ``Game``:
        what the score counts, the solver's progress, Gymnasium's reward).
        Default: the cards on the foundations.  A game without foundations
        says what counts as home for it (Accordion: every card covered by
        another); it counts ``card_count`` at most, and the default win
        (every card home) follows it."""
        return sum(len(self._piles[f]) for f in self.SHAPE.foundations)

    @property
    def card_count(self) -> int:
        """Cards in play: the whole pack, or those of a ``from_position`` position."""
        return self._card_count

    @property
    def redeals(self) -> int:
        """Redeals made so far (the stock actions that start a new pass)."""
        return self._redeals

    @property
    def state(self) -> dict[str, Any]:
        """The extra state the game keeps besides its cards (``STATE``), by name."""
        return {name: getattr(self, name) for name in self.STATE}

    def key(self) -> bytes:
        """A compact hashable key of the position (identical cards alike).

        Two positions with the same key play the same from here on: the key
        holds the piles, the face-down counts, the redeals made (so the
        redeals or passes left), the game's extra state (``STATE``) and what
        fixes how later redeals turn out (the rule options, and the game's
        own reshuffles where it has them).

        >>> import solitaire_widgets as sw
        >>> sw.Cruel(seed=3).key() == sw.Cruel(seed=3, gather="pysol").key()
        False
        """
        parts = [bytes(FACE[c] for c in p) for p in self._piles]
        parts.append(bytes(self._down))
        parts.append(self._redeals.to_bytes(8, "big"))
        parts.append(self._rules_key)
        if self.STATE:
            parts.append(repr(tuple(getattr(self, name) for name in self.STATE)).encode())
        return b"\xff".join(parts)

    _rules_key: bytes

    def _pile_index(self, pile: str) -> int:
        try:
            return self.SHAPE.index[pile]
        except (KeyError, TypeError):
            raise KeyError(f"{self.title} has no pile {pile!r} (its piles: {', '.join(self.PILES)})") from None
