"""Building rules more than one game uses, each written once.

``*_wants`` answer "which card keys may go onto this pile now" (ranks for games
that ignore suits, faces for games that need them); ``*_refusal`` say in plain
words why a card may not.
"""

from __future__ import annotations

from typing import Any, Sequence

from .cards import CARD, FACE, RANK, SUITS, Card, describe_rank, rank_word
from .fast_path import ANY

ACE_FACES = (0, 13, 26, 39)


def up_by_rank_wants(pile: Sequence[int]) -> tuple[int, ...]:
    """Foundation built up from ace to king in any suit (keys are ranks)."""
    if not pile:
        return (1,)
    rank = RANK[pile[-1]]
    return (rank + 1,) if rank < 13 else ()


def up_in_suit_wants(pile: Sequence[int]) -> tuple[int, ...]:
    """Foundation built up in suit from ace to king (keys are faces)."""
    if not pile:
        return ACE_FACES
    top = pile[-1]
    return (FACE[top] + 1,) if RANK[top] < 13 else ()


def foundation_refusal(title: str, pile_id: str, pile: Sequence[int], card: int, in_suit: bool) -> str:
    """Why ``card`` may not go onto a foundation built up from ace to king."""
    moving = CARD[card]
    if not pile:
        return f"{moving} cannot start {pile_id}: an empty foundation takes only an ace"
    top = CARD[pile[-1]]
    if top.rank == 13:
        return f"{pile_id} is complete (ace to king): nothing more goes on it"
    # What the pile takes, not what the card needs: "so it needs a 6" read as
    # if the foundation needed a 6.
    if in_suit:
        rule = f"{title} builds the foundations up in suit"
        takes = str(Card(top.rank + 1, top.suit))
    else:
        rule = f"{title} builds the foundations up in rank, any suit"
        takes = describe_rank(top.rank + 1)
    return f"{moving} cannot go on {top} ({pile_id}): {rule}, so {top} takes only {takes}"



# How a tableau builds down, by rule: whether a card of suit ``card`` may lie
# on one of suit ``top`` (the ranks are checked apart).
_DOWN_SUITS = {
    "in_suit": lambda top, card: top == card,
    "alternate_colours": lambda top, card: (top in "HD") != (card in "HD"),
    "any_suit": lambda top, card: True,
}
# How each building rule reads: "Klondike builds down in alternating colours";
# the game's RUNS of the same name move runs "built down in alternating colours".
DOWN_WORDS = {"in_suit": "down in suit", "alternate_colours": "down in alternating colours",
              "any_suit": "down by rank, any suit"}
KING_FACES = (12, 25, 38, 51)


def down_wants(pile: Sequence[int], rule: str, empty: Any = ANY) -> Any:
    """A tableau pile built down one rank at a time (keys are faces): what it
    takes, by ``rule`` (``"in_suit"``, ``"alternate_colours"`` or
    ``"any_suit"``); ``empty`` is what it takes while empty (``ANY``,
    ``KING_FACES`` or ``()``).

    >>> from solitaire_widgets.cards import Card
    >>> [str(Card.from_face(f)) for f in down_wants([Card.parse("7S").face], "alternate_colours")]
    ['6♥', '6♦']
    >>> down_wants([], "in_suit", KING_FACES), down_wants([0], "any_suit")
    ((12, 25, 38, 51), ())
    """
    if not pile:
        return empty
    return _DOWN_WANTS[rule][FACE[pile[-1]]]


def _down_table(rule: str) -> tuple[tuple[int, ...], ...]:
    """``down_wants`` of a pile topped by each face, by ``rule`` (asked at
    every position the solver meets, so worked out once)."""
    follows = _DOWN_SUITS[rule]
    table = []
    for face in range(52):
        top = Card.from_face(face)
        table.append(() if top.rank == 1 else
                     tuple(Card(top.rank - 1, suit).face for suit in SUITS if follows(top.suit, suit)))
    return tuple(table)


_DOWN_WANTS = {rule: _down_table(rule) for rule in _DOWN_SUITS}


def down_refusal(title: str, pile_id: str, pile: Sequence[int], card: int, rule: str, empty: str = "any card") -> str:
    """Why ``card`` may not go onto tableau pile ``pile_id`` built down by
    ``rule`` (see ``down_wants``); ``empty`` says what an empty pile takes.

    >>> from solitaire_widgets.cards import Card
    >>> down_refusal("Klondike", "t3", [Card.parse("7S").face], Card.parse("6C").face, "alternate_colours")
    '6♣ cannot go on 7♠ (t3): Klondike builds down in alternating colours, so 7♠ takes only a red 6'
    >>> down_refusal("Klondike", "t3", [], Card.parse("6C").face, "alternate_colours", "only a king")
    '6♣ cannot go on the empty t3: in Klondike an empty pile takes only a king'
    """
    moving = CARD[card]
    if not pile:
        return f"{moving} cannot go on the empty {pile_id}: in {title} an empty pile takes {empty}"
    top = CARD[pile[-1]]
    if top.rank == 1:
        takes = "nothing: no card ranks below an ace"
    elif rule == "in_suit":
        takes = f"only {Card(top.rank - 1, top.suit)}"
    elif rule == "alternate_colours":
        takes = f"only a {'black' if top.color == 'red' else 'red'} {rank_word(top.rank - 1)}"
    else:
        takes = f"only {describe_rank(top.rank - 1)}"
    return f"{moving} cannot go on {top} ({pile_id}): {title} builds {DOWN_WORDS[rule]}, so {top} takes {takes}"
