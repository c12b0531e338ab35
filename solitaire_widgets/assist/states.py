"""The ``assist`` trait's values, typed: one ``TypedDict`` per kind of the
solver's help on the table (what the page is told of a hint, a solve, a
play-out, the search for a winnable deal, an analysis, the guard's check
and a mistake shown), their union ``Assist``, and ``NoAssist`` (``{}``:
nothing to say).  Every field is plain JSON; ``version`` is the table's
version the value is about.

The page types the same values (``js/src/assist.js``, a JSDoc typedef of
each name); ``js/dev/make_fixtures.py`` writes ``page_types()`` into the
fixture the page's tests read, and they check the typedefs against it.

>>> page_types()["SolveAssist"]["state"]
{'type': '"running" | "won" | "lost" | "unknown" | "stale"', 'optional': False}
"""

from __future__ import annotations

import sys
import types
from typing import Any, Literal, Optional, TypedDict, Union, get_args, get_origin, get_type_hints

from .background import PlayEnd

SolveVerdict = Literal["won", "lost", "unknown"]  # Solution.status
# A search of the table's own that a change of the game ended (TASK_WORDS' stale words).
Stale = Literal["stale"]


class NoAssist(TypedDict):
    """``{}``: the help has nothing to say about the position."""


class HintAssist(TypedDict):
    """A hint (``game.hint``), or a puzzle's answer, marked on the table:
    ``move`` from ``source`` to ``target`` ("" for an action with no pile:
    its button is marked), ``reason`` in words, ``winning`` True on a
    proven win, False when proven lost, None when not decided."""

    kind: Literal["hint"]
    move: str
    source: str
    target: str
    reason: str
    winning: Optional[bool]
    version: int


class _Solve(TypedDict):
    kind: Literal["solve"]
    state: Union[Literal["running"], SolveVerdict, Stale]
    text: str
    version: int


class SolveAssist(_Solve, total=False):
    """Solve: running (``text`` says for how long at most), its verdict
    (``moves`` of the line found, ``states`` searched, ``cards`` a loss's
    reason is about), or stale."""

    moves: int
    states: int
    cards: list[int]


class PlayAssist(TypedDict):
    """Play it out: ``done`` of ``moves`` played, then how it ended."""

    kind: Literal["play"]
    state: Union[Literal["playing"], PlayEnd]
    done: int
    moves: int
    text: str
    version: int


class WinnableAssist(TypedDict):
    """New deal with ``winnable`` on: the search for a deal the solver
    wins, its progress notes in ``text``, then how it ended."""

    kind: Literal["winnable"]
    state: Literal["running", "done", "stopped", "failed", "stale"]
    text: str
    version: int


class AnalyseAssist(TypedDict):
    """What went wrong?: the analysis's progress, then its headline (the
    report is the ``analysis`` trait)."""

    kind: Literal["analyse"]
    state: Literal["running", "done", "stopped", "failed", "stale"]
    text: str
    version: int


class _Guard(TypedDict):
    kind: Literal["guard"]
    state: Literal["checking", "warned", "undecided"]
    move: str
    text: str
    version: int


class GuardAssist(_Guard, total=False):
    """The guard's check of ``move``: under way, warned (the move gives up
    the win: ``better`` keeps it, marked from ``source`` to ``target``;
    ``cards`` the reason is about), or played undecided."""

    better: str
    source: str
    target: str
    cards: list[int]


class MistakeAssist(TypedDict):
    """The position before the losing move an analysis named: the move
    ``played`` there marked red and dashed (from ``played_source`` to
    ``played_target``), the ``better`` one as a hint."""

    kind: Literal["mistake"]
    move: str
    better: str
    text: str
    played_source: str
    played_target: str
    source: str
    target: str
    cards: list[int]
    version: int


KINDS: tuple[Any, ...] = (HintAssist, SolveAssist, PlayAssist, WinnableAssist, AnalyseAssist, GuardAssist,
                           MistakeAssist)
Assist = Union[NoAssist, HintAssist, SolveAssist, PlayAssist, WinnableAssist, AnalyseAssist, GuardAssist,
               MistakeAssist]


def solve_verdict(status: str) -> SolveVerdict:
    """A solution's status as a solve's state.

    >>> solve_verdict("won")
    'won'
    """
    verdicts: tuple[SolveVerdict, ...] = get_args(SolveVerdict)
    for verdict in verdicts:
        if status == verdict:
            return verdict
    raise ValueError(f"a solution's status is one of {', '.join(verdicts)}, not {status!r}")


# --- the same types as the page writes them ---------------------------------------------------

def _literals(hint: Any) -> Optional[list[Any]]:
    """The values of a ``Literal`` or of a union of ``Literal``s, else None."""
    if get_origin(hint) is Literal:
        return list(get_args(hint))
    if get_origin(hint) in (Union, getattr(types, "UnionType", Union)):
        parts = [_literals(arg) for arg in get_args(hint)]
        if all(part is not None for part in parts):
            return [value for part in parts for value in part or ()]
    return None


def js_type(hint: Any) -> str:
    """A field's type as a JSDoc type.

    >>> js_type(Optional[bool]), js_type(list[int]), js_type(Literal["a", "b"])
    ('boolean | null', 'number[]', '"a" | "b"')
    """
    literals = _literals(hint)
    if literals is not None:
        return " | ".join(f'"{value}"' for value in literals)
    if get_origin(hint) is list:
        return js_type(get_args(hint)[0]) + "[]"
    if get_origin(hint) is Union:
        return " | ".join("null" if arg is type(None) else js_type(arg) for arg in get_args(hint))
    names = {str: "string", int: "number", float: "number", bool: "boolean"}
    if hint in names:
        return names[hint]
    raise TypeError(f"no JSDoc type for {hint!r}")


def page_types() -> dict[str, dict[str, dict[str, Any]]]:
    """Each kind's fields as the page types them: typedef name -> field ->
    its JSDoc type and whether it may be missing."""
    module = vars(sys.modules[__name__])
    out = {}
    for kind in KINDS:
        hints = get_type_hints(kind, globalns=module)
        out[kind.__name__] = {name: {"type": js_type(hint), "optional": name in kind.__optional_keys__}
                              for name, hint in hints.items()}
    return out
