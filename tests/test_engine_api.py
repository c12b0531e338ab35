"""The engine's public API: cards, moves, play() forms, new_game, options and
their errors, saving and loading, observers, undo/redo/restart, text forms,
and that the engine needs no Jupyter package."""

from __future__ import annotations

import json
import os
import pickle
import re
import subprocess
import sys
import textwrap

import pytest
from helpers import GAMES, REPO
from positions import cards

import solitaire_widgets as sw
from solitaire_widgets import (
    Card,
    GameChange,
    IllegalMoveError,
    Move,
    NothingToUndoError,
)
from solitaire_widgets.cards import card_ids_of_deck


def state(game):
    return (game.key(), game.history, game.version, game.redo_moves)


# --- cards -----------------------------------------------------------------------

@pytest.mark.parametrize("text, rank, suit", [
    ("A♠", 1, "S"), ("AS", 1, "S"), ("as", 1, "S"), ("10♥", 10, "H"), ("10h", 10, "H"),
    ("TH", 10, "H"), ("th", 10, "H"), ("Q♣", 12, "C"), ("qc", 12, "C"), ("K♦", 13, "D"),
    ("7 s", 7, "S"), (" J♥ ", 11, "H"), ("2D", 2, "D"),
])
def test_card_parse(text, rank, suit):
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card(rank, suit)


def test_card_text_forms_round_trip():
    for card in sw.standard_deck():
        assert Card.parse(str(card)) is card
        assert Card.parse(card.code) is card
        assert eval(repr(card), {"Card": Card}) is card
    assert str(Card(10, "H")) == "10♥" and Card(10, "H").code == "10H"
    assert str(Card(1, "S")) == "A♠" and str(Card(12, "C")) == "Q♣" and str(Card(11, "D")) == "J♦"
    assert Card(7, "S").name == "seven of spades" and Card(1, "D").name == "ace of diamonds"


def test_card_colours_names_and_ids_of_every_face():
    """Hearts and diamonds are red, spades and clubs black; every face's
    spoken name and id, worked out from the pack order."""
    colour = {"♠": "black", "♥": "red", "♦": "red", "♣": "black"}
    suits = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
    ranks = "ace two three four five six seven eight nine ten jack queen king".split()
    for face, card in enumerate(sw.standard_deck()):
        symbol = str(card)[-1]
        assert card.color == colour[symbol], card
        assert card.name == f"{ranks[card.rank - 1]} of {suits[symbol]}"
        assert card.face == face and card.rank == face % 13 + 1 and Card.from_face(face) is card
        assert all(Card.from_id(face + 52 * k) is card for k in range(4))


def test_cards_are_hashable_equal_by_value_and_immutable():
    a, b = Card.parse("7♠"), Card(7, "S")
    assert a == b and hash(a) == hash(b) and len({a, b, Card.parse("7s")}) == 1
    assert a != Card(7, "C")
    with pytest.raises(AttributeError):
        a.rank = 8  # type: ignore[misc]
    with pytest.raises(AttributeError):
        a.suit = "H"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(a)) is a


@pytest.mark.parametrize("bad", ["", "1H", "11H", "ZZ", "AX", "10", "♠", "A♠♠", 7, None, ("A", "S")])
def test_card_parse_rejects_bad_text(bad):
    with pytest.raises(ValueError) as info:
        Card.parse(bad)
    assert "card" in str(info.value) or "rank" in str(info.value) or "suit" in str(info.value)


@pytest.mark.parametrize("rank, suit", [(0, "S"), (14, "S"), ("7", "S"), (True, "S"), (7, "X"), (7, "s")])
def test_card_constructor_checks(rank, suit):
    with pytest.raises(ValueError):
        Card(rank, suit)


def test_card_ids():
    assert [Card.from_id(i) for i in (0, 12, 13, 51, 52, 103)] == cards("A♠ K♠ A♥ K♣ A♠ K♣")
    assert sw.standard_deck(2)[52] is Card.parse("A♠")
    assert len(sw.standard_deck(4)) == 208


@pytest.mark.parametrize("bad", [0, -1, 9, 1.0, "2", True, None])
def test_standard_deck_refuses_what_is_not_a_number_of_decks(bad):
    # 0 used to give [] and 9 an IndexError; a pack holds eight decks at most
    with pytest.raises(ValueError, match=rf"^decks must be a whole number from 1 to 8, not {re.escape(repr(bad))}$"):
        sw.standard_deck(bad)
    assert len(sw.standard_deck(8)) == 416


def test_piles_of_an_unknown_role_is_refused_by_name():
    with pytest.raises(ValueError, match="^unknown pile role 'nonsense'; the roles are stock, waste, reserve, cell, "
                                         "foundation, tableau$"):
        sw.Cruel.piles_of("nonsense")  # used to be ()
    assert sw.Cruel(seed=1).piles_of("stock") == () and sw.Cruel.piles_of("foundation") == ("f0", "f1", "f2", "f3")


def test_the_base_class_is_not_a_game_and_says_so():
    with pytest.raises(TypeError, match=r"^Game is not a game that can be played: it declares no PILES"):
        sw.Game(seed=1)


# --- moves -----------------------------------------------------------------------

@pytest.mark.parametrize("text, source, target", [
    ("t3 f0", "t3", "f0"), ("T3 F0", "t3", "f0"), ("t3,f0", "t3", "f0"), ("t3->f0", "t3", "f0"),
    ("t3 → f0", "t3", "f0"), ("  waste   t10 ", "waste", "t10"), ("reserve f15", "reserve", "f15"),
    ("stock waste", "stock", "waste"),
])
def test_move_parse(text, source, target):
    move = Move.parse(text)
    assert (move.source, move.target, move.action) == (source, target, None)
    assert not move.is_action
    assert move == Move(source, target) and str(move) == f"{source} {target}"
    assert Move.parse(str(move)) == move


@pytest.mark.parametrize("word", ["draw", "deal", "redeal", " DRAW "])
def test_move_parse_actions(word):
    move = Move.parse(word)
    assert move.is_action and move.action == word.strip().lower()
    assert move.source is None and move.target is None
    assert str(move) == word.strip().lower() and Move.parse(str(move)) == move


