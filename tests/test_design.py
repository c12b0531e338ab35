"""A game is one class, and everything else asks it: the registry and its one
name lookup, the checks a game class passes when it is made, a plain new game
that plays everywhere with no optional declaration, and no generic module or
front-end file that names one of the five games."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import REPO

from new_game import penguin_class

import solitaire_widgets as sw
from solitaire_widgets import games as registry
from solitaire_widgets.cards import CARD
from solitaire_widgets.kit import DOWN_IN_SUIT, RUNS, DealRow, Draw, Pace, Restart, Tableau, by_option
from solitaire_widgets.layout import Layout, Row, Slot, default_layout, run

PACKAGE = REPO / "solitaire_widgets"
GAME_NAME = re.compile(r"frog|leap[\s_-]?year|bobby|cruel|midshipman", re.IGNORECASE)


def plain_penguin() -> type[sw.Game]:
    """The notebook's Penguin with its optional declarations back at their
    defaults: what a new game gets when it declares only what it must."""
    return type("Penguin", (penguin_class(),), {"LAYOUT": None, "NARROW_LAYOUTS": ()})


PENGUIN = penguin_class()
CELLS, HOME, COLUMNS = PENGUIN.piles_of("cell"), PENGUIN.piles_of("foundation"), PENGUIN.piles_of("tableau")
# Penguin has no stock and no option: the declarations about them are tried with one added.
WITH_STOCK = dict(PILES=PENGUIN.PILES + ("stock",), ROLES={**PENGUIN.ROLES, "stock": "stock"}, LAYOUT=None,
                  NARROW_LAYOUTS=())
WITH_OPTION = dict(OPTIONS={"wrap": ("no", "yes")}, OPTION_RULES={"wrap": {"no": "No.", "yes": "Yes."}})


# --- the registry and the one lookup ------------------------------------------------------------

SPELLINGS = ["Leap Year", "leap_year", "leap-year", "LeapYear", " LEAP YEAR "]


@pytest.mark.parametrize("spelling", SPELLINGS + [sw.LeapYear])
def test_every_entry_point_takes_every_spelling(spelling):
    assert type(sw.new_game(spelling, seed=1)) is sw.LeapYear
    assert sw.rules(spelling).startswith("### Leap Year")
    assert list(sw.variants(spelling)) == ["redeal"]
    rate = sw.winnability(spelling, 1, time_limit=None, max_states=50, executor="inline", progress=False)
    assert rate.name == "leap_year"
    assert sw.SolitaireWidget(spelling, seed=1).game_name == "leap_year"
    assert type(sw.play(spelling, seed=1).game) is sw.LeapYear
    assert sw.load({"game": spelling if isinstance(spelling, str) else "LeapYear", "seed": 2, "moves": ["deal"]}
                   ).history == (sw.Move("deal"),)


def test_a_game_is_its_own_class_everywhere():
    game = sw.Bobby(seed=4)
    assert registry.game_class(game) is sw.Bobby
    assert sw.rules(game).startswith("### Bobby")
    assert sw.SolitaireWidget(game).game is game


def test_no_name_opens_the_default_game_named_once_in_the_registry():
    assert sw.SolitaireWidget(seed=1).game_name == registry.DEFAULT_GAME
    assert sw.play(seed=1).game_name == registry.DEFAULT_GAME


def test_cli_takes_any_spelling_and_names_the_choices(capsys):
    from solitaire_widgets.__main__ import main

    assert main(["solve", "Leap Year", "--seed", "1", "--max-states", "50"]) == 0
    assert capsys.readouterr().out.startswith("Leap Year seed 1:")
    with pytest.raises(SystemExit):
        main(["solve", "whist", "--seed", "1"])
    assert "unknown game 'whist'; choose one of frog, leap_year" in capsys.readouterr().err


@pytest.mark.parametrize("cls", registry.BUILT_IN, ids=lambda cls: cls.name)
def test_every_built_in_game_passes_what_register_asks_of_a_new_one(cls):
    # register skips these probes for the package's own games at import (a
    # tenth of a second each); they are asked here instead.
    from solitaire_widgets.declarations import check_game_plays

    check_game_plays(cls)


def test_register_refuses_what_is_not_a_game_and_a_taken_name(clean_registry):
    with pytest.raises(TypeError, match="register takes a subclass of sw.Game, not int"):
        sw.register(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="register takes a subclass of sw.Game, not Move"):
        sw.register(sw.Move)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="declares no PILES"):
        sw.register(sw.Game)
    impostor = type("Cruel", (penguin_class(),), {})
    with pytest.raises(ValueError, match="its name is taken by solitaire_widgets.games.cruel.Cruel"):
        sw.register(impostor)
    assert sw.GAMES["cruel"] is sw.Cruel
    with pytest.raises(TypeError):
        sw.GAMES["penguin"] = penguin_class()  # type: ignore[index]


def test_register_makes_a_new_game_known_everywhere_and_a_cell_run_again_replaces_it(clean_registry):
    penguin = sw.register(penguin_class())
    assert (penguin.name, penguin.title) == ("penguin", "Penguin")
    assert list(sw.GAMES)[-1] == "penguin" and type(sw.new_game("Penguin", seed=1)) is penguin
    again = sw.register(penguin_class())  # the same class statement run again
    assert sw.GAMES["penguin"] is again and list(sw.GAMES).count("penguin") == 1
    assert sw.register(again) is again
    with pytest.raises(ValueError, match="unknown game 'whist'; choose one of frog, .*, penguin$"):
        sw.new_game("whist")


# --- a plain new game plays everywhere ---------------------------------------------------------

def test_a_plain_new_game_gets_its_defaults_and_plays_on_every_layer(clean_registry):
    penguin = sw.register(plain_penguin())
    game = penguin(seed=1)
    assert str(game).startswith("Penguin  seed 1  Moves 0 · Home 3/52 · Score 0/49 · Playing\nc0       –\n")
    assert penguin.layouts() == (default_layout(penguin.PILES, penguin.ROLES),)
    assert [s.fan for s in penguin.layouts()[0].slots if s.row == 1] == ["down"] * 7
    assert game.legal_moves() and game.hint(time_limit=None, max_states=300).move in game.legal_moves()
    assert sw.solve(game, time_limit=None, max_states=2000).status in ("won", "lost", "unknown")
    assert sw.load(game.to_dict()).key() == game.key()
    table = sw.SolitaireWidget("penguin", seed=1)
    assert table.pile_roles == dict(penguin.ROLES) and table.layouts == [penguin.layouts()[0].to_json()]
    # the beak is a 7: the foundations start from it, an empty column takes a 6 (the game's hook)
    assert table.counters["home"] == 3 and table.empty_labels == {
        **{c: "cell" for c in CELLS}, **{f: "7" for f in HOME}, **{t: "6" for t in COLUMNS}}


def test_a_new_game_registered_later_gets_a_gymnasium_environment(clean_registry):
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from solitaire_widgets import gym as swgym

    penguin = sw.register(penguin_class())
    assert swgym.ENV_IDS["penguin"] == swgym.env_id(penguin) == "solitaire_widgets/Penguin-v0"
    env = gymnasium.make("solitaire_widgets/Penguin-v0")
    check_env(env.unwrapped)
    assert type(env.unwrapped.game) is penguin


# --- the declarations are checked when the class is made ----------------------------------------

def make(**changes: Any) -> type[sw.Game]:
    """A Penguin class with some declarations changed (made, so checked, at once)."""
    return type("Penguin", (penguin_class(),), changes)


REFUSALS = [
    (dict(ROLES={p: r for p, r in PENGUIN.ROLES.items() if p != "t0"}), "Penguin: pile 't0' has no role"),
    (dict(ROLES={**PENGUIN.ROLES, "t9": "tableau"}), "Penguin: ROLES names pile 't9', which is not in PILES"),
    (dict(ROLES={**PENGUIN.ROLES, "f0": "home"}), "Penguin: pile 'f0' has role 'home'; the roles are stock,"),
    (dict(ROLES={**PENGUIN.ROLES, **{f: "tableau" for f in HOME}}), "Penguin: no pile has the role 'foundation'"),
    (dict(PILES=("stock", "Hand 2")), "Penguin: 'Hand 2' in PILES is not a pile id"),
    (dict(WITH_STOCK, ACTION_NAMES=("draw", "stock")), "Penguin: stock action 'stock' has the name of a pile"),
    (dict(ACTION_NAMES=("draw", "draw")), "Penguin: stock action 'draw' is listed twice"),
    # each action is a method too (game.draw()): one named like a Game attribute would replace it, or be lost
    (dict(ACTION_NAMES=("draw", "undo")), r"Penguin: stock action 'undo' has the name of a Game attribute "
                                          r"\(game\.undo\)"),
    (dict(ACTION_NAMES=("draw", "play")), "Penguin: stock action 'play' has the name of a Game attribute"),
    (dict(ACTION_NAMES=("draw", "redeals")), "Penguin: stock action 'redeals' has the name of a Game attribute"),
    (dict(REDEALS=("redeal",)), "Penguin: REDEALS names 'redeal', which is not in ACTION_NAMES"),
    (dict(WITH_STOCK, ACTION_NAMES=("draw",), DRAWS={"draw": ("stock", "f0")}, REDEALS=("draw",)),
     "Penguin: REDEALS names 'draw', a draw"),
    (dict(PASSES=0), "Penguin: PASSES must be a whole number of passes ≥ 1, or None"),
    # the older spellings of runs and whole suits, with what says the same now
    (dict(RUNS="down_in_suit"), r"Penguin: RUNS is the older spelling: declare what may leave a tableau pile in its "
                                r"rule, TABLEAU = Tableau\(\.\.\., moves=runs\(DOWN_IN_SUIT\)\)"),
    (dict(RUN_LIMIT="free_cells"), r"Penguin: RUN_LIMIT is the older spelling: .*moves=runs\(limit=\"free_cells\"\)"),
    (dict(FOUNDATIONS_TAKE="suit"), r"Penguin: FOUNDATIONS_TAKE is the older spelling: .*FOUNDATION = WholeSuits\(\)"),
    # the rules as values
    (dict(TABLEAU="down in suit"), r"Penguin: TABLEAU must be a pile rule \(Foundation\(\.\.\.\), Tableau"),
    (dict(PILE_RULES={"t9": Tableau()}), "Penguin: PILE_RULES names pile 't9', which is not in PILES"),
    (dict(PILE_RULES={"t0": DOWN_IN_SUIT}), r"Penguin: PILE_RULES\['t0'\] must be a pile rule"),
    (dict(TABLEAU=Tableau(by_option("suits", a=DOWN_IN_SUIT))), r"Penguin: by_option\('suits', …\) names an option "
                                                               "OPTIONS does not declare .its options: none."),
    (dict(WITH_OPTION, TABLEAU=Tableau(by_option("wrap", no=DOWN_IN_SUIT))),
     r"Penguin: by_option\('wrap', …\) must give a value for each of \('no', 'yes'\), not for \('no',\)"),
    (dict(TABLEAU=Tableau(moves=RUNS)), "Penguin: t0's rule moves runs built as it builds, but it builds nothing"),
    (dict(STOCK=DealRow(), ACTION_NAMES=("deal",)), "Penguin: STOCK declares the stock's actions, draws, redeals and "
                                                   "passes; leave out ACTION_NAMES"),
    (dict(STOCK="draw"), "Penguin: STOCK must be a stock value"),
    (dict(COVERED_BY={"t0": ("t0",)}), "Penguin: COVERED_BY maps a pile to the piles lying on it"),
    (dict(KEY="rank"), "Penguin: KEY is 'rank' .building ignores suits., but a rule it declares looks at suits"),
    (dict(STATE=("since",)), "Penguin: STATE names 'since'; each is an attribute of the game's own"),
    (dict(STATE=("_piles",)), "Penguin: STATE names '_piles'"),
    (dict(ACTION_WORDS={"deal": "deals"}), "Penguin: ACTION_WORDS names 'deal', which is not in ACTION_NAMES"),
    (dict(INTERCHANGEABLE=("f0",)), "Penguin: INTERCHANGEABLE names foundation 'f0'"),
    (dict(INTERCHANGEABLE=(("t0", "t1"), ("t1",))), "Penguin: INTERCHANGEABLE names pile 't1' twice"),
    (dict(PILES=("c0", "f0", "f0")), "Penguin: pile 'f0' is listed twice in PILES"),
    (dict(ROUTES={"t0": ("f9",)}), r"Penguin: ROUTES\['t0'\] names pile 'f9', which is not in PILES"),
    (dict(ROUTES={"t8": ("f0",)}), "Penguin: ROUTES names pile 't8'"),
    (dict(ROUTES={"t0": ("f0", "t1", "f0")}), r"Penguin: ROUTES\['t0'\] names pile 'f0' twice"),
    (dict(ROUTES={"f0": ("t0",)}), "Penguin: ROUTES starts at foundation 'f0': a card on a foundation never moves"),
    (dict(WITH_STOCK, ROUTES={"stock": ("f0",)}), "Penguin: ROUTES starts at the stock 'stock': its cards are turned "
                                                  "up by a"),
    (dict(WITH_STOCK, ROUTES={"t0": ("stock",)}), r"Penguin: ROUTES\['t0'\] ends at the stock 'stock': cards never "
                                                  "go back"),
    (dict(WITH_STOCK, ACTION_NAMES=("draw",), DRAWS={"draw": ("stock", "waste")}),
     r"Penguin: DRAWS\['draw'\] names pile 'waste'"),
    (dict(DRAWS={"deal": ("stock", "f0")}), "Penguin: DRAWS names action 'deal', which is not in ACTION_NAMES"),
    (dict(ACTION_NAMES=("shuffle 2",)), "Penguin: ACTION_NAMES holds 'shuffle 2'; a stock action's name is a "
                                        "lower-case"),
    (dict(OPTIONS={"wrap": ()}, OPTION_RULES={"wrap": {}}), r"Penguin: OPTIONS\['wrap'\] must be a tuple of distinct"),
    (dict(OPTIONS={"wrap": ("no", "yes")}, OPTION_RULES={"wrap": {"no": "No."}}),
     r"Penguin: OPTION_RULES\['wrap'\] must give one sentence for each of \('no', 'yes'\)"),
    (dict(OPTIONS={"wrap": ("no", "yes please")}, OPTION_RULES={"wrap": {"no": "No.", "yes please": "Yes."}}),
     r"Penguin: OPTIONS\['wrap'\] holds 'yes please'; an option value is a word"),
    (dict(OPTIONS={"wrap": ("no", "<b>")}, OPTION_RULES={"wrap": {"no": "No.", "<b>": "Yes."}}),
     r"Penguin: OPTIONS\['wrap'\] holds '<b>'; an option value is a word"),
    (dict(WITH_OPTION, OPTION_RULES={"wrap": {"no": "No.", "yes": "Yes,\nover two lines."}}),
     r"Penguin: OPTION_RULES\['wrap'\]\['yes'\] must be one sentence on one line"),
    (dict(WITH_OPTION, OPTION_RULES={"wrap": {"no": "No.", "yes": "Yes."}, "corner": {"no": "No."}}),
     "Penguin: OPTION_RULES has option 'corner', which OPTIONS does not"),
    (dict(RULES=(("Play", "K and A {corner}."),)), r"Penguin: the rules text of 'Play' names \{corner\}, which is "
                                                    r"neither an option OPTIONS declares .its options: none. nor a "
                                                    r"rule it declares .its rules: \{foundation\}, \{tableau\}, "
                                                    r"\{cell\}."),
    (dict(RULES=(("Play", "a { brace"),)), "Penguin: the rules text of 'Play' has a stray brace"),
    # the sentence goes in as it is, so sw.rules, the table and sw.play can always fill it in
    (dict(WITH_OPTION, RULES=(("Play", "K and A {wrap:d}."),)), r"Penguin: the rules text of 'Play' writes "
                                                                 r"\{wrap:d\}: name an option or a rule alone in "
                                                                 r"braces, \{wrap\}"),
    (dict(WITH_OPTION, RULES=(("Play", "K and A {wrap!z}."),)), r"Penguin: the rules text of 'Play' writes "
                                                                 r"\{wrap!z\}"),
    (dict(WITH_OPTION, RULES=(("Play", "K and A {wrap!r}."),)), r"Penguin: the rules text of 'Play' writes "
                                                                 r"\{wrap!r\}"),
    (dict(WITH_OPTION, RULES=(("Play", "{wrap:>999999999}"),)), r"Penguin: the rules text of 'Play' writes "
                                                                 r"\{wrap:>999999999\}"),
    (dict(RULES=(("Play", "one line,\nthen another"),)), "Penguin: RULES: the topic and the text of 'Play' are each "
                                                         "one"),
    (dict(RULES=(("", "no topic"),)), "Penguin: RULES: the topic and the text of '' are each one line"),
    (dict(LAYOUT=Layout(1, (Row(),), (Slot("c0", 0, 0), Slot("w", 0, 1)))), "Penguin: LAYOUT: it places pile 'w'"),
    (dict(LAYOUT=Layout(7, (Row(),), run(CELLS, 0, 0))), "Penguin: LAYOUT: it leaves out pile 'f0'"),
    (dict(NARROW_LAYOUTS=(Layout(1, (Row(),), ()),)), r"Penguin: NARROW_LAYOUTS\[0\]: it leaves out pile 'c0'"),
    (dict(LAYOUT={"cols": 3}), "Penguin: LAYOUT must be a solitaire_widgets.layout.Layout, not dict"),
    (dict(name="Penguin!"), "Penguin: name must be a snake_case id"),
    (dict(title="Penguin\n<b>"), "Penguin: title must be one line of text"),
    (dict(decks=9), "Penguin: decks must be a whole number from 1 to 8"),
    (dict(KEY="suit"), "Penguin: KEY must be 'rank'"),
    (dict(PILES=("stock", "waste", "f0"), ROLES={"stock": "stock", "waste": "stock", "f0": "foundation"}, ROUTES={},
          DRAWS={}), "Penguin: a game has at most one stock, not 2"),
    (dict(GUIDE="home first"), "Penguin: GUIDE must be a solitaire_widgets.strategy.Guide or None, not 'home first'"),
    (dict(PACE={"stock": 2}), r"Penguin: PACE must be a solitaire_widgets.strategy.Pace, not \{'stock': 2\}"),
    (dict(DEAL_STATES=0), r"Penguin: DEAL_STATES must be a whole number ≥ 1 \(positions searched per seed for a "
                          r"winnable deal\) or None, not 0"),
    (dict(DEAL_STATES=True), "Penguin: DEAL_STATES must be a whole number ≥ 1"),
    (dict(DEALS_FROM_A_WIN="yes"), r"Penguin: DEALS_FROM_A_WIN must be True or False, or by_option\(option, "
                                   r"\{value: True or False, …\}\) with one for each value of one of its OPTIONS, "
                                   r"not 'yes'"),
    (dict(WITH_OPTION, DEALS_FROM_A_WIN=by_option("wrap", {"no": True})), "Penguin: DEALS_FROM_A_WIN must be True"),
    (dict(DEALS_FROM_A_WIN=by_option("wrap", {"no": True, "yes": False})), "Penguin: DEALS_FROM_A_WIN must be True"),
    (dict(DEALS_FROM_A_WIN=True), r"Penguin: DEALS_FROM_A_WIN builds a winnable deal from a win whose cards go home "
                                  r"in pairs: it needs a pile that takes them \(FOUNDATION = Pairs\(13\)\)"),
    (dict(RESTARTS=(Pace(),)), r"Penguin: RESTARTS must be a tuple of solitaire_widgets.strategy.Restart in order "
                               r"of their after, not \(Pace\("),
    (dict(RESTARTS=(Restart(2_000, Pace()), Restart(1_000, Pace()))), "Penguin: RESTARTS must be a tuple of "),
    (dict(RESTARTS=(Restart(1_000, Pace()), Restart(2_000, Pace(), playouts=0.1))),
     r"Penguin: the last of RESTARTS must not play out \(its playouts never end a search without a budget\), not "
     r"Restart\(after=2000"),
]


@pytest.mark.parametrize("changes, message", REFUSALS)
def test_a_class_that_breaks_its_declarations_is_refused_when_it_is_made(changes, message):
    with pytest.raises(TypeError, match=message):
        make(**changes)


def without(*hooks: str, **changes: Any) -> type[sw.Game]:
    """Penguin made straight on sw.Game, as the notebook writes it but without ``hooks``."""
    body = {k: v for k, v in vars(penguin_class()).items() if k not in hooks and not k.startswith("__")}
    return type("Penguin", (sw.Game,), {**body, **changes})


@pytest.mark.parametrize("hooks, changes, message", [
    (("_setup",), {}, r"Penguin: define _setup\(\) to deal the cards onto the piles"),
    # a pile that cards go to and whose rule is not declared needs both hooks
    (("_wants",), {"TABLEAU": None}, r"Penguin: define _wants\(\) to say which cards a pile takes now"),
    (("_build_reason",), {"TABLEAU": None}, r"Penguin: define _build_reason\(\) to say why a card may not go onto a "
                                            "pile"),
    # stock actions no STOCK declares need their hooks
    ((), dict(WITH_STOCK, ACTION_NAMES=("draw",), DRAWS={"draw": ("stock", "f0")}),
     r"Penguin: define _action_reason\(\) to say when its stock actions \(draw\) are allowed"),
    ((), dict(WITH_STOCK, ACTION_NAMES=("draw",), _action_reason=lambda self, action: None),
     r"Penguin: define _do_action\(\) to carry out its stock actions that are not DRAWS \(draw\)"),
])
def test_a_class_without_a_hook_its_declarations_need_is_refused_when_it_is_made(hooks, changes, message):
    with pytest.raises(TypeError, match=message):
        without(*hooks, **changes)
    # no routes, no card moves to answer for; a declared rule answers for its piles
    assert without("_wants", "_build_reason", TABLEAU=None, ROUTES={}).ROUTES == {}
    assert not without("_wants", "_build_reason").FACTS.own_wants


def rules_broken(**hooks: Any) -> type[sw.Game]:
    """Penguin with some hooks replaced: declared well, so made, but wrong when dealt or asked."""
    return type("Penguin", (penguin_class(),), hooks)


def lose_a_card(self, order):
    penguin_class()._setup(self, order)
    self._piles[self._INDEX["t0"]].pop(0)  # the beak, at the bottom of t0


def face_of_top(game: sw.Game, t: int) -> int:
    return game.card_ids(game.PILES[t])[-1] % 52  # fails on an empty pile, as a careless hook would


@pytest.mark.parametrize("hooks, message", [
    (dict(_setup=lose_a_card), r"Penguin: _setup must put each of the 52 cards on exactly one pile; dealing seed 0, "
                               r"\S+ is never dealt \(51 cards dealt\)"),
    (dict(_setup=lambda self, order: self._piles[0].extend(order + order[:1])),
     r"Penguin: _setup must put each of the 52 cards on exactly one pile; dealing seed 0, \S+ is dealt twice"),
    (dict(_setup=lambda self, order: order[99]), r"Penguin: dealing a game \(seed 0\) failed: IndexError"),
    # every pile is asked about while empty: a position the deal never shows, from_position may lay out
    (dict(_wants=lambda self, t: (face_of_top(self, t),)),
     r"Penguin: _wants\(7\) for f0 while empty, as dealt raised IndexError"),
    (dict(_wants=lambda self, t: [1, 2]), r"Penguin: _wants\(7\) answered \[1, 2\] for f0 as dealt; it answers ANY, "
                                          r"or a tuple of card keys \(faces: 0–51\)"),
    (dict(_wants=lambda self, t: (1, 99)), r"Penguin: _wants\(7\) answered \(1, 99\) for f0 as dealt"),
    (dict(WITH_STOCK, STOCK=Draw(to="c0"), _action_reason=lambda self, action: False),
     r"Penguin: _action_reason\('draw'\) answered False"),
    (dict(_build_reason=lambda self, t, card: None), r"Penguin: _build_reason\(\d+, \d+\) answered None as dealt"),
    (dict(_build_reason=lambda self, t, card: f"{CARD[card]} cannot go on {CARD[self._piles[t][-1]]}"),
     r"Penguin: _build_reason\(10, \d+\) as dealt raised IndexError"),  # f3 is empty, and it reads f3's top card
    (dict(_won=lambda self: True), r"Penguin: _won\(\) answered True as dealt; it answers None, or why in words"),
    # a hook that raises is named, though other hooks (a move's reason) ask it first
    (dict(_won=lambda self: 1 / 0), r"Penguin: _won\(\) as dealt raised ZeroDivisionError: division by zero"),
    (dict(_lost=lambda self: 1 / 0), r"Penguin: _lost\(\) as dealt raised ZeroDivisionError: division by zero"),
    (dict(_won=lambda self: 1 / 0 if self.history else None),
     r"Penguin: _won\(\), asked for legal_moves\(\), raised ZeroDivisionError: division by zero"),
    (dict(_empty_label=lambda self, t: None), r"Penguin: _empty_label\(\d+\) answered None"),
])
def test_a_game_whose_hooks_answer_wrong_is_refused_when_it_is_registered(clean_registry, hooks, message):
    broken = rules_broken(**hooks)
    with pytest.raises(TypeError, match=message):
        sw.register(broken)
    assert "penguin" not in sw.GAMES


def test_layout_values_are_checked_as_they_are_made():
    with pytest.raises(ValueError, match="fan must be one of none, down, right, not 'up'"):
        Slot("t0", 0, 0, fan="up")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="pile 't0' is placed in row 1, but the layout has 1 row"):
        Layout(1, (Row(),), (Slot("t0", 1, 0),))
    with pytest.raises(ValueError, match="pile 't0' is placed twice"):
        Layout(2, (Row(),), run(["t0", "t0"], 0, 0))


# --- what a game declares reaches the page ----------------------------------------------------------

@pytest.mark.parametrize("name", list(sw.GAMES))
def test_the_table_gets_roles_layouts_and_words_once_per_game(name):
    """Roles, layouts and the stock's words are fixed per game; empty labels
    follow the position, so they are read after each move, and sent only
    when they changed (never, in the built-in games)."""
    table = sw.SolitaireWidget(name, seed=2)
    cls = table.game.__class__
    assert table.pile_roles == dict(cls.ROLES) and list(table.pile_roles) == list(cls.PILES)
    assert table.layouts == [layout.to_json() for layout in cls.layouts()]
    assert table.action_words == {action: cls.action_words(action) for action in cls.ACTION_NAMES}
    sent: list[dict] = []
    table._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    table.game.play(table.game.legal_moves()[0])
    changed = set().union(*(m.get("state", {}) for m in sent))
    fixed = {"pile_roles", "layouts", "empty_labels", "action_words", "redeal_actions"}
    assert changed and not changed & fixed, "fixed per game, never per move"


def test_empty_labels_follow_the_rules_in_force():
    assert sw.SolitaireWidget("midshipman", seed=1).empty_labels == {
        "waste": "waste", **{f"f{i}": "A" for i in range(8)}}
    assert sw.Midshipman(seed=1, empty="king").empty_label("t4") == "K"
    assert sw.Frog(seed=1).empty_label("reserve") == "reserve" and sw.Frog(seed=1).empty_label("t0") == ""
    assert sw.Bobby(seed=1).empty_label("f1") == "" and sw.Cruel(seed=1).empty_label("t0") == ""


def test_js_fixtures_are_made_from_the_current_python():
    """js/test/fixtures/states.json (the traits the JS unit tests render) is
    what js/dev/make_fixtures.py writes now: the page's tests never drift from
    the Python declarations."""
    fixture = REPO / "js" / "test" / "fixtures" / "states.json"
    out = subprocess.run([sys.executable, str(REPO / "js" / "dev" / "make_fixtures.py"), "--print"],
                         capture_output=True, text=True, check=True, cwd=REPO)
    assert json.loads(out.stdout) == json.loads(fixture.read_text()), "run python js/dev/make_fixtures.py"


# --- no generic module names a game ------------------------------------------------------------------

def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def names_in_code(path: Path) -> list[str]:
    """Each game name in the code of a Python module: identifiers and string
    literals, not comments or docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    hits = []
    for node in ast.walk(tree):
        words: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            words = [node.value]
        elif isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            words = [node.name]
        elif isinstance(node, ast.arg):
            words = [node.arg]
        elif isinstance(node, ast.alias):
            words = [node.name, node.asname or ""]
        elif isinstance(node, ast.keyword):
            words = [node.arg or ""]
        hits += [f"{path.relative_to(REPO)}:{getattr(node, 'lineno', 0)}: {m.group()}"
                 for word in words for m in GAME_NAME.finditer(word)]
    return hits


