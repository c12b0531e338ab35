"""A position: the cards on the table, as a value of its own.

A position is every pile's cards (card ids, bottom first), how many cards at
the bottom of each pile lie face down, how many redeals were made, and the
extra state its game declares (``Game.STATE``).  ``Position`` holds exactly
these, lays out a position given in words (``laid_out``: what
``Game.from_position`` takes), copies itself, gives its key and reads its
piles by id.  A ``Game`` holds one and adds the rules, the moves and their
history, as python-chess's ``Board`` adds them to its ``BaseBoard``; the
engine's mover (``fast_path.py``) changes the position and nothing else.

>>> import solitaire_widgets as sw
>>> p = Position.laid_out(sw.Cruel, {"f0": "AS 2S", "t0": "5S 4S"}, pack=range(52))
>>> p.top("t0"), p.cards_home, p.copy().key() == p.key()
(Card.parse('4♠'), 2, True)
>>> g = sw.Cruel(seed=5)
>>> g["f0"], g.top("t0") == g["t0"][-1], g.face_down("t0"), g.cards_home
((Card.parse('A♠'),), True, 0, 4)
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Optional, Sequence, Union

from .arguments import whole_number
from .cards import CARD, FACE, Card, CardLike
from .shape import GameShape

if TYPE_CHECKING:
    from .game import Game


class Position:
    """The cards on a game's table: ``piles`` (each pile's card ids, bottom
    first, by pile index), ``down`` (how many cards at the bottom of each
    pile lie face down), ``redeals`` (redeals made) and ``state`` (the
    game's ``STATE`` by name), for the piles of ``shape`` (a game class's
    ``SHAPE``).  ``changes`` counts the changes made to it (what is worked
    out from a position, such as its legal moves, is kept for as long as
    the count stays).  A position made without piles is an empty table.

    The lists are the position's own, and live: the mover changes them
    in place, and a game's hooks read them as ``self._piles`` and
    ``self._down``.
    """

    __slots__ = ("shape", "piles", "down", "redeals", "state", "changes")

    def __init__(self, shape: GameShape, piles: Optional[list[list[int]]] = None, down: Optional[list[int]] = None,
                 redeals: int = 0, state: Optional[dict[str, int]] = None) -> None:
        self.shape = shape
        self.piles: list[list[int]] = [[] for _ in shape.piles] if piles is None else piles
        self.down: list[int] = [0] * len(shape.piles) if down is None else down
        self.redeals = redeals
        self.state: dict[str, int] = {} if state is None else state
        self.changes = 0

    @classmethod
    def laid_out(cls, game_class: type["Game"], piles: Mapping[str, Union[str, Iterable[CardLike]]], *,
                 face_down: Optional[Mapping[str, int]] = None, redeals: int = 0,
                 state: Optional[Mapping[str, int]] = None, pack: Sequence[int]) -> "Position":
        """The position of a game of ``game_class`` that ``piles``,
        ``face_down``, ``redeals`` and ``state`` describe, as
        ``Game.from_position`` takes them, its cards drawn from ``pack`` (the
        deal's card ids); a ``ValueError`` names what is wrong (an unknown
        pile, a card that does not parse, a card more often than the pack
        holds, a face-down count beyond the pile, missing state).
        """
        if not isinstance(piles, Mapping):
            raise ValueError(f"piles must be a dict of pile id -> cards, like {{'t0': '5S 4S'}}, "
                             f"not {type(piles).__name__}")
        shape = game_class.SHAPE
        in_pack = Counter(FACE[i] for i in pack)
        copies = [0] * 52
        laid: list[list[int]] = [[] for _ in shape.piles]
        for pile, cards in piles.items():
            i = _pile_named(game_class, pile, "piles")
            if isinstance(cards, str):
                cards = cards.replace(",", " ").split()
            elif isinstance(cards, bytes) or not isinstance(cards, Iterable):
                raise ValueError(f"piles[{pile!r}] must be cards like '5S 4S' or ['5S', '4S'], not {cards!r}")
            for n, text in enumerate(cards, 1):
                try:
                    card = Card.parse(text)
                except ValueError as err:
                    raise ValueError(f"{pile} card {n}: {err}") from None
                k = copies[card.face]
                if k >= in_pack[card.face]:
                    raise ValueError(f"{pile} card {n}: {_pack_limit(game_class, card, in_pack[card.face])}")
                copies[card.face] = k + 1
                laid[i].append(k * 52 + card.face)
        down = [0] * len(shape.piles)
        if face_down is not None and not isinstance(face_down, Mapping):
            raise ValueError(f"face_down must be a dict of pile id -> count, like {{'t0': 2}}, "
                             f"not {type(face_down).__name__}")
        for pile, count in (face_down or {}).items():
            i = _pile_named(game_class, pile, "face_down")
            if shape.roles[i] == "stock":
                raise ValueError("the stock's cards all lie face down: leave the stock out of face_down")
            size = len(laid[i])
            # A covered pile's cards may all lie face down until it is uncovered,
            # and so may those of a pile no card leaves by hand (Clock's hours).
            if shape.covered_by[i] or i not in shape.sources:
                if not whole_number(count, at_least=0, below=size + 1):
                    raise ValueError(f"face_down[{pile!r}] must be a whole number from 0 to {size} ({pile} holds "
                                     f"{size} card{'s' * (size != 1)}), not {count!r}")
            elif not whole_number(count, at_least=0, below=max(size, 1)):
                raise ValueError(f"face_down[{pile!r}] must be a whole number from 0 to {max(size - 1, 0)} "
                                 f"({pile} holds {size} card{'s' * (size != 1)} and its top card lies face up), "
                                 f"not {count!r}")
            down[i] = int(count)
        if not whole_number(redeals, at_least=0):
            raise ValueError(f"redeals must be a whole number ≥ 0, not {redeals!r}")
        return cls(shape, laid, down, int(redeals), _checked_state(game_class, state))

    def arguments(self) -> dict[str, Any]:
        """What ``Game.from_position`` lays this position out from again
        (``piles``, ``face_down``, ``redeals`` and, where the game keeps
        any, ``state``), as saves write it.

        >>> import solitaire_widgets as sw
        >>> Position.laid_out(sw.Cruel, {"t0": "5S 4S"}, redeals=1, pack=range(52)).arguments()
        {'piles': {'t0': '5S 4S'}, 'face_down': {}, 'redeals': 1}
        """
        names = self.shape.piles
        laid: dict[str, Any] = {
            "piles": {pile: " ".join(CARD[c].code for c in self.piles[i]) for i, pile in enumerate(names)
                      if self.piles[i]},
            "face_down": {pile: self.down[i] for i, pile in enumerate(names) if self.down[i]},
            "redeals": self.redeals,
        }
        if self.shape.state:
            laid["state"] = {name: self.state[name] for name in self.shape.state}
        return laid

    def copy(self) -> "Position":
        """An independent copy (its change count carried over)."""
        clone = Position(self.shape, [pile[:] for pile in self.piles], self.down[:], self.redeals, dict(self.state))
        clone.changes = self.changes
        return clone

    def key(self, rules: bytes = b"") -> bytes:
        """A compact hashable key of the position (identical cards alike):
        the piles, the face-down counts, the redeals made and the extra
        state, with ``rules`` (what besides the position decides how play
        goes on: ``Game.key`` gives its options and reshuffles) among them."""
        parts = [bytes(FACE[c] for c in p) for p in self.piles]
        parts.append(bytes(self.down))
        parts.append(self.redeals.to_bytes(8, "big"))
        parts.append(rules)
        if self.shape.state:
            parts.append(repr(tuple(self.state[name] for name in self.shape.state)).encode())
        return b"\xff".join(parts)

    # --- reading by pile id --------------------------------------------------
    def index(self, pile: str) -> int:
        """The index of pile ``pile``; a ``KeyError`` naming the piles where there is none."""
        try:
            return self.shape.index[pile]
        except (KeyError, TypeError):
            raise KeyError(f"{self.shape.title} has no pile {pile!r} (its piles: {', '.join(self.shape.piles)})"
                           ) from None

    def cards(self, pile: str) -> tuple[Card, ...]:
        """The cards of ``pile``, bottom first."""
        return tuple(CARD[c] for c in self.piles[self.index(pile)])

    def card_ids(self, pile: str) -> tuple[int, ...]:
        """Physical card ids of a pile, bottom first (``Card.from_id`` reads one)."""
        return tuple(self.piles[self.index(pile)])

    def face_down(self, pile: str) -> int:
        """How many cards at the bottom of ``pile`` lie face down."""
        i = self.index(pile)
        if self.shape.roles[i] == "stock":  # the stock always lies face down
            return len(self.piles[i])
        return self.down[i]

    def top(self, pile: str) -> Optional[Card]:
        """The top card of ``pile``, or None when it is empty."""
        p = self.piles[self.index(pile)]
        return CARD[p[-1]] if p else None

    @property
    def cards_home(self) -> int:
        """Cards on the foundations (what ``Game.cards_home`` counts, unless
        the game counts its cards home itself: ``Game._cards_home``)."""
        return sum(len(self.piles[f]) for f in self.shape.foundations)


def _pile_named(game: type["Game"], pile: Any, what: str) -> int:
    if pile not in game.SHAPE.index:
        raise ValueError(f"{what} names {pile!r}, but {game.title} has no such pile "
                         f"(its piles: {', '.join(game.PILES)})")
    return game.SHAPE.index[pile]


def _checked_state(game: type["Game"], state: Optional[Mapping[str, int]]) -> dict[str, int]:
    """``state`` as a position keeps it: every name of the game's ``STATE``, a whole number."""
    if state is None:
        if game.STATE:
            raise ValueError(f"{game.title} keeps state besides its cards ({', '.join(game.STATE)}): "
                             "give it as state={...}")
        return {}
    if not isinstance(state, Mapping) or set(state) != set(game.STATE):
        want = ", ".join(game.STATE) or "none"
        raise ValueError(f"state must be a dict of {game.title}'s extra state ({want}), not {state!r}")
    for name, value in state.items():
        if not whole_number(value, at_least=0):
            raise ValueError(f"state[{name!r}] must be a whole number ≥ 0, not {value!r}")
    return {name: int(state[name]) for name in game.STATE}


def _pack_limit(game: type["Game"], card: Card, copies: int) -> str:
    """Why one more ``card`` may not be laid out: the pack holds ``copies``."""
    if copies == 0:
        return f"{game.title} plays no {card}: its pack has none"
    if copies == game.decks:
        decks = "one deck" if game.decks == 1 else f"{game.decks} decks"
        times = "once" if copies == 1 else f"{copies} times"
        return f"{game.title} plays {decks}, so {card} may appear only {times}"
    return f"{game.title}'s pack holds {card} {copies} times, and no more"
