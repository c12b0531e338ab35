"""Write the trait snapshots the JS unit tests render (js/test/fixtures/*.json),
layouts included, so the page's tests run on what the Python games declare,
and the types of the table's traits and of the solver's help's ``assist``
values, which the page's typedefs are checked against (js/test/types.test.js;
tests/test_design.py checks the file is current).

    python js/dev/make_fixtures.py            # write js/test/fixtures/states.json
    python js/dev/make_fixtures.py --print    # print it instead
"""

import json
import pathlib
import random
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import anywidget  # noqa: E402
import traitlets  # noqa: E402
import solitaire_widgets as sw  # noqa: E402
from solitaire_widgets.assist.states import page_types  # noqa: E402
from solitaire_widgets.text import status_items  # noqa: E402
from solitaire_widgets.widget import SolitaireWidget  # noqa: E402

TRAITS = ("game_name", "title", "pile_ids", "pile_roles", "whole_piles", "layouts", "empty_labels", "actions",
          "action_words", "redeal_actions", "features", "options", "piles", "runs", "status", "end_reason", "no_win",
          "counters", "status_items", "legal", "last_move", "message", "message_kind", "line", "version", "winnable",
          "difficulty", "guard", "analysis", "puzzle", "covered_by", "pair_targets")
LESSON = ["t7 t2", "t3 t2", "redeal", "t0 t3", "t5 t3", "t5 f2", "t6 t3", "redeal"]  # Cruel seed 2: move 8 loses
OUT = ROOT / "js" / "test" / "fixtures"


def snap(w):
    state = {name: getattr(w, name) for name in TRAITS}
    # The background search of a game that can go round in circles (no_win)
    # ends when it ends: a fixture leaves its verdict out.
    state["no_win"] = ""
    state["status_items"] = status_items(w.game)  # and its word on the status line
    return state


def classic_states():
    """Positions of the built-in classic games: runs,
    a completed suit, free cells, a declared win."""
    data = {}
    klondike = sw.Klondike(seed=0)
    rng = random.Random(0)
    while not any(m.count > 1 for m in klondike.legal_moves()):  # a random walk to the first run that may move
        klondike.play(rng.choice(klondike.legal_moves()))
    run = next(m for m in klondike.legal_moves() if m.count > 1)
    data["klondike"] = {"start": snap(SolitaireWidget(klondike)), "run": str(run)}
    spider = sw.Spider.from_position(
        {"t0": "5H KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS", "t1": "4D 3C", "t2": "6D",
         "stock": "2H 3H 4H 5H 6H 7H 8H 9H TH JH"},
        face_down={"t0": 1})
    data["spider"] = {"start": snap(SolitaireWidget(spider))}
    free_cell = SolitaireWidget(sw.FreeCell.deal_number(1))
    start = snap(free_cell)
    free_cell.game.play("t0 c0")
    data["free_cell"] = {"start": start, "after": snap(free_cell), "move": "t0 c0"}
    aces_up = sw.AcesUp.from_position({"t0": "AS", "t1": "AH", "t2": "AD", "t3": "AC", "f0": "KS QS"})
    data["aces_up_won"] = {"start": snap(SolitaireWidget(aces_up))}
    # Pyramid: A♠ covered by Q♥ and 8♣; 8♣ pairs with the waste's 5♦.
    pyramid = sw.Pyramid.from_position({"p0": "AS", "p1": "QH", "p2": "8C", "waste": "5D"})
    data["pyramid"] = {"start": snap(SolitaireWidget(pyramid))}
    # Accordion's piles move whole: t2 (two cards, 7♦ on top) goes onto t1 (9♦) as one.
    accordion = sw.Accordion.from_position({"t0": "7S", "t1": "9D", "t2": "2C 7D"})
    data["accordion"] = {"start": snap(SolitaireWidget(accordion)), "whole": "t2 t1"}
    data["clock"] = {"start": snap(SolitaireWidget(sw.Clock(seed=3)))}  # its one action, turn, has no stock
    return data


def lesson_state():
    """A lost Cruel game and its analysis (What went wrong?), as the table
    shows it once the analysis has ended (the seconds it took set to 0.25)."""
    w = SolitaireWidget("cruel", seed=2)
    for move in LESSON:
        w.game.play(move)
    analysis = w.game.analyse(time_limit=None, max_states=5_000)
    w.analysis = analysis.to_json()
    state = snap(w)
    state["analysis"]["details"] = [re.sub(r"[\d.]+ s\)", "0.25 s)", line) for line in state["analysis"]["details"]]
    return {"start": state}


# The JSON a synced trait holds, by its traitlets type (the first that fits).
TRAIT_KINDS = ((traitlets.Unicode, "string"), (traitlets.Bool, "boolean"), (traitlets.Int, "number"),
               (traitlets.Float, "number"), (traitlets.Dict, "object"), (traitlets.List, "array"))


def types():
    """The table's own synced traits (anywidget's left out) and the JSON
    kind each holds; each kind of ``assist`` value and its fields' types."""
    base = set(anywidget.AnyWidget.class_traits(sync=True))
    traits = {name: next(kind for cls, kind in TRAIT_KINDS if isinstance(trait, cls))
              for name, trait in sorted(SolitaireWidget.class_traits(sync=True).items()) if name not in base}
    return {"traits": traits, "assist": page_types()}


def states():
    data = {"types": types()}
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
    data["cruel_lesson"] = lesson_state()
    data.update(classic_states())
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
