"""A seeded shuffle that gives the same order on every platform and Python.

``random.Random`` makes no promise across Python versions, so deals use
SplitMix64 (a fixed 64-bit generator) with an unbiased Fisher–Yates shuffle.

>>> shuffled(range(5), 1) == shuffled(range(5), 1)
True
"""

from __future__ import annotations

import hashlib
from typing import Iterable, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def _splitmix64(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def shuffled(items: Iterable[T], seed: int) -> list[T]:
    """A new list with ``items`` in the order fixed by ``seed`` (an int ≥ 0)."""
    out = list(items)
    state = seed & _MASK
    for i in range(len(out) - 1, 0, -1):
        bound = i + 1
        # Rejection sampling keeps every index equally likely.
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            state, value = _splitmix64(state)
            if value < limit:
                break
        j = value % bound
        out[i], out[j] = out[j], out[i]
    return out


def derive_seed(*parts: object) -> int:
    """A 64-bit seed from any printable parts (stable: SHA-256 of their text)."""
    digest = hashlib.sha256("\x1f".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big")
