"""FreeCell's numbered deals solved by this package's solver and, in the
same run, by Freecell Solver (``fc-solve``), its C library called in this
process and its program started once a deal (not a test).

Deals ``--first`` … ``--last`` (default 1–1000) as Microsoft numbered them,
``sw.FreeCell.deal_number(n)``.  Our solver gets ``--time-limit`` seconds
per deal (default 1), or with ``--max-states N`` a budget of N positions
and no time limit, so that its share solved is the same on any machine and
at any load.  Its peers solve the same deals, each with its default
settings (or ``--fc-solve-args``), stopped at the same time limit.  With
``--cpu`` that limit counts each solver's CPU seconds rather than
wall-clock seconds, so that a loaded machine (other work on its cores)
shortens nobody's budget:

* ``fc-solve library``: Debian's ``libfreecell-solver0`` called in this
  process through the PyPI bindings ``freecell-solver`` (``pip install
  freecell-solver``), as ours is: the time of the solve alone.  With
  ``--max-states N`` it is stopped at N positions too (its iterations).
* ``fc-solve process``: Debian's ``fc-solve`` (package
  ``freecell-solver-bin``), one whole process a deal, start to exit.

With ``--cpu`` ours is stopped between two slices of 256 positions once its
CPU time reaches the limit, the library between two slices of ``SLICE``
iterations, and a process that used more counts as out of time.  Each
board is written by ``make-microsoft-freecell-board -t N`` (each
checked against our deal) or, without that tool, from our deal.  The
solvers take turns deal by deal, so that each deal is solved by all of
them at the same load; the deals run on ``--jobs`` processes (default:
every core).

For each solver it prints the share solved, the median and percentiles
of the time per deal (wall-clock and CPU), the positions searched and the
deals left unsolved, then the ratios of our median times to each peer's,
with the machine's core count and load.  Every won line of ours was
replayed to a win by ``sw.solve`` itself; deal 11982, the one deal of the
first 32,000 with no win, must never come out won (exit status 1 if it
does).

    python benchmarks/freecell.py [--first 1] [--last 1000] [--time-limit 1] [--cpu] [--max-states N] [--jobs 2]
                                  [--fc-solve-args "-l lg"] [--no-fc-solve]
"""

from __future__ import annotations

import argparse
import functools
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional, Sequence

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import solitaire_widgets as sw  # noqa: E402

UNSOLVABLE = 11982  # the one deal of Microsoft's first 32,000 that has no win
RANK_LETTERS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}  # fc-solve's card names: AH, TD, KS …


@dataclass(frozen=True)
class Run:
    """One solver on one deal: its verdict, wall-clock and CPU seconds, and
    the positions it searched (None where the solver does not say)."""

    deal: int
    status: str  # "won", "lost" or "unknown" (time up)
    seconds: float
    cpu: float
    states: Optional[int]


def board_text(game: sw.Game) -> str:
    """The tableau of a FreeCell game as fc-solve reads it: one column a
    line, bottom card first, cards as ``AH``, ``TD``, ``KS``."""
    columns = [pile for pile in game.PILES if game.SHAPE.roles[game.SHAPE.index[pile]] == "tableau"]
    return "".join(" ".join(RANK_LETTERS.get(card.rank, str(card.rank)) + card.suit for card in game[pile]) + "\n"
                   for pile in columns)


# --- our solver -------------------------------------------------------------------
def ours(deal: int, time_limit: float, max_states: Optional[int] = None, cpu_clock: bool = False) -> Run:
    """Solve deal ``deal`` with ``sw.solve`` in this (warm) process, within
    ``time_limit`` seconds (of CPU time where ``cpu_clock``), or
    ``max_states`` positions and no time limit."""
    game = sw.FreeCell.deal_number(deal)
    wall, cpu = time.perf_counter(), time.process_time()
    limits: dict = {"time_limit": None, "max_states": max_states} if max_states else {"time_limit": time_limit}
    if cpu_clock and not max_states:
        limits = {"time_limit": None, "stop": lambda: time.process_time() - cpu >= time_limit}
    solution = sw.solve(game, **limits)  # a won line is replayed to a win before it returns
    return Run(deal, solution.status, time.perf_counter() - wall, time.process_time() - cpu, solution.states)


