"""The two variants examples/classic_games.ipynb writes as subclasses of
built-in games, read from the notebook's own cells: Thumb and Pouch (from
Klondike) and Forecell (from FreeCell).  Each is checked against the rules
of the game it derives from, with what its cell changes and nothing else:
the family's oracle (tests/oracles/) with the variant's rules stated in it,
along random games (every move listed, each move's result, the fast path,
undo); the deal; the refusals' words; the safe drops; the solver; saves
and Gymnasium under the variant's own name.

The notebook itself runs headless in tests/browser/test_examples.py.
"""

from __future__ import annotations

import json
import random
from unittest import mock

import pytest
from catalogue import walk_against
from helpers import REPO
from oracles import freecell as freecell_rules
from oracles import klondike as klondike_rules

import solitaire_widgets as sw
from solitaire_widgets import Card, Move

NOTEBOOK = REPO / "examples" / "classic_games.ipynb"
MAX_CELL_LINES = 40  # a variant reads like its rules: one short cell


def code_cells() -> list[str]:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def cell_defining(name: str) -> str:
    found = [source for source in code_cells() if f"\nclass {name}(" in source]
    assert len(found) == 1, f"{NOTEBOOK.name}: {len(found)} code cells define {name}, not one"
    return found[0]


def variant(name: str) -> type[sw.Game]:
    """Class ``name`` as the notebook defines it: its imports (the first code
    cell and the kit's), then the one cell that defines it; not registered
    here (the ``registered`` fixture does that)."""
    imports = [code_cells()[0], next(c for c in code_cells() if c.strip() == "from solitaire_widgets.kit import *")]
    namespace: dict = {"__name__": "classic_games_notebook"}
    with mock.patch.object(sw, "register", lambda cls: cls):
        for source in imports + [cell_defining(name)]:
            exec(compile(source, str(NOTEBOOK), "exec"), namespace)
    return namespace[name]


ThumbAndPouch, Forecell = variant("ThumbAndPouch"), variant("Forecell")
BASES = {ThumbAndPouch: sw.Klondike, Forecell: sw.FreeCell}


@pytest.fixture(scope="module", autouse=True)
def registered():
    """Both registered, as the notebook registers them, and forgotten after this module."""
    from solitaire_widgets import games

    saved = dict(games._REGISTRY)
    for cls in BASES:
        sw.register(cls)
    yield
    games._REGISTRY.clear()
    games._REGISTRY.update(saved)


@pytest.fixture
def variant_rules(monkeypatch):
    """The family oracles with the variants' rules stated in them: Thumb and
    Pouch is Klondike built down in any other suit, any card on an empty
    column, one card a draw and one pass; Forecell is FreeCell whose empty
    columns take only kings (so they carry no run's cards)."""
    def other_suit(under: Card, over: Card) -> bool:
        return klondike_rules.one_below(under, over) and under.suit != over.suit

    monkeypatch.setitem(klondike_rules.RULES, "thumb_and_pouch", klondike_rules.Rules(other_suit, "any", "runs"))
    monkeypatch.setattr(freecell_rules, "KINGS_ONLY", freecell_rules.KINGS_ONLY + ("forecell",))
    return {ThumbAndPouch: klondike_rules, Forecell: freecell_rules}


# --- the cells --------------------------------------------------------------------------------------

@pytest.mark.parametrize("cls", BASES, ids=lambda cls: cls.__name__)
def test_each_variant_is_one_short_cell_subclassing_its_built_in_game(cls):
    cell = cell_defining(cls.__name__)
    assert len(cell.splitlines()) <= MAX_CELL_LINES, f"{cls.__name__}'s cell has {len(cell.splitlines())} lines"
    assert f"@sw.register\nclass {cls.__name__}(sw.{BASES[cls].__name__}):" in cell
    assert issubclass(cls, BASES[cls]) and cls.PILES == BASES[cls].PILES and cls.__doc__
    assert sw.games.game_class(cls.title) is cls and cls.name != BASES[cls].name  # known by its own name
    topics = [topic for topic, _ in cls.RULES]
    assert topics[:2] == ["Cards", "Deal"] and topics[-1] == "End" and cls.OPTIONS == {}
    assert "has no rule options" in str(sw.rules(cls))


# --- the rules, against the family's oracle --------------------------------------------------------

@pytest.mark.parametrize("cls", BASES, ids=lambda cls: cls.__name__)
def test_random_games_follow_the_variant_s_rules(cls, variant_rules):
    for seed in (0, 1, 2):
        walk_against(variant_rules[cls], cls(seed=seed), random.Random(seed))


def test_thumb_and_pouch_deals_klondike_s_deal():
    for seed in (0, 5):
        game, klondike = ThumbAndPouch(seed=seed), sw.Klondike(seed=seed)
        assert [game[p] for p in game.PILES] == [klondike[p] for p in klondike.PILES]
        assert [game.face_down(p) for p in game.PILES] == [klondike.face_down(p) for p in klondike.PILES]


