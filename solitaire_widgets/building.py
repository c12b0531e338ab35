"""Building rules more than one game uses, each written once.

``*_wants`` answer "which card keys may go onto this pile now" (ranks for games
that ignore suits, faces for games that need them); ``*_refusal`` say in plain
words why a card may not.
"""

from __future__ import annotations

from typing import Sequence

from .cards import CARD, FACE, RANK, Card, describe_rank

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