def test_moves_hashable_immutable_and_repr():
    a, b = Move("t3", "f0"), Move.parse("t3 f0")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Move("f0", "t3") and Move("draw") != Move("deal") and a != "t3 f0"
    assert {Move("draw"): 1}[Move.parse("draw")] == 1
    with pytest.raises(AttributeError):
        a.source = "t4"  # type: ignore[misc]
    assert repr(a) == "Move('t3', 'f0')" and repr(Move("draw")) == "Move('draw')"
    assert eval(repr(a), {"Move": Move}) == a
    for move in (a, Move("draw"), Move("deal"), Move("redeal")):
        assert pickle.loads(pickle.dumps(move)) == move


@pytest.mark.parametrize("bad", ["", "t3 f0 f1", "1x f0", "t3 q-0", "shuffle!", "t3 t5 0", "t3 t5 -2", "3", 3, None])
def test_move_parse_rejects(bad):
    with pytest.raises(ValueError) as info:
        Move.parse(bad)
    assert "move" in str(info.value) or "pile" in str(info.value)


@pytest.mark.parametrize("text, message", [
    ("draw 3", "'draw 3' is not a move: a count of cards follows two piles, like 't3 t5 3', and a stock action "
               "is one word, like 'draw'"),
    ("t3 t5 ³", "'t3 t5 ³' is not a move: write 'SOURCE TARGET' like 't3 f0', 'SOURCE TARGET COUNT' like 't3 t5 3' "
                "(three cards at once, the count in digits 0-9), or a stock action like 'draw'"),
    ("t0 t2 ٢", "'t0 t2 ٢' is not a move: write"),  # a digit of another script is no count (it played 2)
    ("t0 t2 99999", "Cruel moves one card at a time, not 99999"),  # as 9999 is answered
    ("t0 t2 " + "9" * 30, f"'t0 t2 {'9' * 30}' is not a move: a count of 30 digits is more cards than any game"),
    ("t1 t1", "t1 onto itself moves nothing"),
])
def test_a_move_text_is_read_as_written_and_refused_by_what_is_wrong(text, message):
    game = sw.Cruel(seed=1)
    assert game.why_illegal(text).startswith(message)
    with pytest.raises(IllegalMoveError):
        game.play(text)
    assert game.history == ()


@pytest.mark.no_pyodide  # (numpy is not among the app's packages)
def test_move_counts_are_whole_numbers_numpy_s_too_and_an_action_takes_none():
    np = pytest.importorskip("numpy")
    move = Move("t1", "t8", np.int64(3))
    assert move == Move("t1", "t8", 3) and type(move.count) is int and str(move) == "t1 t8 3"
    assert Move("draw", None, 1) == Move("draw") and Move("draw").count == 0
    for args, message in [
        (("draw", None, 5), "a stock action moves no count of cards: write Move('draw'), not Move('draw', None, 5)"),
        (("t1", "t1"), "t1 onto itself moves nothing"),
        (("t1", "t8", np.float64(3)), "a move's count is how many cards it moves, a whole number from 1 up"),
        (("t1", "t8", True), "a move's count is how many cards it moves, a whole number from 1 up, not True"),
    ]:
        with pytest.raises(ValueError) as info:
            Move(*args)
        assert str(info.value).startswith(message)


# --- games by name, seeds, decks, options ------------------------------------------

def test_games_mapping_and_classes():
    assert GAMES == ("frog", "leap_year", "bobby", "cruel", "midshipman")
    assert dict(list(sw.GAMES.items())[:5]) == {"frog": sw.Frog, "leap_year": sw.LeapYear, "bobby": sw.Bobby,
                                                "cruel": sw.Cruel, "midshipman": sw.Midshipman}
    for name, cls in sw.GAMES.items():
        assert cls.name == name and issubclass(cls, sw.Game) and cls.title


@pytest.mark.parametrize("name", GAMES)
def test_new_game_by_name(name):
    g = sw.new_game(name, seed=9)
    assert type(g) is sw.GAMES[name] and g.seed == 9 and g.history == () and g.version == 0
    assert g.key() == sw.GAMES[name](seed=9).key()
    assert g.status == "playing"


def test_new_game_name_spellings():
    assert type(sw.new_game("Leap Year", seed=1)) is sw.LeapYear
    assert type(sw.new_game("leap-year", seed=1)) is sw.LeapYear
    assert type(sw.new_game(" CRUEL ", seed=1)) is sw.Cruel


@pytest.mark.parametrize("bad", ["whist", "", "frogs", 3, None, ["cruel"], {"game": "cruel"}])
def test_unknown_game_is_a_value_error_naming_the_choices(bad):
    with pytest.raises(ValueError) as info:
        sw.new_game(bad)
    assert "unknown game" in str(info.value)
    assert "frog, leap_year, bobby, cruel, midshipman" in str(info.value)


def _gym_env(name):
    gymnasium = pytest.importorskip("gymnasium")
    import solitaire_widgets.gym

    return gymnasium.make("solitaire_widgets/Cruel-v0", game=name).unwrapped.game


def _cli_game(name):
    from solitaire_widgets.__main__ import parsers

    top, _ = parsers()
    return sw.GAMES[top.parse_args(["solve", name, "--seed", "1"]).game](seed=1)


# Every place that takes a game name, each giving back the class it made
# or read: one lookup, so the same spellings work and fail the same way.
TAKERS_OF_NAMES = {
    "new_game": lambda name: type(sw.new_game(name, seed=1)),
    "rules": lambda name: sw.rules(name).splitlines()[0][4:],
    "variants": lambda name: tuple(sw.variants(name)),
    "winnability": lambda name: sw.winnability(name, 1, player="random", executor="inline", progress=False).name,
    "SolitaireWidget": lambda name: type(sw.SolitaireWidget(name).game),  # a Game: that very game
    "play": lambda name: type(sw.play(name).game),
    "command line": lambda name: type(_cli_game(name)),
    "gymnasium.make": lambda name: type(_gym_env(name)),
}


@pytest.mark.parametrize("taker", [
    pytest.param(t, marks=pytest.mark.no_pyodide("needs Gymnasium")) if t == "gymnasium.make" else t
    for t in TAKERS_OF_NAMES])