# --- fc-solve ---------------------------------------------------------------------
CPU_WALL_FACTOR = 20  # with --cpu: a process's wall-clock limit, in times its CPU limit (a backstop)
SLICE = 500  # fc-solve library: iterations between two looks at the clock (well under a millisecond)
SOLVED, NOT_SOLVABLE, SUSPENDED = 0, 1, 5  # the library's FCS_STATE_WAS_SOLVED, _IS_NOT_SOLVEABLE, _SUSPEND_PROCESS
_library: dict[tuple[str, ...], object] = {}  # one solver instance a process, by its settings


def library(args: Sequence[str] = ()) -> Optional[object]:
    """This process's Freecell Solver library instance with the settings
    ``args`` (PyPI ``freecell-solver`` over ``libfreecell-solver.so.0``), or
    None where either is missing."""
    key = tuple(args)
    if key not in _library:
        try:
            from freecell_solver import FreecellSolver  # type: ignore[import-not-found]
            solver = FreecellSolver()
        except (ImportError, OSError):
            solver = None
        if solver is not None and args:
            solver.input_cmd_line(list(args))
        _library[key] = solver
    return _library[key]


def fc_solve_library(deal: int, time_limit: float, max_states: Optional[int], args: Sequence[str],
                     cpu_clock: bool = False) -> Run:
    """Solve deal ``deal`` with the Freecell Solver library in this process,
    stopped at ``time_limit`` seconds (of CPU time where ``cpu_clock``), and
    ``max_states`` positions (its iterations) where given: it runs
    ``SLICE`` iterations at a time and looks at the clock between two."""
    solver = library(args)
    board = _board(deal)
    wall, cpu = time.perf_counter(), time.process_time()
    clock, start = (time.process_time, cpu) if cpu_clock else (time.perf_counter, wall)
    limit = SLICE if max_states is None else min(SLICE, max_states)
    solver.limit_iterations(limit)  # type: ignore[attr-defined]
    code = solver.solve_board(board)  # type: ignore[attr-defined]
    while (code == SUSPENDED and clock() - start < time_limit
           and (max_states is None or limit < max_states)):
        limit = limit + SLICE if max_states is None else min(limit + SLICE, max_states)
        solver.limit_iterations(limit)  # type: ignore[attr-defined]
        code = solver.resume_solution()  # type: ignore[attr-defined]
    seconds, cpu = time.perf_counter() - wall, time.process_time() - cpu
    states = solver.get_num_times()  # type: ignore[attr-defined]
    solver.recycle()  # type: ignore[attr-defined]
    return Run(deal, "won" if code == SOLVED else "lost" if code == NOT_SOLVABLE else "unknown", seconds, cpu,
               states)


def fc_solve(deal: int, time_limit: float, args: Sequence[str], cpu_clock: bool = False) -> Run:
    """Solve deal ``deal`` with one whole ``fc-solve`` process, stopped at
    ``time_limit`` seconds; its CPU time from the kernel's count for
    children.  Where ``cpu_clock``, ``time_limit`` counts its CPU seconds: a
    deal it solves using more is unknown (a limit set in the child, by
    ``prlimit`` or before ``exec``, costs more CPU than a solve takes), and
    ``CPU_WALL_FACTOR`` times as many wall-clock seconds stop it."""
    board = _board(deal)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        out = subprocess.run(["fc-solve", *args, "-"], input=board, capture_output=True, text=True,
                             timeout=time_limit * CPU_WALL_FACTOR if cpu_clock else time_limit).stdout
        status = "won" if "This game is solveable." in out else "lost" if "I could not solve" in out else "unknown"
    except subprocess.TimeoutExpired:
        out, status = "", "unknown"
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if cpu_clock and cpu > time_limit:
        status = "unknown"  # out of time: solved, if at all, only after the limit
    states = next((int(line.rsplit(" ", 1)[1].rstrip(".")) for line in out.splitlines()
                   if line.startswith("Total number of states checked is")), None)
    return Run(deal, status, seconds, cpu, states)


