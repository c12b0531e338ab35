"""Solve a deal, measure win rates over many deals, deal a winnable deal,
find the move that lost a game, grade a deal, print puzzles, or draw a
picture of a position, of one of the games (python -m solitaire_widgets,
or the solitaire-widgets console script).

examples:
  solitaire-widgets solve cruel --seed 7
  solitaire-widgets winnability cruel --deals 1000 --jobs 2
  solitaire-widgets winnability bobby --deals 200 -o redeal=turn --player greedy
  solitaire-widgets deal leap_year --winnable
  solitaire-widgets deal cruel --winnable --difficulty hard --seed 0
  solitaire-widgets analyse cruel --seed 3 --moves "t4 t11, t4 f3, redeal" --picture lost.svg
  solitaire-widgets grade cruel --seed 20
  solitaire-widgets puzzles cruel -n 3 --seed 0 --output-dir puzzles
  solitaire-widgets picture cruel --seed 7 --move "t2 f0" --arrow "t1 t8" --output cruel.svg

Usage errors exit with status 2 and a line starting "error:", naming the flag.
When the solver finds no win where one is needed (deal --winnable, grade,
deal --grade, puzzles), the command says so on a line starting "error:" and
exits with status 1. Ctrl-C stops a run: winnability prints the table of the
deals that finished, says it was interrupted and exits with status 130. Output piped into a reader that stops
early (`| head`) ends the run quietly with status 141.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import re
import signal
import sys
from typing import Any, Optional, Sequence

INTERRUPTED = 130  # the shell's status for a program ended by Ctrl-C (128 + SIGINT)
BROKEN_PIPE = 141  # and for one whose reader went away (128 + SIGPIPE), as in `solve ... | head`

DESCRIPTION = __doc__  # plain text: it is the --help text too
# The API's parameters the flags set (each flag is the name with hyphens,
# one dash for a letter): the command line's errors name the flag.
PARAMETERS = ("deals", "start_seed", "time_limit", "max_states", "jobs", "seed", "card_width", "width",
              "highlight", "arrow", "caption", "n")


def flag_words(message: str) -> str:
    """An error of the API as the command line says it: the parameter it
    names first becomes the flag that set it, and None, which no flag
    gives, is left out.

    >>> flag_words("jobs must be a whole number ≥ 1 or None (every core), not 0")
    '--jobs must be a whole number ≥ 1, not 0'
    >>> flag_words("highlight: '7X' is not a card")
    "--highlight: '7X' is not a card"
    >>> flag_words("n must be a whole number ≥ 1 (how many puzzles), not 0")
    '-n must be a whole number ≥ 1 (how many puzzles), not 0'
    """
    first = re.match(r"([a-z_]+)(?=[ :])", message)
    if first and first.group(1) in PARAMETERS:
        name = first.group(1)
        message = ("-" if len(name) == 1 else "--") + name.replace("_", "-") + message[first.end():]
    return re.sub(r" or None(?: \([^)]*\))?", "", message)


def _game(text: str) -> str:
    """argparse type of the game argument: any spelling ``sw.new_game`` takes."""
    from .games import game_class

    try:
        return game_class(text).name
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def option_pair(pair: str) -> tuple[str, str]:
    """argparse type of ``-o NAME=VALUE`` (the benchmarks' too)."""
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


def _limits(args: argparse.Namespace, seconds: float = 1.0) -> tuple[Optional[float], Optional[int]]:
    """``--time-limit`` (default ``seconds``) and ``--max-states``: a states
    budget alone is deterministic, so it comes with no time limit; give both
    to use both.  A time limit given is passed on as given (the API refuses
    what is not one)."""
    if args.max_states is not None and args.time_limit is None:
        return None, args.max_states
    return (seconds if args.time_limit is None else args.time_limit), args.max_states


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
        p.add_argument("-o", "--option", type=option_pair, action="append", default=[], metavar="NAME=VALUE",
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
    p.add_argument("-o", "--option", type=option_pair, action="append", default=[], metavar="NAME=VALUE",
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
    _teaching_parsers(sub, commands, games)
    return top, commands


def _teaching_parsers(sub: Any, commands: dict[str, argparse.ArgumentParser], games: str) -> None:
    """The commands of the solver as a teacher: deal, analyse, grade, puzzles."""
    from .solver.deals import DEAL_SECONDS, DEAL_STATES
    from .solver.grades import GRADES
    from .solver.puzzles import PUZZLE_SECONDS, PUZZLE_STATES

    def common(command: str, text: str) -> argparse.ArgumentParser:
        p = commands[command] = sub.add_parser(command, help=text, description=text)
        p.add_argument("game", type=_game, help=f"{games} (any spelling)")
        p.add_argument("-o", "--option", type=option_pair, action="append", default=[], metavar="NAME=VALUE",
                       help="a rule option, e.g. redeal=turn or gather=pysol")
        return p

    p = common("deal", "deal a game and print it; with --winnable, one the solver has won")
    p.add_argument("--seed", type=int, default=None,
                   help="the deal; with --winnable, where the search starts (default: a random one)")
    p.add_argument("--winnable", action="store_true", help="try seeds in order until the solver wins one")
    p.add_argument("--difficulty", choices=GRADES, help="with --winnable: a deal of this grade")
    p.add_argument("--grade", action="store_true", help="also grade the deal (easy, medium, hard, expert)")
    p.add_argument("--max-states", type=int, default=None,
                   help=f"with --winnable: positions searched per seed (default: the game's DEAL_STATES, or "
                        f"{DEAL_STATES:,})")
    p.add_argument("--time-limit", type=float, default=None,
                   help=f"with --winnable: seconds for the whole search (default {DEAL_SECONDS:g})")
    p.add_argument("--line", action="store_true", help="with --winnable: print the winning line too")
    p = common("analyse", "find the move that gave up the win in a game: a deal and the moves played")
    p.add_argument("--seed", type=int, help="the deal")
    p.add_argument("--moves", default="", metavar='"M1, M2, …"', help='the moves played, like "t4 t11, redeal"')
    p.add_argument("--load", metavar="FILE", help="a game saved as JSON by game.to_dict() instead")
    p.add_argument("--time-limit", type=float, default=None,
                   help="seconds for the whole analysis (default 10, or none with --max-states)")
    p.add_argument("--max-states", type=int, default=None,
                   help="positions per position searched (alone: no time limit, the same result anywhere)")
    p.add_argument("--picture", metavar="FILE", help="write a picture of where it went wrong (SVG)")
    p = common("grade", "grade a winnable deal: easy, medium, hard or expert")
    p.add_argument("--seed", type=int, required=True)
    p = common("puzzles", "find-the-move puzzles: positions where exactly one move keeps the win")
    p.add_argument("-n", type=int, default=3, help="how many (default 3)")
    p.add_argument("--seed", type=int, default=None, help="where the search for winnable deals starts")
    p.add_argument("--difficulty", choices=GRADES, help="puzzles from deals of this grade")
    p.add_argument("--undecided", action="store_true",
                   help="allow other moves the search did not decide (each puzzle says which)")
    p.add_argument("--max-states", type=int, default=PUZZLE_STATES,
                   help=f"positions searched per other move (default {PUZZLE_STATES:,})")
    p.add_argument("--time-limit", type=float, default=PUZZLE_SECONDS,
                   help=f"seconds for the whole search (default {PUZZLE_SECONDS:g})")
    p.add_argument("--output-dir", metavar="DIR", help="write each puzzle and its answer as SVG pictures there")


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
    if args.command in TEACHING:
        return TEACHING[args.command](command, args, options)
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
            print("interrupted: the winning line above is as the search found it, not shortened"
                  if solution.status == "won" else "interrupted: the search was stopped before it decided",
                  file=sys.stderr)
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


def _picture(command: argparse.ArgumentParser, args: argparse.Namespace, options: dict[str, Any]) -> int:
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


# deal's flags for the search of a winnable deal: (flag, its argument, what it does)
WINNABLE_ONLY = (("--difficulty", "difficulty", "grades winnable deals"),
                 ("--max-states", "max_states", "budgets the search for a winnable deal"),
                 ("--time-limit", "time_limit", "budgets the search for a winnable deal"),
                 ("--line", "line", "prints the solver's winning line of a winnable deal"))


def _deal(command: argparse.ArgumentParser, args: argparse.Namespace, options: dict[str, Any]) -> int:
    import time

    import solitaire_widgets as sw
    from .solver.deals import deal_words, winnable_deal, won_words
    from .solver.grades import NoWinFound

    if not args.winnable:
        for flag, given, does in WINNABLE_ONLY:
            if getattr(args, given) not in (None, False):
                command.error(f"{flag} {does}: give --winnable with it")
    budget = {name: value for name, value in (("max_states", args.max_states), ("time_limit", args.time_limit))
              if value is not None}  # the others: winnable_deal's own defaults
    tried = [0]
    started = time.perf_counter()
    try:
        if args.winnable:
            game = winnable_deal(args.game, seed=args.seed, difficulty=args.difficulty,
                                 progress=lambda n, _s: tried.__setitem__(0, n), **budget, **options)
        else:
            game = sw.new_game(args.game, seed=args.seed, **options)
    except ValueError as err:
        command.error(flag_words(str(err)))
    except sw.NoWinnableDeal as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    head = f"{game.title} {deal_words(game)}"
    if args.winnable:
        found = tried[0] + 1
        head += (f": winnable: {won_words(game)} (found after {found} "
                 f"deal{'s' * (found != 1)}, {time.perf_counter() - started:.2f} s)")
    graded, ungraded = f"grade: {args.difficulty}, as asked" if args.difficulty else "", None
    if args.grade and not args.difficulty:
        try:
            graded = f"grade: {sw.grade(game)}"
        except NoWinFound as err:  # the deal is printed all the same
            ungraded = err
    print(head)
    if graded:
        print(graded)
    print(game)
    if args.line:
        for number, move in enumerate(game.winning_line, 1):
            print(f"{number:>4}. {move}")
    if ungraded is not None:
        print(f"error: {ungraded}", file=sys.stderr)
        return 1
    return 0


def _analyse(command: argparse.ArgumentParser, args: argparse.Namespace, options: dict[str, Any]) -> int:
    import solitaire_widgets as sw

    time_limit, max_states = _limits(args, seconds=10.0)
    try:
        if args.load:
            if args.seed is not None or args.moves or options:
                raise ValueError("--load reads the deal, options and moves from the save: give no --seed, "
                                 "--moves or -o with it")
            try:
                with open(args.load) as saved:
                    game = sw.load(json.load(saved))
            except OSError as err:
                raise ValueError(f"--load {args.load}: cannot read it ({err.strerror})") from None
            except json.JSONDecodeError as err:
                raise ValueError(f"--load {args.load}: not JSON ({err})") from None
            if game.name != args.game:
                raise ValueError(f"--load {args.load} holds a game of {game.title}, not of {args.game}")
        else:
            if args.seed is None:
                raise ValueError("give the deal: --seed N (and the moves played), or --load FILE")
            game = sw.new_game(args.game, seed=args.seed, **options)
            for number, move in enumerate(filter(None, (m.strip() for m in args.moves.split(","))), 1):
                try:
                    game.play(move)
                except sw.IllegalMoveError as err:
                    raise ValueError(f"--moves: move {number} ({move!r}): {err}") from None
        analysis = game.analyse(time_limit=time_limit, max_states=max_states)
    except ValueError as err:
        command.error(flag_words(str(err)))
    print(analysis)
    if args.picture:
        try:
            analysis.picture().save(args.picture)
        except ValueError as err:
            print(f"no picture: {err}", file=sys.stderr)
        except OSError as err:
            command.error(f"--picture {args.picture}: cannot write there ({err.strerror})")
    if analysis.stopped_by == "interrupt":
        print("interrupted: the positions not searched are not decided", file=sys.stderr)
        return INTERRUPTED
    return 0


def _grade(command: argparse.ArgumentParser, args: argparse.Namespace, options: dict[str, Any]) -> int:
    import solitaire_widgets as sw
    from .solver.grades import NoWinFound

    try:
        game = sw.new_game(args.game, seed=args.seed, **options)
        graded = sw.grade(game)
    except NoWinFound as err:  # not a usage error: the deal is the one asked for
        print(f"error: {err}", file=sys.stderr)
        return 1
    except ValueError as err:
        command.error(flag_words(str(err)))
    print(f"{game.title} seed {args.seed}: {graded}")
    return 0


def _puzzles(command: argparse.ArgumentParser, args: argparse.Namespace, options: dict[str, Any]) -> int:
    import solitaire_widgets as sw

    if args.output_dir and not os.path.isdir(args.output_dir):
        command.error(f"--output-dir {args.output_dir}: no such directory")
    status = 0
    try:
        found = sw.puzzles(args.game, args.n, seed=args.seed, difficulty=args.difficulty, proven=not args.undecided,
                           max_states=args.max_states, time_limit=args.time_limit, **options)
    except ValueError as err:
        command.error(flag_words(str(err)))
    except sw.PuzzlesNotFound as err:
        print(f"error: {err}", file=sys.stderr)
        found, status = err.found, 1
    for number, puzzle in enumerate(found, 1):
        print(f"{number}. {puzzle}")
        if args.output_dir:
            for suffix, answer in (("", False), ("-answer", True)):
                path = os.path.join(args.output_dir, f"puzzle-{number}{suffix}.svg")
                try:
                    puzzle.picture(answer=answer).save(path)
                except OSError as err:
                    command.error(f"--output-dir {args.output_dir}: cannot write there ({err.strerror})")
    return status


TEACHING = {"deal": _deal, "analyse": _analyse, "grade": _grade, "puzzles": _puzzles}


def program() -> int:
    """The ``solitaire-widgets`` command (and ``python -m solitaire_widgets``):
    ``main`` on the command line's arguments, its exit status returned."""
    status = main()
    if status == INTERRUPTED:
        # Stopped by Ctrl-C, the partial result printed: a second press landing
        # as Python exits (its handlers reset) would kill the process instead of
        # letting it exit with 130.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    return status


if __name__ == "__main__":
    sys.exit(program())
