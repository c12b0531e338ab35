"""Pictures of positions (not a test): prints the time ``game.picture()``
takes and the size of the SVG it makes, medians over many runs, for

1. a 104-card Frog position spread over every pile (seed 1 after 150 random
   legal moves: stock, waste, the reserve fanned right, foundations and five
   columns fanned down; targets: under 20 ms and under 60 KB);
2. the deal of every game, and the table's own display output (the picture
   as an ``<img>`` beside the widget view, made each time a table is shown).

    python benchmarks/picture.py [--runs 50]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import solitaire_widgets as sw
from solitaire_widgets.widget import SolitaireWidget


def frog_position(moves: int = 150) -> sw.Game:
    """Frog, seed 1, after ``moves`` random legal moves (seeded: the same every run)."""
    game, rng = sw.Frog(seed=1), random.Random(0)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))
    return game


def median_ms(make, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        make()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    frog = frog_position()
    cards = {pile: len(frog.card_ids(pile)) for pile in frog.PILES}
    size = len(frog.picture().encode())
    print(f"Frog seed 1 after 150 random moves ({sum(cards.values())} cards: stock {cards['stock']}, "
          f"reserve {cards['reserve']}, {frog.cards_home} home, columns "
          f"{[cards[t] for t in frog.piles_of('tableau')]}):")
    print(f"  game.picture(): {median_ms(frog.picture, args.runs):.1f} ms, {size / 1024:.1f} KB "
          f"({size:,} bytes; targets: under 20 ms, under 60 KB)")
    print("deals (seed 1): game.picture() ms, KB; the table's display output ms")
    for name in sw.GAMES:
        game = sw.new_game(name, seed=1)
        table = SolitaireWidget(game)
        size = len(game.picture().encode()) / 1024
        print(f"  {name:<11} {median_ms(game.picture, args.runs):5.1f} ms  {size:5.1f} KB"
              f"  {median_ms(table._repr_mimebundle_, args.runs):5.1f} ms")


if __name__ == "__main__":
    main()