def test_no_generic_module_names_one_of_the_five_games():
    generic = [p for p in sorted(PACKAGE.rglob("*.py")) if "games" not in p.relative_to(PACKAGE).parts]
    assert len(generic) > 15
    hits = {str(p.relative_to(REPO)): names_in_code(p) for p in generic}
    assert [h for found in hits.values() for h in found] == []
    assert names_in_code(PACKAGE / "games" / "__init__.py"), "the check finds names where they are"


def test_no_front_end_file_names_a_stock_action():
    """Which action a click on the stock plays, what the Redeal button plays,
    the stock's redeal glow, hints and spoken moves all come from the game
    (``actions``, ``action_words``, ``redeal_actions``): no front-end file
    names an action.  ("redeal" is only the Redeal control's own id.)"""
    action = re.compile(r"""["'`](draw|deal|redeal)["'`]""")
    hits = [f"{p.name}:{n}: {line.strip()}" for p in sorted((REPO / "js" / "src").iterdir())
            for n, line in enumerate(p.read_text().splitlines(), 1) if action.search(line)]
    control = [h for h in hits if 'action: "redeal", label: "Redeal"' in h or '[data-action="redeal"]' in h]
    assert hits == control and len(control) == 2, hits


def test_no_front_end_file_names_one_of_the_five_games():
    files = sorted((REPO / "js" / "src").iterdir())
    assert len(files) > 15
    hits = [f"{p.name}:{n}: {m.group()}" for p in files for n, line in enumerate(p.read_text().splitlines(), 1)
            for m in GAME_NAME.finditer(line)]
    assert hits == []