def test_every_place_that_takes_a_game_name_reads_it_alike(taker):
    read = TAKERS_OF_NAMES[taker]
    text_only = taker == "command line"  # a command line holds only text
    leap_year = read("leap_year")
    for spelling in ("Leap Year", "leap-year", "LEAP_YEAR") + ((sw.LeapYear, sw.LeapYear(seed=2)) * (not text_only)):
        assert read(spelling) == leap_year
    assert read("Cruel") == read("cruel") != leap_year
    for bad in ("whist",) + ((3, sw.Game) * (not text_only)):
        try:
            read(bad)
        except (ValueError, SystemExit) as refused:
            message = str(refused) if isinstance(refused, ValueError) else ""
        else:
            raise AssertionError(f"{taker} took {bad!r}")
        if taker != "command line":  # argparse prints it: see test_cli_refuses_bad_usage_with_status_2
            assert message == f"unknown game {bad!r}; choose one of {', '.join(sw.GAMES)}"


@pytest.mark.parametrize("name", GAMES)
def test_seed_none_gives_a_readable_seed_that_replays(name):
    g = sw.new_game(name)
    assert isinstance(g.seed, int) and g.seed >= 0
    assert sw.new_game(name, seed=g.seed).key() == g.key()
    assert f"seed={g.seed}" in repr(g)


@pytest.mark.no_pyodide("needs numpy")
def test_numpy_integers_are_seeds_kept_as_plain_ints():
    np = pytest.importorskip("numpy")
    g = sw.Cruel(seed=np.int64(7))
    assert type(g.seed) is int and g.key() == sw.Cruel(seed=7).key()
    assert json.loads(json.dumps(g.to_dict()))["seed"] == 7
    g.new_deal(seed=np.uint32(8))
    assert type(g.seed) is int and g.seed == 8
    assert type(sw.new_game("frog", seed=np.int8(3)).seed) is int
    card = Card(np.int64(7), "S")
    assert card is Card(7, "S") and type(card.rank) is int
    with pytest.raises(ValueError, match="seed must be a whole number"):
        sw.Cruel(seed=np.bool_(True))


@pytest.mark.parametrize("bad", [-1, 1.5, "3", True, [1], 2.0])
def test_bad_seed(bad):
    with pytest.raises(ValueError) as info:
        sw.Cruel(seed=bad)
    assert "seed must be a whole number" in str(info.value)


def test_bad_decks():
    """Each refusal of an explicit deck says exactly what is wrong (whole messages)."""
    full = sw.standard_deck()
    double = sw.standard_deck(2)
    refusals = [
        (lambda: sw.Cruel(deck=full[:-1]), "deck has 51 cards; Cruel needs 52 (1 deck of 52)"),
        (lambda: sw.Frog(deck=full), "deck has 52 cards; Frog needs 104 (2 decks of 52)"),
        (lambda: sw.Cruel(deck=full[:-1] + [full[0]]),
         "deck holds A♠ more than 1 time (again at card 52); Cruel uses each card exactly once"),
        (lambda: sw.Midshipman(deck=double[:-2] + cards("K♣ K♣")),
         "deck holds K♣ more than 2 times (again at card 104); Midshipman uses each card exactly 2 times"),
        (lambda: sw.Cruel(deck=full[:2] + ["ZZ"] + full[3:]), "deck card 3: 'ZZ' is not a card"),
        (lambda: sw.Cruel(deck="A♠ 2♠"), "deck must be a list of cards like ['10H', 'A♠', …], not str"),
        (lambda: sw.Cruel(deck=52), "deck must be a list of cards like ['10H', 'A♠', …], not int"),
    ]
    for make, message in refusals:
        with pytest.raises(ValueError) as info:
            make()
        assert str(info.value).startswith(message), str(info.value)
    # A good deck of either size deals each copy of a face with its own id.
    ids = card_ids_of_deck(list(reversed(double)), 2, "Frog")
    assert sorted(ids) == list(range(104)) and ids[0] == 51 and ids[52] == 103


def test_decks_of_strings_and_cards_alike():
    codes = [c.code for c in sw.standard_deck()]
    symbols = [str(c) for c in sw.standard_deck()]
    assert sw.Cruel(deck=codes).key() == sw.Cruel(deck=symbols).key() == sw.Cruel(deck=sw.standard_deck()).key()
    g = sw.Cruel(deck=iter(codes))  # any iterable
    assert g.deck == tuple(codes) and g.seed is None


@pytest.mark.parametrize("make", [
    lambda deck: sw.new_game("cruel", deck=deck, seed=3), lambda deck: sw.Cruel(deck=deck, seed=3),
    lambda deck: sw.SolitaireWidget("cruel", deck=deck, seed=3), lambda deck: sw.play("bobby", deck=deck, seed=0),
])
def test_a_deck_takes_no_seed(make):
    """A deck is the deal: a seed beside it would be reported and saved as
    the deal's seed (sw.new_game(name, seed=3) deals another game)."""
    with pytest.raises(ValueError) as info:
        make(sw.standard_deck())
    assert re.fullmatch(r"pass seed or deck, not both: a seed shuffles a deal, and a deck is the deal itself "
                        r"\(seed=(3|0) would not be the seed of this deal\)", str(info.value))


def test_card_ids_follow_copies_in_deal_order():
    # The k-th copy of a face (in deal order) has id k*52 + face.
    deck = sw.standard_deck(2)
    deck[0], deck[52] = deck[52], deck[0]  # same face: nothing changes
    g = sw.Frog(deck=deck)
    ids = sorted(i for p in g.PILES for i in g.card_ids(p))
    assert ids == list(range(104))
    for p in g.PILES:
        for i, card in zip(g.card_ids(p), g[p]):
            assert Card.from_id(i) is card