@functools.cache
def _board(deal: int) -> str:
    """Deal ``deal`` as fc-solve reads it: ``make-microsoft-freecell-board``'s
    text, checked against ours; ours where that tool is missing."""
    mine = board_text(sw.FreeCell.deal_number(deal))
    if shutil.which("make-microsoft-freecell-board") is None:
        return mine
    theirs = subprocess.run(["make-microsoft-freecell-board", "-t", str(deal)], capture_output=True, text=True,
                            check=True).stdout
    if theirs.split() != mine.split():
        raise SystemExit(f"deal {deal}: FreeCell.deal_number({deal}) differs from make-microsoft-freecell-board:\n"
                         f"{mine}\nagainst\n{theirs}")
    return theirs


# --- the report -------------------------------------------------------------------
def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` percentile of ``values`` (nearest rank).

    >>> percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9), percentile([4.0], 0.5)
    (9, 4.0)
    """
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered)) - 1))]


def summary(name: str, runs: Sequence[Run]) -> list[str]:
    """Lines of the report for one solver's runs."""
    won = [r for r in runs if r.status == "won"]
    lines = [f"{name}: solved {len(won)}/{len(runs)} ({len(won) / len(runs):.1%})"]
    for label, values in (("wall ms", [r.seconds * 1000 for r in runs]), ("CPU ms", [r.cpu * 1000 for r in runs])):
        lines.append(f"  {label:<8} median {statistics.median(values):8.1f}   p90 {percentile(values, 0.9):8.1f}   "
                     f"p99 {percentile(values, 0.99):8.1f}   max {max(values):8.1f}")
    states = [r.states for r in runs if r.states is not None]
    if states:
        lines.append(f"  states   median {statistics.median(states):8.0f}   p90 {percentile(states, 0.9):8.0f}   "
                     f"max {max(states):8.0f}")
    unsolved = [f"{r.deal} ({r.status})" for r in runs if r.status != "won"]
    lines.append(f"  unsolved: {', '.join(unsolved) if unsolved else 'none'}")
    return lines


def median_of(runs: Sequence[Run], field: str) -> float:
    """The median of one field of ``runs`` (``seconds``, ``cpu``)."""
    return statistics.median(getattr(r, field) for r in runs)


PEERS = {  # name -> how its report is headed (the version and settings follow)
    "ours": "ours (sw.solve, time in a warm process)",
    "library": "fc-solve library (libfreecell-solver in this process through PyPI freecell-solver, time of the solve)",
    "process": "fc-solve process ({version}, time of the whole process, start to exit)",
}


def one_deal(deal: int, peers: Sequence[str], time_limit: float, max_states: Optional[int],
             fc_args: Sequence[str], cpu_clock: bool = False) -> list[Run]:
    """Deal ``deal`` solved by each of ``peers`` in turn, at the same load."""
    _board(deal)  # (written and checked once, before any clock starts)
    work = {"ours": lambda: ours(deal, time_limit, max_states, cpu_clock),
            "library": lambda: fc_solve_library(deal, time_limit, max_states, fc_args, cpu_clock),
            "process": lambda: fc_solve(deal, time_limit, fc_args, cpu_clock)}
    return [work[peer]() for peer in peers]


def run_all(deals: Iterable[int], jobs: int, peers: Sequence[str], *args) -> list[list[Run]]:
    """``one_deal(deal, peers, *args)`` for every deal, on ``jobs`` processes."""
    deals = list(deals)
    if jobs == 1:
        return [one_deal(deal, peers, *args) for deal in deals]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(one_deal, deals, *([a] * len(deals) for a in (peers, *args)), chunksize=1))


def available_peers(no_fc_solve: bool, fc_args: Sequence[str]) -> tuple[list[str], list[str]]:
    """The solvers to run (``ours`` first), and a note for each peer left out."""
    peers, notes = ["ours"], []
    if no_fc_solve:
        return peers, ["fc-solve: not run (--no-fc-solve)"]
    if library(fc_args) is not None:
        peers.append("library")
    else:
        notes.append("fc-solve library: not run (pip install freecell-solver, over Debian's libfreecell-solver0)")
    if shutil.which("fc-solve") is not None:
        peers.append("process")
    else:
        notes.append("fc-solve process: not run (not installed: apt install freecell-solver-bin)")
    return peers, notes


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=1, help="the first deal number (default 1)")
    parser.add_argument("--last", type=int, default=1000, help="the last deal number (default 1000)")
    parser.add_argument("--time-limit", type=float, default=1.0, help="seconds per deal, for each solver (default 1)")
    parser.add_argument("--cpu", action="store_true",
                        help="--time-limit counts each solver's CPU seconds, not wall-clock seconds "
                             "(fair on a loaded machine)")
    parser.add_argument("--max-states", type=int, default=None,
                        help="our solver: this many positions per deal and no time limit (default: --time-limit); "
                             "fc-solve's library: this many iterations as well as the time limit")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: every core)")
    parser.add_argument("--fc-solve-args", default="", help='fc-solve options, e.g. "-l lg" (default: none)')
    parser.add_argument("--no-fc-solve", action="store_true", help="run our solver only")
    args = parser.parse_args(argv)
    if not 1 <= args.first <= args.last:
        parser.error(f"deals run from --first to --last, 1 or more: not {args.first} to {args.last}")
    if args.time_limit <= 0 or args.jobs < 1 or (args.max_states is not None and args.max_states < 1):
        parser.error("--time-limit must be above 0, --max-states and --jobs at least 1")
    deals = range(args.first, args.last + 1)
    fc_args = shlex.split(args.fc_solve_args)
    peers, notes = available_peers(args.no_fc_solve, fc_args)

    unit = " of CPU" if args.cpu else ""
    budget = (f"ours {args.max_states:,} positions per deal (no time limit), fc-solve {args.time_limit:g} s{unit}"
              + (f" and {args.max_states:,} positions in the library" if "library" in peers else "")
              if args.max_states else f"{args.time_limit:g} s{unit} per deal")
    print(f"FreeCell deals {args.first}–{args.last} ({len(deals)}), {budget}, "
          f"{args.jobs} process{'es' * (args.jobs != 1)} on {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f} at the start; fc-solve's settings: {' '.join(fc_args) or 'its defaults'}")
    started = time.perf_counter()
    by_deal = run_all(deals, args.jobs, peers, args.time_limit, args.max_states, fc_args, args.cpu)
    print(f"  ({time.perf_counter() - started:.0f} s)")
    runs = {peer: [deal_runs[i] for deal_runs in by_deal] for i, peer in enumerate(peers)}
    version = "version unknown"
    if "process" in runs:
        lines = subprocess.run(["fc-solve", "--version"], capture_output=True, text=True).stdout.splitlines()
        version = lines[-1] if lines else version
    report: list[str] = []
    for peer, peer_runs in runs.items():
        report += summary(PEERS[peer].format(version=version), peer_runs)
    report += notes
    for peer in peers[1:]:
        ratios = [f"{label} {median_of(runs['ours'], field) / max(1e-9, median_of(runs[peer], field)):.2f} ×"
                  for label, field in (("wall", "seconds"), ("CPU", "cpu"))]
        report.append(f"median time, ours / fc-solve {peer}: {', '.join(ratios)}")
    print("\n".join(report))
    print(f"load {os.getloadavg()[0]:.1f} at the end")
    won_unsolvable = [f"{peer}" for peer, peer_runs in runs.items()
                      for r in peer_runs if r.deal == UNSOLVABLE and r.status == "won"]
    if won_unsolvable:
        print(f"ERROR: deal {UNSOLVABLE} has no win, yet {', '.join(won_unsolvable)} reported one")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
