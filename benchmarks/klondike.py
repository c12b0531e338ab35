"""Klondike, three cards a draw, all cards known ("thoughtful"): this
package's solver and Klondike-Solver side by side on the same deals (not
a test).

Seeds ``--first`` … ``--last`` (default 0–999) of the built-in
``sw.Klondike(seed=n, draw="3")``: three cards a draw, redeals without
limit (the default ``passes="unlimited"``), the waste turned over in order.
Each deal is written in PySol's text format (a ``Talon:`` line, first card
first drawn, then the seven columns bottom to top, face-down cards in
``<>``) and loaded into Klondike-Solver through its Python wrapper (PyPI
``pyksolve``, ``Solitaire.load_pysol``), which then plays three a draw.
The export is checked twice: Klondike-Solver's own text of the deal it
loaded (``get_pysol``) must be ours, and every won line it returns is
played on our engine, move by move, to a win.

Both get ``--time-limit`` seconds per deal (default 1), timed the same
way: the solve call's wall time in a warm process, and a verdict counts
only if it came within the limit.  The CPU time each deal took is printed
too (ours: this process's; theirs: the worker's, from ``/proc``, stopped
or not): on a machine busy with other work it says more than wall time.
With ``--cpu`` the limit counts each solver's CPU seconds instead, so that
other work on the machine's cores shortens nobody's budget: ours is
stopped between two slices of 256 positions once its CPU time reaches the
limit, the worker once ``/proc`` shows it has used it (looked at every
``CPU_POLL`` seconds; a verdict counts only where the CPU it took is
within the limit).  Ours is ``sw.solve`` (a won line
replayed to a win before it returns; a loss proved).  Klondike-Solver runs
in a worker process that is stopped at the limit; two of its modes:
``solve_fast`` (best first, its "fast" mode: finds wins, never proves a
loss; it searches on for a shorter line until ``--ks-states`` positions,
default 200,000 as its command line's ``/FAST``, so it answers only at
the end of that budget) and ``solve_minimal`` (A* on its own count of
moves, its default budget of 5,000,000 positions: proves a loss when it
runs out of positions first, and a line it returns within the budget is
minimal), each with the same time unless ``--minimal-time-limit`` says.

Rules.  Klondike-Solver's Klondike is ours in everything but one move: it
may take a card back from a foundation to a column ("very rarely needed",
its source says), which our Klondike does not allow.  So a deal it wins
with such a move may be lost for us, and a loss it proves holds for us
too.  Its lines that use such a move are counted and not replayed.

Lines are counted in our engine's moves: a card or run moved, a draw of
three, a redeal (Klondike-Solver also counts each card turned up in a
column, which our engine turns by itself; its ``DR3`` is three draws).

It prints, for each solver, the decided, won and lost shares, the median
and p90 time per deal, the median won line, and the ratios the issue
asks for: our decided share against each of theirs, our median time over
theirs (all deals; and the deals both won), our median line over
``solve_minimal``'s on the deals both won.

    python benchmarks/klondike.py [--first 0] [--last 999] [--time-limit 1] [--cpu] [--max-states N]
                                  [--ks-states 200000] [--minimal-time-limit S] [--no-minimal] [--save FILE]
    python benchmarks/klondike.py --load part1.json part2.json   # runs saved by --save, together
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import multiprocessing
import os
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Optional, Sequence

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import solitaire_widgets as sw  # noqa: E402
from freecell import percentile  # noqa: E402  (this folder: the script's own)

DRAW = 3
RANK_LETTERS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}  # PySol's: AH, TD, KS …
GRACE = 0.3  # seconds the worker may take beyond the limit to answer before it is stopped
CPU_POLL = 0.01  # with --cpu: seconds between two looks at the worker's CPU time
CPU_WALL_FACTOR = 20  # with --cpu: the worker's wall-clock limit, in times its CPU limit (a backstop)
COLUMNS = tuple(f"t{i}" for i in range(7))


@dataclass(frozen=True)
class Run:
    """One solver on one deal: its verdict within the limit, the solve
    call's seconds, and the won line's length in our engine's moves."""

    seed: int
    status: str  # "won", "lost" or "unknown"
    seconds: float
    cpu: float  # CPU seconds of the process that solved it, for this deal
    line: Optional[int] = None
    back_from_foundation: bool = False  # Klondike-Solver's line takes a card off a foundation


def deal(seed: int) -> sw.Game:
    return sw.Klondike(seed=seed, draw=str(DRAW))


