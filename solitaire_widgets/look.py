"""The card table's look, read from ``look.json`` beside this module: its
colours, suit outlines, pip positions, card proportions and the numbers of
the layout's steps.  The page reads the same file (``js/src/look.js``
imports it into the bundle), so a picture and the table cannot differ.

>>> LOOK["colours"]["red"], LOOK["card"]["ratio"], len(LOOK["pips"]["7"])
('#c8102e', 1.4, 7)
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

LOOK: dict[str, Any] = json.loads(resources.files(__package__).joinpath("look.json").read_text(encoding="utf-8"))
