"""Write the trait snapshots the JS unit tests render (js/test/fixtures/*.json),
layouts included, so the page's tests run on what the Python games declare
(tests/test_design.py checks the file is current).

    python js/dev/make_fixtures.py            # write js/test/fixtures/states.json
    python js/dev/make_fixtures.py --print    # print it instead
"""

import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from solitaire_widgets.widget import SolitaireWidget  # noqa: E402

TRAITS = ("game_name", "title", "pile_ids", "pile_roles", "layouts", "empty_labels", "actions", "features",
          "options", "piles", "status", "counters", "legal", "last_move", "message", "message_kind", "line", "version")
OUT = ROOT / "js" / "test" / "fixtures"


def snap(w):
    return {name: getattr(w, name) for name in TRAITS}


def states():
    data = {}
    for name in ("frog", "leap_year", "bobby", "cruel", "midshipman"):
        w = SolitaireWidget(name, seed=3)
        start = snap(w)
        first = w.game.legal_moves()[0]
        w.game.play(first)
        data[name] = {"start": start, "after": snap(w), "move": str(first)}
    # Leap Year late in the game: 20 deals, every tableau pile ~21 cards long.
    w = SolitaireWidget("leap_year", seed=3)
    for _ in range(20):
        w.game.play("deal")
    data["leap_year_long"] = {"start": snap(w)}
    # Midshipman with a long column and a won Bobby-like status for the banner.
    w = SolitaireWidget("cruel", seed=3)
    data["cruel_refused"] = {"start": snap(w), "illegal": "t0 t1"}
    return json.dumps(data, separators=(",", ":"))


def main():
    text = states()
    if "--print" in sys.argv[1:]:
        print(text)
        return
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "states.json").write_text(text)
    print(OUT / "states.json", (OUT / "states.json").stat().st_size, "bytes")


if __name__ == "__main__":
    main()