def card_text(card: sw.Card) -> str:
    return RANK_LETTERS.get(card.rank, str(card.rank)) + card.suit


def pysol_text(game: sw.Game) -> str:
    """A Klondike deal in PySol's text format as Klondike-Solver reads it:
    the talon, first card drawn first; then each column, bottom card first,
    face-down cards in ``<>``, a line each (led by ``:``, as it writes its
    own diagrams).

    >>> print(pysol_text(deal(3)).splitlines()[2])
    : <3H> 7C
    """
    talon = " ".join(card_text(c) for c in reversed(game["stock"]))
    rows = []
    for column in COLUMNS:
        down = game.face_down(column)
        rows.append(":" + "".join(f" <{card_text(c)}>" if i < down else f" {card_text(c)}"
                                  for i, c in enumerate(game[column])))
    return f"Talon: {talon}\n" + "\n".join(rows) + "\n"


def plain_pysol(text: str) -> str:
    """Our text as Klondike-Solver writes a deal back (``get_pysol``): no
    ``:`` before a column, no newline at the end."""
    return "\n".join(line.removeprefix(": ") for line in text.splitlines())


# --- our solver -------------------------------------------------------------------
def ours(seed: int, time_limit: float, max_states: Optional[int], cpu_clock: bool = False) -> Run:
    """``sw.solve`` on deal ``seed`` within ``time_limit`` seconds (of CPU
    time where ``cpu_clock``), or ``max_states`` positions and no time limit."""
    game = deal(seed)
    start, cpu = time.perf_counter(), time.process_time()
    if max_states:
        limits: dict = {"time_limit": None, "max_states": max_states}
    elif cpu_clock:
        limits = {"time_limit": None, "stop": lambda: time.process_time() - cpu >= time_limit}
    else:
        limits = {"time_limit": time_limit}
    solution = sw.solve(game, **limits)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    status = solution.status if max_states or (cpu if cpu_clock else seconds) <= time_limit else "unknown"
    return Run(seed, status, seconds, cpu, len(solution.moves) if status == "won" else None)


# --- Klondike-Solver --------------------------------------------------------------
def _worker(conn) -> None:  # pragma: no cover - runs in the child process
    from pyksolve import solver
    while True:
        job = conn.recv()
        if job is None:
            return
        text, mode, states = job
        s = solver.Solitaire()
        if not s.load_pysol(text):
            conn.send(("refused", 0.0, "", ""))
            continue
        s.reset_game(DRAW)
        loaded = s.get_pysol()
        start = time.perf_counter()
        result = s.solve_fast(max_closed_count=states) if mode == "fast" else s.solve_minimal()
        seconds = time.perf_counter() - start
        conn.send((result.name, seconds, s.moves_made() if abs(result.value) == 1 else "", loaded))


