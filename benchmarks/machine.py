"""The machine's speed right now: a fixed pure-Python loop (not a test).

Suite times on a shared machine change by a third within a day: the same
commit, the same work, more CPU-seconds.  Quote this figure beside a suite
time, taken just before and just after the run, to compare runs of
different hours.  Prints the median of several rounds, in seconds (lower is
faster).

    python benchmarks/machine.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

LOOP = 20_000_000


def one_round() -> float:
    start = time.perf_counter()
    total = 0
    for i in range(LOOP):
        total += i * i % 7
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    times = [one_round() for _ in range(args.rounds)]
    print(f"machine: {statistics.median(times):.2f} s for {LOOP:,} steps of a Python loop "
          f"(median of {args.rounds}; lower is faster)")


if __name__ == "__main__":
    main()
