"""Walks of the ranks: which cards foundations that step one rank up or
down at a time, king and ace joined (Bobby's), can still take.  The
arithmetic behind the dead-end test of such games (``dead_ends.WalksTest``).
"""

from __future__ import annotations

import functools
from typing import Optional, Sequence


def walks_cannot_take(outside: Sequence[int], tops: Sequence[int]) -> bool:
    """True when no walks from ``tops`` could take every card left.

    ``outside[r - 1]`` is how many rank-r cards are left; each top (a rank)
    starts a walk that steps one rank up or down at a time, king and ace
    joined, taking a card of each rank it steps on.  A rank with no card
    left and no top cuts the circle: no walk crosses it.  Each arc between
    cuts that holds cards needs a walk starting in it, and its walks must
    take each rank's cards exactly: if they step between ranks r and r + 1
    ``x[r]`` times in all, they enter rank r once per card and leave it as
    often, plus once per walk starting there, less once per walk ending
    there, so ``x[r - 1] + x[r] = 2·cards + starts - ends``.  On an arc the
    ends fix every ``x``: the test tries each place the walks could end.  It
    examines arcs of one or two walks, not a circle without a cut; where it
    does not examine, it answers False (not proved).

    >>> walks_cannot_take([0, 1, 1, 1] + [0] * 9, [5])  # from 5: 4, 3, 2
    False
    >>> walks_cannot_take([0, 2, 1, 1] + [0] * 9, [5])  # the second 2 is out of reach
    True
    >>> walks_cannot_take([0, 1] + [0] * 11, [5, 9])  # 3 and 4 gone: 2 is cut off
    True
    """
    return cut_off_arc(outside, tops) is not None


def cut_off_arc(outside: Sequence[int], tops: Sequence[int]) -> Optional[list[int]]:
    """The ranks (in order round the circle) of an arc whose cards no walks
    from ``tops`` could take, or None (see ``walks_cannot_take``).

    >>> cut_off_arc([0, 2, 1, 1] + [0] * 9, [5])
    [2, 3, 4, 5]
    """
    blocked = [n == 0 and rank not in tops for rank, n in enumerate(outside, start=1)]
    if not any(blocked):
        return None
    first = blocked.index(True)
    arc: list[int] = []  # the ranks (0-based) of the arc being read
    for step in range(1, 14):  # round the circle, back to the first cut
        r = (first + step) % 13
        if not blocked[r]:
            arc.append(r)
        elif arc:
            cards = [outside[i] for i in arc]
            starts = [j for j, i in enumerate(arc) for top in tops if top == i + 1]
            if not _arc_can_be_walked(cards, starts):
                return [i + 1 for i in arc]
            arc = []
    return None


def _arc_can_be_walked(cards: list[int], starts: list[int]) -> bool:
    """Whether walks from ``starts`` (indexes on a path of ranks) could take
    ``cards[j]`` cards at each place ``j`` (see ``walks_cannot_take``).

    ``free[j]``: the steps between places j and j + 1 if no walk ended on the
    path.  A walk ending at e takes one step there, gives one back at e + 1,
    takes one at e + 2 … (each ``x[j - 1] + x[j]`` is fixed), so each choice
    of ends is checked against tables of where the steps would first go
    below zero, instead of being worked out place by place.
    """
    if not any(cards):
        return True
    if not starts:
        return False
    if len(starts) > 2:
        return True  # not examined
    size = len(cards)
    free, x = [], 0
    for j, n in enumerate(cards):
        x = 2 * n + starts.count(j) - x
        free.append(x)

    def first_short(taken: list[int]) -> list[int]:
        """first[j]: the first place i ≥ j where free[i] < taken[i] (size: none)."""
        first = [size] * (size + 1)
        for j in range(size - 1, -1, -1):
            first[j] = j if free[j] < taken[j] else first[j + 1]
        return first

    # by the parity of the first end: what one end, or two ends an even
    # distance apart, take at each place from there on
    sign = [[1 if (j - q) % 2 == 0 else -1 for j in range(size)] for q in (0, 1)]
    untouched = first_short([0] * size)
    one_end = [first_short(sign[q]) for q in (0, 1)]
    if len(starts) == 1:
        for e in range(size):
            if untouched[0] < e:
                break  # the steps before e already go below zero
            q = e % 2
            if one_end[q][e] == size and free[-1] == sign[q][-1]:
                steps = free[:e] + [free[j] - sign[q][j] for j in range(e, size)]
                if _every_card_reached(cards, starts, steps):
                    return True
        return False
    two_ends = [first_short([2 * t for t in sign[q]]) for q in (0, 1)]
    for e1 in range(size):
        if untouched[0] < e1:
            break
        q = e1 % 2
        for e2 in range(e1, size):
            if one_end[q][e1] < e2:
                break  # between the ends the steps go below zero
            if (e2 - e1) % 2:  # the two ends' takes cancel after e2
                if untouched[e2] < size or free[-1] != 0:
                    continue
                tail = free[e2:]
            else:
                if two_ends[q][e2] < size or free[-1] != 2 * sign[q][-1]:
                    continue
                tail = [free[j] - 2 * sign[q][j] for j in range(e2, size)]
            steps = free[:e1] + [free[j] - sign[q][j] for j in range(e1, e2)] + tail
            if _every_card_reached(cards, starts, steps):
                return True
    return False


def _every_card_reached(cards: list[int], starts: list[int], steps: list[int]) -> bool:
    """Whether every stretch of the path joined by steps holds a start if it
    holds a card."""
    has_start = has_card = False
    for j, (n, x) in enumerate(zip(cards, steps)):
        has_start = has_start or j in starts
        has_card = has_card or n > 0
        if x == 0:  # no step from j to j + 1: a stretch ends here
            if has_card and not has_start:
                return False
            has_start = has_card = False
    return True


@functools.cache
def follows(stock_ranks: int) -> tuple[int, ...]:
    """For each rank a (index 1-13), the ranks (a bit mask, bit r for rank
    r) a foundation topped by a could take next if it may first step, as
    often as it likes, through the ranks in ``stock_ranks`` (bit r set: the
    stock holds a rank-r card), one rank at a time, K and A joined.

    >>> bin(follows(0)[5])  # no stock: 4 or 6
    '0b1010000'
    >>> bin(follows(1 << 6 | 1 << 7)[5])  # to 6 or 7 first: 4, 5, 6, 7 or 8
    '0b111110000'
    """
    def free(rank: int) -> bool:
        return bool(stock_ranks >> rank & 1)

    if all(free(r) for r in range(1, 14)):  # every stretch is the whole circle
        return (0,) + ((1 << 14) - 2,) * 13  # bits 1-13: any rank
    masks = [0]
    for a in range(1, 14):
        stretch = [a]
        up, down = a % 13 + 1, (a - 2) % 13 + 1
        while free(up):
            stretch.append(up)
            up = up % 13 + 1
        while free(down):
            stretch.append(down)
            down = (down - 2) % 13 + 1
        mask = 0
        for r in stretch:
            mask |= 1 << (r % 13 + 1) | 1 << ((r - 2) % 13 + 1)
        masks.append(mask)
    return tuple(masks)
