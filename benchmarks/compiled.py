"""The solver's hot loop compiled by mypyc against pure Python (not a test):
``sw.solve`` on the same deals, at the same budget of positions, in two
worker processes, one running the compiled modules and one with
``SOLITAIRE_WIDGETS_PURE=1``, taking turns deal by deal so that both meet
the same load.

For each sample it prints, per path, the median positions searched per CPU
second, the median CPU time of ``sw.solve`` (the search and the won line's
shortening and replay), and the ratios; and it checks that both paths
found the same thing on every deal (verdict, positions searched, won line
move for move): a difference is printed and the exit status is 1.

    python benchmarks/compiled.py                       # the default samples below
    python benchmarks/compiled.py --sample freecell:300001-300100 --states 10000

A sample is ``GAME:FIRST-LAST`` (seeds; FreeCell's are Microsoft's deal
numbers) or ``klondike3:FIRST-LAST`` (Klondike, three cards a draw).  The
compiled worker needs the compiled modules (``pip install -e .`` with a C
compiler): without them the script says so and stops.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any

DEFAULT_SAMPLES = ("freecell:300001-300040", "klondike3:0-39", "cruel:0-19", "frog:0-19", "midshipman:0-19")


def game_of(name: str, seed: int) -> Any:
    import solitaire_widgets as sw

    if name == "freecell":
        return sw.FreeCell.deal_number(seed)
    if name == "klondike3":
        return sw.Klondike(seed=seed, draw="3")
    return sw.GAMES[name](seed=seed)


def worker() -> None:
    """Solve the deals named on stdin, one JSON line each, answering on stdout."""
    import solitaire_widgets as sw

    print(json.dumps({"compiled": sw.COMPILED, "why": sw.compiled.WHY}), flush=True)
    for line in sys.stdin:
        name, seed, states = json.loads(line)
        game = game_of(name, seed)
        started = time.process_time()
        found = sw.solve(game, time_limit=None, max_states=states)
        cpu = time.process_time() - started
        print(json.dumps({"status": found.status, "states": found.states, "cpu": cpu,
                          "moves": [str(m) for m in found.moves]}), flush=True)


def start(pure: bool) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k != "SOLITAIRE_WIDGETS_PURE"}
    if pure:
        env["SOLITAIRE_WIDGETS_PURE"] = "1"
    return subprocess.Popen([sys.executable, __file__, "--worker"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, env=env)


def ask(proc: subprocess.Popen, job: list) -> dict:
    proc.stdin.write(json.dumps(job) + "\n")  # type: ignore[union-attr]
    proc.stdin.flush()  # type: ignore[union-attr]
    return json.loads(proc.stdout.readline())  # type: ignore[union-attr]


def sample(text: str) -> tuple[str, range]:
    name, _, seeds = text.partition(":")
    first, _, last = seeds.partition("-")
    return name, range(int(first), int(last or first) + 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sample", action="append", help="GAME:FIRST-LAST (repeat); default: " +
                        ", ".join(DEFAULT_SAMPLES))
    parser.add_argument("--states", type=int, default=5_000, help="positions per deal (default 5,000)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return 0
    paths = {"compiled": start(pure=False), "pure": start(pure=True)}
    hello = {path: json.loads(proc.stdout.readline()) for path, proc in paths.items()}  # type: ignore[union-attr]
    if not hello["compiled"]["compiled"]:
        print(f"the compiled modules do not run: {hello['compiled']['why']}")
        return 2
    print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; {args.states:,} positions per deal, no time "
          f"limit; CPU seconds per sw.solve (search, line shortening, replay)")
    print(f"{'sample':26} {'deals':>5} {'won':>4} {'positions/CPU s':>24} {'ratio':>6} {'solve CPU ms (median)':>24} "
          f"{'ratio':>6}")
    print(f"{'':26} {'':>5} {'':>4} {'compiled':>12}{'pure':>12} {'':>6} {'compiled':>12}{'pure':>12}")
    differ = 0
    for text in args.sample or DEFAULT_SAMPLES:
        name, seeds = sample(text)
        rows: dict[str, list[dict]] = {"compiled": [], "pure": []}
        for seed in seeds:
            for path, proc in paths.items():
                rows[path].append(ask(proc, [name, seed, args.states]))
            a, b = rows["compiled"][-1], rows["pure"][-1]
            if (a["status"], a["states"], a["moves"]) != (b["status"], b["states"], b["moves"]):
                differ += 1
                print(f"  {name} {seed}: compiled {a['status']} {a['states']} positions {len(a['moves'])} moves, "
                      f"pure {b['status']} {b['states']} positions {len(b['moves'])} moves")
        rate = {p: statistics.median(r["states"] / max(r["cpu"], 1e-6) for r in rs) for p, rs in rows.items()}
        cpu = {p: statistics.median(r["cpu"] for r in rs) * 1000 for p, rs in rows.items()}
        won = sum(r["status"] == "won" for r in rows["pure"])
        print(f"{text:26} {len(seeds):>5} {won:>4} {rate['compiled']:>12,.0f}{rate['pure']:>12,.0f} "
              f"{rate['compiled'] / rate['pure']:>5.2f}x {cpu['compiled']:>12,.0f}{cpu['pure']:>12,.0f} "
              f"{cpu['pure'] / cpu['compiled']:>5.2f}x", flush=True)
    for proc in paths.values():
        proc.stdin.close()  # type: ignore[union-attr]
        proc.wait()
    print("every deal: the same verdict, positions and line on both paths" if not differ else
          f"{differ} deals differ between the paths")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