@pytest.mark.parametrize("cls, options, message", [
    (sw.Cruel, {"gather": "random"}, "Cruel option gather='random' is not allowed; choose one of 'in_order', 'pysol'"),
    (sw.Bobby, {"redeal": "twice"}, "Bobby option redeal='twice' is not allowed; choose one of 'shuffle', 'turn'"),
    (sw.Bobby, {"redeal": None}, "Bobby option redeal=None is not allowed"),
    (sw.Frog, {"gather": "pysol"}, "Frog has no option 'gather' (its options: aces)"),
    (sw.Cruel, {"redeal": "turn"}, "Cruel has no option 'redeal' (its options: gather)"),
])
def test_bad_options(cls, options, message):
    with pytest.raises(ValueError) as info:
        cls(seed=1, **options)
    assert message in str(info.value)


def test_options_defaults_and_choices():
    assert sw.Bobby(seed=1).options == {"redeal": "shuffle"}
    assert sw.Bobby(seed=1, redeal="turn").options == {"redeal": "turn"}
    assert sw.Cruel(seed=1).options == {"gather": "in_order"}
    assert sw.new_game("cruel", seed=1, gather="pysol").options == {"gather": "pysol"}
    assert sw.new_game("frog", seed=1).options == {"aces": "dealt"}
    assert sw.new_game("leap_year", seed=1).options == {"redeal": "none"}
    assert sw.new_game("midshipman", seed=1).options == {"build": "different_suit", "empty": "any"}
    g = sw.Bobby(seed=1)
    g.options["redeal"] = "turn"  # a copy: the game is not changed
    assert g.options == {"redeal": "shuffle"}


# --- play() forms --------------------------------------------------------------------

def cruel_with_move():
    g = sw.Cruel(seed=7)
    return g, g.legal_moves()[0]


@pytest.mark.parametrize("form", ["move", "text", "tuple", "list", "two", "upper", "arrow"])
def test_play_forms(form):
    g, move = cruel_with_move()
    s, t = move.source, move.target
    args = {"move": (move,), "text": (f"{s} {t}",), "tuple": ((s, t),), "list": ([s, t],),
            "two": (s, t), "upper": (f"{s.upper()} {t.upper()}",), "arrow": (f"{s}->{t}",)}[form]
    before = g.copy()
    assert g.why_illegal(*args) is None and g.is_legal(*args)
    played = g.play(*args)
    assert played == move and isinstance(played, Move)
    assert g.history == (move,) and g.last_move == move and g.version == 1
    before.play(move)
    assert g.key() == before.key()


def test_action_words_and_shortcuts():
    assert sw.Frog(seed=1).play("draw") == Move("draw")
    assert sw.LeapYear(seed=1).play("deal") == Move("deal")
    assert sw.LeapYear(seed=1).play(" Deal ") == Move("deal")
    assert sw.Bobby(seed=1).play(Move("draw")) == Move("draw")
    # Shortcuts exist only where the game has the action.
    have = {name: {a for a in ("draw", "deal", "redeal") if hasattr(sw.GAMES[name], a)} for name in GAMES[:5]}
    assert have == {"frog": {"draw"}, "leap_year": {"deal", "redeal"}, "bobby": {"draw", "redeal"},
                    "cruel": {"redeal"}, "midshipman": {"draw"}}
    for name in GAMES[:5]:
        assert set(sw.GAMES[name].ACTION_NAMES) == have[name]
    assert sw.Frog(seed=1).draw() == Move("draw")
    assert sw.Midshipman(seed=1).draw() == Move("draw")
    assert sw.LeapYear(seed=1).deal() == Move("deal")


def test_unknown_action_named_with_what_the_game_has():
    g = sw.Cruel(seed=1)
    assert g.why_illegal("draw") == "Cruel has no draw: its one action is redeal, which deals the cards again"
    assert (sw.Frog(seed=1).why_illegal("deal")
            == "Frog has no deal: its one action is draw, which turns up the next stock card")


@pytest.mark.parametrize("bad, fragment", [
    ("t3", "not a move"), ("t3 f0 f1", "not a move"), ("x1 f0", "Cruel has no pile x1"),
    ("t-1 f0", "not a pile id"), (42, "a move is written"), ("t0 t1 0", "a whole number from 1 up"),
    ("t0 t1 2", "one card at a time"),
    (None, "a move is written"), (("t0",), "a move is written"), (("t0", 5), "not a pile id"),
    ("t12 f0", "Cruel has no pile t12"), ("waste f0", "Cruel has no pile waste"),
])
def test_unreadable_or_foreign_moves_raise_illegal_move_error(bad, fragment):
    g = sw.Cruel(seed=7)
    before = state(g)
    with pytest.raises(IllegalMoveError) as info:
        g.play(bad)
    assert fragment in str(info.value)
    assert g.why_illegal(bad) == str(info.value) and not g.is_legal(bad)
    assert state(g) == before


def test_illegal_move_error_is_a_value_error_with_reason_and_move():
    assert issubclass(IllegalMoveError, ValueError) and issubclass(NothingToUndoError, IllegalMoveError)
    g = sw.Cruel(deck=sw.standard_deck())
    with pytest.raises(ValueError) as info:
        g.play("t0 t1")
    err = info.value
    assert isinstance(err, IllegalMoveError)
    assert err.reason == str(err) == "5♠ cannot go on 9♠ (t1): Cruel builds down in suit, so 9♠ takes only 8♠"
    assert err.move == Move("t0", "t1")
    assert g.why_illegal("t0", "t1") == err.reason
    assert g.legal_moves() == [] and g.status == "lost"
    assert g.is_legal("t0 t1") is False


def test_play_with_a_move_and_a_target_is_refused():
    g, move = cruel_with_move()
    with pytest.raises(IllegalMoveError, match="source pile must be a pile id"):
        g.play(move, "f0")


# --- undo, redo, restart -----------------------------------------------------------------

def test_undo_redo_restart():
    g = sw.Midshipman(seed=4)
    start = g.key()
    with pytest.raises(NothingToUndoError, match="nothing to undo"):
        g.undo()
    with pytest.raises(NothingToUndoError, match="nothing to redo"):
        g.redo()
    played = []
    for _ in range(12):
        move = g.legal_moves()[-1] if len(played) % 3 == 0 else g.legal_moves()[0]
        played.append(g.play(move))
    end = g.key()
    assert g.history == tuple(played)
    assert g.undo() == played[-1] and g.redo_moves == (played[-1],)
    assert g.redo() == played[-1] and g.key() == end and g.redo_moves == ()
    g.restart()
    assert g.key() == start and g.history == () and g.redo_moves == tuple(played)
    for move in played:
        assert g.redo() == move
    assert g.key() == end and g.history == tuple(played)
    # A new move clears what could be redone.
    g.undo()
    g.undo()
    other = next(m for m in g.legal_moves() if m != played[-2])
    g.play(other)
    assert g.redo_moves == ()
    with pytest.raises(NothingToUndoError):
        g.redo()


