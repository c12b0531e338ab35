"""Solver figures per game (not a test): unknown share, time per deal,
states per second, median winning line, deals per second per core.

Runs ``sw.winnability`` with the solver over seeds 0 … deals-1 of each game
at its default rules, ``--time-limit`` seconds per deal (or a ``--max-states``
budget, which gives the same figures on any machine), on ``--jobs``
processes (default: every core).

    python benchmarks/solver.py [--deals 200] [--time-limit 1] [--jobs 2] [--games cruel bobby]
"""

from __future__ import annotations

import argparse
import statistics

import solitaire_widgets as sw


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--time-limit", type=float, default=1.0)
    parser.add_argument("--max-states", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--games", nargs="*", default=list(sw.GAMES))
    args = parser.parse_args()
    time_limit = None if args.max_states else args.time_limit
    budget = f"{args.max_states:,} states" if args.max_states else f"{args.time_limit:g} s"
    print(f"{args.deals} deals per game, {budget} per deal")
    print(f"{'game':<12} {'won':>5} {'lost':>5} {'unknown':>8} {'median s':>9} {'p95 s':>7} "
          f"{'states/s':>9} {'median line':>12} {'deals/s/core':>13}")
    for name in args.games:
        r = sw.winnability(name, args.deals, time_limit=time_limit, max_states=args.max_states,
                           jobs=args.jobs, progress=False)
        seconds = sum(d.seconds for d in r.rows)
        lines = [d.moves for d in r.rows if d.status == "won"]
        line = f"{statistics.median(lines):,.0f}" if lines else "–"
        print(f"{name:<12} {r.won:>5} {r.lost:>5} {r.unknown / r.deals:>8.1%} {r.median_seconds:>9.3f} "
              f"{r.p95_seconds:>7.3f} {sum(d.states for d in r.rows) / seconds:>9,.0f} {line:>12} "
              f"{r.deals / seconds:>13.2f}")


if __name__ == "__main__":
    main()
