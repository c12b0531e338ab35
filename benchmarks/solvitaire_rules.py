"""Simple Simon as Solvitaire's code plays it (not a test): the win rate to
set beside Solvitaire's published one, on the same rules.

Solvitaire's ``simple-simon`` preset asks for "only complete pile moves"
to the foundations, but its rules parser looks for that setting under
another name ("complete piles", a key its own schema refuses), so the
setting is never read: its solver sends single cards home, ace up in
suit, as Klondike's foundations take them, and its published win rate
(97.450 ± 0.034%) is for those rules.  Its Spider, Spiderette and Will o'
the Wisp presets share this.  The preset's other difference from our
Simple Simon: a run of two or more cards moves only onto the next higher
card of its own suit (or into an empty column); a card alone goes on any
suit.  The deal is the same (ten columns of 8, 8, 8, 7, 6 … 1, face up).

``SimpleSimonAsSolvitaire`` states those rules on the kit, a subclass of
``sw.SimpleSimon``; the script runs ``sw.winnability`` on it over seeds
``--start-seed`` … and prints the same table as ``python -m
solitaire_widgets winnability``, then the seeds proved lost (to check one
by one against Solvitaire).

    python benchmarks/solvitaire_rules.py [--deals 1000] [--max-states 5000] [--start-seed 0] [--jobs 2]
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path
from typing import Optional, Sequence

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import solitaire_widgets as sw  # noqa: E402
from solitaire_widgets.games.klondike import nothing_builds_on  # noqa: E402
from solitaire_widgets.kit import SUIT, Foundation  # noqa: E402


class SimpleSimonAsSolvitaire(sw.SimpleSimon):
    """Simple Simon as Solvitaire's solver plays its ``simple-simon`` preset:
    single cards go home, ace up in suit; a run of two or more in suit
    moves only onto its own suit or into an empty column."""

    name = "simple_simon_as_solvitaire"
    title = "Simple Simon as Solvitaire plays it"
    FOUNDATION = Foundation()  # ace first, then up in suit, a card at a time

    def _move_limit(self, s: int, t: int) -> Optional[int]:
        # a card alone goes on any suit; a run, only on its own
        source, target = self._piles[s], self._piles[t]
        return 1 if target and SUIT[target[-1]] != SUIT[source[-1]] else None

    def _limit_reason(self, s: int, t: int, count: int, limit: int) -> str:
        return f"only a card alone goes on another suit: a run of {count} goes on its own suit or an empty column"

    def _safe_drop(self, s: int, t: int) -> bool:
        # home for good once every card that could go on it is home (any suit builds on it)
        return nothing_builds_on(self, self._piles[s][-1], "SHDC")


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--max-states", type=int, default=5000)
    parser.add_argument("--start-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args(argv)
    # Workers find the class by forking from here; elsewhere the deals run in this process.
    forks = multiprocessing.get_start_method() == "fork"
    result = sw.winnability(SimpleSimonAsSolvitaire, args.deals, start_seed=args.start_seed, time_limit=None,
                            max_states=args.max_states, jobs=args.jobs, executor=None if forks else "inline",
                            progress=False)
    print(result)
    lost = [str(deal.seed) for deal in result.rows if deal.status == "lost"]
    print(f"     lost seeds: {', '.join(lost) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