# --- a consistent public API -----------------------------------------------------------------------

def test_redo_with_nothing_to_redo_has_its_own_error_still_caught_as_before():
    game = sw.Bobby(seed=1)
    with pytest.raises(sw.NothingToRedoError, match="nothing to redo: no move has been taken back"):
        game.redo()
    assert issubclass(sw.NothingToRedoError, sw.NothingToUndoError)
    with pytest.raises(sw.NothingToUndoError) as undo:
        game.undo()
    assert type(undo.value) is sw.NothingToUndoError


def test_everything_a_public_function_returns_is_importable_from_the_package():
    game = sw.Cruel(seed=3)
    rate = sw.winnability("cruel", 1, time_limit=None, max_states=100, executor="inline", progress=False)
    returned = [sw.variants("cruel"), sw.variants("cruel")["gather"], rate, rate.rows[0],
                sw.solve(game, time_limit=None, max_states=100), game.hint(time_limit=None, max_states=100),
                game.legal_moves()[0], sw.Cruel.layouts()[0], sw.Cruel.layouts()[0].rows[0],
                sw.Cruel.layouts()[0].slots[0]]
    for value in returned:
        assert getattr(sw, type(value).__name__) is type(value) and type(value).__name__ in sw.__all__


# --- the table's halves: the solver knows no table, the help no widget ---------------------------