class KlondikeSolver:
    """Klondike-Solver in a worker process, stopped at the time limit."""

    def __init__(self) -> None:
        self.process: Optional[multiprocessing.Process] = None

    def _start(self) -> None:
        self.conn, child = multiprocessing.Pipe()
        self.process = multiprocessing.Process(target=_worker, args=(child,), daemon=True)
        self.process.start()

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.join()
            self.process = None

    def solve(self, seed: int, mode: str, time_limit: float, states: int, cpu_clock: bool = False) -> Run:
        """Its run on deal ``seed`` within ``time_limit`` seconds (of its
        CPU time where ``cpu_clock``)."""
        if self.process is None:
            self._start()
        game = deal(seed)
        text = pysol_text(game)
        cpu = self._cpu()
        wall = time.perf_counter()
        self.conn.send((text, mode, states))
        if not self._answers(time_limit, cpu, cpu_clock):
            cpu = self._cpu() - cpu
            seconds = time.perf_counter() - wall
            self.stop()
            return Run(seed, "unknown", seconds, cpu)
        result, seconds, moves, loaded = self.conn.recv()
        cpu = self._cpu() - cpu
        if result == "refused" or loaded != plain_pysol(text):
            raise SystemExit(f"seed {seed}: Klondike-Solver read our deal otherwise:\n{text}\nas\n{loaded}")
        if (cpu if cpu_clock else seconds) > time_limit or result == "CouldNotComplete":
            return Run(seed, "unknown", seconds, cpu)
        if result == "Impossible":
            return Run(seed, "lost", seconds, cpu)
        line, back = replay(game, moves)
        return Run(seed, "won", seconds, cpu, line, back)

    def _answers(self, time_limit: float, cpu: float, cpu_clock: bool) -> bool:
        """Whether the worker answers within ``time_limit`` wall-clock
        seconds and a little grace, or where ``cpu_clock``, before it has
        used ``time_limit`` seconds of CPU time beyond ``cpu``."""
        if not cpu_clock:
            return self.conn.poll(time_limit + GRACE)
        deadline = time.perf_counter() + time_limit * CPU_WALL_FACTOR
        while not self.conn.poll(CPU_POLL):
            if self._cpu() - cpu > time_limit or time.perf_counter() > deadline:
                return False
        return True

    def _cpu(self) -> float:
        """The worker's CPU seconds so far (user and system, from /proc)."""
        assert self.process is not None
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def replay(game: sw.Game, moves: str) -> tuple[int, bool]:
    """Klondike-Solver's line ``moves`` played on ``game``; its length in
    our moves, and whether it takes a card back from a foundation (then it
    is counted, not played: our Klondike has no such move).  Raises
    SystemExit where a move is not legal here or the line does not win."""
    pile = {str(i + 1): column for i, column in enumerate(COLUMNS)} | {"W": "waste"}
    tokens = moves.split()
    back = any(token[0] in "CDSH" and token[1:2].isdigit() for token in tokens)
    count = 0
    for token in tokens:
        if token[0] == "F":  # a card turned up: our engine turns it itself
            continue
        if token == "NEW":
            steps = ["redeal"]
        elif token.startswith("DR"):
            steps = ["draw"] * int(token[2:])
        elif back:
            count += 1
            continue
        else:
            source, target = pile[token[0]], token[1]
            cards = int(token.split("-")[1]) if "-" in token else 1
            if target in pile:
                steps = [sw.Move(source, pile[target], cards)]
            else:  # to its suit's foundation: the one the engine offers
                steps = [next(m for m in game.legal_moves() if m.source == source and m.target
                              and m.target.startswith("f"))]
        count += len(steps)
        if not back:
            for step in steps:
                try:
                    game.play(step)
                except sw.IllegalMoveError as error:
                    raise SystemExit(f"seed {game.seed}: its {token} is not legal here: {error}") from error
    if not back and game.status != "won":
        raise SystemExit(f"seed {game.seed}: Klondike-Solver's line does not win here: {moves}")
    return count, back


# --- the report -------------------------------------------------------------------
def decided(runs: Sequence[Run]) -> int:
    return sum(r.status != "unknown" for r in runs)


def summary(name: str, runs: Sequence[Run]) -> str:
    won = sum(r.status == "won" for r in runs)
    lost = sum(r.status == "lost" for r in runs)
    times, cpu = [r.seconds for r in runs], [r.cpu for r in runs]
    lines = [r.line for r in runs if r.line is not None]
    text = (f"{name}\n  decided {decided(runs)}/{len(runs)} ({decided(runs) / len(runs):.1%}): won {won}, lost {lost}"
            f"\n  time per deal: median {statistics.median(times):.3f} s, p90 {percentile(times, 0.9):.3f} s; "
            f"CPU median {statistics.median(cpu):.3f} s, p90 {percentile(cpu, 0.9):.3f} s")
    if lines:
        text += f"\n  won line: median {statistics.median(lines):.0f} moves (p90 {percentile(lines, 0.9):.0f})"
    back = sum(r.back_from_foundation for r in runs)
    if back:
        text += f"\n  {back} won line(s) take a card back from a foundation (not allowed in our Klondike)"
    return text