def test_restart_without_moves_changes_nothing():
    g = sw.Bobby(seed=1)
    seen = []
    g.observe(lambda game, change: seen.append(change))
    g.restart()
    assert g.version == 0 and seen == []


def test_restart_keeps_moves_undone_before_it_for_redo():
    g = sw.Bobby(seed=1)
    moves = [g.draw() for _ in range(5)]
    g.undo()
    g.undo()
    g.restart()
    assert g.redo_moves == tuple(moves)
    while g.redo_moves:
        g.redo()
    assert g.history == tuple(moves)


# --- observers -----------------------------------------------------------------------

def test_observe_play_undo_redo_restart_and_stop():
    g = sw.Frog(deck=sw.standard_deck(2))  # f0–f7 A♠ … ; reserve 2♠ … ; see test_engine_rules
    seen: list[tuple] = []

    def listener(game, change):
        assert game is g and isinstance(change, GameChange)
        seen.append((change.kind, change.move, set(change.piles), change.version))

    stop = g.observe(listener)
    g.play("draw")
    g.play("waste t2")
    g.undo()
    g.redo()
    g.restart()
    g.redo()
    assert seen == [
        ("play", Move("draw"), {"stock", "waste"}, 1),
        ("play", Move("waste", "t2"), {"waste", "t2"}, 2),
        ("undo", Move("waste", "t2"), {"waste", "t2"}, 3),
        ("redo", Move("waste", "t2"), {"waste", "t2"}, 4),
        ("restart", None, set(g.PILES), 5),
        ("redo", Move("draw"), {"stock", "waste"}, 6),
    ]
    stop()
    g.redo()
    assert len(seen) == 6 and g.version == 7
    stop()  # stopping twice is harmless
    g.unobserve(listener)  # so is unobserving a stopped listener


def test_unobserve_and_several_observers():
    g = sw.Bobby(seed=2)
    a, b = [], []

    def fa(game, change):
        a.append(change.kind)

    def fb(game, change):
        b.append(change.kind)

    g.observe(fa)
    g.observe(fb)
    g.draw()
    g.unobserve(fa)
    g.undo()
    assert a == ["play"] and b == ["play", "undo"]


@pytest.mark.parametrize("bad", [5, "print", None])
def test_observe_refuses_what_cannot_be_called(bad):
    g = sw.Cruel(seed=7)
    with pytest.raises(TypeError, match=f"observe needs a function callback\\(game, change\\), not {bad!r}"):
        g.observe(bad)
    assert g.play("t1 t8") == Move("t1", "t8") and g.version == 1


def test_a_failing_observer_is_logged_and_neither_undoes_the_change_nor_silences_the_others(caplog):
    g = sw.Cruel(seed=7)
    heard = []

    def broken(game, change):
        raise RuntimeError(f"cannot show {change.kind}")

    g.observe(broken)
    g.observe(lambda game, change: heard.append((change.kind, game.version, game.history, game.redo_moves)))
    with caplog.at_level("ERROR", logger="solitaire_widgets"):
        assert g.play("t1 t8") == Move("t1", "t8")  # returns as usual: the move was legal and is made
        g.undo()
        g.redo()
        g.restart()
        g.new_deal(seed=8)
    move = (Move("t1", "t8"),)
    assert heard == [("play", 1, move, ()), ("undo", 2, (), move), ("redo", 3, move, ()),
                     ("restart", 4, (), move), ("new_deal", 5, (), ())]
    assert [r.exc_info[0] for r in caplog.records] == [RuntimeError] * 5
    assert "raised on play t1 t8; the change stands" in caplog.records[0].getMessage()
    # an illegal move still changes nothing and notifies nobody
    before = state(g)
    with pytest.raises(IllegalMoveError):
        g.play("f0 t0")
    assert state(g) == before and len(heard) == 5


def test_illegal_moves_notify_nobody():
    g = sw.Cruel(deck=sw.standard_deck())
    seen = []
    g.observe(lambda game, change: seen.append(change))
    with pytest.raises(IllegalMoveError):
        g.play("t0 t1")
    assert seen == [] and g.version == 0


def test_game_change_is_frozen():
    change = GameChange("play", Move("draw"), ("stock", "waste"), 1)
    with pytest.raises(AttributeError):
        change.kind = "undo"  # type: ignore[misc]


# --- copy --------------------------------------------------------------------------------

def test_copy_is_independent_and_drops_observers():
    g = sw.Midshipman(seed=8)
    heard = []
    g.observe(lambda game, change: heard.append(game))
    g.draw()
    c = g.copy()
    assert c.key() == g.key() and c.history == g.history and c.version == g.version
    key, history = g.key(), g.history
    for _ in range(5):
        c.play(c.legal_moves()[0])
    assert heard == [g]  # the copy's moves reach no observer of the original
    assert g.key() == key and g.history == history
    c.undo()
    c.undo()
    g.play(g.legal_moves()[-1])
    assert len(heard) == 2 and c.history[:1] == history and len(c.history) == 4
    light = g.copy(history=False)
    assert light.key() == g.key() and light.history == ()
    with pytest.raises(NothingToUndoError):
        light.undo()
    # Redo moves are copied with the history, or not at all.
    assert c.redo_moves and c.copy().redo_moves == c.redo_moves
    assert c.copy(history=False).redo_moves == ()
    # A copy can be observed on its own.
    again = c.copy()
    seen = []
    again.observe(lambda game, change: seen.append(change.kind))
    again.redo()
    assert seen == ["redo"]


