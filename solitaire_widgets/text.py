"""The table as plain text, for terminals and doctests (kept apart from the rules).

>>> import solitaire_widgets as sw
>>> print(sw.Bobby(seed=3))  # doctest: +ELLIPSIS
Bobby  seed 3  playing  move 0  home 1/52  passes left 3
stock    [51 cards]
waste    –
f0–f1    ...
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CARD

if TYPE_CHECKING:
    from .game import Game

BACK = "##"
EMPTY = "–"
WASTE_SHOWN = 8  # the waste is long in Bobby; show its last cards


def render(game: "Game") -> str:
    origin = f"seed {game.seed}" if game.deck is None else "explicit deck"
    extra = ""
    if hasattr(game, "passes_left"):
        extra = f"  passes left {game.passes_left}"
    elif "redeal" in game.ACTION_NAMES:
        extra = f"  redeals {game.redeals}"
    lines = [
        f"{game.title}  {origin}  {game.status}  move {len(game.history)}  "
        f"home {game.cards_home}/{game.card_count}{extra}"
    ]
    foundations = [p for p in game.PILES if p[0] == "f"]
    for pile in game.PILES:
        if pile == foundations[0]:
            lines.extend(_foundation_rows(game, foundations))
        if pile[0] == "f":
            continue
        ids = game.card_ids(pile)
        down = game.face_down(pile)
        if pile == "stock":
            text = f"[{len(ids)} card{'s' * (len(ids) != 1)}]" if ids else EMPTY
        else:
            shown = ids[-WASTE_SHOWN:] if pile == "waste" else ids
            cards = [BACK if (len(ids) - len(shown) + i) < down else str(CARD[c]) for i, c in enumerate(shown)]
            text = " ".join(cards) if cards else EMPTY
            if len(shown) < len(ids):
                text = f"({len(ids) - len(shown)} more) … " + text
        lines.append(f"{pile:<8} {text}")
    return "\n".join(lines)


def _foundation_rows(game: "Game", foundations: list[str]) -> list[str]:
    """Foundation tops, eight to a line (Leap Year has sixteen)."""
    rows = []
    for start in range(0, len(foundations), 8):
        row = foundations[start:start + 8]
        tops = " ".join(f"{str(game.top(f) or EMPTY):<3}" for f in row)
        rows.append(f"{row[0] + '–' + row[-1]:<8} {tops.rstrip()}")
    return rows
