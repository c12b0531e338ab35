"""The card table's page protocol: what each request of the page is
(``REQUESTS``), the checks every request shares (``check``), and what a
request is answered with (``Reply``).  No Jupyter import: the table
(``widget.py``) turns each checked request into engine and solver calls.

>>> check({"request": "undo", "version": 3}, version=3)
(Kind(name='undo', versioned=True, stops_task=True, searches=False, setting=False), None)
>>> check({"request": "undo", "version": 2}, version=3)[1]
'refused: the table changed before this undo arrived (it was made on version 2, the table is at 3); try again'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

MAX_REQUEST_BYTES = 4096


@dataclass(frozen=True)
class Kind:
    """One kind of page request: ``versioned``: made on a position the page
    saw, refused once the table has moved on; ``stops_task``: the player
    takes over, a running solve, play-out or search stops first;
    ``searches``: starts a search, refused while one runs; ``setting``: an
    on/off setting of the table (``on: true|false``), not a change of the
    game, set on the table's trait of the same name."""

    name: str
    versioned: bool = True
    stops_task: bool = False
    searches: bool = False
    setting: bool = False


def _kinds(*kinds: Kind) -> dict[str, Kind]:
    return {kind.name: kind for kind in kinds}


REQUESTS = _kinds(
    Kind("move", stops_task=True), Kind("undo", stops_task=True), Kind("redo", stops_task=True),
    Kind("restart", stops_task=True), Kind("new_deal", stops_task=True), Kind("explain"),
    Kind("seek", stops_task=True), Kind("auto_drop", versioned=False, setting=True),
    Kind("hint", searches=True), Kind("solve", searches=True),
    Kind("stop", versioned=False),  # a click during a search or play-out: whatever version the page saw
    Kind("play_out", searches=True),
    Kind("ping", versioned=False),  # the page asks whether the kernel still answers
    Kind("saved_output", versioned=False),  # the page saves the output: send it the fallback (saved_output.py)
    Kind("winnable", versioned=False, setting=True), Kind("guard", versioned=False, setting=True),
    Kind("analyse", searches=True), Kind("show_mistake", stops_task=True), Kind("puzzle_answer"),
)


@dataclass(frozen=True)
class Reply:
    """A request's answer: ``refused`` (why, in words) or None for ok;
    ``extra`` fields for the page; ``later``: not answered now, the
    handler answers once its work has ended (the guard's check)."""

    refused: Optional[str] = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    later: bool = False


OK = Reply()
LATER = Reply(later=True)


def check(content: Any, version: int) -> tuple[Optional[Kind], Optional[str]]:
    """The checks every request shares: an object of plain JSON, at most
    ``MAX_REQUEST_BYTES``, of a known kind, a setting's ``on`` a bool, and
    (for requests made on a position) made on the table's ``version``.
    Returns the request's kind and None, or None and why it is refused.

    >>> check(["undo"], 0)
    (None, 'refused: a request must be an object, not list')
    >>> check({"request": "undo", "version": {0}}, 0)
    (None, 'refused: the request is not plain JSON')
    >>> check({"request": "fly", "version": 0}, 0)[1]  # doctest: +ELLIPSIS
    "refused: unknown request 'fly' (known: move, undo, redo, ...)"
    >>> check({"request": "guard", "on": 1}, 0)[1]
    'refused: a guard request needs on: true or false'
    >>> check({"request": "undo"}, 0)[1]
    'refused: the request carries no state version'
    >>> check({"request": "stop"}, 5)[1] is None
    True
    """
    if not isinstance(content, dict):
        return None, f"refused: a request must be an object, not {type(content).__name__}"
    try:
        size = len(json.dumps(content))
    except (TypeError, ValueError):
        return None, "refused: the request is not plain JSON"
    if size > MAX_REQUEST_BYTES:
        return None, f"refused: the request is {size} bytes; requests are at most {MAX_REQUEST_BYTES}"
    name = content.get("request")
    kind = REQUESTS.get(name) if isinstance(name, str) else None
    if kind is None:
        return None, f"refused: unknown request {str(name)[:40]!r} (known: {', '.join(REQUESTS)})"
    if kind.setting and not isinstance(content.get("on"), bool):
        article = "an" if kind.name[0] in "aeiou" else "a"
        return None, f"refused: {article} {kind.name} request needs on: true or false"
    if kind.versioned:
        made_on = content.get("version")
        if not isinstance(made_on, int) or isinstance(made_on, bool):
            return None, "refused: the request carries no state version"
        if made_on != version:
            return None, (f"refused: the table changed before this {name} arrived "
                          f"(it was made on version {made_on}, the table is at {version}); try again")
    return kind, None
