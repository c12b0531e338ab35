"""Engine speed: random playouts of each game (not a test).

Each step asks ``legal_moves()`` and plays one of them at random through the
public path (reasons, history, notification); the lean path the solver uses
(``FastPath``: ``move_codes()`` + ``apply`` per step, and ``revert`` of every
step at the end, as a search backs up) is measured the same way.  Prints
moves per second and games per second per game, the median of several
rounds, on one core.

    python benchmarks/engine.py [--seconds 2] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import solitaire_widgets as sw
from solitaire_widgets.fast_path import FastPath

MAX_STEPS = 2000  # Midshipman can shuttle a card forever; cap each playout


def playout(name: str, seed: int, rng: random.Random) -> int:
    game = sw.new_game(name, seed=seed)
    steps = 0
    while steps < MAX_STEPS:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
        steps += 1
    return steps


def lean_playout(name: str, seed: int, rng: random.Random) -> int:
    fast = FastPath(sw.new_game(name, seed=seed))
    records = []
    while len(records) < MAX_STEPS:
        codes = fast.move_codes()
        if not codes:
            break
        records.append(fast.apply(rng.choice(codes)))
    steps = len(records)
    while records:
        fast.revert(records.pop())
    return steps


def measure(name: str, seconds: float, play=playout) -> tuple[float, float]:
    rng = random.Random(1)
    moves = games = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        moves += play(name, seed, rng)
        games += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return moves / elapsed, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per round per game")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':<12} {'moves/s (median)':>18} {'games/s (median)':>18} {'lean moves/s':>14} {'lean/public':>12}")
    for name in sw.GAMES:
        rounds = [measure(name, args.seconds) for _ in range(args.rounds)]
        mps = statistics.median(r[0] for r in rounds)
        gps = statistics.median(r[1] for r in rounds)
        lean = statistics.median(measure(name, args.seconds, lean_playout)[0] for _ in range(args.rounds))
        print(f"{name:<12} {mps:>18,.0f} {gps:>18,.1f} {lean:>14,.0f} {lean / mps:>11.1f}×")


if __name__ == "__main__":
    main()
