"""Golf, Black Hole and TriPeaks, from their rules text: a tableau pile's
top card (one no card lies on) goes onto the one foundation when it ranks
one above or below the foundation's top card, any suit, king and ace joined
where the game or its ``wrap`` option says; ``draw`` turns the stock's top
card onto the foundation; a face-down card turns up once nothing lies on it.
Golf and TriPeaks are won once their tableau is cleared, Black Hole with
every card home; nothing is played after a win."""

from __future__ import annotations

from typing import Optional

from catalogue import Table

GAMES = ("golf", "black_hole", "tri_peaks")


def lying_on(pile: str) -> tuple[str, ...]:
    """TriPeaks: the piles that lie on ``pile`` (rows of 3, 6, 9 and 10)."""
    i = int(pile[1:])
    if i < 3:  # a peak's top: the peak's two cards of the second row
        return (f"t{3 + 2 * i}", f"t{4 + 2 * i}")
    if i < 9:  # the second row: peak p's two cards over its three of the third row
        peak, side = divmod(i - 3, 2)
        return (f"t{9 + 3 * peak + side}", f"t{10 + 3 * peak + side}")
    if i < 18:
        return (f"t{i + 9}", f"t{i + 10}")
    return ()


def wraps(table: Table) -> bool:
    return table.game == "black_hole" or table.options.get("wrap") == "yes"


def follows(table: Table, under: int, over: int) -> bool:
    """Whether a card of rank ``over`` goes on one of rank ``under``."""
    if abs(under - over) == 1:
        return True
    return wraps(table) and {under, over} == {1, 13}


def won(table: Table) -> bool:
    tableau = table.of_role("tableau")
    if table.game == "black_hole":
        return all(not table.piles[p] for p in table.piles if table.role(p) != "foundation")
    return all(not table.piles[p] for p in tableau)


def free(table: Table, pile: str) -> bool:
    """Whether ``pile``'s top card may play: it lies face up, nothing on it."""
    if not table.face_up(pile):
        return False
    return table.game != "tri_peaks" or not any(table.piles[p] for p in lying_on(pile))


def moves(table: Table) -> set[str]:
    if won(table):
        return set()
    top = table.top("f0")
    found = {f"{p} f0" for p in table.of_role("tableau")
             if table.piles[p] and free(table, p) and top is not None and follows(table, top.rank, table.top(p).rank)}
    if table.game != "black_hole" and table.piles["stock"]:
        found.add("draw")
    return found


def after(table: Table, move: str) -> Optional[Table]:
    if move == "draw":
        stock = table.piles["stock"]
        return table.moved(stock=stock[:-1], f0=table.piles["f0"] + stock[-1:])
    source = move.split()[0]
    new = table.moved(**{source: table.piles[source][:-1], "f0": table.piles["f0"] + table.piles[source][-1:]})
    if table.game == "tri_peaks":  # a face-down card with nothing left on it turns up
        down = dict(new.down)
        for p in new.of_role("tableau"):
            if down[p] and not any(new.piles[c] for c in lying_on(p)):
                down[p] = 0
        new = Table(**{**new.__dict__, "down": down})
    return new