def test_copy_module_copies_are_independent_and_drop_observers_too():
    import copy

    g = sw.Midshipman(seed=8)
    heard = []
    g.observe(lambda game, change: heard.append(change.kind))
    g.draw()
    for clone in (copy.deepcopy(g), copy.copy(g)):
        assert clone.key() == g.key() and clone.history == g.history and clone is not g
        clone.play(clone.legal_moves()[0])  # its own piles: the original stays, and hears nothing
        assert heard == ["play"] and g.history == (Move("draw"),) and clone.key() != g.key()
        seen = []
        clone.observe(lambda game, change, seen=seen: seen.append(change.kind))
        clone.undo()
        assert seen == ["undo"] and heard == ["play"]
    assert copy.deepcopy({"a": g, "b": g})["a"] is not g  # inside another object too, copied once
    both = copy.deepcopy([g, g])
    assert both[0] is both[1]


def test_an_observed_game_pickles_without_its_observers():
    g = sw.Cruel(seed=3)
    heard = []
    g.observe(lambda game, change: heard.append(change.kind))  # a lambda: it cannot be pickled
    g.play(g.legal_moves()[0])
    back = pickle.loads(pickle.dumps(g))
    assert back.key() == g.key() and back.history == g.history and back.version == g.version
    back.undo()  # undo works, and nobody hears of it
    assert heard == ["play"] and back.history == ()
    g.undo()
    assert heard == ["play", "undo"]  # the original keeps its observers


# --- saving and loading ------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_to_dict_and_load(name):
    g = sw.new_game(name, seed=21)
    for _ in range(15):
        moves = g.legal_moves()
        if moves:
            g.play(moves[len(g.history) % len(moves)])
    data = g.to_dict()
    # (format 3 where a move moves several cards, a pair's two, or the game keeps STATE, as Clock does)
    newer = bool(g.STATE) or any(m.count > 1 for m in g.history)
    assert data == {"format": 3 if newer else 2, "game": name, "options": g.options, "seed": 21,
                    "moves": [str(m) for m in g.history], "redo": []}
    loaded = sw.load(json.loads(json.dumps(data)))
    assert type(loaded) is type(g) and loaded.key() == g.key() and loaded.history == g.history
    assert loaded.options == g.options and loaded.seed == 21


def test_to_dict_with_a_deck_and_options():
    g = sw.Bobby(deck=sw.standard_deck(), redeal="turn")
    g.draw()
    data = g.to_dict()
    assert "seed" not in data and data["deck"][:3] == ["AS", "2S", "3S"] and data["moves"] == ["draw"]
    assert data["options"] == {"redeal": "turn"}
    loaded = sw.load(data)
    assert loaded.key() == g.key() and loaded.deck == g.deck and loaded.options == {"redeal": "turn"}


def good_save():
    g = sw.Cruel(seed=7)
    for _ in range(3):
        g.play(g.legal_moves()[0])
    return g, g.to_dict()


def tamper(data, **changes):
    out = json.loads(json.dumps(data))
    for key, value in changes.items():
        if value is KeyError:
            out.pop(key, None)
        else:
            out[key] = value
    return out


@pytest.mark.parametrize("changes, message", [
    ({"deck": ["AS"] * 52}, "deck holds A♠ more than 1 time"),
    ({"deck": [c.code for c in sw.standard_deck()][:51]}, "deck has 51 cards; Cruel needs 52"),
    ({"deck": "AS 2S"}, "deck must be a list of cards"),
    ({"moves": ["f0 t0"]}, "saved move 1 ('f0 t0') cannot be played: cards on the foundations never move"),
    ({"moves": "t0 f0"}, "saved 'moves' must be a list of move texts, not str"),
    ({"moves": [5]}, "saved move 1 (5) cannot be played"),
    ({"moves": KeyError}, "saved game has no 'moves' field"),
    ({"game": "whist"}, "unknown game 'whist'"),
    ({"game": 3}, "saved 'game' must be a game name"),
    ({"game": KeyError}, "saved game has no 'game' field"),
    ({"options": {"gather": "sideways"}}, "Cruel option gather='sideways' is not allowed"),
    ({"options": {"passes": "3"}}, "Cruel has no option 'passes'"),
    ({"options": "pysol"}, "saved 'options' must be a dict, not str"),
    ({"options": {1: "pysol"}}, "saved option names must be strings, not 1"),
    ({"seed": "7"}, "seed must be a whole number"),
    ({"seed": -7}, "seed must be a whole number"),
    ({"seed": 2**64}, "seed must be a whole number from 0 to 2**64 - 1"),
    ({"seed": KeyError}, "saved game has neither 'seed' nor 'deck': the deal cannot be rebuilt"),
    ({"seed": None}, "saved game has neither 'seed' nor 'deck': the deal cannot be rebuilt"),
    ({"format": 4}, "saved game format 4 is not supported (this version reads 1, 2 and 3)"),
    ({"format": True}, "saved game format True is not supported"),
    ({"redo": "t0 f0"}, "saved 'redo' must be a list of move texts, not str"),
    ({"redo": ["f0 t0"]}, "saved redo move 1 ('f0 t0') cannot be played: cards on the foundations never move"),
    ({"player": "me"},
     "saved game has unknown field 'player' (fields: deck, format, game, moves, options, position, redo, seed)"),
])
def test_load_rejects_tampered_data(changes, message):
    g, data = good_save()
    before = state(g)
    bad = tamper(data, **changes)
    with pytest.raises(ValueError) as info:
        sw.load(bad)
    assert str(info.value).startswith(message)
    assert state(g) == before  # the original game is never affected
    assert sw.load(data).key() == g.key()


def test_load_rejects_an_illegal_move_in_the_list_naming_it():
    g, data = good_save()
    data["moves"].append("f0 t0")
    with pytest.raises(ValueError) as info:
        sw.load(data)
    assert str(info.value) == ("saved move 4 ('f0 t0') cannot be played: "
                               "cards on the foundations never move: foundations are final")
    assert len(g.history) == 3


def test_load_rejects_a_card_twice_in_a_saved_deck():
    g = sw.Frog(deck=sw.standard_deck(2))
    data = g.to_dict()
    data["deck"][1] = data["deck"][0]
    data["deck"][53] = data["deck"][0]
    with pytest.raises(ValueError, match=r"deck holds A♠ more than 2 times"):
        sw.load(data)