def imported_modules(path: Path) -> set[str]:
    """The modules a package module imports, deferred imports included, as absolute names."""
    package = ".".join(path.relative_to(REPO).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            module = f"{base}.{node.module}" if node.level and node.module else base if node.level else node.module
            found.add(str(module))
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return found


def test_the_solver_searches_and_teaches_and_knows_no_table():
    """``solver/`` is search and teaching only: nothing there imports the
    table's modules (the widget, its protocol, the help in ``assist/``) or
    a Jupyter package; the help imports no widget and no Jupyter package
    either: the widget composes it through its port."""
    table = ("solitaire_widgets.widget", "solitaire_widgets.protocol", "solitaire_widgets.assist",
             "solitaire_widgets.earlier_deals")
    jupyter = ("anywidget", "traitlets", "ipywidgets", "IPython", "ipykernel", "comm")
    for layer, forbidden in (("solver", table + jupyter), ("assist", ("solitaire_widgets.widget",) + jupyter)):
        files = sorted((PACKAGE / layer).glob("*.py"))
        assert len(files) > 5
        wrong = [f"{path.relative_to(REPO)}: {module}" for path in files for module in sorted(imported_modules(path))
                 if module.startswith(forbidden) and not module.startswith(f"solitaire_widgets.{layer}")]
        assert wrong == [], f"{layer}/ imports what it must not"
    assert "solitaire_widgets.solver.search.Search" in imported_modules(PACKAGE / "assist" / "background.py")


# --- the layers: satellites depend on the core, never the reverse ------------------------------------

# The package's modules in layers, lowest first, each named under solitaire_widgets ("" is the package
# itself, "solver.*" a subpackage and its modules): a module imports from its own layer and those below.
LAYERS = (
    ("values", ("arguments", "errors", "cards", "moves", "piles", "shuffle", "strategy", "layout", "look",
                "geometry", "compiled")),
    ("rules", ("pile_rules", "stocks", "rulebook")),
    ("engine", ("shape", "position", "fast_path", "illegal", "hooks", "dealing", "declarations", "classes",
                "game")),
    ("games", ("games.*", "kit")),
    ("satellites", ("text", "picture", "rules", "saving", "gym", "solver.*")),
    ("table", ("protocol", "saved_output", "earlier_deals", "widget", "assist.*")),
    ("package", ("", "__main__")),
)
# The only imports that go up a layer: each deferred to the method that needs it (as python-chess's
# Board loads chess.svg only to show itself), and why.
UPWARD = {
    ("game", "text"): "str(game) and game.explain(): the game in words",
    ("game", "picture"): "game.picture() and the game as a notebook's output",
    ("game", "solver.hint"): "game.hint(), the solver's suggestion asked of the game",
    ("game", "solver.analysis"): "game.analyse(), the solver's verdict on the moves played",
    ("picture", "widget"): "a game shown in a Jupyter kernel is its table (the widget needs anywidget: it loads "
                           "only there)",
}


def package_imports() -> dict[str, dict[str, set[str]]]:
    """Each package module (named as in ``LAYERS``) -> the package modules it
    imports as it loads (``"top"``) and inside a function (``"deferred"``).
    Imports for type checkers only (under ``if TYPE_CHECKING:``) are neither:
    they never run."""
    modules = {".".join(p.relative_to(PACKAGE).with_suffix("").parts).removesuffix("__init__").rstrip("."): p
               for p in PACKAGE.rglob("*.py")}
    result = {}
    for module, path in modules.items():
        found: dict[str, set[str]] = {"top": set(), "deferred": set()}
        # (node, inside a function) pairs still to look at
        todo: list[tuple[ast.AST, bool]] = [(ast.parse(path.read_text(encoding="utf-8")), False)]
        while todo:
            node, in_function = todo.pop()
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                    continue
                if isinstance(child, (ast.Import, ast.ImportFrom)):
                    named = imported_names(child, module, path.name == "__init__.py", modules)
                    found["deferred" if in_function else "top"] |= named
                todo.append((child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                      ast.Lambda))))
        found["top"].discard(module)
        found["deferred"] -= found["top"] | {module}
        result[module] = found
    return result


