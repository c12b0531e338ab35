"""Checks of arguments that several layers share (the engine, the solver,
the command line), so each is refused with the same words everywhere.

>>> import numpy as np
>>> whole_number(np.int64(7), at_least=0), whole_number(True, at_least=0), whole_number(2.0, at_least=0)
(True, False, False)
"""

from __future__ import annotations

from numbers import Integral
from typing import Optional


def whole_number(value: object, at_least: int, below: Optional[int] = None) -> bool:
    """True for an integral number (Python's or numpy's, never a bool) from
    ``at_least`` up to (not including) ``below``; callers store ``int(value)``
    so that what they keep stays JSON-ready."""
    if not isinstance(value, Integral) or isinstance(value, bool):
        return False
    return int(value) >= at_least and (below is None or int(value) < below)