def test_load_rejects_non_dicts():
    for bad in (None, [], "cruel", 7):
        with pytest.raises(ValueError) as info:
            sw.load(bad)
        assert str(info.value) == f"a saved game is a dict from game.to_dict(), not {type(bad).__name__}"


def test_load_takes_a_save_without_its_optional_fields():
    """``format`` and ``options`` may be left out (a hand-written save)."""
    g, data = good_save()
    for field in ("format", "options"):
        assert sw.load(tamper(data, **{field: KeyError})).key() == g.key()


def test_a_save_keeps_the_moves_redo_would_bring_back():
    g, _ = good_save()
    played = g.history
    g.restart()
    data = g.to_dict()
    assert data["moves"] == [] and data["redo"] == [str(m) for m in played]
    loaded = sw.load(json.loads(json.dumps(data)))
    assert loaded.key() == g.key() and loaded.history == () and loaded.redo_moves == played
    loaded.redo()
    loaded.redo()
    assert loaded.history == played[:2]
    # part played, part taken back: both halves come back, in their places
    g.redo()
    data = g.to_dict()
    assert data["moves"] == [str(played[0])] and data["redo"] == [str(m) for m in played[1:]]
    loaded = sw.load(data)
    assert (loaded.key(), loaded.history, loaded.redo_moves) == (g.key(), g.history, g.redo_moves)


def test_saves_of_format_1_still_load():
    g, data = good_save()
    old = {key: value for key, value in data.items() if key != "redo"}
    old["format"] = 1
    loaded = sw.load(old)
    assert loaded.key() == g.key() and loaded.history == g.history and loaded.redo_moves == ()


def test_loaded_games_are_fresh():
    g, data = good_save()
    loaded = sw.load(data)
    assert loaded.redo_moves == () and loaded is not g
    loaded.undo()
    assert len(g.history) == 3


# --- positions of your own -----------------------------------------------------------------------

def test_from_position_lays_out_a_position_that_plays_undoes_saves_and_loads():
    g = sw.Midshipman.from_position({"t0": "9D 9C 8S", "t1": ["KH", Card.parse("QS")], "f0": "AH 2H"},
                                    face_down={"t0": 2}, build="other_colour")
    assert g.options == {"build": "other_colour", "empty": "any"} and g.seed is None and g.deck is None
    assert [str(c) for c in g["t0"]] == ["9♦", "9♣", "8♠"] and g.face_down("t0") == 2 and g["stock"] == ()
    assert (g.card_count, g.cards_home, g.score, g.max_score) == (7, 2, 0, 5)
    assert repr(g) == "<Midshipman position playing, 0 moves>"
    assert str(g).startswith("Midshipman  set-up position  Moves 0 · Home 2/7 · Score 0/5 · Stock 0 · Playing")
    g.play("t1 t2")  # Q♠ to an empty pile
    g.play("t0 t3")  # 8♠ to another: 9♣ turns up
    assert g.face_down("t0") == 1
    saved = g.to_dict()
    assert saved["position"] == {"piles": {"f0": "AH 2H", "t0": "9D 9C 8S", "t1": "KH QS"},
                                 "face_down": {"t0": 2}, "redeals": 0}
    assert "seed" not in saved and "deck" not in saved
    loaded = sw.load(json.loads(json.dumps(saved)))
    assert loaded.key() == g.key() and loaded.history == g.history and loaded.start_position == g.start_position
    assert [move for move, _ in g.replay()] == [None, *g.history]
    g.restart()
    assert g.key() == sw.Midshipman.from_position(**g.start_position, build="other_colour").key()
    g.new_deal(seed=3)  # a new deal is a deal: the position is gone
    assert g.start_position is None and g.card_count == 104


def test_a_position_is_won_when_every_card_it_holds_is_home():
    g = sw.Bobby.from_position({"f0": "5S", "stock": "6H 7C", "waste": "4D"})
    assert sw.solve(g, time_limit=None).status == "won"
    for move in ("waste f0", "draw", "waste f1", "draw", "waste f1"):
        g.play(move)
    assert g.status == "won" and g.cards_home == g.card_count == 4


@pytest.mark.parametrize("call, message", [
    (lambda: sw.Cruel.from_position({"t0": "5S 4S 5S"}), "t0 card 3: Cruel plays one deck, so 5♠ may appear only once"),
    (lambda: sw.Frog.from_position({"t0": "5S 5S", "t1": "5S"}),
     "t1 card 1: Frog plays 2 decks, so 5♠ may appear only 2 times"),
    (lambda: sw.Cruel.from_position({"t12": "5S"}),
     "piles names 't12', but Cruel has no such pile (its piles: f0, f1,"),
    (lambda: sw.Cruel.from_position({"t0": "5S ZZ"}), "t0 card 2: 'ZZ' is not a card"),
    (lambda: sw.Cruel.from_position({"t0": 5}), "piles['t0'] must be cards like '5S 4S' or ['5S', '4S'], not 5"),
    (lambda: sw.Cruel.from_position(["t0"]), "piles must be a dict of pile id -> cards"),
    (lambda: sw.Midshipman.from_position({"t0": "5S 6H"}, face_down={"t0": 2}),
     "face_down['t0'] must be a whole number from 0 to 1 (t0 holds 2 cards and its top card lies face up), not 2"),
    (lambda: sw.Midshipman.from_position({}, face_down={"t9": 1}), "face_down names 't9', but Midshipman has no"),
    (lambda: sw.Bobby.from_position({"stock": "5S"}, face_down={"stock": 1}),
     "the stock's cards all lie face down: leave the stock out of face_down"),
    (lambda: sw.Bobby.from_position({}, redeals=-1), "redeals must be a whole number ≥ 0, not -1"),
    (lambda: sw.Bobby.from_position({}, redeal="twice"), "Bobby option redeal='twice' is not allowed"),
    (lambda: sw.Bobby.from_position({}, seed=-1), "seed must be a whole number from 0 to 2**64 - 1, not -1"),
    (lambda: sw.load({**sw.Cruel.from_position({"t0": "5S"}).to_dict(), "position": {"piles": {"t0": "5S 5S"}}}),
     "saved 'position' cannot be set up: t0 card 2: Cruel plays one deck"),
    (lambda: sw.load({**sw.Cruel.from_position({}).to_dict(), "position": ["t0"]}),
     "saved 'position' must be a dict with 'piles'"),
])
def test_from_position_refuses_what_no_position_holds(call, message):
    with pytest.raises(ValueError) as refused:
        call()
    assert str(refused.value).startswith(message)