def imported_names(node: ast.Import | ast.ImportFrom, module: str, is_package: bool, modules: Any) -> set[str]:
    """The package modules an import statement of ``module`` names (a name
    imported from a module counts as that module)."""
    if isinstance(node, ast.Import):
        return {alias.name.removeprefix("solitaire_widgets").lstrip(".") for alias in node.names
                if alias.name.split(".")[0] == "solitaire_widgets"}
    if node.level == 0:
        if not (node.module or "").startswith("solitaire_widgets"):
            return set()
        base = (node.module or "").removeprefix("solitaire_widgets").lstrip(".")
    else:
        parts = module.split(".") if module else []
        parts = parts if is_package else parts[:-1]
        parts = parts[:len(parts) - (node.level - 1)]
        base = ".".join(parts + ([node.module] if node.module else []))
    return {sub if (sub := f"{base}.{alias.name}".lstrip(".")) in modules else base for alias in node.names}


def layer_of(module: str) -> int:
    for number, (_, members) in enumerate(LAYERS):
        if module in members or any(m.endswith(".*") and (module == m[:-2] or module.startswith(m[:-1]))
                                    for m in members):
            return number
    raise AssertionError(f"solitaire_widgets.{module} has no layer: give it one in LAYERS")


def a_cycle(graph: dict[str, set[str]]) -> list[str]:
    """A cycle of ``graph`` (module -> the modules it imports), as the path round it; [] when there is none."""
    done: set[str] = set()
    path: list[str] = []

    def walk(module: str) -> list[str]:
        if module in path:
            return path[path.index(module):] + [module]
        if module in done:
            return []
        path.append(module)
        for imported in sorted(graph.get(module, ())):
            found = walk(imported)
            if found:
                return found
        path.pop()
        done.add(module)
        return []

    return next((cycle for module in sorted(graph) if (cycle := walk(module))), [])


