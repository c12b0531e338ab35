"""Fan, La Belle Lucie and Baker's Dozen, from their rules: only a pile's top
card moves, one at a time, home or onto another pile's top card one rank
higher, in suit (Fan, La Belle Lucie) or in any suit (Baker's Dozen).  An
empty fan takes only a king in Fan; in the other two nothing.  La Belle
Lucie's redeal, allowed at any time while a pass is left (three in all),
shuffles: the oracle leaves its outcome to the engine."""

from __future__ import annotations

from typing import Optional

from catalogue import Table
from oracles.castle import one_card_moved, one_card_moves

from solitaire_widgets import Card

GAMES = ("fan", "la_belle_lucie", "bakers_dozen")
PASSES = 3  # La Belle Lucie: the deal and two redeals


def fan_builds(card: Card, top: Optional[Card]) -> bool:
    return card.rank == 13 if top is None else (card.suit, card.rank + 1) == (top.suit, top.rank)


def lucie_builds(card: Card, top: Optional[Card]) -> bool:
    return top is not None and (card.suit, card.rank + 1) == (top.suit, top.rank)


def bakers_builds(card: Card, top: Optional[Card]) -> bool:
    return top is not None and card.rank + 1 == top.rank


BUILDS = {"fan": fan_builds, "la_belle_lucie": lucie_builds, "bakers_dozen": bakers_builds}


def moves(table: Table) -> set[str]:
    found = one_card_moves(table, BUILDS[table.game])
    if table.game == "la_belle_lucie" and table.redeals < PASSES - 1:
        found.add("redeal")
    return found


def after(table: Table, move: str) -> Optional[Table]:
    return None if move == "redeal" else one_card_moved(table, move)
