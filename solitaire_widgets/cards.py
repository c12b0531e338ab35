"""Playing cards: immutable values, text forms and the physical card ids of a deal.

Every physical card of a deal has an integer id (``0 … 52*decks - 1`` in a
pack of standard decks) so a view can follow it from pile to pile.  Ids are canonical: the ``k``-th copy of a face
has id ``k*52 + face`` where ``face = suit_index*13 + rank - 1``.  So the id
alone tells the card (``Card.from_id(id)``), whatever the shuffle was.

>>> Card.parse("10h")
Card.parse('10♥')
>>> str(Card(12, "S")), Card(1, "D").name
('Q♠', 'ace of diamonds')
"""

from __future__ import annotations

from typing import Iterable, Sequence, Union

from .arguments import whole_number

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = (
    "", "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)
_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
_RANK_WORDS = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}


class Card:
    """A playing card value: rank 1–13 (A=1 … K=13) and suit ``S H D C``.

    Cards are interned, immutable and hashable; two copies of 7♠ from a
    two-deck game are equal.  ``Card.parse`` reads every text form back.

    >>> Card(7, "S") == Card.parse("7♠") and Card(7, "S") is Card.parse("7s")
    True
    """

    __slots__ = ("rank", "suit", "face", "_text")
    rank: int
    suit: str
    face: int  # 0..51, suit_index*13 + rank - 1
    _text: str
    _interned: dict[int, "Card"] = {}

    def __new__(cls, rank: int, suit: str) -> "Card":
        if not whole_number(rank, at_least=1, below=14):
            raise ValueError(f"rank must be an int from 1 (ace) to 13 (king), not {rank!r}")
        rank = int(rank)
        if suit not in SUITS:
            raise ValueError(f"suit must be one of S H D C, not {suit!r}")
        face = SUITS.index(suit) * 13 + rank - 1
        card = cls._interned.get(face)
        if card is None:
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "face", face)
            object.__setattr__(card, "_text", RANK_TEXT.get(rank, str(rank)) + SUIT_SYMBOLS[suit])
            cls._interned[face] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple:
        return (Card, (self.rank, self.suit))

    @classmethod
    def from_face(cls, face: int) -> "Card":
        """The card of a face index 0–51 (``suit_index*13 + rank - 1``)."""
        return cls(face % 13 + 1, SUITS[face // 13])

    @classmethod
    def from_id(cls, card_id: int) -> "Card":
        """The card a physical card id stands for (``id % 52`` is its face)."""
        return cls.from_face(card_id % 52)

    @classmethod
    def parse(cls, text: "str | Card") -> "Card":
        """Read ``"A♠"``, ``"AS"``, ``"10h"``, ``"TH"``, ``"10♥"``, ``"q c"``.

        >>> Card.parse("TH") is Card.parse("10♥")
        True
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ValueError(f"a card is written like 'A♠', '10H' or 'QC', not {text!r}")
        s = text.strip().replace(" ", "")
        if len(s) < 2:
            raise ValueError(f"{text!r} is not a card: write it like 'A♠', '10H' or 'QC'")
        rank_part, suit_part = s[:-1], s[-1]
        suit = _SYMBOL_TO_SUIT.get(suit_part, suit_part.upper())
        if suit not in SUITS:
            raise ValueError(f"{text!r} is not a card: its suit must be S H D C or ♠ ♥ ♦ ♣")
        rank_part = rank_part.upper()
        if rank_part in _RANK_WORDS:
            rank = _RANK_WORDS[rank_part]
        elif rank_part.isdigit() and 2 <= int(rank_part) <= 10:
            rank = int(rank_part)
        else:
            raise ValueError(f"{text!r} is not a card: its rank must be A, 2–10, J, Q or K")
        return cls(rank, suit)

    @property
    def color(self) -> str:
        """``"red"`` for hearts and diamonds, else ``"black"``."""
        return "red" if self.suit in "HD" else "black"

    @property
    def name(self) -> str:
        """Spoken name, e.g. ``"seven of spades"`` (used for accessibility)."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def code(self) -> str:
        """ASCII form, e.g. ``"10H"``, ``"QS"``."""
        return RANK_TEXT.get(self.rank, str(self.rank)) + self.suit

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self.face


CardLike = Union[Card, str]

# Lookup tables by physical card id, shared by every game (8 copies of a card at most).
MAX_CARDS = 8 * 52
RANK = tuple(i % 13 + 1 for i in range(MAX_CARDS))
SUIT = tuple(SUITS[(i % 52) // 13] for i in range(MAX_CARDS))
FACE = tuple(i % 52 for i in range(MAX_CARDS))
CARD = tuple(Card.from_id(i) for i in range(MAX_CARDS))


def rank_word(rank: int) -> str:
    """``"ace"``, ``"8"``, ``"king"``: a rank as a word."""
    return {1: "ace", 11: "jack", 12: "queen", 13: "king"}.get(rank, str(rank))


def describe_rank(rank: int) -> str:
    """``"an 8"``, ``"a king"``, ``"an ace"``: a rank with its article.

    >>> describe_rank(8), describe_rank(12)
    ('an 8', 'a queen')
    """
    return ("an " if rank in (1, 8) else "a ") + rank_word(rank)


def pack(decks: int = 1, suits: str = "SHDC") -> tuple[int, ...]:
    """The card ids of a pack of ``decks`` × 52 cards made of ``suits`` only,
    each face as often as it takes: ``pack(2, "S")`` is Spider's one-suit
    pack, 104 spades, eight of each.  The ``k``-th copy of a face has id
    ``k*52 + face``, as in every pack.

    >>> len(pack(2, "S")), len(set(Card.from_id(i) for i in pack(2, "SH"))), pack(1) == tuple(range(52))
    (104, 26, True)
    """
    if not whole_number(decks, at_least=1) or not suits or any(s not in SUITS for s in suits) or \
            len(set(suits)) != len(suits) or (4 * decks) % len(suits):
        raise ValueError(f"a pack is decks × 52 cards of suits that fill it evenly, not decks={decks!r}, "
                         f"suits={suits!r}")
    copies = 4 * int(decks) // len(suits)
    if copies * 52 > MAX_CARDS:
        raise ValueError(f"a pack holds at most {MAX_CARDS} card ids ({copies} copies of each card is too many)")
    faces = [SUITS.index(s) * 13 + r for s in suits for r in range(13)]
    return tuple(sorted(k * 52 + face for face in faces for k in range(copies)))


def run_text(cards: Sequence[Card]) -> str:
    """A run of cards in a few characters, its bottom card first: "8♠…5♥"
    (one card: "8♠").

    >>> run_text([Card(8, "S"), Card(7, "H"), Card(6, "C")]), run_text([Card(1, "D")])
    ('8♠…6♣', 'A♦')
    """
    return str(cards[0]) if len(cards) == 1 else f"{cards[0]}…{cards[-1]}"


def card_ids_of_deck(deck: Iterable[CardLike], pack_ids: Union[int, Sequence[int]], game_title: str) -> list[int]:
    """Turn an explicit deck (cards or card strings) into physical card ids.

    ``pack_ids`` is the game's pack (its card ids; an int ``n`` means ``n``
    standard decks).  Checks that the deck is that pack: every face exactly
    as often as the pack holds it.  The ``k``-th copy of a face in deal order
    gets id ``k*52 + face``.

    >>> card_ids_of_deck(["AS"] + [c.code for c in standard_deck(1)][1:], 1, "Cruel")[:2]
    [0, 1]
    """
    if isinstance(deck, (str, bytes)) or not hasattr(deck, "__iter__"):
        raise ValueError(f"deck must be a list of cards like ['10H', 'A♠', …], not {type(deck).__name__}")
    ids_of_pack = range(52 * pack_ids) if isinstance(pack_ids, int) else pack_ids
    in_pack = [0] * 52
    for i in ids_of_pack:
        in_pack[i % 52] += 1
    standard = len(set(in_pack)) == 1
    decks = in_pack[0] if standard else 0
    entries = list(deck)
    need = len(ids_of_pack)
    if len(entries) != need:
        what = f"{decks} deck{'s' if decks > 1 else ''} of 52" if standard else "its pack"
        raise ValueError(f"deck has {len(entries)} cards; {game_title} needs {need} ({what})")
    copies = [0] * 52
    ids = []
    for position, entry in enumerate(entries):
        try:
            card = Card.parse(entry)
        except ValueError as err:
            raise ValueError(f"deck card {position + 1}: {err}") from None
        k = copies[card.face]
        if k >= in_pack[card.face]:
            if not in_pack[card.face]:
                raise ValueError(f"deck holds {card} (card {position + 1}), which {game_title}'s pack has none of")
            n = in_pack[card.face]
            raise ValueError(
                f"deck holds {card} more than {n} time{'s' if n > 1 else ''} "
                f"(again at card {position + 1}); {game_title} uses each card exactly "
                f"{'once' if n == 1 else f'{n} times'}"
            )
        copies[card.face] = k + 1
        ids.append(k * 52 + card.face)
    return ids


def standard_deck(decks: int = 1) -> list[Card]:
    """New-pack order: ``decks`` × (A♠ … K♠, A♥ … K♥, A♦ … K♦, A♣ … K♣),
    one to eight decks.

    >>> len(standard_deck(2)), standard_deck()[13]
    (104, Card.parse('A♥'))
    >>> standard_deck(0)
    Traceback (most recent call last):
    ...
    ValueError: decks must be a whole number from 1 to 8, not 0
    """
    most = MAX_CARDS // 52
    if not whole_number(decks, at_least=1, below=most + 1):
        raise ValueError(f"decks must be a whole number from 1 to {most}, not {decks!r}")
    return [CARD[i] for i in range(52 * int(decks))]
