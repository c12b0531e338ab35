"""The pictures the README and the docs pages show, drawn by the package's own
renderer (``python -m solitaire_widgets picture``).  Rewrite them all with

    python docs/pictures.py

after a change to the renderer; tests/test_picture.py fails while one of them
differs from what the renderer draws now.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# file (from the repository's root) -> the arguments of `python -m solitaire_widgets picture`
PICTURES = {
    "docs/img/table.svg": ["cruel", "--seed", "7", "--move", "t2 f0", "--move", "t3 f1", "--arrow", "t1 t8",
                           "--no-labels", "--card-width", "50"],
    "docs/img/lesson.svg": ["bobby", "--seed", "2", "--move", "draw", "--move", "draw", "--arrow", "waste f1",
                            "--highlight", "4S",
                            "--caption", "An empty foundation takes any card: the 4♠ may start f1"],
}


def make(args: list[str], path: Path) -> None:
    """Draw one picture into ``path``."""
    sys.path.insert(0, str(REPO))  # this tree's package, installed or not
    from solitaire_widgets.__main__ import main

    status = main(["picture", *args, "--output", str(path)])
    if status:
        raise SystemExit(status)


if __name__ == "__main__":
    for name, arguments in PICTURES.items():
        make(arguments, REPO / name)
        print("wrote", name)