def test_a_game_declares_how_the_solver_plays_it():
    from solitaire_widgets.strategy import Guide, Pace

    assert sw.Game.GUIDE is None and sw.Game.PACE == Pace()  # a plain new game: no guided pass, the plain value
    assert sw.Cruel.GUIDE == Guide(home_alone=True) and sw.Bobby.GUIDE is None
    with pytest.raises(ValueError, match="Pace.per_move must be a finite number ≥ 0, not nan"):
        Pace(per_move=float("nan"))
    with pytest.raises(ValueError, match="Guide.home_alone must be True or False, not 1"):
        Guide(home_alone=1)
    # a GUIDE or PACE of another type is refused when the class is made (tests/test_design.py)


# --- text ---------------------------------------------------------------------------------------

def test_str_is_a_readable_table():
    g = sw.Cruel(deck=sw.standard_deck())
    lines = str(g).splitlines()
    assert lines[0] == "Cruel  explicit deck  Moves 0 · Home 4/52 · Score 0/48 · Redeals 0 · Lost"
    assert "f0–f3    A♠  A♥  A♦  A♣" in lines
    assert "t0       2♠ 3♠ 4♠ 5♠" in lines and "t11      10♣ J♣ Q♣ K♣" in lines
    b = sw.Bobby(seed=3)
    b.draw()
    text = str(b)
    assert text.startswith("Bobby  seed 3  Moves 1 · Home 1/52 · Score 0/51 · Stock 50 · Passes left 3 · Playing")
    assert "stock    [50 cards]" in text and f"waste    {b.top('waste')}" in text
    m = sw.Midshipman(deck=sw.standard_deck(2))
    assert "t0       ## ## 6♥ 2♦" in str(m)
    leap = sw.LeapYear(deck=sw.standard_deck(4))
    assert "f8–f15   A♠  A♥  A♦  A♣  A♠  A♥  A♦  A♣" in str(leap)


def test_str_shows_a_long_waste_by_its_last_cards_and_counts_the_stock():
    g = sw.Bobby(seed=3)
    for _ in range(50):
        g.draw()
    assert str(g) == (
        "Bobby  seed 3  Moves 50 · Home 1/52 · Score 0/51 · Stock 1 · Passes left 3 · Playing\n"
        "stock    [1 card]\n"
        "waste    (42 more) … 3♠ 2♣ 10♣ Q♥ 7♠ 2♥ 4♦ J♦\n"
        "f0–f1    A♥  –"
    )
    g.draw()
    assert str(g).splitlines()[1:3] == ["stock    –", f"waste    (43 more) … 2♣ 10♣ Q♥ 7♠ 2♥ 4♦ J♦ {g.top('waste')}"]


def test_repr_is_short():
    g = sw.Cruel(seed=7)
    assert repr(g) == "<Cruel seed=7 playing, 0 moves>"
    g.play(g.legal_moves()[0])
    assert repr(g) == "<Cruel seed=7 playing, 1 move>"
    assert repr(sw.Cruel(deck=sw.standard_deck())) == "<Cruel deck=… lost, 0 moves>"
    for name in GAMES:
        assert len(repr(sw.new_game(name, seed=123456789))) < 60


def test_reading_the_position():
    g = sw.Midshipman(deck=sw.standard_deck(2))
    assert isinstance(g.piles["t0"], tuple) and g.piles["t0"] == g["t0"]
    with pytest.raises(TypeError):
        g.piles["t0"] = ()  # type: ignore[index]
    assert set(g.piles) == set(g.PILES)
    with pytest.raises(KeyError) as refused:
        g["reserve"]
    assert refused.value.args[0] == ("Midshipman has no pile 'reserve' (its piles: stock, waste, f0, f1, f2, f3, "
                                     "f4, f5, f6, f7, t0, t1, t2, t3, t4, t5, t6, t7, t8)")
    assert g.top("waste") is None and g.top("t0") == Card.parse("2♦")
    assert g.face_down("stock") == 68 and g.face_down("t0") == 2
    assert g.card_count == 104 and g.cards_home == 0 and g.is_over is False


# --- no Jupyter in the engine ----------------------------------------------------------------------

@pytest.mark.no_pyodide("starts a subprocess")
def test_engine_imports_no_jupyter_package():
    code = textwrap.dedent("""
        import sys
        import solitaire_widgets as sw
        for name in sw.GAMES:
            g = sw.new_game(name, seed=1)
            for _ in range(30):
                moves = g.legal_moves()
                if not moves:
                    break
                g.play(moves[0])
            g.undo(); g.redo(); g.restart()
            sw.load(g.to_dict())
            str(g); repr(g)
        bad = sorted(m for m in sys.modules
                     if m.split(".")[0] in {"ipywidgets", "anywidget", "traitlets", "IPython",
                                            "ipykernel", "comm", "jupyter_client"})
        print("JUPYTER:", bad)
    """)
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False,
                         cwd=str(REPO), timeout=60)
    assert out.returncode == 0, out.stderr
    assert "JUPYTER: []" in out.stdout


def test_unknown_package_attributes_say_so():
    with pytest.raises(AttributeError) as info:
        sw.Whist  # noqa: B018
    assert str(info.value) == "module 'solitaire_widgets' has no attribute 'Whist'"
    assert sw.play is sw.widget.play and sw.SolitaireWidget is sw.widget.SolitaireWidget


def test_a_word_that_is_no_move_says_how_moves_are_written():
    with pytest.raises(ValueError) as info:
        Move("shuffle!")
    assert str(info.value) == ("'shuffle!' is not a move: write 'SOURCE TARGET' like 't3 f0', 'SOURCE TARGET COUNT' "
                               "like 't3 t5 3', or a stock action like 'draw'")
    assert (sw.Cruel(seed=1).why_illegal("shuffle")
            == "Cruel has no shuffle: its one action is redeal, which deals the cards again")