def ratios(mine: Sequence[Run], name: str, theirs: Sequence[Run]) -> list[str]:
    out = [f"ours / {name}: decided {decided(mine)} against {decided(theirs)} "
           f"({decided(mine) / max(1, decided(theirs)):.2f} ×), median time "
           f"{statistics.median(r.seconds for r in mine) / statistics.median(r.seconds for r in theirs):.2f} ×, "
           f"CPU {statistics.median(r.cpu for r in mine) / statistics.median(r.cpu for r in theirs):.2f} ×"]
    both = [(a, b) for a, b in zip(mine, theirs) if a.status == b.status == "won"]
    if both:
        time_both = statistics.median(a.seconds for a, _ in both) / statistics.median(b.seconds for _, b in both)
        line_both = statistics.median(a.line for a, _ in both) / statistics.median(b.line for _, b in both)
        out.append(f"  the {len(both)} deals both won: median time {time_both:.2f} ×, median line "
                   f"{statistics.median(a.line for a, _ in both):.0f} against "
                   f"{statistics.median(b.line for _, b in both):.0f} moves ({line_both:.2f} ×)")
    contradicted = [a.seed for a, b in zip(mine, theirs) if a.status == "won" and b.status == "lost"]
    if contradicted:
        out.append(f"  ERROR: won by ours, proved lost by {name}: seeds {contradicted}")
    return out


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--last", type=int, default=999, help="the last seed (default 999)")
    parser.add_argument("--time-limit", type=float, default=1.0, help="seconds per deal, for each (default 1)")
    parser.add_argument("--cpu", action="store_true",
                        help="the time limits count each solver's CPU seconds, not wall-clock seconds")
    parser.add_argument("--max-states", type=int, default=None,
                        help="ours: this many positions per deal and no time limit (default: --time-limit)")
    parser.add_argument("--minimal-time-limit", type=float, default=None,
                        help="seconds per deal for solve_minimal (default: --time-limit)")
    parser.add_argument("--ks-states", type=int, default=200_000,
                        help="Klondike-Solver's solve_fast: its budget of positions (default 200,000)")
    parser.add_argument("--no-minimal", action="store_true", help="leave solve_minimal out")
    parser.add_argument("--save", type=Path, help="write every deal's runs here (JSON)")
    parser.add_argument("--load", type=Path, nargs="*", default=[],
                        help="report on runs saved by --save (several files: their deals together) instead")
    args = parser.parse_args(argv)
    if not 0 <= args.first <= args.last or args.time_limit <= 0:
        parser.error("seeds run from --first to --last, 0 or more; --time-limit must be above 0")
    if args.load:
        saved = [json.loads(path.read_text()) for path in args.load]
        print(f"Klondike, draw {DRAW}: the runs saved in {len(saved)} file(s); {saved[0]['settings']}")
        runs = {name: [Run(**r) for s in saved for r in s[name]] for name in ("ours", "fast", "minimal")}
        return report(runs["ours"], runs["fast"], runs["minimal"])
    if importlib.util.find_spec("pyksolve") is None:
        parser.error("Klondike-Solver's Python wrapper is not installed: pip install pyksolve")
    seeds = range(args.first, args.last + 1)
    minimal_limit = args.minimal_time_limit or args.time_limit
    unit = " of CPU" if args.cpu else ""
    budget = f"{args.max_states:,} positions" if args.max_states else f"{args.time_limit:g} s{unit}"
    settings = (f"ours {budget} per deal, Klondike-Solver {args.time_limit:g} s{unit} (solve_fast, "
                f"{args.ks_states:,} positions) and {minimal_limit:g} s{unit} (solve_minimal)")
    print(f"Klondike, draw {DRAW}, unlimited redeals, all cards known; seeds {args.first}–{args.last} "
          f"({len(seeds)}); {settings}; {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at the start")
    ks = KlondikeSolver()
    mine, fast, minimal = [], [], []
    try:
        for seed in seeds:  # one deal at a time, the three side by side, so that load hits them alike
            mine.append(ours(seed, args.time_limit, args.max_states, args.cpu))
            fast.append(ks.solve(seed, "fast", args.time_limit, args.ks_states, args.cpu))
            if not args.no_minimal:
                minimal.append(ks.solve(seed, "minimal", minimal_limit, 0, args.cpu))
    finally:
        ks.stop()
    if args.save:
        args.save.write_text(json.dumps({"settings": settings, "ours": [asdict(r) for r in mine],
                                         "fast": [asdict(r) for r in fast], "minimal": [asdict(r) for r in minimal]}))
    status = report(mine, fast, minimal)
    print(f"load {os.getloadavg()[0]:.1f} at the end")
    return status


def report(mine: Sequence[Run], fast: Sequence[Run], minimal: Sequence[Run]) -> int:
    """Print the figures; 1 where a deal we won was proved lost by the other."""
    report = [summary("ours (sw.solve)", mine), summary("Klondike-Solver solve_fast", fast)]
    report += ratios(mine, "solve_fast", fast)
    if minimal:
        report += [summary("Klondike-Solver solve_minimal", minimal)] + ratios(mine, "solve_minimal", minimal)
    undecided = [r.seed for r in mine if r.status == "unknown"]
    report.append(f"ours undecided: {undecided[:40]}{' …' if len(undecided) > 40 else ''}")
    print("\n".join(report))
    return 1 if any("ERROR" in line for line in report) else 0


if __name__ == "__main__":
    sys.exit(main())
