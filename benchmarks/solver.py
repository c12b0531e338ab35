"""Solver figures per game (not a test): unknown share, time per deal,
states per second, median winning line, deals per second per core.

Runs ``sw.winnability`` with the solver over seeds ``--first`` …
``--first + --deals - 1`` of each game at its default rules (``-o
name=value`` for an option), ``--time-limit`` seconds per deal (or a
``--max-states`` budget, which gives the same figures on any machine), on
``--jobs`` processes (default: every core).

``--save FILE`` writes every deal's verdict, positions and line length as
JSON; ``--compare FILE`` reads such a file (an earlier solver's run on the
same seeds and budget) and prints, per game, the deals decided now that were
not, the median won line of the deals both won, and every contradiction (a
deal won then and lost now, or the other way round), which it counts as a
failure: the exit status is 1.  ``--compare`` also reads the ``--json`` file
of ``python -m solitaire_widgets winnability`` (one game's rows).

    python benchmarks/solver.py [--deals 200] [--time-limit 1] [--jobs 2] [--games cruel bobby]
    python benchmarks/solver.py --deals 100 --max-states 30000 --jobs 1 --save after.json --compare before.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

import solitaire_widgets as sw
from solitaire_widgets.__main__ import option_pair


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--time-limit", type=float, default=1.0)
    parser.add_argument("--max-states", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--games", nargs="*", default=list(sw.GAMES))
    parser.add_argument("-o", "--option", type=option_pair, action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--save", type=Path, help="write each deal's result here (JSON)")
    parser.add_argument("--compare", type=Path, help="an earlier --save of the same seeds to compare with")
    args = parser.parse_args()
    options = dict(args.option)
    time_limit = None if args.max_states else args.time_limit
    budget = f"{args.max_states:,} states" if args.max_states else f"{args.time_limit:g} s"
    before = earlier_run(json.loads(args.compare.read_text())) if args.compare else {}
    saved: dict[str, list[list]] = {}
    contradictions = 0
    print(f"seeds {args.first}-{args.first + args.deals - 1} of each game, {budget} per deal"
          + (f", options {options}" if options else ""))
    print(f"{'game':<12} {'won':>5} {'lost':>5} {'unknown':>8} {'median s':>9} {'p95 s':>7} "
          f"{'states/s':>9} {'median line':>12} {'deals/s/core':>13}")
    for name in args.games:
        r = sw.winnability(name, args.deals, start_seed=args.first, time_limit=time_limit,
                           max_states=args.max_states, jobs=args.jobs, progress=False, **options)
        seconds = sum(d.seconds for d in r.rows)
        lines = [d.moves for d in r.rows if d.status == "won"]
        line = f"{statistics.median(lines):,.0f}" if lines else "–"
        print(f"{name:<12} {r.won:>5} {r.lost:>5} {r.unknown / r.deals:>8.1%} {r.median_seconds:>9.3f} "
              f"{r.p95_seconds:>7.3f} {sum(d.states for d in r.rows) / seconds:>9,.0f} {line:>12} "
              f"{r.deals / seconds:>13.2f}", flush=True)
        saved[name] = [[d.seed, d.status, d.states, d.moves] for d in r.rows]
        if name in before:
            contradictions += compare(before[name], saved[name])
    if args.save:
        args.save.write_text(json.dumps(saved))
    if contradictions:
        print(f"{contradictions} verdicts contradict the earlier run's", file=sys.stderr)
        sys.exit(1)


def earlier_run(saved: dict) -> dict[str, list[list]]:
    """An earlier run by game name, as ``--save`` writes it, from either that
    file or the ``--json`` file of ``python -m solitaire_widgets winnability``
    (one game: its summary names it first, then its options).

    >>> earlier_run({"summary": {"game": "frog aces=dealt"},
    ...              "rows": [{"seed": 3, "status": "won", "states": 435, "moves": 246}]})
    {'frog': [[3, 'won', 435, 246]]}
    >>> earlier_run({"bobby": [[0, "won", 4524, 141]]})
    {'bobby': [[0, 'won', 4524, 141]]}
    """
    if "rows" not in saved or "summary" not in saved:
        return saved
    game = saved["summary"]["game"].split()[0]
    return {game: [[row["seed"], row["status"], row["states"], row["moves"]] for row in saved["rows"]]}


def compare(before: list[list], after: list[list]) -> int:
    """Print how ``after`` (seed, status, states, moves rows) differs from
    ``before`` on the seeds both ran; return the contradictions."""
    was = {seed: (status, states, moves) for seed, status, states, moves in before}
    newly, undecided, contradicted, both_won = [], [], [], []
    for seed, status, _, moves in after:
        if seed not in was:
            continue
        then = was[seed][0]
        if then != "unknown" and status != "unknown" and then != status:
            contradicted.append(seed)
        elif then == "unknown" and status != "unknown":
            newly.append(seed)
        elif then != "unknown" and status == "unknown":
            undecided.append(seed)
        if then == status == "won":
            both_won.append((was[seed][2], moves))
    lines = (f"median line of the {len(both_won)} won in both: {statistics.median(m for m, _ in both_won):,.0f} "
             f"-> {statistics.median(m for _, m in both_won):,.0f}" if both_won else "")
    print(f"    against the earlier run: {len(newly)} decided now, {len(undecided)} no longer decided "
          f"{sorted(undecided)[:20]}, {len(contradicted)} contradicted {contradicted}; {lines}", flush=True)
    return len(contradicted)


if __name__ == "__main__":
    main()
