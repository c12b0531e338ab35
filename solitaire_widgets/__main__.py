"""Solve a deal, or measure win rates over many deals, of one of the games
or draw a picture of a position (python -m solitaire_widgets, or the
solitaire-widgets console script).

examples:
  solitaire-widgets solve cruel --seed 7
  solitaire-widgets winnability cruel --deals 1000 --jobs 2
  solitaire-widgets winnability bobby --deals 200 -o redeal=turn --player greedy
  solitaire-widgets picture cruel --seed 7 --move "t2 f0" --arrow "t1 t8" --output cruel.svg

Usage errors exit with status 2 and a line starting "error:". Ctrl-C stops a
run: winnability prints the table of the deals that finished, says it was
interrupted and exits with status 130. Output piped into a reader that stops
early (`| head`) ends the run quietly with status 141.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import re
import sys
from typing import Any, Optional, Sequence

INTERRUPTED = 130  # the shell's status for a program ended by Ctrl-C (128 + SIGINT)
BROKEN_PIPE = 141  # and for one whose reader went away (128 + SIGPIPE), as in `solve ... | head`

DESCRIPTION = __doc__  # plain text: it is the --help text too
# The API's parameters the flags set (each flag is the name with hyphens):
# the command line's errors name the flag.
PARAMETERS = ("deals", "start_seed", "time_limit", "max_states", "jobs", "seed", "card_width", "width",
              "highlight", "arrow", "caption")


def flag_words(message: str) -> str:
    """An error of the API as the command line says it: the parameter it
    names first becomes the flag that set it, and None, which no flag
    gives, is left out.

    >>> flag_words("jobs must be a whole number ≥ 1 or None (every core), not 0")
    '--jobs must be a whole number ≥ 1, not 0'
    >>> flag_words("highlight: '7X' is not a card")
    "--highlight: '7X' is not a card"
    """
    first = re.match(r"([a-z_]+)(?=[ :])", message)
    if first and first.group(1) in PARAMETERS:
        message = "--" + first.group(1).replace("_", "-") + message[first.end():]
    return re.sub(r" or None(?: \([^)]*\))?", "", message)


def _game(text: str) -> str:
    """argparse type of the game argument: any spelling ``sw.new_game`` takes."""
    from .games import game_class

    try:
        return game_class(text).name
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _option(pair: str) -> tuple[str, str]:
    """argparse type of ``-o NAME=VALUE``."""
    key, sep, value = pair.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{pair!r}: write NAME=VALUE, like gather=pysol or redeal=turn")
    return key, value


def _check_writable(parser: argparse.ArgumentParser, path: str) -> None:
    """Refuse a ``--json`` file that cannot be written, before the run."""
    if os.path.isdir(path):
        parser.error(f"--json {path}: is a directory, not a file")
    existed = os.path.exists(path)
    try:
        with open(path, "a"):
            pass
    except OSError as err:
        parser.error(f"--json {path}: cannot write there ({err.strerror})")
    if not existed:
        os.remove(path)  # written after the run; leave nothing behind should it fail


def _limits(args: argparse.Namespace) -> tuple[Optional[float], Optional[int]]:
    # A states budget alone is deterministic; give both to use both.
    if args.max_states is not None and args.time_limit is None:
        return None, args.max_states
    return (1.0 if args.time_limit is None else args.time_limit), args.max_states


def parsers() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The command line's parser and its commands' parsers, by name."""
    from . import GAMES

    top = argparse.ArgumentParser(prog="solitaire-widgets", description=DESCRIPTION,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = top.add_subparsers(dest="command", required=True)
    games = ", ".join(GAMES)
    commands = {}
    for command, text in (("solve", "search one deal for a win and print the winning line"),
                          ("winnability", "win rates over many deals: solver, greedy or random player")):
        p = commands[command] = sub.add_parser(command, help=text, description=text)
        p.add_argument("game", type=_game, help=f"{games} (any spelling: a title, spaces or hyphens work too)")
        p.add_argument("-o", "--option", type=_option, action="append", default=[], metavar="NAME=VALUE",
                       help="a rule option, e.g. redeal=turn or gather=pysol")
        p.add_argument("--time-limit", type=float, default=None,
                       help="seconds per search (default 1, or none with --max-states; inf: no limit, "
                            "written as null in --json)")
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
    text = "draw a position as an SVG picture (the deal, or after the moves given)"
    p = commands["picture"] = sub.add_parser("picture", help=text, description=text)
    p.add_argument("game", type=_game, help=f"{games} (any spelling)")
    p.add_argument("-o", "--option", type=_option, action="append", default=[], metavar="NAME=VALUE",
                   help="a rule option, e.g. redeal=turn or gather=pysol")
    p.add_argument("--seed", type=int, default=None, help="the deal (default: a random one)")
    p.add_argument("--move", action="append", default=[], metavar="MOVE",
                   help='a move to play before drawing, like "t3 f0" or draw (give it again for more)')
    size = p.add_mutually_exclusive_group()
    size.add_argument("--card-width", type=int, default=None, help="card width in px (default 60)")
    size.add_argument("--width", type=int, default=None, help="the picture the table draws this many px wide")
    p.add_argument("--no-labels", action="store_true", help="leave out the pile ids")
    p.add_argument("--no-title", action="store_true", help="leave out the title line")
    p.add_argument("--highlight", action="append", default=[], metavar="CARD",
                   help="outline a card, like 7S or 10H (give it again for more)")
    p.add_argument("--arrow", metavar="MOVE", help='mark a move with an arrow, like "t3 f0" or draw')
    p.add_argument("--caption", default="", help="a line of text under the table")
    p.add_argument("--output", metavar="FILE", help="write the SVG there (default: print it)")
    return top, commands


def main(argv: Optional[Sequence[str]] = None) -> int:
    try:
        return _run(argv)
    except KeyboardInterrupt:  # Ctrl-C outside a run (say, while starting up)
        print("interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # the reader left (`... | head`): stop quietly
        # Python flushes stdout again at exit; point it at devnull so that
        # flush cannot fail a second time and print a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE


def _run(argv: Optional[Sequence[str]]) -> int:
    import solitaire_widgets as sw

    top, commands = parsers()
    args = top.parse_args(argv)
    command = commands[args.command]  # its error() prints its usage: the one that went wrong
    options = dict(args.option)
    if args.command == "picture":
        return _picture(command, args, options)
    time_limit, max_states = _limits(args)
    if args.command == "solve":
        try:
            game = sw.new_game(args.game, seed=args.seed, **options)
            solution = sw.solve(game, time_limit=time_limit, max_states=max_states)
        except ValueError as err:
            command.error(flag_words(str(err)))
        print(f"{game.title} seed {args.seed}: {solution}")
        for number, move in enumerate(solution.moves, 1):
            print(f"{number:>4}. {move}")
        if solution.stopped_by == "interrupt":
            print("interrupted: the search was stopped before it decided", file=sys.stderr)
            return INTERRUPTED
        return 0
    if args.json:
        _check_writable(command, args.json)
    status = 0
    try:
        result = sw.winnability(args.game, args.deals, start_seed=args.start_seed, time_limit=time_limit,
                                max_states=max_states, player=args.player, jobs=args.jobs,
                                progress=not args.no_progress, **options)
    except ValueError as err:
        command.error(flag_words(str(err)))
    except sw.WinRateInterrupted as stop:
        result, status = stop.partial, INTERRUPTED
        print(f"interrupted after {result.deals} of {stop.requested} deals: the table counts only "
              "the deals that finished", file=sys.stderr)
    print(result)
    if args.json:
        # No time limit (none, or --time-limit inf) is null, as JSON has no Infinity.
        limit = time_limit if time_limit is not None and math.isfinite(time_limit) else None
        data: dict[str, Any] = {
            "summary": result.summary(), "options": result.options, "time_limit": limit,
            "max_states": max_states, "start_seed": args.start_seed, "interrupted": result.interrupted,
            "rows": [dataclasses.asdict(r) for r in result.rows]}
        with open(args.json, "w") as out:
            json.dump(data, out, indent=0, allow_nan=False)
    return status


def _picture(command: argparse.ArgumentParser, args: argparse.Namespace, options: dict[str, str]) -> int:
    import solitaire_widgets as sw

    try:
        game = sw.new_game(args.game, seed=args.seed, **options)
        for number, move in enumerate(args.move, 1):
            try:
                game.play(move)
            except sw.IllegalMoveError as err:
                raise ValueError(f"--move {move!r} (move {number}): {err}") from None
        picture = game.picture(card_width=args.card_width, width=args.width, labels=not args.no_labels,
                               title=not args.no_title, highlight=args.highlight, arrow=args.arrow,
                               caption=args.caption)
    except ValueError as err:
        command.error(flag_words(str(err)))
    if args.output:
        try:
            picture.save(args.output)
        except OSError as err:
            command.error(f"--output {args.output}: cannot write there ({err.strerror})")
    else:
        sys.stdout.write(picture + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