def test_thumb_and_pouch_builds_on_any_other_suit_fills_a_space_with_any_card_and_goes_through_once():
    game = ThumbAndPouch.from_position({"t0": "7H", "t1": "7S", "t2": "6H 5C"})
    assert game.why_illegal("t2 t0 2") == ("6♥ cannot go on 7♥ (t0): Thumb and Pouch builds down in a different "
                                           "suit, so 7♥ takes only a 6 that is not a heart")
    assert game.is_legal("t2 t1 2") and game.is_legal("t2 t3") and game.is_legal("t2 t3 2")
    assert not sw.Klondike.from_position({"t0": "7H", "t2": "6H 5C"}).is_legal("t2 t3")  # Klondike: kings only
    stock = ThumbAndPouch.from_position({"waste": "AS 2S", "t0": "KH"})
    assert not any(move.is_action for move in stock.legal_moves())  # the stock is through: no redeal
    assert stock.why_illegal("redeal").startswith("Thumb and Pouch has no redeal")
    drawn = ThumbAndPouch.from_position({"stock": "3S 4S", "t0": "KH"})
    drawn.draw()
    assert drawn["waste"] == (Card.parse("4S"),)  # one card a draw


def test_thumb_and_pouch_s_safe_drop_waits_for_the_three_other_suits():
    # 5♠: the red fours are home, so Klondike sends it; here 4♣ could still go on it.
    home = {"f0": "AH 2H 3H 4H", "f1": "AD 2D 3D 4D", "f2": "AS 2S 3S 4S", "f3": "AC 2C 3C", "t0": "5S"}
    assert sw.Klondike.from_position(home).safe_drops() == [Move("t0", "f2")]
    assert ThumbAndPouch.from_position(home).safe_drops() == []
    done = {**home, "f3": "AC 2C 3C 4C"}
    assert ThumbAndPouch.from_position(done).safe_drops() == [Move("t0", "f2")]
    assert ThumbAndPouch.from_position({"f0": "AS", "t0": "2S"}).safe_drops() == [Move("t0", "f0")]  # a 2: always


def test_forecell_deals_six_rows_then_fills_the_cells():
    game = Forecell(deck=[Card.from_id(i) for i in range(52)])
    columns, cells = game.piles_of("tableau"), game.piles_of("cell")
    assert [len(game[t]) for t in columns] == [6] * 8 and [len(game[c]) for c in cells] == [1] * 4
    assert [game[t][0] for t in columns] == [Card.from_id(i) for i in range(8)]  # the first row across
    assert [game[c][0] for c in cells] == [Card.from_id(i) for i in range(48, 52)]
    assert all(game.face_down(p) == 0 for p in game.PILES)


def test_forecell_s_empty_columns_take_kings_and_carry_no_run():
    # Two free cells, t5 … t7 empty: FreeCell moves (2 + 1) × 2³ = 24 cards onto Q♦; Forecell 3.
    piles = {"c0": "2D", "c1": "3D", "t0": "KS QH JS 10H 9S 8H", "t1": "QD", "t2": "5C", "t3": "6C", "t4": "7C"}
    freecell, forecell = sw.FreeCell.from_position(piles), Forecell.from_position(piles)
    assert freecell.is_legal("t0 t1 4") and freecell.is_legal("t0 t5 6")
    assert forecell.why_illegal("t0 t1 4") == ("only 3 cards may move at once: two free cells and no empty "
                                               "columns (an empty column takes only a king, so it carries none)")
    assert forecell.why_illegal("t0 t5 5") == ("Q♥ cannot go on the empty t5: in Forecell an empty pile takes "
                                               "only a king")
    assert forecell.why_illegal("t0 t5 6").startswith("only 3 cards may move at once")  # the king's run: too long
    assert forecell.is_legal("t0 c2") and forecell.movable("t0", at_once=True) == 3


# --- solved, saved, named -------------------------------------------------------------------------

@pytest.mark.parametrize("cls, seed", [(ThumbAndPouch, 0), (Forecell, 1)], ids=["thumb_and_pouch", "forecell"])
def test_the_notebook_s_deals_are_solved_and_the_lines_replay_to_a_win(cls, seed):
    game = cls(seed=seed)
    solution = sw.solve(game, time_limit=None, max_states=5_000)
    assert solution.status == "won", solution
    for move in solution.moves:
        game.play(move)
    assert game.status == "won"


def test_the_solver_proves_a_forecell_deal_lost():
    assert sw.solve(Forecell(seed=4), time_limit=None, max_states=5_000).status == "lost"


@pytest.mark.parametrize("cls", BASES, ids=lambda cls: cls.__name__)
def test_saves_gymnasium_and_the_table_know_the_variant_by_its_name(cls):
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    import solitaire_widgets.gym

    game = sw.new_game(cls.title, seed=3)
    for move in game.legal_moves()[:1]:
        game.play(move)
    loaded = sw.load(json.loads(json.dumps(game.to_dict())))
    assert type(loaded) is cls and loaded.key() == game.key()
    env = gymnasium.make(solitaire_widgets.gym.env_id(cls)).unwrapped
    check_env(env)
    assert type(env.game) is cls
    assert type(sw.play(cls.name, seed=1).game) is cls