IMPORTS = package_imports()


def test_the_import_check_sees_imports_as_they_run():
    assert {"position", "fast_path", "hooks", "classes"} <= IMPORTS["game"]["top"]
    assert "text" in IMPORTS["game"]["deferred"] and "text" not in IMPORTS["game"]["top"]
    assert "game" not in IMPORTS["shape"]["top"] | IMPORTS["shape"]["deferred"], "(only for type checkers)"
    assert a_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_modules_load_without_a_cycle():
    assert a_cycle({module: found["top"] for module, found in IMPORTS.items()}) == []


def test_each_module_imports_from_its_layer_and_below_but_for_a_few_documented_deferred_imports():
    upward = [f"{module} -> {imported}" for module, found in IMPORTS.items()
              for imported in sorted(found["top"] | found["deferred"])
              if layer_of(imported) > layer_of(module) and (module, imported) not in UPWARD]
    assert upward == [], "a module imports from a layer above its own"
    for (module, imported), why in UPWARD.items():
        assert imported in IMPORTS[module]["deferred"] and layer_of(imported) > layer_of(module), why
    # Deferred imports aside, nothing goes round in circles either (a deferred
    # import that only hides a cycle within a layer is one).
    graph = {module: (found["top"] | found["deferred"]) - {i for m, i in UPWARD if m == module}
             for module, found in IMPORTS.items()}
    assert a_cycle(graph) == []


def test_the_solver_reaches_games_through_the_registry_and_its_parts_one_way():
    # winrate's workers make their deals through the registry, not the package's front door; a deal's grade
    # and the search for winnable deals do not import each other (deals asks grades).
    winrate, deals, grades = (IMPORTS[f"solver.{m}"] for m in ("winrate", "deals", "grades"))
    assert "" not in winrate["top"] | winrate["deferred"]
    assert "solver.grades" in deals["top"] and "solver.deals" not in grades["top"] | grades["deferred"]
