"""Hint figures per game (not a test): play whole deals by taking
``game.hint()`` at every move, and print how far that gets.

Each hint searches ``--states`` positions (a budget in positions, not
seconds, so the figures are the same on any machine).  A deal ends when it
is won, when no move is left, when every move left goes back to a position
the deal has been through ("stuck": hints say so), or after ``--max-moves``
moves.  "back" counts the hints before that which went back to a position
the deal had been through (hints that send a card to and fro).

    python benchmarks/hints.py [--deals 10] [--states 300] [--games frog midshipman] [--jobs 2]
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor

import solitaire_widgets as sw


def follow_hints(name: str, seed: int, states: int, max_moves: int) -> tuple[bool, int, int, bool, int]:
    """(won, cards home, moves played, stuck, moves back to an earlier position)."""
    game = sw.new_game(name, seed=seed)
    passed = {game.key()}
    back = 0
    while game.status == "playing" and game.legal_moves() and len(game.history) < max_moves:
        hint = game.hint(time_limit=None, max_states=states)
        if "as every move from here does" in hint.reason:
            return False, game.cards_home, len(game.history), True, back
        game.play(hint.move)
        back += game.key() in passed
        passed.add(game.key())
    return game.status == "won", game.cards_home, len(game.history), False, back


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--states", type=int, default=300)
    parser.add_argument("--max-moves", type=int, default=1500)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--games", nargs="*", default=list(sw.GAMES))
    args = parser.parse_args()
    print(f"seeds 0-{args.deals - 1}, every move a hint searching {args.states:,} positions")
    print(f"{'game':<12} {'won':>4} {'median home':>12} {'mean home':>10} {'median moves':>13} {'stuck':>6} "
          f"{'back':>6}")
    with ProcessPoolExecutor(args.jobs) as pool:
        for name in args.games:
            rows = list(pool.map(follow_hints, [name] * args.deals, range(args.deals),
                                 [args.states] * args.deals, [args.max_moves] * args.deals))
            homes = [home for _, home, *_ in rows]
            print(f"{name:<12} {sum(won for won, *_ in rows):>4} {statistics.median(homes):>12g} "
                  f"{statistics.mean(homes):>10.1f} {statistics.median(m for _, _, m, *_ in rows):>13g} "
                  f"{sum(stuck for *_, stuck, _ in rows):>6} {sum(b for *_, b in rows):>6}")


if __name__ == "__main__":
    main()
