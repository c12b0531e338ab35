"""Command line: ``python -m solitaire_widgets solve|winnability …`` (also the
``solitaire-widgets`` console script).

    python -m solitaire_widgets solve cruel --seed 7
    python -m solitaire_widgets winnability cruel --deals 1000 --jobs 2
    python -m solitaire_widgets winnability bobby --deals 200 -o redeal=turn --player greedy
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from typing import Optional, Sequence


def _options(pairs: Sequence[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"option {pair!r}: write NAME=VALUE, like gather=pysol")
        options[key] = value
    return options


def _game(name: str) -> str:
    """A game's registered name from any spelling ("Leap Year", "leap-year")."""
    from .games import game_class

    try:
        return game_class(name).name
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _limits(args: argparse.Namespace) -> tuple[Optional[float], Optional[int]]:
    # A states budget alone is deterministic; give both to use both.
    if args.max_states is not None and args.time_limit is None:
        return None, args.max_states
    return (1.0 if args.time_limit is None else args.time_limit), args.max_states


def main(argv: Optional[Sequence[str]] = None) -> int:
    import solitaire_widgets as sw

    parser = argparse.ArgumentParser(prog="solitaire-widgets", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    for command in ("solve", "winnability"):
        p = sub.add_parser(command)
        p.add_argument("game", type=_game, help="one of: " + ", ".join(sw.GAMES))
        p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                       help="a rule option, e.g. redeal=turn or gather=pysol")
        p.add_argument("--time-limit", type=float, default=None,
                       help="seconds per search (default 1, or none with --max-states)")
        p.add_argument("--max-states", type=int, default=None,
                       help="positions per search: a budget that gives the same result on any machine")
        if command == "solve":
            p.add_argument("--seed", type=int, required=True)
        else:
            p.add_argument("--deals", type=int, default=1000)
            p.add_argument("--start-seed", type=int, default=0)
            p.add_argument("--player", choices=("solver", "greedy", "random"), default="solver")
            p.add_argument("--jobs", type=int, default=None, help="processes (default: every core)")
            p.add_argument("--json", metavar="FILE", help="also write the summary and every deal's row")
            p.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)
    options = _options(args.option)
    time_limit, max_states = _limits(args)
    try:
        if args.command == "solve":
            game = sw.new_game(args.game, seed=args.seed, **options)
            solution = sw.solve(game, time_limit=time_limit, max_states=max_states)
            print(f"{game.title} seed {args.seed}: {solution}")
            if solution.moves:
                print(" ".join(str(m) for m in solution.moves))
            return 0
        result = sw.winnability(args.game, args.deals, start_seed=args.start_seed, time_limit=time_limit,
                                max_states=max_states, player=args.player, jobs=args.jobs,
                                progress=not args.no_progress, **options)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(result)
    if args.json:
        data = {"summary": result.summary(), "options": result.options, "time_limit": time_limit,
                "max_states": max_states, "start_seed": args.start_seed,
                "rows": [dataclasses.asdict(r) for r in result.rows]}
        with open(args.json, "w") as out:
            json.dump(data, out, indent=0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
